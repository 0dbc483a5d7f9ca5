"""Live tables under the README's production command: SQLite and PostgreSQL side by side.

For each database, gunicorn starts as the README says (``--config
python:referee.gunicorn_conf``, gthread) on a fresh database (PostgreSQL: a
throwaway cluster from Debian's package, started here and stopped at the
end). Then ``--tables`` Finger Auction tables of four phones play at once:
every phone keeps the table's event stream open, reads its own state on each
event, and when it may act, waits a human-ish moment (``--think``) and taps.
The baseline, on the same server and with as many clients at the same pace,
is the stateless scoring endpoint.

Printed per run: action latency p50/p95/p99 (POST to answer), propagation
p50/p95/p99 (from a phone sending its move to every other phone at the table
receiving the event; conservative: includes the action's own latency),
actions/s, errors, and "lost": acknowledged moves missing from the tables'
records afterwards. Goals: action p99 <= 100 ms, propagation p95 <= 500 ms,
0 errors, 0 lost.

    .venv/bin/python benchmarks/tables.py [--tables 50] [--phones 4] [--seconds 90]

The clients (one thread per phone) run on the same machine as the server and
share its CPUs; compare the runs with each other and with the baseline.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.pgcluster import private_cluster  # noqa: E402
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


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: list[float] = []
        self.propagation: list[float] = []
        self.errors: list[str] = []
        self.actions = 0

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


def _request(
    conn: http.client.HTTPConnection, method: str, path: str, token: str, body: str | None = None
) -> tuple[int, dict]:
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    return response.status, json.loads(response.read())


def phone(base: str, table: Table, seat: int, stats: Stats, think: float, deadline: float) -> None:
    """One phone: a reader on the event stream (as the page's EventSource) and a player."""
    host, port = base.removeprefix("http://").split(":")
    token = table.seats[seat]["token"]
    rng = random.Random(seat * 7919 + hash(table.id))
    changed = threading.Event()
    reader = threading.Thread(
        target=follow, args=(base, table, seat, stats, changed, deadline), daemon=True
    )
    reader.start()
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        while time.monotonic() < deadline and not table.done.is_set():
            if not changed.wait(1.0):
                continue
            changed.clear()
            status, state = _request(conn, "GET", f"/api/v1/tables/{table.id}", token)
            if status != 200:
                stats.error(f"GET {status}")
                continue
            if state["terminal"]:
                table.done.set()
                break
            if not state["legal_actions"]:
                continue
            time.sleep(rng.uniform(0, think))
            action = rng.choice(state["legal_actions"])
            started = time.monotonic()
            status, answer = _request(
                conn,
                "POST",
                f"/api/v1/tables/{table.id}/actions",
                token,
                json.dumps({"action": action}),
            )
            took = time.monotonic() - started
            if status != 200:
                stats.error(f"POST {status}: {answer}")
                continue
            with stats.lock:
                stats.latency.append(took)
                stats.actions += 1
            with table.lock:
                table.sent.setdefault(answer["version"], (started, seat))
                table.acknowledged.append([seat, action])
            changed.set()  # look again: it may still be this phone's move
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
    changed: threading.Event,
    deadline: float,
) -> None:
    url = f"{base}/api/v1/tables/{table.id}/events"
    seen = 0
    try:
        stream = urllib.request.urlopen(url, timeout=30)
        while time.monotonic() < deadline and not table.done.is_set():
            line = stream.readline()
            if not line:
                stream = urllib.request.urlopen(url, timeout=30)  # its life ended: reconnect
                continue
            if not line.startswith(b"data:"):
                continue
            version = json.loads(line[5:])["version"]
            now = time.monotonic()
            with table.lock:
                for v in range(seen + 1, version + 1):
                    sent = table.sent.get(v)
                    if sent and sent[1] != seat:
                        stats.propagation.append(now - sent[0])
            seen = max(seen, version)
            changed.set()
    except OSError as exc:
        if not table.done.is_set() and time.monotonic() < deadline:
            stats.error(f"stream: {exc}")


