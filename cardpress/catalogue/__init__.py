"""Card data: load and validate ``cards/`` into immutable models."""

from cardpress.catalogue.csv_import import load_eshi100_csv
from cardpress.catalogue.loader import check_catalogue, load_catalogue
from cardpress.catalogue.models import Catalogue
from cardpress.catalogue.problems import CatalogueError, Problem

__all__ = [
    "Catalogue",
    "CatalogueError",
    "Problem",
    "check_catalogue",
    "load_catalogue",
    "load_eshi100_csv",
]
