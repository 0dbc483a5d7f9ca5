"""The report as a page of the referee, behind its own token.

``GET /<lang>/report/<token>``: the same blocks as the PDF (:mod:`.content`),
plots as SVG images. Without a valid token: 404, as for any unknown path
(the page does not say it exists). Only aggregates: no table id, seed,
token or player name. The page is made again when the tables change (a
fingerprint of the database's counts), at most once every ten minutes.
"""

from __future__ import annotations

import base64
import threading
import time

from flask import Blueprint, abort, current_app, make_response, render_template
from sqlalchemy import func, select

from referee.i18n import current_language
from referee.report import tokens
from referee.tables.extension import tables
from referee.tables.models import GameTable, Refusal

bp = Blueprint("report_page", __name__, url_prefix="/<lang:lang>/report")

#: bot games per player count and group on the page (the command line's default is larger)
PAGE_BOT_GAMES = 100
#: a page made this recently is shown again even if tables changed since: making one
#: costs seconds of CPU (bot games, plots), which a gevent worker spends unshared
_FRESH_SECONDS = 600.0
_lock = threading.Lock()
_made: dict[tuple[str, str], tuple[tuple, float, str]] = {}  # (database, lang) ->


def _fingerprint() -> tuple:
    db = tables().db
    with db.read() as conn:
        counts = conn.execute(
            select(func.count(), func.sum(GameTable.version), func.max(GameTable.touched_at))
        ).one()
        refused = conn.execute(select(func.sum(Refusal.count))).scalar()
    return (*counts, refused)


def _svg_src(svg: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


@bp.route("/<token>")
def report(token: str):  # type: ignore[no-untyped-def]
    lang = current_language()  # the path's first segment (referee.i18n)
    db = tables().db
    if len(token) > 100 or not tokens.allowed(db, current_app.config.get("REPORT_TOKEN"), token):
        abort(404)
    from referee.report import build, content  # matplotlib loads with the first report
    from referee.report.words import words

    key = _fingerprint()
    with _lock:
        made = _made.get((db.url, lang))
        if made is None or (made[0] != key and time.monotonic() - made[1] > _FRESH_SECONDS):
            t = words(lang)
            gathered = build.gather(db, t("the referee's database"), PAGE_BOT_GAMES)
            html = render_template(
                "report.html",
                t=t,
                blocks=content.blocks(gathered, lang),
                svg_src=_svg_src,
            )
            made = _made[(db.url, lang)] = (key, time.monotonic(), html)
    response = make_response(made[2])
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"  # the token is in the URL
    response.headers["X-Robots-Tag"] = "noindex"
    return response
