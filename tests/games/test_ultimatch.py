"""Ultimatch: every "orange 5" example of the seed, UM-1..UM-13, the engine."""

from __future__ import annotations

import pytest

from cardpress.games.base import IllegalAction, RandomBot, play
from cardpress.games.ultimatch import (
    DECK,
    UltimatchState,
    match,
    new_game,
    parse_card_id,
    replay,
)

O5 = ("orange", 5)


def m(*cards: str):
    return match(O5, [parse_card_id(c) for c in cards])


@pytest.mark.parametrize(
    ("cards", "ok", "ultimatch", "by"),
    [
        (["green-5"], True, False, ("number",)),
        (["orange-3"], True, False, ("colour",)),
        (["red-7", "purple-2"], True, False, ("number",)),
        (["green-2", "blue-3"], True, False, ("number",)),
        (["red-1", "yellow-7"], True, False, ("colour",)),
        (["orange-1", "orange-4"], True, True, ("number", "colour")),
        (["yellow-8", "red-3"], True, True, ("number", "colour")),
    ],
)
def test_seed_orange_5_examples(cards, ok, ultimatch, by) -> None:
    r = m(*cards)
    assert (r.match, r.ultimatch, r.by) == (ok, ultimatch, by)


def test_contract_example_rulings() -> None:
    assert m("red-7", "purple-2").rule_ids == ("UM-3",)
    assert m("orange-1", "orange-4").rule_ids == ("UM-3", "UM-4")
    assert m("green-5").rule_ids == ("UM-2",)


def test_um1_mixing() -> None:
    assert match(("green", 1), [("yellow", 5), ("blue", 8)]).by == ("colour",)
    assert match(("purple", 1), [("red", 5), ("blue", 8)]).by == ("colour",)
    assert not match(("purple", 1), [("red", 5), ("yellow", 8)]).match
    assert not match(("red", 1), [("red", 5), ("red", 8)]).match


def test_um3_shared_colour_alone_is_no_match() -> None:
    r = m("orange-1", "orange-2")
    assert (r.match, r.by) == (False, ())


def test_um4_single_card_never_ultimatch_and_primary_targets() -> None:
    assert not m("orange-5").ultimatch
    assert match(("red", 6), [("red", 2), ("red", 4)]).ultimatch
    assert not match(("red", 6), [("red", 2), ("blue", 4)]).ultimatch


def test_bad_inputs() -> None:
    with pytest.raises(ValueError):
        match(O5, [])
    with pytest.raises(ValueError):
        match(O5, [("red", 1)] * 3)
    with pytest.raises(ValueError):
        match(("pink", 5), [("red", 1)])
    for bad in ("orange", "orange-x", "pink-5", "5"):
        with pytest.raises(ValueError):
            parse_card_id(bad)
    assert parse_card_id("orange-5") == ("orange", 5)


# --------------------------------------------------------------------------- engine


def after_give(players: int, **options) -> UltimatchState:
    s = new_game(players, seed=2, **options)
    for p in range(players):
        s.apply(p, s.legal_actions(p)[0])
    return s


@pytest.mark.parametrize(
    ("players", "rows", "hand"), [(1, 5, 13), (2, 5, 6), (3, 5, 4), (4, 6, 5), (5, 6, 4)]
)
def test_um8_um9_setup(players, rows, hand) -> None:
    s = new_game(players, seed=1)
    assert s.rows == rows and len(s.pyramid) == rows * (rows + 1) // 2
    assert sum(s.face_up) == rows  # only the bottom row
    assert all(len(h) == hand for h in s.hands)


@pytest.mark.parametrize(("players", "alta"), [(2, 3), (3, 4), (4, 4), (5, 5)])
def test_um9_alta_hand_size(players, alta) -> None:
    s = after_give(players)
    assert len(s.alta) == alta


def test_um12_alta_difficulties() -> None:
    assert len(after_give(2, difficulty="easier-alta-2").alta) == 5
    assert len(after_give(2, difficulty="harder-remove").alta) == 2
    with pytest.raises(ValueError):
        new_game(1, difficulty="easier-alta-1")


def test_um7_first_player_highest_gift_ties_left_of_dealer() -> None:
    s = new_game(3, seed=0, dealer=0)
    s.hands = [["red-8", "red-1"], ["blue-8", "blue-1"], ["green-2", "green-1"]]
    s.apply(0, "give:red-8")
    s.apply(1, "give:blue-8")
    ev = s.apply(2, "give:green-2")
    assert s.turn == 1 and any(e.kind == "first_player" and e.player == 1 for e in ev)


def test_um10_offers_are_hidden_and_swap_is_blind() -> None:
    s = after_give(3)
    active = s.turn
    others = [p for p in range(3) if p != active]
    assert s.current_players() == others and s.phase == "offer"
    card = s.hands[others[0]][0]
    s.apply(others[0], "offer:" + card)
    assert s.view(active)["offers"][others[0]] == "hidden"
    assert card not in str(s.view(others[1])) or card in s.hands[others[1]]
    s.apply(others[1], "offer:none")
    assert s.phase == "swap"
    mine = s.hands[active][0]
    s.apply(active, f"swap:{others[0]}:{mine}")
    assert card in s.hands[active] and mine in s.hands[others[0]]
    assert s.phase == "match"


def _match_phase(players: int = 2, **options) -> UltimatchState:
    s = after_give(players, **options)
    while s.phase != "match":
        p = s.current_players()[0]
        s.apply(p, "offer:none" if s.phase == "offer" else "noswap")
    return s


