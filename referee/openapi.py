"""The OpenAPI 3.1 description of the JSON API, written by hand.

Each operation's request examples are paired by name with one response
example (under 200 or an error status); tests post every request example and
expect exactly the paired response, so the document cannot drift from the
code.
"""

from __future__ import annotations

import copy
from typing import Any

PAINTER = {"type": "string", "enum": ["monet", "gogh", "vermeer"]}
ICON = {"type": "string", "enum": ["ume", "sakura", "asagao", "kikyo"]}
RULINGS = {
    "type": "array",
    "items": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]+$"},
    "description": "IDs of the rulings that decided the outcome; each is an anchor on "
    "/{lang}/rules/{game}.",
}
COUNT = {"type": "integer", "minimum": 0, "maximum": 8, "default": 0}
NAME = {"type": "string", "minLength": 1, "maxLength": 40}
FINGERS = {"type": "integer", "minimum": 1, "maximum": 5}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["message"],
                "properties": {
                    "message": {"type": "string"},
                    "field": {
                        "type": "string",
                        "description": "JSON path of the offending field, e.g. hands[0].monet; "
                        "'body' for the body as a whole",
                    },
                    "player": {"type": "string", "description": "who made an illegal bid"},
                    "problems": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "503 only: what is wrong with the card data on the "
                        "server, one 'FILE: CARD-ID: FIELD: message' line each",
                    },
                },
            }
        },
    },
    "FingerAuctionHand": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": {**NAME, "description": "unique among hands; default 'Player N'"},
            "monet": COUNT,
            "gogh": COUNT,
            "vermeer": COUNT,
            "forgeries": {
                "type": "array",
                "items": PAINTER,
                "uniqueItems": True,
                "maxItems": 3,
                "default": [],
            },
            "mona_lisa": {"type": "boolean", "default": False},
        },
    },
    "FingerAuctionScoreRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["hands"],
        "properties": {
            "players": {
                "type": "integer",
                "minimum": 2,
                "maximum": 4,
                "description": "players in the game (picks Monet's table, FA-5); "
                "defaults to the number of hands",
            },
            "hands": {
                "type": "array",
                "minItems": 1,
                "maxItems": 4,
                "items": {"$ref": "#/components/schemas/FingerAuctionHand"},
                "description": "across hands at most 8 paintings of a painter, one "
                "forgery of each painter and one Mona Lisa",
            },
        },
    },
    "FingerAuctionScoreResponse": {
        "type": "object",
        "required": ["results", "winners"],
        "properties": {
            "results": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name", "score", "cards", "mona_lisa_as", "painters"],
                    "properties": {
                        "name": {"type": "string"},
                        "score": {"type": "integer"},
                        "cards": {"type": "integer"},
                        "mona_lisa_as": {"oneOf": [PAINTER, {"type": "null"}]},
                        "painters": {
                            "type": "object",
                            "properties": {
                                p: {"type": "integer"} for p in ("monet", "gogh", "vermeer")
                            },
                        },
                    },
                },
            },
            "winners": {
                "type": "array",
                "items": {"type": "string"},
                "description": "more than one name is a shared win (FA-7)",
            },
        },
    },
    "TwoHands": {
        "type": "object",
        "additionalProperties": False,
        "required": ["right", "left"],
        "properties": {"right": FINGERS, "left": FINGERS},
    },
    "FingerAuctionAuctionRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["field", "bids"],
        "properties": {
            "field": {
                "type": "integer",
                "minimum": 1,
                "maximum": 28,
                "description": "cards left on the field",
            },
            "bids": {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 4,
                "description": "participant name -> bid: one number (three or more "
                "participants) or right and left hands (two, FA-3)",
                "additionalProperties": {
                    "oneOf": [FINGERS, {"$ref": "#/components/schemas/TwoHands"}]
                },
            },
            "previous_right": {
                "type": "object",
                "additionalProperties": FINGERS,
                "description": "each participant's right hand in the previous "
                "two-participant auction of the round (FA-4)",
            },
            "variant": {"type": "string", "enum": ["standard", "strict"], "default": "standard"},
        },
    },
    "FingerAuctionAuctionResponse": {
        "type": "object",
        "required": ["outcome", "rulings"],
        "properties": {
            "outcome": {"type": "string", "enum": ["won", "rebid"]},
            "awards": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["player", "cards"],
                    "properties": {"player": {"type": "string"}, "cards": {"type": "integer"}},
                },
                "description": "present when outcome is won, in the order players leave",
            },
            "rulings": RULINGS,
        },
    },
    "UltimatchMatchRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["target", "cards"],
        "properties": {
            "target": {
                "type": "string",
                "pattern": "^[a-z]+-[0-9]+$",
                "description": "the face-up pyramid card, e.g. orange-5",
            },
            "cards": {
                "type": "array",
                "minItems": 1,
                "maxItems": 2,
                "uniqueItems": True,
                "items": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
            },
        },
    },
    "UltimatchMatchResponse": {
        "type": "object",
        "required": ["match", "ultimatch", "by", "rulings"],
        "properties": {
            "match": {"type": "boolean"},
            "ultimatch": {"type": "boolean"},
            "by": {"type": "array", "items": {"type": "string", "enum": ["number", "colour"]}},
            "rulings": RULINGS,
        },
    },
    "Eshi100ScoreRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["collection"],
        "properties": {
            "collection": {
                "type": "array",
                "maxItems": 40,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["icons"],
                    "properties": {
                        "icons": {
                            "type": "array",
                            "items": ICON,
                            "minItems": 1,
                            "maxItems": 4,
                            "uniqueItems": True,
                        }
                    },
                },
            },
            "warehouse": {
                "type": "array",
                "maxItems": 40,
                "default": [],
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["bid"],
                    "properties": {"bid": {"type": "integer", "minimum": 0, "maximum": 99}},
                },
            },
            "adjustments": {
                "type": "array",
                "maxItems": 40,
                "default": [],
                "items": {"type": "integer", "minimum": -99, "maximum": 99},
                "description": "points from settlement effects",
            },
        },
    },
    "Eshi100ScoreResponse": {
        "type": "object",
        "required": [
            "score",
            "cards",
            "same_icon_bonus",
            "different_icon_bonus",
            "warehouse",
            "adjustments",
        ],
        "properties": {
            k: {"type": "integer"}
            for k in (
                "score",
                "cards",
                "same_icon_bonus",
                "different_icon_bonus",
                "warehouse",
                "adjustments",
            )
        },
    },
    "GalleryRushVictoryRequest": {
        "type": "object",
        "additionalProperties": False,
        "required": ["collection"],
        "properties": {
            "collection": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "monet": COUNT,
                    "gogh": COUNT,
                    "vermeer": COUNT,
                    "mona_lisa": {"type": "boolean", "default": False},
                },
            }
        },
    },
    "GalleryRushVictoryResponse": {
        "type": "object",
        "required": ["achieved", "conditions", "cards"],
        "properties": {
            "achieved": {"type": "boolean"},
            "conditions": {
                "type": "array",
                "items": {"type": "string", "enum": ["seven_cards", "four_of_a_painter"]},
            },
            "cards": {"type": "integer"},
        },
    },
    "GalleryRushOddsRequest": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "keep": {
                "type": "array",
                "items": PAINTER,
                "uniqueItems": True,
                "maxItems": 3,
                "default": [],
                "description": "painters in the active player's keep",
            },
            "seen": {
                "type": "object",
                "additionalProperties": False,
                "properties": {"monet": COUNT, "gogh": COUNT, "vermeer": COUNT},
                "description": "paintings visible outside the keep: the discard pile "
                "and every collection",
            },
            "seen_forgeries": {"type": "integer", "minimum": 0, "maximum": 3, "default": 0},
            "mona_lisa_seen": {"type": "boolean", "default": False},
        },
    },
    "GalleryRushOddsResponse": {
        "type": "object",
        "required": ["bust", "forgery", "mona_lisa", "keep_lost", "painters", "unseen"],
        "properties": {
            "bust": {"type": "number", "description": "a painter already in the keep"},
            "forgery": {"type": "number"},
            "mona_lisa": {"type": "number"},
            "keep_lost": {"type": "number", "description": "bust + forgery"},
            "painters": {"type": "object", "additionalProperties": {"type": "number"}},
            "unseen": {"type": "integer"},
        },
    },
}


