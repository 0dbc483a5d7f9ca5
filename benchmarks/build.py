"""Benchmark: cardpress's deck PDFs against plain ReportLab drawing the same primitives.

For every deck (Japanese, A4) we time ``render_deck_pdf`` and a baseline in
the same run. The baseline is the straight-line ReportLab script a person
would write by hand once every coordinate is known: it replays, call by call,
the exact canvas, path and text-object primitives cardpress issued (recorded
once through a proxy), on a fresh ``Canvas``, then saves; like any script
that prints QR codes it also encodes each card's URL with ``qrcode``. So the ratio is the
price of cardpress's layout, art generation, QR encoding and text fitting on
top of ReportLab's own drawing and PDF writing. Goal: at most 1.5x.

Then the real command, ``cardpress build`` (every deck, sheet, PNG and TTS
output, both languages and papers), runs in a child process on a copy of
cards/ ($CARDPRESS_CARDS): cold with ``--jobs 2`` (goal <= 10 s wall), and as
the baseline in the same run the same build with ``--jobs 1``; both with the
CPU seconds (user + sys of the build and its worker processes) and the load
average, since the machine may be shared. Then ``cardpress build --watch``
runs on that folder: each of ``--watch-edits`` saves of one card file
(cards/triptych/monet.toml) is timed until the deck's first PDF
(ja/decks/triptych-a4.pdf) is rewritten (goal <= 1 s) and until all four of
its deck PDFs are. Every wait is bounded; the watcher is stopped at the end.
The cold build's Triptych deck PDFs are listed with their sizes (goal: each
under 2 MB, the generated paintings included).

With ``--before REV`` (e.g. the commit before the art work) the same full build and
--watch measurement also runs on a detached git worktree of REV, built from its own
code and cards/ by this interpreter, and the budget's figures (full build wall and
CPU, first deck PDF after a save under --watch, biggest Triptych deck PDF) are
printed side by side: before (REV) and after (this tree), measured in the same run.

    .venv/bin/python benchmarks/build.py [--repeat N] [--skip-full] [--watch-edits N]
        [--before REV] [--rounds N]

With ``--rounds N`` the two trees' cold ``--jobs 2`` builds are run again, taking
turns, until each has run N times, and the budget table shows their medians (on a
shared machine one run of each can differ by seconds either way).

``--watch-edits 0`` measures no saves (the watcher is not started); a count below
0, or a ``--repeat`` below 1, is refused naming the option.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

from cardpress.catalogue import load_catalogue
from cardpress.print import replay, sheets
from cardpress.print.fonts import SANS, register_fonts
from cardpress.print.qr import card_url, qr_matrix

BASE = "https://referee.example.org"


class Recorder:
    """Collects (object id, method, args, kwargs, result id) for every primitive call."""

    def __init__(self) -> None:
        self.ops: list[tuple[int, str, tuple, dict, int | None]] = []
        self.next_id = 1


class Proxy:
    """Forwards to a real ReportLab object, recording each method call made on it."""

    def __init__(self, rec: Recorder, oid: int, real) -> None:
        object.__setattr__(self, "_rec", rec)
        object.__setattr__(self, "_oid", oid)
        object.__setattr__(self, "_real", real)

    def __getattr__(self, name):
        attr = getattr(self._real, name)
        if not callable(attr) or name.startswith("__"):
            return attr
        rec, oid = self._rec, self._oid

        def call(*args, **kwargs):
            real_args = tuple(a._real if isinstance(a, Proxy) else a for a in args)
            rec_args = tuple(("@", a._oid) if isinstance(a, Proxy) else a for a in args)
            result = attr(*real_args, **kwargs)
            rid = None
            if type(result).__name__ in ("PDFPathObject", "PDFTextObject"):
                rid = rec.next_id
                rec.next_id += 1
                result = Proxy(rec, rid, result)
            rec.ops.append((oid, name, rec_args, dict(kwargs), rid))
            return result

        return call

    def __setattr__(self, name, value) -> None:
        setattr(self._real, name, value)


def record_deck(deck, lang: str, paper: str, root):
    """Run cardpress once through a recording proxy; returns the ops and the page size."""
    rec = Recorder()
    original = sheets.new_canvas
    holder = {}

    def new_canvas(buf, pagesize, title):
        real = original(buf, pagesize, title)
        holder["pagesize"] = pagesize
        return Proxy(rec, 0, real)

    sheets.new_canvas = new_canvas
    replay.ENABLED = False  # the primitives of drawing every face, not of placing recorded ones
    try:
        sheets.render_deck_pdf(deck, lang, paper, BASE, root=root)
    finally:
        sheets.new_canvas = original
        replay.ENABLED = True
    return rec.ops, holder["pagesize"]


def encode_qr(urls) -> None:
    """What a hand-written script must also do: encode each card's URL (qrcode, EC level M)."""
    for url in urls:
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4, box_size=1)
        code.add_data(url)
        code.make(fit=True)
        code.get_matrix()


