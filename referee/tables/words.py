"""Cards, actions and events in words, in the page's language.

Each game's package says its own moves and events
(:mod:`cardpress.games.wording`); this module hands it the page's language
(Flask-Babel's ``messages`` catalogue) and the card catalogue's names
(painters, colours, icons), and keeps what only a page needs: where a card's
picture is, how facts sit side by side, an engine's refusal as an API error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import g
from flask_babel import gettext, ngettext, pgettext
from markupsafe import Markup

from cardpress.catalogue import Catalogue
from cardpress.catalogue.models import TriptychKind
from cardpress.games import GAMES, triptych, triptych_words
from cardpress.games.base import Card, Cards, IllegalAction, OptionError
from cardpress.games.wording import Words
from referee.catalogue import catalogue_or_none
from referee.i18n import current_language, is_cjk, text
from referee.ultimatch_text import reason_lines
from referee.validation import Sentence


def _names(kind: str) -> dict[str, str]:
    """Painter, colour or icon names in this page's language, looked up once per request."""
    cache = g.setdefault("_table_names", {})
    if kind not in cache:
        cache[kind] = _lookup(kind)
    return cache[kind]


def _lookup(kind: str) -> dict[str, str]:
    cards = catalogue_or_none()
    if cards is None:
        return {}
    if kind == "painters":
        return {p.id.value: text(p.name) for p in cards.triptych.painters}
    if kind == "colours":
        return {c.id: text(c.name) for c in cards.ultimatch.colours}
    if kind == "eshi100":
        return {c.id: text(c.title) for c in cards.eshi100.types}
    return {i.id.value: text(i.name) for i in cards.eshi100.catalogue.icons}


class PageSpeech:
    """The page's language and the catalogue's names, as a game's words need them."""

    @property
    def lang(self) -> str:
        return current_language()

    @property
    def cjk(self) -> bool:
        return is_cjk(current_language())

    def _(self, message: str, **params: Any) -> str:
        return gettext(message, **params)

    def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str:
        return ngettext(singular, plural, num, **params)

    def pgettext(self, context: str, message: str, **params: Any) -> str:
        return pgettext(context, message, **params)

    def name(self, kind: str, key: str) -> str | None:
        return _names(kind).get(key)

    def text(self, value: Any) -> str:
        return text(value)


SPEECH = PageSpeech()
#: one instance per words class (they keep no state: the speech reads the request)
_WORDS: dict[type[Words], Words] = {}


def of(game: str) -> Words:
    """The game's words, speaking the page's language (any id: unknown games say ids)."""
    spec = GAMES.get(game)
    kind = spec.words if spec else Words
    words = _WORDS.get(kind)
    if words is None:
        words = _WORDS[kind] = kind(SPEECH)
    return words


#: the shared helpers (lists, signs) need no game: any game's words say them alike
_ANY = Words(SPEECH)


def painter(pid: str) -> str:
    return triptych_words.painter(SPEECH, pid)


def card(game: str, cid: Any, view: Mapping[str, Any] | None = None) -> str:
    """A card as players name it: "Monet 4", "Forgery (Gogh)", "Red 7", "card 2 (bid 3)"."""
    return of(game).card(cid, view)


_printed_cache: list[Any] = [None, {}]


def _printed(cards: Catalogue) -> dict[str, tuple[str, str]]:
    """A card's key (:meth:`Words.printed_key`) -> (deck, printed card id): the
    picture players know.

    Built once per catalogue object (a changed cards/ folder is a new one).
    """
    if _printed_cache[0] is cards:
        return _printed_cache[1]
    out: dict[str, tuple[str, str]] = {}
    for c in cards.triptych.cards:
        if c.kind == TriptychKind.PAINTING and c.painter is not None and c.number is not None:
            out[triptych.painting_id(c.painter, c.number)] = ("triptych", c.id)
        elif c.kind == TriptychKind.FORGERY and c.painter is not None:
            out[triptych.forgery_id(c.painter)] = ("triptych", c.id)
        elif c.kind == TriptychKind.MONA_LISA:
            out[triptych.MONA_LISA] = ("triptych", c.id)
    for c in cards.ultimatch.cards:
        out[f"ultimatch:{c.id}"] = ("ultimatch", c.id)
    for c in cards.eshi100.types:
        out[f"eshi100:{c.id}"] = ("eshi100", c.id)
    _printed_cache[:] = [cards, out]
    return out


