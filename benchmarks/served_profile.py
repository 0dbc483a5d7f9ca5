"""Where a served move's CPU goes: the workers' samples, sorted into parts.

``benchmarks/tables.py --profile`` serves with
``benchmarks/profiled_gunicorn_conf.py``, whose workers sample their own
stack every millisecond of CPU they use, and prints each part's ms of the
server's CPU per action:

- engine: the game's rules (``cardpress/games``: applying a move, the bots,
  a seat's view of the game, decoding and encoding a snapshot);
- table service: tokens, the compare-and-set's bookkeeping, idempotency keys
  (``referee/tables/service.py``, ``store.py``, ``tokens.py``, ``late.py``);
- database: SQLAlchemy, the drivers and the repositories, with the JSON they
  encode for a row;
- building views: a caller's state body (``api.state_body``, the schemas,
  the worker's memory of answers);
- encoding: serialising a body for the wire;
- event fan-out: the bus, the event streams and their writes to the phones'
  sockets (a stream's chunk);
- framework: Flask, Werkzeug, the extensions and the referee's middleware;
- HTTP server: gunicorn and gevent (parsing, the answers' writes, the event
  loop, greenlet switches) and the master.

A sample goes to the part of its innermost frame that one of them owns
(the standard library's JSON, locks and sockets belong to their caller's
part), the HTTP server's only when nothing of the app is on the stack. A
part's share of the workers' samples times the workers' CPU per action is
its ms; the master's CPU is the HTTP server's.

A second cut, by where the work runs, sets what ``benchmarks/tables_cpu.py``
measures in-process against what only a served move pays, which is what the
served / in-process ratio is made of:

- app: the work ``tables_cpu.py`` also runs: a request inside Flask's WSGI
  call, and a stream's state for a change (``stream``'s ``told``);
- parsing: gunicorn reading a request's line and headers;
- sends: the answers' and the stream chunks' writes to the sockets;
- stream waits: a stream between changes (waiting on its table's event) and
  waiting for its turn behind the taps (``referee/tables/priority.py``);
- change listener: the thread that hears other processes' commits;
- event loop: gevent's hub with nothing of the above on the stack;
- serving, other: gunicorn's and gevent's remaining work, and the master.

Why not py-spy: it samples from outside by wall clock and counts a process
as busy while the kernel calls it runnable; on a shared machine a worker is
runnable long after each wake-up, waiting for a core, and in one run py-spy
counted eight times the CPU the workers used, most of it in the event loop.
A CPU-time signal counts only what was run.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

#: seconds to wait after a run for every worker's next dump of its samples
DUMP_WAIT = 1.5
#: gunicorn's settings for a profiled run: the served tree's, sampling
CONFIG = Path(__file__).with_name("profiled_gunicorn_conf.py")

#: (part, what a frame's "function (file:line)" contains), tried in order for each frame
OWNERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("event fan-out", ("gunicorn/util.py:write_chunk", "write_chunk (")),
    ("encoding", ("model_dump_json", "serialised (", "orjson")),
    ("engine", ("/cardpress/games/",)),
    (
        "database",
        (
            "/sqlalchemy/",
            "/psycopg",
            "sqlite3",
            "/referee/tables/db.py",
            "/referee/tables/db_",
            "/referee/tables/repo_",
            "/referee/tables/repository.py",
            "/referee/tables/ratelimit.py",
        ),
    ),
    (
        "building views",
        (
            "state_body (",
            "/referee/tables/schemas.py",
            "/referee/tables/answers.py",
            "/referee/tables/results.py",
            "/pydantic/",
            "/pydantic_core/",
        ),
    ),
    (
        "event fan-out",
        (
            "/referee/tables/events.py",
            "/referee/tables/priority.py",
            "_state_event",
            "_Held.",
            "StreamSlots.",
        ),
    ),
    (
        "table service",
        (
            "/referee/tables/service.py",
            "/referee/tables/create_request.py",
            "/referee/tables/tokens.py",
            "/referee/tables/late.py",
        ),
    ),
    ("HTTP server", ("/referee/gunicorn_",)),
    (
        "framework",
        (
            "/flask/",
            "/flask_",
            "/werkzeug/",
            "/blinker/",
            "/babel/",
            "/limits/",
            "/referee/",
        ),
    ),
    ("HTTP server", ("/gunicorn/", "/gevent/", "/greenlet/", "gunicorn", "process ")),
)
PARTS = (*dict.fromkeys(part for part, _ in OWNERS), "other")
_FRAME = re.compile(r"^(?P<function>.*) \((?P<file>.*):\d+\)$")


def owner(frame: str) -> str | None:
    """The part that owns one frame of py-spy's, or None (the standard library)."""
    match = _FRAME.match(frame)
    text = f"{match['file']}:{match['function']} {match['function']} (" if match else frame
    for part, marks in OWNERS:
        if any(mark in text for mark in marks):
            return part
    return None


