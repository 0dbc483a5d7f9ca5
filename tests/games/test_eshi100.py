"""絵師100人展: settlement (ES-1, ES-2) against brute force, effects, the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpress.catalogue.models import Effect, EffectTiming, Eshi100Card, Icon, Text
from cardpress.games.base import RandomBot, play
from cardpress.games.eshi100 import (
    ICONS,
    STANDARD_DECK,
    new_game,
    replay,
    settle,
    settle_brute_force,
    settlement_adjustments,
)

icon_sets = st.lists(st.sampled_from([i.value for i in ICONS]), min_size=1, max_size=4, unique=True)


def test_contract_example() -> None:
    s = settle([["ume"], ["sakura", "kikyo"]], [2], [1])
    assert (
        s.score,
        s.cards,
        s.same_icon_bonus,
        s.different_icon_bonus,
        s.warehouse,
        s.adjustments,
    ) == (1, 2, 0, 0, -2, 1)
    assert s.rule_ids == ("ES-1", "ES-2")


def test_es1_bonuses_use_icons_independently() -> None:
    # three ume/sakura cards + one asagao: same-icon 3 (all ume), and one
    # different triple (ume, sakura, asagao) from the same cards
    coll = [["ume", "sakura"], ["ume", "sakura"], ["ume"], ["asagao"]]
    s = settle(coll)
    assert (s.same_icon_bonus, s.different_icon_bonus) == (3, 3)
    assert s.score == 4 + 6


def test_es2_score_may_be_negative() -> None:
    assert settle([], [3, 2]).score == -5


def test_bad_icons_and_bids() -> None:
    with pytest.raises(ValueError):
        settle([["rose"]])
    with pytest.raises(ValueError):
        settle([["ume"]], [-1])


@settings(max_examples=200, deadline=None)
@given(st.lists(icon_sets, max_size=9))
def test_settlement_equals_brute_force(collection) -> None:
    s = settle(collection)
    assert (s.same_icon_bonus, s.different_icon_bonus) == settle_brute_force(collection)


def test_forty_multi_icon_cards_settle_exactly() -> None:
    # Speed is measured in benchmarks/, not here.
    coll = [[i.value for i in ICONS]] * 20 + [["ume", "sakura"], ["asagao", "kikyo"]] * 10
    s = settle(coll)
    assert s.same_icon_bonus == 3 * 13 and s.different_icon_bonus == 3 * 13


def _eff(timing: EffectTiming, op: str, amount: int = 0, icon: Icon | None = None) -> Effect:
    return Effect(timing, op, Text("効果", "effect"), amount, icon)


def test_settlement_effects_from_data() -> None:
    coll = [
        {"bid": 1, "icons": ["ume"], "settlement": {"op": "points", "amount": 2}},
        {
            "bid": 1,
            "icons": ["ume", "kikyo"],
            "settlement": {"op": "points_per_icon", "amount": 1, "icon": "ume"},
        },
        {"bid": 1, "icons": ["sakura"], "settlement": {"op": "warehouse_relief", "amount": 5}},
        {"bid": 1, "icons": ["sakura"], "settlement": {"op": "manual"}},
    ]
    auto, manual = settlement_adjustments(coll, [{"bid": 3}])
    assert auto == [2, 2, 3] and manual == [3]


def _deck(bit: Effect | None = None, settlement: Effect | None = None) -> list[Eshi100Card]:
    special = Eshi100Card("x", "X", Text("x", "x"), 9, (Icon.UME,), bit=bit, settlement=settlement)
    return [special] * 4 + list(STANDARD_DECK[4:])


def test_engine_round_structure() -> None:
    s = new_game(2, seed=0)
    assert s.round == 1 and [len(g) for g in s.galleries] == [4, 4]
    assert [len(h) for h in s.hands] == [5, 5] and s.current_players() == [0]
    assert "bid:" not in s.legal_actions(0)  # the auctioneer must bid (ES-3)
    plain = next(c for c in s.hands[0] if not s.card(c)["bit"])
    s.apply(0, "bid:" + plain)
    assert "bid:" in s.legal_actions(1)
    assert s.view(1)["bids"][0] == 1  # a count, face down
    s.apply(1, "bid:")
    assert s.phase == "win" and s.current_players() == [0]
    target = s.galleries[1][0]
    s.apply(0, "warehouse:" + target)
    assert s.warehouses[1] == [target]
    assert s.phase == "bid" and s.auctioneer == 0


def test_nobody_bids_ends_the_round_and_last_winner_leads() -> None:
    s = new_game(2, seed=0)
    s.apply(0, "bid:" + s.hands[0][0])
    s.apply(1, "bid:" + ",".join(s.hands[1]))
    if s.phase == "win":
        winner = s.current_players()[0]
        s.apply(winner, s.legal_actions(winner)[0])
    s.hands[0] = []
    s.apply(0, "bid:")
    s.apply(1, "bid:")
    assert s.round == 2 and s.auctioneer == 1


def test_manual_effects_wait_for_the_table() -> None:
    manual_bit = _eff(EffectTiming.BIT, "manual")
    s = new_game(2, seed=3, decks=[_deck(bit=manual_bit), list(STANDARD_DECK)])
    special = next(c for c in s.decks[0] + s.hands[0] if s.card(c)["id"] == "x")
    if special in s.decks[0]:
        s.decks[0].remove(special)
        s.decks[0].append(s.hands[0].pop())
        s.hands[0].append(special)
    plain0 = next(c for c in s.hands[0] if not s.card(c)["bit"])
    plain1 = next(c for c in s.hands[1] if not s.card(c)["bit"])
    s.apply(0, f"bid:{special},{plain0}")
    s.apply(1, f"bid:{plain1}")
    assert s.phase == "manual_bit" and s.current_players() == [0]
    assert s.legal_actions(0) == [f"adjust:{n}" for n in range(-5, 6)]
    ev = s.apply(0, "adjust:5")
    # the special card is discarded as its effect applies (bit_cards_discarded)
    assert s.counting[0] == [plain0]
    assert ev[-1].kind == "winners" and ev[-1].data["winners"] == [0]


def test_deck_rules_es7() -> None:
    with pytest.raises(ValueError):
        new_game(2, decks=[STANDARD_DECK[:39], STANDARD_DECK])
    five = [STANDARD_DECK[0]] * 5 + list(STANDARD_DECK[5:])
    with pytest.raises(ValueError):
        new_game(2, decks=[five, STANDARD_DECK])


def test_full_games_settle_and_replay() -> None:
    for seed in range(5):
        s = play(new_game(3, seed=seed), [RandomBot(seed + i) for i in range(3)])
        assert s.round == 5 and s.results
        for seat in range(3):
            coll = [s.card(c) for c in s.collections[seat]]
            ware = [s.card(c)["bid"] for c in s.warehouses[seat]]
            auto, _ = settlement_adjustments(coll, [s.card(c) for c in s.warehouses[seat]])
            assert s.scores()[seat] == settle([c["icons"] for c in coll], ware, auto).score
    assert replay(s.record()) == s
