"""Where the project's data lives: the one place that finds cards, templates, catalogues.

Three places, first match wins for each of ``cards/``, ``templates/`` and
``locales/``:

1. ``$CARDPRESS_ROOT/<name>``: a designer's own folder (any of the three may
   be missing there; the shipped one is used for it);
2. the checkout's folder, when this package runs from a checkout (the
   folders a designer edits while developing);
3. the copy shipped inside the installed package (``cardpress/_data/<name>``,
   mapped into the wheel at build time by ``hatch_build.py``), read through
   :mod:`importlib.resources`.

``--cards`` on every command overrides the card folder for that run (through
``$CARDPRESS_CARDS``, so worker processes see it too). Code that needs one of
these folders asks here: :func:`cards_dir` at call time for the card data
(it can change per command), ``TEMPLATES`` and ``LOCALES`` for the others
(``CARDS`` is the default card folder at import time). Nothing else computes
a path to them.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

ENV_ROOT = "CARDPRESS_ROOT"
#: set by ``--cards`` for the run of one command (and its worker processes)
ENV_CARDS = "CARDPRESS_CARDS"
DATA_NAMES = ("cards", "templates", "locales")

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent


def _is_checkout(folder: Path) -> bool:
    return (folder / "pyproject.toml").is_file() and (folder / "cards").is_dir()


def project_root() -> Path:
    """The folder holding ``cardpress.toml``, ``instance/`` and the default ``build/``.

    ``$CARDPRESS_ROOT``, else the checkout, else (an installed cardpress) the
    working directory, as for any command-line tool.
    """
    if env := os.environ.get(ENV_ROOT):
        return Path(env).expanduser().resolve()
    return CHECKOUT if _is_checkout(CHECKOUT) else Path.cwd()


def packaged(name: str) -> Path:
    """The copy of ``name`` shipped in the installed package (may not exist in a checkout)."""
    return Path(str(resources.files("cardpress") / "_data" / name))


def data_dir(name: str) -> Path:
    """``cards``, ``templates`` or ``locales``: the designer's, the checkout's or the shipped."""
    if name not in DATA_NAMES:
        raise ValueError(f"unknown data folder {name!r}; one of {', '.join(DATA_NAMES)}")
    if name == "cards" and (cards := os.environ.get(ENV_CARDS)):
        return Path(cards).expanduser().resolve()
    if env := os.environ.get(ENV_ROOT):
        mine = Path(env).expanduser().resolve() / name
        if mine.is_dir():
            return mine
    if _is_checkout(CHECKOUT):
        return CHECKOUT / name
    return packaged(name)


def cards_dir() -> Path:
    """The card folder of this run (``--cards``, ``$CARDPRESS_ROOT/cards``, checkout, shipped)."""
    return data_dir("cards")


def is_installed_copy(path: Path) -> bool:
    """True for a folder inside the installed package (read-only by convention)."""
    return path.resolve().is_relative_to(PACKAGE / "_data")


ROOT = project_root()
CARDS = data_dir("cards")
TEMPLATES = data_dir("templates")
LOCALES = data_dir("locales")
BUILD = ROOT / "build"
SITE = ROOT / "site"
CONFIG_FILE = ROOT / "cardpress.toml"
