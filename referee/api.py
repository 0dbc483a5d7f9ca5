"""The scoring API (``/api/v1/``): thin, stateless, CSRF-exempt, never a 500.

Each operation is declared once (:func:`referee.contract.operation`); its
examples are real calls the tests replay and the document publishes.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify
from pydantic import BaseModel

from referee import adjudicate
from referee import bodies as b
from referee.contract import Example, operation

bp = Blueprint("api", __name__, url_prefix="/api/v1")

CARD_DATA_ERROR = {
    503: "The card data on the server has errors (error.problems lists them); "
    "this operation answers again once they are fixed",
}


def _error(message: str, field: str, **extra: str) -> dict[str, object]:
    return {"error": {"message": message, "field": field, **extra}}


@operation(
    bp,
    "POST",
    "/finger-auction/score",
    request=b.FingerAuctionScoreRequest,
    response=b.FingerAuctionScoreResponse,
    summary="Finger Auction: end-of-game scores and winners",
    description="Rulings FA-5 (Monet's table by players in the game), FA-6 (per painter, "
    "Mona Lisa where it scores most), FA-7 (ties).",
    examples=[
        Example(
            "contract",
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
        Example(
            "too-many-monets",
            {"hands": [{"name": "A", "monet": 5}, {"name": "B", "monet": 4}]},
            400,
            _error(
                "hands[1].monet: 9 monet paintings across hands; the deck has 8",
                "hands[1].monet",
            ),
        ),
        Example(
            "two-mona-lisas",
            {"hands": [{"name": "A", "mona_lisa": True}, {"name": "B", "mona_lisa": True}]},
            400,
            _error(
                "hands[1].mona_lisa: the deck has one Mona Lisa and hands[0] holds it",
                "hands[1].mona_lisa",
            ),
        ),
        Example(
            "bool-is-not-a-count",
            {"hands": [{"name": "A", "monet": True}, {"name": "B"}]},
            400,
            _error("hands[0].monet must be an integer, not true or false", "hands[0].monet"),
        ),
    ],
)
def finger_auction_score(body: b.FingerAuctionScoreRequest) -> BaseModel:
    return adjudicate.finger_auction_score(body).response


@operation(
    bp,
    "POST",
    "/finger-auction/auction",
    request=b.FingerAuctionAuctionRequest,
    response=b.FingerAuctionAuctionResponse,
    summary="Finger Auction: who wins an auction and what they take",
    description="FA-1 (three or more: lowest unique bid), FA-2 (take min(bid, field)), "
    "FA-3 (two participants: right takes, left blocks), FA-4 (within a round, no right "
    "hand repeated from the player's previous two-participant auction).",
    examples=[
        Example(
            "lowest-unique",
            {"field": 7, "bids": {"A": 1, "B": 2, "C": 2, "D": 3}},
            200,
            {
                "outcome": "won",
                "awards": [{"player": "A", "cards": 1}],
                "rulings": ["FA-1", "FA-2"],
            },
        ),
        Example(
            "two-hands",
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
        Example(
            "everyone-collides",
            {"field": 5, "bids": {"A": 2, "B": 2, "C": 3, "D": 3}},
            200,
            {"outcome": "rebid", "rulings": ["FA-1"]},
        ),
        Example(
            "repeated-right-hand",
            {
                "field": 7,
                "bids": {"A": {"right": 2, "left": 3}, "B": {"right": 3, "left": 4}},
                "previous_right": {"A": 2},
            },
            400,
            _error(
                "bids.A: illegal bid: the right hand may not repeat 2 from the previous "
                "auction (FA-4)",
                "bids.A",
                player="A",
                rule="FA-4",
            ),
        ),
        Example(
            "six-fingers",
            {"field": 7, "bids": {"A": 6, "B": 2, "C": 1}},
            400,
            _error("bids.A must be between 1 and 5, not 6", "bids.A", player="A"),
        ),
    ],
)
def finger_auction_auction(body: b.FingerAuctionAuctionRequest) -> BaseModel:
    return adjudicate.finger_auction_auction(body).response


@operation(
    bp,
    "POST",
    "/ultimatch/match",
    request=b.UltimatchMatchRequest,
    response=b.UltimatchMatchResponse,
    errors=CARD_DATA_ERROR,
    summary="Ultimatch: does a play match a pyramid card?",
    description="UM-2 (one card: number or colour), UM-3 (two cards: sum, difference or "
    "mixed primaries), UM-4 (Ultimatch). Cards are the ids of the deck in cards/ultimatch.",
    examples=[
        Example(
            "contract",
            {"target": "orange-5", "cards": ["red-7", "purple-2"]},
            200,
            {"match": True, "ultimatch": False, "by": ["number"], "rulings": ["UM-3"]},
        ),
        Example(
            "ultimatch",
            {"target": "orange-5", "cards": ["red-2", "yellow-3"]},
            200,
            {
                "match": True,
                "ultimatch": True,
                "by": ["number", "colour"],
                "rulings": ["UM-3", "UM-4"],
            },
        ),
        Example(
            "unknown-card",
            {"target": "orange-5", "cards": ["red-30"]},
            400,
            _error("cards[0]: unknown card red-30", "cards[0]"),
        ),
        Example(
            "duplicate-card",
            {"target": "orange-5", "cards": ["red-2", "red-2"]},
            400,
            _error("cards[1]: duplicate red-2", "cards[1]"),
        ),
    ],
)
def ultimatch_match(body: b.UltimatchMatchRequest) -> BaseModel:
    return adjudicate.ultimatch_match(body).response


@operation(
    bp,
    "POST",
    "/eshi100/score",
    request=b.Eshi100ScoreRequest,
    response=b.Eshi100ScoreResponse,
    summary="絵師100人展: settlement score",
    description="ES-1 (icon bonuses, chosen to maximise), ES-2 (score).",
    examples=[
        Example(
            "contract",
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
        Example(
            "unknown-icon",
            {"collection": [{"icons": ["rose"]}]},
            400,
            _error(
                "collection[0].icons[0]: unknown value rose (one of: ume, sakura, asagao, kikyo)",
                "collection[0].icons[0]",
            ),
        ),
    ],
)
def eshi100_score(body: b.Eshi100ScoreRequest) -> BaseModel:
    return adjudicate.eshi100_score(body).response


@operation(
    bp,
    "POST",
    "/gallery-rush/victory",
    request=b.GalleryRushVictoryRequest,
    response=b.GalleryRushVictoryResponse,
    summary="Gallery Rush: has a collection met a victory condition?",
    description="GR-4 (four of a painter, the Mona Lisa counting for any), GR-2.",
    examples=[
        Example(
            "contract",
            {"collection": {"monet": 3, "gogh": 1, "vermeer": 0, "mona_lisa": True}},
            200,
            {"achieved": True, "conditions": ["four_of_a_painter"], "cards": 5},
        ),
        Example(
            "nine-monets",
            {"collection": {"monet": 9}},
            400,
            _error("collection.monet must be between 0 and 8, not 9", "collection.monet"),
        ),
    ],
)
def gallery_rush_victory(body: b.GalleryRushVictoryRequest) -> BaseModel:
    return adjudicate.gallery_rush_victory(body).response


@operation(
    bp,
    "POST",
    "/gallery-rush/odds",
    request=b.GalleryRushOddsRequest,
    response=b.GalleryRushOddsResponse,
    summary="Gallery Rush: odds of the next explore flip",
    description="Not in the contract list: a helper for the phone page. Probabilities "
    "rounded to 4 places; every unseen card is equally likely (GR-10).",
    examples=[
        Example(
            "fresh-deck",
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
        Example(
            "more-than-the-deck",
            {"keep": ["gogh"], "seen": {"gogh": 8}},
            400,
            _error("seen.gogh: 9 gogh paintings seen plus the keep; the deck has 8", "seen.gogh"),
        ),
    ],
)
def gallery_rush_odds(body: b.GalleryRushOddsRequest) -> BaseModel:
    return adjudicate.gallery_rush_odds(body).response


@operation(bp, "GET", "/openapi.json", summary="This document (OpenAPI 3.1)")
def openapi() -> Response:
    from referee.openapi import document

    response = jsonify(document())
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
