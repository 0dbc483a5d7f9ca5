"""Benchmark: cardpress's deck PDFs against plain ReportLab drawing the same primitives.

For every deck (Japanese, A4) we time ``render_deck_pdf`` and a baseline in
the same run. The baseline is the straight-line ReportLab script a person
would write by hand once every coordinate is known: it replays, call by call,
the exact canvas, path and text-object primitives cardpress issued (recorded
once through a proxy), on a fresh ``Canvas``, then saves; like any script
that prints QR codes it also encodes each card's URL with ``qrcode``. So the ratio is the
price of cardpress's layout, art generation, QR encoding and text fitting on
top of ReportLab's own drawing and PDF writing. Goal: at most 1.5x.

Then the full ``cardpress build`` (everything, --jobs 2, into a temporary
folder) is timed, cold and then warm (every output up to date).

    .venv/bin/python benchmarks/build.py [--repeat N] [--skip-full]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

from cardpress.catalogue import load_catalogue
from cardpress.print import sheets
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
    try:
        sheets.render_deck_pdf(deck, lang, paper, BASE, root=root)
    finally:
        sheets.new_canvas = original
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-full", action="store_true")
    args = parser.parse_args()
    register_fonts()
    cat = load_catalogue()
    print(
        "cardpress s: best of --repeat runs, QR codes encoded afresh each run; first run s:"
        " the first render in this process (font loading included)"
    )
    print(
        "baseline s: the recorded primitives replayed on a bare Canvas, plus encoding each"
        " card's QR with qrcode as any script must; 'vs drawing': against the replay alone"
    )
    print(
        f"{'deck':<12}{'cards':>6}{'cardpress s':>13}{'first run s':>13}{'baseline s':>12}"
        f"{'ratio':>8}{'PDF KB':>9}{'baseline KB':>13}{'vs drawing':>13}"
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
            return sheets.render_deck_pdf(d, "ja", "a4", BASE, root=cat.root)

        ours, pdf = best_of(ours_once, args.repeat)
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
            f"{ours / draw_only:>12.2f}x"
        )
    print(
        f"{'all decks':<18}{total_ours:>13.3f}{'':>13}{total_base:>12.3f}"
        f"{total_ours / total_base:>7.2f}x"
    )
    print(f"goal <= 1.5x: {'met' if worst <= 1.5 else 'NOT met'} (worst deck {worst:.2f}x)")
    if not args.skip_full:
        from cardpress.print.build import Options, build

        with tempfile.TemporaryDirectory() as tmp:
            opts = Options(out=Path(tmp), base_url=BASE, jobs=2)
            t = time.perf_counter()
            report = build(opts)
            cold = time.perf_counter() - t
            files = [p for p in Path(tmp).rglob("*") if p.is_file()]
            size = sum(p.stat().st_size for p in files)
            pdfs = [p for p in files if p.suffix == ".pdf"]
            pdf_size = sum(p.stat().st_size for p in pdfs)
            t = time.perf_counter()
            again = build(opts)
            warm = time.perf_counter() - t
        print(
            f"full build (--jobs 2): {cold:.1f} s, {len(report.built)} files, "
            f"{size / 1e6:.1f} MB in all, {len(pdfs)} PDFs {pdf_size / 1e6:.1f} MB; "
            f"failed jobs {len(report.failed)}"
        )
        print(f"rebuild with nothing changed: {warm:.2f} s ({len(again.skipped)} outputs skipped)")
        print(f"full build goal <= 10 s: {'met' if cold <= 10 else 'NOT met'} ({cold:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
