"""The tables' part of /api/v1/openapi.json, generated from the pydantic models."""

from __future__ import annotations

from typing import Any

from pydantic.json_schema import models_json_schema

from referee.tables.schemas import ActionRequest, CreateTable, ErrorBody, TableCreated, TableState

REF = "#/components/schemas/{model}"
AUTH = [{"seatToken": []}, {}]


def _json(ref: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": REF.format(model=ref)}}},
    }


def _errors(*statuses: int) -> dict[str, Any]:
    texts = {
        400: "Invalid request or illegal action (error.field names it; error.rule the ruling)",
        401: "No token, or an Authorization header that is not `Bearer <token>`",
        403: "A token of another role (a seat's where the host's is needed...)",
        404: "No such table (whatever the token)",
        409: "A stale `version` (error.version is the current one), nothing to undo, or "
        "a reused Idempotency-Key",
        415: "The body is not JSON",
        429: "Too many tables created from this address",
    }
    return {str(s): _json("ErrorBody", texts[s]) for s in statuses}


TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
IDEMPOTENCY = {
    "name": "Idempotency-Key",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "maxLength": 100},
    "description": "A retried request with the same key is not applied twice",
}


def paths() -> dict[str, Any]:
    return {
        "/tables": {
            "post": {
                "operationId": "create_table",
                "summary": "Create a live table",
                "description": "Seat and host links are in this answer only (tokens are stored "
                "as hashes). Rate-limited per client address.",
                "parameters": [IDEMPOTENCY],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": REF.format(model="CreateTable")}}
                    },
                },
                "responses": {
                    "201": _json("TableCreated", "The table and every link"),
                    **_errors(400, 409, 415, 429),
                },
            }
        },
        "/tables/{table_id}": {
            "get": {
                "operationId": "get_table",
                "summary": "The table as the caller may see it",
                "parameters": [TABLE_ID],
                "security": AUTH,
                "responses": {
                    "200": _json("TableState", "The caller's view"),
                    **_errors(401, 403, 404),
                },
            }
        },
        "/tables/{table_id}/actions": {
            "post": {
                "operationId": "table_action",
                "summary": "Act for the caller's seat",
                "parameters": [TABLE_ID, IDEMPOTENCY],
                "security": [{"seatToken": []}],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": REF.format(model="ActionRequest")}}
                    },
                },
                "responses": {
                    "200": _json("TableState", "The table after the action and any bot moves"),
                    **_errors(400, 401, 403, 404, 409, 415),
                },
            }
        },
        "/tables/{table_id}/undo": {
            "post": {
                "operationId": "table_undo",
                "summary": "Take back the last person's action (host only)",
                "parameters": [TABLE_ID],
                "security": [{"seatToken": []}],
                "responses": {
                    "200": _json("TableState", "The table after the undo"),
                    **_errors(401, 403, 404, 409),
                },
            }
        },
        "/tables/{table_id}/record": {
            "get": {
                "operationId": "table_record",
                "summary": "The replayable record (the host's until the game is over)",
                "parameters": [TABLE_ID],
                "security": AUTH,
                "responses": {
                    "200": {
                        "description": "game, players, seed, options, actions",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    **_errors(401, 403, 404),
                },
            }
        },
        "/tables/{table_id}/events": {
            "get": {
                "operationId": "table_events",
                "summary": 'Server-Sent Events: data: {"version": N} now and after every change',
                "parameters": [TABLE_ID],
                "responses": {
                    "200": {
                        "description": "An event stream",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                    },
                    **_errors(404),
                },
            }
        },
    }


def schemas() -> dict[str, Any]:
    _, top = models_json_schema(
        [
            (m, "validation" if m in (CreateTable, ActionRequest) else "serialization")
            for m in (CreateTable, ActionRequest, TableCreated, TableState, ErrorBody)
        ],
        ref_template=REF,
    )
    return top.get("$defs", {})


SECURITY_SCHEMES = {
    "seatToken": {
        "type": "http",
        "scheme": "bearer",
        "description": "A seat's or the host's token from the create answer; none: spectator",
    }
}
