"""How the static site leaves out a link to a page that needs the server."""

from __future__ import annotations

from bs4 import BeautifulSoup

from referee.site import _leave_out, file_for


def _without(html: str, href: str) -> str:
    soup = BeautifulSoup(html, "html.parser")
    _leave_out(soup.find("a", href=href))
    return " ".join(str(soup).split())


def test_a_section_left_empty_goes_with_its_heading() -> None:
    page = (
        "<main><section><h2>Rules</h2><a href='/r'>Read</a></section>"
        "<section class='tools'><h2>At the table</h2><ul><li><a href='/play/x'>Score</a></li>"
        "</ul></section></main>"
    )
    assert _without(page, "/play/x") == (
        '<main><section><h2>Rules</h2><a href="/r">Read</a></section></main>'
    )


def test_a_list_keeps_its_other_items() -> None:
    page = "<ul><li><a href='/play/a'>A</a></li><li><a href='/r'>B</a></li></ul>"
    assert _without(page, "/play/a") == '<ul><li><a href="/r">B</a></li></ul>'


def test_a_link_in_running_text_becomes_text() -> None:
    page = "<p>Count it with <a href='/play/s'>the scorer</a> at the end.</p>"
    assert _without(page, "/play/s") == "<p>Count it with the scorer at the end.</p>"


def test_a_footer_keeps_its_other_links() -> None:
    page = "<footer><a href='/r'>Rules</a> <a href='/play/'>Scorers</a></footer>"
    assert _without(page, "/play/") == '<footer><a href="/r">Rules</a> </footer>'


def test_files_for_paths() -> None:
    assert file_for("/") == "index.html"
    assert file_for("/en/") == "en/index.html"
    assert file_for("/en/c/triptych/m1") == "en/c/triptych/m1/index.html"
    assert file_for("/en/c/triptych/m1.png") == "en/c/triptych/m1.png"
    assert file_for("/static/referee.css") == "static/referee.css"
