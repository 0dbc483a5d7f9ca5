"""The live tables' refusals as the web answers them: each kind's HTTP status.

The service refuses in its own terms (:mod:`referee.tables.refusals`); the API,
the phones' pages and the error pages answer with an
:class:`~referee.validation.ApiError`, which carries the status.
"""

from __future__ import annotations

from typing import Final

from referee.tables.refusals import Refusal, Refused
from referee.validation import ApiError

STATUS: Final[dict[Refusal, int]] = {
    Refusal.INVALID: 400,
    Refusal.NO_CREDENTIALS: 401,
    Refusal.NOT_PERMITTED: 403,
    Refusal.NOT_FOUND: 404,
    Refusal.CONFLICT: 409,
}


def api_error(refused: Refused) -> ApiError:
    """The refusal with its status, the same message, field and members."""
    error = ApiError(refused.template, refused.field, status=STATUS[refused.kind], **refused.params)
    error.extra.update(refused.extra)
    if refused.refused_by is not None:
        error.refused_by = refused.refused_by  # type: ignore[attr-defined]
    return error


def as_api_error(error: ApiError | Refused) -> ApiError:
    """What a view answers, for a refusal from either side (the request's own
    checks are already ApiErrors)."""
    return api_error(error) if isinstance(error, Refused) else error
