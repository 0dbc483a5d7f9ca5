"""What a card picture's first drawing costs everyone else on the worker.

Under the README's production command (one gevent worker), one client asks
/healthz every 10 ms while another fetches card pictures the worker has not
drawn yet (ten Triptych cards in each language, each drawn on its first
request: ReportLab, PDFium, the PNG encoder). Printed: the health checks'
wait while the pictures are drawn (p50/p95/max) beside the same with the
worker idle, in the same run, and apart from them the longest wait during the
worker's first picture, which also loads the fonts and the drawing's imports.
To see another revision, run this file from a built checkout of it (``make
build``: the pictures need its compiled catalogues and art).

    .venv/bin/python benchmarks/picture_stall.py [--cards 10]
"""

from __future__ import annotations

import argparse
import http.client
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.referee.tables.test_production import production_server  # noqa: E402


def _get(conn: http.client.HTTPConnection, path: str) -> bytes:
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status}")
    return body


def measure(cards: int, folder: Path) -> dict[str, float]:
    url = f"sqlite:///{folder / 'stall.sqlite3'}"
    with production_server(url, log=folder / "log") as (base, _proc):
        host, port = base.removeprefix("http://").split(":")
        client = http.client.HTTPConnection(host, int(port), timeout=30)
        index = _get(client, "/en/c/triptych/").decode()
        ids = sorted(set(re.findall(r'href="/en/c/triptych/([^"/.]+)"', index)))[:cards]
        waits: list[float] = []
        stop = threading.Event()

        def probe() -> None:
            conn = http.client.HTTPConnection(host, int(port), timeout=30)
            while not stop.is_set():
                start = time.perf_counter()
                _get(conn, "/healthz")
                waits.append((time.perf_counter() - start) * 1000)
                time.sleep(0.01)

        prober = threading.Thread(target=probe)
        prober.start()
        time.sleep(1)
        idle = sorted(waits)
        waits.clear()
        _get(client, f"/en/c/triptych/{ids[-1]}.png")  # fonts and imports too
        time.sleep(0.05)  # the probe's request under way meanwhile comes back
        first = max(waits)
        waits.clear()
        start = time.perf_counter()
        for lang in ("en", "ja"):
            for card in ids[:-1] if lang == "en" else ids:
                _get(client, f"/{lang}/c/triptych/{card}.png")
        drawing = time.perf_counter() - start
        stop.set()
        prober.join()
    busy = sorted(waits)
    return {
        "idle max": idle[-1],
        "first max": first,
        "p50": busy[len(busy) // 2],
        "p95": busy[int(len(busy) * 0.95)],
        "max": busy[-1],
        "pictures s": drawing,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10)
    args = parser.parse_args()
    print(f"/healthz every 10 ms while {2 * args.cards - 1} card pictures are drawn (ms)")
    print(f"{'idle max':>9}{'first max':>10}{'p50':>8}{'p95':>8}{'max':>8}{'pictures s':>12}")
    with tempfile.TemporaryDirectory() as folder:
        r = measure(args.cards, Path(folder))
    print(
        f"{r['idle max']:>9.1f}{r['first max']:>10.1f}{r['p50']:>8.1f}{r['p95']:>8.1f}"
        f"{r['max']:>8.1f}{r['pictures s']:>12.2f}"
    )


if __name__ == "__main__":
    main()
