"""The ``cardpress`` command line: check, build, serve, simulate.

Every expected failure (bad data, bad flag, missing font) ends in a clear
message and exit status 2; a traceback here is a bug.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardpress import __version__
from cardpress.catalogue import CatalogueError, check_catalogue, load_eshi100_csv
from cardpress.cli_options import (
    EXIT_PROBLEMS,
    base_url_option,
    cards_option,
    fail,
    jobs_option,
    out_option,
    warn_about_base_url,
)
from cardpress.designer.cli import diff_command, printed_command, sheet_command
from cardpress.print.cli import build_command
from cardpress.print.preflight_cli import preflight_command
from cardpress.vocabulary import LANGS


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardpress")
def main() -> None:
    """Print-and-play decks, bilingual rule sheets and a table-side referee.

    Card data lives in cards/ (one folder per product); `cardpress check`
    validates it, `cardpress build` prints it, `cardpress serve` runs the
    referee that every card's QR code opens.
    """


@main.command()
@cards_option
@click.option(
    "--eshi100-csv",
    "csv_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also check a player's own 絵師100人展 card list (CSV).",
)
def check(cards_dir: Path | None, csv_file: Path | None) -> None:
    """Validate every card file; one line per problem: FILE: CARD-ID: FIELD: message.

    Exits 0 when the data is clean, 2 when anything is wrong. Warnings (such
    as a missing art file, which prints a placeholder) are shown but pass.
    """
    catalogue, problems = check_catalogue(cards_dir)
    errors = list(problems.errors)
    if csv_file is not None:
        if catalogue is None:
            click.echo("cardpress: the CSV is checked once cards/ is clean", err=True)
        else:
            try:
                load_eshi100_csv(csv_file, catalogue.eshi100.catalogue)
            except CatalogueError as exc:
                errors += exc.problems
    for warning in problems.warnings:
        click.echo(f"warning: {warning}", err=True)
    for error in errors:
        click.echo(str(error))
    if errors:
        click.echo(f"{len(errors)} problem(s) found", err=True)
        sys.exit(EXIT_PROBLEMS)
    if catalogue is not None:
        counts = ", ".join(f"{deck.id} {len(deck.cards)}" for deck in catalogue.decks)
        click.echo(f"cards ok: {counts}", err=True)


main.add_command(build_command, "build")
main.add_command(sheet_command, "sheet")
main.add_command(diff_command, "diff")
main.add_command(printed_command, "printed")
main.add_command(preflight_command, "preflight")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--lan",
    is_flag=True,
    help="Listen on this machine's local-network address, for the phones at the table.",
)
@click.option("--debug", is_flag=True, help="Reload on code changes; show the debugger.")
@cards_option
def serve(host: str, port: int, lan: bool, debug: bool, cards_dir: Path | None) -> None:
    """Run the referee web app (development server).

    With --lan it listens on the address phones on this Wi-Fi reach, prints
    that address as a URL and a QR code, and the --base-url to print decks
    with. In production run it under gunicorn (see the README).
    """
    from referee import create_app  # Flask loads only for this command

    if lan:
        from cardpress.lan import lan_address, url_for_address
        from cardpress.print.terminal import qr_text

        address = lan_address()
        if address is None:
            fail(
                "no local-network address found: is this machine on a Wi-Fi or wired "
                "network? (or name one with --host ADDRESS)"
            )
        host = address
        url = url_for_address(address, port)
        click.echo(f"The referee for the table: {url}/")
        click.echo(qr_text(url + "/"))
        click.echo("Scan this code with a phone on the same network to open it.")
        click.echo(f"Print the decks that open it with: cardpress build --base-url {url}")
    # Broken card data does not stop the server: the referee shows the
    # problems on its pages, so a designer can fix them while it runs.
    create_app().run(host=host, port=port, debug=debug)


@main.command()
@base_url_option
@out_option("site")
@click.option(
    "--referee-url",
    default=None,
    metavar="URL",
    help="A live referee for the scorers and tables; without it their links are left out.",
)
@click.option(
    "--images/--no-images",
    default=True,
    show_default=True,
    help="Also draw the card pictures (without them the pages show none).",
)
@click.option(
    "--eshi100-csv",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="Also answer the codes of 絵師100人展 proxies printed from a player's own list (CSV).",
)
@jobs_option
@click.option("--force", is_flag=True, help="Render everything, even when up to date.")
@cards_option
def site(
    base_url: str | None,
    out: Path | None,
    referee_url: str | None,
    images: bool,
    eshi100_csv: Path | None,
    jobs: int,
    force: bool,
    cards_dir: Path | None,
) -> None:
    """Write the static website every printed QR code and rule sheet can open.

    Every card page and rules page in every language, the card pictures and
    the rulings, from the referee's own templates; any static file host
    serves the folder at the base URL.
    """
    from cardpress.config import ConfigError, resolve_base_url, validate_base_url
    from cardpress.paths import SITE
    from cardpress.print.errors import ExportError
    from cardpress.print.fonts import FontError
    from referee.site import SiteError, SiteOptions, export_site

    try:
        url = resolve_base_url(base_url)
        referee = validate_base_url(referee_url, "--referee-url") if referee_url else None
    except ConfigError as exc:
        fail(str(exc))
    warn_about_base_url(url)
    opts = SiteOptions(url, out or SITE, referee, images, force, jobs, eshi100_csv)
    try:
        report = export_site(opts, lambda line: click.echo(line, err=True))
    except CatalogueError as exc:
        for problem in exc.problems:
            click.echo(str(problem))
        fail(f"{len(exc.problems)} problem(s) in the card data; run `cardpress check`")
    except (SiteError, ExportError, FontError, OSError) as exc:
        fail(str(exc))
    click.echo(report.summary, err=True)


class _GamesHelp(click.Command):
    """A command whose help names the registered games ({games} in its docstring),
    read from the registry only when the help is shown: every other ``cardpress``
    command starts without importing the engines."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from cardpress.games import GAMES

        template = self.help or ""
        self.help = template.replace("{games}", ", ".join(GAMES))
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = template


