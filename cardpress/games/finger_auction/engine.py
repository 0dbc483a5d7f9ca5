"""Finger Auction (フィンガーオークション): scoring tables, auction adjudication, engine.

Rulings FA-1..FA-7. The scoring and adjudication functions are the ones the
referee's API and the rule sheets call; the engine uses the same functions so
the three can never disagree.

Engine outline: four rounds; each round seven cards go face up on the field
and the players still in the round bid at the same time (``"bid:N"`` with
three or more participants, ``"hands:R/L"`` with two). The winner picks cards
one at a time (``"take:<card-id>"``). Reading of FA-4 used by the engine: a
bid shown in a three-or-more auction is a right hand too (the seed has
everyone bid with the right hand), so it counts as the "previous right hand"
when the next auction of the round is a two-participant one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from cardpress.catalogue.models import Painter
from cardpress.games.base import (
    N_,
    Action,
    Event,
    GameState,
    IllegalAction,
    choice_option,
    rank_by,
    replay_record,
)
from cardpress.games.triptych import FULL_DECK, KIND, MONA_LISA, PAINTER_OF, PAINTERS
from cardpress.vocabulary import FINGER_AUCTION_FIELD, FINGERS, PAINTINGS_PER_PAINTER

GAME_ID = "finger-auction"
#: how many play (FA-5: Monet's table depends on it)
MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROUNDS = 4
FIELD_SIZE = FINGER_AUCTION_FIELD
MIN_BID, MAX_BID = FINGERS
#: option ``variant``: "strict" makes any two equal bids a re-bid (FA-1)
VARIANTS = ("standard", "strict")

_TABLES: dict[str, tuple[int, ...]] = {
    "monet-2": (1, 3, 6, 10, 15, 21, 28, 36, 45),
    "monet-34": (1, 2, 4, 8, 16, 32, 64, 128, 256),
    "gogh": (3, 6, 9, 12, 15, 18, 21, 24, 27),
    "vermeer": (0, 8, 0, 16, 0, 24, 0, 32, 0),
}


def _check_players(players: int) -> None:
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise ValueError(
            f"players must be {MIN_PLAYERS}-{MAX_PLAYERS} (Monet's table depends on it, FA-5): "
            f"{players!r}"
        )


def score_table(painter: Painter, players: int) -> tuple[int, ...]:
    """Points for holding 1..9 cards of ``painter`` (index 0 = one card).

    Monet's table follows the number of players in the game (FA-5).
    """
    _check_players(players)
    painter = Painter(painter)
    if painter is Painter.MONET:
        return _TABLES["monet-2" if players == 2 else "monet-34"]
    return _TABLES[painter.value]


def painter_points(painter: Painter, count: int, players: int) -> int:
    """Points for ``count`` cards of one painter; 0 cards score 0."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"count must be a whole number >= 0: {count!r}")
    table = score_table(painter, players)
    if count > len(table):
        raise ValueError(f"count {count} is impossible: the table stops at {len(table)}")
    return 0 if count == 0 else table[count - 1]


_PAINTER_ENUM: dict[str, Painter] = {c: Painter(p) for c, p in PAINTER_OF.items() if p}


@dataclass(frozen=True)
class FingerHand:
    """What one player holds at the end: paintings per painter, forgeries, Mona Lisa."""

    counts: Mapping[Painter, int]
    forgeries: frozenset[Painter] = frozenset()
    mona_lisa: bool = False

    @property
    def cards(self) -> int:
        """Every card held: paintings, forgeries and the Mona Lisa (FA-7 counts them all)."""
        return (
            sum(self.counts.get(p, 0) for p in PAINTERS)
            + len(self.forgeries)
            + (1 if self.mona_lisa else 0)
        )

    @classmethod
    def from_cards(cls, cards: Sequence[str]) -> FingerHand:
        """Build a hand from engine card ids (``monet-3``, ``forgery-gogh``, ``mona-lisa``)."""
        counts = dict.fromkeys(PAINTERS, 0)
        forgeries: set[Painter] = set()
        for card in cards:
            kind = KIND[card]
            if kind == "painting":
                counts[_PAINTER_ENUM[card]] += 1
            elif kind == "forgery":
                forgeries.add(_PAINTER_ENUM[card])
        return cls(counts, frozenset(forgeries), MONA_LISA in cards)


