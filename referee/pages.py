"""Home page, health check, colour theme and the unprefixed-URL redirects."""

from __future__ import annotations

import hashlib
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
)
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect

from referee import services
from referee.i18n import best_language, supported

bp = Blueprint("pages", __name__)

GAMES: tuple[tuple[str, str], ...] = (
    ("gallery-rush", "triptych"),
    ("finger-auction", "triptych"),
    ("detective-eye", "triptych"),
    ("ultimatch", "ultimatch"),
    ("eshi100", "eshi100"),
)


@bp.get("/healthz")
def healthz() -> Response:
    response = jsonify({"status": "ok"})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<lang:lang>/")
def index() -> str:
    try:
        catalogue = services.catalogue()
        problem = None
    except services.Unavailable as exc:
        catalogue, problem = None, exc.piece
    return render_template("index.html", catalogue=catalogue, problem=problem, games=GAMES)


def _theme_css() -> str:
    lines = ["/* generated from the card catalogue */"]
    try:
        catalogue = services.catalogue()
    except services.Unavailable:
        return "\n".join(lines) + "\n"
    for painter in catalogue.triptych.painters:
        lines.append(f".painter-{painter.id} {{ --accent: {painter.rgb}; }}")
    for colour in catalogue.ultimatch.colours:
        lines.append(f".colour-{colour.id} {{ --accent: {colour.rgb}; }}")
    for icon in catalogue.eshi100.catalogue.icons:
        lines.append(f".icon-{icon.id} {{ --accent: {icon.rgb}; }}")
    return "\n".join(lines) + "\n"


@bp.get("/theme.css")
def theme() -> Response:
    css = _theme_css()
    response = Response(css, mimetype="text/css")
    response.set_etag(hashlib.sha256(css.encode()).hexdigest()[:32])
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response.make_conditional(request)


@bp.get("/")
def root() -> Any:
    return _redirect_to(best_language() + "/")


def _redirect_to(rest: str) -> Response:
    target = "/" + rest
    if request.query_string:
        target += "?" + request.query_string.decode("latin-1")
    response = redirect(target, code=302)
    response.headers["Vary"] = "Accept-Language"
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def unprefixed(rest: str) -> Any:
    """``/c/triptych/m1`` -> ``/<best language>/c/triptych/m1`` when that is a page."""
    first = rest.split("/", 1)[0]
    if first == "api":
        _api_method_check()
    if first in supported() or first in ("api", "static"):
        abort(404)
    lang = best_language()
    adapter = current_app.url_map.bind_to_environ(request.environ)
    try:
        endpoint, _ = adapter.match(f"/{lang}/{rest}", method="GET")
    except RequestRedirect:
        endpoint = "redirect"
    except (NotFound, MethodNotAllowed):
        abort(404)
    except HTTPException:
        abort(404)
    if endpoint == "unprefixed":
        abort(404)
    return _redirect_to(f"{lang}/{rest}")


def _api_method_check() -> None:
    """GET on a POST-only API route is a 405 (the fallback must not hide it)."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    try:
        endpoint, _ = adapter.match(request.path, method="POST")
    except HTTPException:
        return
    if endpoint != "unprefixed":
        raise MethodNotAllowed(valid_methods=["POST"])


def register_fallback(app: Flask) -> None:
    app.add_url_rule("/<path:rest>", endpoint="unprefixed", view_func=unprefixed,
                     methods=["GET", "HEAD"])


@bp.get("/favicon.ico")
def favicon() -> Response:
    from flask import url_for

    return redirect(url_for("static", filename="favicon.svg"), code=301)