def run_tables(base: str, n_tables: int, n_phones: int, seconds: float, think: float) -> dict:
    tables = []
    for i in range(n_tables):
        body = json.dumps(
            {"game": "finger-auction", "players": [f"P{k}" for k in range(n_phones)], "seed": i}
        ).encode()
        request = urllib.request.Request(
            f"{base}/api/v1/tables", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            tables.append(Table(json.loads(response.read())))
    stats = Stats()
    started = time.monotonic()
    deadline = started + seconds
    threads = [
        threading.Thread(target=phone, args=(base, t, s, stats, think, deadline), daemon=True)
        for t in tables
        for s in range(n_phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.1, deadline - time.monotonic() + 5))
    elapsed = time.monotonic() - started
    lost = 0
    finished = 0
    for t in tables:
        request = urllib.request.Request(
            f"{base}/api/v1/tables/{t.id}/record", headers={"Authorization": f"Bearer {t.host}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            record = json.loads(response.read())
        logged = {tuple(a) for a in record["actions"]}
        lost += sum(1 for a in t.acknowledged if tuple(a) not in logged)
        finished += t.done.is_set()
    return {
        "actions": stats.actions,
        "rate": stats.actions / elapsed,
        "elapsed": elapsed,
        "p50": pct(stats.latency, 50),
        "p95": pct(stats.latency, 95),
        "p99": pct(stats.latency, 99),
        "prop50": pct(stats.propagation, 50),
        "prop95": pct(stats.propagation, 95),
        "prop99": pct(stats.propagation, 99),
        "errors": len(stats.errors),
        "error_samples": stats.errors[:3],
        "lost": lost,
        "finished": finished,
    }


def run_baseline(base: str, clients: int, seconds: float, think: float) -> dict:
    host, port = base.removeprefix("http://").split(":")
    stats = Stats()
    deadline = time.monotonic() + seconds

    def client(i: int) -> None:
        rng = random.Random(i)
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        while time.monotonic() < deadline:
            time.sleep(rng.uniform(0, think))
            started = time.monotonic()
            conn.request(
                "POST",
                "/api/v1/finger-auction/score",
                body=SCORE_BODY,
                headers={"Content-Type": "application/json"},
            )
            response = conn.getresponse()
            response.read()
            with stats.lock:
                if response.status == 200:
                    stats.latency.append(time.monotonic() - started)
                    stats.actions += 1
                else:
                    stats.errors.append(str(response.status))

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 30)
    return {
        "actions": stats.actions,
        "rate": stats.actions / seconds,
        "p50": pct(stats.latency, 50),
        "p95": pct(stats.latency, 95),
        "p99": pct(stats.latency, 99),
        "errors": len(stats.errors),
    }


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
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        sqlite_url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        with production_server(sqlite_url, threads=256) as (base, _):
            base_row = run_baseline(
                base, args.tables * args.phones, args.baseline_seconds, args.think
            )
            rows.append(("scoring API (stateless)", base_row))
            rows.append(
                (
                    "tables, SQLite",
                    run_tables(base, args.tables, args.phones, args.seconds, args.think),
                )
            )
        with private_cluster("cardpress-bench-pg-") as cluster:
            url = cluster.create_database("bench")
            with production_server(url, threads=256) as (base, _):
                rows.append(
                    (
                        "tables, PostgreSQL",
                        run_tables(base, args.tables, args.phones, args.seconds, args.think),
                    )
                )
    print(
        f"{args.tables} tables x {args.phones} phones, each following its event stream; "
        f"think time 0-{args.think:g} s; gunicorn gthread 2 workers x 256 threads"
    )
    header = (
        f"{'run':<26}{'actions':>8}{'/s':>7}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}"
        f"{'prop p50':>9}{'prop p95':>9}{'prop p99':>9}{'errors':>7}{'lost':>5}"
        f"{'ended':>6}"
    )
    print(header)
    for name, r in rows:
        print(
            f"{name:<26}{r['actions']:>8}{r['rate']:>7.1f}{r['p50']:>8.1f}{r['p95']:>8.1f}"
            f"{r['p99']:>8.1f}{r.get('prop50', float('nan')):>9.1f}"
            f"{r.get('prop95', float('nan')):>9.1f}{r.get('prop99', float('nan')):>9.1f}"
            f"{r['errors']:>7}{r.get('lost', 0):>5}{r.get('finished', '-'):>6}"
        )
        for sample in r.get("error_samples", []):
            print(f"    error: {sample}")
    print("goals: action p99 <= 100 ms, propagation p95 <= 500 ms, 0 errors, 0 lost")


if __name__ == "__main__":
    main()
