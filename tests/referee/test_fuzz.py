"""The whole JSON API (/api/v1/openapi.json), fuzzed in-process by schemathesis.

The same run as ``st run --checks all`` against a server from the repository
(it reads the same ``schemathesis.toml``): every built-in check, in every
phase: the document's examples, its boundaries (coverage), random requests
(fuzzing), and a stateful phase that follows the document's links from a
created table to its reads, moves, undo, record and event stream with the
tokens the create answered (so the table routes are reached with real ids and
real tokens, not 404s). The operations come from the running app's own
document: an operation declared later is fuzzed without a change here.

One project rule on top: a request the schema accepts may be refused by a
rule the schema cannot state (schemathesis.toml names them per operation)
with a 400, but never by the request model itself: that would be the schema
and the validation disagreeing.

Bounded and reproducible: Hypothesis derandomized, a fixed number of examples
and scenarios, streams that end after a fifth of a second.
"""

from __future__ import annotations

import tempfile
import zlib
from pathlib import Path

import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from werkzeug.exceptions import HTTPException

from referee.contract import Operation, parse
from referee.validation import ApiError
from tests.referee.tables.conftest import make_app

ROOT = Path(__file__).resolve().parents[2]
CONFIG = schemathesis.Config.from_path(ROOT / "schemathesis.toml")

_DB = Path(tempfile.mkdtemp(prefix="cardpress-fuzz-"))


def _app(name: str):
    return make_app(
        f"sqlite:///{_DB / name}",
        SECRET_KEY="test-secret",
        TABLES_STREAM_SECONDS=0.2,
        TABLES_CREATE_LIMIT="1000000 per minute",
    )


APP = _app("operations.sqlite3")
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP, config=CONFIG)
#: the stateful phase's own database: what it plays does not depend on which
#: operation tests ran before it in this process (their create keys, under xdist)
STATEFUL_APP = _app("stateful.sqlite3")
stateful = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", STATEFUL_APP, config=CONFIG)

SETTINGS = settings(
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)


def _operation(app: Flask, method: str, path: str) -> Operation | None:
    adapter = app.url_map.bind("localhost")
    try:
        endpoint, _ = adapter.match("/api/v1" + path, method=method)
    except HTTPException:  # another method than the declared one: not ours to judge
        return None
    return getattr(app.view_functions[endpoint], "operation", None)


@schemathesis.check
def schema_and_model_agree(ctx, response, case) -> None:
    """A schema-valid body refused with 400 must have passed its request model."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    if not isinstance(case.body, dict | list):
        return None
    op = _operation(APP, case.method, case.formatted_path)
    if op is None or op.request is None:
        return None
    try:
        parse(op.request, case.body)
    except ApiError as exc:
        raise AssertionError(
            f"the schema accepts this body but the model refuses it: {exc.message}"
        ) from None
    return None


@schema.parametrize()
@settings(SETTINGS, max_examples=30)
def test_api(case: schemathesis.Case) -> None:
    case.call_and_validate(additional_checks=[schema_and_model_agree])


#: the version after each move the stateful phase made (answered 200)
PLAYED: list[int] = []


#: each created table's seat tokens (None for a bot), as its phones hold them
TOKENS: dict[str, list[str | None]] = {}


class Tables(stateful.as_state_machine()):  # type: ignore[misc]
    """The stateful phase, playing the tables it creates.

    The links lead from a created table to its calls, with the create answer's
    tokens, and from each state to the next move. Three moves in four (picked
    by the drawn move's checksum, so reproducibly) are then made as a phone
    would: by a seat that is to act, with its token (kept from the create
    answer, as its phone keeps its link) and one of its legal moves, so games
    go past their first move; the fourth keeps what was drawn (mostly an
    illegal move, a 400, or no or a wrong token, a 401/403). A call made with a
    real token carries it as credentials: the auth check then sends it once
    without and once with a wrong token and expects 401/403 (a token from a link
    is otherwise taken for a generated, likely invalid one)."""

    def before_call(self, case: schemathesis.Case) -> None:
        table_id = (case.path_parameters or {}).get("table_id")
        if not isinstance(table_id, str):
            return
        acting = case.path.endswith("/actions") and isinstance(case.body, dict)
        pick = zlib.crc32(str(case.body.get("action") if acting else "").encode())
        with STATEFUL_APP.test_client() as client:
            if acting and pick % 4 and table_id in TOKENS:
                to_act = client.get(f"/api/v1/tables/{table_id}").get_json()["to_act"]
                tokens = [t for seat, t in enumerate(TOKENS[table_id]) if t and seat in to_act]
                if tokens:
                    case.headers = {
                        **(case.headers or {}),
                        "Authorization": f"Bearer {tokens[pick % len(tokens)]}",
                    }
            token = (case.headers or {}).get("Authorization", "")
            if not token:
                return
            seen = client.get(f"/api/v1/tables/{table_id}", headers={"Authorization": token})
        if seen.status_code != 200:
            return
        case._has_explicit_auth = True
        legal = seen.get_json()["legal_actions"]
        if acting and pick % 4 and legal and case.body.get("action") not in legal:
            move = {"action": legal[pick % len(legal)], "version": seen.get_json()["version"]}
            case.body = {**case.body, **move}

    def after_call(self, response, case) -> None:
        super().after_call(response, case)
        if response.status_code == 201 and case.path == "/tables":
            created = response.json()
            TOKENS[created["table"]] = [seat.get("token") for seat in created["seats"]]
        if case.path.endswith("/actions") and response.status_code == 200:
            PLAYED.append(response.json()["version"])

    def validate_response(self, response, case, additional_checks=None, **kwargs) -> None:
        super().validate_response(
            response, case, [schema_and_model_agree, *(additional_checks or [])], **kwargs
        )


def test_tables_are_played_through_the_documents_links() -> None:
    """Every check on every step of every scenario; and the scenarios did play:
    moves were taken on the tables they created, past the first one."""
    PLAYED.clear()
    Tables.run(settings=settings(SETTINGS, max_examples=30, stateful_step_count=6))
    assert len(PLAYED) >= 10, PLAYED
    # past the first move on some table (3 when run alone; 2 in a loaded full run of CI,
    # where fewer of the scenario's steps reach a move)
    assert max(PLAYED) >= 2, PLAYED
