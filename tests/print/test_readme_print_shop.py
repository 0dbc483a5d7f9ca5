"""The README's print-shop section says what the preflight checks and commands that run.

A publisher orders from the README's table: each service's numbers there must be
the ones ``preflight_services.toml`` holds (the file the preflight reads), and every
``cardpress`` command the section gives must be one the command line accepts (its
options and their values), so a profile or an option that changes fails here
instead of at the service's upload page.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from cardpress.cli import main
from cardpress.print.preflight import services

README = Path(__file__).parents[2] / "README.md"
HEADER = (
    "`--service`",
    "trim",
    "bleed a side",
    "with bleed",
    "safe zone",
    "PDF/X",
    "colour",
    "total ink",
    "images",
    "smallest type",
    "pages",
    "a card's pages",
)
#: the README's words for ``sides`` in ``preflight_services.toml``
SIDES = {"front-back": "front, back", "back-front": "back, front"}
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Print shops, print on demand, build speed")
    return text[start : text.index("\n## ", start + 1)]


def _table() -> dict[str, dict[str, str]]:
    """The service table's rows by service id, each cell by its column's heading."""
    lines = _section().splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("| `--service` |"))
    columns = tuple(c.strip() for c in lines[head].strip("|").split("|"))
    assert columns == HEADER
    rows = {}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        service = re.match(r"`([a-z]+)`", cells[0])
        assert service, line
        rows[service.group(1)] = dict(zip(HEADER, cells, strict=True))
    return rows


def _numbers(cell: str) -> list[float]:
    """The numbers before the first parenthesis (what follows restates them in inches)."""
    return [float(n) for n in NUMBER.findall(cell.split("(")[0])]


def test_the_table_lists_every_service_the_preflight_knows() -> None:
    assert set(_table()) == set(services())


@pytest.mark.parametrize("service_id", sorted(services()))
def test_the_readme_numbers_are_the_profiles(service_id: str) -> None:
    s = services()[service_id]
    row = _table()[service_id]
    assert f"({s.name})" in row["`--service`"] or service_id == "generic"
    if s.trim is None:
        assert row["trim"].startswith("any") and row["with bleed"] == "—"
    else:
        assert _numbers(row["trim"]) == pytest.approx(list(s.trim))
        whole = [v + 2 * s.bleed for v in s.trim]
        assert _numbers(row["with bleed"]) == pytest.approx(whole, abs=0.01)
    assert _numbers(row["bleed a side"]) == [pytest.approx(s.bleed)]
    assert _numbers(row["safe zone"]) == [pytest.approx(s.safe)]
    named = set(re.findall(r"PDF/X-[0-9a-z]+(?::\d{4})?", row["PDF/X"]))
    assert named == set(s.pdfx)
    assert (row["PDF/X"] == "any PDF") == (not s.pdfx)
    assert row["colour"] == ("CMYK only" if s.colour == "cmyk" else "RGB or CMYK")
    if s.total_ink:
        assert row["total ink"] == f"{s.total_ink:g} %"
    else:
        assert row["total ink"] == "—"
    assert row["images"] == f"{s.min_dpi:g} dpi"
    assert row["smallest type"] == f"{s.min_text:g} pt"
    assert row["pages"] == {1: "any", 2: "even"}[s.pages_multiple]
    assert row["a card's pages"] == SIDES[s.sides]


def _commands() -> list[list[str]]:
    """Every ``cardpress`` command line in the section's indented code blocks."""
    lines = [line.strip() for line in _section().splitlines() if line.startswith("    ")]
    return [shlex.split(line)[1:] for line in lines if line.startswith("cardpress ")]


def test_every_service_has_a_build_and_a_preflight_command() -> None:
    commands = [" ".join(c) for c in _commands()]
    for service_id in services():
        if service_id == "generic":
            continue
        assert any(c.startswith("build ") and f"--pod {service_id}" in c for c in commands)
        assert any(
            c.startswith(f"preflight build/en/pod/{service_id}/")
            and c.endswith(f"--service {service_id}")
            for c in commands
        )


@pytest.mark.parametrize("args", _commands(), ids=" ".join)
def test_every_command_is_one_the_command_line_accepts(args: list[str]) -> None:
    """Parsed by the real command line (options, their choices, arguments), not run:
    running them is the builds' and the preflight's own tests."""
    with main.make_context("cardpress", list(args)) as ctx:
        name, command, rest = main.resolve_command(ctx, ctx.protected_args + ctx.args)
        assert command is not None, name
        try:
            command.make_context(name, rest, parent=ctx)
        except click.UsageError as exc:
            pytest.fail(f"cardpress {' '.join(args)}: {exc.format_message()}")
