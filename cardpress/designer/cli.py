"""``cardpress sheet export|import`` and ``cardpress diff``: the click commands.

Expected failures (bad data, a file in the way, a revision git does not
know) print one line each and exit 2; never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardpress.catalogue.models import DECK_IDS
from cardpress.cli_options import cards_option

EXIT_PROBLEMS = 2


def _fail(lines: list[str]) -> None:
    for line in lines:
        click.echo(f"cardpress: {line}", err=True)
    sys.exit(EXIT_PROBLEMS)


def _problems(exc) -> None:
    for problem in exc.problems:
        click.echo(str(problem))
    _fail([f"{len(exc.problems)} problem(s) found"])


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
        _fail([str(exc)])
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
        _fail([str(exc)])
    for path in written:
        click.echo(f"wrote {display_path(path)}", err=True)
    if removed:
        click.echo(f"removed {display_path(book)} (its cards are in TOML now)", err=True)
