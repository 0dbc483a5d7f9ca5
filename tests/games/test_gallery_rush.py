"""Gallery Rush: GR-1..GR-11, the victory conditions and the flip odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardpress.catalogue.models import Painter
from cardpress.games.base import IllegalAction
from cardpress.games.gallery_rush import (
    GalleryRushState,
    flip_odds,
    new_game,
    replay,
    victory_conditions,
)
from cardpress.games.triptych import FULL_DECK

M, G, V = Painter.MONET, Painter.GOGH, Painter.VERMEER


def stacked(
    players: int, flips: list[str], start: int = 0, **collections: list[str]
) -> GalleryRushState:
    """A game whose deck flips ``flips`` first; seat collections from p0=..., p1=..."""
    s = new_game(players, seed=0, start_player=start)
    placed = set(flips)
    for seat_key, cards in collections.items():
        s.collections[int(seat_key[1:])] = list(cards)
        placed.update(cards)
    rest = [c for c in FULL_DECK if c not in placed]
    s.deck = rest + list(reversed(flips))
    return s


def test_victory_conditions_gr4() -> None:
    assert victory_conditions({M: 3, G: 1, V: 0}, True) == ("four_of_a_painter",)
    assert victory_conditions({M: 3, G: 1, V: 0}, False) == ()
    assert victory_conditions({M: 2, G: 2, V: 2}, True) == ("seven_cards",)
    assert victory_conditions({M: 4, G: 2, V: 1}, False) == ("seven_cards", "four_of_a_painter")
    assert victory_conditions({V: 4}, False) == ("four_of_a_painter",)


def test_flip_odds_from_visible_cards() -> None:
    o = flip_odds([M], {M: 2, G: 1}, seen_forgeries={G}, mona_lisa_seen=True)
    # unseen: monet 8-2-1=5, gogh 7, vermeer 8, forgeries 2, mona lisa 0 -> 22
    assert o.unseen == 22
    assert o.bust == Fraction(5, 22)
    assert o.forgery == Fraction(2, 22)
    assert o.mona_lisa == 0
    assert o.painter[V] == Fraction(8, 22)
    assert o.keep_lost == Fraction(7, 22)
    with pytest.raises(ValueError):
        flip_odds([M, M], {})
    with pytest.raises(ValueError):
        flip_odds([], {M: 9})


def test_state_flip_odds_match_the_deck() -> None:
    s = new_game(3, seed=4)
    s.apply(0, "explore")
    odds = s.flip_odds()
    assert odds.unseen == len(s.deck)
    if s.keep:  # a painting was flipped (no discard, no collections yet)
        assert odds == flip_odds([Painter(s.keep[0].split("-")[0])], {}, 0, False)


def test_explore_continue_bank_and_bust() -> None:
    s = stacked(2, ["monet-1", "gogh-1", "monet-2"])
    s.apply(0, "explore")
    assert s.legal_actions(0) == ["continue", "bank"]
    s.apply(0, "continue")
    s.apply(0, "continue")  # monet again: bust
    assert s.keep == [] and sorted(s.discard) == ["gogh-1", "monet-1", "monet-2"]
    assert s.turn == 1
    s2 = stacked(2, ["monet-1", "gogh-1"])
    s2.apply(0, "explore")
    s2.apply(0, "continue")
    ev = s2.apply(0, "bank")
    assert s2.collections[0] == ["monet-1", "gogh-1"] and "GR-2" in ev[0].rule_ids


def test_gr5_mona_lisa_banks_the_keep() -> None:
    s = stacked(2, ["gogh-1", "mona-lisa"])
    s.apply(0, "explore")
    ev = s.apply(0, "continue")
    assert s.collections[0] == ["gogh-1", "mona-lisa"]
    assert ev[0].rule_ids == ("GR-5",) and s.turn == 1


def test_gr6_forgery_while_exploring() -> None:
    s = stacked(2, ["gogh-1", "forgery-monet"], p0=["monet-1", "monet-2", "gogh-2", "mona-lisa"])
    s.apply(0, "explore")
    ev = s.apply(0, "continue")
    assert sorted(s.collections[0]) == ["gogh-2", "mona-lisa"]
    assert set(s.discard) == {"gogh-1", "forgery-monet", "monet-1", "monet-2"}
    assert "GR-6" in ev[0].rule_ids


def test_gr7_painter_nomination_outcomes() -> None:
    s = stacked(2, ["vermeer-1", "forgery-gogh", "mona-lisa"])
    ev = s.apply(0, "nominate:vermeer")
    assert s.collections[0] == ["vermeer-1", "mona-lisa"] and s.discard == ["forgery-gogh"]
    assert "GR-7" in ev[-1].rule_ids or any("GR-7" in e.rule_ids for e in ev)
    wrong = stacked(2, ["gogh-1"])
    wrong.apply(0, "nominate:vermeer")
    assert wrong.discard == ["gogh-1"] and wrong.collections[0] == []
    forg = stacked(2, ["forgery-gogh"], p0=["vermeer-2", "gogh-3"])
    forg.apply(0, "nominate:vermeer")
    assert forg.collections[0] == ["gogh-3"]  # the *declared* painter is lost
    ml = stacked(2, ["mona-lisa"])
    ml.apply(0, "nominate:monet")
    assert ml.collections[0] == ["mona-lisa"] and not ml.is_terminal()


def test_gr8_forgery_nomination_takes_one_from_each_other() -> None:
    s = stacked(3, ["forgery-vermeer"], p1=["monet-1", "gogh-1"], p2=[])
    s.apply(0, "nominate:forgery")
    assert s.phase == "steal" and s.steal_from == [1]
    assert s.legal_actions(0) == ["take:monet-1", "take:gogh-1"]
    with pytest.raises(IllegalAction) as info:
        s.apply(0, "take:vermeer-5")
    assert info.value.rule_id == "GR-8"
    s.apply(0, "take:gogh-1")
    assert s.collections[0] == ["gogh-1"] and s.collections[1] == ["monet-1"] and s.turn == 1
    fail = stacked(3, ["monet-4"])
    fail.apply(0, "nominate:forgery")
    assert fail.discard == ["monet-4"]


def test_gr9_mona_lisa_nomination() -> None:
    s = stacked(3, ["mona-lisa"])
    ev = s.apply(0, "nominate:mona-lisa")
    assert s.is_terminal() and s.winners() == [0] and ev[-1].rule_ids == ("GR-9",)
    fail = stacked(3, ["monet-1"])
    fail.apply(0, "nominate:mona-lisa")
    assert fail.discard == ["monet-1"] and not fail.is_terminal()


def test_gr1_gr2_gr3_round_finishes_then_ranked_by_size() -> None:
    s = stacked(
        3,
        ["gogh-4", "monet-5", "vermeer-4"],
        start=1,
        p1=["gogh-1", "gogh-2", "gogh-3", "vermeer-1"],
    )
    s.apply(1, "explore")
    ev = s.apply(1, "bank")
    assert s.achievers == [1] and ev[-1].rule_ids == ("GR-2", "GR-4")
    s.apply(2, "explore")
    s.apply(2, "bank")
    assert not s.is_terminal()
    with pytest.raises(IllegalAction) as info:
        s.apply(2, "explore")
    assert info.value.rule_id == "GR-1"
    s.apply(0, "explore")  # seat 0 sits to the right of start player 1: last turn
    s.apply(0, "bank")
    assert s.is_terminal() and s.winners() == [1]
    assert s.ranking() == [2, 1, 2]


def test_gr3_equal_sizes_share_and_gr2_achiever_stays() -> None:
    s = stacked(
        2,
        ["monet-4", "gogh-4"],
        p0=["monet-1", "monet-2", "monet-3"],
        p1=["gogh-1", "gogh-2", "gogh-3"],
    )
    s.apply(0, "explore")
    s.apply(0, "bank")
    assert s.achievers == [0] and not s.is_terminal()
    s.apply(1, "explore")
    s.apply(1, "bank")
    assert s.is_terminal() and s.winners() == [0, 1]


def test_gr10_reshuffle_after_the_effect() -> None:
    s = stacked(2, ["forgery-monet"], p0=["monet-1"])
    s.discard = ["forgery-gogh", "forgery-vermeer", "gogh-5"]
    s.deck = [c for c in s.deck if c not in s.discard]
    ev = s.apply(0, "explore")
    assert any(e.kind == "reshuffle" and e.rule_ids == ("GR-10",) for e in ev)
    assert s.discard == [] and "monet-1" in s.deck and "forgery-monet" in s.deck
    assert len(s.deck) + sum(map(len, s.collections)) == 28


def test_gr11_empty_deck_and_exhaustion() -> None:
    s = new_game(2, seed=0)
    s.discard, s.deck = s.deck, []
    ev = s.apply(0, "explore")
    assert ev[0].rule_ids == ("GR-11",) and len(s.deck) == 27
    t = new_game(2, seed=0)
    t.collections[1] = t.deck
    t.deck = []
    t.apply(0, "explore")
    assert t.is_terminal() and t.winners() == [1]
    assert t.result_rules() == ("GR-11", "GR-3")


def test_gr11_exhaustion_ranks_this_rounds_achievers_first() -> None:
    """GR-11: players who met a victory condition this round rank first, then
    everyone else by collection size, however many cards the others hold."""
    s = new_game(3, seed=0)
    s.collections[1] = ["monet-1", "monet-2", "monet-3", "monet-4"]  # four of a painter
    s.collections[2] = [c for c in s.deck if not c.startswith("monet")][:8]
    s.achievers = [1]
    s.deck, s.discard = [], []
    ev = s.apply(0, "explore")
    assert s.is_terminal() and ev[-1].kind == "game_end"
    assert s.ranking() == [3, 1, 2] and s.winners() == [1]
    assert ev[-1].rule_ids == s.result_rules() == ("GR-11", "GR-3")


def test_view_hides_deck_order_and_replay() -> None:
    from cardpress.games.base import RandomBot, play

    s = play(new_game(4, seed=11), [RandomBot(i) for i in range(4)])
    v = s.view(0)
    assert isinstance(v["deck"], int) and "rng_state" not in v
    assert replay(s.record()) == s


def test_gr2_mona_lisa_on_a_painter_nomination_triggers_the_victory_check() -> None:
    from cardpress.games.gallery_rush import GalleryRushState

    s = GalleryRushState(3, seed=3)
    s.phase = "choose"
    s.turn = 0
    s.collections[0] = ["monet-1", "monet-2", "monet-3"]
    s.deck.remove("mona-lisa")
    s.deck.append("mona-lisa")  # the next card drawn
    ev = s.apply(0, "nominate:gogh")
    kinds = [e.kind for e in ev]
    assert "mona_lisa_joins" in kinds and "victory_condition" in kinds
    assert s.achievers == [0]
    won = next(e for e in ev if e.kind == "victory_condition")
    assert won.data["conditions"] == ["four_of_a_painter"] and "GR-2" in won.rule_ids
