"""The JSON API (``/api/v1/``): thin, stateless, CSRF-exempt, never a 500."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request

from referee import adjudicate
from referee.validation import N_, ApiError, parse_json

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def read_body() -> Any:
    if not request.is_json:
        raise ApiError(
            N_("send the body as JSON with Content-Type: application/json (got %(type)s)"),
            "Content-Type",
            status=415,
            type=request.mimetype or "none",
        )
    return parse_json(request.get_data(cache=False))


def _endpoint(fn: Callable[[Any], adjudicate.Outcome]) -> Callable[[], Response]:
    def view() -> Response:
        response = jsonify(fn(read_body()).body)
        response.headers["Cache-Control"] = "no-store"
        return response

    view.__name__ = fn.__name__
    view.__doc__ = fn.__doc__
    return view


for _path, _fn in adjudicate.ENDPOINTS.items():
    bp.add_url_rule("/" + _path, view_func=_endpoint(_fn), methods=["POST"])


@bp.get("/openapi.json")
def openapi() -> Response:
    from referee.openapi import document

    response = jsonify(document())
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
