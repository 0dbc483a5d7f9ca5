"""Rules pages: the full rule sheet from the same source as the PDFs."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask_babel import gettext
from markupsafe import Markup

from cardpress import rules
from cardpress.games import GAMES
from cardpress.rules.data import CARDS
from referee.catalogue import cards_root
from referee.i18n import current_language, text
from referee.rules_html import render_document

bp = Blueprint("rules", __name__, url_prefix="/<lang:lang>/rules")

#: every rules page, in the order the indexes list them: Triptych's "how to
#: choose a game" (the page rule card r0 leads to) before its three games
DOCUMENTS: tuple[str, ...] = ("choose", *rules.GAMES)


def game_name(game_id: str) -> str:
    """The name of a game (or of the chooser document) in the page's language."""
    if game_id == "choose":
        return gettext("Triptych: choosing a game")
    return text(GAMES[game_id].name)


@bp.get("/")
def rules_index() -> str:
    return render_template("rules_index.html", games=[(g, game_name(g)) for g in DOCUMENTS])


@bp.get("/<game_id>")
def rules_page(game_id: str) -> str:
    if game_id not in DOCUMENTS:
        abort(404)
    doc = rules.load_rules(game_id, current_language(), cards_root())
    # render_document escapes every text it writes (see referee.rules_html); its
    # diagrams read the same card folder
    token = CARDS.set(cards_root())
    try:
        body = Markup(render_document(doc))
    finally:
        CARDS.reset(token)
    return render_template("rules.html", game_id=game_id, title=doc.title, body=body)
