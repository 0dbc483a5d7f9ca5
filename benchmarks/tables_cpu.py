"""Server CPU per live-table request, in-process: this checkout beside another.

What the 50x4 burst of ``benchmarks/tables.py`` is made of, measured one
request at a time by calling the app as a WSGI server does (no HTTP server,
no client threads; the environ is built outside the timing), for Finger
Auction tables of four phones:

- ``open``: a phone opens its event stream with its token, to the first
  chunk (token check, the caller's state built and written);
- ``POST``: a seat's bid (``POST /api/v1/tables/<id>/actions``);
- ``4 states``: after that bid, the next chunk of each of the table's four
  open streams (version event + that seat's ``event: state``);
- ``GET``: a seat reads ``GET /api/v1/tables/<id>`` (a version already built);
- ``cycle``: one table's round as its phones make it: 4 opens, then per bid
  one POST and four state events.

CPU is the measuring thread's (``time.thread_time``): the request runs in
it; the event bus's listener thread (SQLite poll, PostgreSQL LISTEN) is not
counted. SQLite on a temporary file, PostgreSQL on a throwaway cluster
(``tests/pgcluster.py``). Each code tree runs in a process of its own on its
own database, and the processes take turns pass by pass (one round on every
table), so both see the same machine: on a shared machine, CPU per request
swings by a third between runs minutes apart, but not between neighbours.

    .venv/bin/python benchmarks/tables_cpu.py [--compare DIR] [--tables 20] [--passes 8]
        [--databases sqlite postgresql] [--pause MS] [--profile N]

``--compare DIR`` measures another checkout (``git archive main | tar x -C DIR``)
beside this one; ``--profile N`` prints cProfile's top N functions (CPU time)
of this checkout instead.

``--pause MS`` leaves the process idle that long before each request (outside
the timing). Back to back, a request runs on a CPU still warm with its own
code and data, which no served request does: between one phone's tap and the
next a worker runs other phones' requests, gunicorn and gevent, or sleeps in
its event loop. On this 2-core machine a bid's POST took 0.56-0.59 ms back to
back, 0.63-0.84 with 2 ms of pause, 0.87 with 5 and 1.03-1.10 with 10 (SQLite).
A busy loop in place of the sleep cost it as much, so it is most likely the
CPU's caches, not its clock. Part of the ratio of a served move to the figure
without pauses is therefore the CPU, not the server's work.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("open", "POST", "4 states", "GET", "cycle")
Samples = dict[str, list[float]]


class Run:
    """Tables of one code tree on one database, played a round at a time."""

    def __init__(self, url: str, tables: int, pause_ms: float = 0.0) -> None:
        from werkzeug.test import EnvironBuilder

        from referee import create_app

        self.builder = EnvironBuilder
        self.app = create_app(
            {
                "SECRET_KEY": "benchmark",
                "DATABASE_URL": url,
                "TABLES_CREATE_LIMIT": "100000 per minute",
                "TABLES_STREAM_SECONDS": 600,
            }
        )
        self.bus = self.app.extensions["cardpress-tables"].bus
        self.tables = tables
        self.pause_ms = pause_ms
        for _ in range(2):  # warm-up: imports, compiled statements, pools
            self.play_round(self.create(), {kind: [] for kind in KINDS})
        self.live = [self.create() for _ in range(tables)]

    def request(
        self, method: str, path: str, token: str | None = None, body: Any = None
    ) -> dict[str, Any]:
        """A WSGI environ as a server would pass it (built outside the timing)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        builder = self.builder(path=path, method=method, json=body, headers=headers)
        try:
            environ = builder.get_environ()
        finally:
            builder.close()
        if self.pause_ms:  # outside the timing (--pause)
            time.sleep(self.pause_ms / 1000)
        return environ

    def call(self, environ: dict[str, Any]) -> tuple[str, Any]:
        """The app's own work for one request (what a server's worker runs)."""
        started: list[str] = []
        chunks = self.app(environ, lambda status, headers, exc_info=None: started.append(status))
        return started[0], chunks

    def whole(self, environ: dict[str, Any]) -> tuple[str, bytes]:
        status, chunks = self.call(environ)
        try:
            return status, b"".join(chunks)
        finally:
            getattr(chunks, "close", lambda: None)()

    def create(self) -> dict[str, Any]:
        body = {"game": "finger-auction", "players": ["Aki", "Ben", "Chie", "Dai"], "lang": "en"}
        status, data = self.whole(self.request("POST", "/api/v1/tables", body=body))
        assert status.startswith("201"), data
        return json.loads(data)

    def one_pass(self) -> Samples:
        """One round on every table (tables that ended are replaced by new ones)."""
        samples: Samples = {kind: [] for kind in KINDS}
        self.live = [table for table in self.live if self.play_round(table, samples)]
        self.live += [self.create() for _ in range(self.tables - len(self.live))]
        return samples

    def play_round(self, table: dict[str, Any], samples: Samples) -> bool:
        """Every phone opens its stream, then every seat bids; False once the game ended."""
        clock = time.thread_time
        tid = table["table"]
        tokens = [seat["token"] for seat in table["seats"]]
        cycle = 0.0
        with contextlib.ExitStack() as stack:
            streams: list[Iterator[bytes]] = []
            states = []
            for token in tokens:
                environ = self.request("GET", f"/api/v1/tables/{tid}/events?token={token}")
                start = clock()
                status, response = self.call(environ)
                chunks = iter(response)
                first = next(chunks)
                took = clock() - start
                assert status.startswith("200"), status
                stack.callback(getattr(response, "close", lambda: None))
                samples["open"].append(took)
                cycle += took
                streams.append(chunks)
                states.append(_state(first))
            # A stream's generator starts waiting for changes only when advanced past
            # its first chunk (a server does that at once); a watch of our own from
            # here on makes a change made meanwhile reach it at once here too.
            stack.enter_context(self.bus.watching(tid, states[0]["version"]))
            if states[0]["terminal"]:
                return False
            for seat, token in enumerate(tokens):
                legal = states[seat]["legal_actions"]
                if not legal:
                    continue
                path = f"/api/v1/tables/{tid}/actions"
                environ = self.request("POST", path, token, {"action": legal[0]})
                start = clock()
                status, answer = self.whole(environ)
                posted = clock() - start
                assert status.startswith("200"), answer
                start = clock()
                chunks = [next(stream) for stream in streams]
                told = clock() - start
                states = [_state(chunk) for chunk in chunks]
                environ = self.request("GET", f"/api/v1/tables/{tid}", token)
                start = clock()
                status, got = self.whole(environ)
                samples["GET"].append(clock() - start)
                assert status.startswith("200"), got
                samples["POST"].append(posted)
                samples["4 states"].append(told)
                cycle += posted + told
            samples["cycle"].append(cycle)
            return not states[0]["terminal"]

    def close(self) -> None:
        ext = self.app.extensions["cardpress-tables"]
        ext.bus.stop()
        ext.db.dispose()


