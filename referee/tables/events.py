"""Live updates: a per-process bus of table versions, and the SSE stream.

A change committed in this process wakes its watchers at once. Changes made
by other workers (or other hosts) arrive through the database, one listener
thread per process, as its repository hears of them
(:meth:`referee.tables.repository.Repository.listen`: PostgreSQL's
LISTEN/NOTIFY, the notification sent at the change's commit, with a slow
version poll as a safety net; SQLite's file change counter, then the
watched tables' versions). Each table has its own event, so a change wakes
only that table's streams.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator

from referee.tables.db import Database
from referee.tables.priority import behind_requests
from referee.tables.repositories import repository

log = logging.getLogger(__name__)

#: how long EventSource waits before it reconnects after a stream ended (ms)
RETRY_MS = 1500


class _Watch:
    """One table's version as this process last heard it, and the event its
    streams wait on: set once a newer version is published, then replaced by a
    fresh one for the next (a gevent Event in a gevent worker: waking a table's
    streams is one callback, where a condition variable took a lock per
    waiter and released and took its own around each wait, twice the CPU)."""

    __slots__ = ("changed", "lock", "version", "watchers")

    def __init__(self, version: int) -> None:
        self.changed = threading.Event()
        self.lock = threading.Lock()  # publishers (a request, the listener) one at a time
        self.version = version
        self.watchers = 0


class Bus:
    def __init__(self, db: Database, poll_seconds: float = 0.05) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self._watches: dict[str, _Watch] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.repo = repository(db)
        #: set: the listener ends
        self.stopped = threading.Event()
        # a new watch may have missed a change made between its read and its
        # registration: the listener then reads the versions once more
        self.recheck = False

    # ------------------------------------------------------------------ publish

    def publish(self, table_id: str, version: int) -> None:
        watch = self._watches.get(table_id)
        # nothing new (the poll's every tick names every watched table): no lock
        # taken; a version read while another thread raises it is only older,
        # and the raise itself happens under the lock
        if watch is None or version <= watch.version:
            return
        with watch.lock:
            if version > watch.version:
                # the version first, then the event: a waiter that took the old
                # event is woken by it, one that takes the new one sees the version
                watch.version = version
                changed, watch.changed = watch.changed, threading.Event()
                changed.set()

    # ------------------------------------------------------------------ subscribe

    @contextlib.contextmanager
    def watching(self, table_id: str, version: int) -> Iterator[_Watch]:
        self._ensure_listener()
        with self._lock:
            watch = self._watches.get(table_id)
            if watch is None:
                watch = self._watches[table_id] = _Watch(version)
                self.recheck = True
            watch.watchers += 1
        self.publish(table_id, version)
        try:
            yield watch
        finally:
            with self._lock:
                watch.watchers -= 1
                if watch.watchers == 0:
                    self._watches.pop(table_id, None)

    @staticmethod
    def wait(watch: _Watch, seen: int, timeout: float) -> int:
        """The table's version once it is beyond ``seen`` (or ``seen`` on timeout)."""
        changed = watch.changed  # before the version (see publish)
        if watch.version <= seen:
            changed.wait(timeout)
        return watch.version

    # ------------------------------------------------------------------ listen

    def _ensure_listener(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(
                target=self.repo.listen, args=(self,), name="tables-bus", daemon=True
            )
            self._thread.start()

    def stop(self) -> None:
        self.stopped.set()

    def watched(self) -> bool:
        return bool(self._watches)

    def poll_once(self) -> None:
        ids = list(self._watches)
        if not ids:
            return
        for table_id, version in self.repo.versions(ids).items():
            self.publish(table_id, version)


def stream(
    bus: Bus,
    table_id: str,
    version: int,
    lifetime: float,
    heartbeat: float = 15.0,
    state: Callable[[int], str | None] | None = None,
) -> Iterator[str]:
    """``data: {"version": N}`` now and after every change; a comment as heartbeat.

    With ``state`` (a stream opened with a token), each of those is followed,
    in the same write, by ``event: state`` whose data is the caller's state at
    that version or a newer one (``state(N)``; so the phone needs no GET);
    ``state`` returning None (the token no longer belongs) ends the stream.
    The stream ends after ``lifetime`` seconds, so a worker's threads are never
    held for ever by one phone, with a last word: the retry hint again and a
    comment saying why. EventSource reconnects by itself after that many
    milliseconds, sending the last ``id`` (the version it saw) as
    ``Last-Event-ID``; the new stream's first event is the version then, so a
    move made in between is announced at once, never missed.
    """

    def told(now: int) -> str | None:
        message = f'id: {now}\ndata: {{"version": {now}}}\n\n'
        if state is None:
            return message
        body = state(now)
        return None if body is None else f"{message}event: state\ndata: {body}\n\n"

    first = told(version)
    if first is None:
        return
    yield f"retry: {RETRY_MS}\n" + first
    deadline = time.monotonic() + lifetime
    with bus.watching(table_id, version) as watch:
        seen = version
        while (left := deadline - time.monotonic()) > 0:
            now = bus.wait(watch, seen, min(heartbeat, left))
            if now > seen:
                with behind_requests():
                    now = max(now, watch.version)
                    message = told(now)
                seen = now
                if message is None:
                    return
                yield message
            else:
                yield ": still here\n\n"
    yield f"retry: {RETRY_MS}\n: this stream's lifetime is over; reconnect with Last-Event-ID\n\n"
