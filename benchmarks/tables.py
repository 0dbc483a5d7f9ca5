"""Live tables under the README's production command: SQLite and PostgreSQL side by side.

For each database, gunicorn starts as the README says (``--config
python:referee.gunicorn_conf``, whose workers the header names) on a fresh
database (PostgreSQL: a throwaway cluster from Debian's package, started
here and stopped at the end). Then ``--tables`` Finger Auction tables of
four phones play at once. Each phone keeps the table's event stream open
with its token (so each change brings its state: ``event: state``; against
a server without that it reads its state by GET when an event announces a
version newer than the one it shows), and when it may act, waits a
human-ish moment (``--think``) and taps; the tap's answer is its new state.
The baseline, on the same server and with as many clients at the same pace,
is the stateless scoring endpoint.

Printed per run: action latency p50/p95/p99 (POST to answer), propagation
p50/p95/p99 (from a phone sending its move to every other phone at the table
receiving the event; conservative: includes the action's own latency),
actions/s, errors, "lost": acknowledged moves missing from the tables'
records afterwards, and the CPU the server (and PostgreSQL) spent per action,
which is what decides how many tables a machine can serve. Goals: action
p99 <= 100 ms, propagation p95 <= 500 ms, 0 errors, 0 lost.

    .venv/bin/python benchmarks/tables.py [--tables 50] [--phones 4] [--seconds 90]
    .venv/bin/python benchmarks/tables.py --tables 125   # 500 phones: one 2-core host's load

Beside each tables run's served "cpu ms" (gunicorn master and workers per
action) stands "in-proc": the same tree's app called in-process
(benchmarks/tables_cpu.py's POST plus four state events per bid, back to
back, on a fresh database of the same kind), and their ratio ("x"), so what
the HTTP server, sockets and event fan-out add shows in one run. Back to back
flatters the app: see tables_cpu.py's ``--pause``.

``--profile`` takes each run's server CPU per action apart: engine, table
service, database, building views, encoding, event fan-out, framework, HTTP
server (the workers sample their own stacks every millisecond of CPU:
benchmarks/served_profile.py), and on a second line by where it ran: the
app (what "in-proc" runs too) against what only serving costs (parsing,
sends, the streams' waits, the change listener, the event loop, the rest).
``--profile DIR`` keeps the samples, and ``benchmarks/served_profile.py
DIR/this-sqlite`` lists each part's busiest functions. Profiling costs the
server a few per cent: take CPU figures from runs without it.

    .venv/bin/python benchmarks/tables.py --tables 25 --seconds 30 --profile /tmp/profile

By default every phone of every table makes its first move in the same
instant, and Finger Auction's simultaneous bids keep the tables in step for a
while: a burst of ~200 requests at once, which makes the latency tail.
``--stagger S`` lets the tables sit down at random moments over S seconds, as
tables at a real event do; print both.

``--compare DIR`` serves another checkout's code (e.g. ``git archive main |
tar x -C DIR``) to the same clients, run by run beside this one's: on a
shared machine, compare figures taken side by side.

The clients run on the same machine as the server and share its two cores
(real phones do not): each client process plays its tables on one asyncio
event loop with a small hand-written HTTP/1.1 client, so that it costs little
CPU and no thread hand-offs, whose waits for the GIL would otherwise be
counted as the server's latency. A phone's answer still waits while its
loop handles the other phones' events, which a real phone never does: with
50 phones to a loop (``--procs 4``) that added tens of milliseconds to the
start's tail, so by default 16 processes of about 12 phones each play (the
phones' CPU per action is the same either way). The phones also run at a
lower scheduling priority (``--phones-nice``, default 10): where they and the
server both want a core, the server gets it, as on a host of its own, and the
phones' own wait is counted in the latency they measure. Their CPU per
action is printed; compare the runs with each other and with the baseline.
Under the table, each run lists the actions that took over 100 ms by the
second of the run they were sent in, which shows whether the tail is the
start or the whole game.

Every phone (and every scoring client) connects from an address of its own
on the loopback network (127.1.x.y; Linux answers the whole of 127/8), as
phones on mobile data do: the server's per-address bounds (connections per
worker, streams per address, tables created per minute) see 500 people, not
one client opening 1,000 connections, which they exist to refuse.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib.util
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import AsyncIterator
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import served_profile  # noqa: E402
from benchmarks.tables_cpu import Child  # noqa: E402
from tests.pgcluster import Cluster, private_cluster  # noqa: E402
from tests.referee.tables.test_production import production_server  # noqa: E402

SCORE_BODY = json.dumps(
    {
        "players": 4,
        "hands": [
            {
                "name": "Aki",
                "monet": 4,
                "gogh": 2,
                "vermeer": 1,
                "forgeries": ["vermeer"],
                "mona_lisa": True,
            }
        ],
    }
)


#: phones open their event stream with their token and take their state from it
#: (``--get``: without the token, reading the state by GET on each announced change)
STATE_EVENTS = True
STAGGER = 0.0
#: the phones' scheduling priority below the server's (see the module docstring)
PHONES_NICE = 10


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []
        self.started: list[float] = []  # when each timed request was sent (monotonic)
        self.propagation: list[float] = []
        self.errors: list[str] = []
        self.reads = 0

    def error(self, what: str) -> None:
        self.errors.append(what)

    def timed(self, started: float, took: float) -> None:
        self.started.append(started)
        self.latency.append(took)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] * 1000


class Table:
    def __init__(self, body: dict, index: int) -> None:
        self.index = index  # its phones are phone_address(index * phones + seat)
        self.id = body["table"]
        self.host = body["host"]["token"]
        self.seats = body["seats"]
        self.sent: dict[int, tuple[float, int]] = {}  # version -> (sent at, seat)
        self.acknowledged: list[list] = []
        self.done = asyncio.Event()
        self.sits_down = 0.0  # seconds after the run's start that this table's phones open it


def phone_address(n: int) -> str:
    """Phone ``n``'s own loopback address (``127.1.0.2`` up), for up to 64,000 phones."""
    return f"127.1.{n // 250}.{n % 250 + 2}"


