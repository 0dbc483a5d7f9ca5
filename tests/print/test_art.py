from __future__ import annotations

import dataclasses
import functools
import io
import itertools
import warnings
from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.art import draw_card_art
from cardpress.print.fonts import SANS, register_fonts
from tests.print.helpers import catalogue


def _ops(card, root=None) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1, initialFontName=SANS, pageCompression=0)
    draw_card_art(c, card, 10, 10, 150, 110, root=root)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_art_is_deterministic_per_card_and_differs_between_cards():
    t = catalogue().triptych
    assert _ops(t.card("m1")) == _ops(t.card("m1"))
    assert _ops(t.card("m1")) != _ops(t.card("m2"))
    assert _ops(t.card("g1")) != _ops(t.card("v1"))


def _art_box(card):
    """One card's art box alone, rasterised (RGB, 72 dpi)."""
    from cardpress.print.export import rasterise_images

    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(150, 115), invariant=1, initialFontName=SANS)
    draw_card_art(c, card, 0, 0, 150, 115)
    c.showPage()
    c.save()
    return rasterise_images(buf.getvalue(), 72)[0]


def test_a_forgery_is_a_mirrored_copy_in_slid_hues():
    """A forger's copy of a painting is mirrored (copied from a reversed print) and its
    hues are off: its light and shade follow the painting flipped far better than the
    painting itself, and its colours have moved round the colour wheel."""
    import numpy as np
    from PIL import ImageFilter, ImageOps

    def shade(im) -> np.ndarray:
        return np.asarray(im.convert("L").filter(ImageFilter.GaussianBlur(3)), dtype=float)

    def likeness(a: np.ndarray, b: np.ndarray) -> float:  # correlation: blind to the palette
        a, b = a - a.mean(), b - b.mean()
        return float((a * b).sum() / np.sqrt((a * a).sum() * (b * b).sum()))

    t = catalogue().triptych
    for real_id, forgery_id in (("m3", "fm"), ("g5", "fg"), ("v1", "fv")):
        real = t.card(real_id)
        copy = _art_box(dataclasses.replace(t.card(forgery_id), id=real_id, title=real.title))
        original = _art_box(real)
        mirrored = likeness(shade(copy), shade(ImageOps.mirror(original)))
        straight = likeness(shade(copy), shade(original))
        assert mirrored > 0.8 and mirrored > straight + 0.1, (real_id, mirrored, straight)
        hues = [np.asarray(im.convert("HSV"), dtype=float)[..., 0] for im in (copy, original)]
        turned = np.abs((hues[0] - hues[1][:, ::-1] + 128) % 256 - 128).mean()
        assert turned > 8, (real_id, turned)  # of 256 steps round the wheel


