"""Card pages: what every printed QR code opens, and the card's picture."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext

from cardpress.catalogue import Catalogue
from cardpress.catalogue.loader import ID_CHARS, MAX_ID
from cardpress.catalogue.models import (
    Card,
    Deck,
    Eshi100Card,
    Eshi100Deck,
    TriptychCard,
    TriptychDeck,
    TriptychKind,
    UltimatchCard,
    UltimatchDeck,
    alias_target,
)
from cardpress.print.export import card_png
from cardpress.print.fonts import FontError, font_files
from cardpress.rules import Ruling, rulings_concerning
from cardpress.vocabulary import CHOOSE
from referee.catalogue import cards_root, catalogue
from referee.hosts import picture_base_url
from referee.i18n import current_language, keeps_query, plus_joined, text
from referee.off_loop import off_loop
from referee.rules import game_name
from referee.ultimatch_text import SYMBOL_GLYPHS
from referee.validation import N_

bp = Blueprint("cards", __name__, url_prefix="/<lang:lang>/c")


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
    rulings: list[tuple[str, Ruling]] = field(default_factory=list)  # (game id, ruling)
    effects: list[tuple[str, str]] = field(default_factory=list)


def _deck(deck_id: str) -> Deck:
    try:
        return catalogue().deck(deck_id)
    except KeyError:
        abort(404)


def _card(deck: Deck, card_id: str) -> Card:
    try:
        return deck.card(card_id)
    except KeyError:
        abort(404)


def _add_rulings(view: CardView, games: list[str], tags: set[str], lang: str) -> None:
    seen: set[str] = set()
    for game in games:
        for ruling in rulings_concerning(game, lang, tags, cards_root()):
            if ruling.id not in seen:
                seen.add(ruling.id)
                view.rulings.append((game, ruling))


KIND_NAMES = {
    TriptychKind.PAINTING: N_("Painting"),
    TriptychKind.FORGERY: N_("Forgery"),
    TriptychKind.MONA_LISA: N_("Mona Lisa"),
    TriptychKind.RULE: N_("Rule card"),
}


def _triptych(deck: TriptychDeck, card: TriptychCard, lang: str) -> CardView:
    view = CardView("triptych", card.id, text(card.title))
    view.facts.append((gettext("Kind"), gettext(KIND_NAMES[card.kind])))
    tags = {card.kind.value}
    if card.painter is not None:
        painter = deck.painter(card.painter)
        view.facts.append((gettext("Painter"), text(painter.name)))
        view.facts.append((gettext("Colour"), text(painter.colour)))
        view.css = f"painter-{painter.id}"
        tags.add(painter.id.value)
    if card.artist is not None and text(card.artist):
        view.facts.append((gettext("Artist"), text(card.artist)))
    if card.year:
        view.facts.append((gettext("Year"), str(card.year)))
    if card.kind == TriptychKind.RULE:
        if card.game == CHOOSE:  # rule card r0: how to choose, then every game
            view.rules_games.append((CHOOSE, game_name(CHOOSE)))
        targets = [g.id for g in deck.games] if card.game == CHOOSE else [card.game]
        for game in deck.games:
            if game.id in targets:
                view.rules_games.append((game.id, game_name(game.id)))
                role = game.roles.get(card.kind)
                if role is not None and text(role):
                    view.roles.append(Role(game.id, game_name(game.id), text(role)))
        return view
    games: list[str] = []
    for game in deck.games:
        role = game.roles.get(card.kind)
        if role is None:
            continue
        view.roles.append(Role(game.id, game_name(game.id), text(role)))
        view.rules_games.append((game.id, game_name(game.id)))
        games.append(game.id)
    _add_rulings(view, games, tags, lang)
    return view


def _ultimatch(deck: UltimatchDeck, card: UltimatchCard, lang: str) -> CardView:
    colour = deck.colour(card.colour)
    view = CardView("ultimatch", card.id, text(card.name) or f"{text(colour.name)} {card.number}")
    view.css = f"colour-{colour.id}"
    glyph = SYMBOL_GLYPHS.get(colour.symbol, "")  # the printed symbol, not its English id
    view.facts.append((gettext("Colour"), f"{glyph} {text(colour.name)}".strip()))
    view.facts.append((gettext("Number"), str(card.number)))
    if colour.mixes:
        mixed = plus_joined(text(deck.colour(c).name) for c in colour.mixes)
        view.facts.append((gettext("Mixed from"), mixed))
    else:
        view.facts.append((gettext("Primary colour"), gettext("yes")))
    view.roles.append(
        Role(
            "ultimatch",
            game_name("ultimatch"),
            gettext(
                "Matches a pyramid card of the same number or colour; with a second card, by sum, "
                "difference or mixing primaries."
            ),
        )
    )
    view.rules_games.append(("ultimatch", game_name("ultimatch")))
    tags = {colour.id, "primary" if colour.primary else "secondary", "number"}
    _add_rulings(view, ["ultimatch"], tags, lang)
    return view


def _eshi100(deck: Eshi100Deck, card: Eshi100Card, lang: str) -> CardView:
    view = CardView("eshi100", card.id, text(card.title))
    view.facts.append((gettext("Number"), card.number))
    view.facts.append((gettext("Bid points"), str(card.bid)))
    icon_names = {i.id: text(i.name) for i in deck.catalogue.icons}
    view.facts.append((gettext("Icons"), " · ".join(icon_names.get(i, i) for i in card.icons)))
    if card.icons:
        view.css = f"icon-{card.icons[0]}"
    if card.artist is not None and text(card.artist):
        view.facts.append((gettext("Artist"), text(card.artist)))
    if card.proxy:
        view.facts.append((gettext("Proxy"), gettext("a proxy card for play-testing")))
    if card.bit is not None:
        view.effects.append((gettext("Bid effect"), text(card.bit.text)))
    if card.settlement is not None:
        view.effects.append((gettext("Settlement effect"), text(card.settlement.text)))
    view.roles.append(
        Role(
            "eshi100",
            game_name("eshi100"),
            gettext(
                "Bid it face down to win auctions; in your collection it scores a point and its "
                "icons count towards the bonuses."
            ),
        )
    )
    view.rules_games.append(("eshi100", game_name("eshi100")))
    tags = {i.value for i in card.icons}
    if card.bit is not None:
        tags.add("bit")
    if card.settlement is not None:
        tags.add("settlement")
    _add_rulings(view, ["eshi100"], tags, lang)
    return view


def _view(deck: Deck, card_id: str, lang: str) -> CardView:
    match deck, _card(deck, card_id):
        case TriptychDeck(), TriptychCard() as card:
            return _triptych(deck, card, lang)
        case UltimatchDeck(), UltimatchCard() as card:
            return _ultimatch(deck, card, lang)
        case Eshi100Deck(), Eshi100Card() as card:
            return _eshi100(deck, card, lang)
    raise TypeError(f"deck {deck.id} holds a card of another deck: {card_id}")


def _card_types(deck: Deck) -> tuple[Card, ...]:
    """Each card once: 絵師100人展's deck lists copies, its types are the cards."""
    return deck.types if isinstance(deck, Eshi100Deck) else deck.cards


