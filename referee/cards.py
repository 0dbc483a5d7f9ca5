"""Card pages: what every printed QR code opens, and the card's picture."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request

from referee import services
from referee.i18n import current_language, text
from referee.validation import N_

bp = Blueprint("cards", __name__, url_prefix="/<lang:lang>/c")

DECK_GAMES = {
    "ultimatch": ("ultimatch",),
    "eshi100": ("eshi100",),
}


@dataclass
class Role:
    game: str
    game_name: str
    text: str


@dataclass
class CardView:
    deck: str
    id: str
    name: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    css: str = ""
    roles: list[Role] = field(default_factory=list)
    rules_games: list[tuple[str, str]] = field(default_factory=list)  # (game id, name)
    rulings: list[tuple[str, Any]] = field(default_factory=list)  # (game id, Ruling)
    rulings_missing: bool = False
    tools: list[tuple[str, str]] = field(default_factory=list)  # (endpoint, label msgid)
    effects: list[tuple[str, str]] = field(default_factory=list)


def _deck(deck_id: str) -> Any:
    catalogue = services.catalogue()
    try:
        return catalogue.deck(deck_id)
    except KeyError:
        abort(404)


def _card(deck: Any, card_id: str) -> Any:
    try:
        return deck.card(card_id)
    except (KeyError, StopIteration):
        abort(404)


def _game_names() -> dict[str, str]:
    from flask_babel import gettext

    names = {
        "ultimatch": gettext("Ultimatch"),
        "eshi100": gettext("Eshi 100 TCG"),
        "gallery-rush": gettext("Gallery Rush"),
        "finger-auction": gettext("Finger Auction"),
        "detective-eye": gettext("Detective Eye"),
    }
    try:
        for game in services.catalogue().triptych.games:
            names[game.id] = text(game.name)
    except services.Unavailable:
        pass
    return names


def game_name(game_id: str) -> str:
    return _game_names().get(game_id, game_id)


def _add_rulings(view: CardView, games: list[str], tags: set[str], lang: str) -> None:
    try:
        concerning = services.attr("cardpress.rules", "rulings_concerning", "rules")
    except services.Unavailable:
        view.rulings_missing = True
        return
    seen: set[str] = set()
    for game in games:
        try:
            found = concerning(game, lang, set(tags))
        except Exception as exc:  # a missing rule sheet must not take the card page down
            current_app.logger.warning("referee: rulings for %s failed: %s", game, exc)
            view.rulings_missing = True
            continue
        for ruling in found:
            if ruling.id not in seen:
                seen.add(ruling.id)
                view.rulings.append((game, ruling))


def _triptych(deck: Any, card: Any, lang: str) -> CardView:
    from flask_babel import gettext

    kind = str(card.kind)
    view = CardView("triptych", card.id, text(card.title))
    kinds = {
        "painting": gettext("Painting"),
        "forgery": gettext("Forgery"),
        "mona-lisa": gettext("Mona Lisa"),
        "rule": gettext("Rule card"),
    }
    view.facts.append((gettext("Kind"), kinds.get(kind, kind)))
    tags = {kind}
    if card.painter is not None:
        painter = deck.painter(card.painter)
        view.facts.append((gettext("Painter"), text(painter.name)))
        view.facts.append((gettext("Colour"), text(painter.colour)))
        view.css = f"painter-{painter.id}"
        tags.add(str(painter.id))
    if card.artist is not None and text(card.artist):
        view.facts.append((gettext("Artist"), text(card.artist)))
    if card.year:
        view.facts.append((gettext("Year"), str(card.year)))
    games: list[str] = []
    if kind == "rule":
        targets = [g.id for g in deck.games] if card.game in (None, "choose") else [card.game]
        for game in deck.games:
            if game.id in targets:
                view.rules_games.append((game.id, text(game.name)))
                role = game.roles.get(card.kind)
                if role is not None and text(role):
                    view.roles.append(Role(game.id, text(game.name), text(role)))
    else:
        for game in deck.games:
            role = game.roles.get(card.kind)
            if role is None:
                continue
            view.roles.append(Role(game.id, text(game.name), text(role)))
            view.rules_games.append((game.id, text(game.name)))
            games.append(game.id)
        _add_rulings(view, games, tags, lang)
        if kind in ("painting", "forgery", "mona-lisa"):
            view.tools = [
                ("scorers.finger_auction_score", N_("Finger Auction scoring")),
                ("scorers.gallery_rush", N_("Gallery Rush victory check")),
            ]
    return view


def _ultimatch(deck: Any, card: Any, lang: str) -> CardView:
    from flask_babel import gettext

    colour = deck.colour(card.colour)
    view = CardView("ultimatch", card.id, text(card.name) or f"{text(colour.name)} {card.number}")
    view.css = f"colour-{colour.id}"
    view.facts.append((gettext("Colour"), f"{text(colour.name)} {colour.symbol}".strip()))
    view.facts.append((gettext("Number"), str(card.number)))
    if colour.mixes:
        mixed = " + ".join(text(deck.colour(c).name) for c in colour.mixes)
        view.facts.append((gettext("Mixed from"), mixed))
    else:
        view.facts.append((gettext("Primary colour"), gettext("yes")))
    view.roles.append(Role("ultimatch", game_name("ultimatch"), gettext(
        "Matches a pyramid card of the same number or colour; with a second card, by sum, "
        "difference or mixing primaries.")))
    view.rules_games.append(("ultimatch", game_name("ultimatch")))
    tags = {str(colour.id), "primary" if colour.primary else "secondary", "number"}
    _add_rulings(view, ["ultimatch"], tags, lang)
    view.tools = [("scorers.ultimatch", N_("Ultimatch match checker"))]
    return view


def _eshi100(deck: Any, card: Any, lang: str) -> CardView:
    from flask_babel import gettext

    view = CardView("eshi100", card.id, text(card.title))
    view.facts.append((gettext("Number"), str(card.number)))
    view.facts.append((gettext("Bid points"), str(card.bid)))
    icon_names = []
    for icon in card.icons:
        try:
            icon_names.append(text(deck.catalogue.icon(icon).name))
        except StopIteration:
            icon_names.append(str(icon))
    view.facts.append((gettext("Icons"), " · ".join(icon_names)))
    if card.icons:
        view.css = f"icon-{card.icons[0]}"
    if card.artist is not None and text(card.artist):
        view.facts.append((gettext("Artist"), text(card.artist)))
    if card.proxy:
        view.facts.append((gettext("Proxy"), gettext("a stand-in card for play-testing")))
    if card.bit is not None:
        view.effects.append((gettext("Bit effect"), text(card.bit.text)))
    if card.settlement is not None:
        view.effects.append((gettext("Settlement effect"), text(card.settlement.text)))
    view.roles.append(Role("eshi100", game_name("eshi100"), gettext(
        "Bid it face down to win auctions; in your collection it scores a point and its "
        "icons count towards the bonuses.")))
    view.rules_games.append(("eshi100", game_name("eshi100")))
    tags = {str(i) for i in card.icons}
    if card.bit is not None:
        tags.add("bit")
    if card.settlement is not None:
        tags.add("settlement")
    _add_rulings(view, ["eshi100"], tags, lang)
    view.tools = [("scorers.eshi100", N_("Eshi 100 settlement"))]
    return view


BUILDERS = {"triptych": _triptych, "ultimatch": _ultimatch, "eshi100": _eshi100}


def _cards_of(deck: Any) -> tuple[Any, ...]:
    return tuple(deck.types) if deck.id == "eshi100" else tuple(deck.cards)


@bp.get("/<deck_id>/")
def deck_page(deck_id: str) -> str:
    deck = _deck(deck_id)
    cards = []
    seen: set[str] = set()
    for card in _cards_of(deck):
        if card.id in seen:
            continue
        seen.add(card.id)
        name = text(getattr(card, "name", None)) or card.id
        cards.append((card.id, name))
    return render_template("deck.html", deck=deck, cards=cards)


@bp.get("/<deck_id>/<card_id>")
def card_page(deck_id: str, card_id: str) -> str:
    deck = _deck(deck_id)
    card = _card(deck, card_id)
    if deck.id not in BUILDERS:
        abort(404)
    lang = current_language()
    view = BUILDERS[deck.id](deck, card, lang)
    return render_template("card.html", deck=deck, card=view)


# --------------------------------------------------------------------------- pictures

_png_lock = threading.Lock()
_png_cache: OrderedDict[tuple[str, ...], tuple[bytes, str]] = OrderedDict()
PNG_CACHE_SIZE = 128


def _base_url() -> str:
    configured = current_app.config.get("BASE_URL")
    from cardpress.config import ConfigError, resolve_base_url, validate_base_url

    try:
        if configured:
            return validate_base_url(str(configured), "BASE_URL")
        return resolve_base_url()
    except ConfigError:
        return request.url_root.rstrip("/")


def _png(deck_id: str, card_id: str, lang: str, dpi: int, base_url: str) -> tuple[bytes, str]:
    key = (deck_id, card_id, lang, str(dpi), base_url)
    with _png_lock:
        if key in _png_cache:
            _png_cache.move_to_end(key)
            return _png_cache[key]
    card_png = services.attr("cardpress.print.export", "card_png", "print")
    data = card_png(deck_id, card_id, lang, dpi=dpi, base_url=base_url,
                    catalogue=services.catalogue())
    etag = hashlib.sha256(data).hexdigest()[:32]
    with _png_lock:
        _png_cache[key] = (data, etag)
        while len(_png_cache) > PNG_CACHE_SIZE:
            _png_cache.popitem(last=False)
    return data, etag


@bp.get("/<deck_id>/<card_id>.png")
def card_picture(deck_id: str, card_id: str) -> Response:
    deck = _deck(deck_id)
    _card(deck, card_id)
    dpi = int(current_app.config.get("PNG_DPI", 150))
    data, etag = _png(deck.id, card_id, current_language(), dpi, _base_url())
    response = Response(data, mimetype="image/png")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response.make_conditional(request)
