"""Live tables under the README's production command: SQLite and PostgreSQL side by side.

For each database, gunicorn starts as the README says (``--config
python:referee.gunicorn_conf``, gthread) on a fresh database (PostgreSQL: a
throwaway cluster from Debian's package, started here and stopped at the
end). Then ``--tables`` Finger Auction tables of four phones play at once.
Each phone keeps the table's event stream open with its token (so each
change brings its state: ``event: state``; against a server without that it
reads its state by GET when an event announces a version newer than the one
it shows), and when it may act, waits a human-ish moment (``--think``) and
taps; the tap's answer is its new state. The baseline, on the same
server and with as many clients at the same pace, is the stateless scoring
endpoint.

Printed per run: action latency p50/p95/p99 (POST to answer), propagation
p50/p95/p99 (from a phone sending its move to every other phone at the table
receiving the event; conservative: includes the action's own latency),
actions/s, errors, "lost": acknowledged moves missing from the tables'
records afterwards, and the CPU the server (and PostgreSQL) spent per action,
which is what decides how many tables a machine can serve. Goals: action
p99 <= 100 ms, propagation p95 <= 500 ms, 0 errors, 0 lost.

    .venv/bin/python benchmarks/tables.py [--tables 50] [--phones 4] [--seconds 90]

By default every phone of every table makes its first move in the same
instant, and Finger Auction's simultaneous bids keep the tables in step for a
while: a burst of ~200 requests at once, which makes the latency tail.
``--stagger S`` lets the tables sit down at random moments over S seconds, as
tables at a real event do; print both.

``--compare DIR`` serves another checkout's code (e.g. ``git archive main |
tar x -C DIR``) to the same clients, run by run beside this one's: on a
shared machine, compare figures taken side by side.

The clients (one thread per phone) run on the same machine as the server and
share its CPUs; compare the runs with each other and with the baseline.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: list[float] = []
        self.propagation: list[float] = []
        self.errors: list[str] = []
        self.actions = 0
        self.reads = 0

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] * 1000


class Table:
    def __init__(self, body: dict) -> None:
        self.id = body["table"]
        self.host = body["host"]["token"]
        self.seats = body["seats"]
        self.sent: dict[int, tuple[float, int]] = {}  # version -> (sent at, seat)
        self.acknowledged: list[list] = []
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.sits_down = 0.0  # seconds after the run's start that this table's phones open it


def _request(
    conn: http.client.HTTPConnection,
    method: str,
    path: str,
    token: str,
    body: str | None = None,
    key: str | None = None,
) -> tuple[int, dict]:
    """One request; a kept-alive connection the server has closed is reopened once,
    as browsers do (a POST carries an Idempotency-Key, so the retry is safe)."""
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    for attempt in (1, 2):
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            return response.status, json.loads(response.read())
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            conn.close()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


class Shown:
    """What a phone's page shows: the version it last rendered, the newest announced,
    and the newest state the event stream brought (a stream opened with the token)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.version = -1  # rendered
        self.announced = -1  # newest on the event stream
        self.state: dict | None = None  # newest state from the stream
        self.changed = threading.Event()

    def announce(self, version: int, state: dict | None = None) -> None:
        with self.lock:
            self.announced = max(self.announced, version)
            if state is not None and (
                self.state is None or state["version"] > self.state["version"]
            ):
                self.state = state
            if self.announced > self.version:
                self.changed.set()

    def render(self, version: int) -> None:
        with self.lock:
            self.version = max(self.version, version)

    def stale(self) -> bool:
        with self.lock:
            return self.announced > self.version

    def fresh(self) -> dict | None:
        """The stream's state if it is newer than what is shown (then no GET is needed)."""
        with self.lock:
            if self.state is not None and self.state["version"] > self.version:
                return self.state
            return None


def phone(base: str, table: Table, seat: int, stats: Stats, think: float, deadline: float) -> None:
    """One phone, doing what the phone page does (referee/static/tables.js and the
    action form): it follows the event stream and reads its state only when an
    event announces a version newer than the one it shows; a move's answer is the
    state after it (the page's redirect), so the phone does not read it again."""
    host, port = base.removeprefix("http://").split(":")
    token = table.seats[seat]["token"]
    rng = random.Random(seat * 7919 + hash(table.id))
    time.sleep(table.sits_down)
    shown = Shown()
    reader = threading.Thread(
        target=follow, args=(base, table, seat, stats, shown, deadline), daemon=True
    )
    reader.start()
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        while time.monotonic() < deadline and not table.done.is_set():
            if not shown.changed.wait(1.0):
                continue
            shown.changed.clear()
            if not shown.stale():
                continue
            state = shown.fresh()
            if state is None:  # no state on the stream (yet): read it
                status, state = _request(conn, "GET", f"/api/v1/tables/{table.id}", token)
                with stats.lock:
                    stats.reads += 1
                if status != 200:
                    stats.error(f"GET {status}")
                    continue
            shown.render(state["version"])
            while state["legal_actions"] and time.monotonic() < deadline:
                time.sleep(rng.uniform(0, think))
                action = rng.choice(state["legal_actions"])
                started = time.monotonic()
                status, answer = _request(
                    conn,
                    "POST",
                    f"/api/v1/tables/{table.id}/actions",
                    token,
                    json.dumps({"action": action}),
                    key=f"{seat}-{time.monotonic_ns()}",
                )
                took = time.monotonic() - started
                if status != 200:
                    stats.error(f"POST {status}: {answer}")
                    break
                with stats.lock:
                    stats.latency.append(took)
                    stats.actions += 1
                with table.lock:
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
        reader.join(2)


