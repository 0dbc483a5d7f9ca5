"""The tables' per-app objects: database, event bus, rate limiter."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from sqlalchemy.exc import SQLAlchemyError

from referee.bounds import StreamSlots, client_group
from referee.tables import ratelimit, service
from referee.tables.answers import Answers
from referee.tables.databases import open_database, upgrade
from referee.tables.db import Database, default_url
from referee.tables.events import Bus
from referee.tables.repositories import repository
from referee.tables.repository import Repository

log = logging.getLogger(__name__)


#: counts per client address: ``request.remote_addr``, which werkzeug's ProxyFix
#: sets from X-Forwarded-For when CARDPRESS_PROXY_FIX_X_FOR says how many
#: proxies to trust (referee.security); the counters live where
#: RATELIMIT_STORAGE_URI says, by default in the tables' database
def client_key() -> str:
    """Whom a limit counts: the client's address, an IPv6 one by its /64."""
    return client_group(get_remote_address())


limiter = Limiter(client_key, default_limits=[])

#: one count for every way of creating a table (the API and the create form):
#: the documented limit is what one address gets in all
create_limit = limiter.shared_limit(
    lambda: current_app.config["TABLES_CREATE_LIMIT"], scope="tables-create", methods=["POST"]
)

DEFAULTS = {
    # a table's idle life before `cardpress tables prune` removes it
    "TABLES_IDLE_DAYS": 30,
    # per client address, Flask-Limiter's notation
    "TABLES_CREATE_LIMIT": "20 per minute; 200 per day",
    # finished tables are removed after this many days untouched (abandoned ones
    # after TABLES_IDLE_DAYS), by the server itself (tidy) or `cardpress tables prune`
    "TABLES_FINISHED_DAYS": 7,
    # how often a worker looks for such tables (when a table is created)
    "TABLES_PRUNE_SECONDS": 3600,
    # how long a create's Idempotency-Key gives its client the same table again
    "TABLES_CREATE_KEY_SECONDS": 86400,
    # an event stream's life; EventSource reconnects by itself
    "TABLES_STREAM_SECONDS": 300,
    # open event streams per client address (an IPv6 one by its /64) and per
    # table, in each worker (referee.bounds.StreamSlots); one more is a 429
    "TABLES_STREAMS_PER_ADDRESS": 100,
    "TABLES_STREAMS_PER_TABLE": 40,
    # how often a SQLite worker looks for other workers' changes (a counter read)
    "TABLES_POLL_SECONDS": 0.05,
}


@dataclass
class Tables:
    """Created on first use in each process (gunicorn workers fork before that)."""

    url: str
    poll_seconds: float
    #: this worker's open event streams, per client and per table
    streams: StreamSlots
    _db: Database | None = None
    _bus: Bus | None = None
    _repo: Repository | None = None
    #: this worker's latest answer per table (built once per version and caller)
    answers: Answers = field(default_factory=Answers)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    #: when this worker last removed old tables (time.monotonic; None: never)
    pruned_at: float | None = None

    @property
    def db(self) -> Database:
        if self._db is None:
            with self._lock:
                if self._db is None:
                    db = open_database(self.url)
                    upgrade(db.engine)
                    self._bus = Bus(db, self.poll_seconds)
                    self._repo = repository(db)
                    self._db = db
        return self._db

    @property
    def repo(self) -> Repository:
        """The database's repository: what the views hand the service."""
        self.db  # noqa: B018 - creates the repository with the database
        assert self._repo is not None
        return self._repo

    @property
    def bus(self) -> Bus:
        self.db  # noqa: B018 - creates the bus with the database
        assert self._bus is not None
        return self._bus


def init_app(app: Flask) -> Tables:
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    app.config.setdefault("DATABASE_URL", default_url(app.instance_path))
    ext = Tables(
        app.config["DATABASE_URL"],
        float(app.config["TABLES_POLL_SECONDS"]),
        StreamSlots(
            int(app.config["TABLES_STREAMS_PER_ADDRESS"]),
            int(app.config["TABLES_STREAMS_PER_TABLE"]),
        ),
    )
    app.extensions["cardpress-tables"] = ext
    # shared by every worker and host: the tables' database (or redis://, memcached://...)
    app.config.setdefault("RATELIMIT_STORAGE_URI", ratelimit.URI)
    if app.config["RATELIMIT_STORAGE_URI"] == ratelimit.URI:
        app.config["RATELIMIT_STORAGE_OPTIONS"] = {"database": lambda: ext.db}
    limiter.init_app(app)
    # Only decorated views have limits (no default, application or blueprint
    # limits), and a decorated view checks its own limit when called; the
    # app-wide hook would only resolve "no limit" on every other request
    # (~6 % of a table read's CPU).
    app.before_request_funcs[None].remove(limiter._check_request_limit)
    # Its two other app-wide hooks only add X-RateLimit headers (not enabled)
    # and apply `deduct_when` limits (none), then clear the request's limiter
    # state, which goes with the request anyway: ~8 % of a request's CPU in Flask.
    if not app.config.get("RATELIMIT_HEADERS_ENABLED"):
        app.after_request_funcs[None] = [
            hook
            for hook in app.after_request_funcs[None]
            if getattr(hook, "func", None) is not Limiter._Limiter__inject_headers  # type: ignore[attr-defined]
        ]
        app.teardown_request_funcs[None].remove(limiter._Limiter__release_context)  # type: ignore[attr-defined]
    return ext


def warm(app: object) -> None:
    """Open the tables' database and fill its pool before the worker serves
    (gunicorn_conf.post_worker_init); if the database is away now, requests
    open it later, as without this."""
    ext = getattr(app, "extensions", {}).get("cardpress-tables")
    if ext is None:
        return
    try:
        ext.repo.warm()
    except SQLAlchemyError:
        log.warning("tables: the database cannot be opened yet", exc_info=True)


def create_key(key: str | None) -> service.CreateKey | None:
    """A create's Idempotency-Key (or the create form's nonce), scoped to the
    client's address (the rate limiter's, so ProxyFix's when configured)."""
    if not key:
        return None
    return service.CreateKey(
        key,
        client_key(),
        str(current_app.config["SECRET_KEY"]),
        float(current_app.config["TABLES_CREATE_KEY_SECONDS"]),
    )


def tidy() -> None:
    """Remove old tables and ended rate-limit windows, at most once per
    TABLES_PRUNE_SECONDS per worker, when a table is created (the only time the
    database grows): a database left alone stays bounded, with no cron job.
    A failure is logged, never the create's."""
    ext, config = tables(), current_app.config
    now = time.monotonic()
    if ext.pruned_at is not None and now - ext.pruned_at < float(config["TABLES_PRUNE_SECONDS"]):
        return
    ext.pruned_at = now
    try:
        gone = service.prune(
            ext.repo, float(config["TABLES_IDLE_DAYS"]), float(config["TABLES_FINISHED_DAYS"])
        )
        ratelimit.prune(ext.db)
    except SQLAlchemyError:
        log.warning("tables: old tables could not be removed now", exc_info=True)
        return
    if gone:
        log.info("tables: removed %d finished or abandoned table(s)", gone)


def tables() -> Tables:
    return current_app.extensions["cardpress-tables"]
