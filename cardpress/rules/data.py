"""Data the rule templates print: names from the card data, numbers from the engines.

Everything here is computed, never typed: the scoring tables call the
engines' scoring functions and the worked examples ask the engines for their
verdicts, so the printed sheet and the referee cannot disagree. The engines
are imported lazily so a template that does not need one never loads it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardpress.catalogue.loader import load_catalogue
from cardpress.catalogue.models import Catalogue, Painter
from cardpress.games import GAMES
from cardpress.games import eshi100 as es
from cardpress.games import ultimatch as um
from cardpress.games.eshi100 import settle
from cardpress.games.finger_auction import (
    FingerHand,
    TwoHands,
    adjudicate_auction,
    painter_points,
    score_hand,
    score_table,
)
from cardpress.games.gallery_rush import victory_conditions
from cardpress.games.registry import DECK_GAMES
from cardpress.games.ultimatch import match
from cardpress.vocabulary import CHOOSE, PAINTER_IDS

PAINTER_ORDER = PAINTER_IDS

#: the card folder the document being rendered reads (set by ``load_rules``)
CARDS: ContextVar[Path | None] = ContextVar("cards", default=None)
#: the card data one sheet is drawn from, read once for it, and the folder it was read
#: from (``pinned_catalogue``)
PINNED: ContextVar[tuple[Path | None, Catalogue] | None] = ContextVar("pinned", default=None)


# --------------------------------------------------------------------------- card data


def catalogue() -> Catalogue:
    """The card data as it is now, in the folder being rendered for.

    Never a fallback: broken card data raises CatalogueError here, as in
    ``cardpress build``, and an entry the data lacks is a KeyError.
    ``load_catalogue`` is cached on the files' fingerprint, so a changed card
    file is read again; while a sheet is drawn (``pinned_catalogue``), the data it
    started from.
    """
    pin = PINNED.get()
    if pin is not None and pin[0] == CARDS.get():
        return pin[1]
    return load_catalogue(CARDS.get())


@contextmanager
def pinned_catalogue() -> Iterator[Catalogue]:
    """Read the card data once for everything drawn inside: one sheet's pages.

    A sheet's figures and tables ask for the data hundreds of times, and each
    fresh look checks the card folder's fingerprint; pinned, a file saved in the
    middle of a render cannot leave them printing two versions of a card.
    """
    cat = catalogue()
    token = PINNED.set((CARDS.get(), cat))
    try:
        yield cat
    finally:
        PINNED.reset(token)


def painter_rgb(painter: str) -> str:
    return catalogue().triptych.painter(painter).rgb


def colour_rgb(colour: str) -> str:
    return catalogue().ultimatch.colour(colour).rgb


def colour_mixes() -> list[tuple[str, tuple[str, ...]]]:
    """(secondary, (primary, primary)) from the card data, in deck order."""
    return [(c.id, tuple(c.mixes)) for c in catalogue().ultimatch.colours if c.mixes]


def painter_name(painter: str, lang: str) -> str:
    return catalogue().triptych.painter(painter).name[lang]


# --------------------------------------------------------------------------- Finger Auction


@dataclass(frozen=True, slots=True)
class ScoreRow:
    painter: str
    players: tuple[int, ...]  # the player counts this row applies to
    points: tuple[int, ...]  # points for 1..9 cards


def finger_auction_table() -> list[ScoreRow]:
    """One row per painter and distinct table; rows merge player counts that agree."""
    rows: list[ScoreRow] = []
    fa = GAMES["finger-auction"]
    for painter in PAINTER_ORDER:
        groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for players in range(fa.min_players, fa.max_players + 1):
            points = tuple(score_table(Painter(painter), players))
            if groups and groups[-1][1] == points:
                groups[-1] = ((*groups[-1][0], players), points)
            else:
                groups.append(((players,), points))
        for group_players, points in groups:
            rows.append(ScoreRow(painter, group_players if len(groups) > 1 else (), points))
    return rows


def finger_auction_points(painter: str, count: int, players: int) -> int:
    return painter_points(Painter(painter), count, players)


def finger_auction_hand(
    players: int,
    monet: int = 0,
    gogh: int = 0,
    vermeer: int = 0,
    forgeries: tuple[str, ...] = (),
    mona_lisa: bool = False,
) -> dict[str, Any]:
    """A worked example scored by the engine: total, per painter, Mona Lisa's painter."""
    hand = FingerHand(
        {Painter.MONET: monet, Painter.GOGH: gogh, Painter.VERMEER: vermeer},
        frozenset(Painter(f) for f in forgeries),
        mona_lisa,
    )
    result = score_hand(hand, players)
    return {
        "total": result.total,
        "points": {p.value: v for p, v in result.painters.items()},
        "mona_lisa_as": result.mona_lisa_as.value if result.mona_lisa_as else "",
        "cards": result.cards,
    }


