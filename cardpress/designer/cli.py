"""``cardpress sheet export|import`` and ``cardpress diff``: the click commands.

Expected failures (bad data, a file in the way, a revision git does not
know) print one line each and exit 2; never a traceback.
"""

from __future__ import annotations

from pathlib import Path

import click

from cardpress.catalogue.models import DECK_IDS
from cardpress.cli_options import base_url_option, cards_option, fail, out_option
from cardpress.print.layout import PAPERS, SIZES
from cardpress.vocabulary import LANGS


def _problems(exc) -> None:
    for problem in exc.problems:
        click.echo(str(problem))
    fail(f"{len(exc.problems)} problem(s) found")


def _root() -> Path:
    from cardpress.paths import cards_dir

    return cards_dir()


@click.group("sheet")
def sheet_command() -> None:
    """A product's card files as a spreadsheet (XLSX or ODS) and back.

    One workbook per product, one sheet per card file (sheet "monet" is
    monet.toml), one row per card, one column per field (title.ja,
    title.en...). A workbook in the card folder, cards/<product>.xlsx or
    .ods, is read by check and build like the TOML files.
    """


@sheet_command.command("export")
@click.argument("deck", type=click.Choice(list(DECK_IDS)))
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The workbook to write, .xlsx or .ods (default: build/sheets/<deck>.xlsx).",
)
@click.option(
    "--replace",
    is_flag=True,
    help="OUT is the card folder's <deck>.xlsx/.ods: remove the TOML card files it now holds.",
)
@cards_option
def sheet_export(deck: str, out: Path | None, replace: bool, cards_dir: Path | None) -> None:
    """Write DECK's card files as one workbook."""
    from cardpress.catalogue import CatalogueError
    from cardpress.catalogue.problems import display_path
    from cardpress.designer.sheets import SheetError, export_sheet
    from cardpress.paths import BUILD

    out = out or BUILD / "sheets" / f"{deck}.xlsx"
    try:
        removed = export_sheet(_root(), deck, out, replace=replace)
    except CatalogueError as exc:
        _problems(exc)
    except (SheetError, OSError) as exc:
        fail(str(exc))
    click.echo(f"wrote {display_path(out)}", err=True)
    for path in removed:
        click.echo(f"removed {display_path(path)} (its cards are in the workbook now)", err=True)


@sheet_command.command("import")
@click.argument("book", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--deck",
    type=click.Choice(list(DECK_IDS)),
    default=None,
    help="The product the cards belong to (default: the workbook's name, e.g. triptych.xlsx).",
)
@click.option(
    "--replace",
    is_flag=True,
    help="BOOK is the card folder's <deck>.xlsx/.ods: remove it once its TOML files are written.",
)
@cards_option
def sheet_import(book: Path, deck: str | None, replace: bool, cards_dir: Path | None) -> None:
    """Write each sheet of BOOK as the TOML card file of the same name (checked first)."""
    from cardpress.catalogue import CatalogueError
    from cardpress.catalogue.problems import display_path
    from cardpress.designer.sheets import SheetError, import_sheet

    deck = deck or book.stem
    if deck not in DECK_IDS:
        raise click.BadParameter(
            f"{book.name} does not name a product ({', '.join(DECK_IDS)}): say which",
            param_hint="--deck",
        )
    try:
        written, removed = import_sheet(_root(), deck, book, replace=replace)
    except CatalogueError as exc:
        _problems(exc)
    except (SheetError, OSError) as exc:
        fail(str(exc))
    for path in written:
        click.echo(f"wrote {display_path(path)}", err=True)
    if removed:
        click.echo(f"removed {display_path(book)} (its cards are in TOML now)", err=True)


