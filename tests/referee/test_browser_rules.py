"""Every rule page, in both languages, read in a real browser as a phone user
and a typographer would: the page never scrolls sideways, its text column
fills the phone and keeps a reading measure on a desktop, Japanese headings
break only between phrases, the text is set in the rule sheets' own faces,
every link is a 44 px target and axe-core finds nothing."""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Iterator

import pytest
from bs4 import BeautifulSoup

from cardpress.rules.kinsoku import phrase_boundaries
from referee import rules_faces
from referee.rules import DOCUMENTS
from referee.rules_html import heading_breaks
from tests.referee.conftest import phone_page
from tests.referee.test_browser_pages import AXE

pytestmark = pytest.mark.browser

LANGS = ("en", "ja")
PHONES = (360, 390)
#: base.html's body padding, each side: the column a phone has for text
MARGIN = 12

#: a mobile viewport grows to fit a page wider than the screen (innerWidth and
#: clientWidth become the page's width), so only the width the phone was
#: opened at tells that the page scrolls sideways
WIDER_THAN = """(width) => {
  const out = [];
  if (document.documentElement.scrollWidth > width) {
    out.push("page " + document.documentElement.scrollWidth + " px");
  }
  for (const e of document.querySelectorAll("main *")) {
    if (e.closest(".rules-scroll") && !e.classList.contains("rules-scroll")) continue;
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 0.5) {
      out.push(e.tagName.toLowerCase() + "." + e.className + " ends at " + Math.round(r.right));
    }
  }
  return out.slice(0, 5);
}"""

#: a box whose table is wider than it: [its label, it scrolls, can take focus,
#: is shaded at the edge]
SCROLL_BOXES = """() => [...document.querySelectorAll(".rules-scroll")]
  .filter(b => b.scrollWidth > b.clientWidth + 1)
  .map(b => [b.getAttribute("aria-label"), getComputedStyle(b).overflowX, b.tabIndex,
             getComputedStyle(b).backgroundImage])"""

#: -> [[text, [indices where a new line starts]]] for every element the selector
#: names; indices count characters of its textContent
LINE_STARTS = """(selector) => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length)
  .map(e => {
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    const starts = [];
    let at = 0, lastTop = null;
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      for (let i = 0; i < t.data.length; i++) {
        const range = document.createRange();
        range.setStart(t, i); range.setEnd(t, i + 1);
        const r = [...range.getClientRects()].find(r => r.width > 0);
        if (r && !/\\s|\\u00ad/.test(t.data[i])) {
          if (lastTop !== null && r.top > lastTop + r.height / 2) starts.push(at + i);
          lastTop = r.top;
        }
      }
      at += t.data.length;
    }
    return [e.textContent, starts];
  })"""

#: -> characters on each full line (not a paragraph's last) of running text
LINE_LENGTHS = """(selector) => {
  const lengths = [];
  for (const e of [...document.querySelectorAll(selector)].slice(0, 30)) {
    const rows = [];
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      if (t.parentElement.closest(".rule-id")) continue;  // the label in the gutter
      for (let i = 0; i < t.data.length; i++) {
        if (t.data[i] === "\\u00ad") continue;
        const range = document.createRange();
        range.setStart(t, i); range.setEnd(t, i + 1);
        const r = [...range.getClientRects()].find(r => r.width > 0);
        if (!r) continue;
        const row = rows.find(x => Math.abs(x.top - r.top) < r.height / 2);
        if (row) row.n += 1; else rows.push({top: r.top, n: 1});
      }
    }
    lengths.push(...rows.slice(0, -1).map(x => x.n));
  }
  return lengths;
}"""

#: running text: what the measure is about
RUNNING = ".rules p.rule-clause, .rules .rules-a, .rules .rules-lead"
#: headings and the short titles set like them
HEADINGS = (
    ".rules :is(h1, h2, h3, .rules-subtitle, .rules-box-title, .rules-example-title, dt, caption)"
)
#: what a finger taps on a rule page: every link and button except the links
#: inside a sentence (WCAG 2.5.8's inline exception)
SMALL_TARGETS = """() => [...document.querySelectorAll("a, button, [tabindex='0']")]
  .filter(e => e.offsetParent !== null && !e.classList.contains("skip"))
  .filter(e => !(e.matches("a.rule-ref, a.figure-ref")))
  .filter(e => !e.matches(".rules-scroll"))
  .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map(e => e.outerHTML.slice(0, 90))"""


