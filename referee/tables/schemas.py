"""Request and response bodies of ``/api/v1/tables`` (pydantic v2).

One source for validation, serialisation and the OpenAPI document. Sizes are
bounded here (names, seats, options) so a table can never grow without limit.
Names follow the one rule of every form and API (``referee.contract.PlayerName``,
i.e. :mod:`cardpress.players`), whose pattern the schema publishes; the phone
pages may shorten a long name for display, never refuse it.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Discriminator, Field, StringConstraints, Tag

from referee.contract import TAG, Body, Flag, Integer, PlayerName, choice

GameId = choice(["gallery-rush", "finger-auction", "detective-eye", "ultimatch", "eshi100"])
Lang = choice(["ja", "en"])

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


class CreateTable(Body):
    game: GameId
    players: list[PlayerName] = Field(min_length=1, max_length=MAX_SEATS)
    seed: Integer(0, 2**63 - 1) | None = None
    options: dict[Annotated[str, StringConstraints(max_length=MAX_TEXT)], OptionValue] = Field(
        default_factory=dict, max_length=MAX_OPTIONS
    )
    bots: list[Integer(0, MAX_SEATS - 1)] = Field(default_factory=list, max_length=MAX_SEATS)
    lang: Lang = "ja"


class Link(BaseModel):
    token: str
    url: str


class SeatLink(BaseModel):
    seat: int
    name: str
    bot: bool = False
    token: str | None = None
    url: str | None = None


class TableCreated(BaseModel):
    table: str
    game: GameId
    version: int
    host: Link
    seats: list[SeatLink]


class EventBody(BaseModel):
    kind: str
    rule_ids: list[str]
    player: int | None
    data: dict[str, Any]


class TableState(BaseModel):
    table: str
    game: GameId
    version: int
    seat: int | None
    players: list[str]
    to_act: list[int]
    legal_actions: list[str]
    view: dict[str, Any]
    terminal: bool
    winners: list[int] | None
    events: list[EventBody]
    #: once over (referee.tables.results): team (bool), won (the team's, or null),
    #: reason, rule_ids, winners, standings [{seat, place, counts}] as the rules count
    result: dict[str, Any] | None = None


class ActionRequest(Body):
    action: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    version: Integer(0, 2**31 - 1) | None = None
