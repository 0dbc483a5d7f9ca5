"""The referee: the Flask app a table opens by scanning a card's QR code.

``create_app(config)`` follows the Flask tutorial's factory: configuration
from defaults, then ``instance/config.py``, then ``CARDPRESS_*`` environment
variables (``CARDPRESS_SECRET_KEY`` -> ``SECRET_KEY``), then the mapping
given here (tests). Production::

    CARDPRESS_SECRET_KEY=... gunicorn --config python:referee.gunicorn_conf \
        -b 0.0.0.0:8000 'referee:create_app()'

The app starts even while the card data in ``cards/`` has errors (it logs
them): card pages then answer 503 with the list of problems, so a designer
sees what to fix, and they work again as soon as the files are fixed.

Importing ``referee`` loads nothing of the app: gunicorn's master imports
``referee.gunicorn_conf`` (so this package) before it forks the workers, and
a gevent worker must patch the standard library before the app's modules
(Flask, SQLAlchemy, psycopg...) are imported, so they come in with the first
``create_app()`` call, in the worker.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardpress.paths import ROOT, TEMPLATES  # the standard library's modules only

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["create_app"]


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    from flask import Flask

    from cardpress.games.registry import rule_document
    from referee import (
        api,
        cards,
        errors,
        follow,
        hosts,
        i18n,
        pages,
        rules,
        scorers,
        security,
        tables,
    )

    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(TEMPLATES / "referee"),
        static_folder="static",
        static_url_path="/static",
    )
    app.config.from_mapping(security.DEFAULTS)
    app.config.from_mapping(SEND_FILE_MAX_AGE_DEFAULT=3600, PNG_DPI=150, CARDS_DIR=None)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("CARDPRESS")
    if config:
        app.config.from_mapping(config)
    app.json.sort_keys = False  # keep the contract's key order
    app.jinja_env.autoescape = True  # every template, whatever its extension

    hosts.init_app(app)
    security.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)

    security.csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(scorers.bp)
    tables.init_app(app)
    app.register_blueprint(follow.bp)
    from referee.report import page as report_page

    app.register_blueprint(report_page.bp)
    pages.register_fallback(app)
    app.jinja_env.globals.update(
        tools=scorers.TOOLS,
        game_tools=scorers.GAME_TOOLS,
        tool_game=scorers.TOOL_GAME,
        game_name=rules.game_name,
        rule_game=rule_document,
    )
    _warn_about_card_data(app)
    return app


def _warn_about_card_data(app: Flask) -> None:
    from cardpress.catalogue import CatalogueError, load_catalogue

    cards_dir = app.config["CARDS_DIR"]
    try:
        load_catalogue(Path(cards_dir) if cards_dir else None)
    except CatalogueError as exc:
        app.logger.warning(
            "referee: the card data has errors; card pages answer 503 until they are "
            "fixed (run `cardpress check`):\n%s",
            exc,
        )
