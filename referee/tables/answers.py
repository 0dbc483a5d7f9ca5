"""A worker's memory of the tables' latest answers, so one version is read and built once.

Every change makes each phone at the table ask for its state, so the same
version is asked for several times in a row: by each seat, the host and the
spectators. The expensive part of an answer (reading and decoding the row,
building the caller's body and serialising it) depends only on the table's
version, its tokens and the caller, so a worker keeps, per table version, the
table as read and each caller's serialised body.

Never stale: every request still reads the table's current version (and host
token hash) from the database (one indexed row, a few microseconds), and the
memory answers only for exactly that version; a newer version is read in
full. Private: a caller's body is found only under the caller that the
presented token names, checked against the hashes of that same version (a
re-issued table, whose tokens changed, is a different key). Bounded: the
least recently used versions are forgotten beyond ``size``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardpress.games import GameState
from referee.tables import service
from referee.tables.repository import Repository, Table

Key = tuple[str, int, str]  # table id, version, host token hash
Build = Callable[["Known", service.Caller], bytes]


@dataclass
class Known:
    """A table as read at one version, and the answers built from it so far."""

    table: Table
    bodies: dict[service.Caller, bytes] = field(default_factory=dict)
    #: what every caller's body at this version is built from (see :meth:`shared`)
    parts: dict[str, Any] = field(default_factory=dict)

    def body(self, caller: service.Caller, build: Build) -> bytes:
        found = self.bodies.get(caller)
        if found is None:
            # two threads may build the same body at once: both are equal
            found = self.bodies.setdefault(caller, build(self, caller))
        return found

    def state(self) -> GameState:
        """The game state at this version, for reading only (views, legal actions):
        the one the change just computed (``Table.state``), else decoded once from
        the snapshot for all of this version's callers. Nothing may apply to it."""
        return self.shared("state", lambda: self.table.state or service.state_of(self.table))

    def shared(self, name: str, make: Callable[[], Any]) -> Any:
        """A part of every caller's body at this version, made once (racing makers
        make equal parts; one is kept)."""
        found = self.parts.get(name)
        if found is None:
            found = self.parts.setdefault(name, make())
        return found


class Answers:
    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._known: OrderedDict[Key, Known] = OrderedDict()
        self._latest: dict[str, Key] = {}  # table id -> its key in _known
        self._loading: dict[str, threading.Lock] = {}  # table id -> held while reading it
        self._lock = threading.Lock()

    def _get(self, key: Key) -> Known | None:
        with self._lock:
            known = self._known.get(key)
            if known is not None:
                self._known.move_to_end(key)
            return known

    def remember(self, table: Table) -> Known:
        """The table as committed at its version (read, or just written by this worker).

        Only a table's newest version is kept: every request reads the current
        version first, so an older one will not be asked for again."""
        key = (table.id, table.version, table.host_hash)
        with self._lock:
            known = self._known.get(key)
            if known is not None:
                self._known.move_to_end(key)
                return known
            known = Known(table)
            before = self._latest.get(table.id)
            if before is not None:
                if before[1] > table.version:
                    return known  # already superseded: answer it, keep the newer one
                self._known.pop(before, None)
            self._known[key] = known
            self._latest[table.id] = key
            while len(self._known) > self.size:
                gone, _ = self._known.popitem(last=False)
                if self._latest.get(gone[0]) == gone:
                    del self._latest[gone[0]]
            return known

    def current(self, repo: Repository, table_id: str) -> Known:
        """The table at its current version: from memory if this version is known
        (checked by reading the version and host token hash, one short row), else
        read whole: at once when this worker holds no version of it at all."""
        if table_id in self._latest:
            version, host_hash = service.head(repo, table_id)
            known = self._get((table_id, version, host_hash))
            if known is not None:
                return known
        return self.remember(service.load(repo, table_id))

    def at_least(self, repo: Repository, table_id: str, version: int) -> Known:
        """The table at ``version`` (a committed one) or newer: from memory if it holds
        such a version, else read from the database by one thread per table while the
        table's other streams in this worker wait for it."""
        found = self._newest(table_id, version)
        if found is not None:
            return found
        with self._lock:
            loading = self._loading.setdefault(table_id, threading.Lock())
        with loading:
            found = self._newest(table_id, version)  # read meanwhile by another stream
            if found is None:  # not held: read whole at once (committed, so >= version)
                found = self.remember(service.load(repo, table_id))
                with self._lock:
                    self._loading.pop(table_id, None)
        return found

    def newest(self, table_id: str) -> Known | None:
        """The newest version of the table this worker holds, if any (it may no
        longer be the current one: for computing a change that a compare-and-set
        then checks, never for answering)."""
        return self._newest(table_id, 0)

    def _newest(self, table_id: str, version: int) -> Known | None:
        with self._lock:
            key = self._latest.get(table_id)
            if key is None or key[1] < version:
                return None
            self._known.move_to_end(key)
            return self._known[key]

    def __len__(self) -> int:
        return len(self._known)
