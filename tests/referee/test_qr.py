"""Round trip: build decks, render the PDFs, decode every QR code, open every URL."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import zxingcpp
from PIL import Image

from cardpress.print import build

BASE_URL = "http://referee.test"


def build_decks(out: Path, lang: str, decks: tuple[str, ...]) -> list[Path]:
    opts = build.Options(
        langs=(lang,),
        papers=("a4",),
        decks=decks,
        base_url=BASE_URL,
        out=out,
        print_shop=False,
        images=False,
        rules=False,
    )
    build.build(opts)
    pdfs = [out / lang / "decks" / f"{deck}-a4.pdf" for deck in decks]
    for pdf in pdfs:
        assert pdf.is_file(), pdf
    return pdfs


def decode_qr(pdf: Path, workdir: Path) -> list[str]:
    assert shutil.which("pdftoppm"), "pdftoppm (poppler-utils, installed by make test) is missing"
    prefix = workdir / pdf.stem
    subprocess.run(
        ["pdftoppm", "-r", "150", "-png", str(pdf), str(prefix)], check=True, timeout=120
    )
    urls: list[str] = []
    for page in sorted(workdir.glob(pdf.stem + "*.png")):
        with Image.open(page) as image:
            urls.extend(r.text for r in zxingcpp.read_barcodes(image))
    return urls


@pytest.mark.parametrize(
    ("lang", "decks"), [("en", ("triptych",)), ("ja", ("ultimatch", "eshi100"))]
)
def test_every_qr_code_opens_its_card_page(client, tmp_path, lang, decks):
    from cardpress.catalogue import load_catalogue

    catalogue = load_catalogue()
    for pdf in build_decks(tmp_path / "build", lang, decks):
        deck_id = pdf.stem.removesuffix("-a4")
        deck = catalogue.deck(deck_id)
        urls = decode_qr(pdf, tmp_path)
        expected = {c.id for c in (deck.types if deck_id == "eshi100" else deck.cards)}
        seen = set()
        for url in urls:
            parts = urlsplit(url)
            assert f"{parts.scheme}://{parts.netloc}" == BASE_URL, url
            assert parts.path.startswith(f"/{lang}/c/{deck_id}/"), url
            r = client.get(parts.path)
            assert r.status_code == 200, url
            assert f'data-card="{deck_id}/' in r.get_data(as_text=True)
            seen.add(parts.path.rsplit("/", 1)[1])
        assert seen == expected, sorted(expected - seen)