def test_missing_image_warns_and_draws_a_placeholder(tmp_path: Path):
    card = dataclasses.replace(catalogue().triptych.card("m1"), image=Path("art/nope.png"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdf = _ops(card, root=tmp_path)
    assert any("nope.png" in str(w.message) for w in caught)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "nope.png" in text  # the placeholder names the missing picture
    assert pdf != _ops(catalogue().triptych.card("m1"))  # instead of the generated art


def test_image_file_replaces_generated_art(tmp_path: Path):
    from PIL import Image

    (tmp_path / "art").mkdir()
    # big enough for 300 dpi in the art window (53 x 40 mm): a smaller one is warned about
    Image.new("RGB", (700, 530), (200, 10, 10)).save(tmp_path / "art" / "m1.png")
    card = dataclasses.replace(catalogue().triptych.card("m1"), image=Path("art/m1.png"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pdf = _ops(card, root=tmp_path)
    assert b"/Image" in pdf or b"/XObject" in pdf


def _art_images():
    """Each painting's art box alone, rasterised: (card id, image)."""
    import io as _io

    from reportlab.pdfgen.canvas import Canvas as _Canvas

    from cardpress.print.art import draw_card_art
    from cardpress.print.export import rasterise_images
    from cardpress.print.fonts import SANS as _SANS
    from cardpress.print.fonts import register_fonts as _register
    from tests.print.helpers import catalogue

    _register()
    cat = catalogue()
    cards = [c for c in cat.deck("triptych").cards if str(c.kind) == "painting"]
    buf = _io.BytesIO()
    c = _Canvas(buf, pagesize=(150, 115), invariant=1, initialFontName=_SANS)
    for card in cards:
        draw_card_art(c, card, 0, 0, 150, 115, root=cat.root)
        c.showPage()
    c.save()
    return list(zip([card.id for card in cards], rasterise_images(buf.getvalue(), 72), strict=True))


def test_every_painting_is_its_own_picture():
    """No two of the 24 paintings' art is near-identical (perceptual hash, every pair)."""
    import imagehash

    hashes = [(cid, imagehash.phash(img, hash_size=8)) for cid, img in _art_images()]
    assert len(hashes) == 24
    close = [
        (a, b, ha - hb)
        for i, (a, ha) in enumerate(hashes)
        for b, hb in hashes[i + 1 :]
        if ha - hb < 12
    ]
    assert not close, f"near-identical art (pHash distance of 64 bits): {close}"


# --------------------------------------------------------------------------- the brush strokes

NUM = rb"(-?[\d.]+)"


def _strokes_drawn(pdf: bytes) -> list[dict]:
    """The brush strokes in an uncompressed one-picture PDF, read from its operators.

    Each stroke is a path ended by ``S`` after a ``RG`` colour: its colour and its
    points (move-to, curve end points), in the page's coordinates.
    """
    import re

    content = pdf.split(b"stream", 1)[1]
    strokes, colour, scale = [], None, 1.0
    for line in content.split(b"\n"):
        cm = re.fullmatch(rb"(-?[\d.]+) 0 0 (-?[\d.]+) -?[\d.]+ -?[\d.]+ cm", line.strip())
        if cm:  # the art's own scales (into its box, then tenths of a point): points in pt
            scale *= float(cm.group(1))
            continue
        m = re.fullmatch(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) RG", line.strip())
        if m:
            colour = tuple(float(v) for v in m.groups())
            continue
        if not line.endswith(b" S") or colour is None:
            continue
        nums = [float(v) for v in re.findall(NUM, line)]
        ops = re.findall(rb"[mcl]\b", line)
        pts, k = [], 0
        for op in ops:
            take = 6 if op == b"c" else 2
            seg = nums[k : k + take]
            k += take
            pts.append((seg[-2] * scale, seg[-1] * scale))
        strokes.append({"colour": colour, "points": pts})
    return strokes


def _stats(strokes: list[dict]) -> dict[str, float]:
    """Mean stroke length (pt), mean turning per stroke (radians), colour spread of neighbours."""
    import math
    import statistics

    lengths, turns = [], []
    for s in strokes:
        p = s["points"]
        lengths.append(sum(math.dist(a, b) for a, b in itertools.pairwise(p)))
        turn = 0.0
        for a, b, c in zip(p, p[1:], p[2:], strict=False):
            a1 = math.atan2(b[1] - a[1], b[0] - a[0])
            a2 = math.atan2(c[1] - b[1], c[0] - b[0])
            turn += abs((a2 - a1 + math.pi) % (2 * math.pi) - math.pi)
        turns.append(turn)
    cells: dict[tuple[int, int], list[tuple[float, ...]]] = {}
    for s in strokes:
        x, y = s["points"][0]
        cells.setdefault((int(x // 6), int(y // 6)), []).append(s["colour"])
    spread = [
        statistics.pvariance([sum(c) / 3 for c in cs])
        + statistics.pvariance([c[0] - c[2] for c in cs])
        for cs in cells.values()
        if len(cs) >= 3
    ]
    return {
        "length": statistics.mean(lengths),
        "turning": statistics.mean(turns),
        "colour": statistics.mean(spread),
    }


@functools.cache
def _picture_stats() -> dict[str, tuple[str, dict[str, float]]]:
    """Each painting's stroke statistics, by card id: (painter, stats)."""
    t = catalogue().triptych
    return {
        card.id: (str(card.painter), _stats(_strokes_drawn(_ops(card))))
        for card in t.cards
        if str(card.kind) == "painting"
    }


def _by_painter() -> dict[str, dict[str, dict[str, float]]]:
    out: dict[str, dict[str, dict[str, float]]] = {}
    for cid, (painter, st) in _picture_stats().items():
        out.setdefault(painter, {})[cid] = st
    return out


def _failing(mine: dict, theirs: dict, key: str, factor: float) -> list[tuple]:
    """Pairs (picture, other painter's picture) where mine[key] <= factor * theirs[key]."""
    return [
        (a, round(sa[key], 3), b, round(sb[key], 3))
        for a, sa in mine.items()
        for b, sb in theirs.items()
        if not sa[key] > factor * sb[key]
    ]


def test_every_picture_is_painted_in_its_painters_manner():
    """Measured per picture, against every picture of the other painters, so one
    picture painted in the wrong manner fails: every Van Gogh's strokes are long,
    turn and vary in colour; every Vermeer's glazes are longer than any Monet dab
    and straighter than any Van Gogh stroke; every Monet is short dabs."""
    p = _by_painter()
    gogh, monet, vermeer = p["gogh"], p["monet"], p["vermeer"]
    assert (len(gogh), len(monet), len(vermeer)) == (8, 8, 8)
    outdoor = {k: v for k, v in gogh.items() if k not in ("g1", "g3")}  # Bedroom, Sunflowers
    assert not _failing(gogh, monet, "length", 2.0)
    assert not _failing(vermeer, monet, "length", 1.3)
    assert not _failing(gogh, vermeer, "length", 1.0)
    assert not _failing(gogh, vermeer, "turning", 1.4)
    assert not _failing(gogh, monet, "turning", 1.0)
    assert not _failing(outdoor, monet, "turning", 1.5)
    assert not _failing(gogh, monet, "colour", 1.2)
    assert not _failing(gogh, vermeer, "colour", 1.2)
    assert len(_strokes_drawn(_ops(catalogue().triptych.card("m1")))) > 500


def test_monet_breaks_his_colour_more_than_vermeer_glazes():
    """Pooled over the eight pictures each: Monet's neighbouring dabs differ in colour
    more than Vermeer's glazes. Per picture the two overlap (the haziest Monets are as
    even as the most varied Vermeer), so this one is a mean of picture means."""
    import statistics

    p = _by_painter()
    monet = statistics.mean(s["colour"] for s in p["monet"].values())
    vermeer = statistics.mean(s["colour"] for s in p["vermeer"].values())
    assert monet > 1.2 * vermeer, (monet, vermeer)


def test_van_gogh_indoors_keeps_the_furniture_and_the_vase():
    """The Bedroom and the Sunflowers are painted without the sky's vortices: their strokes
    turn clearly less than the Starry Night's (read from the drawn paths)."""
    t = catalogue().triptych
    turning = {i: _stats(_strokes_drawn(_ops(t.card(i))))["turning"] for i in ("g1", "g3", "g5")}
    assert turning["g1"] < 0.7 * turning["g5"], turning
    assert turning["g3"] < 0.7 * turning["g5"], turning


def test_a_forgery_is_painted_off_its_painters_manner():
    """A forger's strokes all run one way, where the painter's follow the picture."""
    import math
    import statistics

    t = catalogue().triptych

    def directions(card) -> float:
        angles = []
        for s in _strokes_drawn(_ops(card)):
            p = s["points"]
            if len(p) >= 2 and math.dist(p[0], p[-1]) > 1:
                angles.append(math.atan2(p[-1][1] - p[0][1], p[-1][0] - p[0][0]) % math.pi)
        # spread of the (undirected) angles: 0 when every stroke runs one way
        return 1 - math.hypot(
            statistics.mean(math.cos(2 * a) for a in angles),
            statistics.mean(math.sin(2 * a) for a in angles),
        )

    for painting, forgery in (("m1", "fm"), ("g5", "fg"), ("v1", "fv")):
        assert directions(t.card(forgery)) < 0.5 * directions(t.card(painting)), forgery


def test_pictures_are_painted_once_before_the_workers_fork(monkeypatch):
    """``warm_cards`` paints every picture over two processes; drawing then paints none."""
    from cardpress.print.art import painterly, warm_cards

    t = catalogue().triptych
    cards = [c for c in t.cards if str(c.kind) == "painting"][:6]
    before = {k: v for k, v in painterly._painted.items()}
    for card in cards:
        painterly._painted.pop(painterly_key(card), None)
    warm_cards(cards, jobs=2)
    assert all(painterly_key(c) in painterly._painted for c in cards)

    def no_painting(picture):
        raise AssertionError(f"painted again: {picture}")

    monkeypatch.setattr(painterly, "_paint", no_painting)
    for card in cards:
        _ops(card)
    painterly._painted.update(before)


def test_painted_strokes_are_kept_for_the_next_build(tmp_path: Path, monkeypatch):
    """A build's cache folder gives the next process the same strokes (so the same PDF
    bytes) without painting; a broken cache file is painted again, never an error."""
    from cardpress.print.art import painterly, warm_cards

    t = catalogue().triptych
    cards = [t.card("v1"), t.card("g3")]
    keys = [painterly_key(c) for c in cards]
    before = {k: painterly._painted.pop(k) for k in keys if k in painterly._painted}
    pdfs = {}
    try:
        warm_cards(cards, cache_dir=tmp_path)
        kept = sorted(tmp_path.rglob("*.strokes"))
        assert len(kept) == 2
        pdfs = {c.id: _ops(c) for c in cards}
        painted = {k: painterly._painted.pop(k) for k in keys}

        def no_painting(picture):
            raise AssertionError(f"painted again: {picture}")

        monkeypatch.setattr(painterly, "_paint", no_painting)
        warm_cards(cards, cache_dir=tmp_path)
        assert {k: painterly._painted[k] for k in keys} == painted
        assert {c.id: _ops(c) for c in cards} == pdfs

        kept[0].write_bytes(b"not strokes")
        for k in keys:
            painterly._painted.pop(k)
        monkeypatch.undo()
        warm_cards(cards, cache_dir=tmp_path)
        assert {k: painterly._painted[k] for k in keys} == painted
    finally:
        painterly._painted.update(before)


def painterly_key(card):
    from cardpress.print.art import picture_of

    return picture_of(card)


def test_the_art_is_the_same_bytes_in_a_fresh_process():
    """Seeded per card, never by the process: two interpreters (hash seeds apart) agree."""
    import os
    import subprocess
    import sys

    script = (
        "import io,hashlib\n"
        "from reportlab.pdfgen.canvas import Canvas\n"
        "from cardpress.catalogue import load_catalogue\n"
        "from cardpress.print.art import draw_card_art\n"
        "t = load_catalogue().triptych\n"
        "buf = io.BytesIO(); c = Canvas(buf, invariant=1)\n"
        "for i in ('m3', 'g4', 'v6', 'fv', 'ml'):\n"
        "    draw_card_art(c, t.card(i), 10, 10, 150, 115); c.showPage()\n"
        "c.save(); print(hashlib.sha256(buf.getvalue()).hexdigest())\n"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            check=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(digests) == 1


# --------------------------------------------------------------------------- 絵師100人展 proxies


def _proxy_ops(deck, card, w=143.4, h=108.4) -> bytes:
    from cardpress.print.art import draw_proxy_art

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(w + 20, h + 20), invariant=1, pageCompression=0)
    draw_proxy_art(c, deck, card, 10, 10, w, h)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_proxies_are_painted_in_their_picture_boxes_shape(monkeypatch):
    """The proxies' canvas has the shape of a poker proxy's picture box at its full height,
    so the painting fills the box (issue 26: a canvas half as tall showed the middle of its
    width); a shorter box (long effect text) still shows over three fifths of its height."""
    from cardpress.print.art import eshi100, painterly
    from cardpress.print.export import render_print_shop_pdf

    register_fonts()
    boxes = []
    draw = painterly.draw_painted

    def record(canvas, style, seed_key, x, y, w, h, **kw):
        boxes.append((w, h))
        draw(canvas, style, seed_key, x, y, w, h, **kw)

    monkeypatch.setattr(painterly, "draw_painted", record)
    cat = catalogue()
    render_print_shop_pdf(cat.eshi100, "en", "https://x.org", root=cat.root, backs=False)
    cw, ch = eshi100.CANVAS
    tallest = max(boxes, key=lambda b: b[1])
    assert abs(cw / ch - tallest[0] / tallest[1]) < 0.01 * cw / ch, (eshi100.CANVAS, tallest)
    for w, h in boxes:  # how much of the canvas's height a box shows
        assert (w / h) / (cw / ch) < 1.6, (w, h)


def test_every_proxy_has_an_illustration_of_its_own():
    """Each proxy's picture is painted (hundreds of strokes), and no two look alike."""
    import imagehash

    from cardpress.print.export import rasterise_images

    deck = catalogue().eshi100
    pdfs = [(card.id, _proxy_ops(deck, card)) for card in deck.types]
    for card_id, pdf in pdfs:
        assert len(_strokes_drawn(pdf)) > 300, card_id
    hashes = [(cid, imagehash.phash(rasterise_images(pdf, 72)[0])) for cid, pdf in pdfs]
    close = [
        (a, b, ha - hb)
        for i, (a, ha) in enumerate(hashes)
        for b, hb in hashes[i + 1 :]
        if ha - hb < 10
    ]
    assert not close, close


def test_neighbouring_proxies_are_painted_in_different_styles():
    """Seven illustrators' hands in turn: next to each other, two proxies' strokes differ
    by at least a third in length, turning or colour spread (read from the paths)."""
    deck = catalogue().eshi100
    stats = [_stats(_strokes_drawn(_proxy_ops(deck, card))) for card in deck.types]
    for a, b in itertools.pairwise(stats):
        assert any(abs(a[k] - b[k]) > 0.33 * max(a[k], b[k]) for k in a), (a, b)


def test_painters_keep_the_strokes_and_send_back_only_the_operators(tmp_path: Path, monkeypatch):
    """Painting over two processes with a cache folder: the strokes stay in the folder (a
    build prints operators), and are read from there, not painted, when asked for."""
    from cardpress.print.art import painterly

    t = catalogue().triptych
    keys = [painterly_key(c) for c in t.cards if str(c.kind) == "painting"][4:8]
    before = {k: painterly._painted.pop(k) for k in keys if k in painterly._painted}
    formatted = {
        k: painterly._formatted.pop((k, None)) for k in keys if (k, None) in painterly._formatted
    }
    try:
        painterly.warm(keys, jobs=2, cache_dir=tmp_path)
        assert not any(k in painterly._painted for k in keys)
        assert len(list(tmp_path.rglob("*.strokes"))) == len(keys)

        def no_painting(picture):
            raise AssertionError(f"painted again: {picture}")

        monkeypatch.setattr(painterly, "_paint", no_painting)
        for k in keys:
            sent = [str(ops) for _, ops in painterly._formatted[(k, None)]]
            assert sent == [str(ops) for _, ops in painterly._write_operators(*k, None)]
    finally:
        for k in keys:
            painterly._kept.pop(k, None)
        painterly._painted.update(before)
        painterly._formatted.update({(k, None): v for k, v in formatted.items()})
