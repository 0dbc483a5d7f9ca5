"""Error pages and JSON errors: the API always answers in its error shape."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, NotFound

from referee.services import Unavailable
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


def _page(status: int, title: str, message: str) -> tuple[str, int]:
    return render_template("error.html", status=status, title=title, message=message), status


def handle_api_error(exc: ApiError) -> Any:
    if wants_json():
        response = jsonify(exc.body())
        response.status_code = exc.status
        return response
    from flask_babel import gettext

    return _page(exc.status, gettext("That request could not be used"), exc.localised(gettext))


def handle_unavailable(exc: Unavailable) -> Any:
    if wants_json():
        return _json(503, f"{exc.piece} is not available yet on this server",
                     piece=exc.piece)
    from flask_babel import gettext

    return _page(
        503,
        gettext("Not ready yet"),
        gettext("This part of the referee is not available yet (%(piece)s). Please try "
                "again later.", piece=exc.piece),
    )


HTML_MESSAGES = {
    400: (N_("Bad request"), N_("The request could not be understood.")),
    404: (N_("Page not found"), N_("There is no page at this address. Check the card's "
                                   "QR code or start from the home page.")),
    405: (N_("Method not allowed"), N_("This page cannot be used that way.")),
    413: (N_("Too large"), N_("The request is too large.")),
    415: (N_("Unsupported type"), N_("The request's content type is not supported.")),
}


def _really_missing() -> bool:
    """A 405 only because the GET-only fallback route matched: it is a 404."""
    from flask import current_app

    adapter = current_app.url_map.bind_to_environ(request.environ)
    for method in ("GET", "POST"):
        try:
            endpoint, _ = adapter.match(request.path, method=method)
        except HTTPException:
            continue
        if endpoint != "unprefixed":
            return False
    return True


def handle_http(exc: HTTPException) -> Any:
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
        from flask_babel import gettext

        return _page(400, gettext("The form expired"),
                     gettext("Please go back, reload the page and try again."))
    if exc.response is not None or status < 400:
        return exc
    from flask_babel import gettext

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


def handle_crash(exc: Exception) -> Any:
    from flask import current_app

    current_app.logger.exception("referee: unhandled error on %s", request.path)
    if wants_json():
        return _json(500, "internal error; the referee could not answer this request")
    try:
        from flask_babel import gettext

        return _page(500, gettext("Something went wrong"),
                     gettext("The referee could not answer. Please try again."))
    except Exception:  # the error page itself failed: plain text, still no traceback
        return Response("internal error", status=500, mimetype="text/plain")


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiError, handle_api_error)
    app.register_error_handler(Unavailable, handle_unavailable)
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_crash)