@main.command(cls=_GamesHelp)
@click.argument("game")
@click.option(
    "--games",
    "n_games",
    required=True,
    type=click.IntRange(1, 1_000_000),
    help="How many games to play.",
)
@click.option(
    "--players",
    type=click.IntRange(1, 8),
    help="Seats at the table (default: each count the game allows, or its usual).",
)
@click.option(
    "--seed", default=0, show_default=True, type=int, help="Random seed; same seed, same output."
)
def simulate(game: str, n_games: int, players: int | None, seed: int) -> None:
    """Play GAME N times with bots and print win rates and game lengths.

    GAME is one of {games}.
    """
    from cardpress.games.simulate import run

    try:
        click.echo(run(game, n_games, players=players, seed=seed), nl=False)
    except ValueError as exc:
        fail(str(exc))


@main.command("report")
@click.option("--db", "db_url", metavar="URL", help="The referee's database (default: its own).")
@click.option("--out", type=click.Path(path_type=Path), default=Path("build"), show_default=True)
@click.option("--lang", "langs", type=click.Choice(LANGS), multiple=True)
@click.option(
    "--bot-games",
    type=click.IntRange(0, 100_000),
    default=200,
    show_default=True,
    help="Bot games per game, setup and player count (0: no bot figures).",
)
@click.option("--new-token", is_flag=True, help="Make a token for the referee's report page.")
def report(
    db_url: str | None, out: Path, langs: tuple[str, ...], bot_games: int, new_token: bool
) -> None:
    """What real tables say: a PDF per language, <out>/<lang>/report.pdf."""
    from referee.report.cli import run

    run(db_url, out, langs or LANGS, bot_games, new_token)


@main.group()
def db() -> None:
    """The referee's database (live tables)."""


@db.command("upgrade")
def db_upgrade() -> None:
    """Create the database, or migrate it to the newest schema.

    The URL comes from CARDPRESS_DATABASE_URL (e.g.
    postgresql+psycopg://user@host/cardpress); by default a SQLite file in
    the referee's instance folder.
    """
    from referee.tables.cli import upgrade_database

    try:
        click.echo(upgrade_database())
    except Exception as exc:  # a database that is down or refuses us: say so, no traceback
        fail(f"db upgrade: {type(exc).__name__}: {exc}")


@main.group()
def tables() -> None:
    """Live tables in the referee's database."""


@tables.command("prune")
@click.option(
    "--days",
    type=click.FloatRange(min=0),
    default=None,
    help="Remove tables idle this long (default: TABLES_IDLE_DAYS, 30).",
)
def tables_prune(days: float | None) -> None:
    """Delete tables nobody has touched for a while (default 30 days)."""
    from referee.tables.cli import prune_tables

    try:
        click.echo(prune_tables(days))
    except Exception as exc:
        fail(f"tables prune: {type(exc).__name__}: {exc}")


if __name__ == "__main__":  # pragma: no cover
    main()