def _error(message: str, field: str, **extra: str) -> dict[str, Any]:
    return {"error": {"message": message, "field": field, **extra}}


OPERATIONS: dict[str, dict[str, Any]] = {
    "/finger-auction/score": {
        "summary": "Finger Auction: end-of-game scores and winners",
        "description": "Rulings FA-5 (Monet's table by players in the game), FA-6 (per "
        "painter, Mona Lisa where it scores most), FA-7 (ties).",
        "schema": "FingerAuctionScore",
        "examples": {
            "contract": (
                {
                    "players": 3,
                    "hands": [
                        {
                            "name": "Aki",
                            "monet": 4,
                            "gogh": 2,
                            "vermeer": 1,
                            "forgeries": ["vermeer"],
                            "mona_lisa": True,
                        }
                    ],
                },
                200,
                {
                    "results": [
                        {
                            "name": "Aki",
                            "score": 22,
                            "cards": 9,
                            "mona_lisa_as": "monet",
                            "painters": {"monet": 16, "gogh": 6, "vermeer": 0},
                        }
                    ],
                    "winners": ["Aki"],
                },
            ),
            "too-many-monets": (
                {"hands": [{"name": "A", "monet": 5}, {"name": "B", "monet": 4}]},
                400,
                _error(
                    "hands[1].monet: 9 monet paintings across hands; the deck has 8",
                    "hands[1].monet",
                ),
            ),
            "two-mona-lisas": (
                {"hands": [{"name": "A", "mona_lisa": True}, {"name": "B", "mona_lisa": True}]},
                400,
                _error(
                    "hands[1].mona_lisa: the deck has one Mona Lisa and hands[0] holds it",
                    "hands[1].mona_lisa",
                ),
            ),
            "bool-is-not-a-count": (
                {"hands": [{"name": "A", "monet": True}, {"name": "B"}]},
                400,
                _error("hands[0].monet must be an integer, not boolean", "hands[0].monet"),
            ),
        },
    },
    "/finger-auction/auction": {
        "summary": "Finger Auction: who wins an auction and what they take",
        "description": "FA-1 (three or more: lowest unique bid), FA-2 (take min(bid, field)), "
        "FA-3 (two participants: right takes, left blocks), FA-4 (no repeated "
        "right hand).",
        "schema": "FingerAuctionAuction",
        "examples": {
            "lowest-unique": (
                {"field": 7, "bids": {"A": 1, "B": 2, "C": 2, "D": 3}},
                200,
                {
                    "outcome": "won",
                    "awards": [{"player": "A", "cards": 1}],
                    "rulings": ["FA-1", "FA-2"],
                },
            ),
            "two-hands": (
                {
                    "field": 7,
                    "bids": {"A": {"right": 3, "left": 3}, "B": {"right": 3, "left": 4}},
                    "previous_right": {"A": 2},
                },
                200,
                {
                    "outcome": "won",
                    "awards": [{"player": "A", "cards": 3}, {"player": "B", "cards": 4}],
                    "rulings": ["FA-3", "FA-2"],
                },
            ),
            "everyone-collides": (
                {"field": 5, "bids": {"A": 2, "B": 2, "C": 3, "D": 3}},
                200,
                {"outcome": "rebid", "rulings": ["FA-1"]},
            ),
            "repeated-right-hand": (
                {
                    "field": 7,
                    "bids": {"A": {"right": 2, "left": 3}, "B": {"right": 3, "left": 4}},
                    "previous_right": {"A": 2},
                },
                400,
                _error(
                    "bids.A: illegal bid: the right hand may not repeat 2 from the "
                    "previous auction",
                    "bids.A",
                    player="A",
                ),
            ),
            "six-fingers": (
                {"field": 7, "bids": {"A": 6, "B": 2, "C": 1}},
                400,
                _error("bids.A must be between 1 and 5, not 6", "bids.A", player="A"),
            ),
        },
    },
    "/ultimatch/match": {
        "summary": "Ultimatch: does a play match a pyramid card?",
        "description": "UM-2 (one card: number or colour), UM-3 (two cards: sum, "
        "difference or mixed primaries), UM-4 (Ultimatch).",
        "schema": "UltimatchMatch",
        "reads_cards": True,
        "examples": {
            "contract": (
                {"target": "orange-5", "cards": ["red-7", "purple-2"]},
                200,
                {"match": True, "ultimatch": False, "by": ["number"], "rulings": ["UM-3"]},
            ),
            "ultimatch": (
                {"target": "orange-5", "cards": ["red-2", "yellow-3"]},
                200,
                {
                    "match": True,
                    "ultimatch": True,
                    "by": ["number", "colour"],
                    "rulings": ["UM-3", "UM-4"],
                },
            ),
            "unknown-card": (
                {"target": "orange-5", "cards": ["pink-3"]},
                400,
                _error("cards[0]: unknown card pink-3", "cards[0]"),
            ),
            "duplicate-card": (
                {"target": "orange-5", "cards": ["red-2", "red-2"]},
                400,
                _error("cards[1]: duplicate red-2", "cards[1]"),
            ),
        },
    },
    "/eshi100/score": {
        "summary": "絵師100人展: settlement score",
        "description": "ES-1 (icon bonuses, chosen to maximise), ES-2 (score).",
        "schema": "Eshi100Score",
        "examples": {
            "contract": (
                {
                    "collection": [{"icons": ["ume"]}, {"icons": ["sakura", "kikyo"]}],
                    "warehouse": [{"bid": 2}],
                    "adjustments": [1],
                },
                200,
                {
                    "score": 1,
                    "cards": 2,
                    "same_icon_bonus": 0,
                    "different_icon_bonus": 0,
                    "warehouse": -2,
                    "adjustments": 1,
                },
            ),
            "unknown-icon": (
                {"collection": [{"icons": ["rose"]}]},
                400,
                _error(
                    "collection[0].icons[0]: unknown value rose "
                    "(one of: ume, sakura, asagao, kikyo)",
                    "collection[0].icons[0]",
                ),
            ),
        },
    },
    "/gallery-rush/victory": {
        "summary": "Gallery Rush: has a collection met a victory condition?",
        "description": "GR-4 (four of a painter, the Mona Lisa counting for any), GR-2.",
        "schema": "GalleryRushVictory",
        "examples": {
            "contract": (
                {"collection": {"monet": 3, "gogh": 1, "vermeer": 0, "mona_lisa": True}},
                200,
                {"achieved": True, "conditions": ["four_of_a_painter"], "cards": 5},
            ),
            "nine-monets": (
                {"collection": {"monet": 9}},
                400,
                _error("collection.monet must be between 0 and 8, not 9", "collection.monet"),
            ),
        },
    },
    "/gallery-rush/odds": {
        "summary": "Gallery Rush: odds of the next explore flip",
        "description": "Not in the contract list: a helper for the phone page. Probabilities "
        "rounded to 4 places; every unseen card is equally likely (GR-10).",
        "schema": "GalleryRushOdds",
        "examples": {
            "fresh-deck": (
                {"keep": ["monet"], "seen": {}, "seen_forgeries": 0, "mona_lisa_seen": False},
                200,
                {
                    "bust": 0.2593,
                    "forgery": 0.1111,
                    "mona_lisa": 0.037,
                    "keep_lost": 0.3704,
                    "painters": {"monet": 0.2593, "gogh": 0.2963, "vermeer": 0.2963},
                    "unseen": 27,
                },
            ),
            "more-than-the-deck": (
                {"keep": ["gogh"], "seen": {"gogh": 8}},
                400,
                _error(
                    "seen.gogh: 9 gogh paintings seen plus the keep; the deck has 8", "seen.gogh"
                ),
            ),
        },
    },
}

