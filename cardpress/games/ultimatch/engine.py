"""Ultimatch (アルティマッチ): the match rule, and the cooperative engine (1-5 players).

Rulings UM-1..UM-13. Card ids are ``<colour>-<number>`` (``orange-5``).

Engine actions, by phase:

* ``give``   (simultaneous, 2+ players): ``give:<card>`` a hand card to the alta hand (UM-9).
* ``offer``  (simultaneous, everyone but the active player): ``offer:<card>`` or
  ``offer:none`` (UM-10).
* ``swap``   (active): ``swap:<seat>:<own card>`` takes that seat's hidden offer in
  exchange for one of your cards, or ``noswap``.
* ``match``  (active): ``match:<target>:<card>`` or ``match:<target>:<card>+<card>``
  with hand or alta cards, or ``pass`` where UM-6 allows it.
* ``reward`` (active, after an Ultimatch): ``alta:<card>`` names which of the two
  drawn cards goes to the alta hand; the other stays in hand (UM-5).

Options: ``difficulty`` (one of :data:`DIFFICULTIES`, UM-12), ``turn_order``
("counter-clockwise" | "clockwise", UM-7), ``pass_rule`` ("standard" |
"strict", UM-6; "official", its name in earlier versions, is read as
"strict"), ``dealer`` (seat; the first-player tie-break starts at the
dealer's left, i.e. the next seat clockwise). Seats are numbered clockwise.
In solitaire there is no alta hand, exchange or pass, so only the "normal"
difficulty applies (the Ultimatch reward already goes to hand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import compress
from typing import ClassVar

from cardpress.games.base import (
    N_,
    NOT_NOW,
    Action,
    Card,
    Cards,
    Event,
    GameState,
    IllegalAction,
    OptionError,
    choice_option,
    replay_record,
    seat_option,
)
from cardpress.games.ultimatch.match import (
    _BIT,
    _CARD_AT_BIT,
    _COLOUR,
    _NUMBER,
    _PAIR_BITS,
    _SINGLE,
    _SINGLE_BITS,
    _ULT_BITS,
    Play,
    _mask,
)
from cardpress.games.ultimatch.match import CARD as CARD
from cardpress.games.ultimatch.match import DECK as DECK
from cardpress.games.ultimatch.match import NUMBERS as NUMBERS
from cardpress.games.ultimatch.match import MatchIndex as MatchIndex
from cardpress.games.ultimatch.match import MatchResult as MatchResult
from cardpress.games.ultimatch.match import match as match
from cardpress.games.ultimatch.match import parse_card_id as parse_card_id
from cardpress.vocabulary import COLOURS

GAME_ID = "ultimatch"

TURN_ORDERS = ("counter-clockwise", "clockwise")
PASS_RULES = ("standard", "strict")
#: option values of earlier versions, still accepted from stored tables, records and the API
PASS_RULE_ALIASES = {"official": "strict"}
#: the refusal a referee explains with the match rule's own reasons (match.explain)
NO_MATCH = N_("%(cards)s does not match %(target)s")

DIFFICULTIES: tuple[str, ...] = (
    "normal",
    "easier-alta-1",
    "easier-alta-2",
    "easier-exchange",
    "harder-remove",
    "harder-reward",
)
HAND_SIZE: dict[int, int] = {1: 13, 2: 6, 3: 4, 4: 5, 5: 4}  # UM-9
#: seat number as written in a ``swap:<seat>:<card>`` action -> seat
_SEAT: dict[str, int] = {str(s): s for s in range(5)}
#: players -> seat -> every other seat, in order
_OTHER_SEATS: dict[int, list[tuple[int, ...]]] = {
    n: [tuple(p for p in range(n) if p != seat) for seat in range(n)] for n in range(1, 6)
}


# --------------------------------------------------------------------------- engine


def _pyramid_rows(players: int) -> int:
    return 5 if players <= 3 else 6  # UM-8


def _index(row: int, pos: int) -> int:
    return row * (row + 1) // 2 + pos


#: (rows) -> list per index of the parent indices that a removal may uncover
_PARENTS: dict[int, list[tuple[int, ...]]] = {}
_CHILDREN: dict[int, list[tuple[int, int] | None]] = {}
for _rows in (5, 6):
    parents: list[tuple[int, ...]] = []
    children: list[tuple[int, int] | None] = []
    for _r in range(_rows):
        for _i in range(_r + 1):
            ps = []
            if _r > 0 and _i > 0:
                ps.append(_index(_r - 1, _i - 1))
            if _r > 0 and _i < _r:
                ps.append(_index(_r - 1, _i))
            parents.append(tuple(ps))
            children.append(
                (_index(_r + 1, _i), _index(_r + 1, _i + 1)) if _r + 1 < _rows else None
            )
    _PARENTS[_rows] = parents
    _CHILDREN[_rows] = children


#: the pyramid's shape for a paper table's follower (cardpress.follow.ultimatch):
#: rows -> place -> the two places covering it (None on the bottom row), and
#: the places its removal may uncover (UM-8)
COVERED_BY = _CHILDREN
UNCOVERS = _PARENTS
pyramid_rows = _pyramid_rows


class _Table:
    """The face-up pyramid cards of one pyramid, and the faces they show.

    Cached by value (see :meth:`UltimatchState._table`): each seat's bot reads
    them every exchange, and the pyramid changes once a turn at most.
    """

    __slots__ = ("colours", "face_up", "numbers", "pyramid", "targets")

    def __init__(self, pyramid: list[str | None], face_up: list[bool]) -> None:
        if len(pyramid) != len(face_up):
            raise ValueError("the pyramid and its face-up flags differ in length")
        # copies: the cache key must not change when the state's lists do
        self.pyramid = list(pyramid)
        self.face_up = list(face_up)
        #: face-up places still holding a card, in pyramid order
        self.targets: list[str] = list(filter(None, compress(pyramid, face_up)))
        self.colours = frozenset(map(_COLOUR.__getitem__, self.targets))
        self.numbers = frozenset(map(_NUMBER.__getitem__, self.targets))


class UltimatchState(GameState):
    """A game of Ultimatch: everyone wins or loses together (UM-6, UM-13)."""

    game_id: ClassVar[str] = GAME_ID
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 5
    default_options: ClassVar[dict[str, object]] = {
        "difficulty": "normal",
        "turn_order": "counter-clockwise",
        "pass_rule": "standard",
        "dealer": 0,
    }
    turn_rule: ClassVar[str | None] = "UM-7"
    #: secret moves: alta gifts (UM-9), offers and the card a swap gives (UM-10), all face down
    secret_actions: ClassVar[tuple[str, ...]] = ("give:", "offer:", "swap:")
    cooperative: ClassVar[bool] = True

    deck: list[str]
    discard: list[str]
    removed: list[str]
    pyramid: list[str | None]
    face_up: list[bool]
    rows: int
    hands: list[list[str]]
    alta: list[str]
    given: list[str | None]
    offers: list[str | None]
    offered: list[bool]
    exchanges_left: int
    drawn: list[str]
    turn: int
    phase: str  # give | offer | swap | match | reward | over
    passes: int
    won: bool | None
    turns: int
    ultimatches: int

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        o = self.options
        n = self.num_players
        choice_option(o, "difficulty", DIFFICULTIES)  # UM-12
        if n == 1 and o["difficulty"] != "normal":
            raise OptionError(
                "difficulty",
                N_(
                    "solitaire has no alta hand, exchange or pass: "
                    "%(option)s can only be %(value)s (UM-12)"
                ),
                value="normal",
            )
        choice_option(o, "turn_order", TURN_ORDERS)  # UM-7
        if isinstance(o["pass_rule"], str) and o["pass_rule"] in PASS_RULE_ALIASES:
            o["pass_rule"] = PASS_RULE_ALIASES[o["pass_rule"]]
        choice_option(o, "pass_rule", PASS_RULES)  # UM-6
        seat_option(o, "dealer", n)
        self.deck = list(DECK)
        self._shuffle(self.deck)
        self.rows = _pyramid_rows(n)
        size = self.rows * (self.rows + 1) // 2
        self.pyramid = [self.deck.pop() for _ in range(size)]
        bottom = _index(self.rows - 1, 0)
        self.face_up = [i >= bottom for i in range(size)]
        self.hands = [[self.deck.pop() for _ in range(HAND_SIZE[n])] for _ in range(n)]
        self.discard = []
        self.removed = []
        self.alta = []
        self.given = [None] * n
        self.offers = [None] * n
        self.offered = [False] * n
        self.exchanges_left = 0
        self.drawn = []
        self.turn = 0
        self.passes = 0
        self.won = None
        self.turns = 0
        self.ultimatches = 0
        if n == 1:
            self.phase = "match"
            self._begin_turn([])
        else:
            self.phase = "give"

    @property
    def solitaire(self) -> bool:
        return len(self.names) == 1

    def _next_seat(self, seat: int) -> int:
        step = -1 if self.options["turn_order"] == "counter-clockwise" else 1
        return (seat + step) % self.num_players

    def _draw(self, ev: list[Event]) -> str | None:
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self._shuffle(self.deck)
            ev.append(Event("reshuffle", ("UM-11",), None, {"deck": len(self.deck)}))
        return self.deck.pop()

    # ------------------------------------------------------------------ matches

    #: caches of derived data, compared by value with the state they came
    #: from, so they can never go stale, even when a test or the referee edits
    #: the state; class defaults (none yet), and not part of the JSON form
    _table_cache: _Table | None = None
    _plays_cache: tuple[list[str], list[str], _Table, list[Play]] | None = None

    def _table(self) -> _Table:
        table = self._table_cache
        if table is None or table.pyramid != self.pyramid or table.face_up != self.face_up:
            table = self._table_cache = _Table(self.pyramid, self.face_up)
        return table

    def targets(self) -> list[str]:
        """Face-up pyramid cards (the cards a play may match)."""
        return list(self._table().targets)

    def target_faces(self) -> tuple[frozenset[str], frozenset[int]]:
        """The colours and the numbers showing on face-up pyramid cards."""
        table = self._table()
        return table.colours, table.numbers

    def matches(self, player: int) -> list[Play]:
        """Every legal play for ``player``: (target, cards, ultimatch).

        Cached on its inputs (hand, alta, pyramid) and shared with the cache:
        read the list, do not change it.
        """
        hand, alta, table = self.hands[player], self.alta, self._table()
        cached = self._plays_cache
        if cached is not None and cached[2] is table and cached[0] == hand and cached[1] == alta:
            return cached[3]
        found = self._find_matches_for(table.targets, hand + alta)
        self._plays_cache = (list(hand), list(alta), table, found)
        return found

    def match_index(self, player: int) -> MatchIndex:
        """``player``'s plays as a :class:`MatchIndex` (searched, not listed)."""
        return MatchIndex(self._table().targets, self.hands[player], self.alta)

    @staticmethod
    def _find_matches_for(targets: list[str], cards: list[str]) -> list[Play]:
        """Every (target, cards, ultimatch) play, via the precomputed match tables.

        Order: by target, then single cards, then pairs (a, b) with a < b,
        cards in sorted order; ``legal_actions`` and the bots depend on it.
        """
        cards = sorted(set(cards))
        mask = _mask(cards)
        card_at = _CARD_AT_BIT
        out: list[Play] = []
        append = out.append
        for t in targets:
            m = _SINGLE_BITS[t] & mask
            while m:
                low = m & -m
                append((t, (card_at[low],), False))
                m ^= low
            pairs = _PAIR_BITS[t]
            ults = _ULT_BITS[t]
            for a in cards:
                m = pairs[a] & mask
                if m:
                    ult = ults[a]
                    while m:
                        low = m & -m
                        append((t, (a, card_at[low]), (ult & low) != 0))
                        m ^= low
        return out

    def has_match(self, player: int) -> bool:
        """Has ``player`` any play at all? ``bool(matches(player))``, without
        listing 13 solitaire cards' plays at the start of every turn."""
        cards = self.hands[player] + self.alta
        every = _mask(cards)
        for t in self._table().targets:
            if _SINGLE_BITS[t] & every:
                return True
            pairs = _PAIR_BITS[t]
            for a in cards:
                if pairs[a] & every:
                    return True
        return False

    def hand_only_match(self, player: int) -> bool:
        """Can ``player`` match with hand cards alone (no alta card)?

        Straight from the match tables, without listing the plays: the bots
        ask before every swap, and the pass rule (UM-6) depends on it.
        """
        hand = self.hands[player]
        mine = _mask(hand)
        for t in self._table().targets:
            if _SINGLE_BITS[t] & mine:
                return True
            pairs = _PAIR_BITS[t]
            for a in hand:
                if pairs[a] & mine:
                    return True
        return False

    def _hand_card_match(self, player: int) -> bool:
        """Does some play of ``player`` use at least one hand card?"""
        hand = self.hands[player]
        cards = hand + self.alta
        mine, every = _mask(hand), _mask(cards)
        for t in self._table().targets:
            if _SINGLE_BITS[t] & mine:
                return True
            pairs = _PAIR_BITS[t]
            for a in cards:
                m = pairs[a] & every
                if m and (_BIT[a] & mine or m & mine):
                    return True
        return False

    def pass_allowed(self, player: int) -> bool:
        """UM-6: no match -> must pass; else pass only if every match uses alta cards.

        "standard": no play of hand cards alone; "strict": no play using a
        hand card at all.
        """
        if self.solitaire:
            return False
        if self.options["pass_rule"] == "strict":
            return not self._hand_card_match(player)
        return not self.hand_only_match(player)

    def canonical(self, player: int, action: Action) -> Action:
        """``match:T:b+a`` -> ``match:T:a+b``: a pair is listed in sorted order."""
        if action[:6] == "match:" and "+" in action:
            head, _, b = action.rpartition("+")
            prefix, _, a = head.rpartition(":")
            if b < a:
                return f"{prefix}:{b}+{a}"
        return action

    def _is_legal_match(self, player: int, action: Action) -> bool:
        """``action in legal_actions(player)`` for a ``match:`` action, straight
        from the match tables (a legal play's cards are in sorted order)."""
        if action[:6] != "match:":
            return False
        target, sep, played = action[6:].partition(":")
        if not sep or target not in self._table().targets:
            return False
        hand, alta = self.hands[player], self.alta
        a, plus, b = played.partition("+")
        if a not in hand and a not in alta:
            return False
        if not plus:
            return a in _SINGLE[target]
        if b not in hand and b not in alta:
            return False
        return a < b and (_PAIR_BITS[target][a] & _BIT[b]) != 0

    # ------------------------------------------------------------------ queries

    def current_players(self) -> list[int]:
        phase = self.phase
        if phase == "give":
            return [p for p, g in enumerate(self.given) if g is None]
        if phase == "offer":
            # the other seats yet to offer (a loop, not a comprehension, which
            # is a call: this runs before each offer of every turn)
            offered = self.offered
            waiting = []
            for p in _OTHER_SEATS[len(self.names)][self.turn]:
                if not offered[p]:
                    waiting.append(p)
            return waiting
        if phase == "over":
            return []
        return [self.turn]

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        phase = self.phase
        if phase == "give":
            return ["give:" + c for c in self.hands[player]]
        if phase == "offer":
            return ["offer:none", *("offer:" + c for c in self.hands[player])]
        if phase == "swap":
            acts = ["noswap"]
            for s in range(self.num_players):
                if self.offers[s] is not None:
                    acts.extend(f"swap:{s}:{c}" for c in self.hands[player])
            return acts
        if phase == "reward":
            return ["alta:" + c for c in self.drawn]
        acts = [f"match:{t}:{'+'.join(cards)}" for t, cards, _ in self.matches(player)]
        if self.pass_allowed(player):
            acts.append("pass")
        return acts

    def _is_legal(self, player: int, action: Action) -> bool:
        phase = self.phase
        if phase == "offer":
            if player == self.turn or self.offered[player] or action[:6] != "offer:":
                return False
            return action == "offer:none" or action[6:] in self.hands[player]
        if phase == "match":
            if player != self.turn:
                return False
            if action == "pass":
                return self.pass_allowed(player)
            return self._is_legal_match(player, action)
        if phase == "give":
            return (
                self.given[player] is None
                and action[5:] in self.hands[player]
                and (action[:5] == "give:")
            )
        if phase == "swap":
            # the same test as ``action in legal_actions`` without building the
            # (offers x hand) strings: every turn of 3-5 players has a swap
            if player != self.turn:
                return False
            if action == "noswap":
                return True
            parts = action.split(":", 2)
            if len(parts) != 3 or parts[0] != "swap":
                return False
            seat = _SEAT.get(parts[1])
            return (
                seat is not None
                and seat < len(self.offers)
                and self.offers[seat] is not None
                and parts[2] in self.hands[player]
            )
        return action in self.legal_actions(player)

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        phase = self.phase
        if phase == "match":
            if action == "pass":
                if self.solitaire:
                    return IllegalAction(N_("solitaire has no pass"), "UM-6")
                return IllegalAction(
                    N_("you may pass only when every match needs an alta-hand card"), "UM-6"
                )
            try:
                _, target, cards = action.split(":", 2)
                played = cards.split("+")
                if target not in self.targets():
                    parse_card_id(target)
                    return IllegalAction(
                        N_("%(card)s is not a face-up pyramid card"), "UM-8", card=Card(target)
                    )
                for c in played:
                    parse_card_id(c)
                    if c not in self.hands[player] and c not in self.alta:
                        return IllegalAction(
                            N_("%(card)s is in neither your hand nor the alta hand"),
                            "UM-2",
                            card=Card(c),
                        )
                res = match(parse_card_id(target), [parse_card_id(c) for c in played])
                return IllegalAction(
                    NO_MATCH, res.rule_ids[0], cards=Cards(played), target=Card(target)
                )
            except ValueError:
                return IllegalAction(
                    N_("play a match or pass (%(form)s)"),
                    "UM-2",
                    form="match:<target>:<card>[+<card>] | pass",
                )
        if phase == "give":
            return IllegalAction(
                N_("give one of your hand cards to the alta hand (%(form)s)"),
                "UM-9",
                form="give:<card>",
            )
        if phase in ("offer", "swap"):
            return IllegalAction(
                N_("offer one hand card or none; the active player swaps one or none"), "UM-10"
            )
        if phase == "reward":
            return IllegalAction(
                N_("name which drawn card goes to the alta hand (%(form)s)"),
                "UM-5",
                form="alta:<card>",
            )
        return IllegalAction(NOT_NOW, None, action=action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        left = sum(1 for c in self.pyramid if c)
        return [float(-left)] * self.num_players

    def ranking(self) -> list[int]:
        return [1] * self.num_players

    def result_rules(self) -> tuple[str, ...]:
        """UM-13 for a won game, UM-6 for a lost one (no match, or everyone passed)."""
        if self.phase != "over":
            return ()
        return ("UM-13",) if self.won else ("UM-6",)

    def winners(self) -> list[int]:
        return list(range(self.num_players)) if self.won else []

    def returns(self) -> list[float]:
        return [1.0 if self.won else 0.0] * self.num_players

    def view(self, player: int | None) -> dict[str, object]:
        """Own hand only; face-down pyramid cards, deck, offers and unrevealed alta gifts hidden."""
        n = self.num_players
        return {
            "game": GAME_ID,
            "players": list(self.names),
            "viewer": player,
            "pyramid": [
                (c if up else ("hidden" if c else None))
                for c, up in zip(self.pyramid, self.face_up, strict=True)
            ],
            "rows": self.rows,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "alta": list(self.alta),
            "given": [
                (g if p == player else ("hidden" if g is not None else None))
                for p, g in enumerate(self.given)
            ]
            if self.phase == "give"
            else [None] * n,
            "offers": [
                (o if p == player else ("hidden" if o is not None else None))
                for p, o in enumerate(self.offers)
            ],
            "drawn": list(self.drawn) if player == self.turn else len(self.drawn),
            "deck": len(self.deck),
            "discard": list(self.discard),
            "removed": len(self.removed),
            "turn": self.turn,
            "phase": self.phase,
            "passes": self.passes,
            "to_act": self.current_players(),
            "legal_actions": self.legal_actions(player) if player is not None else [],
            "terminal": self.is_terminal(),
            "won": self.won,
        }

    # ------------------------------------------------------------------ moves

    def _apply(self, player: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        phase = self.phase
        if phase == "offer":
            offered = self.offered
            offered[player] = True
            card = action[6:]
            self.offers[player] = None if card == "none" else card
            # everyone but the active player has offered: no False left but
            # the active player's own
            if offered.count(False) == (0 if offered[self.turn] else 1):
                self.phase = "swap"
                ev.append(
                    Event(
                        "offers",
                        ("UM-10",),
                        None,
                        {"offered": [o is not None for o in self.offers]},
                    )
                )
        elif phase == "give":
            self.given[player] = action[5:]
            if None not in self.given:
                self._reveal_alta(ev)
        elif phase == "swap":
            self._swap(player, action, ev)
        elif phase == "reward":
            card = action[5:]
            self.alta.append(card)
            self.drawn.remove(card)
            self.hands[player].extend(self.drawn)
            ev.append(Event("reward", ("UM-5",), player, {"alta": card}))
            self.drawn = []
            self._end_turn(ev)
        elif action == "pass":
            self._pass(player, ev)
        else:
            self._match(player, action, ev)
        return ev

    def _reveal_alta(self, ev: list[Event]) -> None:
        n = self.num_players
        given = [g for g in self.given if g is not None]
        for p in range(n):
            self.hands[p].remove(self.given[p] or "")
        self.alta = list(given)
        rules = ["UM-9"]
        extra = 1 if n in (2, 3) else 0
        diff = self.options["difficulty"]
        extra += {"easier-alta-1": 1, "easier-alta-2": 2}.get(diff, 0)
        if diff in ("easier-alta-1", "easier-alta-2"):
            rules.append("UM-12")
        for _ in range(extra):
            card = self._draw(ev)
            if card is not None:
                self.alta.append(card)
        if diff == "harder-remove":
            rules.append("UM-12")
            self.removed.append(self.alta.pop(self._randbelow(len(self.alta))))
        dealer = self.options["dealer"]
        order = [(dealer + i) % n for i in range(1, n + 1)]
        first = max(order, key=lambda p: (CARD[self.given[p] or "red-1"][1], -order.index(p)))
        ev.append(
            Event(
                "alta_revealed",
                tuple(rules),
                None,
                {"given": list(self.given), "alta": list(self.alta)},
            )
        )
        ev.append(Event("first_player", ("UM-7",), first, {}))
        self.given = [None] * n
        self.turn = first
        self._begin_turn(ev)

    def _begin_turn(self, ev: list[Event]) -> None:
        self.turns += 1
        if self.solitaire:
            self.phase = "match"
            if not self.has_match(0):
                self.phase = "over"
                self.won = False
                ev.append(Event("lost", ("UM-6",), 0, {"reason": "no match in solitaire"}))
            return
        self.exchanges_left = 2 if self.options["difficulty"] == "easier-exchange" else 1
        self._begin_exchange()

    def _begin_exchange(self) -> None:
        self.phase = "offer"
        n = len(self.names)
        self.offers = [None] * n
        self.offered = [False] * n

    def _swap(self, player: int, action: Action, ev: list[Event]) -> None:
        if action != "noswap":
            _, seat_s, mine = action.split(":", 2)
            seat = int(seat_s)
            theirs = self.offers[seat] or ""
            self.hands[player].remove(mine)
            self.hands[seat].remove(theirs)
            self.hands[player].append(theirs)
            self.hands[seat].append(mine)
            ev.append(Event("exchange", ("UM-10",), player, {"with": seat}))
        n = len(self.names)
        self.offers = [None] * n
        self.offered = [False] * n
        self.exchanges_left -= 1
        if self.exchanges_left > 0:
            self._begin_exchange()
        else:
            self.phase = "match"

    def _pass(self, player: int, ev: list[Event]) -> None:
        self.passes += 1
        card = self._draw(ev)
        if card is not None:
            self.hands[player].append(card)
        ev.append(Event("pass", ("UM-6",), player, {"drew": card is not None}))
        if self.passes >= self.num_players:
            self.phase = "over"
            self.won = False
            ev.append(Event("lost", ("UM-6",), None, {"reason": "everyone passed in a row"}))
            return
        self._end_turn(ev)

    def _match(self, player: int, action: Action, ev: list[Event]) -> None:
        _, target, cards_s = action.split(":", 2)
        cards = cards_s.split("+")
        ultimatch = len(cards) == 2 and (_ULT_BITS[target][cards[0]] & _BIT[cards[1]]) != 0
        hand = self.hands[player]
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                self.alta.remove(c)
        idx = self.pyramid.index(target)
        self.pyramid[idx] = None
        self.discard.extend(cards)
        self.discard.append(target)
        self.passes = 0
        rules = ("UM-2",) if len(cards) == 1 else (("UM-3", "UM-4") if ultimatch else ("UM-3",))
        ev.append(
            Event(
                "match", rules, player, {"target": target, "cards": cards, "ultimatch": ultimatch}
            )
        )
        for parent in _PARENTS[self.rows][idx]:
            kids = _CHILDREN[self.rows][parent]
            uncovered = kids and self.pyramid[kids[0]] is None and self.pyramid[kids[1]] is None
            if uncovered and not self.face_up[parent]:
                self.face_up[parent] = True
                ev.append(Event("reveal", ("UM-8",), None, {"card": self.pyramid[parent]}))
        if self.pyramid.count(None) == len(self.pyramid):  # every card matched away
            self.phase = "over"
            self.won = True
            ev.append(Event("won", ("UM-13",), player, {}))
            return
        if ultimatch:
            self.ultimatches += 1
            drawn = [c for c in (self._draw(ev), self._draw(ev)) if c is not None]
            both_to_hand = self.solitaire or self.options["difficulty"] == "harder-reward"
            if len(drawn) == 2 and not both_to_hand:
                self.drawn = drawn
                self.phase = "reward"
                return
            hand.extend(drawn)
            ev.append(
                Event(
                    "reward",
                    ("UM-5", "UM-12") if both_to_hand and not self.solitaire else ("UM-5",),
                    player,
                    {"to_hand": len(drawn)},
                )
            )
        self._end_turn(ev)

    def _end_turn(self, ev: list[Event]) -> None:
        self.turn = self._next_seat(self.turn)
        self._begin_turn(ev)


def new_game(players: int | Sequence[str], seed: int = 0, **options: object) -> UltimatchState:
    return UltimatchState(players, seed, **options)


def replay(record: Mapping[str, object]) -> UltimatchState:
    state = replay_record(UltimatchState, record)
    assert isinstance(state, UltimatchState)
    return state


__all__ = [
    "CARD",
    "COLOURS",
    "COVERED_BY",
    "DECK",
    "DIFFICULTIES",
    "HAND_SIZE",
    "NO_MATCH",
    "PASS_RULES",
    "PASS_RULE_ALIASES",
    "TURN_ORDERS",
    "UNCOVERS",
    "MatchIndex",
    "MatchResult",
    "UltimatchState",
    "match",
    "new_game",
    "parse_card_id",
    "pyramid_rows",
    "replay",
]