def baseline(ops, pagesize, urls=()) -> bytes:
    """The hand-written script: the same primitives, straight onto a Canvas."""
    encode_qr(urls)
    buf = io.BytesIO()
    c = Canvas(
        buf,
        pagesize=pagesize,
        invariant=1,
        pageCompression=1,
        initialFontName=SANS,
        initialFontSize=8,
    )
    objs = {0: c}
    for oid, name, args, kwargs, rid in ops:
        real = tuple(
            objs[a[1]] if isinstance(a, tuple) and len(a) == 2 and a[0] == "@" else a for a in args
        )
        result = getattr(objs[oid], name)(*real, **kwargs)
        if rid is not None:
            objs[rid] = result
    if not any(name == "save" for _, name, *_ in ops):
        c.save()
    return buf.getvalue()


def best_of(fn, repeat: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-c", "from cardpress.cli import main; main()"]
EDITED = Path("triptych") / "monet.toml"
WATCHED = (
    "ja/decks/triptych-a4.pdf",
    "ja/decks/triptych-letter.pdf",
    "en/decks/triptych-a4.pdf",
    "en/decks/triptych-letter.pdf",
)
TIMEOUT = 300.0  # s: no wait in this benchmark is longer


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_build(
    out: Path, env: dict[str, str], *extra: str, cwd: Path = ROOT
) -> tuple[float, float, str]:
    """One ``cardpress build`` in a child process: wall s, CPU s (it and its workers), last line."""
    cpu, t = children_cpu(), time.perf_counter()
    proc = subprocess.run(
        [*CLI, "build", "--out", str(out), "--base-url", BASE, *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=cwd,  # python -c puts the working folder first on sys.path: the tree measured
    )
    wall, used = time.perf_counter() - t, children_cpu() - cpu
    if proc.returncode != 0:
        raise SystemExit(f"cardpress build failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return wall, used, proc.stderr.strip().splitlines()[-1]


class Watcher:
    """``cardpress build --watch`` in its own process group, its stderr lines timestamped."""

    def __init__(self, out: Path, env: dict[str, str], cwd: Path = ROOT) -> None:
        self.proc = subprocess.Popen(
            [*CLI, "build", "--watch", "--out", str(out), "--base-url", BASE],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            cwd=cwd,
        )
        self.lines: list[tuple[float, str]] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            with self.changed:
                self.lines.append((time.perf_counter(), line.rstrip()))
                self.changed.notify_all()

    def wait_idle(self, after: int, timeout: float) -> int:
        """Wait for the 'watching' line that ends a build begun after line ``after``."""
        deadline = time.perf_counter() + timeout
        with self.changed:
            while True:
                for i in range(after, len(self.lines)):
                    if self.lines[i][1].startswith("watching "):
                        return i + 1
                left = deadline - time.perf_counter()
                if left <= 0 or self.proc.poll() is not None:
                    tail = "\n".join(line for _, line in self.lines[-5:])
                    raise TimeoutError(f"the watcher did not finish a build:\n{tail}")
                self.changed.wait(min(left, 0.5))

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)


def time_watch(
    cards: Path, out: Path, env: dict[str, str], edits: int, cwd: Path = ROOT
) -> list[tuple[float, float]]:
    """(first deck PDF, all four) seconds after each save of one card file."""
    watcher = Watcher(out, env, cwd)
    results = []
    try:
        seen = watcher.wait_idle(0, TIMEOUT)  # the first build: everything up to date
        card_file = cards / EDITED
        for n in range(edits):
            before = {rel: (out / rel).stat().st_mtime_ns for rel in WATCHED}
            saved = time.perf_counter()
            with card_file.open("a", encoding="utf-8") as fh:  # a real edit: the input hash changes
                fh.write(f"# benchmark edit {n}\n")
            done: dict[str, float] = {}
            deadline = saved + 60
            while len(done) < len(WATCHED):
                for rel in WATCHED:
                    if rel not in done and (out / rel).stat().st_mtime_ns != before[rel]:
                        done[rel] = time.perf_counter() - saved
                if time.perf_counter() > deadline:
                    raise TimeoutError(f"deck PDFs not rewritten within 60 s: {sorted(done)}")
                time.sleep(0.005)
            results.append((done[WATCHED[0]], max(done.values())))
            seen = watcher.wait_idle(seen, TIMEOUT)  # let the rest of that build finish
    finally:
        watcher.stop()
    return results


def checkout_env(root: Path) -> dict[str, str]:
    """The environment that makes a child ``cardpress`` import its code from ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    where = subprocess.run(
        [sys.executable, "-c", "import cardpress; print(cardpress.__file__)"],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    if not Path(where).resolve().is_relative_to(root.resolve()):
        raise SystemExit(f"a child process imports cardpress from {where}, not from {root}")
    return env


def measure(root: Path, tmp: Path, edits: int) -> dict[str, object]:
    """The full build (``--jobs 2`` and the ``--jobs 1`` baseline), a no-change rebuild and
    the --watch latency of the code and cards/ under ``root``; printed as it goes."""
    cards = tmp / "cards"
    shutil.copytree(root / "cards", cards)
    env = {**checkout_env(root), "CARDPRESS_CARDS": str(cards)}
    load = os.getloadavg()[0]
    wall, cpu, summary = run_build(tmp / "out", env, "--jobs", "2", cwd=root)
    outputs = tmp / "out"
    files = [  # the painted strokes kept under .cache are not outputs
        p
        for p in outputs.rglob("*")
        if p.is_file() and ".cache" not in p.relative_to(outputs).parts
    ]
    size = sum(p.stat().st_size for p in files)
    base_wall, base_cpu, _ = run_build(tmp / "serial", env, "--jobs", "1", cwd=root)
    warm_wall, _, warm = run_build(tmp / "out", env, cwd=root)
    print()
    print(
        f"{root}: full build ({len(files)} files, {size / 1e6:.1f} MB; load average before:"
        f" {load:.1f}, after: {os.getloadavg()[0]:.1f})"
    )
    print(f"{'':<26}{'wall s':>8}{'CPU s':>8}")
    print(f"{'cardpress build --jobs 2':<26}{wall:>8.1f}{cpu:>8.1f}   {summary}")
    print(
        f"{'baseline: --jobs 1':<26}{base_wall:>8.1f}{base_cpu:>8.1f}   "
        f"parallel speed-up {base_wall / wall:.2f}x"
    )
    print(f"{'nothing changed':<26}{warm_wall:>8.2f}{'':>8}   {warm}")
    print(f"full build goal <= 10 s: {'met' if wall <= 10 else 'NOT met'} ({wall:.1f} s wall)")
    decks = sorted(outputs.glob("*/decks/triptych-*.pdf"))
    biggest = max((p.stat().st_size for p in decks), default=0)
    print(
        "Triptych deck PDFs: "
        + ", ".join(
            f"{p.parent.parent.name}/{p.name} {p.stat().st_size / 1e6:.2f} MB" for p in decks
        )
    )
    print(f"deck PDF goal < 2 MB: {'met' if 0 < biggest < 2e6 else 'NOT met'}")
    result: dict[str, object] = {
        "wall": wall,
        "cpu": cpu,
        "serial": base_wall,
        "serial_cpu": base_cpu,
        "biggest": biggest,
        "first": None,
        "env": env,
    }
    if edits == 0:  # asked for no saves: the watcher is not started at all
        print("--watch latency: not measured (--watch-edits 0)")
        return result
    try:
        times = time_watch(cards, outputs, env, edits, root)
    except TimeoutError as exc:
        print(f"--watch latency: NOT measured ({exc})")
        return result
    first = statistics.median(t for t, _ in times)
    every = statistics.median(t for _, t in times)
    print(
        f"--watch, save of cards/{EDITED} -> {WATCHED[0]} rewritten: "
        + ", ".join(f"{t:.2f}" for t, _ in times)
        + f" s (median {first:.2f} s); "
        f"all four deck PDFs: median {every:.2f} s"
    )
    print(f"watch goal <= 1 s: {'met' if first <= 1 else 'NOT met'} ({first:.2f} s median)")
    result["first"] = first
    return result


def side_by_side(rev: str, before: dict[str, object], after: dict[str, object]) -> None:
    """The budget's figures of the two trees in one table."""

    def cell(v: object, fmt: str) -> str:
        return "not measured" if v is None else format(v, fmt)

    rows = (
        ("full build --jobs 2, wall s (goal <= 10)", "wall", ".1f"),
        ("full build --jobs 2, CPU s", "cpu", ".1f"),
        ("full build --jobs 1, wall s", "serial", ".1f"),
        ("full build --jobs 1, CPU s", "serial_cpu", ".1f"),
        ("--watch save -> first deck PDF, s (<= 1)", "first", ".2f"),
    )
    print()
    print(f"{'budget':<44}{'before (' + rev + ')':>22}{'after (this tree)':>20}")
    for label, key, fmt in rows:
        print(f"{label:<44}{cell(before[key], fmt):>22}{cell(after[key], fmt):>20}")
    mb = [f"{int(r['biggest']) / 1e6:.2f}" for r in (before, after)]  # type: ignore[call-overload]
    print(f"{'biggest Triptych deck PDF, MB (< 2)':<44}{mb[0]:>22}{mb[1]:>20}")


def full_build_and_watch(edits: int, before: str | None = None, rounds: int = 1) -> None:
    with tempfile.TemporaryDirectory(prefix="cardpress-bench-") as tmp:
        after = measure(ROOT, Path(tmp) / "after", edits)
        if before is None:
            return
        checkout = Path(tmp) / "checkout"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), before],
            check=True,
            capture_output=True,
        )
        try:
            (Path(tmp) / "before").mkdir()
            was = measure(checkout, Path(tmp) / "before", edits)
            if rounds > 1:
                trees = {f"before ({before})": (checkout, was), "after (this tree)": (ROOT, after)}
                taking_turns(trees, rounds, Path(tmp) / "turns")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)],
                check=False,
                capture_output=True,
            )
        side_by_side(before, was, after)


