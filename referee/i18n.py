"""Languages in the URL: ``/ja/...`` and ``/en/...``, Flask-Babel, redirects.

The language is the first path segment of every page (a printed QR code must
open the same language every time), read by a URL converter so ``/xx/...``
is simply not a page. Unprefixed page URLs redirect by Accept-Language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

from flask import Flask, g, request
from flask_babel import Babel
from markupsafe import Markup, escape
from werkzeug.routing import BaseConverter

from cardpress.i18n import compile_catalogues, languages
from cardpress.paths import LOCALES
from cardpress.rules.kinsoku import is_cjk, phrase_boundaries
from cardpress.vocabulary import LANGS

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_LANG = "ja"  # the games' original language


def supported() -> tuple[str, ...]:
    langs = tuple(lang for lang in languages(LOCALES) if lang in LANGS)
    return langs or LANGS


class LangConverter(BaseConverter):
    """Matches only a supported language code."""

    def __init__(self, url_map: Any, *langs: str) -> None:
        super().__init__(url_map)
        self.regex = "(?:" + "|".join(supported()) + ")"


def best_language() -> str:
    langs = supported()
    best = request.accept_languages.best_match(langs) if request else None
    return best or (DEFAULT_LANG if DEFAULT_LANG in langs else langs[0])


def current_language() -> str:
    lang = g.get("lang")
    if lang:
        return lang
    first = request.path.lstrip("/").split("/", 1)[0]
    if first == "api":  # API clients get English unless they ask for another language
        return request.accept_languages.best_match(supported()) or "en"
    return first if first in supported() else best_language()


def plus_joined(parts: Iterable[str]) -> str:
    """Parts joined by a plus sign as the language sets it: 赤＋黄, Red + Yellow (termbase)."""
    return ("＋" if is_cjk(current_language()) else " + ").join(parts)


def _pull_lang(endpoint: str | None, values: dict[str, Any] | None) -> None:
    if values and "lang" in values:
        g.lang = values.pop("lang")


def _push_lang(endpoint: str, values: dict[str, Any]) -> None:
    if "lang" in values or not g.get("lang"):
        return
    from flask import current_app

    if current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        values["lang"] = g.lang


def text(value: Any, lang: str | None = None) -> str:
    """A catalogue ``Text`` in the page's language (plain strings pass through)."""
    if value is None:
        return ""
    lang = lang or current_language()
    try:
        return value[lang]
    except (KeyError, TypeError, IndexError):
        return str(value)


def init_app(app: Flask) -> None:
    app.url_map.converters["lang"] = LangConverter
    locales = str(LOCALES)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join([locales] * 3))
    app.config.setdefault("BABEL_DOMAIN", "messages;rules;cards")
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANG)
    try:
        compile_catalogues()
    except OSError as exc:  # a read-only checkout: fall back to existing .mo files
        app.logger.warning("referee: could not compile catalogues: %s", exc)
    Babel(app, locale_selector=current_language)
    app.url_value_preprocessor(_pull_lang)
    app.url_defaults(_push_lang)
    app.jinja_env.filters["t"] = text
    app.jinja_env.filters["phrases"] = phrases
    app.jinja_env.globals["languages"] = supported
    app.jinja_env.globals["current_language"] = current_language
    app.jinja_env.globals["switch_url"] = switch_url
    app.jinja_env.globals["language_names"] = LANGUAGE_NAMES


#: a Japanese label this long (characters) may not fit a phone's button on one line
LONG_LABEL = 10


def phrases(label: object) -> Markup:
    """A long Japanese label with ``<wbr>`` between its phrases (budoux).

    The stylesheet keeps Japanese words whole (``word-break: keep-all``) and
    lets Chromium break between phrases (``auto-phrase``); engines without
    auto-phrase (Safari, Firefox) would then find no break at all in a label
    without spaces and cut it mid-word at the edge. ``<wbr>`` gives them the
    phrase breaks Chromium finds itself. Other languages break at spaces."""
    said = str(label)
    if current_language() != "ja" or len(said) < LONG_LABEL:
        return escape(said)
    cuts = _phrase_cuts(said)
    pieces = [said[a:b] for a, b in zip([0, *cuts], [*cuts, len(said)], strict=True)]
    return Markup("<wbr>").join(escape(p) for p in pieces)


@lru_cache(maxsize=4096)
def _phrase_cuts(said: str) -> tuple[int, ...]:
    """Where budoux breaks a label: the same few labels are drawn on every seat's page at
    every version, so each is parsed once per worker."""
    return tuple(
        i
        for i in sorted(phrase_boundaries(said))
        if 0 < i < len(said) and " " not in said[i - 1 : i + 1]  # a space breaks already
    )


def keeps_query(*names: str) -> Callable[[F], F]:
    """Declare the query parameters a page is made of (a scorer's game, a card
    to check): the language switch carries these and nothing else, so
    ``?endpoint=x`` or ``?_external=1`` never reach ``url_for``."""

    def mark(view: F) -> F:
        view.query_params = names  # type: ignore[attr-defined]
        return view

    return mark


def switch_url(lang: str) -> str:
    """This page in another language (the home page when there is no such page)."""
    from flask import current_app, url_for
    from werkzeug.routing import BuildError

    endpoint = request.endpoint
    args = dict(request.view_args or {})
    if endpoint and endpoint != "unprefixed":
        view = current_app.view_functions.get(endpoint)
        known = getattr(view, "query_params", ())
        # a POSTed form's entries are kept by the page itself (local storage)
        if request.method == "GET":
            for key in known:
                values = request.args.getlist(key)
                if values and key not in args:
                    args[key] = values if len(values) > 1 else values[0]
        args["lang"] = lang
        try:
            return url_for(endpoint, **args)
        except BuildError:
            pass
    return url_for("pages.index", lang=lang)


LANGUAGE_NAMES = {"ja": "日本語", "en": "English"}
