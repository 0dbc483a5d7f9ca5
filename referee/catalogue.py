"""The card catalogue, read once per request so a designer's edits show live.

``load_catalogue`` is cached by the files' fingerprint, so reading it on every
request is a few ``stat`` calls. The card data is the one piece that can break
while the server runs (a designer mid-edit): a :class:`CatalogueError` then
becomes a 503 page (or JSON error) listing every problem (see ``errors.py``).
``CARDS_DIR`` in the app config points at another card folder (tests).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from flask import current_app, g

from cardpress.catalogue import Catalogue, CatalogueError, load_catalogue
from cardpress.paths import ROOT


def cards_root() -> Path | None:
    """The app's card folder (``CARDS_DIR``), None for the run's default."""
    root = current_app.config.get("CARDS_DIR")
    return Path(root) if root else None


def catalogue() -> Catalogue:
    """This request's catalogue; raises :class:`CatalogueError` when cards/ is broken."""
    if "catalogue" not in g:
        g.catalogue = load_catalogue(cards_root())
    return g.catalogue


def catalogue_or_none() -> Catalogue | None:
    """For pages that only take names from the catalogue and work without it."""
    try:
        return catalogue()
    except CatalogueError:
        return None


def problem_lines(exc: CatalogueError) -> list[str]:
    """``FILE: CARD-ID: FIELD: message`` lines, as ``cardpress check`` prints them,
    with paths relative to the project (never the server's absolute paths)."""
    lines = []
    for problem in exc.problems:
        path = Path(problem.file)
        if path.is_absolute() and path.is_relative_to(ROOT):
            problem = replace(problem, file=str(path.relative_to(ROOT)))
        lines.append(str(problem))
    return lines
