"""Finger Auction: the seed's tables and worked examples, FA-1..FA-7, the engine."""

from __future__ import annotations

import pytest

from cardpress.catalogue.models import Painter
from cardpress.games.base import IllegalAction
from cardpress.games.finger_auction import (
    FingerHand,
    IllegalBid,
    TwoHands,
    adjudicate_auction,
    new_game,
    painter_points,
    replay,
    score_hand,
    score_table,
    winners,
)

M, G, V = Painter.MONET, Painter.GOGH, Painter.VERMEER


def hand(m: int = 0, g: int = 0, v: int = 0, forgeries=(), ml: bool = False) -> FingerHand:
    return FingerHand({M: m, G: g, V: v}, frozenset(forgeries), ml)


def test_tables_match_the_seed() -> None:
    assert score_table(M, 2) == (1, 3, 6, 10, 15, 21, 28, 36, 45)
    assert score_table(M, 3) == score_table(M, 4) == (1, 2, 4, 8, 16, 32, 64, 128, 256)
    assert score_table(G, 2) == tuple(range(3, 28, 3))
    assert score_table(V, 4) == (0, 8, 0, 16, 0, 24, 0, 32, 0)


def test_seed_examples_monet_4_and_vermeer() -> None:
    assert painter_points(M, 4, 3) == 8
    assert painter_points(M, 4, 4) == 8
    assert painter_points(V, 3, 2) == 0
    assert painter_points(V, 4, 2) == 16
    assert painter_points(G, 0, 2) == 0


@pytest.mark.parametrize("bad", [1, 5, True, "3"])
def test_players_outside_2_to_4_rejected(bad) -> None:
    with pytest.raises(ValueError):
        score_table(M, bad)


def test_count_beyond_table_rejected() -> None:
    with pytest.raises(ValueError):
        painter_points(M, 10, 3)
    with pytest.raises(ValueError):
        score_hand(hand(m=9), 3)


def test_fa5_monet_table_by_players_in_game() -> None:
    assert score_hand(hand(m=4), 2).total == 10
    assert score_hand(hand(m=4), 4).total == 8


def test_fa6_forgery_floors_at_zero_and_can_raise_vermeer() -> None:
    assert score_hand(hand(g=0, forgeries=[G]), 3).total == 0
    assert score_hand(hand(v=3), 3).total == 0
    assert score_hand(hand(v=3, forgeries=[V]), 3).total == 8


def test_fa6_mona_lisa_goes_where_it_scores_most() -> None:
    s = score_hand(hand(m=4, g=2, v=1, forgeries=[V], ml=True), 3)
    assert (s.total, s.cards, s.mona_lisa_as) == (22, 9, M)
    assert s.painters == {M: 16, G: 6, V: 0}
    # Vermeer 3 + Mona Lisa = 4 -> 16 beats Gogh +3
    assert score_hand(hand(v=3, g=1, ml=True), 2).mona_lisa_as == V
    # ties broken monet, gogh, vermeer: with nothing else, Monet 1 = 1 < Gogh 1 = 3
    assert score_hand(hand(ml=True), 3).mona_lisa_as == G
    assert "FA-6" in s.rule_ids


def test_fa7_fewer_cards_wins_ties_and_shared() -> None:
    a = score_hand(hand(g=2), 3)  # 6 points, 2 cards
    b = score_hand(hand(g=1, m=2, forgeries=[M]), 3)  # 3 + 1 = 4
    c = score_hand(hand(m=3, v=2), 3)  # 4 + 8 = 12
    d = score_hand(hand(m=3, v=2, forgeries=[G]), 3)  # 12, 6 cards
    assert winners([a, b]) == [0]
    assert winners([c, d]) == [0]
    assert winners([c, c]) == [0, 1]
    assert winners([]) == []


def test_fa1_seed_example_1_2_2_3() -> None:
    out = adjudicate_auction(7, {"A": 1, "B": 2, "C": 2, "D": 3})
    assert out.outcome == "won"
    assert out.awards == (("A", 1),)
    assert out.rule_ids == ("FA-1", "FA-2")


def test_fa1_no_unique_bid_rebids_and_strict_variant() -> None:
    assert adjudicate_auction(7, {"A": 2, "B": 2, "C": 3, "D": 3}).outcome == "rebid"
    assert adjudicate_auction(7, {"A": 1, "B": 2, "C": 2}).outcome == "won"
    assert adjudicate_auction(7, {"A": 1, "B": 2, "C": 2}, variant="strict").outcome == "rebid"
    assert adjudicate_auction(7, {"A": 1, "B": 2, "C": 3}, variant="strict").outcome == "won"


def test_fa2_winner_takes_at_most_the_field() -> None:
    out = adjudicate_auction(2, {"A": 5, "B": 1, "C": 1})
    assert out.awards == (("A", 2),)
    assert adjudicate_auction(4, {"A": 3}).awards == (("A", 4),)


def test_fa3_seed_example_right3_left3_vs_right3_left4() -> None:
    out = adjudicate_auction(7, {"A": TwoHands(3, 3), "B": TwoHands(3, 4)}, previous_right={"A": 2})
    assert out.outcome == "won"
    assert out.awards == (("A", 3), ("B", 4))
    assert out.rule_ids == ("FA-3", "FA-2")