@dataclass(frozen=True)
class HandScore:
    total: int
    painters: dict[Painter, int]
    mona_lisa_as: Painter | None
    cards: int
    rule_ids: tuple[str, ...]


def score_hand(hand: FingerHand, players: int) -> HandScore:
    """Score a hand (FA-5, FA-6).

    Per painter: paintings, +1 if the Mona Lisa is counted as that painter,
    -1 if the player holds that painter's forgery, floored at 0, then the
    table. The Mona Lisa goes to the painter giving the highest total; on a
    tie the first of monet, gogh, vermeer (so the result is deterministic).
    """
    _check_players(players)
    counts: dict[Painter, int] = {}
    for painter in PAINTERS:
        n = hand.counts.get(painter, 0)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= PAINTINGS_PER_PAINTER:
            raise ValueError(
                f"{painter.value}: {n!r} paintings; the deck has 0-{PAINTINGS_PER_PAINTER}"
            )
        counts[painter] = n
    choices: tuple[Painter | None, ...] = PAINTERS if hand.mona_lisa else (None,)
    tables = {p: score_table(p, players) for p in PAINTERS}
    best: HandScore | None = None
    for choice in choices:
        points: dict[Painter, int] = {}
        for p in PAINTERS:
            net = counts[p] + (p is choice) - (p in hand.forgeries)
            points[p] = tables[p][net - 1] if net > 0 else 0
        total = sum(points.values())
        if best is None or total > best.total:
            best = HandScore(total, points, choice, hand.cards, ("FA-5", "FA-6"))
    assert best is not None
    return best


#: card id -> how it counts (FA-5, FA-6): i a painting of PAINTERS[i], 3 + i the
#: forgery of PAINTERS[i], 6 the Mona Lisa
_ROLE: dict[str, int] = {MONA_LISA: 6}
for _card, _painter in _PAINTER_ENUM.items():
    _ROLE[_card] = PAINTERS.index(_painter) + (3 if KIND[_card] == "forgery" else 0)
#: players -> (0 cards, then the score table) per painter of PAINTERS
_POINTS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple((0, *score_table(p, n)) for p in PAINTERS) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def quick_score(cards: Sequence[str], players: int) -> tuple[int, int]:
    """``(total, cards held)`` of ``score_hand(FingerHand.from_cards(cards), players)``.

    The same rules without building a hand or checking it (the engine only
    holds real cards), and without comprehensions (each is a call): the
    engine ranks with it and the bot weighs every field card with it; a test
    checks the two agree.
    """
    counts = [0, 0, 0, 0, 0, 0, 0]
    for card in cards:
        counts[_ROLE[card]] += 1
    total = 0
    mona_lisa = -1000  # what the Mona Lisa adds to the painter it helps most
    for i, table in enumerate(_POINTS[players]):
        net = counts[i] - 1 if counts[3 + i] else counts[i]  # -1: a forgery, no painting
        here = table[net] if net > 0 else 0
        total += here
        gain = (table[net + 1] if net >= 0 else 0) - here  # may be < 0 (Vermeer)
        if gain > mona_lisa:
            mona_lisa = gain
    held = counts[0] + counts[1] + counts[2]
    for role in (3, 4, 5, 6):  # a forgery or the Mona Lisa counts once
        if counts[role]:
            held += 1
    return (total + mona_lisa if counts[6] else total), held


def winners(scores: Sequence[HandScore]) -> list[int]:
    """Indices of the winners: highest total, then fewest cards held; else shared (FA-7)."""
    if not scores:
        return []
    top = max(s.total for s in scores)
    fewest = min(s.cards for s in scores if s.total == top)
    return [i for i, s in enumerate(scores) if s.total == top and s.cards == fewest]


# --------------------------------------------------------------------------- auctions


@dataclass(frozen=True)
class TwoHands:
    """A two-participant bid: right hand takes, left hand blocks (FA-3)."""

    right: int
    left: int