def every_page(browser, server, width: int, lang: str, **options) -> Iterator[tuple[str, object]]:
    with phone_page(browser, width, lang, **options) as page:
        for game in DOCUMENTS:
            page.goto(f"{server}/{lang}/rules/{game}")
            page.evaluate("document.fonts.ready")
            yield game, page


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", PHONES)
def test_no_rule_page_scrolls_sideways(browser, server, width, lang):
    """Only a table's own box may scroll, and one that does says so: it is
    shaded at the edge, takes focus and has a name."""
    wide, boxes = {}, {}
    for game, page in every_page(browser, server, width, lang):
        if found := page.evaluate(WIDER_THAN, width):
            wide[game] = found
        for label, overflow, tab, shade in page.evaluate(SCROLL_BOXES):
            if not (label and overflow == "auto" and tab == 0 and "gradient" in shade):
                boxes.setdefault(game, []).append([label, overflow, tab, shade[:40]])
    assert wide == {}, json.dumps(wide, indent=1, ensure_ascii=False)
    assert boxes == {}, json.dumps(boxes, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", PHONES)
def test_rule_text_fills_the_phone(browser, server, width, lang):
    """Every clause and answer spans the phone less its margins."""
    column = width - 2 * MARGIN
    found = {}
    for game, page in every_page(browser, server, width, lang):
        widths = page.evaluate(
            "(s) => [...document.querySelectorAll(s)].map(e => e.getBoundingClientRect().width)",
            RUNNING,
        )
        assert widths, game
        if narrow := [round(w) for w in widths if w < column - 1]:
            found[game] = narrow[:5]
    assert found == {}


@pytest.mark.parametrize("lang", LANGS)
def test_rule_text_keeps_a_reading_measure_on_a_desktop(browser, server, lang):
    """About 45–75 characters an English line, at most the sheet's 40 Japanese
    ones (and not far fewer), on a 1280 px screen."""
    low, high = (45, 75) if lang == "en" else (30, 41)
    found = {}
    for game, page in every_page(browser, server, 1280, lang):
        lengths = page.evaluate(LINE_LENGTHS, RUNNING)
        typical = statistics.median(lengths)
        if not low <= typical <= high or max(lengths) > high + 8:
            found[game] = [typical, min(lengths), max(lengths)]
    assert found == {}, found


def phrase_break(text: str, at: int) -> bool:
    """Whether a line may start at ``at``: between budoux's phrases, at a space,
    in Latin text; in a phrase too long for the line, at a katakana word's edge
    (``heading_breaks``, which the page's markup follows)."""
    return (
        at in phrase_boundaries(text)
        or at in heading_breaks(text)
        or text[at - 1 : at + 1].isascii()
    )


@pytest.mark.parametrize("width", PHONES)
def test_japanese_headings_break_only_between_phrases(browser, server, width):
    found = {}
    for game, page in every_page(browser, server, width, "ja"):
        for text, starts in page.evaluate(LINE_STARTS, HEADINGS):
            if bad := [f"{text[:i]}⏎{text[i:]}" for i in starts if not phrase_break(text, i)]:
                found.setdefault(game, []).extend(bad)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def postscript_name(role: str) -> str:
    return rules_faces.local_names(role)[-1]


#: what is set in which role of the sheet's faces (cardpress.print.fonts.SheetFonts)
ROLES = {
    ".rules p.rule-clause": "body",
    ".rules .rules-lead": "lead",
    ".rules h2": "heading",
    ".rules h1": "heading",
    ".rules p.rule-clause strong": "bold",
}


@pytest.mark.parametrize("lang", LANGS)
def test_rule_pages_are_set_in_the_sheets_faces(browser, server, lang):
    """The fonts Chromium actually drew with (CDP's platform fonts), per role,
    are the files the PDF embeds; and the page's own faces all loaded."""
    from cardpress.print.fonts import sheet_fonts

    sheet = sheet_fonts(lang)
    found = {}
    with phone_page(browser, 390, lang) as page:
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        for game in DOCUMENTS:
            page.goto(f"{server}/{lang}/rules/{game}")
            page.evaluate("document.fonts.ready")
            faces = page.evaluate(
                "[...document.fonts].filter(f => f.family.startsWith('Rules '))"
                ".map(f => [f.family, f.weight, f.style, f.status])"
            )
            if failed := [f for f in faces if f[3] == "error"]:
                found[f"{game}: faces"] = failed
            root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
            for selector, role in ROLES.items():
                node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})
                if not node["nodeId"]:
                    continue
                used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
                # the element's own text, not its rule ID's or a <strong>'s: most glyphs
                drew = max(used["fonts"], key=lambda f: f["glyphCount"])["postScriptName"]
                expected = postscript_name(getattr(sheet, role))
                if drew != expected:
                    found[f"{game}: {selector}"] = [drew, expected]
    assert found == {}, json.dumps(found, indent=1)


@pytest.mark.parametrize("lang", LANGS)
def test_rule_page_targets_are_44px_and_axe_finds_nothing(browser, server, lang):
    source = AXE.read_text(encoding="utf-8")
    small, violations = {}, {}
    for game, page in every_page(browser, server, 360, lang, bypass_csp=True):
        if found := page.evaluate(SMALL_TARGETS):
            small[game] = found[:4]
        page.add_script_tag(content=source)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        if result["violations"]:
            violations[game] = [
                (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]
            ]
    assert small == {}, json.dumps(small, indent=1, ensure_ascii=False)
    assert violations == {}, json.dumps(violations, indent=1, ensure_ascii=False)


def test_headings_keep_with_what_follows_in_print(browser, server):
    with phone_page(browser, 390, "en") as page:
        page.goto(f"{server}/en/rules/gallery-rush")
        page.emulate_media(media="print")
        after = page.evaluate(
            "[...document.querySelectorAll('.rules :is(h1, h2, h3)')]"
            ".map(h => getComputedStyle(h).breakAfter)"
        )
        inside = page.evaluate(
            "[...document.querySelectorAll('.rules :is(.rules-box, .rules-ruling, figure)')]"
            ".map(b => getComputedStyle(b).breakInside)"
        )
    assert after and set(after) == {"avoid"}
    assert inside and set(inside) == {"avoid"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", DOCUMENTS)
def test_rule_page_text_is_set_as_the_sheet_sets_it(client, lang, game):
    """Curly quotes, the real minus, 「・」 between Japanese names: no keyboard
    characters a typesetter would have replaced."""
    html = client.get(f"/{lang}/rules/{game}").get_data(as_text=True)
    article = BeautifulSoup(html, "html.parser").select_one("article.rules")
    assert article is not None
    for svg in article.select("svg"):  # a diagram's drawing, not its words
        svg.decompose()
    said = article.get_text(" ")
    assert "'" not in said and '"' not in said
    assert not any(f" -{d}" in said or f"(-{d}" in said for d in "0123456789")
    if lang == "ja":
        assert " · " not in said
        assert not re.search(r"[\u3041-\u9fff]\s*/\s*[\u3041-\u9fff]", said)
