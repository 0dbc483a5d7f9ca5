"""The scoring API's request and response bodies, declared once.

Validation (:func:`referee.contract.parse`) and the OpenAPI document both come
from these models. What a schema cannot say (counts across hands beyond the
deck, a repeated right hand, an unknown card) is refused by
:mod:`referee.adjudicate` with a 400 naming the field.

A field that may be left out but not sent as null has ``default=None`` and a
non-null type: pydantic does not validate defaults, so absence gives None
while an explicit null is refused, as the schema says.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Discriminator, Field, Tag

from cardpress import players
from cardpress.games import finger_auction as fa
from cardpress.vocabulary import (
    COLOURS,
    ESHI100_DECK,
    FINGER_AUCTION_FIELD,
    FINGERS,
    ICON_IDS,
    PAINTER_IDS,
    PAINTINGS_PER_PAINTER,
)
from referee.contract import TAG, Body, Flag, Integer, PlayerName, RuleId, choice, refuse
from referee.validation import N_, ApiError

PainterId = choice(PAINTER_IDS)
IconId = choice(ICON_IDS)
Count = Integer(0, PAINTINGS_PER_PAINTER, description="paintings of this painter")
Fingers = Integer(*FINGERS)
Rulings = Annotated[
    list[RuleId],
    Field(
        min_length=1,
        json_schema_extra={"uniqueItems": True},
        description="IDs of the rulings that decided the outcome; each is an anchor on "
        "/{lang}/rules/{game}.",
    ),
]

#: what an answer counts: response bounds are checked when the answer is built
#: (a bug is then the server's 500, never a wrong answer) and published
Natural = Annotated[int, Field(ge=0)]
Probability = Annotated[float, Field(ge=0, le=1)]
#: every card of a Triptych deck (three painters' 8, 3 forgeries, the Mona Lisa)
TRIPTYCH_CARDS = len(PAINTER_IDS) * PAINTINGS_PER_PAINTER + len(PAINTER_IDS) + 1


def _unique(items: list[Any]) -> list[Any]:
    """uniqueItems, with the index of the repeat in the message."""
    if isinstance(items, list):
        for i, item in enumerate(items):
            if item in items[:i]:
                raise refuse(N_("%(field)s: duplicate %(value)s"), value=str(item)[:40], index=i)
    return items


def UniqueList(item: Any, **field_args: Any) -> Any:
    return Annotated[
        list[item],
        BeforeValidator(_unique),
        Field(json_schema_extra={"uniqueItems": True}, **field_args),
    ]


def _distinct_names(bids: Any) -> Any:
    """Two keys equal once trimmed and NFC-normalised name one participant twice."""
    if isinstance(bids, dict):
        seen: dict[str, str] = {}
        for key in bids:
            if not isinstance(key, str):
                continue
            try:
                name = players.player_name(key)
            except players.BadName:
                continue  # the key's own validation names it
            if name in seen:
                raise refuse(N_("%(field)s: two participants are named %(name)s"), name=name)
            seen[name] = key
    return bids


# --------------------------------------------------------------------------- Finger Auction


class FingerAuctionHand(Body):
    name: PlayerName = Field(default=None, description="unique among hands; default 'Player N'")
    monet: Count = 0
    gogh: Count = 0
    vermeer: Count = 0
    forgeries: UniqueList(PainterId, max_length=len(PAINTER_IDS)) = Field(
        default_factory=list, description="the forgeries this player holds"
    )
    mona_lisa: Flag = False


class FingerAuctionScoreRequest(Body):
    players: Integer(fa.MIN_PLAYERS, fa.MAX_PLAYERS) = Field(
        default=None,
        description="players in the game (picks Monet's table, FA-5); "
        "defaults to the number of hands",
    )
    hands: list[FingerAuctionHand] = Field(
        min_length=1,
        max_length=fa.MAX_PLAYERS,
        description="across hands at most 8 paintings of a painter, one forgery of each "
        "painter and one Mona Lisa",
    )


class PainterScores(Body):
    monet: Natural
    gogh: Natural
    vermeer: Natural


class HandResult(Body):
    name: str = Field(min_length=1)
    score: Natural
    cards: Annotated[int, Field(ge=0, le=TRIPTYCH_CARDS)]
    mona_lisa_as: PainterId | None
    painters: PainterScores


class FingerAuctionScoreResponse(Body):
    results: list[HandResult] = Field(min_length=1, max_length=fa.MAX_PLAYERS)
    winners: list[str] = Field(
        min_length=1,
        max_length=fa.MAX_PLAYERS,
        json_schema_extra={"uniqueItems": True},
        description="more than one name is a shared win (FA-7)",
    )


class TwoHands(Body):
    right: Fingers
    left: Fingers


def _bid_kind(value: Any) -> str:
    return TAG + ("hands" if isinstance(value, dict) else "number")


Bid = Annotated[
    Annotated[Fingers, Tag(TAG + "number")] | Annotated[TwoHands, Tag(TAG + "hands")],
    Discriminator(_bid_kind),
]


class FingerAuctionAuctionRequest(Body):
    field: Integer(1, FINGER_AUCTION_FIELD, description="cards left on the field")
    bids: Annotated[
        dict[PlayerName, Bid],
        Field(
            min_length=2,
            max_length=fa.MAX_PLAYERS,
            description="participant name -> bid: one number (three or more participants) "
            "or right and left hands (two, FA-3)",
        ),
        BeforeValidator(_distinct_names),
    ]
    previous_right: dict[PlayerName, Fingers] = Field(
        default_factory=dict,
        description="FA-4: each participant's right hand in the previous auction of this "
        "round when that auction had two participants (re-bids included); a right hand "
        "may not repeat it in a two-participant auction. Leave a player out when their "
        "previous auction had three or more participants, or this is the round's first.",
    )
    variant: choice(fa.VARIANTS) = "standard"

    @staticmethod
    def describe_error(err: ApiError) -> None:
        """An illegal bid names the player who made it (the pinned contract)."""
        if len(err.loc) > 1 and err.loc[0] == "bids":
            err.extra["player"] = err.loc[1]


class Award(Body):
    player: str = Field(min_length=1)
    cards: Annotated[int, Field(ge=1, le=FINGER_AUCTION_FIELD)]


class FingerAuctionAuctionResponse(Body):
    outcome: choice(("won", "rebid"))
    awards: list[Award] = Field(
        default=None,
        min_length=1,
        max_length=2,
        description="present when outcome is won, in the order players leave (two when "
        "two participants bid with both hands, FA-3)",
    )
    rulings: Rulings


# --------------------------------------------------------------------------- Gallery Rush


class Collection(Body):
    monet: Count = 0
    gogh: Count = 0
    vermeer: Count = 0
    mona_lisa: Flag = False


class GalleryRushVictoryRequest(Body):
    collection: Collection


class GalleryRushVictoryResponse(Body):
    achieved: bool
    conditions: list[choice(("seven_cards", "four_of_a_painter"))] = Field(
        max_length=2, json_schema_extra={"uniqueItems": True}
    )
    cards: Annotated[int, Field(ge=0, le=TRIPTYCH_CARDS)]


class Seen(Body):
    monet: Count = 0
    gogh: Count = 0
    vermeer: Count = 0


class GalleryRushOddsRequest(Body):
    keep: UniqueList(PainterId, max_length=len(PAINTER_IDS)) = Field(
        default_factory=list, description="painters in the active player's keep"
    )
    seen: Seen = Field(
        default_factory=Seen,
        description="paintings visible outside the keep: the discard pile and every collection",
    )
    seen_forgeries: Integer(0, len(PAINTER_IDS)) = 0
    mona_lisa_seen: Flag = False


class PainterOdds(Body):
    monet: Probability
    gogh: Probability
    vermeer: Probability


class GalleryRushOddsResponse(Body):
    bust: Probability = Field(description="a painter already in the keep")
    forgery: Probability
    mona_lisa: Probability
    keep_lost: Probability = Field(description="bust + forgery")
    painters: PainterOdds
    unseen: Annotated[int, Field(ge=1, le=TRIPTYCH_CARDS)]


# --------------------------------------------------------------------------- Ultimatch

CARD_ID_PATTERN = "^(" + "|".join(COLOURS) + ")-[0-9]{1,2}$"
CardId = Annotated[
    str,
    Field(pattern=CARD_ID_PATTERN, description="a card of the Ultimatch deck, e.g. orange-5"),
]


class UltimatchMatchRequest(Body):
    target: CardId
    cards: UniqueList(CardId, min_length=1, max_length=2)


class UltimatchMatchResponse(Body):
    match: bool
    ultimatch: bool
    by: list[choice(("number", "colour"))] = Field(
        max_length=2, json_schema_extra={"uniqueItems": True}
    )
    rulings: Rulings


# --------------------------------------------------------------------------- 絵師100人展


class Eshi100Card(Body):
    icons: UniqueList(IconId, min_length=1, max_length=len(ICON_IDS))


class WarehouseCard(Body):
    bid: Integer(0, 99)


class Eshi100ScoreRequest(Body):
    collection: list[Eshi100Card] = Field(max_length=ESHI100_DECK)
    warehouse: list[WarehouseCard] = Field(default_factory=list, max_length=ESHI100_DECK)
    adjustments: list[Integer(-99, 99)] = Field(
        default_factory=list,
        max_length=ESHI100_DECK,
        description="points from settlement effects",
    )


class Eshi100ScoreResponse(Body):
    score: int
    cards: Annotated[int, Field(ge=0, le=ESHI100_DECK)]
    same_icon_bonus: Natural
    different_icon_bonus: Natural
    warehouse: Annotated[int, Field(le=0, description="minus the warehouse cards' bids")]
    adjustments: int
