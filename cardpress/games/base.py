"""The shape every cardpress rules engine shares.

The engines read like OpenSpiel game files: a *state* made from players, a
seed and variant options; whose turn it is (several seats at once for
simultaneous decisions); the legal actions; ``apply``; terminal; ranking and
scores; a JSON form; a per-player view; replay from the action log.

Design choices that every engine inherits, and why:

* **Actions are short strings** (``"explore"``, ``"bid:3"``, ``"match:red-5:blue-2"``).
  They are JSON as they stand, hash and compare fast (the simulator plays
  thousands of games a second) and read well in a log a human checks.
* **State attributes are plain JSON values** (lists, str-keyed dicts, ints,
  strs, bools, None), so ``to_json``/``from_json`` are generic and exact.
  Names starting with ``_`` are caches of derived data, left out of the JSON.
  Seats are ints ``0..n-1``, numbered clockwise; names are for display.
* **The RNG is part of the state** (a splitmix64 word), so a state restored
  from JSON continues exactly as the original would, and a replay of the
  action log from the same seed reproduces every shuffle.
* ``apply`` validates against ``legal_actions``; an illegal action raises
  :class:`IllegalAction` with a reason and the rule ID that forbids it, and
  leaves the state untouched.
* Events name the rule IDs of ``RULINGS.md`` that decided them.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self

import orjson

Action = str
JSON = Any

_MASK = (1 << 64) - 1


def _copy(value: JSON) -> JSON:
    """A deep copy of JSON values, as JSON would carry it (tuples become lists).

    Through orjson: 4-5x faster than the standard library's round trip, and every
    move a live table takes clones its state a few times. It also refuses a dict key
    that is not a str (JSON would turn it into one, and the copy would differ)."""
    return orjson.loads(orjson.dumps(value))


def N_(message: str) -> str:
    """Mark an engine's message for the translators (``messages`` catalogue).

    The engines stay pure and speak English; whoever shows a message to a
    person looks its msgid up in the person's language and fills in the
    parameters, naming :class:`Card` and :class:`Cards` as players do.
    """
    return message


class Card(str):
    """A card id among a message's parameters: shown as players name the card."""


class Cards(tuple[str, ...]):
    """Several card ids among a message's parameters (a play's cards, in order)."""

    def __str__(self) -> str:
        return "+".join(self)


class IllegalAction(ValueError):
    """An action the rules forbid; ``rule_id`` names the ruling that forbids it.

    ``message`` is a msgid marked with :func:`N_` and ``params`` fill it in, so
    a referee can say the refusal in any language; ``reason`` is the English.
    Parameters other than cards are data (an action as sent, a player's name,
    a number, an action's form like ``take:<card>``).
    """

    def __init__(self, message: str, rule_id: str | None = None, **params: Any) -> None:
        self.message = message
        self.params = params
        self.reason = message % params if params else message
        self.rule_id = rule_id
        super().__init__(f"{self.reason} ({rule_id})" if rule_id else self.reason)


class OptionError(ValueError):
    """An option value the game cannot be played with; ``option`` names it.

    Said like :class:`IllegalAction`: a msgid and its parameters (``option``
    among them), the English in ``str()``.
    """

    def __init__(self, option: str, message: str, **params: Any) -> None:
        self.option = option
        self.message = message
        self.params = {"option": option, **params}
        super().__init__(message % self.params)


#: refusals every engine shares
GAME_OVER = N_("the game is over")
NOT_YOUR_TURN = N_("it is not %(player)s's decision now")
NOT_NOW = N_("%(action)s is not a legal action now")
#: option errors every engine shares
NOT_A_SEAT = N_("%(option)s must be a seat 0-%(last)s, not %(value)s")
NOT_A_CHOICE = N_("%(option)s must be one of %(choices)s, not %(value)s")


def seat_option(options: Mapping[str, JSON], option: str, players: int) -> int:
    """An option naming a seat, checked: 0 to ``players - 1``."""
    value = options[option]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise OptionError(option, NOT_A_SEAT, last=players - 1, value=json.dumps(value))
    return value


