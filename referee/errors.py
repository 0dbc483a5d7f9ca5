"""Error pages and JSON errors: the API always answers in its error shape."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, NotFound

from cardpress.catalogue import CatalogueError
from referee.catalogue import problem_lines
from referee.tables.http_status import api_error
from referee.tables.refusals import Refused
from referee.validation import N_, ApiError


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/healthz"


def _json(status: int, message: str, **extra: Any) -> Response:
    error: dict[str, Any] = {"message": message}
    error.update(extra)
    response = jsonify({"error": error})
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def _page(status: int, title: str, message: str, **extra: Any) -> tuple[str, int]:
    page = render_template("error.html", status=status, title=title, message=message, **extra)
    return page, status


def handle_api_error(exc: ApiError) -> ResponseReturnValue:
    if wants_json():
        response = jsonify(exc.body(gettext))
        response.status_code = exc.status
        return response
    return _page(exc.status, gettext("That request could not be used"), exc.localised(gettext))


def handle_catalogue_error(exc: CatalogueError) -> ResponseReturnValue:
    """A designer left cards/ broken: a 503 that lists every problem, never a 500."""
    problems = problem_lines(exc)
    current_app.logger.warning(
        "referee: the card data has %d problem(s), first: %s",
        len(problems),
        problems[0] if problems else "?",
    )
    if wants_json():
        return _json(
            503,
            "the card data on this server has errors; this request needs it until they are fixed",
            problems=problems,
        )
    return _page(
        503,
        gettext("The card data has errors"),
        gettext(
            "The card files on this server are being edited and have errors. This page "
            "works again as soon as they are fixed:"
        ),
        problems=problems,
    )


HTML_MESSAGES = {
    400: (N_("Bad request"), N_("The request could not be understood.")),
    404: (
        N_("Page not found"),
        N_(
            "There is no page at this address. Check the card's "
            "QR code or start from the home page."
        ),
    ),
    405: (N_("Method not allowed"), N_("This page cannot be used that way.")),
    413: (N_("Too large"), N_("The request is too large.")),
    415: (N_("Unsupported type"), N_("The request's content type is not supported.")),
}


def _really_missing() -> bool:
    """A 405 only because the GET-only fallback route matched: it is a 404."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    for method in ("GET", "POST"):
        try:
            endpoint, _ = adapter.match(request.path, method=method)
        except HTTPException:
            continue
        if endpoint != "unprefixed":
            return False
    return True


def handle_http(exc: HTTPException) -> ResponseReturnValue:
    status = exc.code or 500
    if status == 405 and _really_missing():
        exc, status = NotFound(), 404
    if wants_json():
        response = _json(status, exc.description or exc.name)
        if status == 405:
            allow = exc.get_response().headers.get("Allow")
            if allow:
                response.headers["Allow"] = allow
        return response
    if isinstance(exc, CSRFError):
        return _page(
            400,
            gettext("The form expired"),
            gettext("Please go back, reload the page and try again."),
        )
    if exc.response is not None or status < 400:
        return exc
    title, message = HTML_MESSAGES.get(status, (exc.name, exc.description or ""))
    if status in HTML_MESSAGES:
        title, message = gettext(title), gettext(message)
    response = _page(status, title, message)
    if status == 405:
        allow = exc.get_response().headers.get("Allow")
        if allow:
            body, code = response
            return body, code, {"Allow": allow}
    return response


def handle_crash(exc: Exception) -> ResponseReturnValue:
    current_app.logger.exception("referee: unhandled error on %s", request.path)
    if wants_json():
        return _json(500, "internal error; the referee could not answer this request")
    try:
        return _page(
            500,
            gettext("Something went wrong"),
            gettext("The referee could not answer. Please try again."),
        )
    except Exception:  # the error page itself failed: plain text, still no traceback
        return Response("internal error", status=500, mimetype="text/plain")


def handle_refused(exc: Refused) -> ResponseReturnValue:
    """A live table's refusal outside the JSON API (a page): its status, its words."""
    return handle_api_error(api_error(exc))


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiError, handle_api_error)
    app.register_error_handler(Refused, handle_refused)
    app.register_error_handler(CatalogueError, handle_catalogue_error)
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_crash)
