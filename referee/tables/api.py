"""``/api/v1/tables``: the JSON contract of ARCHITECTURE.md ("Tables")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from flask_babel import gettext

from referee.bounds import client_group
from referee.contract import Header, operation
from referee.hosts import external_url
from referee.tables import create_request, results, service
from referee.tables.answers import Known
from referee.tables.events import stream
from referee.tables.extension import Tables, create_key, create_limit, tables, tidy
from referee.tables.http_status import api_error
from referee.tables.priority import behind_requests
from referee.tables.reasons import worded
from referee.tables.refusals import Refused
from referee.tables.schemas import (
    ActionRequest,
    CreateTable,
    EventBody,
    Link,
    SeatLink,
    TableCreated,
    TableRecord,
    TableState,
)
from referee.validation import N_, ApiError

bp = Blueprint("tables_api", __name__, url_prefix="/api/v1/tables")

IDEMPOTENCY = Header(
    "Idempotency-Key",
    "A retried request with the same key and body is answered, not applied twice; the "
    "same key with another body is a 409. A key belongs to one caller (an action's: "
    "the seat's token on this table; a create's: the client address) "
    "(1 to 100 printable ASCII characters)",
    {"type": "string", "minLength": 1, "maxLength": 100},
)
STREAM_TOKEN = Header(
    "token",
    "A seat's or the host's token: each version event is followed by the caller's state",
    location="query",
)
ERRORS = {
    400: "Invalid request or illegal action (error.field names it; error.rule the ruling)",
    401: "No token, or an Authorization header that is not `Bearer <token>`",
    403: "A token of another role (a seat's where the host's is needed...)",
    404: "No such table (whatever the token)",
    409: "A stale `version` (error.version is the current one), nothing to undo, or "
    "an Idempotency-Key this caller already sent with another body "
    "(error.field: Idempotency-Key)",
    415: "The body is not JSON",
    429: "Too many tables created from this address, or too many open streams from this "
    "address or on this table",
}


#: the operations a created table's links lead to (referee.openapi's operationIds)
_READ, _RECORD, _EVENTS = (
    "get_tables_table_id",
    "get_tables_table_id_record",
    "get_tables_table_id_events",
)
_ACT, _UNDO = "post_tables_table_id_actions", "post_tables_table_id_undo"
_TABLE = {"path.table_id": "$response.body#/table"}


def _as(who: str) -> dict[str, str]:
    """The Authorization header of the token at JSON pointer ``who`` in the create answer."""
    return {**_TABLE, "header.Authorization": "Bearer {$response.body#/" + who + "/token}"}


#: From a created table to every call it permits, with the tokens of its
#: answer: the host's, the first two seats' (a seat played by a bot has none),
#: and none (a spectator).
CREATED_LINKS: dict[str, dict[str, Any]] = {
    "host-reads": {"operationId": _READ, "parameters": _as("host")},
    "seat-reads": {"operationId": _READ, "parameters": _as("seats/0")},
    "spectator-reads": {"operationId": _READ, "parameters": _TABLE},
    "seat-acts": {"operationId": _ACT, "parameters": _as("seats/0")},
    "next-seat-acts": {"operationId": _ACT, "parameters": _as("seats/1")},
    "host-undoes": {"operationId": _UNDO, "parameters": _as("host")},
    "host-reads-record": {"operationId": _RECORD, "parameters": _as("host")},
    "spectator-reads-record": {"operationId": _RECORD, "parameters": _TABLE},
    "seat-follows": {
        "operationId": _EVENTS,
        "parameters": {**_TABLE, "query.token": "$response.body#/seats/0/token"},
    },
    "spectator-follows": {"operationId": _EVENTS, "parameters": _TABLE},
}
#: From a table's state (after a read, a move or an undo) to the same table's
#: calls (a move with the token of a seat to act, which the state cannot hold).
STATE_LINKS: dict[str, dict[str, Any]] = {
    "reads": {"operationId": _READ, "parameters": _TABLE},
    "acts": {"operationId": _ACT, "parameters": _TABLE},
    "reads-record": {"operationId": _RECORD, "parameters": _TABLE},
    "follows": {"operationId": _EVENTS, "parameters": _TABLE},
}


def errors(*statuses: int) -> dict[int, str]:
    return {status: ERRORS[status] for status in statuses}


@bp.errorhandler(Refused)
def _refused(exc: Refused) -> Response:
    """The tables' refusals, each kind answered with its HTTP status."""
    return _error(api_error(exc))


