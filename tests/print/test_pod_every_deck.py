"""Every deck's print-on-demand PNGs, for every service, read back from disk.

A publisher uploads one image per printed card face and one for the back, so a
card missing from the folder (a rule card's second card, r1-2) is a card missing
from the printed deck. What must be there is read from a different file, the
deck's print-shop PDF (one page per card face, labelled by card), and each
image's pixels from the service's published trim and bleed
(``preflight_services.toml``), not from the templates the export draws with.
"""

from __future__ import annotations

import hashlib
import io

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from cardpress.print.cli import build_command
from cardpress.print.export import export_pod_images
from cardpress.print.pod import POD_TEMPLATES
from cardpress.print.preflight import services
from cardpress.print.qr import card_url
from tests.print.helpers import BASE, catalogue, decode, shop_pdf

DECKS = ("triptych", "ultimatch", "eshi100")
LANGS = ("en", "ja")
MM_PER_INCH = 25.4


def _faces(deck: str, lang: str) -> set[str]:
    """The card faces the print-shop PDF prints, by the page labels it gives them."""
    labels = PdfReader(io.BytesIO(shop_pdf(deck, lang))).page_labels
    return {label for label in labels if not label.endswith("/back")}


def _pixels(service: str) -> tuple[int, int]:
    """The whole image a service asks for: its trim plus a bleed each side, at its dpi."""
    s = services()[service]
    assert s.trim is not None
    dpi = POD_TEMPLATES[service].dpi
    return tuple(round((side + 2 * s.bleed) / MM_PER_INCH * dpi) for side in s.trim)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck", DECKS)
def test_every_printed_face_and_the_back_for_every_service(tmp_path, deck: str, lang: str) -> None:
    cat = catalogue()
    faces = _faces(deck, lang)
    for service, template in POD_TEMPLATES.items():
        written = export_pod_images(cat.deck(deck), lang, BASE, tmp_path, service, root=cat.root)
        folder = tmp_path / lang / "pod" / service / deck
        assert {p.parent for p in written} == {folder}
        on_disk = {p.name for p in folder.iterdir()}
        assert on_disk == {f"{face}.png" for face in faces} | {"back.png"}, service
        assert sorted(on_disk) == sorted(p.name for p in written)
        digests = set()
        for path in sorted(folder.iterdir()):
            img = Image.open(path)
            img.load()  # a truncated or corrupt file fails here
            assert img.format == "PNG" and img.mode == "RGB", path.name
            assert img.size == _pixels(service), f"{service} {path.name}"
            assert tuple(round(d) for d in img.info["dpi"]) == (template.dpi, template.dpi)
            digests.add(hashlib.sha256(img.tobytes()).hexdigest())
        # no two faces drawn alike: each PNG is its own card, the back is not a face
        assert len(digests) == len(on_disk), service


@pytest.mark.parametrize("deck", DECKS)
def test_each_face_png_is_its_card(tmp_path, deck: str) -> None:
    """A phone scanning a PNG's QR code opens that card's page (or, on a rule card's
    second card, the page of the rule card it continues)."""
    cat = catalogue()
    export_pod_images(cat.deck(deck), "en", BASE, tmp_path, "thegamecrafter", root=cat.root)
    folder = tmp_path / "en" / "pod" / "thegamecrafter" / deck
    scanned = 0
    for face in sorted(_faces(deck, "en")):
        codes = decode(Image.open(folder / f"{face}.png").convert("RGB"))
        if codes:
            card = face.split("-")[0] if deck == "triptych" else face
            assert codes == [card_url(BASE, "en", deck, card)], face
            scanned += 1
    assert scanned, f"no QR code read on any {deck} PNG"


def test_a_failed_build_says_what_failed_in_lines(tmp_path) -> None:
    """A job that cannot write its file is reported by file and reason, one line each."""
    blocked = tmp_path / "en" / "pod" / "thegamecrafter" / "ultimatch" / "back.png"
    blocked.mkdir(parents=True)  # a folder where the PNG goes: the write fails
    args = ["--lang", "en", "--paper", "a4", "--deck", "ultimatch", "--no-print-shop"]
    args += ["--no-rules", "--no-images", "--jobs", "1", "--base-url", BASE]
    args += ["--out", str(tmp_path), "--pod", "thegamecrafter"]
    result = CliRunner().invoke(build_command, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "<generator" not in result.output
    failed = [line for line in result.output.splitlines() if line.startswith("cardpress: ")]
    assert len(failed) == 1, result.output
    assert failed[0].startswith("cardpress: failed: en/pod/thegamecrafter/ultimatch/back.png: ")
    assert "Is a directory" in failed[0] or "IsADirectoryError" in failed[0], failed[0]
    # the deck sheet, which did not fail, was written all the same
    assert (tmp_path / "en" / "decks" / "ultimatch-a4.pdf").stat().st_size > 0
