"""Referee scoring API throughput under gunicorn, against a minimal Flask route.

Starts gunicorn (2 sync workers) on 127.0.0.1 twice in turn: once serving the
real app (``referee:create_app()``), once a minimal Flask app with a single
trivial JSON route, and drives each with the same bounded load (a fixed
number of POSTs, a time cap, loopback only) from client processes. Prints
requests per second of each, the ratio (goal >= 0.7) and p50/p90/p99 latency.

    .venv/bin/python benchmarks/referee.py [--requests 4000] [--concurrency 8] [--rounds 2]

The client runs on the same machine as the server, so both runs share the
CPUs with it; the ratio is the figure to compare, not the absolute rps.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
SCORE_PATH = "/api/v1/finger-auction/score"
BODY = json.dumps(
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
            },
            {"name": "Ben", "monet": 2, "gogh": 3, "vermeer": 3},
            {"name": "Cho", "monet": 1, "gogh": 2, "vermeer": 2, "forgeries": ["gogh"]},
            {"name": "Dai", "monet": 1, "gogh": 1, "vermeer": 2, "forgeries": ["monet"]},
        ],
    }
).encode()

MINIMAL_APP = textwrap.dedent("""
    from flask import Flask, jsonify, request

    app = Flask(__name__)


    @app.post("/score")
    def score():
        request.get_json()
        return jsonify({"ok": True})


    @app.get("/healthz")
    def healthz():
        return jsonify({"status": "ok"})
""")


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def request_bytes(path: str, port: int) -> bytes:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(BODY)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + BODY


def one_request(port: int, raw: bytes) -> tuple[int, float]:
    start = time.perf_counter()
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(raw)
        chunks = []
        while True:
            data = s.recv(65536)
            if not data:
                break
            chunks.append(data)
    elapsed = time.perf_counter() - start
    status = int(b"".join(chunks)[9:12] or 0)
    return status, elapsed


def client_process(
    port: int, path: str, count: int, threads: int, deadline: float, out: mp.Queue
) -> None:
    raw = request_bytes(path, port)
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    remaining = [count]

    def worker() -> None:
        nonlocal errors
        while time.time() < deadline:
            with lock:
                if remaining[0] <= 0:
                    return
                remaining[0] -= 1
            try:
                status, elapsed = one_request(port, raw)
            except OSError:
                status, elapsed = 0, 0.0
            with lock:
                if status == 200:
                    latencies.append(elapsed)
                else:
                    errors += 1

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    out.put((latencies, errors))


def warm(port: int, path: str) -> None:
    """Let every worker import its modules before anything is measured."""
    for _ in range(100):
        one_request(port, request_bytes(path, port))


def drive(port: int, path: str, requests: int, concurrency: int, cap: float) -> dict:
    procs_n = 2
    per_proc = requests // procs_n
    queue: mp.Queue = mp.Queue()
    deadline = time.time() + cap
    start = time.perf_counter()
    procs = [
        mp.Process(
            target=client_process,
            args=(port, path, per_proc, max(1, concurrency // procs_n), deadline, queue),
        )
        for _ in range(procs_n)
    ]
    for p in procs:
        p.start()
    latencies: list[float] = []
    errors = 0
    for _ in procs:
        lat, err = queue.get()
        latencies.extend(lat)
        errors += err
    for p in procs:
        p.join()
    wall = time.perf_counter() - start
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    return {
        "ok": len(latencies),
        "errors": errors,
        "seconds": wall,
        "rps": len(latencies) / wall if wall else 0.0,
        "p50": pct(0.50),
        "p90": pct(0.90),
        "p99": pct(0.99),
        "mean": statistics.fmean(latencies) * 1000 if latencies else 0.0,
    }


class Gunicorn:
    def __init__(self, app: str, chdir: Path, workers: int = 2) -> None:
        self.port = free_port()
        env = dict(os.environ)
        env.setdefault("CARDPRESS_SECRET_KEY", "benchmark-only-not-secret")
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-w",
                str(workers),
                "-b",
                f"{HOST}:{self.port}",
                "--chdir",
                str(chdir),
                "--log-level",
                "warning",
                "--backlog",
                "256",
                app,
            ],
            env=env,
        )

    def wait(self, timeout: float = 30.0) -> None:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.proc.returncode}")
            try:
                with socket.create_connection((HOST, self.port), timeout=1) as s:
                    s.sendall(
                        f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\n"
                        "Connection: close\r\n\r\n".encode()
                    )
                    if s.recv(64)[9:12] == b"200":
                        return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("gunicorn did not start in time")

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the workers (Linux /proc)."""
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        try:
            children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
            pids = children.read_text().split()
        except OSError:
            return float("nan")
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> Gunicorn:
        self.wait()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def line(name: str, r: dict) -> str:
    return (
        f"{name:<9} {r['rps']:8.0f} rps  ok={r['ok']:<6} errors={r['errors']:<3} "
        f"p50={r['p50']:6.2f} ms  p90={r['p90']:6.2f} ms  p99={r['p99']:6.2f} ms  "
        f"server CPU {r.get('cpu_us', float('nan')):5.0f} us/req"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=4000, help="POSTs per run (bounded)")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads in all")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs of each")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per run at most")
    args = parser.parse_args(argv)

    results: dict[str, list[dict]] = {"minimal": [], "referee": []}
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "bench_minimal.py").write_text(MINIMAL_APP)
        targets = {
            "minimal": ("bench_minimal:app", Path(tmp), "/score"),
            "referee": ("referee:create_app()", ROOT, SCORE_PATH),
        }
        for round_no in range(args.rounds):
            for name, (app, chdir, path) in targets.items():
                with Gunicorn(app, chdir) as server:
                    warm(server.port, path)
                    before = server.cpu_seconds()
                    r = drive(server.port, path, args.requests, args.concurrency, args.cap)
                    r["cpu_us"] = (server.cpu_seconds() - before) / max(1, r["ok"]) * 1e6
                results[name].append(r)
                print(f"round {round_no + 1}: " + line(name, r), flush=True)

    best = {name: max(runs, key=lambda r: r["rps"]) for name, runs in results.items()}
    ratio = best["referee"]["rps"] / best["minimal"]["rps"] if best["minimal"]["rps"] else 0.0
    cpu = {name: statistics.median(r["cpu_us"] for r in runs) for name, runs in results.items()}
    print()
    print(
        f"gunicorn 2 sync workers, {args.concurrency} client threads, "
        f"{args.requests} POSTs per run, best of {args.rounds}"
    )
    print(line("minimal", best["minimal"]))
    print(line("referee", best["referee"]) + f"  ({SCORE_PATH})")
    print(
        f"ratio     {ratio:.2f} of the minimal route (goal >= 0.70): "
        f"{'OK' if ratio >= 0.7 else 'BELOW GOAL'}"
    )
    print(
        f"server CPU per request (median): minimal {cpu['minimal']:.0f} us, referee "
        f"{cpu['referee']:.0f} us; CPU ratio {cpu['minimal'] / cpu['referee']:.2f} "
        "(less sensitive to other load on the machine)"
    )
    return 0 if all(r["errors"] == 0 for runs in results.values() for r in runs) else 1


if __name__ == "__main__":
    raise SystemExit(main())
