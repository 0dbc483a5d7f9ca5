"""Lazy access to the pieces the referee sits on: catalogue, engines, rules, print.

Every import happens inside a function so the app starts even while a piece
is missing or broken; callers get :class:`Unavailable` and show a clean page
(or a JSON 503) instead of a traceback.
"""

from __future__ import annotations

import importlib
import logging
import threading
from types import ModuleType
from typing import Any

log = logging.getLogger(__name__)


class Unavailable(Exception):
    """A piece of cardpress is not installed yet or failed to load."""

    def __init__(self, piece: str, detail: str) -> None:
        super().__init__(f"{piece}: {detail}")
        self.piece = piece
        self.detail = detail


def module(name: str, piece: str | None = None) -> ModuleType:
    """Import ``name`` or raise :class:`Unavailable` naming the piece."""
    try:
        return importlib.import_module(name)
    except Exception as exc:  # ImportError, SyntaxError, anything at import time
        log.warning("referee: %s unavailable: %s", name, exc)
        raise Unavailable(piece or name, f"{type(exc).__name__}: {exc}") from exc


def attr(module_name: str, name: str, piece: str | None = None) -> Any:
    mod = module(module_name, piece)
    try:
        return getattr(mod, name)
    except AttributeError as exc:
        raise Unavailable(piece or module_name, f"{module_name}.{name} is missing") from exc


_catalogue_lock = threading.Lock()
_catalogue: Any = None


def catalogue() -> Any:
    """The loaded card catalogue (immutable, loaded once per process)."""
    global _catalogue
    if _catalogue is not None:
        return _catalogue
    with _catalogue_lock:
        if _catalogue is None:
            load = attr("cardpress.catalogue", "load_catalogue", "catalogue")
            try:
                _catalogue = load()
            except Exception as exc:
                log.warning("referee: catalogue failed to load: %s", exc)
                raise Unavailable("catalogue", f"{type(exc).__name__}: {exc}") from exc
    return _catalogue


def reset() -> None:
    """Forget the cached catalogue (tests, or after editing cards/)."""
    global _catalogue
    with _catalogue_lock:
        _catalogue = None


def engine(game_id: str) -> ModuleType:
    """The rules engine module of a game, e.g. ``engine("finger-auction")``."""
    return module("cardpress.games." + game_id.replace("-", "_"), f"engine {game_id}")