def finger_auction_auction(field: int, bids: dict[str, int | tuple[int, int]]) -> dict[str, Any]:
    """An auction decided by the engine; two-hand bids are given as (right, left)."""
    real = {k: TwoHands(*v) if isinstance(v, tuple) else v for k, v in bids.items()}
    out = adjudicate_auction(field, real)
    return {"outcome": out.outcome, "awards": list(out.awards), "rulings": list(out.rule_ids)}


# --------------------------------------------------------------------------- Triptych


def triptych_counts() -> dict[str, int]:
    """Cards of each kind in the Triptych box, counted from the card data."""
    deck = catalogue().triptych
    out = {p: 0 for p in PAINTER_ORDER}
    for card in deck.cards:
        if card.kind == "painting" and card.painter is not None:
            out[str(card.painter)] = out.get(str(card.painter), 0) + 1
        else:
            out[str(card.kind)] = out.get(str(card.kind), 0) + 1
    return out


# --------------------------------------------------------------------------- Gallery Rush


def gallery_rush_victory(monet: int, gogh: int, vermeer: int, mona_lisa: bool) -> list[str]:
    counts = {Painter.MONET: monet, Painter.GOGH: gogh, Painter.VERMEER: vermeer}
    return [str(c) for c in victory_conditions(counts, mona_lisa)]


# --------------------------------------------------------------------------- Ultimatch


def ultimatch_match(target: tuple[str, int], *cards: tuple[str, int]) -> dict[str, Any]:
    result = match(tuple(target), [tuple(c) for c in cards])
    return {
        "match": bool(result.match),
        "ultimatch": bool(result.ultimatch),
        "by": [str(b) for b in result.by],
        "rulings": list(result.rule_ids),
    }


def ultimatch_setup() -> list[dict[str, int]]:
    """Per player count: pyramid rows, pyramid cards, hand size (UM-8, UM-9), from the engine."""
    rows_of = getattr(um, "_pyramid_rows", lambda n: 5 if n <= 3 else 6)
    out = []
    for players in sorted(um.HAND_SIZE):
        rows = rows_of(players)
        out.append(
            {
                "players": players,
                "rows": rows,
                "cards": rows * (rows + 1) // 2,
                "hand": um.HAND_SIZE[players],
            }
        )
    return out


def colour_name(colour: str, lang: str) -> str:
    return catalogue().ultimatch.colour(colour).name[lang]


# --------------------------------------------------------------------------- 絵師100人展


def eshi100_settle(
    collection: list[tuple[str, ...]], warehouse_bids: list[int], adjustments: list[int]
) -> dict[str, Any]:
    s = settle(collection, warehouse_bids, adjustments)
    return {
        "score": s.score,
        "cards": s.cards,
        "same": s.same_icon_bonus,
        "different": s.different_icon_bonus,
        "warehouse": s.warehouse,
        "adjustments": s.adjustments,
        "rulings": list(s.rule_ids),
    }


def icon_name(icon: str, lang: str) -> str:
    return catalogue().eshi100.catalogue.icon(icon).name[lang]


def eshi100_card(card_id: str, lang: str) -> dict[str, Any]:
    """A proxy card of the card data, for worked examples: title, bid points, bid effect."""
    card = next(c for c in catalogue().eshi100.types if c.id == card_id)
    bit = card.bit
    return {
        "title": card.title[lang],
        "bid": card.bid,
        "effect": bit.text[lang].rstrip(".。") if bit else "",
        "amount": bit.amount if bit else 0,
    }


def eshi100_rules() -> dict[str, int]:
    """The numbers of the game, from the engine."""
    return {
        "rounds": es.ROUNDS,
        "gallery": es.GALLERY,
        "hand": es.HAND,
        "deck": es.DECK_SIZE,
        "copies": es.MAX_COPIES,
    }


# --------------------------------------------------------------------------- context


def players(document: str) -> tuple[int, int]:
    """How few and how many play, as the engines' specs say: a game's own, and for
    Triptych's "how to choose" document the span of its three games."""
    games = DECK_GAMES["triptych"] if document == CHOOSE else (document,)
    specs = [GAMES[g] for g in games]
    return min(s.min_players for s in specs), max(s.max_players for s in specs)


def context(game_id: str, lang: str) -> dict[str, Any]:
    """What every rule template may use."""
    return {
        "game": game_id,
        "lang": lang,
        "players": players(game_id),
        "painters": PAINTER_ORDER,
        "painter_name": lambda p: painter_name(p, lang),
        "painter_rgb": painter_rgb,
        "colour_rgb": colour_rgb,
        "colour_mixes": colour_mixes,
        "fa_table": finger_auction_table,
        "fa_points": finger_auction_points,
        "fa_hand": finger_auction_hand,
        "fa_auction": finger_auction_auction,
        "gr_victory": gallery_rush_victory,
        "triptych_counts": triptych_counts,
        "um_match": ultimatch_match,
        "um_setup": ultimatch_setup,
        "colour_name": lambda c: colour_name(c, lang),
        "es_settle": eshi100_settle,
        "es_rules": eshi100_rules,
        "es_card": lambda card_id: eshi100_card(card_id, lang),
        "icon_name": lambda i: icon_name(i, lang),
        "range": range,
    }
