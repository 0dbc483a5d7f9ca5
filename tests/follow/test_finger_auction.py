"""The Finger Auction follower: the engine's rules, a log that replays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardpress.follow import LogError
from cardpress.follow.finger_auction import BadBid, FingerAuctionTable, parse_bid
from cardpress.games.finger_auction import TwoHands

NAMES = ("Aki", "Ben", "Chie")


def test_winner_leaves_and_two_hands_follow_with_fa4_from_a_three_bidder_auction():
    t = FingerAuctionTable(NAMES)
    a = t.auction([2, 2, 1])
    assert (a.winner, a.takes, a.collided) == (2, ((2, 1),), (2,))
    assert t.seats == (0, 1) and t.field == 6 and t.two_hands
    # FA-4: both showed 2 in the previous auction of the round (a 3-bidder one)
    assert t.forbidden(0) == 2 and t.forbidden(1) == 2
    with pytest.raises(BadBid) as exc:
        t.auction([TwoHands(2, 1), TwoHands(3, 1)])
    assert (exc.value.seat, exc.value.rule, exc.value.value) == (0, "FA-4", 2)
    a = t.auction([TwoHands(3, 4), TwoHands(1, 5)])
    assert a.winner == 1 and a.takes == ((1, 1), (0, 5)) and a.round_over
    assert t.round == 2 and t.field == 7 and t.seats == (0, 1, 2)
    assert t.taken() == [5, 1, 1] and t.taken_in(1) == [5, 1, 1]


def test_rebids_count_for_fa4():
    t = FingerAuctionTable(("Aki", "Ben"))
    a = t.auction([TwoHands(3, 3), TwoHands(3, 3)])  # both blocked
    assert a.winner is None and a.void == (0, 1)
    assert t.forbidden(0) == 3
    with pytest.raises(BadBid):
        t.auction([TwoHands(3, 1), TwoHands(2, 1)])


def test_strict_variant_rebids_on_any_collision():
    t = FingerAuctionTable(NAMES, "strict")
    a = t.auction([2, 2, 1])
    assert a.winner is None and a.strict and t.seats == (0, 1, 2)


def test_log_replays_and_names_the_entry_that_fails():
    t = FingerAuctionTable.replay(NAMES, "standard", "2.2.1-3/4.1/5")
    assert t.log() == "2.2.1-3/4.1/5" and t.round == 2
    with pytest.raises(LogError) as exc:
        FingerAuctionTable.replay(NAMES, "standard", "2.2.1-2/4.1/5")  # FA-4
    assert exc.value.entry == 1
    for bad in ("x", "2.2", "9.1.1", "2/3.1.1", "1.2.3.4"):
        with pytest.raises(LogError):
            FingerAuctionTable.replay(NAMES, "standard", bad)
    with pytest.raises(ValueError):
        parse_bid("12")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False))
def test_a_whole_game_takes_every_card_and_replays_from_its_log(players, rnd):
    names = tuple(f"P{i}" for i in range(players))
    t = FingerAuctionTable(names)
    while not t.done and len(t.auctions) < 150:
        if t.two_hands:
            bids = []
            for seat in t.seats:
                rights = [r for r in range(1, 6) if r != t.forbidden(seat)]
                bids.append(TwoHands(rnd.choice(rights), rnd.randint(1, 5)))
        else:
            bids = [rnd.randint(1, 5) for _ in t.seats]
        before = t.taken()
        a = t.auction(bids)
        gained = [x - y for x, y in zip(t.taken(), before, strict=True)]
        assert sum(gained) == sum(n for _, n in a.takes)
        assert (a.winner is None) == (sum(gained) == 0)
    if t.done:
        assert sum(t.taken()) == 28
    again = FingerAuctionTable.replay(names, "standard", t.log())
    assert again.taken() == t.taken() and again.log() == t.log()
