"""Write a contact sheet of every Triptych face and every 絵師100人展 proxy face.

    .venv/bin/python tools/contact_sheet.py [--lang en] [--dpi 90] [--out build/contact-sheet.png]

One PNG: Triptych's card types in deck order (the paintings, the forgeries,
the Mona Lisa, the rule cards), then the proxies, each face as the PNG export
draws it, on a grey ground. It is how the generated art is judged as a whole,
side by side, before a print run (issue 26).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image

from cardpress.catalogue import load_catalogue
from cardpress.print.export import card_pngs
from cardpress.print.fonts import register_fonts
from cardpress.vocabulary import LANGS

BASE = "https://referee.example.org"
COLUMNS = 8
GAP = 12
GROUND = (96, 96, 96)


def sheet(lang: str, dpi: int) -> Image.Image:
    cat = load_catalogue()
    rows: list[list[Image.Image]] = []
    for deck in (cat.triptych, cat.eshi100):
        faces = card_pngs(deck, lang, dpi=dpi, base_url=BASE, root=cat.root)
        tiles = [Image.open(io.BytesIO(png)).convert("RGB") for png in faces.values()]
        rows += [tiles[i : i + COLUMNS] for i in range(0, len(tiles), COLUMNS)]
    tw = max(t.width for row in rows for t in row)
    th = max(t.height for row in rows for t in row)
    out = Image.new("RGB", (GAP + COLUMNS * (tw + GAP), GAP + len(rows) * (th + GAP)), GROUND)
    for r, row in enumerate(rows):
        for c, tile in enumerate(row):
            out.paste(tile, (GAP + c * (tw + GAP), GAP + r * (th + GAP)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument("--dpi", type=int, default=90)
    parser.add_argument("--out", type=Path, default=Path("build/contact-sheet.png"))
    args = parser.parse_args()
    register_fonts()
    image = sheet(args.lang, args.dpi)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    image.save(args.out, optimize=True)
    print(f"{args.out} {image.width} x {image.height}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