@bp.errorhandler(ApiError)
def _error(exc: ApiError) -> Response:
    """Errors in the caller's language (English unless it asks for another): worded
    by the referee either way, so an engine's refusal names cards as players do."""
    body = exc.body()
    body["error"]["message"] = worded(exc).localised(gettext)
    response = jsonify(body)
    response.status_code = exc.status
    response.headers["Cache-Control"] = "no-store"
    if exc.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="cardpress table"'
    if exc.status == 429:  # a stream slot or a rate limit: seconds, not a day
        response.headers.setdefault("Retry-After", "5")
    return response


def bearer() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            N_("send the token as Authorization: Bearer <token>"), "Authorization", status=401
        )
    return token.strip()


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 1 <= len(key) <= 100 or not key.isascii() or not key.isprintable():
        raise ApiError(
            N_("Idempotency-Key is 1 to 100 printable ASCII characters"), "Idempotency-Key"
        )
    return key


def phone_url(table_id: str, token: str, lang: str) -> str:
    return external_url("tables_pages.phone", lang=lang, table_id=table_id, token=token)


def created_body(created: service.Created) -> TableCreated:
    table = created.table
    return TableCreated(
        table=table.id,
        game=table.game,  # type: ignore[arg-type]
        version=table.version,
        host=Link(
            token=created.host_token, url=phone_url(table.id, created.host_token, table.lang)
        ),
        seats=[
            SeatLink(seat=i, name=name, bot=True)
            if i in table.bots
            else SeatLink(
                seat=i,
                name=name,
                bot=False,
                token=created.seat_tokens[i],
                url=phone_url(table.id, created.seat_tokens[i], table.lang),
            )
            for i, name in enumerate(table.players)
        ],
    )


def state_body(known: Known, caller: service.Caller) -> TableState:
    """The caller's view of the table at one version (its state and events are
    decoded once for every caller: ``known``)."""
    table, state = known.table, known.state()
    seat = caller.seat
    to_act = state.current_players()
    return TableState(
        table=table.id,
        game=table.game,  # type: ignore[arg-type]
        version=table.version,
        seat=seat,
        players=list(table.players),
        to_act=to_act,
        legal_actions=state.legal_actions(seat) if seat is not None and seat in to_act else [],
        view=state.view(seat),
        terminal=state.is_terminal(),
        winners=state.winners() if state.is_terminal() else None,
        events=known.shared("events", lambda: [EventBody.model_validate(e) for e in table.events]),
        result=known.shared("result", lambda: _result(table.game, state)),
    )


def _result(game: str, state: Any) -> dict[str, Any] | None:
    found = results.result_of(game, state)
    return found.to_json() if found is not None else None


def serialised(known: Known, caller: service.Caller) -> bytes:
    """The caller's answer at this version, as sent (built once per version and caller)."""
    return state_body(known, caller).model_dump_json().encode()