def printed(game: str, cid: Any, view: Mapping[str, Any] | None = None) -> tuple[str, str] | None:
    """Where a card's picture is: (deck, card id) in the catalogue, or None.

    A 絵師100人展 card is printed only if the table plays printed cards (the
    engine's standard deck is not a printed one).
    """
    catalogue = catalogue_or_none()
    if catalogue is None or cid == "hidden":
        return None
    key = of(game).printed_key(cid, view)
    return _printed(catalogue).get(key) if key is not None else None


def cards(game: str, ids: Sequence[Any], view: Mapping[str, Any] | None = None) -> str:
    return of(game).cards(ids, view)


def joined(parts: Sequence[str]) -> str:
    return _ANY.joined(parts)


def side_by_side(parts: Sequence[str]) -> str:
    """Facts shown on one line: "Round 1 · Auctioneer: Aki", 「第1ラウンド・競り人：あき」
    (JLREQ's middle dot; a Latin " · " in Japanese reads as a stray mark)."""
    return Markup("・" if current_language() == "ja" else " · ").join(parts)


def hand_sizes(names: Sequence[str], sizes: Sequence[int]) -> str:
    """How many cards each player holds, by name: "Aki 4, Ben 5" (never "4, 5")."""
    return joined([f"{name} {size}" for name, size in zip(names, sizes, strict=False)])


def signed(amount: Any) -> str:
    """+3, −2, ±0; a full-width plus after Japanese text (termbase)."""
    return _ANY.signed(amount)


def action(game: str, act: str, view: Mapping[str, Any] | None = None) -> str:
    """The label of a legal action's button."""
    return of(game).action(act, view)


def action_cards(game: str, act: str) -> list[str]:
    """The cards an action moves, in the order its label names them (shown as pictures)."""
    return of(game).action_cards(act)


def event(
    game: str, ev: Mapping[str, Any], names: Sequence[str], view: Mapping[str, Any] | None = None
) -> str:
    """One engine event as a sentence."""
    return of(game).event(ev, names, view)


def said(game: str, message: str, params: Mapping[str, Any]) -> str:
    """An engine's message (a refusal, an option error) in the page's language,
    its cards named as players name them, and why by the rule's own reasons
    where the game gives them (an Ultimatch play that does not match)."""
    words = of(game)
    shown = {
        key: words.card(value)
        if isinstance(value, Card)
        else words.plus_joined(words.card(c) for c in value)
        if isinstance(value, Cards)
        else value
        for key, value in params.items()
    }
    out = gettext(message, **shown)
    why = words.reasons(message, params)
    if why is not None:
        out = words.sentences([out + gettext("."), *reason_lines(why)])
    return out


class Refusal(Sentence):
    """An engine's refusal as a message parameter. ``shape_only``: the engine
    said what an action must look like (its ``form``, e.g. ``bid:N``), which
    only an API client needs; a page says "pick one of the moves" instead."""

    shape_only: bool = False


def sentence(game: str, exc: IllegalAction | OptionError) -> Sentence:
    """An engine's refusal or option error as an API error's parameter: the
    English as the engine says it, worded in the caller's language when shown."""
    english = exc.reason if isinstance(exc, IllegalAction) else str(exc)
    out = Refusal(english, lambda: said(game, exc.message, exc.params))
    out.shape_only = "form" in exc.params
    return out