def taking_turns(trees: dict[str, tuple[Path, dict]], rounds: int, tmp: Path) -> None:
    """The cold ``--jobs 2`` build of each tree again, taking turns, until each has run
    ``rounds`` times; each tree's wall and CPU become the median of its runs.

    On a shared machine one run of each can differ by seconds either way; builds
    taken in turns meet the same neighbours, and their medians can be compared.
    """
    runs: dict[str, list[tuple[float, float]]] = {
        name: [(float(r["wall"]), float(r["cpu"]))] for name, (_, r) in trees.items()
    }
    for i in range(1, rounds):
        for name, (root, result) in trees.items():
            out = tmp / f"{i}-{len(runs[name])}-{root.name}"
            wall, cpu, _ = run_build(out, result["env"], "--jobs", "2", cwd=root)
            shutil.rmtree(out, ignore_errors=True)
            runs[name].append((wall, cpu))
    print()
    print(f"cold --jobs 2 builds taken in turns, {rounds} each (wall s / CPU s):")
    for name, (_, result) in trees.items():
        walls, cpus = zip(*runs[name], strict=True)
        result["wall"], result["cpu"] = statistics.median(walls), statistics.median(cpus)
        each = ", ".join(f"{w:.1f}/{c:.1f}" for w, c in runs[name])
        print(f"  {name:<26} {each}   median {result['wall']:.1f}/{result['cpu']:.1f}")