def part_of(frames: list[str]) -> str:
    """The part that owns a sample's stack (outermost frame first): its innermost
    frame of the app's parts; the HTTP server's only when the app is not on the
    stack (gunicorn and gevent run every request, and a socket's send belongs to
    whoever writes)."""
    served = False
    for frame in reversed(frames):
        part = owner(frame)
        if part == "HTTP server":
            served = True
        elif part is not None:
            return part
    return "HTTP server" if served else "other"


#: (where, what one frame on the stack contains), tried in order
WHERE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("change listener", ("Repository.listen (",)),
    ("app", ("stream.<locals>.told (", "Flask.__call__ (")),
    ("stream waits", ("behind_requests (", "Bus.wait (")),
    ("sends", ("Response.write (", "write_chunk (")),
    ("parsing", ("Parser.__next__ (",)),
    ("event loop", ("Hub.run (",)),
)
WHERES = (*(where for where, _ in WHERE), "serving, other")


def where_of(frames: list[str]) -> str:
    """Where a sample's stack ran: the first of :data:`WHERE` one of its frames meets."""
    for where, marks in WHERE:
        if any(mark in frame for frame in frames for mark in marks):
            return where
    return "serving, other"


def samples(folder: Path) -> Counter[str]:
    """Every worker's samples so far, per stack (benchmarks/profiled_gunicorn_conf.py)."""
    counted: Counter[str] = Counter()
    for dump in folder.glob("worker-*.json"):
        try:
            counted.update(json.loads(dump.read_text()))
        except (OSError, ValueError):
            continue  # a worker that never sampled, or a file being replaced
    return counted


def parts(
    before: Counter[str], after: Counter[str], into: Callable[[list[str]], str] = part_of
) -> Counter[str]:
    """Samples per part (or per :func:`where_of`, ``into``) taken between two
    :func:`samples`."""
    counted: Counter[str] = Counter()
    for stack, count in (after - before).items():
        counted[into(stack.split(";"))] += count
    return counted


def breakdown(
    counted: Counter[str],
    workers_ms: float,
    master_ms: float,
    names: tuple[str, ...] = PARTS,
    master: str = "HTTP server",
) -> str:
    """Each name's ms per action: its share of the workers' samples times the
    workers' CPU per action; the master's own CPU goes to ``master``."""
    total = sum(counted.values()) or 1
    ms = {name: workers_ms * counted[name] / total for name in names}
    ms[master] += master_ms
    return ", ".join(f"{name} {ms[name]:.2f}" for name in names if ms[name] >= 0.005)


def owners(stacks: Counter[str]) -> dict[str, Counter[str]]:
    """Per part, the samples of each frame that owned them (:func:`part_of`)."""
    found: dict[str, Counter[str]] = {}
    for stack, count in stacks.items():
        frames = stack.split(";")
        part = part_of(frames)
        frame = next(
            (f for f in reversed(frames) if owner(f) == part),
            frames[-1] if frames else "",
        )
        found.setdefault(part, Counter())[_short(frame)] += count
    return found


def _short(frame: str) -> str:
    match = _FRAME.match(frame)
    if not match:
        return frame
    path = match["file"].split("site-packages/")[-1]
    for root in (str(Path(__file__).resolve().parents[1]) + "/",):
        path = path.removeprefix(root)
    return f"{match['function']} ({path})"


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Each part's busiest functions in a kept profile")
    parser.add_argument("folder", type=Path, help="a run's folder under tables.py --profile DIR")
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()
    stacks = samples(args.folder)
    total = sum(stacks.values()) or 1
    for part, frames in sorted(owners(stacks).items(), key=lambda kv: -sum(kv[1].values())):
        print(f"{part}: {100 * sum(frames.values()) / total:.1f} % of the workers' samples")
        for frame, count in frames.most_common(args.top):
            print(f"  {100 * count / total:5.1f} %  {frame}")


if __name__ == "__main__":
    main()
