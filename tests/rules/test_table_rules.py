"""Every part of a rule sheet's table closes on the table's closing rule, read back from
the drawn pages: a part that a page break cuts after a thin rule between rows reads as
a table cut off, not one that goes on."""

from __future__ import annotations

from itertools import pairwise

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.rules.conftest import LANGS, Sheets, every_sheet

HEADER_RULE = 0.7  # the rule under a table's header rows (rulesheet's table style)
CLOSING_RULE = 0.9  # the rule over and under a whole table


def horizontal_rules(page) -> list[tuple[float, float, float, float]]:
    """(line width, left, right, y) of each horizontal segment stroked, in page space."""
    ctm, width, saved, path, rules = [1.0, 0, 0, 1.0, 0, 0], 1.0, [], [], []
    for args, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"q":
            saved.append((ctm, width))
        elif op == b"Q":
            ctm, width = saved.pop()
        elif op == b"cm":
            a, b, c, d, e, f = (float(v) for v in args)
            m = ctm
            ctm = [
                a * m[0] + b * m[2], a * m[1] + b * m[3],
                c * m[0] + d * m[2], c * m[1] + d * m[3],
                e * m[0] + f * m[2] + m[4], e * m[1] + f * m[3] + m[5],
            ]  # fmt: skip
        elif op == b"w":
            width = float(args[0])
        elif op in (b"m", b"l"):
            x, y = (float(v) for v in args)
            point = (ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5])
            path = [point] if op == b"m" else [*path, point]
        elif op in (b"S", b"s", b"n"):
            if op != b"n":
                rules += [
                    (width, min(x0, x1), max(x0, x1), y0)
                    for (x0, y0), (x1, y1) in pairwise(path)
                    if abs(y0 - y1) < 0.01 and abs(x1 - x0) > 1
                ]
            path = []
    return rules


def parts_cut_off(rules: list[tuple[float, float, float, float]]) -> list[float]:
    """The header rule's y of each table part on the page that does not close on the
    closing rule.

    A table's rules span one width, a heavy one over its header. Walking down from its
    header rule, the part ends at
    the first heavy rule: drawn over the last row's thin rule when the part closes; a
    heavy rule alone (the next table's top) or none at all means it was cut off.
    """
    cut = []
    for width, left, right, y in rules:
        if width != HEADER_RULE:
            continue
        levels: dict[float, set[float]] = {}
        for w, x0, x1, at in rules:
            if (x0, x1) == (left, right) and at != y:
                levels.setdefault(round(at - y, 1), set()).add(w)
        if not any(at > 0 and max(w) >= CLOSING_RULE for at, w in levels.items()):
            continue  # no heavy rule over it: not a table's header (a figure's line)
        heavy = [
            at for at in sorted(levels, reverse=True) if at < 0 and max(levels[at]) >= CLOSING_RULE
        ]
        if not heavy or min(levels[heavy[0]]) >= CLOSING_RULE:
            cut.append(y)
    return cut


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("doc", "paper"), every_sheet())
def test_every_table_part_closes_on_the_closing_rule(
    sheets: Sheets, doc: str, lang: str, paper: str
) -> None:
    reader = PdfReader(sheets.pdf(doc, lang, paper))
    for number, page in enumerate(reader.pages, 1):
        cut = parts_cut_off(horizontal_rules(page))
        assert not cut, (
            f"{doc} {lang} {paper} page {number}: the table under the header rule at "
            f"y={cut[0]:.1f} pt ends without its {CLOSING_RULE} pt closing rule"
        )