def follow(
    base: str,
    table: Table,
    seat: int,
    stats: Stats,
    shown: Shown,
    deadline: float,
) -> None:
    """The page's EventSource, opened with the seat's token: a state event follows each
    version event (a server without them is read by GET instead)."""
    token = table.seats[seat]["token"]
    url = f"{base}/api/v1/tables/{table.id}/events" + (f"?token={token}" if STATE_EVENTS else "")
    seen = 0
    states = False  # this stream sends state events: announce with them
    name = "message"
    try:
        stream = urllib.request.urlopen(url, timeout=30)
        while time.monotonic() < deadline and not table.done.is_set():
            line = stream.readline()
            if not line:
                stream = urllib.request.urlopen(url, timeout=30)  # its life ended: reconnect
                continue
            if line.startswith(b"event:"):
                name = line[6:].strip().decode()
                continue
            if not line.startswith(b"data:"):
                name = "message" if line.strip() == b"" else name
                continue
            data = json.loads(line[5:])
            if name == "state":
                states = True
                shown.announce(data["version"], data)
                continue
            version = data["version"]
            now = time.monotonic()
            with table.lock:
                for v in range(seen + 1, version + 1):
                    sent = table.sent.get(v)
                    if sent and sent[1] != seat:
                        stats.propagation.append(now - sent[0])
            seen = max(seen, version)
            if not states:
                shown.announce(version)
    except OSError as exc:
        if not table.done.is_set() and time.monotonic() < deadline:
            stats.error(f"stream: {exc}")


