"""Detective Eye / Attribute Eye (ディテクティブアイ): odds and engine.

Rulings DE-1..DE-8. Cards are the 24 paintings (``monet-1`` .. ``vermeer-8``);
the three forgeries are a counter (the supply) since they are never placed.

Engine actions, by phase:

* ``draft`` (simultaneous, once): ``pass:<card>,<card>`` two cards to the left (DE-1).
* ``reveal`` (simultaneous, each round): ``place:<card>`` one card face down (DE-2).
* ``turn`` (start player clockwise): ``place:<card>`` or ``declare:<painter>:<count>``.
* ``bid`` (clockwise from the declarer): ``raise:<painter>:<count>`` or ``pass`` (DE-3).
* ``challenge``: ``flip:<seat>:<position>`` a face-down card (DE-4).
* ``pay``: ``discard:<card>`` from hand, one per point still owed (DE-5).

Seats are numbered clockwise; "left" is the next seat clockwise. DE-5's
reward counts each distinct owner of a flipped card, the challenger only when
one of their own placed cards was flipped. DE-8's tie-break "cards in hand"
counts only the cards in hand when the supply runs out: cards placed on the
table that round are not in hand (the round never ends, so they never
return).

Odds (:func:`facedown_odds`) treat the other players' face-down cards as a
uniform draw from every card you cannot see; what you know from the draft
(the two cards you passed) is not used, which keeps the figure honest about
bluffing: a player may place anything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import ClassVar

from cardpress.catalogue.models import Painter
from cardpress.games.base import (
    N_,
    NOT_NOW,
    Action,
    Event,
    GameState,
    IllegalAction,
    rank_by,
    replay_record,
    seat_option,
)
from cardpress.games.triptych import PAINTER_IDS, PAINTER_OF, PAINTINGS

GAME_ID = "detective-eye"
HAND = 5
SUPPLY = 3
MISSES_PER_FORGERY = 2
PER_PAINTER = 8


#: how the game ended -> the ruling that ends it and ranks the players
END_RULES: dict[str, tuple[str, ...]] = {
    "supply": ("DE-8",),  # the supply's last forgery taken: fewest forgeries, then cards
    "hand": ("DE-7",),  # a round ended with one card or none in someone's hand
}


# ------------------------------------------------------- the bookkeeping rules
# Pure, on counts alone: the engine applies them to its cards, and the paper
# table's follower (cardpress.follow.detective_eye) to what the table reports.


@dataclass(frozen=True)
class Reward:
    """DE-5: what a successful challenge pays, in cards."""

    reward: int  # one card per player whose card was flipped
    returned: int  # forgeries back to the supply first
    discarded: int  # then cards from the challenger's hand (as many as they hold)


def reward(owners: int, forgeries: int, in_hand: int) -> Reward:
    """DE-5 for a challenger who flipped cards of ``owners`` players."""
    back = min(owners, forgeries)
    return Reward(owners, back, min(owners - back, in_hand))


def miss(misses: int, supply: int) -> tuple[int, bool]:
    """DE-6: a failed challenge is a miss; every second miss takes a forgery
    from the supply while it has one. -> (misses now, whether a forgery is taken)."""
    misses += 1
    if misses >= MISSES_PER_FORGERY:
        return 0, supply > 0
    return misses, False


def out_of_cards(hands: Sequence[int]) -> list[int]:
    """DE-7: the players with one card or none when a round ends (they win)."""
    return [p for p, held in enumerate(hands) if held <= 1]


def next_start(challenger: int, players: int) -> int:
    """DE-7: the next round starts left of the challenger."""
    return (challenger + 1) % players


def supply_ranking(forgeries: Sequence[int], in_hand: Sequence[int]) -> list[int]:
    """DE-8, the supply's last forgery taken: fewest forgeries, then fewest
    cards in hand (placed cards not counted); equal players share the place."""
    return rank_by([(-f, -h) for f, h in zip(forgeries, in_hand, strict=True)])


#: painter id -> itself; a ``Painter`` (a StrEnum) finds its id here too
_IDS: dict[str, str] = {p: p for p in PAINTER_IDS}


def _painter_id(painter: Painter | str) -> str:
    """``Painter(painter).value``, without an enum call for every card (the
    bots weigh odds many times a turn); anything else still fails as before."""
    try:
        return _IDS[painter]
    except (KeyError, TypeError):
        return Painter(painter).value


def facedown_odds(
    painter: Painter | str,
    k: int,
    hand: Sequence[Painter | str],
    own_facedown: Sequence[Painter | str],
    others_facedown: int,
    seen: Sequence[Painter | str] = (),
) -> Fraction:
    """Chance that at least ``k`` cards of ``painter`` lie face down on the table.

    ``hand``, ``own_facedown``: painters of your hand and of your own face-down
    cards. ``others_facedown``: how many face-down cards the others have.
    ``seen``: painters of every other card you can see (flipped cards, the
    discard pile). The others' face-down cards are a uniform draw from the
    cards you cannot see (hypergeometric, exact).
    """
    target = _painter_id(painter)
    return _odds(target, k, _Unseen(hand, own_facedown, others_facedown, seen))


class _Unseen:
    """What one player cannot see, counted once for many odds: per painter,
    the cards nobody showed them (``pool``, ``size`` in all), their own
    face-down cards (``own``), and the others' face-down count."""

    __slots__ = ("others", "own", "pool", "size")

    def __init__(
        self,
        hand: Sequence[Painter | str],
        own_facedown: Sequence[Painter | str],
        others_facedown: int,
        seen: Sequence[Painter | str],
    ) -> None:
        known: dict[str, int] = dict.fromkeys(PAINTER_IDS, 0)
        self.own: dict[str, int] = dict.fromkeys(PAINTER_IDS, 0)
        for p in own_facedown:
            self.own[_painter_id(p)] += 1
        for group in (hand, own_facedown, seen):
            for p in group:
                known[_painter_id(p)] += 1
        if any(v > PER_PAINTER for v in known.values()):
            raise ValueError("more cards of one painter than the deck holds (8)")
        self.pool = {p: PER_PAINTER - v for p, v in known.items()}
        self.size = sum(self.pool.values())
        if not 0 <= others_facedown <= self.size:
            raise ValueError(f"others_facedown must be 0-{self.size}")
        self.others = others_facedown