@click.command("diff")
@click.argument("rev", required=False)
@click.option(
    "--since-print",
    is_flag=True,
    help="Compare with the last print run recorded in cards/printed.toml (no git needed).",
)
@click.option(
    "--say",
    "say_lang",
    type=click.Choice(LANGS),
    default=None,
    help="Language of the report on the terminal (default: the terminal's).",
)
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGS),
    help="Language of the changelog and reprint pack (repeatable; default both).",
)
@click.option(
    "--paper",
    "papers",
    multiple=True,
    type=click.Choice(list(PAPERS)),
    help="Paper (repeatable; default both).",
)
@click.option("--size", type=click.Choice(list(SIZES)), default="poker")
@click.option("--duplex", type=click.Choice(["long", "short", "gutterfold"]), default="long")
@click.option("--gutters/--no-gutters", default=True, help="As for cardpress build.")
@click.option(
    "--files/--no-files",
    default=True,
    show_default=True,
    help="Also write the changelog sheets and the reprint pack.",
)
@base_url_option
@out_option("build/reprint")
@cards_option
def diff_command(
    rev, since_print, say_lang, langs, papers, size, duplex, gutters, files, base_url, out,
    cards_dir,
) -> None:  # fmt: skip
    """What changed since REV (a git revision) or since the last print run, card by card.

    Names the cards added, removed or changed, field by field, and whether
    each prints differently (text, art, layout); writes a changelog sheet
    and a reprint pack of only the cards that print differently. Without
    REV: the last print run if one is recorded (cardpress printed --record),
    else HEAD.
    """
    from cardpress.catalogue import CatalogueError
    from cardpress.catalogue.problems import display_path
    from cardpress.cli_options import warn_about_base_url
    from cardpress.config import ConfigError, resolve_base_url
    from cardpress.designer.diff import rule_titles, run_diff, write_outputs
    from cardpress.designer.report import terminal_lines
    from cardpress.designer.reprint import PackOptions
    from cardpress.designer.sources import SourceError
    from cardpress.designer.words import say, terminal_lang
    from cardpress.paths import BUILD

    if rev is not None and since_print:
        raise click.BadParameter("give a revision or --since-print, not both", param_hint="REV")
    lang = say_lang or terminal_lang()
    try:
        url = resolve_base_url(base_url)
        result = run_diff(rev, since_print, url)
    except CatalogueError as exc:
        _problems(exc)
    except (SourceError, ConfigError, OSError) as exc:
        fail(str(exc))
    for line in terminal_lines(result.diff, lang, result.since[lang], rule_titles(lang)):
        click.echo(line)
    if not files:
        return
    warn_about_base_url(url)
    opts = PackOptions(
        langs=tuple(dict.fromkeys(langs)) or LANGS,
        papers=tuple(dict.fromkeys(papers)) or tuple(PAPERS),
        base_url=url,
        out=out or BUILD / "reprint",
        size=size,
        duplex=duplex,
        gutter=gutters,
    )
    try:
        written = write_outputs(result, opts)
    except CatalogueError as exc:
        _problems(exc)
    except OSError as exc:
        fail(str(exc))
    click.echo(
        say(lang, "wrote {path}", path=f"{display_path(opts.out)}/ ({len(written)})"), err=True
    )


@click.command("printed")
@click.option(
    "--record",
    is_flag=True,
    help="Record the card data as printed now (after a print run), in cards/printed.toml.",
)
@base_url_option
@cards_option
def printed_command(record: bool, base_url: str | None, cards_dir: Path | None) -> None:
    """What cards/printed.toml remembers of the last print run (--record: this one)."""
    from cardpress.catalogue import CatalogueError
    from cardpress.catalogue.problems import display_path
    from cardpress.config import ConfigError, resolve_base_url
    from cardpress.designer.snapshot import take
    from cardpress.designer.sources import SourceError, read_printed, record_printed

    root = _root()
    try:
        if record:
            snap = take(resolve_base_url(base_url), root)
            path = record_printed(root, snap)
            counts = ", ".join(f"{d} {len(v['cards'])}" for d, v in snap["decks"].items())
            click.echo(f"recorded the print run in {display_path(path)}: {counts}", err=True)
            return
        snap = read_printed(root)
    except CatalogueError as exc:
        _problems(exc)
    except (SourceError, ConfigError, OSError) as exc:
        fail(str(exc))
    if snap is None:
        click.echo("no print run recorded: run `cardpress printed --record` after printing")
        return
    click.echo(f"last print run: {snap.get('recorded')}, QR codes to {snap.get('base_url')}")
    for deck_id, deck in snap["decks"].items():
        click.echo(f"  {deck_id}: version {deck.get('version') or '-'}, {len(deck['cards'])} cards")
