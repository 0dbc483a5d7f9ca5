"""Request and response bodies of ``/api/v1/tables`` (pydantic v2).

One source for validation, serialisation and the OpenAPI document. Sizes are
bounded here (names, seats, options) so a table can never grow without limit.
Names follow the one rule of every form and API (``referee.contract.PlayerName``,
i.e. :mod:`cardpress.players`), whose pattern the schema publishes; the phone
pages may shorten a long name for display, never refuse it.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    StringConstraints,
    Tag,
    WithJsonSchema,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from cardpress.games import GAMES
from cardpress.games.base import OptionError
from cardpress.games.registry import PerGame, WrongType
from cardpress.vocabulary import LANGS
from referee.contract import TAG, Body, Flag, Integer, PlayerName, RuleId, choice
from referee.validation import N_


def _known_game(value: Any) -> str:
    """A registered game's id, refused as a Literal of the ids would be; read from
    the registry when a body is read, so a game registered later (a test's own)
    is one too."""
    if isinstance(value, str) and value in GAMES:
        return value
    expected = ", ".join(f"'{game}'" for game in GAMES)
    raise PydanticCustomError("literal_error", "Input should be {expected}", {"expected": expected})


class _RegisteredGame:
    """How pydantic reads and publishes a game's id."""

    @classmethod
    def __get_pydantic_core_schema__(
        cls, _source: Any, _handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(_known_game)

    @classmethod
    def __get_pydantic_json_schema__(
        cls, _core: core_schema.CoreSchema, _handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {"enum": list(GAMES), "type": "string"}


#: one of the registered games' ids (the schema shows them as an enum, as of now)
GameId = Annotated[str, _RegisteredGame]
Lang = choice(list(LANGS))

MAX_SEATS = 5
MAX_OPTIONS = 8
MAX_TEXT = 40


def _option_kind(value: Any) -> str:
    if value is None:
        return TAG + "none"
    if isinstance(value, bool):
        return TAG + "flag"
    if isinstance(value, int | float):
        return TAG + "number"
    return TAG + "text"  # a string, or refused as "must be a string"


#: an engine option's value: a short text, a whole number, true/false or null
OptionValue = Annotated[
    Annotated[Annotated[str, StringConstraints(max_length=MAX_TEXT)], Tag(TAG + "text")]
    | Annotated[Integer(-(2**31), 2**31 - 1), Tag(TAG + "number")]
    | Annotated[Flag, Tag(TAG + "flag")]
    | Annotated[None, Tag(TAG + "none")],
    Discriminator(_option_kind),
]


#: options a table takes besides its engine's (each game's spec declares them):
#: game -> option -> the words it takes
TABLE_OPTIONS: PerGame = PerGame(
    lambda spec: {name: o.choices for name, o in spec.table_options.items()}
)


#: how a table refuses an engine option of the wrong JSON type (the default's)
_TYPE_REFUSALS: dict[type, str] = {
    bool: N_("%(option)s must be true or false, not %(value)s"),
    int: N_("%(option)s must be a whole number, not %(value)s"),
    str: N_("%(option)s must be text, not %(value)s"),
}


def option_refusal(problem: OptionError | WrongType) -> OptionError:
    """A spec's problem with a table's options, said as a refusal in JSON's terms."""
    if isinstance(problem, WrongType):
        message = _TYPE_REFUSALS[problem.expected]
        return OptionError(problem.option, message, value=json.dumps(problem.value))
    return problem


def _per_game(schema: dict[str, Any]) -> None:
    """What each game takes, stated in the schema (``if game is G then ...``), so a
    client (and the fuzzer) knows it before sending: the number of players, the
    options by name and declared type, bots naming seats that exist. The store
    checks the same facts (its messages name them); what a schema cannot say (a
    seat option within the players, an option's allowed words) stays its 400."""
    kinds = {bool: "boolean", int: "integer", str: "string"}
    rules: list[dict[str, Any]] = []
    for game, spec in GAMES.items():
        names = sorted({*spec.options, *TABLE_OPTIONS[game]})
        typed = {
            name: {"type": kinds[type(default)]}
            for name, default in spec.options.items()
            if type(default) in kinds
        }
        typed.update({name: {"enum": list(words)} for name, words in TABLE_OPTIONS[game].items()})
        rules.append(
            {
                "if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                "then": {
                    "properties": {
                        "players": {"minItems": spec.min_players, "maxItems": spec.max_players},
                        "options": {
                            "propertyNames": {"enum": names},
                            "properties": typed,
                        },
                    }
                },
            }
        )
    for n in range(1, MAX_SEATS + 1):
        rules.append(
            {
                "if": {"properties": {"players": {"maxItems": n}}, "required": ["players"]},
                "then": {"properties": {"bots": {"items": {"maximum": n - 1}}}},
            }
        )
    schema["allOf"] = rules
    schema["properties"]["bots"]["uniqueItems"] = True
    schema["properties"]["players"]["uniqueItems"] = True


class CreateTable(Body):
    model_config = ConfigDict(json_schema_extra=_per_game)

    game: GameId
    players: list[PlayerName] = Field(min_length=1, max_length=MAX_SEATS)
    seed: Integer(0, 2**63 - 1) | None = None
    options: dict[Annotated[str, StringConstraints(max_length=MAX_TEXT)], OptionValue] = Field(
        default_factory=dict, max_length=MAX_OPTIONS
    )
    bots: list[Integer(0, MAX_SEATS - 1)] = Field(default_factory=list, max_length=MAX_SEATS)
    lang: Lang = "ja"


#: answers' bounds, checked when an answer is built and published
Seat = Annotated[int, Field(ge=0, le=MAX_SEATS - 1)]
Version = Annotated[int, Field(ge=0)]
TableId = Annotated[str, Field(min_length=1, max_length=64, pattern="^[A-Za-z0-9_-]+$")]
#: a capability token (at least 128 random bits, URL-safe base64)
Token = Annotated[str, Field(min_length=22, max_length=100, pattern="^[A-Za-z0-9_-]+$")]
Url = Annotated[str, Field(json_schema_extra={"format": "uri"}, pattern="^https?://")]


class Link(BaseModel):
    token: Token
    url: Url


class SeatLink(BaseModel):
    seat: Seat
    name: str = Field(min_length=1)
    bot: bool = False
    token: Token | None = Field(default=None, description="absent for a bot's seat")
    url: Url | None = Field(default=None, description="absent for a bot's seat")


class TableCreated(BaseModel):
    table: TableId
    game: GameId
    version: Version
    host: Link
    seats: list[SeatLink] = Field(min_length=1, max_length=MAX_SEATS)


class EventBody(BaseModel):
    kind: str = Field(min_length=1)
    rule_ids: list[RuleId]
    player: Seat | None
    data: dict[str, Any]


class TableState(BaseModel):
    table: TableId
    game: GameId
    version: Version
    seat: Seat | None
    players: list[str] = Field(min_length=1, max_length=MAX_SEATS)
    to_act: list[Seat] = Field(max_length=MAX_SEATS)
    legal_actions: list[Annotated[str, Field(min_length=1)]]
    view: dict[str, Any]
    terminal: bool
    winners: list[Seat] | None
    events: list[EventBody]
    #: once over (referee.tables.results): team (bool), won (the team's, or null),
    #: reason, rule_ids, winners, standings [{seat, place, counts}] as the rules count
    result: dict[str, Any] | None = None


#: one logged move, [seat, action] (a seat 0-4, an action text or null); not
#: prefixItems, which schemathesis 4 cannot read in a response schema yet
_MOVE = {
    "type": "array",
    "items": {"type": ["integer", "string", "null"]},
    "minItems": 2,
    "maxItems": 2,
}


class TableRecord(BaseModel):
    """``GET .../record``: what :func:`cardpress.games.replay` takes."""

    game: GameId
    players: list[str] = Field(min_length=1, max_length=MAX_SEATS)
    seed: Annotated[int, Field(ge=0)] | None = Field(description="null until the game is over")
    options: dict[str, Any]
    actions: list[Annotated[tuple[Seat, str | None], WithJsonSchema(_MOVE)]] = Field(
        description="[seat, action] in the order taken; a secret action is null until the "
        "game is over"
    )


class ActionRequest(Body):
    action: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    version: Integer(0, 2**31 - 1) | None = None
