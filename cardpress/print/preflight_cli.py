"""``cardpress preflight FILE.pdf --service S``: a print service's upload check, on the terminal.

Prints a table of cards against rules in words (pass / FAIL, or — where the
service asks nothing of a rule), then every problem naming its card and page,
in Japanese or English (``--lang``, else the environment's language; gettext
domain ``preflight``), and writes a soft proof of every failing card
(``cardpress.print.preflight_proof``). Exit status: 0 when the file passes,
1 when it fails, 2 when it cannot be read.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from pathlib import Path

import click

from cardpress.cli_options import fail
from cardpress.vocabulary import LANGS

EXIT_FAILED = 1
DOMAIN = "preflight"
SERVICE_IDS = ("drivethrucards", "thegamecrafter", "makeplayingcards", "generic")
#: the table's column headings and the problems' rule names (msgids)
RULE_NAMES = {
    "boxes": "boxes",
    "trim": "trim",
    "bleed": "bleed",
    "safe": "safe zone",
    "colour": "colour",
    "ink": "ink",
    "images": "images",
    "text": "type",
    "fonts": "fonts",
    "flat": "flat",
    "sides": "sides",
    "pdfx": "PDF/X",
    "pages": "page count",
}


def environment_lang() -> str:
    """ja when the terminal's locale is Japanese, else en."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def table(result, _) -> list[str]:
    """The cards against the rules, one row a card, in words."""
    from cardpress.print.preflight import CARD_RULES

    heads = [_("card")] + [_(RULE_NAMES[r]) for r in CARD_RULES]
    rows = []
    for card in result.cards:
        row = [card.name]
        for rule in CARD_RULES:
            if not result.checks(rule):
                row.append("—")
            else:
                row.append(_("FAIL") if result.failed(rule, card.pages) else _("pass"))
        rows.append(row)
    widths = [max(_width(r[i]) for r in [heads, *rows]) for i in range(len(heads))]
    out = ["  ".join(_pad(c, w) for c, w in zip(heads, widths, strict=True)).rstrip()]
    out += ["  ".join(_pad(c, w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    return out


def _file_lines(result, _) -> list[str]:
    from cardpress.print.preflight import FILE_RULES

    service = result.service
    lines = []
    for rule in FILE_RULES:
        if not service.checks(rule):
            continue
        verdict = _("FAIL") if result.failed(rule) else _("pass")
        if rule == "pdfx":
            fact = result.facts.get("pdfx") or _("not PDF/X")
        else:
            fact = _("%(n)d pages") % {"n": result.facts.get("pages", 0)}
        lines.append(
            _("%(rule)s: %(verdict)s (%(fact)s)")
            % {"rule": _(RULE_NAMES[rule]), "verdict": verdict, "fact": fact}
        )
    return [*lines, _sides_line(result, _)]


def _sides_line(result, _) -> str:
    """How the cards' sides were read, or why they could not be (then nothing is refused)."""
    from cardpress.print.preflight import SIDES_BY_LABELS, SIDES_WORDS

    how = result.facts.get("sides")
    if not how:
        verdict = _("not checked")
        fact = _("no page label names a back, and no page repeats as the back every card shares")
    else:
        verdict = _("FAIL") if result.failed("sides", list(result.boxes)) else _("pass")
        fact = (
            _("%(want)s, read from the page labels")
            if how == SIDES_BY_LABELS
            else _("%(want)s, read from the back every card shares")
        ) % {"want": _(SIDES_WORDS[result.service.sides])}
    return _("%(rule)s: %(verdict)s (%(fact)s)") % {
        "rule": _(RULE_NAMES["sides"]),
        "verdict": verdict,
        "fact": fact,
    }


def problem_line(result, problem, _) -> str:
    where = ""
    if problem.page is not None:
        card = result.card_of(problem.page)
        where = _("%(card)s (page %(page)d): ") % {"card": card.name, "page": problem.page}
    return where + _("%(rule)s: %(text)s") % {
        "rule": _(RULE_NAMES[problem.rule]),
        "text": problem.text(_),
    }


def write_proofs(result, pdf: Path, folder: Path, pages: list[int], _) -> list[Path]:
    from cardpress.print.atomic import write_atomic
    from cardpress.print.preflight_proof import annotate, png, render_cmyk, to_screen

    written = []
    images = render_cmyk(pdf, pages)
    for n in pages:
        media, trim, bleed = result.boxes[n]
        found = [p for p in result.problems if p.page == n]
        lines = [
            f"{i}. " + _("%(rule)s: %(text)s") % {"rule": _(RULE_NAMES[p.rule]), "text": p.text(_)}
            for i, p in enumerate(found, 1)
        ] or [_("no problems")]
        card = result.card_of(n)
        title = _("%(card)s (page %(page)d)") % {"card": card.name, "page": n}
        legend = {
            "bleed": _(RULE_NAMES["bleed"]),
            "trim": _(RULE_NAMES["trim"]),
            "safe": _(RULE_NAMES["safe"]),
            "problem": _("problem (numbered)"),
        }
        img = annotate(
            to_screen(images[n]),
            media,
            trim,
            bleed,
            result.service.safe,
            found,
            f"{title} — {result.service.name}",
            legend,
            lines,
        )
        safe_name = re.sub(r"[^\w-]+", "-", card.name).strip("-")
        path = folder / f"{pdf.stem}-p{n:03d}-{safe_name}.png"
        write_atomic(path, png(img))
        written.append(path)
    return written


@click.command("preflight")
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--service",
    type=click.Choice(SERVICE_IDS),
    default="generic",
    show_default=True,
    help="Whose upload check to run (their numbers: cardpress/print/preflight_services.toml).",
)
@click.option(
    "--lang",
    type=click.Choice(LANGS),
    default=None,
    help="Language of the report (default: the terminal's).",
)
@click.option(
    "--proofs",
    "proofs_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder for the soft-proof PNGs (default: FILE-preflight/ beside the PDF).",
)
@click.option(
    "--all-proofs", is_flag=True, help="A soft proof of every page, not only failing ones."
)
@click.option("--no-proofs", is_flag=True, help="Write no soft proofs.")
def preflight_command(pdf, service, lang, proofs_dir, all_proofs, no_proofs) -> None:
    """Check a PDF as SERVICE's preflight would; exit 1 when it would be turned back."""
    from cardpress.i18n import translations
    from cardpress.print.preflight import PreflightError, preflight
    from cardpress.print.preflight_proof import ProofError

    lang = lang or environment_lang()
    _ = translations(lang, DOMAIN).gettext
    try:
        result = preflight(pdf, service)
    except PreflightError as exc:
        fail(str(exc))  # exit 2: unreadable, as every command's expected failure
    click.echo(
        _("Preflight of %(file)s for %(service)s") % {"file": pdf, "service": result.service.name}
    )
    click.echo("")
    for line in table(result, _):
        click.echo(line)
    click.echo("")
    for line in _file_lines(result, _):
        click.echo(line)
    if result.problems:
        click.echo("")
        click.echo(_("Problems:"))
        for problem in result.problems:
            click.echo("  " + problem_line(result, problem, _))
    pages = sorted({p.page for p in result.problems if p.page is not None})
    if all_proofs:
        pages = sorted(result.boxes)
    proofs: list[Path] = []
    if pages and not no_proofs:
        folder = proofs_dir or pdf.with_name(f"{pdf.stem}-preflight")
        try:
            proofs = write_proofs(result, pdf, folder, pages, _)
        except ProofError as exc:
            click.echo(f"cardpress: {exc}", err=True)
    click.echo("")
    if proofs:
        click.echo(
            _("Soft proofs: %(n)d in %(folder)s") % {"n": len(proofs), "folder": proofs[0].parent}
        )
    failing = {result.card_of(p.page).name for p in result.problems if p.page is not None}
    if result.passed:
        click.echo(
            _("Result: pass — %(service)s would accept this file")
            % {"service": result.service.name}
        )
        return
    click.echo(
        _("Result: FAIL — %(n)d problems on %(cards)d cards")
        % {"n": len(result.problems), "cards": len(failing)}
    )
    sys.exit(EXIT_FAILED)
