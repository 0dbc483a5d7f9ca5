"""``cardpress build``: the click command the main CLI mounts as ``build``.

With no options it builds everything: both languages, both papers, every
deck, the print-shop PDFs, the PNG and Tabletop Simulator exports and the
rule sheets (see ``cardpress.print.build`` for the output paths). Expected
failures print one line each and exit 2; never a traceback, never a
half-written file.
"""

from __future__ import annotations

import threading
from pathlib import Path

import click

from cardpress.catalogue.models import DECK_IDS
from cardpress.cli_options import (
    base_url_option,
    cards_option,
    fail,
    jobs_option,
    out_option,
    warn_about_base_url,
)
from cardpress.print.layout import DUPLEX, PAPERS, SIZES
from cardpress.print.pod import POD_TEMPLATES
from cardpress.vocabulary import LANGS


def _expected_errors() -> tuple[type[BaseException], ...]:
    from cardpress.catalogue import CatalogueError
    from cardpress.config import ConfigError
    from cardpress.print.errors import ExportError
    from cardpress.print.fonts import FontError

    return (CatalogueError, ConfigError, FontError, ExportError)


def _error_lines(exc: BaseException) -> list[str]:
    problems = getattr(exc, "problems", None)
    if problems:
        return [str(p) for p in problems]
    return [str(exc).splitlines()[0] if str(exc) else type(exc).__name__]


def _summary(report) -> str:
    return (
        f"built {len(report.built)} files, {len(report.skipped)} outputs up to date "
        f"({report.seconds:.1f} s)"
    )


@click.command("build")
@click.option(
    "--lang",
    "langs",
    multiple=True,
    type=click.Choice(LANGS),
    help="Language (repeatable; default both).",
)
@click.option(
    "--paper",
    "papers",
    multiple=True,
    type=click.Choice(list(PAPERS)),
    help="Paper for the deck sheets and rule sheets (repeatable; default both).",
)
@click.option(
    "--deck",
    "decks",
    multiple=True,
    type=click.Choice(list(DECK_IDS)),
    help="Deck (repeatable; default all).",
)
@base_url_option
@out_option("build")
@click.option(
    "--size", type=click.Choice(list(SIZES)), default="poker", show_default=True, help="Card size."
)
@click.option(
    "--duplex",
    type=click.Choice(list(DUPLEX)),
    default="long",
    show_default=True,
    help="Duplex layout: long-edge flip, short-edge flip, or gutterfold.",
)
@click.option(
    "--gutters/--no-gutters",
    default=True,
    show_default=True,
    help="Space the cards on deck sheets, each bleeding into the gutters so a cut a little "
    "off never shows its neighbour; --no-gutters butts them (one cut serves two cards).",
)
@click.option(
    "--print-shop/--no-print-shop",
    default=True,
    show_default=True,
    help="Also write per-card PDFs with 1/8 in bleed and TrimBox/BleedBox.",
)
@click.option(
    "--cmyk",
    is_flag=True,
    help="Write the print-shop PDFs in CMYK (named <deck>-cmyk.pdf) for four-colour presses.",
)
@click.option(
    "--pdfx",
    is_flag=True,
    help="Also write the print-shop PDFs as PDF/X-4 (<deck>-pdfx4.pdf, CMYK, press profile), "
    "and for each --pod service its own PDF (pod/<service>/<deck>.pdf: its trim and bleed, "
    "PDF/X-1a for DriveThruCards).",
)
@click.option(
    "--images/--no-images",
    default=True,
    show_default=True,
    help="Also write 300 dpi PNGs and Tabletop Simulator sheets.",
)
@click.option(
    "--rules/--no-rules",
    default=True,
    show_default=True,
    help="Also write the rule sheets of the chosen decks' games.",
)
@click.option(
    "--booklet",
    is_flag=True,
    help="Also impose each rule sheet as a saddle-stitched booklet "
    "(<game>-<paper>-booklet.pdf: A5 pages on A4, half-letter on Letter).",
)
@click.option(
    "--eshi100-csv",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="Print 絵師100人展 proxies of a player's own card list (CSV).",
)
@click.option(
    "--pod",
    "pod",
    multiple=True,
    type=click.Choice(list(POD_TEMPLATES)),
    help="Also write PNGs at the exact pixels of a print-on-demand service's poker "
    "template (repeatable; poker size only).",
)
@jobs_option
@click.option("--watch", is_flag=True, help="Rebuild on every save in the card folder.")
@click.option("--force", is_flag=True, help="Rebuild even outputs that are up to date.")
@cards_option
def build_command(
    langs,
    papers,
    decks,
    base_url,
    out,
    size,
    duplex,
    gutters,
    print_shop,
    cmyk,
    pdfx,
    images,
    rules,
    booklet,
    eshi100_csv,
    pod,
    jobs,
    watch,
    force,
    cards_dir,
) -> None:
    """Build print-and-play decks, print-shop files, PNG/TTS exports and rule sheets.

    \f
    (Not in --help, which ends at the form feed.) Long because it maps each command-line
    flag to the build's options in one place, so the flags and their checks read as the help
    lists them.
    """
    from cardpress.paths import BUILD
    from cardpress.print.build import DECK_IDS as ALL_DECKS
    from cardpress.print.build import Options, build
    from cardpress.print.build import watch as watch_loop

    if pod and size != "poker":
        raise click.BadParameter(
            "print-on-demand templates are poker size (2.5 x 3.5 in); leave out --size",
            param_hint="--pod",
        )
    expected = _expected_errors()
    try:
        from cardpress.config import resolve_base_url

        url = resolve_base_url(base_url)
    except expected as exc:
        fail(*_error_lines(exc))
    warn_about_base_url(url)
    opts = Options(
        langs=tuple(dict.fromkeys(langs)) or LANGS,
        papers=tuple(dict.fromkeys(papers)) or tuple(PAPERS),
        decks=tuple(d for d in ALL_DECKS if d in decks) or ALL_DECKS,
        base_url=url,
        out=out or BUILD,
        size=size,
        duplex=duplex,
        gutter=gutters,
        print_shop=print_shop,
        cmyk=cmyk,
        images=images,
        rules=rules,
        booklet=booklet,
        eshi100_csv=eshi100_csv,
        pod=tuple(dict.fromkeys(pod)),
        pdfx=pdfx,
        jobs=jobs,
        force=force,
    )

    def progress(line: str) -> None:
        click.echo(line, err=True)

    if watch:

        def on_build(result) -> None:
            if isinstance(result, BaseException):
                for line in _error_lines(result):
                    click.echo(f"cardpress: {line}", err=True)
            else:
                for note in result.notices:
                    click.echo(f"note: {note}", err=True)
                for line in result.failed:
                    click.echo(f"cardpress: failed: {line}", err=True)
                click.echo(_summary(result), err=True)
            click.echo("watching cards/ for changes (Ctrl-C to stop)", err=True)

        stop = threading.Event()
        try:
            watch_loop(opts, on_build, progress, stop_event=stop)
        except KeyboardInterrupt:
            stop.set()
        return
    try:
        report = build(opts, progress)
    except expected as exc:
        fail(*_error_lines(exc))
    for note in report.notices:
        click.echo(f"note: {note}", err=True)
    click.echo(_summary(report), err=True)
    if report.failed:
        fail(*(f"failed: {line}" for line in report.failed))
