"""gettext catalogues shared by the rule sheets, the card faces and the referee.

Catalogues live in ``locales/<lang>/LC_MESSAGES/<domain>.po`` and are edited
with any PO editor or ``pybabel``. Three domains keep the owners apart:
``rules`` (rule-sheet text), ``cards`` (labels printed on cards) and
``messages`` (the referee's pages). The .po files are the source; compiled
.mo files are derived, so we compile on demand rather than trusting a stale
build step.
"""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from cardpress.paths import LOCALES, is_installed_copy
from cardpress.vocabulary import LANGS as LANGS


def languages(locales: Path = LOCALES) -> tuple[str, ...]:
    """Every language that has a catalogue folder: adding one needs no code."""
    if not locales.is_dir():
        return LANGS
    found = sorted(p.name for p in locales.iterdir() if (p / "LC_MESSAGES").is_dir())
    if not found:
        return LANGS
    # Japanese first: it is the games' original language.
    return tuple(sorted(found, key=lambda lang: (lang != "ja", lang != "en", lang)))


def po_path(lang: str, domain: str, locales: Path = LOCALES) -> Path:
    return locales / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(lang: str, domain: str = "messages", locales: Path = LOCALES) -> Translations:
    """Translations read straight from the .po file (no compile step needed)."""
    path = po_path(lang, domain, locales)
    if not path.is_file():
        return Translations()  # NullTranslations-like: msgids pass through
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=domain)


def gettext(lang: str, message: str, domain: str = "messages") -> str:
    return translations(lang, domain).gettext(message)


def compile_catalogues(locales: Path = LOCALES) -> list[Path]:
    """Write each .mo beside its .po when missing or older; returns what it wrote.

    Flask-Babel reads .mo files, so the referee calls this at start-up. The
    copy shipped in an installed package comes compiled and is left alone.
    """
    written: list[Path] = []
    if is_installed_copy(locales):
        return written
    for po in sorted(locales.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=po.parts[-3], domain=po.stem)
        fd, tmp = tempfile.mkstemp(dir=po.parent, suffix=".mo.tmp")
        with os.fdopen(fd, "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.replace(tmp, mo)
        written.append(mo)
    return written


@dataclass(frozen=True, slots=True)
class CatalogueProblem:
    path: Path
    msgid: str
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.msgid!r}: {self.problem}"


def catalogue_problems(domain: str, locales: Path = LOCALES) -> list[CatalogueProblem]:
    """Missing, empty or fuzzy translations in any language of a domain."""
    problems: list[CatalogueProblem] = []
    for lang in languages(locales):
        path = po_path(lang, domain, locales)
        if not path.is_file():
            problems.append(CatalogueProblem(path, "", "catalogue missing"))
            continue
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang, domain=domain)
        for message in catalog:
            if not message.id:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                problems.append(CatalogueProblem(path, msgid, "fuzzy"))
            elif not all(strings):
                problems.append(CatalogueProblem(path, msgid, "empty translation"))
    return problems
