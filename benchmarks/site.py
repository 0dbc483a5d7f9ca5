"""Benchmark: the static site, and its card pictures drawn per deck against per card.

The referee draws one card's picture per request (``card_png``: one PDF, one
PDFium render); the static site draws a deck's pictures at once
(``card_pngs``: one PDF for the deck). Both are timed for the same deck
and language in the same run. Then ``cardpress site`` is timed cold (pages
only, into a temporary folder) and warm (nothing changed: up to date).

    .venv/bin/python benchmarks/site.py [--deck ultimatch] [--lang en]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardpress.catalogue import load_catalogue
from cardpress.catalogue.models import card_types
from cardpress.print.export import card_png, card_pngs
from referee.site import SiteOptions, export_site

BASE = "https://cards.example.org"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deck", default="ultimatch")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    catalogue = load_catalogue()
    deck = catalogue.deck(args.deck)
    ids = [card.id for card in card_types(deck)]

    started = time.perf_counter()
    for card_id in ids:
        card_png(deck.id, card_id, args.lang, base_url=BASE, catalogue=catalogue)
    per_card = time.perf_counter() - started
    started = time.perf_counter()
    card_pngs(deck, args.lang, base_url=BASE, root=catalogue.root)
    batch = time.perf_counter() - started
    print(f"pictures of {deck.id} ({len(ids)} cards, {args.lang}, 150 dpi)")
    print(f"  per card (the referee's way): {per_card:6.2f} s")
    print(f"  per deck (the static site):   {batch:6.2f} s  ({per_card / batch:.1f}x faster)")

    with tempfile.TemporaryDirectory(prefix="cardpress-site-") as tmp:
        opts = SiteOptions(BASE, Path(tmp), images=False)
        cold = export_site(opts)
        warm = export_site(opts)
    print(f"site, pages only: cold {cold.seconds:.2f} s ({len(cold.written)} files), "
          f"warm {warm.seconds:.2f} s (up to date: {warm.up_to_date})")  # fmt: skip


if __name__ == "__main__":
    main()