def _set_table(s: UltimatchState, bottom: list[str], hand: list[str], alta: list[str]) -> None:
    used = set(bottom) | set(hand) | set(alta)
    n = len(s.pyramid)
    rest = [c for c in DECK if c not in used]
    s.pyramid = rest[: n - len(bottom)] + bottom
    s.hands = [
        list(hand) if p == s.turn else rest[n + 5 * p : n + 5 * p + 2] for p in range(s.num_players)
    ]
    s.alta = list(alta)
    s.deck = rest[n + 20 :]
    s.discard = []


def test_um6_pass_rules() -> None:
    s = _match_phase()
    bottom = ["red-3", "red-4", "red-5", "red-6", "red-7"]
    _set_table(s, bottom, hand=["blue-1"], alta=["red-8"])
    assert s.legal_actions(s.turn)[-1] == "pass"  # only alta matches: pass allowed
    _set_table(s, bottom, hand=["blue-5"], alta=["red-8"])
    assert "pass" not in s.legal_actions(s.turn)
    with pytest.raises(IllegalAction) as info:
        s.apply(s.turn, "pass")
    assert info.value.rule_id == "UM-6"
    _set_table(s, bottom, hand=["blue-1"], alta=["blue-2"])  # 1+2 = 3: mixed hand+alta
    assert "pass" in s.legal_actions(s.turn)
    s.options["pass_rule"] = "strict"
    assert "pass" not in s.legal_actions(s.turn)
    _set_table(s, bottom, hand=["blue-1"], alta=[])
    assert s.legal_actions(s.turn) == ["pass"]  # required


def test_um6_strict_variant_keeps_accepting_its_earlier_name() -> None:
    """The option value "official" of earlier versions (tables, records, the API) is "strict"."""
    assert _match_phase(2, pass_rule="official").options["pass_rule"] == "strict"
    assert _match_phase(2, pass_rule="strict").options["pass_rule"] == "strict"


def test_um6_everyone_passes_the_team_loses() -> None:
    s = _match_phase(2)
    bottom = ["red-3", "red-4", "red-5", "red-6", "red-7"]
    for _ in range(2):
        _set_table(s, bottom, hand=["blue-1"], alta=[])
        s.apply(s.turn, "pass")
        while s.phase in ("offer", "swap"):
            p = s.current_players()[0]
            s.apply(p, "offer:none" if s.phase == "offer" else "noswap")
    assert s.is_terminal() and s.won is False and s.returns() == [0.0, 0.0]


def test_um6_solitaire_no_match_loses() -> None:
    s = new_game(1, seed=0)
    assert "pass" not in s.legal_actions(0)
    bottom = ["red-3", "red-4", "red-5", "red-6", "red-7"]
    n = len(s.pyramid)
    s.pyramid = [c for c in DECK if c not in bottom and c != "blue-1"][: n - 5] + bottom
    s.hands[0] = ["red-8", "blue-1"]
    s.apply(0, "match:red-7:red-8")
    assert s.is_terminal() and s.won is False


def test_um5_reward_and_um7_turn_order_and_um8_reveal() -> None:
    s = _match_phase(3)
    active = s.turn
    bottom = ["orange-5", "red-4", "red-5", "red-6", "red-7"]
    _set_table(s, bottom, hand=["yellow-8", "red-3", "green-1"], alta=[])
    hand_before = len(s.hands[active])
    ev = s.apply(active, "match:orange-5:red-3+yellow-8")
    assert ev[0].rule_ids == ("UM-3", "UM-4") and s.phase == "reward"
    drawn = list(s.drawn)
    s.apply(active, "alta:" + drawn[0])
    assert drawn[0] in s.alta and drawn[1] in s.hands[active]
    assert len(s.hands[active]) == hand_before - 1
    assert s.turn == (active - 1) % 3  # counter-clockwise


def test_um12_harder_reward_both_to_hand_and_um8_reveal() -> None:
    s = _match_phase(2, difficulty="harder-reward", turn_order="clockwise")
    active = s.turn
    bottom = ["orange-5", "red-4", "red-5", "red-6", "red-7"]
    _set_table(s, bottom, hand=["orange-1", "orange-4"], alta=[])
    s.apply(active, "match:orange-5:orange-1+orange-4")
    assert len(s.hands[active]) == 2 and s.turn == (active + 1) % 2
    s.turn = active
    s.phase = "match"
    s.hands[active] = ["red-8"]
    ev = s.apply(active, "match:red-4:red-8")
    assert any(e.kind == "reveal" and e.rule_ids == ("UM-8",) for e in ev)
    assert s.face_up[6]  # row 4 pos 0 sits on row 5 pos 0 and 1


def test_um11_and_um13_full_games() -> None:
    won = 0
    for seed in range(30):
        s = play(
            new_game(4, seed=seed, difficulty="easier-alta-2"),
            [RandomBot(seed * 5 + i) for i in range(4)],
        )
        won += bool(s.won)
        if s.won:
            assert all(c is None for c in s.pyramid)
            assert s.returns() == [1.0] * 4
    assert won >= 1
    assert replay(s.record()) == s


def test_view_hides_hands_and_face_down_cards() -> None:
    s = _match_phase(3)
    v = s.view(0)
    assert v["hand"] == s.hands[0]
    text = str(v)
    for p in (1, 2):
        for c in s.hands[p]:
            assert f"'{c}'" not in text
    for c, up in zip(s.pyramid, s.face_up, strict=True):
        if c and not up:
            assert f"'{c}'" not in text


def test_engine_pair_tables_agree_with_match() -> None:
    from cardpress.games.ultimatch import CARD
    from cardpress.games.ultimatch.match import _pair_table

    for i, a in enumerate(DECK):
        for b in DECK[i + 1 :]:
            table = _pair_table(a, b)
            for t in DECK:
                if t in (a, b):
                    continue
                r = match(CARD[t], [CARD[a], CARD[b]])
                assert table.get(t) == (r.ultimatch if r.match else None), (a, b, t)
