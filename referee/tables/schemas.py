"""Request and response bodies of ``/api/v1/tables`` (pydantic v2).

One source for validation, serialisation and the OpenAPI document. Sizes are
bounded here (names, seats, options) so a table can never grow without limit.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

GameId = Literal["gallery-rush", "finger-auction", "detective-eye", "ultimatch", "eshi100"]
Lang = Literal["ja", "en"]

MAX_NAME = 24
MAX_SEATS = 5


_REFUSED = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})


def _player_name(value: str) -> str:
    """NFC, no control, format (invisible, bidi) or unassigned characters."""
    value = unicodedata.normalize("NFC", value.strip())
    bad = [
        c for c in value if unicodedata.category(c) in ("Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp")
    ]
    if bad:
        raise ValueError(f"contains an invisible or control character U+{ord(bad[0]):04X}")
    if not value:
        raise ValueError("is empty")
    if len(value) > MAX_NAME:
        raise ValueError(f"is longer than {MAX_NAME} characters")
    return value


PlayerName = Annotated[
    str, StringConstraints(max_length=MAX_NAME * 2), AfterValidator(_player_name)
]
OptionValue = Annotated[str, StringConstraints(max_length=40)] | int | bool | None


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateTable(Strict):
    game: GameId
    players: list[PlayerName] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    options: dict[Annotated[str, StringConstraints(max_length=40)], OptionValue] = Field(
        default_factory=dict, max_length=8
    )
    bots: list[int] = Field(default_factory=list, max_length=MAX_SEATS)
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


class ActionRequest(Strict):
    action: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    version: int | None = Field(default=None, ge=0, le=2**31 - 1)
