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


def outcome(proc: subprocess.Popen, timeout: float = 90) -> dict:
    """The patched process's last line, read as JSON. A stuck worker never finishes, so
    the wait is long: on a loaded 2-core CI machine the same script's Python start-up,
    app and twelve streams took over 20 s (it is 3 s on an idle one)."""
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
from referee.tables.databases import open_database

db = open_database(sys.argv[1])
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
from referee.tables.databases import open_database

db = open_database(sys.argv[1])
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
from referee.tables.db import Database
from referee.tables.databases import open_database, upgrade
from referee.tables.events import Bus
from referee.tables.repo_postgres import NOTIFY_CHANNEL

db = open_database(sys.argv[1])
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
        conn.execute(text("SELECT pg_notify(:c, 'some-table:5')"), {"c": NOTIFY_CHANNEL})
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


# streams and taps of one worker, all ready at once (streams first): each tap
# gives way to the others at each step, as a request does at each read, write
# or query; a stream's work records how many streams were inside at once
GIVING_WAY = """
import json, time
import gevent
from referee.tables.priority import behind_requests

order, inside, most = [], [0], [0]

def stream(i):
    with behind_requests():
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        order.append("stream")
        gevent.sleep(0.001)  # writes to its phone meanwhile
        inside[0] -= 1

def tap(i):
    for _ in range(20):
        gevent.sleep(0)
    order.append("tap")

gevent.joinall([gevent.spawn(stream, i) for i in range(10)]
               + [gevent.spawn(tap, i) for i in range(10)])
first = list(order)

started = time.monotonic()
def never_idle():
    while time.monotonic() - started < 3:
        gevent.sleep(0)
busy = gevent.spawn(never_idle)
gevent.spawn(stream, 99).join()
waited = time.monotonic() - started
busy.kill()
print(json.dumps({"order": first, "most_inside": most[0], "waited": waited}))
"""


def test_event_streams_give_way_to_taps_one_at_a_time():
    """Under gevent a stream's work waits until nothing else is ready, one stream at
    a time; a worker that is never idle still serves its streams, after MAX_WAIT."""
    from referee.tables.priority import MAX_WAIT

    found = outcome(run_patched(GIVING_WAY))
    assert found["order"] == ["tap"] * 10 + ["stream"] * 10
    assert found["most_inside"] == 1
    assert MAX_WAIT <= found["waited"] < MAX_WAIT + 1.5


# one stream holds its turn for a while; one waiting behind it is killed (its
# phone gone), one runs out of patience, one waits on
HELD = """
import json, time
import gevent
from referee.tables.priority import behind_requests

started = time.monotonic()
log = []

def stream(name, hold, max_wait=5.0):
    with behind_requests(max_wait):
        log.append((name, "in", round(time.monotonic() - started, 3)))
        gevent.sleep(hold)
    log.append((name, "out", round(time.monotonic() - started, 3)))

holder = gevent.spawn(stream, "holder", 0.6)
gevent.sleep(0.05)
gone = gevent.spawn(stream, "gone", 0)
impatient = gevent.spawn(stream, "impatient", 0, 0.2)
patient = gevent.spawn(stream, "patient", 0)
gevent.sleep(0.1)
gone.kill()
gevent.joinall([holder, impatient, patient], timeout=10)
after = []
gevent.spawn(lambda: after.append(stream("after", 0))).join(timeout=2)
print(json.dumps({"log": log, "after": bool(after)}))
"""


def test_a_stream_gone_or_out_of_patience_leaves_the_turns_flowing():
    """A stream killed while it waits leaves the line; one whose wait runs out goes
    ahead beside the one holding the turn; the next waits for the turn to be given
    back and gets it then, not at its own deadline."""
    found = outcome(run_patched(HELD))
    times = {(name, what): t for name, what, t in found["log"]}
    assert ("gone", "in") not in times
    assert times[("holder", "in")] < times[("impatient", "in")] < times[("holder", "out")]
    assert times[("impatient", "in")] >= 0.2
    # given the turn when the holder gave it back, long before its own 5 s ran out
    assert times[("holder", "out")] <= times[("patient", "in")] < times[("holder", "out")] + 1
    assert found["after"]


# the real views: streams opened and bids sent in the same moment, streams first
OPENING = """
import json, sys
import gevent
from tests.referee.tables.conftest import make_app

app = make_app(sys.argv[1])
client = app.test_client()
tables = [client.post("/api/v1/tables", json={"game": "finger-auction",
                                             "players": ["Aki", "Ben", "Chie"]}).get_json()
          for _ in range(6)]
done = []

def open_stream(table, seat):
    token = table["seats"][seat]["token"]
    response = client.get(f"/api/v1/tables/{table['table']}/events?token={token}",
                          buffered=False)
    first = next(response.response)
    response.close()
    done.append(("stream", response.status_code, b"event: state" in first))

def bid(table):
    token = table["seats"][2]["token"]
    response = client.post(f"/api/v1/tables/{table['table']}/actions", json={"action": "bid:1"},
                           headers={"Authorization": f"Bearer {token}"})
    done.append(("bid", response.status_code, True))

greenlets = [gevent.spawn(open_stream, t, s) for t in tables for s in (0, 1)]
greenlets += [gevent.spawn(bid, t) for t in tables]
gevent.joinall(greenlets, raise_error=True)
app.extensions["cardpress-tables"].bus.stop()
print(json.dumps({"done": done}))
"""


def test_a_bid_is_answered_before_the_streams_opened_with_it(database_urls):
    """The events view waits for its turn: every bid sent in the moment a dozen
    phones open their streams is answered first, and every stream then opens."""
    found = outcome(run_patched(OPENING, database_urls["make"]("sqlite")))
    assert found["done"] == [["bid", 200, True]] * 6 + [["stream", 200, True]] * 12
