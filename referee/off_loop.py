"""Drawing work kept off a gevent worker's loop.

A gevent worker runs every phone's request and event stream in one OS
thread: while one request draws a card's picture (ReportLab lays the card
out, PDFium rasterises it, Pillow encodes the PNG: ~50 ms of CPU), no other
greenlet runs. :func:`off_loop` runs such work in one thread of the worker's
own instead; PDFium and the PNG encoder release the GIL, and Python's
switch interval (5 ms) hands it back to the loop between the layout's
bytecodes, so a tap waits milliseconds, not the whole picture. One thread:
PDFium must never run in two at once (:data:`cardpress.print.pdfium_lock.PDFIUM`),
and pictures queue behind each other rather than take the loop's share.
Without gevent (the development server, ``-k gthread``) the request's own
thread draws, as before. The work must not start processes: gevent's
``subprocess`` watches its children from the loop's thread only.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def off_loop(work: Callable[[], T]) -> T:
    """``work()``, on the drawing thread when the loop is gevent's."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("threading"):
        return work()
    return _drawing_thread().apply(work)


@functools.cache
def _drawing_thread() -> Any:
    """Made in the worker (after gunicorn's fork), on first use."""
    from gevent.threadpool import ThreadPool

    return ThreadPool(1)