def _odds(target: str, k: int, unseen: _Unseen) -> Fraction:
    """At least ``k`` face down of painter ``target`` (hypergeometric, exact)."""
    need = k - unseen.own[target]
    if need <= 0:
        return Fraction(1)
    good, size, others = unseen.pool[target], unseen.size, unseen.others
    total = comb(size, others)
    hits = sum(
        comb(good, j) * comb(size - good, others - j) for j in range(need, min(good, others) + 1)
    )
    return Fraction(hits, total)


class DetectiveEyeState(GameState):
    """A game of Detective Eye. Options: ``start_player`` (default 0)."""

    game_id: ClassVar[str] = GAME_ID
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_options: ClassVar[dict[str, object]] = {"start_player": 0}
    turn_rule: ClassVar[str | None] = "DE-2"
    #: secret moves: the draft's two cards (DE-1) and every card placed face down (DE-2)
    secret_actions: ClassVar[tuple[str, ...]] = ("pass:", "place:")

    hands: list[list[str]]
    out: list[str]
    discard: list[str]
    placed: list[list[str]]
    flipped: list[list[bool]]
    forgeries: list[int]
    supply: int
    misses: list[int]
    phase: str  # draft | reveal | turn | bid | challenge | pay | over
    choice: list[str | None]
    passed: list[list[str]]
    start: int
    turn: int
    bid: list[object] | None  # [painter, count, seat]
    bid_passed: list[bool]
    found: int
    owners: list[int]
    owed: int
    winners_: list[int]
    end_reason: str | None
    rounds: int

    def _setup(self) -> None:
        n = self.num_players
        start = seat_option(self.options, "start_player", n)
        deck = list(PAINTINGS)
        self._shuffle(deck)
        self.hands = [sorted(deck[p * HAND : (p + 1) * HAND]) for p in range(n)]
        self.out = deck[n * HAND :]
        self.discard = []
        self.placed = [[] for _ in range(n)]
        self.flipped = [[] for _ in range(n)]
        self.forgeries = [0] * n
        self.supply = SUPPLY
        self.misses = [0] * n
        self.phase = "draft"
        self.choice = [None] * n
        self.passed = [[] for _ in range(n)]
        self.start = start
        self.turn = start
        self.bid = None
        self.bid_passed = [False] * n
        self.found = 0
        self.owners = []
        self.owed = 0
        self.winners_ = []
        self.end_reason = None
        self.rounds = 1

    # ------------------------------------------------------------------ queries

    def facedown_total(self) -> int:
        return sum(f.count(False) for f in self.flipped)

    def current_players(self) -> list[int]:
        if self.phase in ("draft", "reveal"):
            return [p for p in range(self.num_players) if self.choice[p] is None]
        if self.phase == "over":
            return []
        return [self.turn]

    def canonical(self, player: int, action: Action) -> Action:
        """``pass:b,a`` -> ``pass:a,b``: the draft's two cards in hand order."""
        if action[:5] == "pass:" and self.phase == "draft":
            a, comma, b = action[5:].partition(",")
            hand = self.hands[player]
            if comma and a in hand and b in hand and hand.index(b) < hand.index(a):
                return f"pass:{b},{a}"
        return action

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        phase = self.phase
        hand = self.hands[player]
        if phase == "draft":
            return [f"pass:{a},{b}" for i, a in enumerate(hand) for b in hand[i + 1 :]]
        if phase == "reveal":
            return ["place:" + c for c in hand]
        if phase == "turn":
            acts = ["place:" + c for c in hand]
            total = self.facedown_total()
            acts.extend(f"declare:{p}:{k}" for p in PAINTER_IDS for k in range(1, total + 1))
            return acts
        if phase == "bid":
            assert self.bid is not None
            count = int(self.bid[1])  # type: ignore[call-overload]
            total = self.facedown_total()
            return ["pass"] + [
                f"raise:{p}:{k}" for p in PAINTER_IDS for k in range(count + 1, total + 1)
            ]
        if phase == "challenge":
            return [
                f"flip:{s}:{i}"
                for s in range(self.num_players)
                for i, up in enumerate(self.flipped[s])
                if not up
            ]
        if phase == "pay":
            return ["discard:" + c for c in hand]
        return []

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        phase = self.phase
        if phase == "draft":
            return IllegalAction(
                N_("pass two different cards of your hand (%(form)s)"),
                "DE-1",
                form="pass:<card>,<card>",
            )
        if phase == "reveal":
            return IllegalAction(
                N_("place one card of your hand face down (%(form)s)"),
                "DE-2",
                form="place:<card>",
            )
        if phase == "turn":
            if action.startswith("place:") and not self.hands[player]:
                return IllegalAction(N_("with no card in hand you must declare"), "DE-2")
            if action.startswith("declare:"):
                return IllegalAction(
                    N_("a declaration names a painter and 1-%(most)s cards"),
                    "DE-3",
                    most=self.facedown_total(),
                )
            return IllegalAction(N_("place a card from your hand or declare"), "DE-2")
        if phase == "bid":
            return IllegalAction(
                N_("raise to a higher count, at most the face-down cards on the table, or pass"),
                "DE-3",
            )
        if phase == "challenge":
            return IllegalAction(
                N_("flip one face-down card (%(form)s)"), "DE-4", form="flip:<seat>:<position>"
            )
        if phase == "pay":
            return IllegalAction(
                N_("discard one card of your hand (%(form)s)"), "DE-5", form="discard:<card>"
            )
        return IllegalAction(NOT_NOW, None, action=action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def held(self, player: int) -> int:
        """Cards in hand, plus those placed this round unless the game ended
        with them still on the table (DE-8: placed cards are not in hand)."""
        if self.end_reason == "supply":
            return len(self.hands[player])
        return len(self.hands[player]) + len(self.placed[player])

    def scores(self) -> list[float]:
        """Cards held plus forgeries, negated: higher is better."""
        return [-float(self.held(p) + self.forgeries[p]) for p in range(self.num_players)]

    def result_rules(self) -> tuple[str, ...]:
        """DE-8 when the forgery supply ran out, DE-7 when a hand did."""
        return END_RULES.get(self.end_reason or "", ())

    def collected(self, seat: int) -> list[str] | None:
        return list(self.hands[seat])

    def ranking(self) -> list[int]:
        n = self.num_players
        if self.end_reason == "supply":
            return supply_ranking(self.forgeries, [self.held(p) for p in range(n)])
        return rank_by([(p in self.winners_, -self.held(p), -self.forgeries[p]) for p in range(n)])

    def facedown_odds(self, player: int, painter: Painter | str, k: int) -> Fraction:
        """:func:`facedown_odds` from what ``player`` can see now."""
        target = _painter_id(painter)
        return _odds(target, k, self._unseen(player))

    #: (player, hand, placed, flipped, discard, what they cannot see): the last
    #: count, compared by value so it never goes stale (bots ask for many odds
    #: in one position); a class default, and not part of the JSON form
    _unseen_cache: (
        tuple[int, list[str], list[list[str]], list[list[bool]], list[str], _Unseen] | None
    ) = None

    def _unseen(self, player: int) -> _Unseen:
        cache = self._unseen_cache
        if (
            cache is not None
            and cache[0] == player
            and cache[1] == self.hands[player]
            and cache[2] == self.placed
            and cache[3] == self.flipped
            and cache[4] == self.discard
        ):
            return cache[5]
        own_down = [
            PAINTER_OF[c] or ""
            for c, up in zip(self.placed[player], self.flipped[player], strict=True)
            if not up
        ]
        seen = [PAINTER_OF[c] or "" for c in self.discard]
        others = 0
        for s in range(self.num_players):
            for c, up in zip(self.placed[s], self.flipped[s], strict=True):
                if up:
                    seen.append(PAINTER_OF[c] or "")
                elif s != player:
                    others += 1
        hand = [PAINTER_OF[c] or "" for c in self.hands[player]]
        unseen = _Unseen(hand, own_down, others, seen)
        self._unseen_cache = (
            player,
            list(self.hands[player]),
            [list(cards) for cards in self.placed],
            [list(flags) for flags in self.flipped],
            list(self.discard),
            unseen,
        )
        return unseen

    def view(self, player: int | None) -> dict[str, object]:
        """Your hand and your own face-down cards; others' only once flipped, or once
        the game is over (the table turns its cards up, as players do at the end)."""
        n = self.num_players
        hidden_choice = self.phase in ("draft", "reveal")
        over = self.phase == "over"
        return {
            "game": GAME_ID,
            "players": list(self.names),
            "viewer": player,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "placed": [
                [
                    c if (up or over or s == player) else "hidden"
                    for c, up in zip(self.placed[s], self.flipped[s], strict=True)
                ]
                for s in range(n)
            ],
            "flipped": [list(f) for f in self.flipped],
            "choice": [
                (c if s == player else ("hidden" if c is not None else None))
                for s, c in enumerate(self.choice)
            ]
            if hidden_choice
            else [None] * n,
            "passed": list(self.passed[player]) if player is not None else None,
            "received": (list(self.passed[(player - 1) % n]) if player is not None else None),
            "out": len(self.out),
            "discard": list(self.discard),
            "forgeries": list(self.forgeries),
            "supply": self.supply,
            "misses": list(self.misses),
            "phase": self.phase,
            "start": self.start,
            "turn": self.turn,
            "bid": list(self.bid) if self.bid else None,
            "bid_passed": list(self.bid_passed),
            "found": self.found,
            "owners": list(self.owners),
            "owed": self.owed,
            "to_act": self.current_players(),
            "legal_actions": self.legal_actions(player) if player is not None else [],
            "terminal": self.is_terminal(),
            "winners": self.winners() if self.is_terminal() else None,
        }

    # ------------------------------------------------------------------ moves

    def _apply(self, player: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        kind, _, arg = action.partition(":")
        phase = self.phase
        if phase in ("draft", "reveal"):
            self.choice[player] = arg
            if all(c is not None for c in self.choice):
                if phase == "draft":
                    self._resolve_draft(ev)
                else:
                    self._resolve_reveal(ev)
        elif kind == "place":
            self.hands[player].remove(arg)
            self.placed[player].append(arg)
            self.flipped[player].append(False)
            ev.append(Event("place", ("DE-2",), player, {"facedown": self.facedown_total()}))
            self.turn = (player + 1) % self.num_players
        elif kind == "declare" or kind == "raise":
            painter, _, count = arg.partition(":")
            self.bid = [painter, int(count), player]
            if kind == "declare":
                self.bid_passed = [False] * self.num_players
            ev.append(Event(kind, ("DE-3",), player, {"painter": painter, "count": int(count)}))
            self._next_bidder(player, ev)
        elif kind == "pass":
            self.bid_passed[player] = True
            ev.append(Event("pass", ("DE-3",), player, {}))
            self._next_bidder(player, ev)
        elif kind == "flip":
            seat_s, _, pos_s = arg.partition(":")
            self._flip(player, int(seat_s), int(pos_s), ev)
        else:  # discard
            self.hands[player].remove(arg)
            self.discard.append(arg)
            self.owed -= 1
            ev.append(Event("discard", ("DE-5",), player, {"card": arg}))
            if self.owed == 0:
                self._end_round(player, ev)
        return ev

    def _resolve_draft(self, ev: list[Event]) -> None:
        n = self.num_players
        picks = [(c or "").split(",") for c in self.choice]
        for p in range(n):
            for card in picks[p]:
                self.hands[p].remove(card)
        for p in range(n):
            self.hands[(p + 1) % n].extend(picks[p])
            self.hands[(p + 1) % n].sort()
            self.passed[p] = picks[p]
        self.choice = [None] * n
        self.phase = "reveal"
        ev.append(Event("draft", ("DE-1",), None, {}))

    def _resolve_reveal(self, ev: list[Event]) -> None:
        for p, card in enumerate(self.choice):
            self.hands[p].remove(card or "")
            self.placed[p].append(card or "")
            self.flipped[p].append(False)
        self.choice = [None] * self.num_players
        self.phase = "turn"
        self.turn = self.start
        ev.append(Event("placed", ("DE-2",), None, {"facedown": self.facedown_total()}))

    def _next_bidder(self, player: int, ev: list[Event]) -> None:
        n = self.num_players
        assert self.bid is not None
        high = int(self.bid[2])  # type: ignore[call-overload]
        self.phase = "bid"
        for i in range(1, n + 1):
            seat = (player + i) % n
            if seat != high and not self.bid_passed[seat]:
                self.turn = seat
                return
        self.phase = "challenge"
        self.turn = high
        self.found = 0
        self.owners = []
        ev.append(
            Event(
                "challenge", ("DE-3", "DE-4"), high, {"painter": self.bid[0], "count": self.bid[1]}
            )
        )

    def _flip(self, player: int, seat: int, pos: int, ev: list[Event]) -> None:
        assert self.bid is not None
        painter, count = str(self.bid[0]), int(self.bid[1])  # type: ignore[call-overload]
        self.flipped[seat][pos] = True
        card = self.placed[seat][pos]
        if seat not in self.owners:
            self.owners.append(seat)
        ok = PAINTER_OF[card] == painter
        ev.append(Event("flip", ("DE-4",), player, {"seat": seat, "card": card, "hit": ok}))
        if not ok:
            self.misses[player], takes = miss(self.misses[player], self.supply)
            rules = ["DE-6"]
            if takes:
                self.supply -= 1
                self.forgeries[player] += 1
                ev.append(Event("forgery", ("DE-6",), player, {"supply": self.supply}))
            ev.append(Event("challenge_failed", tuple(rules), player, {}))
            if self.supply == 0:
                self.phase = "over"
                self.end_reason = "supply"
                self.winners_ = self.winners()
                ev.append(Event("game_end", self.result_rules(), None, {"winners": self.winners_}))
                return
            self._end_round(player, ev)
            return
        self.found += 1
        if self.found < count:
            return
        paid = reward(len(self.owners), self.forgeries[player], len(self.hands[player]))
        self.forgeries[player] -= paid.returned
        self.supply += paid.returned
        self.owed = paid.discarded
        ev.append(
            Event(
                "challenge_succeeded",
                ("DE-4", "DE-5"),
                player,
                {"reward": paid.reward, "forgeries_returned": paid.returned, "discards": self.owed},
            )
        )
        if self.owed == len(self.hands[player]) and self.owed:
            self.discard.extend(self.hands[player])
            ev.append(Event("discard", ("DE-5",), player, {"cards": list(self.hands[player])}))
            self.hands[player] = []
            self.owed = 0
        if self.owed:
            self.phase = "pay"
            return
        self._end_round(player, ev)

    def _end_round(self, challenger: int, ev: list[Event]) -> None:
        n = self.num_players
        for p in range(n):
            self.hands[p].extend(self.placed[p])
            self.hands[p].sort()
            self.placed[p] = []
            self.flipped[p] = []
        self.bid = None
        self.bid_passed = [False] * n
        self.found = 0
        self.owners = []
        self.owed = 0
        done = out_of_cards([len(h) for h in self.hands])
        if done:
            self.phase = "over"
            self.end_reason = "hand"
            self.winners_ = done
            ev.append(Event("game_end", self.result_rules(), None, {"winners": done}))
            return
        self.start = next_start(challenger, n)
        self.turn = self.start
        self.rounds += 1
        self.phase = "reveal"
        self.choice = [None] * n
        ev.append(Event("round_end", ("DE-7",), None, {"start": self.start}))


def new_game(players: int | Sequence[str], seed: int = 0, **options: object) -> DetectiveEyeState:
    return DetectiveEyeState(players, seed, **options)


def replay(record: Mapping[str, object]) -> DetectiveEyeState:
    state = replay_record(DetectiveEyeState, record)
    assert isinstance(state, DetectiveEyeState)
    return state


__all__ = [
    "HAND",
    "MISSES_PER_FORGERY",
    "SUPPLY",
    "DetectiveEyeState",
    "Reward",
    "facedown_odds",
    "miss",
    "new_game",
    "next_start",
    "out_of_cards",
    "replay",
    "reward",
    "supply_ranking",
]