def _play(args: tuple) -> dict:
    """A client process: its share of the tables, every phone a pair of threads."""
    base, bodies, n_phones, seconds, think = args
    tables = [Table(b) for b in bodies]
    starts = random.Random(len(bodies))
    for table in tables:
        table.sits_down = starts.uniform(0, STAGGER)
    stats = Stats()
    started = time.process_time()
    deadline = time.monotonic() + seconds
    threads = [
        threading.Thread(target=phone, args=(base, t, s, stats, think, deadline), daemon=True)
        for t in tables
        for s in range(n_phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.1, deadline - time.monotonic() + 5))
    return {
        "latency": stats.latency,
        "reads": stats.reads,
        "propagation": stats.propagation,
        "errors": stats.errors,
        "acknowledged": {t.id: t.acknowledged for t in tables},
        "done": sum(t.done.is_set() for t in tables),
        "cpu": time.process_time() - started,
    }


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
) -> dict:
    bodies = []
    for i in range(n_tables):
        body = json.dumps(
            {"game": "finger-auction", "players": [f"P{k}" for k in range(n_phones)], "seed": i}
        ).encode()
        request = urllib.request.Request(
            f"{base}/api/v1/tables", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            bodies.append(json.loads(response.read()))
    started = time.monotonic()
    cpu_before = cpu_seconds(server), cpu_seconds(database)
    chunks = [bodies[i::procs] for i in range(procs)]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        parts = pool.map(_play, [(base, c, n_phones, seconds, think) for c in chunks if c])
    elapsed = time.monotonic() - started
    server_cpu = cpu_seconds(server) - cpu_before[0]
    database_cpu = cpu_seconds(database) - cpu_before[1]
    latency = [x for p in parts for x in p["latency"]]
    propagation = [x for p in parts for x in p["propagation"]]
    errors = [x for p in parts for x in p["errors"]]
    acknowledged = {k: v for p in parts for k, v in p["acknowledged"].items()}
    lost = 0
    for body in bodies:
        request = urllib.request.Request(
            f"{base}/api/v1/tables/{body['table']}/record",
            headers={"Authorization": f"Bearer {body['host']['token']}"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            logged = {tuple(a) for a in json.loads(response.read())["actions"]}
        lost += sum(1 for a in acknowledged[body["table"]] if tuple(a) not in logged)
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
        "lost": lost,
        "finished": sum(p["done"] for p in parts),
        "reads": sum(p["reads"] for p in parts) / max(1, len(latency)),
        "cpu": 1000 * server_cpu / max(1, len(latency)),
        "db_cpu": 1000 * database_cpu / max(1, len(latency)) if database else float("nan"),
        "client_cpu": 1000 * sum(p["cpu"] for p in parts) / max(1, len(latency)),
    }


def _score(args: tuple) -> dict:
    """A client process of the baseline: ``clients`` threads scoring at the phones' pace."""
    base, clients, seconds, think, first = args
    host, port = base.removeprefix("http://").split(":")
    stats = Stats()
    deadline = time.monotonic() + seconds

    def client(i: int) -> None:
        rng = random.Random(i)
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        while time.monotonic() < deadline:
            time.sleep(rng.uniform(0, think))
            started = time.monotonic()
            try:
                status, _ = _request(conn, "POST", "/api/v1/finger-auction/score", "-", SCORE_BODY)
            except OSError as exc:
                stats.error(str(exc))
                continue
            with stats.lock:
                if status == 200:
                    stats.latency.append(time.monotonic() - started)
                else:
                    stats.errors.append(str(status))

    threads = [
        threading.Thread(target=client, args=(first + i,), daemon=True) for i in range(clients)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 30)
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


def main() -> None:
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
    parser.add_argument("--procs", type=int, default=4, help="client processes")
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
        "--get",
        action="store_true",
        help="phones read their state by GET instead of from the event stream",
    )
    args = parser.parse_args()
    global STATE_EVENTS, STAGGER
    STATE_EVENTS = not args.get
    STAGGER = args.stagger
    databases = set(args.databases.split(","))
    trees: list[tuple[str, Path | None]] = [("", None)]
    if args.compare is not None:
        trees = [(f"{args.compare.name}: ", args.compare.resolve()), ("this: ", None)]
    play = (args.tables, args.phones, args.seconds, args.think, args.procs)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, root in trees if "sqlite" in databases else []:
            sqlite_url = f"sqlite:///{Path(tmp) / (label.strip(': ') + 'bench.sqlite3')}"
            with production_server(sqlite_url, threads=256, root=root) as (base, proc):
                if args.baseline_seconds > 0:
                    clients = args.tables * args.phones
                    score = run_baseline(
                        base, clients, args.baseline_seconds, args.think, args.procs, [proc.pid]
                    )
                    rows.append((label + "scoring API (stateless)", score))
                rows.append((label + "tables, SQLite", run_tables(base, *play, [proc.pid], [])))
    if "postgresql" in databases:
        with private_cluster("cardpress-bench-pg-") as cluster:
            for label, root in trees:
                url = cluster.create_database("bench" + label.strip(": "))
                with production_server(url, threads=256, root=root) as (base, proc):
                    result = run_tables(base, *play, [proc.pid], postmaster(cluster))
                    rows.append((label + "tables, PostgreSQL", result))
    print(
        f"{args.tables} tables x {args.phones} phones, each following its event stream; "
        f"think time 0-{args.think:g} s; gunicorn gthread 2 workers x 256 threads"
    )
    width = max(26, *(len(name) + 1 for name, _ in rows))
    header = (
        f"{'run':<{width}}{'actions':>8}{'/s':>7}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}"
        f"{'prop p50':>9}{'prop p95':>9}{'prop p99':>9}{'errors':>7}{'lost':>5}"
        f"{'ended':>6}{'GETs':>6}{'cpu ms':>8}{'db cpu':>7}{'phones':>7}"
    )
    print(header)
    for name, r in rows:
        print(
            f"{name:<{width}}{r['actions']:>8}{r['rate']:>7.1f}{r['p50']:>8.1f}{r['p95']:>8.1f}"
            f"{r['p99']:>8.1f}{r.get('prop50', float('nan')):>9.1f}"
            f"{r.get('prop95', float('nan')):>9.1f}{r.get('prop99', float('nan')):>9.1f}"
            f"{r['errors']:>7}{r.get('lost', 0):>5}{r.get('finished', '-'):>6}"
            f"{r.get('reads', float('nan')):>6.2f}{r['cpu']:>8.2f}"
            f"{r.get('db_cpu', float('nan')):>7.2f}{r.get('client_cpu', float('nan')):>7.2f}"
        )
        for sample in r.get("error_samples", []):
            print(f"    error: {sample}")
    print("GETs: the phones' state reads per action")
    print(
        "cpu ms: the server's (gunicorn master + workers) CPU per action (per request for the "
        "scoring API); db cpu: PostgreSQL's; phones: the benchmark's phones' own (same cores)"
    )
    print("goals: action p99 <= 100 ms, propagation p95 <= 500 ms, 0 errors, 0 lost")


if __name__ == "__main__":
    main()
