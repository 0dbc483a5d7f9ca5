"""gunicorn settings for the referee in production (the README's command).

``gthread`` workers: each open event stream (every phone at a live table
keeps one) holds a thread, not a process, so two workers of 256 threads hold
hundreds of streams on a small machine while ordinary requests still find a
free thread; gunicorn hands a connection to a thread only once its request
has arrived, so slow clients do not block anyone either. A stream ends after
``TABLES_STREAM_SECONDS`` (EventSource reconnects), so threads never leak.
Command-line options override these; ``CARDPRESS_WORKERS`` and
``CARDPRESS_THREADS`` size the pool.
"""

from __future__ import annotations

import os

worker_class = "gthread"
# the workers' heartbeat touches a file on every turn of their loop: in memory,
# not on a disk (gunicorn's own advice; a few per cent of a request's CPU here)
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"
workers = int(os.environ.get("CARDPRESS_WORKERS", "2"))
threads = int(os.environ.get("CARDPRESS_THREADS", "256"))
# gthread: the worker's heartbeat, not a request's length (streams are long)
timeout = 60
graceful_timeout = 10
keepalive = 5
