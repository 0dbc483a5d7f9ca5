"""The referee: the Flask app a table opens by scanning a card's QR code.

``create_app(config)`` follows the Flask tutorial's factory: configuration
from defaults, then ``instance/config.py``, then ``CARDPRESS_*`` environment
variables (``CARDPRESS_SECRET_KEY`` -> ``SECRET_KEY``), then the mapping
given here (tests). Production::

    CARDPRESS_SECRET_KEY=... gunicorn -w 2 -b 0.0.0.0:8000 'referee:create_app()'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from cardpress.paths import ROOT, TEMPLATES

__all__ = ["create_app", "serve"]


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(Path(ROOT) / "instance"),
        instance_relative_config=True,
        template_folder=str(TEMPLATES / "referee"),
        static_folder="static",
        static_url_path="/static",
    )
    from referee import security

    app.config.from_mapping(security.DEFAULTS)
    app.config.from_mapping(SEND_FILE_MAX_AGE_DEFAULT=3600, PNG_DPI=150)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("CARDPRESS")
    if config:
        app.config.from_mapping(config)
    app.json.sort_keys = False  # keep the contract's key order
    app.jinja_env.autoescape = True  # every template, whatever its extension

    from referee import errors, i18n

    security.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)

    from referee import api, cards, pages, rules, scorers

    security.csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    app.register_blueprint(cards.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(scorers.bp)
    pages.register_fallback(app)
    app.jinja_env.globals.update(
        tools=scorers.TOOLS, game_name=cards.game_name, rule_game=scorers.rule_game
    )
    return app


def serve(host: str = "127.0.0.1", port: int = 5000, debug: bool = False) -> None:
    """Development server (``cardpress serve``); use gunicorn in production."""
    create_app().run(host=host, port=port, debug=debug)
