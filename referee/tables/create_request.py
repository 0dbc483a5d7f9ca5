"""A create request checked against its game before the service makes the table.

The request's shape is its model's (:class:`referee.tables.schemas.CreateTable`);
what a schema cannot say is checked here, each refusal naming the field: a
number of players the game takes, names told apart, bots on seats that
exist, and what the game's spec finds wrong with the options (an option it
has not, a value of the wrong type, a printed deck it has not). Both ways
of creating a table (the JSON API and the create form) come through
:func:`create`.
"""

from __future__ import annotations

from typing import Any

from cardpress.games import GAMES
from cardpress.games.registry import TableOptionError
from cardpress.players import first_repeat
from referee.tables import service
from referee.tables.http_status import api_error
from referee.tables.repository import Repository
from referee.tables.schemas import TABLE_OPTIONS, CreateTable, option_refusal
from referee.tables.service import Created, CreateKey, deck_version, options_refused
from referee.validation import N_, ApiError


def create(repo: Repository, request: CreateTable, create_key: CreateKey | None = None) -> Created:
    """The table the request asks for, once checked (else the refusal naming the field)."""
    options = engine_options(request)
    deck = deck_version(request.game, request.options)
    return service.create(repo, request, options, create_key, deck)


def engine_options(request: CreateTable) -> dict[str, Any]:
    """The engine's options for a table the request may have (else the refusal):
    the request's own, a printed deck become every player's cards."""
    spec = GAMES[request.game]
    n = len(request.players)
    if not spec.min_players <= n <= spec.max_players:
        raise ApiError(
            N_("%(game)s is played by %(low)s to %(high)s players, not %(count)s"),
            "players",
            game=request.game,
            low=spec.min_players,
            high=spec.max_players,
            count=n,
        )
    repeat = first_repeat(request.players)
    if repeat is not None:
        raise ApiError(
            N_("two players have the same name: %(name)s"),
            f"players[{repeat}]",
            name=request.players[repeat],
        )
    for i, seat in enumerate(request.bots):
        if not 0 <= seat < n or seat in request.bots[:i]:
            raise ApiError(
                N_("bots lists seats 0 to %(last)s, each once; %(seat)s is not one"),
                f"bots[{i}]",
                last=n - 1,
                seat=seat,
            )
    problems = spec.option_problems(request.options)
    if problems and isinstance(problems[0], TableOptionError):  # it names the game itself
        first = problems[0]
        raise ApiError(first.message, f"options.{first.option}", **first.params)
    options = _with_deck(request.game, dict(request.options), n)
    if problems:
        raise api_error(options_refused(request.game, option_refusal(problems[0])))
    return options


def _with_deck(game: str, options: dict[str, Any], players: int) -> dict[str, Any]:
    """The engine's options for a table's: a printed deck becomes every player's cards."""
    deck = options.pop("deck", None) if "deck" in TABLE_OPTIONS[game] else None
    if deck is None or deck == "standard":
        return options
    from cardpress.catalogue import load_catalogue

    cards = list(load_catalogue().deck(game).cards)
    return {**options, "decks": [cards] * players}
