"""Event streams give way to taps: their work waits until the worker is idle.

A tap's answer is what a person at the table waits for, finger still on the
glass (goal: p99 100 ms); a stream's work (opening it, and each change's
state for each phone) is the other phones catching up, which may take longer
(goal: p95 500 ms). A gevent worker serves its ready greenlets first come,
first served, so when every phone of 50 tables opened its stream at once, a
tap sent meanwhile waited ~100 ms behind the streams opened before it: action
p99 105-154 ms at 50 tables x 4 phones on PostgreSQL in one run of four.

So under gevent a stream's work takes its turn when the worker's event loop
is idle (``gevent.idle``: no socket, timer or callback of anything else
pending), one stream at a time: the loop's idle moment wakes every waiter at
once, and were they all let through, a tap arriving meanwhile would wait
behind all of them. A stream waits at most ``MAX_WAIT``, so that a worker that
is never idle still serves its streams. Under ``-k gthread`` the operating
system schedules the threads, and the turn is taken at once.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

#: seconds a stream waits for its turn at most (a worker that is never idle)
MAX_WAIT = 0.25

_gate: Any = None  # gevent's semaphore: one stream at a time
_checked = False
#: whether the running block is a stream's work (a greenlet's or thread's own)
_BEHIND: ContextVar[bool] = ContextVar("cardpress_behind_requests", default=False)


def in_background() -> bool:
    """Whether this is a stream's work, inside :func:`behind_requests` (its database
    reads then take PostgreSQL connections of their own: ``PostgresDatabase``)."""
    return _BEHIND.get()


def _gevent_gate() -> Any:
    """The gate when the worker runs on gevent (threading patched), else None."""
    global _gate, _checked
    if not _checked:
        monkey = sys.modules.get("gevent.monkey")
        if monkey is not None and monkey.is_module_patched("threading"):
            from gevent.lock import Semaphore

            _gate = Semaphore(1)
        _checked = True
    return _gate


@contextmanager
def behind_requests(max_wait: float = MAX_WAIT) -> Iterator[None]:
    """Run the block when nothing more urgent is ready (gevent), or at once."""
    marked = _BEHIND.set(True)
    try:
        with _turn(max_wait):
            yield
    finally:
        _BEHIND.reset(marked)


@contextmanager
def _turn(max_wait: float) -> Iterator[None]:
    gate = _gevent_gate()
    if gate is None:
        yield
        return
    import gevent

    deadline = time.monotonic() + max_wait
    turn = gate.acquire(timeout=max_wait)
    try:
        left = deadline - time.monotonic()
        if left > 0:
            with gevent.Timeout(left, False):
                gevent.idle()
        yield
    finally:
        if turn:
            gate.release()
