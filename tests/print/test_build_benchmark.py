"""The build benchmark refuses counts it cannot use by name, instead of a traceback at the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "build.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--watch-edits", "-1"), "argument --watch-edits: must be at least 0, not -1"),
        (("--watch-edits", "two"), "argument --watch-edits: not a whole number: 'two'"),
        (("--repeat", "0"), "argument --repeat: must be at least 1, not 0"),
        (("--rounds", "0"), "argument --rounds: must be at least 1, not 0"),
    ],
)
def test_bad_count_is_refused_by_name(args: tuple[str, ...], message: str) -> None:
    proc = run(*args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_help_says_what_zero_saves_means() -> None:
    proc = run("--help")
    assert proc.returncode == 0
    assert "0: the watcher is not measured" in " ".join(proc.stdout.split())
