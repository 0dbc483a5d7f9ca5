"""What a person sees of a page's layout, measured in a real browser.

Two defects that no "no sideways scroll" or axe check notices: a text column
squeezed to a sliver (one word a line: the tables' 64 px `.card` rule once
styled the card page's `<article class="card">`), and a label whose word
breaks across lines ("Vermee/r 5"). Both are measured on the laid-out page,
so any cause (a stray rule, a grid too narrow, a font too big) is caught.
"""

from __future__ import annotations

#: the main text column, and each of main's blocks, at least this share of the viewport
COLUMN_SHARE = 0.85

#: a wrapped line of running text (not its last) is at least this share of
#: that column: ragged English leaves at most one long word's room unused
LINE_SHARE = 0.5

#: running text whose lines are measured
TEXT = "p, h1, h2, h3, h4, h5, h6, dd, figcaption, blockquote"

#: short texts a person taps or reads at a glance: a word of theirs stays on one line
LABELS = (
    "button, .act, .pick-step, label, legend, th, td, .place, summary, .lang, .bottom a, "
    ".big-links a, .card-grid a, .game-tabs a, dt, .rule-id, .tile"
)

#: -> {"viewport", "main", "narrow": [blocks of main narrower than the column],
#:     "squeezed": [running text wrapped into lines shorter than the column allows]}
MEASURE_COLUMN = """([columnShare, lineShare, textSelector]) => {
  const vw = document.documentElement.clientWidth;
  const main = document.querySelector("main");
  const column = columnShare * vw;
  const name = e => e.tagName.toLowerCase() + (e.className ? "." + String(e.className).trim()
    .replace(/\\s+/g, ".") : "") + ": " + (e.textContent || "").trim().slice(0, 40);
  const shown = e => {
    const s = getComputedStyle(e);
    return e.getClientRects().length > 0 && s.visibility !== "hidden"
      && s.position !== "absolute" && s.position !== "fixed"
      && !(e.getBoundingClientRect().width <= 1);
  };
  const narrow = [...main.children].filter(shown)
    .filter(e => e.getBoundingClientRect().width < column)
    .map(e => name(e) + " (" + Math.round(e.getBoundingClientRect().width) + " px)");
  // laid out beside a sibling (a grid cell, a button in a row): a widget, not the column
  const besideSibling = e => {
    for (let n = e; n && n !== main; n = n.parentElement) {
      const r = n.getBoundingClientRect();
      const parent = n.parentElement;
      if (!parent) break;
      for (const s of parent.children) {
        if (s === n || !shown(s)) continue;
        const q = s.getBoundingClientRect();
        const overlapY = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (overlapY > 2 && (q.left >= r.right - 1 || q.right <= r.left + 1)) return true;
      }
    }
    return false;
  };
  const ownBlock = node => {
    let n = node.parentElement;
    while (n && /^inline/.test(getComputedStyle(n).display)) n = n.parentElement;
    return n;
  };
  // the lines of an element's own text: its text nodes' boxes, one row per line
  const lines = e => {
    const rows = [];
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (ownBlock(text) !== e) continue;  // a nested block (a table's cell) has lines of its own
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const r of range.getClientRects()) {
        if (r.width < 1) continue;
        const row = rows.find(x => Math.min(x.bottom, r.bottom) - Math.max(x.top, r.top)
          > Math.min(x.bottom - x.top, r.height) / 2);
        if (row) {
          row.left = Math.min(row.left, r.left); row.right = Math.max(row.right, r.right);
          row.top = Math.min(row.top, r.top); row.bottom = Math.max(row.bottom, r.bottom);
        } else rows.push({top: r.top, bottom: r.bottom, left: r.left, right: r.right});
      }
    }
    rows.sort((a, b) => a.top - b.top);
    return rows.map(x => x.right - x.left);
  };
  // a row of buttons or links laid out by flex or grid is not running text
  const laidOut = e => /flex|grid/.test(getComputedStyle(e).display);
  const squeezed = [];
  for (const e of main.querySelectorAll(textSelector)) {
    if (!shown(e) || laidOut(e) || besideSibling(e)) continue;
    const widths = lines(e);
    // one word a line: most wrapped lines short, or one a sliver; a heading
    // that wraps once at a phrase ("記録：/フィンガーオークション") is fine
    const wrapped = widths.slice(0, -1);
    const short = wrapped.filter(w => w < lineShare * column);
    const sliver = wrapped.some(w => w < lineShare / 2.5 * column);
    const most = short.length && short.length * 2 >= wrapped.length && widths.length >= 3;
    if (sliver || most) squeezed.push(name(e) + " (" + widths.length + " lines, "
      + Math.round(Math.min(...short)) + " px)");
  }
  return {viewport: vw, main: Math.round(main.getBoundingClientRect().width), narrow, squeezed};
}"""

#: -> ["label: the word split"], each word (Intl.Segmenter's, so Japanese words
#: too) of each label whose letters lie on more than one line, and
#: ["label: overflows"] for a label whose text runs out of its box (or is cut)
SPLIT_WORDS = """([selector, lang]) => {
  const words = new Intl.Segmenter(lang, {granularity: "word"});
  const split = [];
  for (const label of document.querySelectorAll(selector)) {
    const box = label.getBoundingClientRect();
    // not shown, or kept off screen for the keyboard and screen readers only
    if (label.getClientRects().length === 0 || box.width <= 2 || box.right <= 0) continue;
    if (label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1
        && getComputedStyle(label).overflow !== "visible") {
      split.push(label.textContent.trim().replace(/\\s+/g, " ").slice(0, 40) + ": overflows");
    }
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const w of words.segment(text.data)) {
        if (!w.isWordLike || w.segment.length < 2) continue;
        const range = document.createRange();
        range.setStart(text, w.index);
        range.setEnd(text, w.index + w.segment.length);
        const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.top);
        if (tops.length && Math.max(...tops) - Math.min(...tops) > 4) {
          const words = label.textContent.trim().replace(/\\s+/g, " ").slice(0, 40);
          split.push(words + ": " + w.segment);
        }
      }
    }
  }
  return split;
}"""


def column_problems(page) -> list[str]:
    """What is wrong with the page's text column: [] when every block of main
    is at least COLUMN_SHARE of the viewport and no running text is squeezed."""
    found = page.evaluate(MEASURE_COLUMN, [COLUMN_SHARE, LINE_SHARE, TEXT])
    problems = (
        [f"main is {found['main']} px of {found['viewport']}"]
        if (found["main"] < COLUMN_SHARE * found["viewport"])
        else []
    )
    problems += [f"narrow block {b}" for b in found["narrow"]]
    problems += [f"squeezed text {s}" for s in found["squeezed"]]
    return problems


def split_words(page, lang: str) -> list[str]:
    """The labels on the page with a word broken across two lines, or too wide for their box."""
    return page.evaluate(SPLIT_WORDS, [LABELS, lang])
