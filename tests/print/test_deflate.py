import zlib

import pikepdf
from reportlab.pdfbase.pdfdoc import pdfdocEnc

from cardpress.print.deflate import Deflated, compress


def test_spliced_stream_decompresses_to_the_joined_operators():
    art = Deflated("\n".join(f"{i} {i + 3} m {i + 7} {i * 2} l S" for i in range(4000)))
    other = Deflated("0.1 0.2 0.3 RG 12 w 1 2 m 3 4 l S")
    cases = [
        ["q", "1 0 0 1 5 5 cm", art, "/GS1 gs", other, "Q", "BT (caf\u00e9) Tj ET"],
        [art],
        [art, other],
        [art, "Q"],
        ["q", art],
        ["q", "Q"],
    ]
    for ops in cases:
        data = compress(ops)
        assert zlib.decompress(data) == pdfdocEnc("\n".join(ops))


def test_the_painting_is_compressed_once_and_reused():
    art = Deflated("1 2 m 3 4 l S\n" * 2000)
    first = compress(["q", art, "Q"])
    raw = art.raw()
    assert compress(["BT ET", art]) != first
    assert art.raw() is raw  # kept, not made again
    assert len(first) < len(art) // 20


def test_a_spliced_face_reads_back_from_a_pdf(tmp_path):
    art = Deflated("0 0 1 RG 10 w 10 10 m 90 90 l S")
    pdf = pikepdf.new()
    content = pikepdf.Stream(pdf, compress(["q", art, "Q"]))
    content.Filter = pikepdf.Name.FlateDecode
    page = pdf.add_blank_page(page_size=(100, 100))
    page.Contents = content
    pdf.save(tmp_path / "a.pdf")
    again = pikepdf.open(tmp_path / "a.pdf")
    assert again.pages[0].Contents.read_bytes() == b"q\n" + art.encode() + b"\nQ"
