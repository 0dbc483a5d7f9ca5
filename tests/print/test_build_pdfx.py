"""`cardpress build --pdfx --pod SERVICE` end to end, its files read back as a print
service's upload check reads them.

The unit tests (test_pdfx.py, test_preflight.py) convert a print-shop file by calling
the converters; this runs the build command itself, so the job that writes the PDF/X
files is scheduled, named and written where the README says. Ghostscript flattens the
X-1a file's pages, so the deck is the smallest (絵師100人展, 40 cards) and one service.
"""

from __future__ import annotations

import pikepdf
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardpress.print.cli import build_command
from cardpress.print.marks import pdf_marks
from cardpress.print.preflight import preflight
from tests.print.helpers import BASE


def _spaces(doc: pikepdf.Pdf) -> set[str]:
    return {m.space for marks in pdf_marks(doc) for m in marks if m.kind in ("text", "shape")}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The build's output folder after ``--pdfx --pod drivethrucards`` (built once: the
    X-1a file's flattening takes a minute)."""
    out = tmp_path_factory.mktemp("pdfx") / "build"
    args = ["--lang", "en", "--deck", "eshi100", "--no-rules"]
    args += ["--paper", "a4", "--jobs", "1", "--base-url", BASE, "--out", str(out)]
    args += ["--pdfx", "--pod", "drivethrucards"]
    result = CliRunner().invoke(build_command, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def test_build_pdfx_and_pod_write_files_their_preflight_passes(built) -> None:
    out = built
    x4 = out / "en" / "print-shop" / "eshi100-pdfx4.pdf"
    x1a = out / "en" / "pod" / "drivethrucards" / "eshi100.pdf"
    for path, version in ((x4, "PDF/X-4"), (x1a, "PDF/X-1a:2003")):
        with pikepdf.open(path) as doc:
            assert str(doc.trailer.Info.GTS_PDFXVersion) == version, path
            (intent,) = list(doc.Root.OutputIntents)
            assert str(intent.S) == "/GTS_PDFX" and int(intent.DestOutputProfile.N) == 4
            assert len(doc.pages) == 80  # the 40 cards, front and back
            assert _spaces(doc) == {"DeviceCMYK"}, path
    assert preflight(x1a, "drivethrucards").problems == []
    assert preflight(x4, "generic").problems == []


def test_the_drivethrucards_file_gives_each_card_back_then_front(built) -> None:
    """DriveThruCards reads a card file as page 1 the first card's back, page 2 its front,
    and so on (``preflight_services.toml``'s ``sides``; the README says so): read back
    with pypdf, the odd pages are the deck's one back, the same every time, and each even
    page the front of the card its label names (a card's copies alike, no two cards so). The
    other print-shop file keeps front then back."""
    dtc = PdfReader(out_file := built / "en" / "pod" / "drivethrucards" / "eshi100.pdf")
    labels = dtc.page_labels
    assert len(labels) == len(dtc.pages) == 80, out_file
    backs, fronts = labels[0::2], labels[1::2]
    assert backs == [f"{card}/back" for card in fronts]
    assert all("/" not in card for card in fronts)
    x4 = PdfReader(built / "en" / "print-shop" / "eshi100-pdfx4.pdf")
    assert x4.page_labels == [side for card in fronts for side in (card, f"{card}/back")]

    def drawn(page) -> tuple[str, bytes, tuple[bytes, ...]]:
        """What a page draws: its text, its content stream and the images it places."""
        xobjects = page["/Resources"].get("/XObject", {})
        placed = tuple(xobjects[name].get_object().get_data() for name in sorted(xobjects))
        return page.extract_text(), page.get_contents().get_data(), placed

    back_pages = {drawn(dtc.pages[n]) for n in range(0, 80, 2)}
    assert len(back_pages) == 1  # every back page the same back
    ((back_text, *_),) = back_pages
    assert back_text.strip()
    by_card: dict[str, set] = {}
    for n in range(1, 80, 2):
        by_card.setdefault(labels[n], set()).add(drawn(dtc.pages[n]))
    assert all(len(pages) == 1 for pages in by_card.values())  # a card's copies alike
    front_pages = set().union(*by_card.values())
    assert len(front_pages) == len(by_card) > 1  # each card its own front
    assert not front_pages & back_pages  # and none of them a back


def test_a_failed_output_is_named_in_words_not_as_a_python_object(tmp_path) -> None:
    """A file the build cannot write (a folder in its place) is named, with why, on the
    command's last lines; exit 2, no traceback, no Python object's repr."""
    out = tmp_path / "build"
    (out / "en" / "decks" / "eshi100-a4.pdf").mkdir(parents=True)
    args = ["--lang", "en", "--deck", "eshi100", "--no-rules", "--no-print-shop"]
    args += ["--no-images", "--paper", "a4", "--jobs", "1", "--base-url", BASE]
    result = CliRunner().invoke(build_command, [*args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("cardpress: failed: en/decks/eshi100-a4.pdf: ")
    assert "Is a directory" in last
    assert "<generator" not in result.output and "Traceback" not in result.output
