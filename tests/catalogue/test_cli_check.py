"""`cardpress check` as a designer meets it: exit codes and one line per problem."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from cardpress.cli import main
from tests.conftest import edit

SAMPLE = Path(__file__).parents[1] / "data" / "eshi100-player-deck.csv"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Through a real process, so a traceback would show on stderr."""
    return subprocess.run(
        [sys.executable, "-m", "cardpress.cli", *args], capture_output=True, text=True, check=False
    )


def test_clean_data_exits_zero() -> None:
    result = run("check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert "triptych 32, ultimatch 48, eshi100 40" in result.stderr


def test_broken_data_prints_one_line_per_problem_and_exits_two(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "monet.toml", 'painter = "monet"', 'painter = "manet"')
    edit(cards_copy / "eshi100" / "cards.toml", 'icons = ["sakura"]', 'icons = ["rose"]')
    result = run("check", "--cards", str(cards_copy))
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert any(
        ln.endswith(
            "monet.toml: m1: painter: unknown value 'manet' (expected one of: monet, gogh, vermeer)"
        )
        for ln in lines
    )
    assert any("cards.toml: px02: icons: unknown icon 'rose'" in ln for ln in lines)
    assert all(ln.count(": ") >= 3 for ln in lines)
    assert "Traceback" not in result.stderr
    assert f"{len(lines)} problem(s) found" in result.stderr


def test_syntax_error_exit_two_without_traceback(cards_copy: Path) -> None:
    (cards_copy / "ultimatch" / "cards.toml").write_text("[[card]\n", encoding="utf-8")
    result = run("check", "--cards", str(cards_copy))
    assert result.returncode == 2
    assert "cards.toml: -: syntax: not valid TOML" in result.stdout
    assert "line 1" in result.stdout
    assert "Traceback" not in result.stderr


def test_missing_image_warns_but_passes(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "monet.toml", "year = 1872", 'year = 1872\nimage = "art/x.png"')
    result = CliRunner().invoke(main, ["check", "--cards", str(cards_copy)])
    assert result.exit_code == 0
    assert "warning:" in result.output and "art/x.png not found" in result.output


def test_player_csv_is_checked(tmp_path: Path) -> None:
    assert run("check", "--eshi100-csv", str(SAMPLE)).returncode == 0
    bad = tmp_path / "bad.csv"
    bad.write_text(
        SAMPLE.read_text(encoding="utf-8").replace(",2,梅+桜,", ",2,梅+薔薇,"), encoding="utf-8"
    )
    result = run("check", "--eshi100-csv", str(bad))
    assert result.returncode == 2
    assert "bad.csv: row 6 (No.005): icons: unknown icon '薔薇'" in result.stdout


def test_wrong_flag_is_a_usage_error() -> None:
    result = run("check", "--colour")
    assert result.returncode == 2
    assert "No such option '--colour'" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_command_and_help() -> None:
    assert run("frobnicate").returncode == 2
    helped = run("--help")
    assert helped.returncode == 0
    for command in ("check", "build", "serve", "simulate"):
        assert command in helped.stdout


def test_missing_cards_folder(tmp_path: Path) -> None:
    result = run("check", "--cards", str(tmp_path / "nowhere"))
    assert result.returncode == 2
    assert "nowhere: -: folder: the card data folder does not exist" in result.stdout
