"""Every operation of /api/v1/openapi.json, fuzzed in-process by schemathesis.

The operations come from the running app's own document, so an operation
declared later (:func:`referee.contract.operation`) is fuzzed without a
change here. Every built-in check runs. One project rule on top: a request
the schema accepts may still be refused by a rule the schema cannot state
(9 Monets across hands, a repeated right hand) with a 400, but never by the
request model itself: that would be the schema and the validation
disagreeing.
"""

from __future__ import annotations

import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from werkzeug.exceptions import HTTPException

from referee import create_app
from referee.contract import Operation, parse
from referee.validation import ApiError

CONFIG = schemathesis.Config.from_dict(
    {
        "checks": {
            # 400 is also the pinned status of a rule refusal (see the module docstring)
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]
            },
        },
    }
)


APP = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP, config=CONFIG)


def _operation(app: Flask, method: str, path: str) -> Operation | None:
    adapter = app.url_map.bind("localhost")
    try:
        endpoint, _ = adapter.match("/api/v1" + path, method=method)
    except HTTPException:  # another method than the declared one: not ours to judge
        return None
    return getattr(app.view_functions[endpoint], "operation", None)


@schemathesis.check
def schema_and_model_agree(ctx, response, case) -> None:
    """A schema-valid body refused with 400 must have passed its request model."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    if not isinstance(case.body, dict | list):
        return None
    op = _operation(APP, case.method, case.formatted_path)
    if op is None or op.request is None:
        return None
    try:
        parse(op.request, case.body)
    except ApiError as exc:
        raise AssertionError(
            f"the schema accepts this body but the model refuses it: {exc.message}"
        ) from None
    return None


@schema.parametrize()
@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_api(case: schemathesis.Case) -> None:
    case.call_and_validate(additional_checks=[schema_and_model_agree])