def _state(chunk: bytes) -> dict[str, Any]:
    return json.loads(chunk.decode().split("event: state\ndata: ", 1)[1])


def _serve(url: str, tables: int, pause_ms: float) -> None:
    """A child: a pass per line read, its samples as a line of JSON."""
    sys.path.insert(0, os.getcwd())
    run = Run(url, tables, pause_ms)
    print("ready", flush=True)
    for _ in sys.stdin:
        print(json.dumps(run.one_pass()), flush=True)
    run.close()


class Child:
    def __init__(self, root: Path | None, url: str, tables: int, pause_ms: float = 0.0) -> None:
        env = dict(os.environ)
        if root is not None:
            env["PYTHONPATH"] = str(root)
        self.name = str(root or ROOT)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).resolve()),
                "--child",
                url,
                "--tables",
                str(tables),
                "--pause",
                str(pause_ms),
            ],
            env=env,
            cwd=root or ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._expect("ready")
        self.samples: Samples = {kind: [] for kind in KINDS}

    def _expect(self, word: str) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line or (word and line.strip() != word):
            raise SystemExit(f"measuring {self.name} failed (see its error above)")
        return line

    def one_pass(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("pass\n")
        self.proc.stdin.flush()
        for kind, values in json.loads(self._expect("")).items():
            self.samples[kind] += values

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(60)

    def medians(self) -> list[float]:
        return [statistics.median(self.samples[kind]) * 1000 for kind in KINDS]


def _profile(url: str, args: argparse.Namespace) -> None:
    import cProfile
    import pstats

    run = Run(url, args.tables, args.pause)
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    for _ in range(args.passes):
        run.one_pass()
    profiler.disable()
    run.close()
    for order in ("tottime", "cumulative"):
        pstats.Stats(profiler).sort_stats(order).print_stats(args.profile)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compare", type=Path, help="another checkout, measured beside")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--passes", type=int, default=8, help="rounds on every table, per tree")
    parser.add_argument(
        "--databases", nargs="+", choices=("sqlite", "postgresql"), default=["sqlite", "postgresql"]
    )
    parser.add_argument(
        "--pause", type=float, default=0.0, metavar="MS", help="idle ms before each request"
    )
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's top N")
    parser.add_argument("--child", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pause < 0:
        parser.error(f"--pause: a number of ms, 0 or more (got {args.pause:g})")
    if args.child:
        _serve(args.child, args.tables, args.pause)
        return
    sys.path.insert(0, str(ROOT))
    from tests.pgcluster import private_cluster

    trees: list[tuple[str, Path | None]] = [("this", None)]
    if args.compare is not None:
        trees.insert(0, (args.compare.name, args.compare.resolve()))
    if not args.profile:
        paused = f", {args.pause:g} ms idle before each" if args.pause else ""
        print(f"CPU ms per request (median), {args.tables} tables x {args.passes} passes{paused}")
        print(f"{'run':<28}" + "".join(f"{kind:>10}" for kind in KINDS))
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        cluster = stack.enter_context(private_cluster()) if "postgresql" in args.databases else None
        for n, database in enumerate(args.databases):

            def url(i: int, database: str = database, n: int = n) -> str:
                if database == "sqlite":
                    return f"sqlite:///{tmp}/t{n}-{i}.sqlite3"
                assert cluster is not None
                return cluster.create_database(f"cpu_{n}_{i}")

            if args.profile:
                _profile(url(0), args)
                continue
            children = [
                Child(root, url(i), args.tables, args.pause) for i, (_, root) in enumerate(trees)
            ]
            try:
                for _ in range(args.passes):
                    for child in children:
                        child.one_pass()
            finally:
                for child in children:
                    child.close()
            rows = [child.medians() for child in children]
            for (name, _), row in zip(trees, rows, strict=True):
                label = f"{name}: {database}"
                print(f"{label:<28}" + "".join(f"{value:>10.2f}" for value in row))
            if len(rows) == 2:
                change = [(this / base - 1) * 100 for base, this in zip(*rows, strict=True)]
                print(f"{'  change':<28}" + "".join(f"{c:>+9.0f}%" for c in change))


if __name__ == "__main__":
    main()
