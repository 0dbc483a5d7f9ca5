"""Card data: load and validate ``cards/`` into immutable models.

The engines need only the models (``cardpress.catalogue.models``), so the
loader, which reads files, is imported when first asked for: importing
``cardpress.games`` does not load it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardpress.catalogue.csv_import import load_eshi100_csv
    from cardpress.catalogue.loader import check_catalogue, load_catalogue
    from cardpress.catalogue.models import Catalogue
    from cardpress.catalogue.problems import CatalogueError, Problem

_HOMES = {
    "Catalogue": "models",
    "CatalogueError": "problems",
    "Problem": "problems",
    "check_catalogue": "loader",
    "load_catalogue": "loader",
    "load_eshi100_csv": "csv_import",
}

__all__ = [
    "Catalogue",
    "CatalogueError",
    "Problem",
    "check_catalogue",
    "load_catalogue",
    "load_eshi100_csv",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
