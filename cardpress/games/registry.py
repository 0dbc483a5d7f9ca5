"""What each game declares about itself, and the registry that collects it.

As OpenSpiel's ``GameType``/``GameInfo`` do, every game package states its
facts once, in ``cardpress/games/<game>/spec.py``: its id and names, how many
play, its options with their choices and defaults, its bots, its words and
the phone tools it offers. The referee, the tables, the scorers and the
simulator read them from :data:`GAMES`, so adding a game means adding its
package (which registers itself) and never editing a list elsewhere.

This module is a leaf of ``cardpress.games``: a package's spec imports it
while ``cardpress.games`` is still being imported.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cardpress.catalogue.models import Text
from cardpress.games.base import N_, NOT_A_CHOICE, GameState, OptionError, RandomBot
from cardpress.games.wording import Words
from cardpress.vocabulary import CHOOSE, CHOOSE_RULE_PREFIX, DECK_IDS, TRIPTYCH_GAMES

BotFactory = Callable[[int], Any]

#: what an option's value names: one of its ``choices``, a seat of the table,
#: or card data (a deck list), which no form offers and only the engine checks
OptionKind = Literal["choice", "seat", "data"]

#: refusals of options at table creation; ``option`` names the option
UNKNOWN_OPTION = N_("%(game)s has no option %(option)s; its options: %(known)s")


class WrongType(ValueError):
    """An engine option given with another type than its default's: ``"no"`` is not
    ``false``, and no other value reaches the engine (where a string would count as
    true and break the record pages). Whoever reads the options words it in the
    terms of their format (JSON's ``true``/``false``)."""

    def __init__(self, option: str, expected: type, value: Any) -> None:
        self.option = option
        self.expected = expected
        self.value = value
        super().__init__(f"{option} must be a {expected.__name__}, not {json.dumps(value)}")


def _type_problem(name: str, default: Any, value: Any) -> WrongType | None:
    """Options without a typed default (a deck list) are checked by the engine itself."""
    for kind in (bool, int, str):
        if isinstance(default, kind):
            same = isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
            return None if same else WrongType(name, kind, value)
    return None


@dataclass(frozen=True)
class Option:
    """One option a table of the game can be made with.

    An engine option's default is the engine's own (``default_options``);
    a *table* option is the referee's (a printed deck), turned into engine
    options when the table is made, so it carries its default here.
    ``suggested`` is what the create page picks first, when that is not the
    default (the printed deck, so phones show the cards players hold);
    ``refusal`` is how a value outside the choices is refused, naming the
    game, when a plainer sentence than "must be one of" reads better.
    """

    name: str
    kind: OptionKind = "choice"
    choices: tuple[Any, ...] = ()
    table: bool = False
    default: Any = None
    suggested: Any = None
    refusal: str | None = None
    #: how the create and record pages name the option and its values (msgids,
    #: marked with N_ so the "messages" catalogue translates them); a seat
    #: option's values are worded as seats
    label: str | None = None
    labels: tuple[tuple[Any, str], ...] = ()
    #: in view on the create page rather than folded away: the choice most tables make
    shown: bool = False

    def offered(self, players: int) -> tuple[Any, ...]:
        """The values a host may pick at a table of ``players`` seats (the form's order:
        the suggested value first)."""
        if self.kind == "seat":
            return tuple(range(players))
        first = self.suggested if self.suggested is not None else self.default
        if first in self.choices:
            return (first, *(c for c in self.choices if c != first))
        return self.choices


def choice(name: str, choices: tuple[Any, ...], **kw: Any) -> Option:
    return Option(name, "choice", tuple(choices), **kw)


def seat(name: str, **kw: Any) -> Option:
    return Option(name, "seat", **kw)


def data(name: str) -> Option:
    return Option(name, "data")


class TableOptionError(OptionError):
    """A refusal that names the game itself (an unknown option, a deck the game has
    not): said as it stands, not as "these options do not work"."""


@dataclass(frozen=True)
class GameSpec:
    """Everything a caller needs to know about one game, declared by its package."""

    id: str
    name: Text
    new_game: Callable[..., GameState]
    replay: Callable[[Mapping[str, Any]], GameState]
    state_class: type[GameState]
    #: the options, in the order the create page shows them
    parameters: tuple[Option, ...] = ()
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    #: how the game's actions, events and results are said (given a Speech)
    words: type[Words] = Words
    #: the referee's phone helpers for the game, in the order a card page offers
    #: them: (endpoint, label marked for the translators)
    tools: tuple[tuple[str, str], ...] = ()
    #: what ``cardpress simulate`` counts a game's length in, and how
    length: tuple[str, Callable[[Any], int]] = ("actions", lambda s: len(s.log))
    #: where the game stands in every list of games (menus, the API's enum)
    order: int = 1000
    #: the prefix of the game's rule IDs (``GR`` of GR-2): the clauses of its rule
    #: document, and the rulings its engine cites on refusals and events
    rule_prefix: str = ""
    #: the printed product (a folder of ``cards/``) the game is played with, if any
    deck: str | None = None
    #: the game's own templates, if its package ships any: ``panel.html`` draws its
    #: table on the phones' pages (else the referee's panel of that id, or the default)
    templates: Path | None = None

    def __post_init__(self) -> None:
        engine = set(self.state_class.default_options)
        declared = {o.name for o in self.parameters if not o.table}
        if engine != declared:
            raise ValueError(
                f"{self.id}: the spec's engine options {sorted(declared)} are not the "
                f"engine's {sorted(engine)}"
            )

    @property
    def min_players(self) -> int:
        return self.state_class.min_players

    @property
    def max_players(self) -> int:
        return self.state_class.max_players

    @property
    def options(self) -> dict[str, Any]:
        """The engine's options and their defaults (the engine's own order)."""
        return dict(self.state_class.default_options)

    @property
    def table_options(self) -> dict[str, Option]:
        """The options the referee turns into engine options (a printed deck)."""
        return {o.name: o for o in self.parameters if o.table}

    @property
    def offered(self) -> dict[str, Option]:
        """The options a host picks on the create page, in its order."""
        return {o.name: o for o in self.parameters if o.kind != "data"}

    def default(self, option: Option) -> Any:
        return option.default if option.table else self.options[option.name]

    def from_json(self, data: Mapping[str, Any]) -> GameState:
        return self.state_class.from_json(data)

    def option_problems(self, options: Mapping[str, Any]) -> list[OptionError | WrongType]:
        """What is wrong with a table's options, each naming its option and what it
        takes, before the engine sees them: a table option outside its choices, an
        option the game has not, a value of the wrong type. The engine checks the
        rest (choices, seats) as it starts the game, in its own words."""
        problems: list[OptionError | WrongType] = []
        for option in self.table_options.values():
            value = options.get(option.name)
            if value is None:  # null is the default, as an absent option is
                continue
            if value not in option.choices:
                problems.append(
                    TableOptionError(
                        option.name,
                        option.refusal or NOT_A_CHOICE,
                        game=self.id,
                        known=", ".join(map(str, option.choices)),
                        choices=", ".join(map(str, option.choices)),
                        value=json.dumps(value),
                        # the value as given, under the option's name ("no deck %(deck)s")
                        **{option.name: str(value)},
                    )
                )
        known = {*self.options, *self.table_options}
        for name in sorted(set(options) - known):
            problems.append(
                TableOptionError(
                    name, UNKNOWN_OPTION, game=self.id, known=", ".join(sorted(known)) or "-"
                )
            )
        for name, value in options.items():
            if (problem := _type_problem(name, self.options.get(name), value)) is not None:
                problems.append(problem)
        return problems


def random_and(heuristic: BotFactory) -> dict[str, BotFactory]:
    """The two bots every game has: uniformly random, and its rule of thumb."""
    return {"random": RandomBot, "heuristic": heuristic}


def _clash(spec: GameSpec, others: Mapping[str, GameSpec]) -> str | None:
    """Why a spec cannot join the others (None when it can)."""
    if spec.id in others and others[spec.id] is not spec:
        return f"two games are called {spec.id!r}"
    prefixes = {s.rule_prefix: s.id for s in others.values() if s.rule_prefix}
    owner = {**prefixes, CHOOSE_RULE_PREFIX: CHOOSE}.get(spec.rule_prefix, spec.id)
    if spec.rule_prefix and owner != spec.id:
        return f"{spec.id}: the rule-ID prefix {spec.rule_prefix!r} is {owner}'s"
    if spec.deck is not None and spec.deck not in DECK_IDS:
        return f"{spec.id}: no printed deck {spec.deck!r}; the decks: {', '.join(DECK_IDS)}"
    if (spec.deck == "triptych") != (spec.id in TRIPTYCH_GAMES):
        return (
            f"{spec.id}: the Triptych box holds {', '.join(TRIPTYCH_GAMES)} (the games "
            "cards/triptych/deck.toml defines, cardpress.vocabulary.TRIPTYCH_GAMES); a "
            "game is played with its deck exactly when it is one of them"
        )
    return None


class _Registry(dict[str, GameSpec]):
    """Game id -> spec, kept in the games' order whenever one registers."""

    def register(self, spec: GameSpec) -> GameSpec:
        if (clash := _clash(spec, self)) is not None:
            raise ValueError(clash)
        specs = sorted({**self, spec.id: spec}.values(), key=lambda s: s.order)
        self.clear()
        self.update((s.id, s) for s in specs)
        return spec

    def unregister(self, game: str) -> None:
        """Forget a game (a test's own game, once its test is over)."""
        self.pop(game, None)


#: every game, in order; filled by the game packages' specs
GAMES: _Registry = _Registry()
register = GAMES.register


class PerGame(Mapping[str, Any]):
    """A table derived from the registry, one entry per game, always current: a game
    registered later (a test's own) is in it too."""

    def __init__(self, derive: Callable[[GameSpec], Any]) -> None:
        self._derive = derive

    def __getitem__(self, game: str) -> Any:
        return self._derive(GAMES[game])

    def __iter__(self) -> Iterator[str]:
        return iter(list(GAMES))

    def __len__(self) -> int:
        return len(GAMES)

    def __repr__(self) -> str:
        return repr(dict(self))


class _Derived(Mapping[str, Any]):
    """A table of facts the games declare, made again from the registry on each
    read, so a game registered later (a test's own) is in it too."""

    def __init__(self, derive: Callable[[], dict[str, Any]]) -> None:
        self._derive = derive

    def __getitem__(self, key: str) -> Any:
        return self._derive()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._derive())

    def __len__(self) -> int:
        return len(self._derive())

    def __repr__(self) -> str:
        return repr(self._derive())


#: rule-ID prefix (``GR`` of GR-2) -> the document that holds the rule: each game's
#: own, in the games' order, then Triptych's "how to choose"
RULE_PREFIXES: Mapping[str, str] = _Derived(
    lambda: {
        **{s.rule_prefix: s.id for s in GAMES.values() if s.rule_prefix},
        CHOOSE_RULE_PREFIX: CHOOSE,
    }
)

#: the games each printed deck plays, in the games' order
DECK_GAMES: Mapping[str, tuple[str, ...]] = _Derived(
    lambda: {d: tuple(g for g, s in GAMES.items() if s.deck == d) for d in DECK_IDS}
)


def rule_id_pattern() -> str:
    """What a rule ID looks like, as of the games registered now (the JSON API
    checks and publishes it)."""
    return "^(" + "|".join(RULE_PREFIXES) + ")-[0-9]+$"


def rule_document(rule_id: str) -> str:
    """The document a rule ID belongs to ("" for an unknown prefix)."""
    return RULE_PREFIXES.get(rule_id.split("-", 1)[0], "")