def is_proxy_id(card_id: str) -> bool:
    """Could this be a card id printed from a player's own 絵師100人展 CSV?

    ``cardpress build --eshi100-csv`` makes ids with ``card_id_for(number)``
    (e.g. "no-012"), under the same rule as every card id: at most 12 of
    a-z, 0-9 and '-'.
    """
    return 0 < len(card_id) <= MAX_ID and set(card_id) <= ID_CHARS


@bp.get("/<deck_id>/")
def deck_page(deck_id: str) -> str:
    deck = _deck(deck_id)
    cards = [(card.id, text(card.name) or card.id) for card in _card_types(deck)]
    return render_template("deck.html", deck=deck, cards=cards)


@bp.get("/<deck_id>/<card_id>")
@keeps_query("game")
def card_page(deck_id: str, card_id: str) -> ResponseReturnValue:
    deck = _deck(deck_id)
    if (renamed := alias_target(deck, card_id)) is not None:
        # a card printed before it was renamed: its code must keep working
        return redirect(url_for("cards.card_page", deck_id=deck.id, card_id=renamed), code=301)
    if (
        isinstance(deck, Eshi100Deck)
        and card_id not in {card.id for card in deck.types}
        and is_proxy_id(card_id)
    ):
        # A proxy printed from a player's own card list: the referee never saw
        # that list, so say so honestly and offer what works for any card.
        return render_template("proxy.html", card_id=card_id)
    return render_template("card.html", deck=deck, card=_view(deck, card_id, current_language()))


# --------------------------------------------------------------------------- pictures


class PictureCache:
    """Rendered card pictures, least recently used first out.

    The cache belongs to one catalogue: when cards/ changes (a new catalogue
    object), every picture is drawn again from the new data.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._source: Catalogue | None = None
        self._items: OrderedDict[tuple[str, ...], tuple[bytes, str]] = OrderedDict()

    def get(
        self, source: Catalogue, key: tuple[str, ...], render: Callable[[], bytes]
    ) -> tuple[bytes, str]:
        """(PNG bytes, ETag) for ``key``, rendering it outside the lock on a miss."""
        with self._lock:
            if source is not self._source:
                self._items.clear()
                self._source = source
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        data = off_loop(render)
        item = (data, hashlib.sha256(data).hexdigest()[:32])
        with self._lock:
            if source is self._source:
                self._items[key] = item
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return item


pictures = PictureCache(128)
log = logging.getLogger(__name__)


def warm_pictures() -> None:
    """Find the fonts before the worker serves (``gunicorn_conf.post_worker_init``).

    Each of the nine lookups forks an ``fc-match`` process, and each fork of a
    worker that has loaded the app stops its loop, which all its phones share;
    here none is connected yet. Reading and registering the fonts (~0.2 s of
    Python, which the loop gets turns of) stays with the first picture, on the
    drawing thread, so a worker that never draws holds no font (~50 MB). A font
    missing is logged here, and the pictures fail on it as they would without
    this."""
    try:
        font_files()
    except FontError as missing:
        log.warning("card pictures: %s", missing)


@bp.get("/<deck_id>/<card_id>.png")
def card_picture(deck_id: str, card_id: str) -> Response:
    cards = catalogue()
    deck = _deck(deck_id)
    _card(deck, card_id)  # 404 for a card the catalogue does not have (proxies too)
    lang = current_language()
    dpi = int(current_app.config.get("PNG_DPI", 150))
    base_url = picture_base_url()
    font_files()  # on the loop's thread: gevent starts processes only there (off_loop)
    data, etag = pictures.get(
        cards,
        (deck.id, card_id, lang, str(dpi), base_url),
        lambda: card_png(deck.id, card_id, lang, dpi=dpi, base_url=base_url, catalogue=cards),
    )
    response = Response(data, mimetype="image/png")
    response.set_etag(etag)
    # revalidate (a 304 while unchanged): a designer's edit shows on the next view
    response.headers["Cache-Control"] = "public, no-cache"
    return response.make_conditional(request)
