"""Options and messages every ``cardpress`` command shares."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from cardpress.config import unreachable_reason
from cardpress.paths import ENV_CARDS

F = TypeVar("F", bound=Callable[..., Any])

#: the exit status of an expected failure (bad data, a wrong flag): a script can tell it
#: from a crash (1) and from success (0)
EXIT_PROBLEMS = 2


def fail(*lines: str) -> NoReturn:
    """Each problem on its own line of stderr, then exit 2: never a traceback."""
    for line in lines:
        click.echo(f"cardpress: {line}", err=True)
    sys.exit(EXIT_PROBLEMS)


def _use_cards(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """Point this run (and its worker processes) at another card folder."""
    if value is None:
        return None
    previous = os.environ.get(ENV_CARDS)
    os.environ[ENV_CARDS] = str(value.expanduser().resolve())

    def restore() -> None:  # a command run in-process (tests) leaves no trace
        if previous is None:
            os.environ.pop(ENV_CARDS, None)
        else:
            os.environ[ENV_CARDS] = previous

    ctx.call_on_close(restore)
    return value


def cards_option(command: F) -> F:
    return click.option(
        "--cards",
        "cards_dir",
        type=click.Path(file_okay=False, path_type=Path),
        callback=_use_cards,
        is_eager=True,
        help="Card data folder (default: $CARDPRESS_ROOT/cards, else the project's cards/).",
    )(command)


def base_url_option(command: F) -> F:
    return click.option(
        "--base-url",
        default=None,
        metavar="URL",
        help="Where QR codes point: the address phones open "
        "(default: $CARDPRESS_BASE_URL, cardpress.toml).",
    )(command)


def out_option(default: str) -> Callable[[F], F]:
    return click.option(
        "--out",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help=f"Output folder (default: {default}/).",
    )


def jobs_option(command: F) -> F:
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(1, 64),
        default=2,
        show_default=True,
        help="Worker processes.",
    )(command)


def warn_about_base_url(url: str) -> None:
    """Once per command, on stderr: printed codes that no phone can open are expensive."""
    reason = unreachable_reason(url)
    if reason is not None:
        click.echo(
            f"warning: the QR codes point at {url}, {reason}: phones at the table cannot "
            "open this; pass --base-url (a hosted site such as https://cards.example.org, "
            "or this machine on the Wi-Fi as `cardpress serve --lan` prints it)",
            err=True,
        )
