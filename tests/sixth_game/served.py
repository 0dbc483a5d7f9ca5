"""The referee with the sixth game registered, for the tests that open its pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask

from cardpress.games import GAMES
from tests.referee.tables.conftest import make_app
from tests.sixth_game import high_card


@contextmanager
def referee_with_high_card(
    database_url: Callable[[str], str], panel: bool = False
) -> Iterator[Flask]:
    """An app on a fresh SQLite database while High Card is registered (with its own
    panel, or none); the game is forgotten and the app closed afterwards."""
    high_card.registered(panel=panel)
    app = make_app(database_url("sqlite"))
    try:
        yield app
    finally:
        GAMES.unregister(high_card.GAME)
        ext = app.extensions["cardpress-tables"]
        ext.bus.stop()
        ext.db.dispose()