def count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``, else a message naming it."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        return value

    parse.__name__ = f"whole number >= {least}"  # what argparse names in its message
    return parse


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat", type=count(1), default=3, help="runs of each deck timing, best kept (>= 1)"
    )
    parser.add_argument("--skip-full", action="store_true", help="only the deck table")
    parser.add_argument(
        "--watch-edits",
        type=count(0),
        default=3,
        help="saves timed in --watch (>= 0; 0: the watcher is not measured)",
    )
    parser.add_argument(
        "--before",
        metavar="REV",
        help="also build a checkout of REV (git worktree, its own cards/) and print the"
        " budget's figures side by side with this tree's",
    )
    parser.add_argument(
        "--rounds",
        type=count(1),
        default=1,
        help="with --before: cold --jobs 2 builds of each tree, taken in turns; the budget"
        " table shows their medians (>= 1)",
    )
    args = parser.parse_args()
    register_fonts()
    cat = load_catalogue()
    print(
        "cardpress s: best of --repeat runs, QR codes encoded afresh each run; first run s:"
        " the first render in this process (font loading included)"
    )
    print(
        "baseline s: the recorded primitives replayed on a bare Canvas, plus encoding each"
        " card's QR with qrcode as any script must; 'vs drawing': against the replay alone;"
        " again s: the Letter PDF of the same deck, its faces placed from the recording"
        " (cardpress.print.replay) as in a build"
    )
    print(
        f"{'deck':<12}{'cards':>6}{'cardpress s':>13}{'first run s':>13}{'baseline s':>12}"
        f"{'ratio':>8}{'PDF KB':>9}{'baseline KB':>13}{'vs drawing':>13}{'again s':>10}"
    )
    total_ours = total_base = 0.0
    worst = 0.0
    for deck in cat.decks:
        t = time.perf_counter()
        first = sheets.render_deck_pdf(deck, "ja", "a4", BASE, root=cat.root)
        cold = time.perf_counter() - t
        ops, pagesize = record_deck(deck, "ja", "a4", cat.root)

        def ours_once(d=deck):
            qr_matrix.cache_clear()  # every run encodes its QR codes afresh
            replay._BOOKS.clear()  # and draws the deck's faces afresh
            return sheets.render_deck_pdf(d, "ja", "a4", BASE, root=cat.root)

        def again(d=deck):  # another PDF of the same deck: faces drawn already
            return sheets.render_deck_pdf(d, "ja", "letter", BASE, root=cat.root)

        ours, pdf = best_of(ours_once, args.repeat)
        placed, _ = best_of(again, args.repeat)
        urls = sorted({card_url(BASE, "ja", deck.id, c.id) for c in sheets.deck_cards(deck)})
        base, bpdf = best_of(lambda o=ops, p=pagesize, u=urls: baseline(o, p, u), args.repeat)
        draw_only, _ = best_of(lambda o=ops, p=pagesize: baseline(o, p), args.repeat)
        assert pdf == first, "not reproducible"
        ratio = ours / base
        worst = max(worst, ratio)
        total_ours += ours
        total_base += base
        print(
            f"{deck.id:<12}{len(sheets.deck_cards(deck)):>6}{ours:>13.3f}{cold:>13.3f}"
            f"{base:>12.3f}{ratio:>7.2f}x{len(pdf) / 1024:>9.0f}{len(bpdf) / 1024:>13.0f}"
            f"{ours / draw_only:>12.2f}x{placed:>10.3f}"
        )
    print(
        f"{'all decks':<18}{total_ours:>13.3f}{'':>13}{total_base:>12.3f}"
        f"{total_ours / total_base:>7.2f}x"
    )
    print(f"goal <= 1.5x: {'met' if worst <= 1.5 else 'NOT met'} (worst deck {worst:.2f}x)")
    if not args.skip_full:
        full_build_and_watch(args.watch_edits, args.before, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
