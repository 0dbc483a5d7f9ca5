"""What the tables' service needs of a database, and the rows it trades in.

The service (:mod:`referee.tables.service`) computes every change in Python
and hands it to a :class:`Repository` to commit; one module per database
implements it (:mod:`referee.tables.repo_sqlite`, :mod:`referee.tables.repo_postgres`,
over the statements both share in :mod:`referee.tables.repo_sql`). The
guarantees live on this line: a write is a compare-and-set on the version
and the host token hash, answers True only once committed, and announces
the new version to every process listening (PostgreSQL: NOTIFY inside the
write's transaction; SQLite: the file's change counter).
"""

from __future__ import annotations

import re
import threading
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypedDict, TypeVar

from referee.tables.refusals import Refusal, Refused
from referee.validation import N_

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardpress.games import GameState
    from referee.tables.late import Logged

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Table:
    """A table as committed at ``version``, read in one query (seats' token hashes included)."""

    id: str
    game: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    bots: list[int]
    lang: str
    host_hash: str
    version: int
    snapshot: dict[str, Any]
    events: list[dict[str, Any]]
    terminal: bool
    #: (seat, token hash) of every person's seat
    seat_hashes: tuple[tuple[int, str], ...]
    #: the game state at ``version`` when this process just computed it (the
    #: change's answer then needs no decoding); for reading only
    state: GameState | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Live:
    """An action of the log still in the game (not taken back by an undo)."""

    id: int
    seat: int
    action: str
    by_bot: bool


class LogRow(TypedDict):
    """One row of the action log as a change writes it."""

    table_id: str
    seat: int
    action: str
    by_bot: bool
    version: int
    undone_version: int | None
    client_key: str | None
    request_hash: str | None
    events: list[dict[str, Any]]
    created_at: Any


@dataclass(frozen=True)
class Change:
    """A change computed against ``table`` (as read at ``table.version``), to
    be committed only if the table is still at that version with that host
    token hash: the new snapshot, the log rows it adds, and the ids of the
    log rows it takes back (an undo)."""

    table: Table
    version: int
    snapshot: dict[str, Any]
    events: list[dict[str, Any]]
    terminal: bool
    rows: list[LogRow]
    taken: tuple[int, ...] = ()


@dataclass(frozen=True)
class NewTable:
    """A table to insert: its first committed state, its seats' names and
    token hashes (None: a bot's seat), the log rows of the bots' first moves."""

    table: Table
    names: list[str]
    token_hashes: list[str | None]
    rows: list[LogRow]
    deck_version: str | None
    #: the create's scoped Idempotency-Key hash (service.CreateKey), if any
    create_key: str | None = None


class Changes(Protocol):
    """What a repository's listener reports to: a process's bus of versions
    (:class:`referee.tables.events.Bus`)."""

    #: set when the listener is to end
    stopped: threading.Event
    poll_seconds: float
    #: a new watch may have missed a change: read the versions once more
    recheck: bool

    def publish(self, table_id: str, version: int) -> None: ...

    def poll_once(self) -> None: ...

    def watched(self) -> bool: ...


class Repository(Protocol):
    """A database holding live tables, as :mod:`referee.tables.service` uses it.

    Reads are of what is committed and never wait for a writer. Every method
    may raise the driver's errors; a unit of work that a lost connection
    failed is run again by :meth:`once_more`, so the service never sees
    the driver."""

    def once_more(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(*args, **kwargs)``, run once more if the database connection turned
        out dead (after a database restart); ``work`` must be safe to run again."""
        ...

    def fetch(self, table_id: str, client_key: str | None = None) -> tuple[Table, str | None]:
        """The table and the fingerprint of the request ``client_key`` was applied
        with (None: none was; "": one logged before fingerprints), in one query."""
        ...

    def head(self, table_id: str) -> tuple[int, str]:
        """The table's version and host token hash (what a kept answer must match)."""
        ...

    def versions(self, table_ids: list[str]) -> dict[str, int]: ...

    def with_live(self, table_id: str) -> tuple[Table, list[Live]]:
        """The table and its live actions in log order, read consistently."""
        ...

    def action_log(self, table_id: str) -> list[Logged]:
        """Every row of the table's log in order, undone ones included (late moves)."""
        ...

    def recent_events(self, table_id: str, limit: int) -> list[dict[str, Any]]: ...

    def has_person_moves(self, table_id: str) -> bool:
        """Whether a person's move is still live (what an undo can take back)."""
        ...

    def insert(self, new: NewTable, key_seconds: float) -> Table | None:
        """Insert ``new`` and announce its version; if a table created with the
        same create key less than ``key_seconds`` ago exists, insert nothing
        and answer that one (an older one's key is forgotten)."""
        ...

    def write(self, change: Change) -> bool:
        """Commit ``change`` if the table is still at its version with its host
        token hash, announcing the new version; False (nothing written) if it
        moved, or its Idempotency-Key is already in the log."""
        ...

    def retry_turn(self) -> AbstractContextManager[None]:
        """Held while a change lost to another is read and computed again
        (SQLite: the writers' turn, so a busy table costs at most two)."""
        ...

    def count_refusal(self, table_id: str, rule: str) -> None:
        """One more refusal by ``rule`` at the table; never fails the caller."""
        ...

    def prune(self, idle_days: float, finished_days: float | None) -> int: ...

    def listen(self, changes: Changes) -> None:
        """Report other processes' changes to ``changes`` until its ``stopped`` is set."""
        ...

    def warm(self) -> None:
        """Open the connections and plan the hot statements before the first request."""
        ...


def not_found() -> Refused:
    return Refused(Refusal.NOT_FOUND, N_("there is no table with this id"), "table")


_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def checked(table_id: str) -> str:
    """Only an id of the shape we hand out reaches the database (no NUL, no megabytes)."""
    if not _TABLE_ID.fullmatch(table_id):
        raise not_found()
    return table_id
