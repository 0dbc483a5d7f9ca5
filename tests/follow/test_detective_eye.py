"""The Detective Eye ledger: DE-5..DE-8 bookkeeping from round reports."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpress.follow import LogError
from cardpress.follow.detective_eye import BadRound, DetectiveEyeLedger

NAMES = ("Aki", "Ben", "Chie")


def test_second_miss_takes_a_forgery_and_the_next_player_starts():
    d = DetectiveEyeLedger(NAMES)
    r = d.play(1, False, (), (1, 1, 1))
    assert d.misses == [0, 1, 0] and not r.took_forgery and d.start == 2
    r = d.play(1, False, (), (1, 1, 1))
    assert r.took_forgery and d.misses == [0, 0, 0] and d.forgeries == [0, 1, 0]
    assert d.supply == 2 and r.rule_ids == ("DE-6", "DE-7")


def test_reward_returns_forgeries_first_then_discards_from_hand():
    d = DetectiveEyeLedger.replay(NAMES, 0, "0f/1.1.1-0f/1.1.1")
    assert d.forgeries[0] == 1
    r = d.play(0, True, (0, 1, 2), (2, 1, 1))  # reward 3: own card flipped too
    assert (r.reward, r.returned, r.discarded) == (3, 1, 2)
    assert d.forgeries[0] == 0 and d.supply == 3 and d.hands[0] == 3
    # the discard is limited to the cards still in hand (placed ones are on the table)
    r = d.play(0, True, (1, 2), (3, 1, 1))
    assert (r.reward, r.discarded) == (2, 0) and d.hands[0] == 3


def test_down_to_one_card_wins_at_round_end():
    d = DetectiveEyeLedger(("Aki", "Ben"))
    d.play(0, True, (0, 1), (1, 1))
    d.play(0, True, (0, 1), (1, 1))
    assert d.hands[0] == 1 and d.done and d.end == "hand" and d.winners == (0,)


def test_forced_end_the_moment_the_supply_empties():
    log = "-".join(["0f/1.1.1"] * 2 + ["1f/1.1.1"] * 2 + ["2f/1.1.1", "2f/1.3.2"])
    d = DetectiveEyeLedger.replay(NAMES, 0, log)
    # one forgery each: the tie goes to the fewest cards in hand at that moment,
    # placed cards not counted: Aki 5-1=4, Ben 5-3=2, Chie 5-2=3
    assert d.done and d.end == "supply" and d.winners == (1,)
    assert d.rounds[-1].rule_ids == ("DE-6", "DE-8")
    with pytest.raises(BadRound):
        d.play(0, False, (), (1, 1, 1))


def test_bad_reports_are_refused():
    d = DetectiveEyeLedger(NAMES)
    with pytest.raises(BadRound) as exc:
        d.play(0, True, (), (1, 1, 1))
    assert exc.value.reason == "flipped"
    with pytest.raises(BadRound) as exc:
        d.play(0, False, (), (1, 6, 1))
    assert (exc.value.reason, exc.value.seat) == ("placed", 1)
    for bad in ("0+1/1.1.1", "9f/1.1.1", "0f/1.1", "0s/1.1.1", "0f"):
        with pytest.raises(LogError):
            DetectiveEyeLedger.replay(NAMES, 0, bad)


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False))
def test_books_balance_and_replay(players, rnd):
    names = tuple(f"P{i}" for i in range(players))
    d = DetectiveEyeLedger(names)
    while not d.done and len(d.rounds) < 60:
        placed = [rnd.randint(1, h) for h in d.hands]
        success = rnd.random() < 0.4
        flipped = rnd.sample(range(players), rnd.randint(1, players)) if success else []
        d.play(rnd.randrange(players), success, flipped, placed)
        assert d.supply + sum(d.forgeries) == 3  # forgeries are only moved
        assert all(0 <= h <= 5 for h in d.hands) and all(m < 2 for m in d.misses)
    again = DetectiveEyeLedger.replay(names, 0, d.log())
    assert (again.hands, again.forgeries, again.winners) == (d.hands, d.forgeries, d.winners)