COMMON_ERRORS: dict[str, str] = {
    "400": "Invalid body: the message names the field (error.field is its JSON path)",
    "413": "Body larger than 64 KiB",
    "415": "Content-Type is not application/json",
}
#: only operations that read the card data can meet broken card data
CARD_DATA_ERROR = {
    "503": "The card data on the server has errors (error.problems lists them); "
    "this operation answers again once they are fixed",
}


def _operation(path: str, spec: dict[str, Any]) -> dict[str, Any]:
    schema = spec["schema"]
    request_examples = {}
    by_status: dict[int, dict[str, Any]] = {}
    for name, (request, status, response) in spec["examples"].items():
        request_examples[name] = {"value": request}
        by_status.setdefault(status, {})[name] = {"value": response}
    responses: dict[str, Any] = {}
    for status, examples in sorted(by_status.items()):
        ref = (
            ("#/components/schemas/" + schema + "Response")
            if status == 200
            else "#/components/schemas/Error"
        )
        responses[str(status)] = {
            "description": "The outcome"
            if status == 200
            else COMMON_ERRORS.get(str(status), "Error"),
            "content": {"application/json": {"schema": {"$ref": ref}, "examples": examples}},
        }
    errors = {**COMMON_ERRORS, **(CARD_DATA_ERROR if spec.get("reads_cards") else {})}
    for status, description in errors.items():
        responses.setdefault(
            status,
            {
                "description": description,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
            },
        )
    return {
        "post": {
            "operationId": path.strip("/").replace("/", "_").replace("-", "_"),
            "summary": spec["summary"],
            "description": spec["description"],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {"$ref": "#/components/schemas/" + schema + "Request"},
                        "examples": request_examples,
                    }
                },
            },
            "responses": responses,
        }
    }