def test_fa3_lower_valid_right_wins_and_rebid_cases() -> None:
    out = adjudicate_auction(7, {"A": TwoHands(2, 1), "B": TwoHands(4, 1)})
    assert out.awards == (("A", 2), ("B", 5))
    both_void = adjudicate_auction(7, {"A": TwoHands(2, 3), "B": TwoHands(3, 2)})
    assert both_void.outcome == "rebid" and both_void.rule_ids == ("FA-3",)
    equal = adjudicate_auction(7, {"A": TwoHands(2, 5), "B": TwoHands(2, 5)})
    assert equal.outcome == "rebid"
    nothing_left = adjudicate_auction(3, {"A": TwoHands(4, 1), "B": TwoHands(5, 1)})
    assert nothing_left.awards == (("A", 3),)


def test_fa4_repeated_right_hand_is_illegal_left_may_repeat() -> None:
    with pytest.raises(IllegalBid) as info:
        adjudicate_auction(7, {"A": TwoHands(3, 3), "B": TwoHands(1, 4)}, {"A": 3})
    assert info.value.player == "A" and info.value.rule_id == "FA-4"
    ok = adjudicate_auction(7, {"A": TwoHands(2, 3), "B": TwoHands(1, 4)}, {"A": 3, "B": 4})
    assert ok.outcome == "won"


@pytest.mark.parametrize(
    "bids",
    [{"A": 0, "B": 2, "C": 3}, {"A": 6, "B": 2, "C": 3}, {"A": TwoHands(1, 2), "B": 2, "C": 3}],
)
def test_illegal_bids_name_the_player(bids) -> None:
    with pytest.raises(IllegalBid) as info:
        adjudicate_auction(7, bids)
    assert info.value.player == "A"


def test_two_participants_need_two_hands() -> None:
    with pytest.raises(IllegalBid) as info:
        adjudicate_auction(7, {"A": TwoHands(1, 2), "B": 3})
    assert info.value.player == "B"
    with pytest.raises(ValueError):
        adjudicate_auction(0, {"A": 1})


# --------------------------------------------------------------------------- engine


def test_engine_round_flow_three_players() -> None:
    s = new_game(3, seed=5)
    assert s.current_players() == [0, 1, 2]
    assert s.legal_actions(0) == [f"bid:{n}" for n in range(1, 6)]
    s.apply(0, "bid:2")
    s.apply(1, "bid:2")
    ev = s.apply(2, "bid:3")
    assert ev[-1].kind == "auction_won" and ev[-1].player == 2
    assert s.current_players() == [2] and s.picks_left == 3
    for _ in range(3):
        s.apply(2, s.legal_actions(2)[0])
    assert len(s.held[2]) == 3 and s.participants == [0, 1]
    # now two participants: FA-4 forbids repeating 2 for seat 0 and 1
    assert all(not a.startswith("hands:2/") for a in s.legal_actions(0))
    with pytest.raises(IllegalAction) as info:
        s.apply(0, "hands:2/1")
    assert info.value.rule_id == "FA-4"
    s.apply(0, "hands:1/5")
    ev = s.apply(1, "hands:4/1")  # 0's right 1 is void (1's left 1): 1 wins with 4
    assert [e.kind for e in ev][:3] == ["auction_won", "take", "round_end"]
    assert len(s.held[1]) == 4 and s.round == 2  # the 4 left on the field: FA-2


def test_engine_bids_hidden_in_views_and_rejected_out_of_turn() -> None:
    s = new_game(3, seed=1)
    s.apply(0, "bid:4")
    assert s.view(1)["bids"][0] == "hidden"
    assert s.view(0)["bids"][0] == "bid:4"
    with pytest.raises(IllegalAction):
        s.apply(0, "bid:3")
    with pytest.raises(IllegalAction):
        s.apply(1, "bid:9")


def test_engine_full_game_replays_and_scores() -> None:
    from cardpress.games.base import RandomBot, play

    s = play(new_game(4, seed=3), [RandomBot(i) for i in range(4)])
    assert s.is_terminal() and s.round == 5
    assert sorted(c for h in s.held for c in h) == sorted(
        __import__("cardpress.games.triptych", fromlist=["FULL_DECK"]).FULL_DECK
    )
    assert replay(s.record()) == s
    assert s.scores() == [float(score_hand(s.hand(p), 4).total) for p in range(4)]


def test_engine_fast_adjudication_agrees_with_the_public_function() -> None:
    from itertools import product

    from cardpress.games.finger_auction.engine import _decide

    hands = [TwoHands(r, left) for r in range(1, 6) for left in range(1, 6)]
    for field in (1, 3, 7):
        for a, b in product(hands, hands):
            assert _decide(field, [0, 1], [a, b], "standard") == adjudicate_auction(
                field, {"0": a, "1": b}
            )
        for n in (3, 4):
            for bids in product(range(1, 6), repeat=n):
                for variant in ("standard", "strict"):
                    assert _decide(field, list(range(n)), list(bids), variant) == (
                        adjudicate_auction(
                            field, {str(i): v for i, v in enumerate(bids)}, variant=variant
                        )
                    )


def test_heuristic_bots_finish_strict_games() -> None:
    """FA-1 strict: bots that always cluster their bids would re-bid for ever."""
    from cardpress.games import GAMES
    from cardpress.games.base import play

    spec = GAMES["finger-auction"]
    for players in (3, 4):
        for seed in range(5):
            state = spec.new_game(players, seed, variant="strict")
            bots = [spec.bots["heuristic"](seed * 10 + i) for i in range(players)]
            play(state, bots)
            assert state.is_terminal()
