"""Live tables: one game of one engine shared by every phone at the table.

``models`` (SQLAlchemy) and ``migrations`` (Alembic) hold the schema;
``service`` the table logic (create, act, undo, record, bots' moves) over a
``repository`` (one module per database: ``repo_sqlite``, ``repo_postgres``,
their shared statements in ``repo_sql``), refusing in its own terms
(``refusals``: a kind, never an HTTP status) and never touching the driver
(a unit of work a lost connection failed is run again behind the repository,
``Repository.once_more``). ``repositories`` gives a database its repository;
``api`` the JSON contract, ``pages`` the phones' pages (both check what the
request says, ``create_request`` for a new table, word what the service
leaves in the engine's English: ``reasons``, and answer each kind of refusal
with its status: ``http_status``), ``events`` the Server-Sent Events.
"""

from __future__ import annotations

from flask import Flask

from referee.tables import api, extension, game_templates, pages


def init_app(app: Flask) -> None:
    ext = extension.init_app(app)
    from referee.security import csrf

    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    # a game's package may draw its own table (its spec's templates folder)
    game_templates.install(app.jinja_env)
    # the follow pages and scorers name a table's options as the create page does
    app.jinja_env.globals.update(option_name=pages.option_name, option_label=pages.option_label)
    if not app.config.get("TESTING"):
        ext.db  # noqa: B018 - a fresh database is created on first start