def document() -> dict[str, Any]:
    from referee.tables import openapi as tables_openapi

    paths: dict[str, Any] = {p: _operation(p, s) for p, s in OPERATIONS.items()}
    paths.update(tables_openapi.paths())
    paths["/openapi.json"] = {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "responses": {
                "200": {"description": "OpenAPI 3.1 document", "content": {"application/json": {}}}
            },
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "cardpress referee API",
            "version": "1.0.0",
            "description": "Stateless scoring and adjudication for Triptych (Gallery Rush, "
            "Finger Auction), Ultimatch and 絵師100人展. JSON in, JSON out; no "
            "cookies, no authentication. Errors: "
            '{"error": {"message": ..., "field": ...}}; never a 500 for '
            "anything a client sends. Rule IDs in `rulings` link to "
            "/{lang}/rules/{game}#{ID}.",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths,
        "components": {
            "schemas": {**copy.deepcopy(SCHEMAS), **tables_openapi.schemas()},
            "securitySchemes": tables_openapi.SECURITY_SCHEMES,
        },
    }


def examples() -> list[tuple[str, str, Any, int, Any]]:
    """(path, example name, request, status, response) for every documented example."""
    return [
        ("/api/v1" + p, name, req, status, resp)
        for p, spec in OPERATIONS.items()
        for name, (req, status, resp) in spec["examples"].items()
    ]
