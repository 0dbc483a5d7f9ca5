"""The tables' database under gevent, as in a production worker (referee/gunicorn_conf.py).

Each check runs in a fresh Python that patches the standard library first,
as gunicorn's gevent worker does before it imports the app; the test
process itself stays unpatched.
"""

from __future__ import annotations

import fcntl
import json
import selectors
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run_patched(script: str, *args: str) -> subprocess.Popen:
    code = "from gevent import monkey\nmonkey.patch_all()\n" + textwrap.dedent(script)
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def outcome(proc: subprocess.Popen, timeout: float = 20) -> dict:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"the patched process hung (a whole worker stuck):\n{out}\n{err}")
    assert proc.returncode == 0, err
    return json.loads(out.splitlines()[-1])


# two writers in one process; the first yields while it holds the turn, as a
# greenlet does when it waits for a pooled connection or reads the table again
# in act's retry
WRITERS = """
import json, sys
import gevent
from sqlalchemy import text
from referee.tables.db import Database

db = Database(sys.argv[1])
with db.engine.begin() as conn:
    conn.execute(text("CREATE TABLE moves (name TEXT)"))
done = []

def write(name, pause):
    with db.writing() as conn:
        conn.execute(text("INSERT INTO moves VALUES (:n)"), {"n": name})
        gevent.sleep(pause)
    done.append(name)

first = gevent.spawn(write, "first", 0.2)
gevent.sleep(0.05)  # the first holds the turn now
second = gevent.spawn(write, "second", 0)
gevent.joinall([first, second], raise_error=True)
with db.read() as conn:
    stored = [row[0] for row in conn.execute(text("SELECT name FROM moves"))]
print(json.dumps({"done": done, "stored": stored}))
"""


def test_greenlets_of_one_worker_take_turns_at_the_sqlite_write_lock(tmp_path):
    """A greenlet that waits for the write turn lets the one holding it finish.

    Were the second writer to wait in flock (as before), it would stop the
    worker's only thread, and the first could never finish and release it."""
    proc = run_patched(WRITERS, f"sqlite:///{tmp_path / 'turns.sqlite3'}")
    found = outcome(proc)
    assert found == {"done": ["first", "second"], "stored": ["first", "second"]}


# while another process holds the write lock, the worker's other greenlets
# (here: a ticking clock and a read) go on
WAITING = """
import json, sys, time
import gevent
from sqlalchemy import text
from referee.tables.db import Database

db = Database(sys.argv[1])
ticks = []

def tick():
    while True:
        ticks.append(time.monotonic())
        gevent.sleep(0.01)

def write():
    with db.writing() as conn:
        conn.execute(text("INSERT INTO moves VALUES ('late')"))
    return time.monotonic()

clock = gevent.spawn(tick)
started = time.monotonic()
writer = gevent.spawn(write)
gevent.sleep(0.3)
with db.read() as conn:
    read = conn.execute(text("SELECT count(*) FROM moves")).scalar_one()
read_at = time.monotonic() - started
print("waiting", flush=True)
written_at = writer.get() - started
clock.kill()
gaps = [b - a for a, b in zip(ticks, ticks[1:])]
print(json.dumps({"read": read, "read_at": read_at, "written_at": written_at,
                  "longest_gap": max(gaps)}))
"""


def test_a_worker_goes_on_while_another_process_holds_the_write_lock(tmp_path):
    """Another process's write (another worker, `cardpress tables prune`) holds the file lock:
    only the greenlet that wants to write waits; the worker's others keep running."""
    database = tmp_path / "others.sqlite3"
    url = f"sqlite:///{database}"
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE moves (name TEXT)"))
    engine.dispose()
    with Path(f"{database}.write-lock").open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # the other process's turn
        proc = run_patched(WAITING, url)
        assert proc.stdout is not None
        with selectors.DefaultSelector() as lines:
            lines.register(proc.stdout, selectors.EVENT_READ)
            read_while_held = bool(lines.select(timeout=30))
        time.sleep(1.0)
        fcntl.flock(held, fcntl.LOCK_UN)
    assert read_while_held, "the worker stopped while another process held the lock"
    assert proc.stdout.readline().strip() == "waiting"  # read done, write still waiting
    found = outcome(proc)
    assert found["read"] == 0
    assert found["read_at"] < 1.5
    assert found["written_at"] >= found["read_at"]  # the write waited for our turn to end
    assert found["longest_gap"] < 0.75  # the clock never stopped for the lock's second


def test_importing_the_server_config_loads_nothing_of_the_app():
    """gunicorn's master imports referee.gunicorn_conf before it forks; a gevent worker
    patches the standard library after the fork, so the app must not be imported yet."""
    code = "import json, sys, referee.gunicorn_conf\nprint(json.dumps(sorted(sys.modules)))"
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    )
    app_modules = {"flask", "werkzeug", "sqlalchemy", "psycopg", "gevent", "ssl", "threading"}
    assert [m for m in loaded if m.split(".")[0] in app_modules] == []
    assert [m for m in loaded if m.startswith("referee")] == ["referee", "referee.gunicorn_conf"]


# the PostgreSQL listener (a thread, so a greenlet once patched) waits in
# psycopg's notifies(timeout=...): the worker's other greenlets go on
LISTENING = """
import json, sys, time
import gevent
import psycopg.waiting
from sqlalchemy import text
from referee.tables import store
from referee.tables.db import Database, upgrade
from referee.tables.events import Bus

db = Database(sys.argv[1])
upgrade(db.engine)
bus = Bus(db)
ticks = []

def tick():
    while True:
        ticks.append(time.monotonic())
        gevent.sleep(0.01)

clock = gevent.spawn(tick)
with bus.watching("some-table", 0) as watch:
    gevent.sleep(1.5)  # the listener waits for notifications, a second at a time
    with db.read() as conn:
        conn.execute(text("SELECT pg_notify(:c, 'some-table:5')"), {"c": store.NOTIFY_CHANNEL})
    heard = Bus.wait(watch, 0, 5)
bus.stop()
clock.kill()
gaps = [b - a for a, b in zip(ticks, ticks[1:])]
print(json.dumps({"heard": heard, "longest_gap": max(gaps),
                  "c_wait": psycopg.waiting.wait is psycopg.waiting.wait_c}))
"""


def test_the_postgresql_listener_leaves_the_worker_running(database_urls):
    proc = run_patched(LISTENING, database_urls["make"]("postgresql"))
    found = outcome(proc)
    assert found == {"heard": 5, "longest_gap": found["longest_gap"], "c_wait": False}
    assert found["longest_gap"] < 0.25
