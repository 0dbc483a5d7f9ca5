"""Regenerate the "after" renders of issue 12 in docs/renders/ from the current code.

    .venv/bin/python tools/renders.py [--out docs/renders]

Writes three small PNGs (the "before" ones beside them were made from the code
before issue 12 and are kept as they are):

- ``art-after.png``: the 24 paintings' art boxes (150 x 115 pt at 72 dpi),
  rows Van Gogh, Monet, Vermeer, each in card order.
- ``fan-after.png``: five Triptych cards fanned in a hand, the right two held
  upside down, as a player holds them: their turned corner index shows.
- ``letter-edge-after.png``: the bottom-left 70 x 45 mm of the first page of the
  English Triptych deck on US Letter at 200 dpi; the blue lines are 5 mm from the
  paper's edges, where home printers start to clip (nothing may cross them).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageDraw
from reportlab.pdfgen.canvas import Canvas

from cardpress.catalogue import load_catalogue
from cardpress.print.art import draw_card_art
from cardpress.print.export import card_pngs, rasterise_images
from cardpress.print.fonts import SANS, register_fonts
from cardpress.print.sheets import render_deck_pdf

BASE = "https://referee.example.org"
FAN = (("m1", 0), ("m4", 0), ("g1", 0), ("m2", 180), ("m5", 180))  # card, turned by
TABLE = (38, 70, 52)  # a green card table


def art_grid(cat) -> Image.Image:
    cards = [c for c in cat.triptych.cards if str(c.kind) == "painting"]
    order = {"gogh": 0, "monet": 1, "vermeer": 2}
    cards.sort(key=lambda c: (order[str(c.painter.value)], c.id))
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(150, 115), invariant=1, initialFontName=SANS)
    for card in cards:
        draw_card_art(c, card, 0, 0, 150, 115, root=cat.root)
        c.showPage()
    c.save()
    tiles = rasterise_images(buf.getvalue(), 72)
    grid = Image.new("RGB", (150 * 8, 115 * 3))
    for i, tile in enumerate(tiles):
        grid.paste(tile, ((i % 8) * 150, (i // 8) * 115))
    return grid


def fan(cat) -> Image.Image:
    pictures = card_pngs(cat.triptych, "en", dpi=72, base_url=BASE, root=cat.root)
    table = Image.new("RGB", (900, 560), TABLE)
    for i, (card_id, turned) in enumerate(FAN):
        face = Image.open(io.BytesIO(pictures[card_id])).convert("RGBA").rotate(turned)
        face = face.resize((face.width * 5 // 4, face.height * 5 // 4), Image.Resampling.LANCZOS)
        angle = 24 - i * 12  # fanned from the left
        tilted = face.rotate(angle, expand=True, resample=Image.Resampling.BICUBIC)
        x = 40 + i * 150 - (tilted.width - face.width) // 2
        y = 40 + abs(i - 2) * 30 - (tilted.height - face.height) // 2
        table.paste(tilted, (x, y), tilted)
    return table


def letter_edge(cat) -> Image.Image:
    dpi = 200
    pdf = render_deck_pdf(cat.triptych, "en", "letter", BASE, root=cat.root)
    page = rasterise_images(pdf, dpi)[0]
    px = dpi / 25.4
    corner = page.crop((0, page.height - round(45 * px), round(70 * px), page.height))
    draw = ImageDraw.Draw(corner)
    edge = round(5 * px)
    draw.line((edge, 0, edge, corner.height), fill=(40, 110, 200), width=1)
    draw.line((0, corner.height - edge, corner.width, corner.height - edge), fill=(40, 110, 200))
    return corner


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/renders"))
    args = parser.parse_args()
    register_fonts()
    cat = load_catalogue()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, image in (
        ("art-after", art_grid(cat)),
        ("fan-after", fan(cat)),
        ("letter-edge-after", letter_edge(cat)),
    ):
        path = args.out / f"{name}.png"
        image.convert("RGB").save(path, optimize=True)  # kept small: they live in git
        print(f"{path} {image.width} x {image.height}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
