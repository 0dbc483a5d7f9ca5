"""Templates a game's package ships itself, found by the game's id.

The phones' pages draw a game's table with ``tables/panels/<game>.html``
(:file:`templates/referee/tables/panels.html`). A game whose spec names a
``templates`` folder draws it with that folder's ``panel.html``, so a game
brings its table with it in its package (every product game does: the
referee's templates hold only the default panel, the fallback).
"""

from __future__ import annotations

from collections.abc import Callable

import jinja2

from cardpress.games import GAMES

PANELS = "tables/panels/"


class GameTemplates(jinja2.BaseLoader):
    """``tables/panels/<game>.html`` from the game's own package."""

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        game = template.removeprefix(PANELS).removesuffix(".html")
        spec = GAMES.get(game) if template == f"{PANELS}{game}.html" else None
        path = spec.templates / "panel.html" if spec and spec.templates else None
        if spec is None or path is None or not path.is_file():
            raise jinja2.TemplateNotFound(template)
        mtime = path.stat().st_mtime_ns

        def uptodate() -> bool:  # the file unchanged, and the game still the one registered
            return GAMES.get(game) is spec and path.is_file() and path.stat().st_mtime_ns == mtime

        return path.read_text(encoding="utf-8"), str(path), uptodate


def install(env: jinja2.Environment) -> None:
    """Look in the games' packages first, then where the app looks."""
    loaders: list[jinja2.BaseLoader] = [GameTemplates()]
    env.loader = jinja2.ChoiceLoader([*loaders, env.loader] if env.loader else loaders)
