"""The Ultimatch pyramid tracker (UM-6..UM-8, UM-13) and the match explanations (UM-2..UM-4)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpress.follow import LogError
from cardpress.follow.ultimatch import BadEntry, PyramidTracker, card_code, parse_card
from cardpress.games.ultimatch.match import CARD, DECK, explain, match, ways

NAMES = ("Aki", "Ben")
EVERY = [CARD[c] for c in DECK]


def test_explanations_agree_with_the_match_rule_on_every_play_of_the_deck():
    for target in EVERY:
        others = [c for c in EVERY if c != target]
        for play in [(c,) for c in others] + list(combinations(others, 2)):
            why = explain(target, play)
            assert why.result == match(target, play)
            kinds = {r.kind for r in why.reasons}
            if why.result.match:
                # every way it matched is named, with its figures
                assert ("number" in why.result.by) == bool(
                    kinds & {"same-number", "sum", "difference"}
                )
                if len(play) == 2:
                    assert ("ultimatch" in kinds) == why.result.ultimatch
                    assert ("not-ultimatch" in kinds) != why.result.ultimatch
            else:
                assert {r.rule for r in why.reasons} >= {why.result.rule_ids[0]}


def test_explanations_show_the_arithmetic():
    why = explain(("orange", 5), [("red", 7), ("purple", 2)])
    first = why.reasons[0]
    assert (first.kind, first.numbers) == ("difference", (7, 2, 5))
    why = explain(("purple", 5), [("red", 3), ("blue", 2)])
    assert [r.kind for r in why.reasons] == ["sum", "mix", "ultimatch"]
    assert why.reasons[1].colours == ("red", "blue", "purple")
    why = explain(("orange", 4), [("orange", 1), ("orange", 3)])  # sum + both orange
    assert [r.kind for r in why.reasons] == ["sum", "both-colour", "ultimatch"]
    # only sharing the target's colour is no match; one of them would match alone
    why = explain(("orange", 4), [("orange", 2), ("orange", 7)])
    kinds = [r.kind for r in why.reasons]
    assert not why.result.match and "colour-only" in kinds and kinds.count("alone") == 2
    why = explain(("red", 4), [("yellow", 1), ("blue", 2)])
    assert [r.kind for r in why.reasons][:2] == ["no-number", "primary"]


def test_ways_list_every_rule_a_target_can_be_matched_by():
    assert [r.kind for r in ways(("orange", 5))] == [
        "same-number",
        "same-colour",
        "sum",
        "difference",
        "mix",
        "ultimatch",
    ]
    # 1 is no sum of two cards, 8 no difference; a primary mixes from nothing
    assert [r.kind for r in ways(("red", 1))] == [
        "same-number",
        "same-colour",
        "difference",
        "ultimatch",
    ]
    assert "difference" not in [r.kind for r in ways(("blue", 8))]


def test_a_short_game_faces_matches_uncovers_and_wins():
    t = PyramidTracker(NAMES)
    assert (t.rows, t.size, t.open_places()) == (5, 15, [10, 11, 12, 13, 14])
    with pytest.raises(BadEntry) as exc:
        t.match(10, [("red", 1)])
    assert exc.value.reason == "faces"  # the bottom row's cards first
    t.show(
        {10: ("orange", 5), 11: ("red", 2), 12: ("blue", 3), 13: ("green", 8), 14: ("yellow", 1)}
    )
    turn = t.match(10, [("red", 7), ("purple", 2)])
    assert turn.reasons[0].numbers == (7, 2, 5) and turn.uncovered == () and t.seat == 1
    turn = t.match(11, [("red", 4)])
    assert turn.uncovered == (6,) and t.pending() == [6] and turn.rule_ids == ("UM-2", "UM-8")
    assert t.seat == 0  # counter-clockwise with two players: back and forth
    replayed = PyramidTracker.replay(NAMES, t.log())
    assert replayed.faces == t.faces and replayed.gone == t.gone and replayed.seat == t.seat


def test_refusals_name_the_rule():
    t = PyramidTracker(NAMES)
    t.show(
        {10: ("orange", 5), 11: ("red", 2), 12: ("blue", 3), 13: ("green", 8), 14: ("yellow", 1)}
    )
    for place, cards, reason, rule in [
        (3, [("red", 5)], "covered", "UM-8"),
        (10, [("red", 3), ("blue", 1)], "no-match", "UM-3"),
        (10, [("red", 6)], "no-match", "UM-2"),
        (10, [("red", 2)], "on-pyramid", "UM-8"),  # red 2 lies on the pyramid
        (10, [("red", 6), ("red", 6)], "same-card", "UM-1"),
    ]:
        with pytest.raises(BadEntry) as exc:
            t.match(place, cards)
        assert (exc.value.reason, exc.value.rule) == (reason, rule)
    with pytest.raises(BadEntry) as exc:
        t.show({3: ("red", 5)})
    assert exc.value.reason == "not-pending"
    assert t.log().count("-") == 0 and t.turns == []  # nothing refused was recorded


def test_passes_in_a_row_lose_and_a_match_resets_them():
    t = PyramidTracker(("Aki", "Ben", "Chie"), first=1)
    t.show({i: CARD[c] for i, c in zip(range(10, 15), DECK, strict=False)})
    assert t.passes_left() == 2
    t.pass_turn()
    t.pass_turn()
    assert t.passes_left() == 0 and t.seat == 2  # 1 -> 0 -> 2 counter-clockwise
    t.match(10, [("red", 8)])
    assert t.passes == 0
    for _ in range(3):
        turn = t.pass_turn()
    assert turn.end == "lost" and t.done
    with pytest.raises(BadEntry):
        t.pass_turn()


def test_solitaire_has_no_pass_only_a_loss():
    t = PyramidTracker(("Aki",))
    t.show({i: CARD[c] for i, c in zip(range(10, 15), DECK, strict=False)})
    with pytest.raises(BadEntry) as exc:
        t.pass_turn()
    assert (exc.value.reason, exc.value.rule) == ("solo-pass", "UM-6")
    assert t.stuck().end == "lost"


def test_bad_logs_name_the_entry():
    faces = "f10o5.11r2.12b3.13g8.14y1"
    for log, entry in [
        ("z", 1),
        (faces + "-m10.r9", 2),
        (faces + "-m10.q1", 2),
        (faces + "-m99.r5", 2),
        (faces + "-f10o5", 2),
        ("f10o5.10r2", 1),
        ("f10o5.11o5", 1),
    ]:
        with pytest.raises(LogError) as exc:
            PyramidTracker.replay(NAMES, log)
        assert exc.value.entry == entry - 1, log


def test_card_codes_round_trip():
    for card in EVERY:
        assert parse_card(card_code(card)) == card


def _plays(tracker: PyramidTracker, place: int, pool: list[tuple[str, int]]):
    target = tracker.faces[place]
    assert target is not None
    singles = [(c,) for c in pool if match(target, [c]).match]
    pairs = [p for p in combinations(pool, 2) if match(target, p).match]
    return singles + pairs


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 5),
    deal=st.permutations(DECK),
    data=st.data(),
)
def test_random_legal_play_replays_from_its_log_and_nothing_is_created_or_lost(players, deal, data):
    names = tuple(f"P{i}" for i in range(players))
    first = data.draw(st.integers(0, players - 1))
    t = PyramidTracker(names, first, data.draw(st.booleans()))
    pyramid = [CARD[c] for c in deal[: t.size]]  # the paper pyramid, face down
    pool = [CARD[c] for c in deal[t.size :]]  # cards the team may hold
    while not t.done:
        if pending := t.pending():
            t.show({p: pyramid[p] for p in pending})
        place = data.draw(st.sampled_from(t.open_places()))
        plays = _plays(t, place, pool)
        choice = data.draw(st.integers(0, len(plays)))  # the last one: no play
        before = t.left()
        if choice < len(plays):
            turn = t.match(place, plays[choice])
            assert t.left() == before - 1 and turn.target == pyramid[place]
        elif players > 1:
            t.pass_turn()
            assert t.left() == before
        else:
            t.stuck()
        # nothing created or lost: every place is gone or still there, a face is
        # only known for a card that was face up, and known faces are the dealt ones
        assert sum(t.gone) + t.left() == t.size
        assert all(t.face_up[i] for i in range(t.size) if t.faces[i] is not None)
        assert all(f == pyramid[i] for i, f in enumerate(t.faces) if f is not None)
        assert all(t.face_up[i] for i in range(t.size) if t.gone[i])
        for i in range(t.size):
            kids = t.covered_by(i)
            assert t.face_up[i] == (kids is None or all(t.gone[k] for k in kids))
    assert (t.end == "won") == (t.left() == 0)
    again = PyramidTracker.replay(names, t.log(), first, t.clockwise)
    assert (again.faces, again.gone, again.face_up) == (t.faces, t.gone, t.face_up)
    assert (again.end, again.seat, again.passes, again.turns) == (t.end, t.seat, t.passes, t.turns)
