"""Home page, health check, colour theme and the unprefixed-URL redirects."""

from __future__ import annotations

import hashlib

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
    url_for,
)
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound
from werkzeug.routing import PathConverter, RequestRedirect

from cardpress.catalogue import CatalogueError
from referee.catalogue import catalogue, catalogue_or_none, problem_lines
from referee.i18n import best_language, supported
from referee.rules import DOCUMENTS

bp = Blueprint("pages", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    response = jsonify({"status": "ok"})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<lang:lang>/")
def index() -> str:
    """Scorers and rules always; the decks, or what is wrong with the card data."""
    try:
        cards, problems = catalogue(), []
    except CatalogueError as exc:
        cards, problems = None, problem_lines(exc)
    return render_template("index.html", catalogue=cards, problems=problems, rules=DOCUMENTS)


def _theme_css() -> str:
    lines = ["/* generated from the card catalogue */"]
    cards = catalogue_or_none()
    if cards is not None:
        lines += [f".painter-{p.id} {{ --accent: {p.rgb}; }}" for p in cards.triptych.painters]
        lines += [f".colour-{c.id} {{ --accent: {c.rgb}; }}" for c in cards.ultimatch.colours]
        lines += [f".icon-{i.id} {{ --accent: {i.rgb}; }}" for i in cards.eshi100.catalogue.icons]
    return "\n".join(lines) + "\n"


@bp.get("/theme.css")
def theme() -> Response:
    css = _theme_css()
    response = Response(css, mimetype="text/css")
    response.set_etag(hashlib.sha256(css.encode()).hexdigest()[:32])
    # revalidate every time (a 304 while unchanged): colour edits in cards/ show live
    response.headers["Cache-Control"] = "public, no-cache"
    return response.make_conditional(request)


@bp.get("/")
def root() -> Response:
    return _redirect_to(best_language() + "/")


def _redirect_to(rest: str) -> Response:
    target = "/" + rest
    if request.query_string:
        target += "?" + request.query_string.decode("latin-1")
    response = redirect(target, code=302)
    response.headers["Vary"] = "Accept-Language"
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def unprefixed(rest: str) -> Response:
    """``/c/triptych/m1`` -> ``/<best language>/c/triptych/m1`` when that is a page."""
    first = rest.split("/", 1)[0]
    if first in supported() or first == "static":
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


class PageConverter(PathConverter):
    """Any path outside ``/api/``: the API's routes keep their own methods (a GET
    on a POST-only route is a 405 and OPTIONS advertises only POST)."""

    regex = r"(?!api(?:/|$))[^/].*?"


def register_fallback(app: Flask) -> None:
    app.url_map.converters["page"] = PageConverter
    app.add_url_rule(
        "/<page:rest>", endpoint="unprefixed", view_func=unprefixed, methods=["GET", "HEAD"]
    )


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so its scope is every page."""
    response = current_app.send_static_file("sw.js")
    response.headers["Cache-Control"] = "no-cache"
    response.mimetype = "text/javascript"
    return response


@bp.get("/<lang:lang>/offline")
def offline() -> str:
    """What the service worker shows for a page the phone never opened."""
    return render_template("offline.html")


@bp.get("/favicon.ico")
def favicon() -> Response:
    return redirect(url_for("static", filename="favicon.svg"), code=301)