@dataclass(frozen=True)
class AuctionOutcome:
    outcome: Literal["won", "rebid"]
    awards: tuple[tuple[str, int], ...] = ()
    rule_ids: tuple[str, ...] = field(default=())


class IllegalBid(ValueError):
    """A bid the rules forbid; ``player`` names who made it."""

    def __init__(self, player: str, message: str, rule_id: str | None = None) -> None:
        super().__init__(f"{player}: {message}")
        self.player = player
        self.message = message
        self.rule_id = rule_id


def _check_fingers(player: str, value: object, hand: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_BID <= value <= MAX_BID:
        raise IllegalBid(player, f"{hand} must show 1-5 fingers, not {value!r}", "FA-1")
    return value


def adjudicate_auction(
    field: int,
    bids: Mapping[str, int | TwoHands],
    previous_right: Mapping[str, int] | None = None,
    variant: Literal["standard", "strict"] = "standard",
) -> AuctionOutcome:
    """Decide one auction over ``field`` cards; ``bids`` keys are the participants.

    One participant takes everything (FA-2). Three or more bid plain ints:
    the lowest bid nobody else made wins (FA-1; "strict": any collision is a
    re-bid). Two show :class:`TwoHands` (FA-3); a right hand repeating the
    player's ``previous_right`` is illegal (FA-4). Awards list who takes how
    many cards, in the order they leave; with two participants the loser
    then takes what is left (FA-2), omitted when nothing is left.
    """
    if isinstance(field, bool) or not isinstance(field, int) or field < 1:
        raise ValueError(f"field must be a positive number of cards: {field!r}")
    if variant not in VARIANTS:
        raise ValueError(f"variant must be 'standard' or 'strict': {variant!r}")
    if not bids:
        raise ValueError("an auction needs at least one participant")
    previous_right = previous_right or {}
    players = list(bids)
    if len(players) == 1:
        return AuctionOutcome("won", ((players[0], field),), ("FA-2",))
    if len(players) == 2:
        hands: dict[str, TwoHands] = {}
        for p in players:
            bid = bids[p]
            if not isinstance(bid, TwoHands):
                raise IllegalBid(
                    p, "with two participants a bid is a right and a left hand", "FA-3"
                )
            _check_fingers(p, bid.right, "the right hand")
            _check_fingers(p, bid.left, "the left hand")
            if previous_right.get(p) == bid.right:
                raise IllegalBid(
                    p,
                    f"the right hand may not repeat {bid.right} from the previous auction",
                    "FA-4",
                )
            hands[p] = bid
        a, b = players
        a_ok = hands[a].right != hands[b].left
        b_ok = hands[b].right != hands[a].left
        if a_ok and b_ok and hands[a].right != hands[b].right:
            winner = a if hands[a].right < hands[b].right else b
        elif a_ok != b_ok:
            winner = a if a_ok else b
        else:
            return AuctionOutcome("rebid", (), ("FA-3",))
        loser = b if winner == a else a
        taken = min(hands[winner].right, field)
        awards = [(winner, taken)]
        if field - taken > 0:
            awards.append((loser, field - taken))
        return AuctionOutcome("won", tuple(awards), ("FA-3", "FA-2"))
    values: dict[str, int] = {}
    for p in players:
        bid = bids[p]
        if isinstance(bid, TwoHands):
            raise IllegalBid(p, "with three or more participants a bid is one hand", "FA-1")
        values[p] = _check_fingers(p, bid, "the bid")
    tally: dict[int, int] = {}
    for v in values.values():
        tally[v] = tally.get(v, 0) + 1
    if variant == "strict" and any(n > 1 for n in tally.values()):
        return AuctionOutcome("rebid", (), ("FA-1",))
    unique = [v for v, n in tally.items() if n == 1]
    if not unique:
        return AuctionOutcome("rebid", (), ("FA-1",))
    low = min(unique)
    winner = next(p for p in players if values[p] == low)
    return AuctionOutcome("won", ((winner, min(low, field)),), ("FA-1", "FA-2"))


def parse_bid(action: str) -> int | TwoHands:
    """``"bid:3"`` -> 3; ``"hands:3/4"`` -> TwoHands(3, 4)."""
    kind, _, rest = action.partition(":")
    if kind == "bid":
        return int(rest)
    if kind == "hands":
        right, _, left = rest.partition("/")
        return TwoHands(int(right), int(left))
    raise ValueError(f"not a bid: {action!r}")


# --------------------------------------------------------------------------- engine

_BIDS_3: list[str] = [f"bid:{n}" for n in range(MIN_BID, MAX_BID + 1)]
_HANDS_2: dict[int | None, list[str]] = {
    prev: [
        f"hands:{r}/{lh}"
        for r in range(MIN_BID, MAX_BID + 1)
        if r != prev
        for lh in range(MIN_BID, MAX_BID + 1)
    ]
    for prev in (None, 1, 2, 3, 4, 5)
}
_BIDS_3_SET = frozenset(_BIDS_3)


def _auction(field: int, bids: list[int | TwoHands], variant: str) -> tuple[int, int] | None:
    """(index of the winning bid, cards it takes), or None for a re-bid.

    :func:`adjudicate_auction`'s rules for bids the engine has already
    validated (it only accepts legal bids), without its checks or its result
    objects; :func:`_decide` shows the two agree.
    """
    if len(bids) == 2:
        a, b = bids
        assert isinstance(a, TwoHands) and isinstance(b, TwoHands)
        a_ok = a.right != b.left
        b_ok = b.right != a.left
        if a_ok and b_ok and a.right != b.right:
            first = a.right < b.right
        elif a_ok != b_ok:
            first = a_ok
        else:
            return None
        return (0, min(a.right, field)) if first else (1, min(b.right, field))
    tally = [0] * 6
    for v in bids:
        tally[v] += 1  # type: ignore[index]
    if variant == "strict" and max(tally) > 1:
        return None
    for low in range(1, 6):
        if tally[low] == 1:
            return bids.index(low), min(low, field)
    return None


#: rule IDs of an auction's outcome, by "two participants?" (FA-1, FA-3; FA-2 awards)
_WON_RULES = {True: ("FA-3", "FA-2"), False: ("FA-1", "FA-2")}
_REBID_RULES = {True: ("FA-3",), False: ("FA-1",)}


def _decide(
    field: int, parts: list[int], bids: list[int | TwoHands], variant: str
) -> AuctionOutcome:
    """:func:`_auction` as an :class:`AuctionOutcome` (the tests check it
    against :func:`adjudicate_auction` on every combination)."""
    two = len(parts) == 2
    won = _auction(field, bids, variant)
    if won is None:
        return AuctionOutcome("rebid", (), _REBID_RULES[two])
    i, taken = won
    awards: tuple[tuple[str, int], ...] = ((str(parts[i]), taken),)
    if two and field > taken:
        awards += ((str(parts[1 - i]), field - taken),)
    return AuctionOutcome("won", awards, _WON_RULES[two])


_PARSED: dict[str, int | TwoHands] = {a: parse_bid(a) for a in [*_BIDS_3, *_HANDS_2[None]]}
_HANDS_2_SET = {k: frozenset(v) for k, v in _HANDS_2.items()}
#: card -> its take action, precomputed (a picker's legal actions, every pick)
_TAKE: dict[str, str] = {c: "take:" + c for c in FULL_DECK}
#: bid action -> its right hand (a one-hand bid counts as one, see the module doc)
_RIGHT: dict[str, int] = {
    a: bid.right if isinstance(bid, TwoHands) else bid for a, bid in _PARSED.items()
}


class FingerAuctionState(GameState):
    """A game of Finger Auction. Options: ``variant`` ("standard" | "strict")."""

    game_id: ClassVar[str] = GAME_ID
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    default_options: ClassVar[dict[str, object]] = {"variant": "standard"}
    turn_rule: ClassVar[str | None] = "FA-1"
    #: secret moves: bids are shown face down until all are in (FA-1, FA-3)
    secret_actions: ClassVar[tuple[str, ...]] = ("bid:", "hands:")

    deck: list[str]
    field: list[str]
    round: int
    participants: list[int]
    bids: list[str | None]
    prev_right: list[int | None]
    picker: int | None
    picks_left: int
    pair_loser: int | None
    held: list[list[str]]
    auctions: int
    done: bool

    def _setup(self) -> None:
        choice_option(self.options, "variant", VARIANTS)
        n = self.num_players
        self.deck = list(FULL_DECK)
        self._shuffle(self.deck)
        self.field = []
        self.round = 0
        self.participants = []
        self.bids = [None] * n
        self.prev_right = [None] * n
        self.picker = None
        self.picks_left = 0
        self.pair_loser = None
        self.held = [[] for _ in range(n)]
        self.auctions = 0
        self.done = False
        self._start_round([])

    # ------------------------------------------------------------------ flow

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        if self.round > ROUNDS or not self.deck:
            self.done = True
            events.append(Event("game_end", ("FA-7",), None, {"winners": self.winners()}))
            return
        take = min(FIELD_SIZE, len(self.deck))
        self.field = self.deck[-take:][::-1]
        del self.deck[-take:]
        self.participants = list(range(self.num_players))
        self.prev_right = [None] * self.num_players
        self.bids = [None] * self.num_players
        events.append(
            Event("round_start", ("FA-2",), None, {"round": self.round, "field": list(self.field)})
        )

    def current_players(self) -> list[int]:
        if self.done:
            return []
        if self.picker is not None:
            return [self.picker]
        bids = self.bids
        waiting = []  # a loop, not a comprehension (a call each): this runs before every bid
        for p in self.participants:
            if bids[p] is None:
                waiting.append(p)
        return waiting

    def legal_actions(self, player: int) -> list[Action]:
        if self.done:
            return []
        if self.picker is not None:
            if player != self.picker:
                return []
            return [_TAKE[c] for c in self.field]
        if player not in self.participants or self.bids[player] is not None:
            return []
        if len(self.participants) == 2:
            return list(_HANDS_2[self.prev_right[player]])
        return list(_BIDS_3)

    def _is_legal(self, player: int, action: Action) -> bool:
        if self.done:
            return False
        if self.picker is not None:
            return player == self.picker and action[:5] == "take:" and action[5:] in self.field
        if self.bids[player] is not None or player not in self.participants:
            return False
        if len(self.participants) == 2:
            return action in _HANDS_2_SET[self.prev_right[player]]
        return action in _BIDS_3_SET

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        if self.picker is not None:
            return IllegalAction(
                N_("%(action)s: take one card from the field (%(form)s)"),
                "FA-2",
                action=action,
                form="take:<card>",
            )
        try:
            bid = parse_bid(action)
        except ValueError:
            return IllegalAction(N_("%(action)s is not a bid"), "FA-1", action=action)
        if len(self.participants) == 2:
            if not isinstance(bid, TwoHands):
                return IllegalAction(
                    N_("two participants show two hands (%(form)s)"), "FA-3", form="hands:R/L"
                )
            if bid.right == self.prev_right[player]:
                return IllegalAction(
                    N_("the right hand may not repeat %(right)s from the previous auction"),
                    "FA-4",
                    right=bid.right,
                )
            return IllegalAction(N_("each hand shows 1-5 fingers"), "FA-3")
        if isinstance(bid, TwoHands):
            return IllegalAction(
                N_("three or more participants bid one hand (%(form)s)"), "FA-1", form="bid:N"
            )
        return IllegalAction(N_("a bid is 1-5 fingers"), "FA-1")

    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.picker is not None:
            card = action[5:]
            self.field.remove(card)
            self.held[player].append(card)
            self.picks_left -= 1
            events.append(Event("take", ("FA-2",), player, {"card": card}))
            if self.picks_left == 0 or not self.field:
                self._after_pick(events)
            return events
        bids = self.bids
        bids[player] = action
        for p in self.participants:
            if bids[p] is None:
                return events
        self._resolve(events)
        return events

    def _resolve(self, events: list[Event]) -> None:
        parts = self.participants
        shown_bids = [self.bids[p] or "" for p in parts]
        two = len(parts) == 2
        won = _auction(len(self.field), [_PARSED[b] for b in shown_bids], self.options["variant"])
        shown = {str(p): b for p, b in zip(parts, shown_bids, strict=True)}
        for p, b in zip(parts, shown_bids, strict=True):
            self.prev_right[p] = _RIGHT[b]
            self.bids[p] = None
        self.auctions += 1
        if won is None:
            events.append(Event("rebid", _REBID_RULES[two], None, {"bids": shown}))
            return
        i, count = won
        winner = parts[i]
        events.append(
            Event("auction_won", _WON_RULES[two], winner, {"bids": shown, "cards": count})
        )
        self.pair_loser = parts[1 - i] if two else None
        self.picker = winner
        self.picks_left = count
        if count >= len(self.field):
            self.held[winner].extend(self.field)
            events.append(Event("take", ("FA-2",), winner, {"cards": list(self.field)}))
            self.field = []
            self._after_pick(events)

    def _after_pick(self, events: list[Event]) -> None:
        winner = self.picker
        assert winner is not None
        self.picker = None
        self.picks_left = 0
        self.participants.remove(winner)
        loser, self.pair_loser = self.pair_loser, None
        if self.field and len(self.participants) == 1:
            last = self.participants[0] if loser is None else loser
            self.held[last].extend(self.field)
            events.append(
                Event(
                    "take_rest",
                    ("FA-3", "FA-2") if loser is not None else ("FA-2",),
                    last,
                    {"cards": list(self.field)},
                )
            )
            self.field = []
        if not self.field:
            events.append(Event("round_end", ("FA-2",), None, {"round": self.round}))
            self._start_round(events)

    # ------------------------------------------------------------------ results

    def is_terminal(self) -> bool:
        return self.done

    def hand(self, player: int) -> FingerHand:
        return FingerHand.from_cards(self.held[player])

    def hand_scores(self) -> list[HandScore]:
        return [score_hand(self.hand(p), self.num_players) for p in range(self.num_players)]

    def scores(self) -> list[float]:
        n = self.num_players
        return [float(quick_score(held, n)[0]) for held in self.held]

    def result_rules(self) -> tuple[str, ...]:
        return ("FA-6", "FA-7") if self.is_terminal() else ()

    def collected(self, seat: int) -> list[str] | None:
        return list(self.held[seat])

    def ranking(self) -> list[int]:
        """Highest total, then fewest cards held (FA-7)."""
        n = self.num_players
        return rank_by([(total, -cards) for total, cards in (quick_score(h, n) for h in self.held)])

    def view(self, player: int | None) -> dict[str, object]:
        """Everything is face up except the deck order and bids not yet revealed."""
        return {
            "game": GAME_ID,
            "players": list(self.names),
            "viewer": player,
            "round": self.round,
            "deck": len(self.deck),
            "field": list(self.field),
            "held": [list(h) for h in self.held],
            "participants": list(self.participants),
            "bids": [
                (b if p == player else ("hidden" if b is not None else None))
                for p, b in enumerate(self.bids)
            ],
            "previous_right": list(self.prev_right),
            "picker": self.picker,
            "picks_left": self.picks_left,
            "to_act": self.current_players(),
            "legal_actions": self.legal_actions(player) if player is not None else [],
            "terminal": self.done,
            "scores": self.scores() if self.done else None,
        }


def new_game(players: int | Sequence[str], seed: int = 0, **options: object) -> FingerAuctionState:
    return FingerAuctionState(players, seed, **options)


def replay(record: Mapping[str, object]) -> FingerAuctionState:
    state = replay_record(FingerAuctionState, record)
    assert isinstance(state, FingerAuctionState)
    return state


__all__ = [
    "MAX_BID",
    "MAX_PLAYERS",
    "MIN_BID",
    "MIN_PLAYERS",
    "ROUNDS",
    "VARIANTS",
    "AuctionOutcome",
    "FingerAuctionState",
    "FingerHand",
    "HandScore",
    "IllegalAction",
    "IllegalBid",
    "TwoHands",
    "adjudicate_auction",
    "new_game",
    "painter_points",
    "quick_score",
    "replay",
    "score_hand",
    "score_table",
    "winners",
]
