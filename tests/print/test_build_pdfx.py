"""`cardpress build --pdfx --pod SERVICE` end to end, its files read back as a print
service's upload check reads them.

The unit tests (test_pdfx.py, test_preflight.py) convert a print-shop file by calling
the converters; this runs the build command itself, so the job that writes the PDF/X
files is scheduled, named and written where the README says. Ghostscript flattens the
X-1a file's pages, so the deck is the smallest (絵師100人展, 40 cards) and one service.
"""

from __future__ import annotations

import pikepdf
from click.testing import CliRunner

from cardpress.print.cli import build_command
from cardpress.print.marks import pdf_marks
from cardpress.print.preflight import preflight
from tests.print.helpers import BASE


def _spaces(doc: pikepdf.Pdf) -> set[str]:
    return {m.space for marks in pdf_marks(doc) for m in marks if m.kind in ("text", "shape")}


def test_build_pdfx_and_pod_write_files_their_preflight_passes(tmp_path) -> None:
    out = tmp_path / "build"
    args = ["--lang", "en", "--deck", "eshi100", "--no-rules"]
    args += ["--paper", "a4", "--jobs", "1", "--base-url", BASE, "--out", str(out)]
    args += ["--pdfx", "--pod", "drivethrucards"]
    result = CliRunner().invoke(build_command, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output

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