def choice_option(options: Mapping[str, JSON], option: str, choices: Sequence[str]) -> str:
    """An option naming one of ``choices``, checked."""
    value = options[option]
    if not isinstance(value, str) or value not in choices:
        raise OptionError(option, NOT_A_CHOICE, choices=", ".join(choices), value=json.dumps(value))
    return value


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened, and the rulings that decided it.

    Frozen, but built through the slots' own setters: the generated frozen
    ``__init__`` goes through ``object.__setattr__`` per field, which made
    events a sixth of a Finger Auction game's time (most actions make one).
    """

    kind: str
    rule_ids: tuple[str, ...] = ()
    player: int | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)

    def __init__(
        self,
        kind: str,
        rule_ids: tuple[str, ...] = (),
        player: int | None = None,
        data: Mapping[str, JSON] | None = None,
    ) -> None:
        _set_kind(self, kind)
        _set_rule_ids(self, rule_ids)
        _set_player(self, player)
        _set_data(self, {} if data is None else data)

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "rule_ids": list(self.rule_ids),
            "player": self.player,
            "data": dict(self.data),
        }


_set_kind = Event.kind.__set__  # type: ignore[attr-defined]
_set_rule_ids = Event.rule_ids.__set__  # type: ignore[attr-defined]
_set_player = Event.player.__set__  # type: ignore[attr-defined]
_set_data = Event.data.__set__  # type: ignore[attr-defined]


def splitmix64(state: int) -> tuple[int, int]:
    """One step of splitmix64: (new state, output). Small state, so JSON-friendly."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """Spread a user seed into a 64-bit RNG word (seed 0 is as good as any)."""
    return splitmix64(seed & _MASK)[1]


class GameState(ABC):
    """Base of every engine state. Subclasses set ``game_id`` and the hooks."""

    game_id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: option name -> default; unknown options are rejected by ``__init__``
    default_options: ClassVar[dict[str, JSON]] = {}

    names: list[str]
    seed: int
    options: dict[str, JSON]
    log: list[list[JSON]]
    rng_state: int

    def __init__(self, players: int | Sequence[str], seed: int = 0, **options: JSON) -> None:
        if isinstance(players, int):
            names = [f"P{i + 1}" for i in range(players)]
        else:
            names = [str(n) for n in players]
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(
                f"{self.game_id}: {len(names)} players; "
                f"it needs {self.min_players}-{self.max_players}"
            )
        unknown = set(options) - set(self.default_options)
        if unknown:
            raise ValueError(
                f"{self.game_id}: unknown option(s) {sorted(unknown)}; "
                f"known: {sorted(self.default_options)}"
            )
        self.names = names
        self.seed = int(seed)
        self.options = {**self.default_options, **options}
        self.log = []
        self.rng_state = seed_state(self.seed)
        self._setup()

    # ------------------------------------------------------------------ hooks

    @abstractmethod
    def _setup(self) -> None:
        """Deal and shuffle; called once from ``__init__``."""

    @abstractmethod
    def current_players(self) -> list[int]:
        """Seats that must act now; several for a simultaneous decision."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty if not their turn)."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Carry out a legal action (already validated)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """The game's own score per seat (points, collection size...)."""

    def collected(self, seat: int) -> list[str] | None:
        """The cards a player ended with, as the game keeps them (None: it
        keeps none): what a play report counts winning collections by."""
        return None

    @abstractmethod
    def ranking(self) -> list[int]:
        """Rank per seat, 1 = best; equal ranks are shared places."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, JSON]:
        """What ``player`` may see (``None``: what everyone at the table sees)."""

    def canonical(self, player: int, action: Action) -> Action:
        """The spelling ``legal_actions`` uses for ``action``.

        An action naming several cards names a set, not a sequence: engines
        whose actions do so put the cards in their listed order here, so
        ``apply`` accepts every order and logs one. Called only with a valid
        seat and a string; anything it cannot read is returned unchanged.
        """
        return action

    def _is_legal(self, player: int, action: Action) -> bool:
        """Fast legality test; engines may override with a cheaper equivalent."""
        return action in self.legal_actions(player)

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Why an action is not legal; engines override for their rulings."""
        return IllegalAction(NOT_NOW, None, action=action)

    #: rule ID cited when a seat acts out of turn
    turn_rule: ClassVar[str | None] = None

    #: how the actions the rules keep from the other players begin (a bid made
    #: face down, a card placed or passed unseen): until the game is over a
    #: record shown at the table withholds them (:meth:`is_secret`)
    secret_actions: ClassVar[tuple[str, ...]] = ()

    #: the players win or lose together (no places among them)
    cooperative: ClassVar[bool] = False

    def result_rules(self) -> tuple[str, ...]:
        """The rulings that decided how the game ended and who won, for whoever
        says the result (empty while the game goes on)."""
        return ()

    @classmethod
    def is_secret(cls, action: Action) -> bool:
        """Whether the table may not know ``action`` itself, only that it was made."""
        return action.startswith(cls.secret_actions)

    # ------------------------------------------------------------------ shared

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def action_log(self) -> list[tuple[int, Action]]:
        """Every applied action as (seat, action), oldest first."""
        return [(int(p), str(a)) for p, a in self.log]

    def apply(self, player: int, action: Action) -> list[Event]:
        """Validate and carry out ``action`` for ``player``; return what happened.

        The legal path is kept short (the simulator applies millions of
        actions); anything unusual goes to :meth:`_reject`, which works out
        the precise reason.
        """
        try:
            ok = type(player) is int and type(action) is str and 0 <= player < len(self.names)
            if ok:
                action = self.canonical(player, action)
                ok = self._is_legal(player, action)
        except (IndexError, KeyError, ValueError):
            ok = False
        if not ok:
            self._reject(player, action)
        events = self._apply(player, action)
        self.log.append([player, action])
        return events

    def _reject(self, player: object, action: object) -> None:
        if self.is_terminal():
            raise IllegalAction(GAME_OVER)
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not (0 <= player < len(self.names))
        ):
            raise IllegalAction(N_("no such seat: %(seat)s"), seat=repr(player))
        if not isinstance(action, str):
            raise IllegalAction(N_("an action is a string, not %(value)s"), value=repr(action))
        if player not in self.current_players():
            raise IllegalAction(NOT_YOUR_TURN, self.turn_rule, player=self._name(player))
        raise self._explain_illegal(player, action)

    def winners(self) -> list[int]:
        """Seats ranked first (several on a shared win)."""
        ranks = self.ranking()
        best = min(ranks)
        return [i for i, r in enumerate(ranks) if r == best]

    def returns(self) -> list[float]:
        """OpenSpiel-style payoff: a win shared by k seats is worth 1/k each."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        won = self.winners()
        return [1.0 / len(won) if i in won else 0.0 for i in range(self.num_players)]

    def record(self) -> dict[str, JSON]:
        """Everything ``replay`` needs: game, players, seed, options, actions
        (the whole truth: see :func:`withheld` for what a table may be shown)."""
        return {
            "game": self.game_id,
            "players": list(self.names),
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [list(a) for a in self.log],
        }

    def to_json(self) -> dict[str, JSON]:
        """The whole state as JSON values (round-trips through ``from_json``)."""
        public = {k: v for k, v in vars(self).items() if not k.startswith("_")}
        return {"game": self.game_id, "state": _copy(public)}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Self:
        if data.get("game") != cls.game_id:
            raise ValueError(f"not a {cls.game_id} state: game={data.get('game')!r}")
        state = cls.__new__(cls)
        state.__dict__.update(_copy(data["state"]))
        return state

    def clone(self) -> Self:
        return type(self).from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def _name(self, player: int) -> str:
        if 0 <= player < len(self.names):
            return self.names[player]
        return f"seat {player}"

    # ------------------------------------------------------------------ RNG

    def _randbelow(self, n: int) -> int:
        self.rng_state, out = splitmix64(self.rng_state)
        return out % n

    def _shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates with the state's own RNG (so replays reproduce it).

        splitmix64 is inlined: shuffles are the bulk of setup time.
        """
        state = self.rng_state
        for i in range(len(items) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.rng_state = state


def withheld(cls: type[GameState], record: Mapping[str, JSON]) -> dict[str, JSON]:
    """A ``record()`` as the table may see it before the game is over: no seed
    (it predicts every shuffle: the deck order) and every secret action
    (:meth:`GameState.is_secret`) replaced by ``None``; who moved stays."""
    return {
        **record,
        "seed": None,
        "actions": [
            [seat, None if cls.is_secret(str(action)) else action]
            for seat, action in record.get("actions", [])
        ],
    }


def replay_record(cls: type[GameState], record: Mapping[str, JSON]) -> GameState:
    """Rebuild a state by replaying a ``record()`` from its seed."""
    if record.get("game", cls.game_id) != cls.game_id:
        raise ValueError(f"not a {cls.game_id} record: game={record.get('game')!r}")
    state = cls(record["players"], record.get("seed", 0), **record.get("options", {}))
    for player, action in record.get("actions", []):
        state.apply(int(player), str(action))
    return state


def rank_by(keys: Sequence[Any]) -> list[int]:
    """Competition ranking, larger key better, equal keys share a rank."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    ranks = [0] * len(keys)
    for pos, i in enumerate(order):
        if pos and keys[i] == keys[order[pos - 1]]:
            ranks[i] = ranks[order[pos - 1]]
        else:
            ranks[i] = pos + 1
    return ranks


class Bot(Protocol):
    """A player program: picks an action for ``player`` in ``state``.

    Bots are handed the full state for speed; the ones shipped here read only
    what ``state.view(player)`` would show.
    """

    def act(self, state: GameState, player: int) -> Action: ...


class RandomBot:
    """Uniformly random legal actions, from its own seeded RNG.

    A splitmix64 word rather than ``random.Random``: seeding a Mersenne
    Twister costs more than a whole Gallery Rush turn, and the simulator
    makes a bot per seat per game.
    """

    __slots__ = ("rng_state",)

    def __init__(self, seed: int = 0) -> None:
        self.rng_state = seed_state(seed)

    def act(self, state: GameState, player: int) -> Action:
        actions = state.legal_actions(player)
        # splitmix64, inlined (one step per action of every random game)
        z = self.rng_state = (self.rng_state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return actions[(z ^ (z >> 31)) % len(actions)]


def play(state: GameState, bots: Sequence[Bot], max_steps: int = 100_000) -> GameState:
    """Drive ``state`` to the end with one bot per seat; returns the same state."""
    steps = 0
    is_terminal, current_players, apply = state.is_terminal, state.current_players, state.apply
    while not is_terminal():
        player = current_players()[0]
        apply(player, bots[player].act(state, player))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state.game_id}: no end after {max_steps} actions")
    return state
