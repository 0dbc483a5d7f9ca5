"""Render a game's rule template in one language and parse it into a document.

``templates/rules/<game>.xml.j2`` holds the structure; every user-facing
sentence sits in a ``{% trans %}`` block whose msgid is the English text, and
the language's ``rules`` catalogue (locales/<lang>/LC_MESSAGES/rules.po)
supplies the translation. Numbers that the engines own (scoring tables, the
verdicts of worked examples) come into the template as data from
``cardpress.rules.data``, never typed in.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2
import jinja2.bccache

from cardpress import i18n
from cardpress.games.registry import GAMES as REGISTRY
from cardpress.paths import LOCALES, TEMPLATES, cards_dir
from cardpress.rules.markup import parse_document
from cardpress.rules.model import CardItem, RuleDocument, Ruling
from cardpress.vocabulary import CHOOSE, RULE_CARD_DOCUMENTS

RULES_TEMPLATES = TEMPLATES / "rules"
DOMAIN = "rules"
#: the product's games (those their packages register), and Triptych's "how to
#: choose" document for rule card r0: each has its template here
GAMES: tuple[str, ...] = tuple(REGISTRY)
DOCUMENTS: tuple[str, ...] = (*GAMES, CHOOSE)
CARD_GAMES = RULE_CARD_DOCUMENTS


def template_name(game_id: str) -> str:
    return f"{game_id}.xml.j2"


def environment(lang: str, templates: Path = RULES_TEMPLATES, locales: Path = LOCALES):
    """The Jinja2 environment of one language, its gettext bound to ``rules``;
    made again when the catalogue changes (Jinja reloads changed templates itself)."""
    return _environment(lang, templates, locales, _stamp(i18n.po_path(lang, DOMAIN, locales)))


class _CompiledOnce(jinja2.BytecodeCache):
    """Compiled templates shared by every language's environment, in memory.

    The environments differ only in the gettext they install (looked up when a
    template renders), so a template compiles to the same code in each; compiling
    the rule templates was a build's largest serial cost. Jinja checks each entry
    against its template's source, so an edited template compiles again.
    """

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = self.compiled.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledOnce()


@lru_cache(maxsize=8)
def _environment(lang: str, templates: Path, locales: Path, stamp: tuple[object, ...]):
    env = jinja2.Environment(
        bytecode_cache=_COMPILED,  # the same options for every language: keep them so
        loader=jinja2.FileSystemLoader(str(templates)),
        autoescape=True,  # data values are escaped; translations are trusted markup
        undefined=jinja2.StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    # babel.cfg extracts these templates with trimmed = true: keep them equal
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_translations(i18n.translations(lang, DOMAIN, locales), newstyle=False)
    return env


def check_lang(lang: str) -> str:
    if lang not in i18n.languages():
        raise ValueError(
            f"no rules catalogue for language {lang!r}; have: {', '.join(i18n.languages())}"
        )
    return lang


def render_markup(game_id: str, lang: str, cards: Path | None = None) -> str:
    """The rendered XML markup of one document (for debugging and tests)."""
    if game_id not in DOCUMENTS:
        raise KeyError(game_id)
    check_lang(lang)
    from cardpress.rules import data

    env = environment(lang)
    template = env.get_template(template_name(game_id))
    token = data.CARDS.set(cards)
    try:
        return template.render(data.context(game_id, lang))
    finally:
        data.CARDS.reset(token)


def _stamp(*paths: Path) -> tuple[tuple[str, int, int], ...]:
    """What a rendered document depends on, as (file, mtime, size)."""
    files = sorted(f for p in paths for f in (p.rglob("*") if p.is_dir() else [p]) if f.is_file())
    return tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)


def load_rules(game_id: str, lang: str, cards: Path | None = None) -> RuleDocument:
    """The rule document of a game in a language, for the card data in ``cards``
    (default: this run's card folder).

    Cached on everything it is made of: the card files, the rule templates
    and the language's rules catalogue, so a rebuild in the same process
    (``build --watch``, ``build()`` twice) sees every edit. Broken card data
    raises CatalogueError. KeyError for an unknown game, ValueError for a
    language without a catalogue. ``"choose"`` is Triptych's how-to-choose
    document.
    """
    root = (cards or cards_dir()).resolve()
    stamp = _stamp(root, RULES_TEMPLATES, i18n.po_path(lang, DOMAIN, LOCALES))
    return _load_rules(game_id, lang, root, stamp)


@lru_cache(maxsize=32)
def _load_rules(
    game_id: str, lang: str, cards: Path, stamp: tuple[tuple[str, int, int], ...]
) -> RuleDocument:
    return parse_document(render_markup(game_id, lang, cards), lang)


def rulings_concerning(
    game_id: str, lang: str, tags: set[str] | frozenset[str], cards: Path | None = None
) -> list[Ruling]:
    """The rulings of a game whose ``concerns`` share a tag with ``tags``."""
    wanted = set(tags)
    return [r for r in load_rules(game_id, lang, cards).rulings if r.concerns & wanted]


def rule_card(card_game: str, lang: str) -> tuple[CardItem, ...]:
    """The items printed on one of Triptych's rule cards, tables included."""
    if card_game not in CARD_GAMES:
        raise KeyError(card_game)
    return load_rules(card_game, lang).card


def rule_card_text(card_game: str, lang: str) -> list[tuple[str, str]]:
    """Condensed (heading, body) pairs printed on Triptych's rule cards."""
    if card_game not in CARD_GAMES:
        raise KeyError(card_game)
    return [(item.heading, item.body) for item in load_rules(card_game, lang).card]