def _answer(known: Known, token: str | None) -> Response:
    """The caller's state, built once per version and caller in this worker."""
    body = known.body(service.identify(known.table, token), serialised)
    response = Response(body, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def _json(body: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


@operation(
    bp,
    "POST",
    "",
    request=CreateTable,
    response=TableCreated,
    status=201,
    headers=[IDEMPOTENCY],
    decorators=[create_limit],
    links=CREATED_LINKS,
    errors=errors(400, 409, 415, 429),
    summary="Create a live table",
    description="Seat and host links are in this answer only (tokens are stored as hashes). "
    "Rate-limited per client address.",
)
def create(req: CreateTable) -> TableCreated:
    """Create a table; the answer holds every link (tokens are never shown again)."""
    tidy()
    return created_body(create_request.create(tables().repo, req, create_key(idempotency_key())))


@operation(
    bp,
    "GET",
    "/<table_id>",
    response=TableState,
    auth="optional",
    links=STATE_LINKS,
    errors=errors(401, 403, 404),
    summary="The table as the caller may see it (no token: a spectator's view)",
)
def show(table_id: str) -> Response:
    ext = tables()
    return _answer(ext.answers.current(ext.repo, table_id), bearer())


@operation(
    bp,
    "POST",
    "/<table_id>/actions",
    request=ActionRequest,
    response=TableState,
    headers=[IDEMPOTENCY],
    auth="bearer",
    links=STATE_LINKS,
    errors=errors(400, 401, 403, 404, 409, 415),
    summary="Act for the caller's seat",
    description="The answer is the table after the action and any bot moves.",
)
def act(req: ActionRequest, table_id: str) -> Response:
    token, ext = bearer(), tables()
    seen = ext.answers.newest(table_id)
    table = service.act(
        ext.repo,
        table_id,
        token,
        req.action,
        req.version,
        idempotency_key(),
        seen=seen.table if seen is not None else None,
    )
    ext.bus.publish(table.id, table.version)
    return _answer(ext.answers.remember(table), token)


@operation(
    bp,
    "POST",
    "/<table_id>/undo",
    response=TableState,
    auth="bearer",
    links=STATE_LINKS,
    errors=errors(401, 403, 404, 409),
    summary="Take back the last person's action (host only)",
)
def undo(table_id: str) -> Response:
    token, ext = bearer(), tables()
    table = service.undo(ext.repo, table_id, token)
    ext.bus.publish(table.id, table.version)
    return _answer(ext.answers.remember(table), token)


@operation(
    bp,
    "GET",
    "/<table_id>/record",
    response=TableRecord,
    auth="optional",
    errors=errors(401, 403, 404),
    summary="The replayable record (the host's until the game is over)",
    description="A JSON object: game, players, seed, options, actions ([seat, action] "
    "pairs). Everyone's once the game is over. Before that only the host's, and with "
    "what the rules keep from the players withheld: `seed` is null (it decides every "
    "shuffle) and every secret action (a bid or card placed face down) is null.",
)
def record(table_id: str) -> Response:
    return _json(service.game_record(tables().repo, table_id, bearer()).shown())


@operation(
    bp,
    "GET",
    "/<table_id>/events",
    content_type="text/event-stream",
    headers=[STREAM_TOKEN],
    errors=errors(403, 404, 429),
    summary='Server-Sent Events: data: {"version": N} now and after every change',
    description="Opened with `?token=<a seat's or the host's token>` (EventSource cannot send "
    "an Authorization header), each of those events is followed by an `event: state` whose "
    "data is the caller's state, exactly the body `GET /api/v1/tables/<id>` answers then, so "
    "a phone needs no GET after an event. A token of another table is 403 before the stream "
    "starts. Without `token` the stream is only the version events.",
)
def events(table_id: str) -> Response:
    """Server-Sent Events: ``data: {"version": N}`` first and after every change.

    Opened when the worker has nothing more urgent to do (a tap's answer):
    :mod:`referee.tables.priority`."""
    with behind_requests():
        return _events(table_id)


def _events(table_id: str) -> Response:
    ext = tables()
    known = ext.answers.current(ext.repo, table_id)
    token = request.args.get("token")
    state = None
    if token is not None:
        try:
            caller = service.identify(known.table, token)
        except Refused:
            raise ApiError(
                N_("this token does not belong to this table"), "token", status=403
            ) from None
        state = _state_events(ext, known, token, caller)
    client = client_group(request.remote_addr)
    full = ext.streams.take(client, known.table.id)
    if full is not None:
        raise _too_many_streams(full)
    body = ext.streams.held(
        stream(
            ext.bus,
            known.table.id,
            known.table.version,
            current_app.config["TABLES_STREAM_SECONDS"],
            state=state,
        ),
        client,
        known.table.id,
    )
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _too_many_streams(full: str) -> ApiError:
    if full == "client":
        message = N_("too many live streams are open from your address; close some and retry")
    else:
        message = N_("too many live streams are open on this table; close some and retry")
    return ApiError(message, "events", status=429)


def _state_events(
    ext: Tables, known: Known, token: str, caller: service.Caller
) -> Callable[[int], str | None]:
    """A stream's state events: the first one is the answer already built to check
    the token (the stream's first version); each later one the caller's state at
    the announced version (committed) or newer, or None if the token no longer
    belongs to the table (a re-issued one: the stream ends).

    From the worker's memory when it holds such a version (no database round
    trip per stream and change), else read once for all the table's streams in
    this worker. The caller is the one the token named against the same hashes:
    it is looked up again (a hash of the token, a comparison per seat) only when
    the table's tokens changed, not per change and stream."""
    table_id = known.table.id
    pending = [known.body(caller, serialised).decode()]
    named: list[Any] = [(known.table.host_hash, known.table.seat_hashes), caller]

    def state(version: int) -> str | None:
        if pending:
            return pending.pop()
        now = ext.answers.at_least(ext.repo, table_id, version)
        hashes = (now.table.host_hash, now.table.seat_hashes)
        if hashes != named[0]:
            try:
                named[:] = [hashes, service.identify(now.table, token)]
            except Refused:
                return None
        return now.body(named[1], serialised).decode()

    return state
