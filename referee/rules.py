"""Rules pages: the full rule sheet from the same source as the PDFs."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from cardpress import rules
from cardpress.games import GAMES
from cardpress.print import figure_pictures
from cardpress.rules.data import CARDS
from referee import rules_faces
from referee.catalogue import cards_root
from referee.hosts import picture_base_url
from referee.i18n import current_language, text
from referee.rules_html import PHONE, render_document

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
        body = Markup(
            render_document(
                doc, lambda fid: url_for("rules.figure", game_id=game_id, file=f"{fid}.webp")
            )
        )
    finally:
        CARDS.reset(token)
    fonts = [url_for("rules.font", file=f) for f in rules_faces.served_files(current_language())]
    return render_template(
        "rules.html", game_id=game_id, title=doc.title, body=body, font_files=fonts
    )


def _cached(body: bytes | str, mimetype: str) -> Response:
    """A response that revalidates by its ETag: the faces change only with the fonts."""
    data = body.encode() if isinstance(body, str) else body
    response = Response(data, mimetype=mimetype)
    response.set_etag(rules_faces.etag(data))
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response.make_conditional(request)


@bp.get("/faces.css")
def faces_css() -> Response:
    """The rule sheets' faces for this language (see referee.rules_faces)."""
    css = rules_faces.stylesheet(current_language(), lambda f: url_for("rules.font", file=f))
    return _cached(css, "text/css")


@bp.get("/fonts/<file>")
def font(file: str) -> Response:
    """A face the language's rule sheets use, cut to the Latin its pages set."""
    role = rules_faces.role_of(current_language(), file)
    if role is None:
        abort(404)
    return _cached(rules_faces.woff(role), "font/woff")


@bp.get("/<game_id>/figures/<file>")
def figure(game_id: str, file: str) -> Response:
    """A rule sheet's picture of the cards, drawn by the deck's own faces (see
    cardpress.print.figure_pictures); ``file`` is the figure's id and ``.webp``, or its
    id, ``.phone`` and ``.webp`` for the size drawn for a phone's column."""
    if game_id not in DOCUMENTS or not file.endswith(".webp"):
        abort(404)
    doc = rules.load_rules(game_id, current_language(), cards_root())
    name = file.removesuffix(".webp")
    phone = name.endswith(PHONE)
    fig = next((f for f in doc.figures if f.id == name.removesuffix(PHONE)), None)
    if fig is None or (phone and figure_pictures.phone_size(fig, game_id, doc.lang) is None):
        abort(404)
    token = CARDS.set(cards_root())
    try:
        picture = figure_pictures.figure_picture(
            fig, game_id, doc.lang, picture_base_url(), phone=phone
        )
    finally:
        CARDS.reset(token)
    return _cached(picture.webp, "image/webp")
