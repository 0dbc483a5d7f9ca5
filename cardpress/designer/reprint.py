"""The reprint pack: only the cards that print differently, ready to swap into a box.

For each language (under ``--out``, default ``build/reprint/``)::

    <lang>/changelog-<paper>.pdf           what changed, typeset like the rule sheets
    <lang>/decks/<deck>-<paper>.pdf        the changed and added cards with their backs,
                                           laid out and duplexed as the full deck
                                           (same card size, duplex mode, gutters)
    <lang>/print-shop/<deck>.pdf           the same cards, one side a page, 3 mm bleed
    <lang>/png/<deck>/<card-id>.png        the same cards at 300 dpi with bleed, and back.png

A 絵師100人展 card prints as many copies as the deck holds. The pack is
written into a fresh folder that then replaces the previous pack whole, so
no file of an older pack is left behind and a failure leaves the old pack.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cardpress.print.build import deck_pdf_name

MARKER = ".cardpress-reprint"


@dataclass(frozen=True)
class PackOptions:
    langs: tuple[str, ...]
    papers: tuple[str, ...]
    base_url: str
    out: Path
    size: str = "poker"
    duplex: str = "long"
    gutter: bool = True


def pack_cards(deck, ids: list[str]) -> tuple:
    """The deck's printed cards (every copy, deck order) whose id is in ``ids``."""
    from cardpress.print.sheets import deck_cards

    wanted = set(ids)
    return tuple(c for c in deck_cards(deck) if c.id in wanted)


def write_pack(
    catalogue, reprint: dict[str, list[str]], opts: PackOptions, changelogs
) -> list[Path]:
    """Write the pack; ``changelogs(lang, paper) -> bytes`` draws each changelog sheet.

    Returns the files written, relative to ``opts.out``.
    """
    from cardpress.print.export import rasterise_pngs
    from cardpress.print.layout import SIZES
    from cardpress.print.sheets import render_back_pdf, render_deck_pdf, render_print_shop_pdf

    out = Path(opts.out)
    if out.exists() and any(out.iterdir()) and not (out / MARKER).exists():
        raise FileExistsError(f"{out} holds files that are not a reprint pack: choose --out")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    written: list[Path] = []

    def put(rel: Path, data: bytes) -> None:
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / rel).write_bytes(data)
        written.append(rel)

    try:
        (tmp / MARKER).write_text("written by cardpress diff; replaced whole by the next one\n")
        for lang in opts.langs:
            for deck_id, ids in reprint.items():
                if not ids:
                    continue
                deck = catalogue.deck(deck_id)
                cards = pack_cards(deck, ids)
                root = catalogue.root
                for paper in opts.papers:
                    name = deck_pdf_name(deck_id, paper, opts.size, opts.duplex)
                    pdf = render_deck_pdf(
                        deck, lang, paper, opts.base_url, size=opts.size, duplex=opts.duplex,
                        root=root, cards=cards, gutter=opts.gutter,
                    )  # fmt: skip
                    put(Path(lang, "decks", name), pdf)
                suffix = "" if opts.size == "poker" else f"-{opts.size}"
                shop = render_print_shop_pdf(
                    deck, lang, opts.base_url, size=opts.size, root=root, cards=cards
                )
                put(Path(lang, "print-shop", f"{deck_id}{suffix}.pdf"), shop)
                kinds = _unique(cards)
                faces = render_print_shop_pdf(
                    deck, lang, opts.base_url, size=SIZES[opts.size], root=root,
                    cards=kinds, backs=False,
                )  # fmt: skip
                from cardpress.print.faces import printed_cards
                from cardpress.print.typeset import Ctx

                printed = printed_cards(deck, kinds, Ctx(lang, opts.base_url, SIZES[opts.size]))
                folder = Path(lang, "png", f"{deck_id}{suffix}")
                for card, png in zip(printed, rasterise_pngs(faces, 300), strict=True):
                    put(folder / f"{card.id}.png", png)
                back = render_back_pdf(deck, lang, opts.base_url, size=opts.size)
                put(folder / "back.png", rasterise_pngs(back, 300)[0])
            for paper in opts.papers:
                put(Path(lang, f"changelog-{paper}.pdf"), changelogs(lang, paper))
        if out.exists():
            old = out.with_name(f".{out.name}-old")
            shutil.rmtree(old, ignore_errors=True)
            out.rename(old)
            tmp.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return written


def _unique(cards) -> tuple:
    seen: dict[str, object] = {}
    for card in cards:
        seen.setdefault(card.id, card)
    return tuple(seen.values())


def planned_files(reprint: dict[str, list[str]], opts: PackOptions) -> list[str]:
    """The pack's files as the changelog lists them (before they are drawn)."""
    files = []
    suffix = "" if opts.size == "poker" else f"-{opts.size}"
    for deck_id, ids in reprint.items():
        if not ids:
            continue
        for paper in opts.papers:
            files.append(f"<lang>/decks/{deck_pdf_name(deck_id, paper, opts.size, opts.duplex)}")
        files.append(f"<lang>/print-shop/{deck_id}{suffix}.pdf")
        files.append(f"<lang>/png/{deck_id}{suffix}/<card-id>.png, back.png")
    return files
