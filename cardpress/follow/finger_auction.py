"""Finger Auction at a paper table: the table enters the fingers shown, the
follower says who takes how many cards, who is left in the round, which
right hands FA-4 forbids next, and when the game is over.

It drives :class:`cardpress.games.finger_auction.FingerAuctionState`: the
engine decides every auction (FA-1..FA-4) and moves the round on (FA-2); the
paper table picks its cards itself, so the follower takes the engine's cards
in field order and only their number matters. FA-4 as the engine reads it:
a bid shown in a three-or-more auction counts as that player's right hand
when the next auction of the round is a two-participant one.

Log: one entry per auction (re-bids included), ``-`` between entries, the
bids of the participants in seat order joined by ``.``; a two-participant
bid is ``right/left``. ``"2.2.1-3/4.2/5"``: three bid 2, 2 and 1; then two
show right 3 left 4 and right 2 left 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardpress.follow import replay_log
from cardpress.games.finger_auction import (
    MAX_BID,
    MIN_BID,
    ROUNDS,
    FingerAuctionState,
    TwoHands,
    new_game,
)

Bid = int | TwoHands


class BadBid(ValueError):
    """A bid the rules refuse: ``seat`` made it, ``rule`` forbids it."""

    def __init__(self, seat: int, reason: str, rule: str, value: int | None = None) -> None:
        super().__init__(f"seat {seat}: {reason} ({rule})")
        self.seat = seat
        self.reason = reason  # "fingers" | "two-hands" | "one-hand" | "repeat" | "count"
        self.rule = rule
        self.value = value


@dataclass(frozen=True)
class Auction:
    """One auction as the table played it, and why it ended as it did."""

    round: int
    field: int  # cards on the field before it
    seats: tuple[int, ...]  # the participants, in seat order
    bids: tuple[Bid, ...]
    winner: int | None  # None: a re-bid (no winner)
    takes: tuple[tuple[int, int], ...]  # (seat, cards) in the order they leave
    collided: tuple[int, ...] = ()  # bid values shown by more than one (3+)
    void: tuple[int, ...] = ()  # seats whose right hand was blocked (2)
    strict: bool = False
    rule_ids: tuple[str, ...] = ()
    round_over: bool = False


@dataclass
class FingerAuctionTable:
    names: tuple[str, ...]
    variant: str = "standard"
    auctions: list[Auction] = field(default_factory=list)
    state: FingerAuctionState = field(init=False)

    def __post_init__(self) -> None:
        self.state = new_game(list(self.names), seed=0, variant=self.variant)

    # ------------------------------------------------------------ what the table sees

    @property
    def done(self) -> bool:
        return self.state.is_terminal()

    @property
    def round(self) -> int:
        return min(self.state.round, ROUNDS)

    @property
    def field(self) -> int:
        return len(self.state.field)

    @property
    def seats(self) -> tuple[int, ...]:
        return () if self.done else tuple(self.state.participants)

    @property
    def two_hands(self) -> bool:
        return len(self.seats) == 2

    def forbidden(self, seat: int) -> int | None:
        """The right hand FA-4 forbids ``seat`` in the next auction, if any."""
        return self.state.prev_right[seat] if self.two_hands else None

    def taken(self) -> list[int]:
        """Cards each seat has taken so far."""
        return [len(h) for h in self.state.held]

    def taken_in(self, round_: int) -> list[int]:
        counts = [0] * len(self.names)
        for a in self.auctions:
            if a.round == round_:
                for seat, n in a.takes:
                    counts[seat] += n
        return counts

    # ------------------------------------------------------------ entering an auction

    def check(self, bids: Sequence[Bid]) -> None:
        """Raise :class:`BadBid` for the first bid the rules refuse."""
        if self.done:
            raise BadBid(-1, "over", "FA-2")
        seats = self.seats
        if len(bids) != len(seats):
            raise BadBid(-1, "count", "FA-1", len(seats))
        for seat, bid in zip(seats, bids, strict=True):
            if self.two_hands:
                if not isinstance(bid, TwoHands):
                    raise BadBid(seat, "two-hands", "FA-3")
                for hand in (bid.right, bid.left):
                    if not MIN_BID <= hand <= MAX_BID:
                        raise BadBid(seat, "fingers", "FA-3", hand)
                if bid.right == self.forbidden(seat):
                    raise BadBid(seat, "repeat", "FA-4", bid.right)
            else:
                if isinstance(bid, TwoHands):
                    raise BadBid(seat, "one-hand", "FA-1")
                if not MIN_BID <= bid <= MAX_BID:
                    raise BadBid(seat, "fingers", "FA-1", bid)

    def auction(self, bids: Sequence[Bid]) -> Auction:
        """Play one auction with ``bids`` (the participants' in seat order)."""
        self.check(bids)
        state = self.state
        round_, field_, seats = self.round, self.field, self.seats
        events = []
        for seat, bid in zip(seats, bids, strict=True):
            action = f"hands:{bid.right}/{bid.left}" if isinstance(bid, TwoHands) else f"bid:{bid}"
            events += state.apply(seat, action)
        while state.picker is not None:  # the table picks its own cards
            events += state.apply(state.picker, "take:" + state.field[0])
        takes: dict[int, int] = {}
        winner = None
        rule_ids: list[str] = []
        for event in events:
            rule_ids += event.rule_ids
            if event.kind == "auction_won":
                winner = event.player
            if event.kind in ("take", "take_rest") and event.player is not None:
                n = len(event.data["cards"]) if "cards" in event.data else 1
                takes[event.player] = takes.get(event.player, 0) + n
        record = Auction(
            round=round_,
            field=field_,
            seats=seats,
            bids=tuple(bids),
            winner=winner,
            takes=tuple(takes.items()),
            collided=_collided(bids),
            void=_void(seats, bids),
            strict=self.variant == "strict",
            rule_ids=tuple(dict.fromkeys(rule_ids)),
            round_over=self.done or self.state.round != round_,
        )
        self.auctions.append(record)
        return record

    # ------------------------------------------------------------ the log

    def log(self) -> str:
        return "-".join(".".join(_bid_text(b) for b in a.bids) for a in self.auctions)

    @classmethod
    def replay(cls, names: Sequence[str], variant: str, log: str) -> FingerAuctionTable:
        """The table after ``log``; :class:`LogError` names the entry that fails."""
        table = cls(tuple(names), variant)
        replay_log(log, lambda entry: table.auction([parse_bid(b) for b in entry.split(".")]))
        return table


def parse_bid(text: str) -> Bid:
    """``"3"`` -> 3, ``"3/4"`` -> TwoHands(3, 4); ValueError for anything else."""
    right, slash, left = text.partition("/")
    if not (right.isascii() and right.isdigit() and len(right) == 1):
        raise ValueError(f"not a bid: {text!r}")
    if not slash:
        return int(right)
    if not (left.isascii() and left.isdigit() and len(left) == 1):
        raise ValueError(f"not a bid: {text!r}")
    return TwoHands(int(right), int(left))


def _bid_text(bid: Bid) -> str:
    return f"{bid.right}/{bid.left}" if isinstance(bid, TwoHands) else str(bid)


def _collided(bids: Sequence[Bid]) -> tuple[int, ...]:
    values = [b for b in bids if isinstance(b, int)]
    return tuple(sorted({v for v in values if values.count(v) > 1}))


def _void(seats: Sequence[int], bids: Sequence[Bid]) -> tuple[int, ...]:
    if len(bids) != 2 or not all(isinstance(b, TwoHands) for b in bids):
        return ()
    a, b = bids
    assert isinstance(a, TwoHands) and isinstance(b, TwoHands)
    blocked = (a.right == b.left, b.right == a.left)
    return tuple(s for s, void in zip(seats, blocked, strict=True) if void)
