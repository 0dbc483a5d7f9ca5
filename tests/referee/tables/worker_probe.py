"""A test's window into a production worker (test_production.py): the README's app,
loaded by the same gunicorn command, plus ``GET /_worker`` saying how the worker runs."""

from __future__ import annotations

import gc
import json
from collections.abc import Callable, Iterable
from typing import Any

from referee import create_app

served = create_app()
PATCHED = ("socket", "select", "threading", "ssl")


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    if environ.get("PATH_INFO") != "/_worker":
        return served(environ, start_response)
    import psycopg.waiting
    from gevent import monkey

    facts = {
        "patched": {m: monkey.is_module_patched(m) for m in PATCHED},
        "psycopg_waits_in_c": psycopg.waiting.wait is getattr(psycopg.waiting, "wait_c", None),
        "frozen": gc.get_freeze_count(),
        "gc_thresholds": gc.get_threshold(),
    }
    body = json.dumps(facts).encode()
    start_response("200 OK", [("Content-Type", "application/json")])
    return [body]
