from __future__ import annotations

import io

import qrcode
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardpress.print.fonts import SANS, register_fonts
from cardpress.print.qr import QUIET_ZONE, card_url, draw_qr, qr_drawing, qr_flowable, qr_matrix
from tests.print.helpers import decode, render


def test_card_url_is_the_contract():
    assert card_url("https://r.example.org/", "ja", "triptych", "m1") == (
        "https://r.example.org/ja/c/triptych/m1"
    )


def test_matrix_has_a_four_module_quiet_zone():
    m = qr_matrix("https://r.example.org/en/c/ultimatch/orange-5")
    n = len(m)
    for i in range(QUIET_ZONE):
        assert not any(m[i]) and not any(m[n - 1 - i])
        assert not any(row[i] for row in m) and not any(row[n - 1 - i] for row in m)
    assert any(m[QUIET_ZONE])


def test_error_correction_is_m_or_better():
    from cardpress.print import qr

    assert qr.ERROR_CORRECTION in (
        qrcode.constants.ERROR_CORRECT_M,
        qrcode.constants.ERROR_CORRECT_Q,
        qrcode.constants.ERROR_CORRECT_H,
    )


def test_vector_code_decodes_at_100_dpi_and_helpers_agree():
    register_fonts()
    url = "https://referee.example.org/ja/c/eshi100/px14"
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(60 * mm, 60 * mm), invariant=1, initialFontName=SANS)
    draw_qr(c, url, 10 * mm, 10 * mm, 20 * mm)
    c.showPage()
    c.save()
    assert decode(render(buf.getvalue(), 1, 100)) == [url]
    assert qr_flowable(url, 50).wrap(100, 100) == (50, 50)
    assert qr_drawing(url, 50).width == 50