def _request(base: str, method: str, path: str, source: str, body: bytes = b"", **head) -> dict:
    """One JSON request from ``source`` (a table's host phone), outside the timed run."""
    url = urllib.parse.urlsplit(base)
    conn = HTTPConnection(url.hostname, url.port, timeout=30, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json", **head} if body else head
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        answer = response.read()
        if response.status not in (200, 201):
            raise RuntimeError(f"{method} {path}: {response.status}: {answer[:200]!r}")
        return json.loads(answer)
    finally:
        conn.close()


class Http:
    """One kept-alive HTTP/1.1 connection, as a phone's browser keeps one.

    Hand-written on asyncio streams so that a client process costs little CPU
    and no thread hand-offs: the phones share the server's two cores, and what
    they spend (or wait for the GIL) would be counted as the server's latency."""

    def __init__(self, host: str, port: int, source: str) -> None:
        self.host, self.port = host, port
        self.source = source  # the phone's own address (phone_address)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> asyncio.StreamReader:
        self.reader, self.writer = await asyncio.open_connection(
            self.host, self.port, local_addr=(self.source, 0)
        )
        return self.reader

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def send(
        self, method: str, path: str, token: str | None, body: bytes = b"", key: str | None = None
    ) -> asyncio.StreamReader:
        reader = self.reader if self.reader is not None else await self.open()
        assert self.writer is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if key:
            head += f"Idempotency-Key: {key}\r\n"
        if body:
            head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        return reader

    @staticmethod
    async def head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
        status_line = await reader.readline()
        if not status_line:
            raise ConnectionResetError("the server closed the connection")
        headers = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        return int(status_line.split()[1]), headers

    async def request(
        self, method: str, path: str, token: str | None, body: bytes = b"", key: str | None = None
    ) -> tuple[int, dict]:
        """One request; a kept-alive connection the server has closed is reopened once,
        as browsers do (a POST carries an Idempotency-Key, so the retry is safe)."""
        for attempt in (1, 2):
            try:
                reader = await self.send(method, path, token, body, key)
                status, headers = await self.head(reader)
                answer = await reader.readexactly(int(headers["content-length"]))
                if headers.get("connection", "").lower() == "close":
                    self.close()
                return status, json.loads(answer)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def events(self, path: str) -> AsyncIterator[tuple[str, bytes]]:
        """An event stream's (event name, data) pairs, until the server ends it."""
        reader = await self.send("GET", path, None)
        status, _ = await self.head(reader)
        if status != 200:
            raise ConnectionError(f"event stream: {status}")
        name, pending = "message", b""
        while size := int((await reader.readline()).split(b";")[0], 16):  # chunked
            pending += await reader.readexactly(size)
            await reader.readexactly(2)
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.startswith(b"event:"):
                    name = line[6:].strip().decode()
                elif line.startswith(b"data:"):
                    yield name, line[5:]
                elif not line.strip():
                    name = "message"


class Shown:
    """What a phone's page shows: the version it last rendered, the newest announced,
    and the newest state the event stream brought (a stream opened with the token)."""

    def __init__(self) -> None:
        self.version = -1  # rendered
        self.announced = -1  # newest on the event stream
        self.state: dict | None = None  # newest state from the stream
        self.changed = asyncio.Event()

    def announce(self, version: int, state: dict | None = None) -> None:
        self.announced = max(self.announced, version)
        if state is not None and (self.state is None or state["version"] > self.state["version"]):
            self.state = state
        if self.announced > self.version:
            self.changed.set()

    def render(self, version: int) -> None:
        self.version = max(self.version, version)

    def stale(self) -> bool:
        return self.announced > self.version

    def fresh(self) -> dict | None:
        """The stream's state if it is newer than what is shown (then no GET is needed)."""
        if self.state is not None and self.state["version"] > self.version:
            return self.state
        return None


async def phone(
    address: tuple[str, int],
    table: Table,
    seat: int,
    stats: Stats,
    think: float,
    deadline: float,
) -> None:
    """One phone, doing what the phone page does (referee/static/tables.js and the
    action form): it follows the event stream and reads its state only when an
    event announces a version newer than the one it shows; a move's answer is the
    state after it (the page's redirect), so the phone does not read it again."""
    token = table.seats[seat]["token"]
    rng = random.Random(seat * 7919 + hash(table.id))
    await asyncio.sleep(table.sits_down)
    shown = Shown()
    reader = asyncio.create_task(follow(address, table, seat, stats, shown, deadline))
    conn = Http(*address, phone_address(table.index * len(table.seats) + seat))
    try:
        while time.monotonic() < deadline and not table.done.is_set():
            try:
                await asyncio.wait_for(shown.changed.wait(), 1.0)
            except TimeoutError:
                continue
            shown.changed.clear()
            if not shown.stale():
                continue
            state = shown.fresh()
            if state is None:  # no state on the stream (yet): read it
                status, state = await conn.request("GET", f"/api/v1/tables/{table.id}", token)
                stats.reads += 1
                if status != 200:
                    stats.error(f"GET {status}")
                    continue
            shown.render(state["version"])
            while state["legal_actions"] and time.monotonic() < deadline:
                await asyncio.sleep(rng.uniform(0, think))
                action = rng.choice(state["legal_actions"])
                started = time.monotonic()
                status, answer = await conn.request(
                    "POST",
                    f"/api/v1/tables/{table.id}/actions",
                    token,
                    json.dumps({"action": action}).encode(),
                    key=f"{seat}-{time.monotonic_ns()}",
                )
                took = time.monotonic() - started
                if status != 200:
                    stats.error(f"POST {status}: {answer}")
                    break
                stats.timed(started, took)
                table.sent.setdefault(answer["version"], (started, seat))
                table.acknowledged.append([seat, action])
                state = answer
                shown.render(state["version"])
            if state["terminal"]:
                table.done.set()
                break
    except OSError as exc:
        stats.error(f"phone: {exc}")
    finally:
        conn.close()
        reader.cancel()


async def follow(
    address: tuple[str, int],
    table: Table,
    seat: int,
    stats: Stats,
    shown: Shown,
    deadline: float,
) -> None:
    """The page's EventSource, opened with the seat's token: a state event follows each
    version event (a server without them is read by GET instead)."""
    token = table.seats[seat]["token"]
    path = f"/api/v1/tables/{table.id}/events" + (f"?token={token}" if STATE_EVENTS else "")
    seen = 0
    states = False  # this stream sends state events: announce with them
    conn = Http(*address, phone_address(table.index * len(table.seats) + seat))
    try:
        while time.monotonic() < deadline and not table.done.is_set():
            async for name, data in conn.events(path):  # its life ends: reconnect
                message = json.loads(data)
                if name == "state":
                    states = True
                    shown.announce(message["version"], message)
                    continue
                version = message["version"]
                now = time.monotonic()
                for v in range(seen + 1, version + 1):
                    sent = table.sent.get(v)
                    if sent and sent[1] != seat:
                        stats.propagation.append(now - sent[0])
                seen = max(seen, version)
                if not states:
                    shown.announce(version)
            conn.close()
    except OSError as exc:
        if not table.done.is_set() and time.monotonic() < deadline:
            stats.error(f"stream: {exc}")
    finally:
        conn.close()


def _play(args: tuple) -> dict:
    """A client process: its share of the tables, every phone a pair of tasks on one
    event loop (a phone and its event stream)."""
    base, bodies, n_phones, seconds, think = args
    os.nice(PHONES_NICE)
    gc.freeze()  # what the process inherited is never collected: no client pause is timed
    host, port = base.removeprefix("http://").split(":")
    address = (host, int(port))
    stats = Stats()
    started = time.process_time()

    async def play() -> list[Table]:
        tables = [Table(b, i) for i, b in bodies]
        starts = random.Random(len(bodies))
        for table in tables:
            table.sits_down = starts.uniform(0, STAGGER)
        deadline = time.monotonic() + seconds
        phones = [
            asyncio.create_task(phone(address, t, s, stats, think, deadline))
            for t in tables
            for s in range(n_phones)
        ]
        await asyncio.wait(phones, timeout=max(0.1, deadline - time.monotonic() + 5))
        return tables

    tables = asyncio.run(play())
    return {
        "latency": stats.latency,
        "started": stats.started,
        "reads": stats.reads,
        "propagation": stats.propagation,
        "errors": stats.errors,
        "acknowledged": {t.id: t.acknowledged for t in tables},
        "done": sum(t.done.is_set() for t in tables),
        "cpu": time.process_time() - started,
    }


def own_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of this one process so far (gunicorn's master)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(roots: list[int]) -> float:
    """User + system CPU seconds of these processes and all their descendants, so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # ended meanwhile
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        used[pid] = (int(fields[11]) + int(fields[12])) / ticks
    chosen = set(roots)
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in chosen} - chosen
        chosen |= more
        grew = bool(more)
    return sum(used.get(pid, 0.0) for pid in chosen)


def run_tables(
    base: str,
    n_tables: int,
    n_phones: int,
    seconds: float,
    think: float,
    procs: int,
    server: list[int],
    database: list[int],
    profile: Path | None = None,
) -> dict:
    """One timed run; ``profile``: the folder the workers' samples are dumped in
    (served with benchmarks/profiled_gunicorn_conf.py), to take the server's CPU
    per action apart (benchmarks/served_profile.py)."""
    bodies = []
    for i in range(n_tables):  # each created by its host, the table's first phone
        body = json.dumps(
            {"game": "finger-auction", "players": [f"P{k}" for k in range(n_phones)], "seed": i}
        ).encode()
        bodies.append(_request(base, "POST", "/api/v1/tables", phone_address(i * n_phones), body))
    started = time.monotonic()
    cpu_before = cpu_seconds(server), cpu_seconds(database)
    master_before = own_cpu_seconds(server[0])
    samples_before = served_profile.samples(profile) if profile is not None else None
    numbered = list(enumerate(bodies))
    chunks = [numbered[i::procs] for i in range(procs)]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        parts = pool.map(_play, [(base, c, n_phones, seconds, think) for c in chunks if c])
    elapsed = time.monotonic() - started
    server_cpu = cpu_seconds(server) - cpu_before[0]
    database_cpu = cpu_seconds(database) - cpu_before[1]
    master_cpu = own_cpu_seconds(server[0]) - master_before
    latency = [x for p in parts for x in p["latency"]]
    by_part = by_where = None
    if profile is not None and samples_before is not None:
        time.sleep(served_profile.DUMP_WAIT)  # the workers' next dump
        actions = max(1, len(latency))
        samples_after = served_profile.samples(profile)
        cpu_ms = 1000 * (server_cpu - master_cpu) / actions, 1000 * master_cpu / actions
        by_part = served_profile.breakdown(
            served_profile.parts(samples_before, samples_after), *cpu_ms
        )
        by_where = served_profile.breakdown(
            served_profile.parts(samples_before, samples_after, served_profile.where_of),
            *cpu_ms,
            names=served_profile.WHERES,
            master="serving, other",
        )
    slow: dict[int, int] = {}  # second of the run -> actions sent then that took > 100 ms
    for p in parts:
        for sent, took in zip(p["started"], p["latency"], strict=True):
            if took > 0.1:
                second = int(sent - started)
                slow[second] = slow.get(second, 0) + 1
    propagation = [x for p in parts for x in p["propagation"]]
    errors = [x for p in parts for x in p["errors"]]
    acknowledged = {k: v for p in parts for k, v in p["acknowledged"].items()}
    lost = 0
    for i, body in enumerate(bodies):
        record = _request(
            base,
            "GET",
            f"/api/v1/tables/{body['table']}/record",
            phone_address(i * n_phones),
            Authorization=f"Bearer {body['host']['token']}",
        )
        # before the end, a secret move is logged as [seat, null] (the rules hide it)
        logged = Counter(tuple(a) for a in record["actions"])
        for seat, action in acknowledged[body["table"]]:
            for entry in ((seat, action), (seat, None)):
                if logged[entry] > 0:
                    logged[entry] -= 1
                    break
            else:
                lost += 1
    return {
        "actions": len(latency),
        "rate": len(latency) / elapsed,
        "p50": pct(latency, 50),
        "p95": pct(latency, 95),
        "p99": pct(latency, 99),
        "prop50": pct(propagation, 50),
        "prop95": pct(propagation, 95),
        "prop99": pct(propagation, 99),
        "errors": len(errors),
        "error_samples": errors[:3],
        "slow": slow,
        "lost": lost,
        "finished": sum(p["done"] for p in parts),
        "reads": sum(p["reads"] for p in parts) / max(1, len(latency)),
        "cpu": 1000 * server_cpu / max(1, len(latency)),
        "db_cpu": 1000 * database_cpu / max(1, len(latency)) if database else float("nan"),
        "client_cpu": 1000 * sum(p["cpu"] for p in parts) / max(1, len(latency)),
        "parts": by_part,
        "wheres": by_where,
    }


def _score(args: tuple) -> dict:
    """A client process of the baseline: ``clients`` scorers at the phones' pace, on one
    event loop like the phones."""
    base, clients, seconds, think, first = args
    os.nice(PHONES_NICE)
    gc.freeze()
    host, port = base.removeprefix("http://").split(":")
    stats = Stats()
    deadline = time.monotonic() + seconds

    async def client(i: int) -> None:
        rng = random.Random(i)
        conn = Http(host, int(port), phone_address(i))
        while time.monotonic() < deadline:
            await asyncio.sleep(rng.uniform(0, think))
            started = time.monotonic()
            try:
                status, _ = await conn.request(
                    "POST", "/api/v1/finger-auction/score", None, SCORE_BODY.encode()
                )
            except OSError as exc:
                stats.error(str(exc))
                continue
            if status == 200:
                stats.timed(started, time.monotonic() - started)
            else:
                stats.error(str(status))
        conn.close()

    async def score() -> None:
        await asyncio.wait(
            [asyncio.create_task(client(first + i)) for i in range(clients)], timeout=seconds + 30
        )

    asyncio.run(score())
    return {"latency": stats.latency, "errors": stats.errors}


def run_baseline(
    base: str, clients: int, seconds: float, think: float, procs: int, server: list[int]
) -> dict:
    share = -(-clients // procs)
    cpu_before = cpu_seconds(server)
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        parts = pool.map(_score, [(base, share, seconds, think, i * share) for i in range(procs)])
    server_cpu = cpu_seconds(server) - cpu_before
    latency = [x for p in parts for x in p["latency"]]
    return {
        "actions": len(latency),
        "rate": len(latency) / seconds,
        "p50": pct(latency, 50),
        "p95": pct(latency, 95),
        "p99": pct(latency, 99),
        "errors": sum(len(p["errors"]) for p in parts),
        "cpu": 1000 * server_cpu / max(1, len(latency)),
    }


def postmaster(cluster: Cluster) -> list[int]:
    """The PostgreSQL server's process (its backends are its children)."""
    return [int((cluster.data / "postmaster.pid").read_text().split()[0])]


def in_process(url: str, root: Path | None, tables: int = 10, passes: int = 3) -> float:
    """The app's own CPU ms per action, called in-process (benchmarks/tables_cpu.py)
    on a fresh database of the same kind: the served "cpu ms" beside it shows what
    the HTTP server, the sockets and the workers add."""
    child = Child(root, url, tables)
    try:
        for _ in range(passes):
            child.one_pass()
    finally:
        child.close()
    posts, states = child.samples["POST"], child.samples["4 states"]
    return (sum(posts) + sum(states)) / max(1, len(posts)) * 1000


def server_config(root: Path | None) -> str:
    """The workers a tree's referee/gunicorn_conf.py runs (with this environment)."""
    path = (root or ROOT) / "referee" / "gunicorn_conf.py"
    spec = importlib.util.spec_from_file_location("served_gunicorn_conf", path)
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    if conf.worker_class == "gthread":
        return f"gthread {conf.workers} workers x {conf.threads} threads"
    return f"{conf.worker_class} {conf.workers} workers x {conf.worker_connections} connections"


def main() -> None:
    global STATE_EVENTS, STAGGER, PHONES_NICE
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="a phone waits up to this long before each tap (seconds)",
    )
    parser.add_argument("--baseline-seconds", type=float, default=20)
    parser.add_argument(
        "--procs",
        type=int,
        default=16,
        help="client processes (each plays its share of the tables on one event loop)",
    )
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="DIR",
        help="also serve another checkout's code (e.g. `git archive main`) with the same "
        "clients, run by run beside this one's",
    )
    parser.add_argument(
        "--databases",
        default="sqlite,postgresql",
        help="which databases to run, comma-separated (default: both)",
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        metavar="S",
        help="tables sit down at random moments over the first S seconds instead of all "
        "at the same instant (default 0: every phone of every table at once)",
    )
    parser.add_argument(
        "--phones-nice",
        type=int,
        default=PHONES_NICE,
        metavar="N",
        help="the phones' niceness (default 10; 0: the same priority as the server)",
    )
    parser.add_argument(
        "--profile",
        nargs="?",
        const=True,
        metavar="DIR",
        help="take each run's server CPU per action apart (engine, database, building "
        "views, encoding, event fan-out, framework, HTTP server): the workers sample "
        "their stacks (benchmarks/served_profile.py; costs the server a few per cent); "
        "with DIR, the samples stay there (`benchmarks/served_profile.py DIR/<run>` "
        "lists each part's functions)",
    )
    parser.add_argument(
        "--get",
        action="store_true",
        help="phones read their state by GET instead of from the event stream",
    )
    args = parser.parse_args()
    STATE_EVENTS = not args.get
    STAGGER = args.stagger
    PHONES_NICE = args.phones_nice
    databases = set(args.databases.split(","))
    trees: list[tuple[str, Path | None]] = [("", None)]
    if args.compare is not None:
        trees = [(f"{args.compare.name}: ", args.compare.resolve()), ("this: ", None)]
    play = (args.tables, args.phones, args.seconds, args.think, args.procs)
    rows = []

    def served(url: str, root: Path | None, tmp: str, label: str) -> tuple[Any, Path | None]:
        """The README's server on ``url``, sampling itself with ``--profile``."""
        if not args.profile:
            return production_server(url, root=root), None
        kept = Path(args.profile) if args.profile is not True else Path(tmp)
        folder = kept / f"{label.strip(': ') or 'this'}-{'sqlite' if 'sqlite' in url else 'pg'}"
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("worker-*.json"):
            old.unlink()
        server = production_server(
            url,
            root=root,
            config=str(served_profile.CONFIG),
            env={"CARDPRESS_PROFILE_DIR": str(folder)},
        )
        return server, folder

    with tempfile.TemporaryDirectory() as tmp:
        for label, root in trees if "sqlite" in databases else []:
            sqlite_url = f"sqlite:///{Path(tmp) / (label.strip(': ') + 'bench.sqlite3')}"
            server, folder = served(sqlite_url, root, tmp, label)
            with server as (base, proc):
                if args.baseline_seconds > 0:
                    clients = args.tables * args.phones
                    score = run_baseline(
                        base, clients, args.baseline_seconds, args.think, args.procs, [proc.pid]
                    )
                    rows.append((label + "scoring API (stateless)", score))
                result = run_tables(base, *play, [proc.pid], [], folder)
            result["inproc"] = in_process(
                f"sqlite:///{Path(tmp) / (label.strip(': ') + 'cpu.sqlite3')}", root
            )
            rows.append((label + "tables, SQLite", result))
        for label, root in trees if "postgresql" in databases else []:
            # a cluster of its own per tree: the other's autovacuum and WAL stay out of the run
            with private_cluster("cardpress-bench-pg-") as cluster:
                url = cluster.create_database("bench")
                server, folder = served(url, root, tmp, label)
                with server as (base, proc):
                    result = run_tables(base, *play, [proc.pid], postmaster(cluster), folder)
                result["inproc"] = in_process(cluster.create_database("cpu"), root)
                rows.append((label + "tables, PostgreSQL", result))
    print(
        f"{args.tables} tables x {args.phones} phones, each following its event stream; "
        f"think time 0-{args.think:g} s; gunicorn "
        + "; ".join(f"{label}{server_config(root)}" for label, root in trees)
    )
    width = max(26, *(len(name) + 1 for name, _ in rows))
    header = (
        f"{'run':<{width}}{'actions':>8}{'/s':>7}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}"
        f"{'prop p50':>9}{'prop p95':>9}{'prop p99':>9}{'errors':>7}{'lost':>5}"
        f"{'ended':>6}{'GETs':>6}{'cpu ms':>8}{'in-proc':>8}{'x':>6}{'db cpu':>7}{'phones':>7}"
    )
    print(header)
    for name, r in rows:
        print(
            f"{name:<{width}}{r['actions']:>8}{r['rate']:>7.1f}{r['p50']:>8.1f}{r['p95']:>8.1f}"
            f"{r['p99']:>8.1f}{r.get('prop50', float('nan')):>9.1f}"
            f"{r.get('prop95', float('nan')):>9.1f}{r.get('prop99', float('nan')):>9.1f}"
            f"{r['errors']:>7}{r.get('lost', 0):>5}{r.get('finished', '-'):>6}"
            f"{r.get('reads', float('nan')):>6.2f}{r['cpu']:>8.2f}"
            f"{r.get('inproc', float('nan')):>8.2f}"
            f"{r['cpu'] / r.get('inproc', float('nan')):>6.2f}"
            f"{r.get('db_cpu', float('nan')):>7.2f}{r.get('client_cpu', float('nan')):>7.2f}"
        )
        if r.get("parts"):
            print(f"    server CPU ms per action, by part: {r['parts']}")
            print(f"    ... by where it ran (app: what in-proc runs too): {r['wheres']}")
        for sample in r.get("error_samples", []):
            print(f"    error: {sample}")
        if r.get("slow"):
            when = ", ".join(f"{s} s: {n}" for s, n in sorted(r["slow"].items()))
            print(f"    actions over 100 ms, by the second of the run they were sent in: {when}")
    print("GETs: the phones' state reads per action")
    print(
        "cpu ms: the server's (gunicorn master + workers) CPU per action (per request for the "
        "scoring API); in-proc: the same tree's app CPU per action called in-process "
        "(benchmarks/tables_cpu.py: a bid's POST and its four state events back to back, "
        "no HTTP server); x: cpu ms / in-proc; db cpu: PostgreSQL's; "
        "phones: the benchmark's phones' own (same cores)"
    )
    print(
        "goals: action p99 <= 100 ms, propagation p95 <= 500 ms, 0 errors, 0 lost; "
        "server cpu <= 2 ms per action and <= 1.3 x in-proc"
    )


if __name__ == "__main__":
    main()
