"""Detective Eye at a paper table: the ledger the phone keeps between rounds.

The table plays every card itself (placing, declaring, raising, flipping);
after each round it tells the phone how many cards each player placed, who
challenged, and whether the challenge succeeded (and whose cards were
flipped). The ledger keeps what is easy to lose track of: misses and
forgeries per player (DE-6), the supply, hand sizes, the reward of a success
with forgeries returned first (DE-5), who starts the next round (DE-7), a
player who is down to one card (DE-7) and the forced end the moment the
supply runs out (DE-8: fewest forgeries, then fewest cards in hand at that
moment, placed cards not counted, then shared). Each of those rules is the
engine's own (:func:`~cardpress.games.detective_eye.reward`, ``miss``,
``out_of_cards``, ``next_start``, ``supply_ranking``), applied to the counts
the table reports: the paper table never says which cards were placed, so
there is no engine state to replay, only its rules.

Log: one entry a round, ``-`` between them:
``<challenger><s|f><flipped owners>/<placed per seat, '.'-joined>`` (s: a
success, f: a failure; characters that need no escaping in a URL).
``"1s02/1.2.1"``: seat 1 challenged and succeeded, flipping cards of seats 0
and 2, with 1, 2 and 1 cards placed; ``"2f/1.1.1"``: seat 2 failed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardpress.follow import replay_log
from cardpress.games.detective_eye import (
    HAND,
    SUPPLY,
    DetectiveEyeState,
    miss,
    next_start,
    out_of_cards,
    reward,
    supply_ranking,
)


class BadRound(ValueError):
    """A round the rules cannot have produced; ``reason`` says which entry."""

    def __init__(self, reason: str, seat: int | None = None) -> None:
        super().__init__(reason if seat is None else f"seat {seat}: {reason}")
        self.reason = reason  # "placed" | "challenger" | "flipped" | "over"
        self.seat = seat


@dataclass(frozen=True)
class Round:
    """One round as the table reported it, and what it changed."""

    number: int
    start: int
    challenger: int
    success: bool
    flipped: tuple[int, ...]
    placed: tuple[int, ...]
    reward: int = 0
    returned: int = 0  # forgeries back to the supply (DE-5)
    discarded: int = 0  # cards the challenger discards from hand (DE-5)
    took_forgery: bool = False  # the second miss (DE-6)
    rule_ids: tuple[str, ...] = ()


@dataclass
class DetectiveEyeLedger:
    names: tuple[str, ...]
    first: int = 0  # the start player of round 1
    rounds: list[Round] = field(default_factory=list)
    hands: list[int] = field(init=False)
    misses: list[int] = field(init=False)
    forgeries: list[int] = field(init=False)
    supply: int = SUPPLY
    start: int = field(init=False)
    winners: tuple[int, ...] = ()
    end: str | None = None  # "supply" (DE-8) | "hand" (DE-7)

    def __post_init__(self) -> None:
        n = len(self.names)
        lo, hi = DetectiveEyeState.min_players, DetectiveEyeState.max_players
        if not lo <= n <= hi:
            raise ValueError(f"Detective Eye is for {lo}-{hi} players, not {n}")
        if not 0 <= self.first < n:
            raise ValueError(f"the start player is a seat 0-{n - 1}")
        self.hands = [HAND] * n
        self.misses = [0] * n
        self.forgeries = [0] * n
        self.start = self.first

    @property
    def done(self) -> bool:
        return self.end is not None

    def play(
        self, challenger: int, success: bool, flipped: Sequence[int], placed: Sequence[int]
    ) -> Round:
        """Record one round; :class:`BadRound` if it cannot have happened."""
        n = len(self.names)
        if self.done:
            raise BadRound("over")
        if len(placed) != n:
            raise BadRound("placed")
        for seat, k in enumerate(placed):
            if not 1 <= k <= self.hands[seat]:
                raise BadRound("placed", seat)
        if not 0 <= challenger < n:
            raise BadRound("challenger")
        owners = tuple(sorted(set(flipped)))
        if success and (not owners or any(not 0 <= s < n for s in owners)):
            raise BadRound("flipped")
        record = dict(
            number=len(self.rounds) + 1,
            start=self.start,
            challenger=challenger,
            success=success,
            flipped=owners if success else (),
            placed=tuple(placed),
        )
        in_hand = [h - k for h, k in zip(self.hands, placed, strict=True)]
        rules: list[str] = []
        if success:
            # DE-5: the challenger counts only when one of theirs was flipped
            paid = reward(len(owners), self.forgeries[challenger], in_hand[challenger])
            self.forgeries[challenger] -= paid.returned
            self.supply += paid.returned
            in_hand[challenger] -= paid.discarded
            self.hands[challenger] -= paid.discarded
            rules.append("DE-5")
            record.update(reward=paid.reward, returned=paid.returned, discarded=paid.discarded)
        else:
            self.misses[challenger], takes = miss(self.misses[challenger], self.supply)
            rules.append("DE-6")
            if takes:
                self.forgeries[challenger] += 1
                self.supply -= 1
                record.update(took_forgery=True)
                if self.supply == 0:  # DE-8: at once, placed cards not in hand
                    self._forced_end(in_hand)
                    rules.append("DE-8")
        if not self.done:
            low = tuple(out_of_cards(self.hands))  # DE-7
            if low:
                self.winners, self.end = low, "hand"
            rules.append("DE-7")
            self.start = next_start(challenger, n)
        done = Round(**record, rule_ids=tuple(rules))  # type: ignore[arg-type]
        self.rounds.append(done)
        return done

    def _forced_end(self, in_hand: list[int]) -> None:
        ranks = supply_ranking(self.forgeries, in_hand)
        self.winners = tuple(s for s, place in enumerate(ranks) if place == 1)
        self.end = "supply"

    # ------------------------------------------------------------ the log

    def log(self) -> str:
        return "-".join(
            f"{r.challenger}{'s' if r.success else 'f'}{''.join(map(str, r.flipped))}/"
            + ".".join(map(str, r.placed))
            for r in self.rounds
        )

    @classmethod
    def replay(cls, names: Sequence[str], first: int, log: str) -> DetectiveEyeLedger:
        ledger = cls(tuple(names), first)
        replay_log(log, lambda entry: ledger.play(*parse_round(entry)))
        return ledger


def parse_round(entry: str) -> tuple[int, bool, tuple[int, ...], tuple[int, ...]]:
    """``"1s02/1.2.1"`` -> (1, True, (0, 2), (1, 2, 1)); ValueError otherwise."""
    head, slash, tail = entry.partition("/")
    if not slash or len(head) < 2 or head[1] not in "sf" or not head.isascii():
        raise ValueError(f"not a round: {entry[:20]!r}")
    digits = head[0] + head[2:]
    parts = tail.split(".")
    if not digits.isdigit() or not all(p.isascii() and p.isdigit() and len(p) < 3 for p in parts):
        raise ValueError(f"not a round: {entry[:20]!r}")
    return int(head[0]), head[1] == "s", tuple(int(c) for c in head[2:]), tuple(map(int, parts))
