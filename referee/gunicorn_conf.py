"""gunicorn settings for the referee in production (the README's command).

``gevent`` workers: every phone at a live table keeps an event stream open,
and each open connection is a greenlet, not a thread or a process, so a
worker holds a thousand of them (``CARDPRESS_CONNECTIONS``) in one OS thread.
A greenlet waiting for a client, a table's next change or the database lets
the others run; a slow or half-sent request holds only its own. With
``gthread`` (2 x 256 threads) the tail latency was the threads handing the
GIL to each other: at 50 tables x 4 phones, action p99 453 -> 61 ms (SQLite)
and 1082 -> 192-260 ms (PostgreSQL) on the same code, and 19-28 % less CPU per
action. A stream ends after ``TABLES_STREAM_SECONDS`` (EventSource
reconnects), so connections never leak.

The workers patch the standard library (gevent's ``monkey.patch_all``) when
they start, before they import the app: that is why importing this module
(and the ``referee`` package around it) in gunicorn's master loads nothing
of the app, and why ``--preload`` must not be used. ``CARDPRESS_WORKERS``
sizes the workers; command-line options override everything here.
``-k gthread`` still works (threads instead of greenlets, sized by
``CARDPRESS_THREADS``) where gevent cannot be installed.

One worker by default, on a 2-core host too. A table's four phones land on
whichever worker accepted each connection, so with two workers both of them
heard of every move, read the table and built the views again for their
phones, and one worker's moves lost a compare-and-set to the other's: about
a quarter more CPU per move, and on PostgreSQL a longer tail (the README's
"Capacity of one host" has the figures, one worker against two). The second
core is left to PostgreSQL, nginx and the kernel. Beyond what one core
serves, run more single-worker servers behind nginx keyed on the table
(README, "More hosts") rather than more workers.
"""

from __future__ import annotations

import gc
import os
from typing import Any

# gevent's worker with a cap on open connections per client address
# (CARDPRESS_CONNECTIONS_PER_ADDRESS; referee/gunicorn_worker.py)
worker_class = "referee.gunicorn_worker.CappedGeventWorker"
workers = int(os.environ.get("CARDPRESS_WORKERS", "1"))
# open connections per worker (streams included): beyond it, new ones wait to be
# accepted; 500 phones hold a stream and a connection for their taps each
worker_connections = int(os.environ.get("CARDPRESS_CONNECTIONS", "2000"))
# the listen queue (connections not accepted yet), as long as the kernel allows
# (net.core.somaxconn, 4096 on Linux >= 5.4): a burst of connections from one
# client is accepted and refused (the cap per address) instead of filling a
# shorter queue, where the kernel drops everyone's new connections for a
# second (a SYN retry)
backlog = int(os.environ.get("CARDPRESS_BACKLOG", "4096"))
# only for `-k gthread` (gevent ignores it)
threads = int(os.environ.get("CARDPRESS_THREADS", "256"))
# the workers' heartbeat touches a file on every turn of their loop: in memory,
# not on a disk (gunicorn's own advice; a few per cent of a request's CPU here)
if os.path.isdir("/dev/shm"):
    worker_tmp_dir = "/dev/shm"
# the worker's heartbeat, not a request's length (streams are long)
timeout = 60
graceful_timeout = 10
keepalive = 5

# a young collection every 50,000 new objects instead of 700: ~2 ms at most
# (measured with 50,000 survivors), ~70 times fewer of them; a full one after
# 100 middle ones instead of 10: at 125 tables x 4 phones a worker made five
# full collections in a 40 s run, ~37 ms each (2 % of its CPU, and a 37 ms
# stop for every phone it serves); now one every few minutes
GC_THRESHOLDS = (50_000, 10, 100)


def post_worker_init(worker: Any) -> None:
    """Ready the loaded app before the worker's first request.

    The tables' database pool is opened (:func:`referee.tables.extension.warm`),
    and the fonts' files are found (:func:`referee.cards.warm_pictures`). Then
    the app's objects are kept out of the garbage collector's way: a full
    collection walks every object the app's modules made (~120,000) and stops
    every greenlet of the worker meanwhile, 70-120 ms each, several per minute
    under load. Frozen after one last collection, they are never walked again;
    what is collected is what requests made since."""
    from referee.cards import warm_pictures  # the worker has loaded the app
    from referee.tables.extension import warm

    warm(worker.wsgi)
    warm_pictures()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
