"""Detective Eye: DE-1..DE-8 and the face-down odds."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from cardpress.games.base import IllegalAction, RandomBot, play
from cardpress.games.detective_eye import DetectiveEyeState, facedown_odds, new_game, replay


def test_odds_hypergeometric() -> None:
    # own: hand monet+gogh, facedown monet; 21 unknown cards hold 6 monets; 3 face down
    p = facedown_odds("monet", 2, ["monet", "gogh"], ["monet"], 3)
    assert p == 1 - Fraction(comb(15, 3), comb(21, 3))
    assert facedown_odds("monet", 1, [], ["monet"], 0) == 1
    assert facedown_odds("vermeer", 1, [], [], 0) == 0
    with pytest.raises(ValueError):
        facedown_odds("monet", 1, ["monet"] * 9, [], 0)


def test_de1_setup_and_draft() -> None:
    s = new_game(3, seed=1)
    assert [len(h) for h in s.hands] == [5, 5, 5] and len(s.out) == 9 and s.supply == 3
    assert s.current_players() == [0, 1, 2] and len(s.legal_actions(0)) == 10
    picks = {}
    for p in range(3):
        a = s.legal_actions(p)[0]
        picks[p] = a[5:].split(",")
        s.apply(p, a)
    for p in range(3):
        assert set(picks[p]) <= set(s.hands[(p + 1) % 3])
    assert s.phase == "reveal" and all(len(h) == 5 for h in s.hands)


def to_turn(players: int = 3, seed: int = 1) -> DetectiveEyeState:
    s = new_game(players, seed=seed)
    while s.phase in ("draft", "reveal"):
        p = s.current_players()[0]
        s.apply(p, s.legal_actions(p)[0])
    return s


def test_de2_de3_place_declare_and_bidding() -> None:
    s = to_turn()
    assert s.turn == 0 and s.facedown_total() == 3
    s.apply(0, "place:" + s.hands[0][0])
    assert s.turn == 1
    with pytest.raises(IllegalAction) as info:
        s.apply(1, "declare:monet:5")
    assert info.value.rule_id == "DE-3"
    s.apply(1, "declare:monet:2")
    assert s.phase == "bid" and s.turn == 2
    with pytest.raises(IllegalAction):
        s.apply(2, "raise:gogh:2")  # must be higher
    s.apply(2, "raise:gogh:3")
    s.apply(0, "pass")
    assert s.turn == 1  # the declarer may raise again
    s.apply(1, "pass")
    assert s.phase == "challenge" and s.turn == 2


def test_de2_empty_hand_must_declare() -> None:
    s = to_turn()
    s.hands[0] = []
    assert all(a.startswith("declare:") for a in s.legal_actions(0))


def _rig(s: DetectiveEyeState, placed: list[list[str]], hands: list[list[str]]) -> None:
    s.placed = [list(p) for p in placed]
    s.flipped = [[False] * len(p) for p in placed]
    s.hands = [list(h) for h in hands]


def test_de4_de5_success_reward_counts_owners_and_forgeries_first() -> None:
    s = to_turn(3)
    _rig(
        s,
        [["monet-1"], ["monet-2", "monet-3"], ["gogh-1"]],
        [
            ["gogh-2", "gogh-3", "gogh-4", "vermeer-1"],
            ["vermeer-2"] * 0 + ["vermeer-2"],
            ["vermeer-3"],
        ],
    )
    s.forgeries[0] = 1
    s.supply = 2
    s.apply(0, "declare:monet:3")
    s.apply(1, "pass")
    s.apply(2, "pass")
    assert s.phase == "challenge" and s.turn == 0
    s.apply(0, "flip:0:0")
    s.apply(0, "flip:1:0")
    ev = s.apply(0, "flip:1:1")
    ok = next(e for e in ev if e.kind == "challenge_succeeded")
    assert ok.data == {"reward": 2, "forgeries_returned": 1, "discards": 1}
    assert s.forgeries[0] == 0 and s.supply == 3 and s.phase == "pay"
    s.apply(0, "discard:vermeer-1")
    # DE-7: placed cards return; the next start player follows the challenger
    assert s.hands[0] == ["gogh-2", "gogh-3", "gogh-4", "monet-1"]
    assert s.start == 1 and s.phase == "reveal"


def test_de6_failure_and_de8_supply_runs_out() -> None:
    s = to_turn(2)
    _rig(s, [["monet-1"], ["gogh-1"]], [["gogh-2", "gogh-3"], ["vermeer-1", "vermeer-2"]])
    s.misses[0] = 1
    s.supply = 1
    s.forgeries[1] = 2
    s.apply(0, "declare:monet:2")
    s.apply(1, "pass")
    s.apply(0, "flip:0:0")
    ev = s.apply(0, "flip:1:0")
    assert any(e.kind == "forgery" for e in ev) and ev[-1].rule_ids == ("DE-8",)
    assert s.is_terminal() and s.supply == 0
    assert s.winners() == [0]  # 1 forgery beats 2
    assert s.result_rules() == ("DE-8",)  # the result cites the supply's end, not DE-7


def test_de7_one_card_wins() -> None:
    s = to_turn(2)
    _rig(s, [["monet-1"], ["gogh-1"]], [["vermeer-5"], ["vermeer-1", "vermeer-2"]])
    s.apply(0, "declare:monet:1")
    s.apply(1, "pass")
    ev = s.apply(0, "flip:0:0")
    assert s.is_terminal() and s.winners() == [0] and ev[-1].rule_ids == ("DE-7",)
    assert s.result_rules() == ("DE-7",)


def test_views_hide_other_hands_and_face_down() -> None:
    s = to_turn(3)
    v = s.view(0)
    text = str(v)
    for p in (1, 2):
        for c in s.hands[p]:
            if c not in s.passed[0]:
                assert f"'{c}'" not in text
        for c in s.placed[p]:
            if c not in s.passed[0]:  # what you passed left, you know
                assert f"'{c}'" not in text
    assert v["placed"][0] == s.placed[0]


def test_random_games_conserve_and_replay() -> None:
    for seed in range(10):
        s = play(new_game(4, seed=seed), [RandomBot(seed + i) for i in range(4)])
        assert s.supply + sum(s.forgeries) == 3
        assert len(s.out) + len(s.discard) + sum(map(len, s.hands)) + sum(map(len, s.placed)) == 24
    assert replay(s.record()) == s


def test_de5_challenger_counts_only_when_their_own_placed_card_was_flipped() -> None:
    def reward(flips: list[str]) -> int:
        s = to_turn(3)
        _rig(
            s,
            [["monet-1"], ["monet-2"], ["monet-3"]],
            [["gogh-2", "gogh-3", "gogh-4"], ["vermeer-2", "vermeer-4"], ["vermeer-3", "gogh-5"]],
        )
        s.apply(0, f"declare:monet:{len(flips)}")
        s.apply(1, "pass")
        s.apply(2, "pass")
        for flip in flips[:-1]:
            s.apply(0, flip)
        ev = s.apply(0, flips[-1])
        return next(e for e in ev if e.kind == "challenge_succeeded").data["reward"]

    assert reward(["flip:1:0", "flip:2:0"]) == 2  # own card not flipped: not counted
    assert reward(["flip:0:0", "flip:1:0"]) == 2  # own card flipped: counted
    assert reward(["flip:0:0", "flip:1:0", "flip:2:0"]) == 3


def _last_forgery_at_stake():
    """Three players, one forgery left in the supply, seat 2 about to challenge and fail."""
    s = to_turn(3)
    # equal forgeries; seat 0 has more cards in hand, seat 1 more on the table
    _rig(
        s,
        [["monet-1"], ["gogh-1", "gogh-6", "gogh-7"], ["vermeer-6"]],
        [["gogh-2", "gogh-3"], ["vermeer-1"], ["vermeer-4", "vermeer-5", "monet-5"]],
    )
    s.misses[2] = 1
    s.supply = 1
    s.forgeries = [1, 1, 0]
    s.apply(0, "declare:monet:2")
    s.apply(1, "pass")
    s.apply(2, "raise:monet:3")
    return s


def test_de8_cards_on_the_table_are_not_in_hand_at_the_forced_end() -> None:
    s = _last_forgery_at_stake()
    s.apply(0, "pass")  # every other player has passed: seat 2 challenges
    ev = s.apply(2, "flip:1:0")  # a Gogh: the challenge fails, the last forgery goes
    assert ev[-1].rule_ids == ("DE-8",) and s.is_terminal()
    # seat 2 now holds a forgery too: all tied at 1; in hand: 2, 1, 3 (placed cards aside)
    assert s.forgeries == [1, 1, 1]
    assert s.winners() == [1]
    assert s.ranking() == [2, 1, 3]


def test_placed_cards_are_turned_up_for_everyone_once_the_game_is_over() -> None:
    """At the end the table shows what lay face down (a finished table's record is public too)."""
    s = _last_forgery_at_stake()
    assert s.view(1)["placed"][0] == ["hidden"] * len(s.placed[0])  # still in play: face down
    s.apply(0, "pass")
    s.apply(2, "flip:1:0")
    assert s.is_terminal()
    for viewer in (None, 0, 1, 2):
        assert s.view(viewer)["placed"] == [list(row) for row in s.placed]
