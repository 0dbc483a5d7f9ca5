"""The base URL is never silently wrong: codes no phone can open get one plain warning."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardpress.config import unreachable_reason

WARNING = "phones at the table cannot open this; pass --base-url"


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:5000",
        "http://LOCALHOST.:8000/x",
        "http://cards.localhost",
        "http://127.0.0.1:5000",
        "http://127.8.9.10",
        "http://[::1]:5000",
        "http://169.254.10.20",
        "http://[fe80::1]:5000",
        "http://0.0.0.0:5000",
    ],
)
def test_unreachable_addresses_are_named(url: str) -> None:
    assert unreachable_reason(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://cards.example.org",
        "http://192.168.1.20:5000",
        "http://10.0.0.5",
        "http://[2001:db8::5]",
        "http://localhost-games.example",
    ],
)
def test_reachable_addresses_pass(url: str) -> None:
    assert unreachable_reason(url) is None


def _cardpress(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardpress.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "HOME": str(cwd)},
    )


SUBSET = ("--deck", "ultimatch", "--lang", "en", "--paper", "a4")
ONLY_DECK = ("--no-print-shop", "--no-images", "--no-rules", "--jobs", "1")


def test_build_warns_once_on_stderr_for_localhost(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ("build", *SUBSET, *ONLY_DECK, "--out", str(out))
    result = _cardpress(*args, "--base-url", "http://127.0.0.1:5000", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(WARNING) == 1
    assert "http://127.0.0.1:5000" in result.stderr and "loopback" in result.stderr
    assert WARNING not in result.stdout
    assert (out / "en" / "decks" / "ultimatch-a4.pdf").is_file()


def test_build_is_quiet_about_a_real_address(tmp_path: Path) -> None:
    args = ("build", *SUBSET, *ONLY_DECK, "--out", str(tmp_path / "out"))
    result = _cardpress(*args, "--base-url", "http://192.168.1.20:5000", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr


def test_the_default_base_url_warns(tmp_path: Path) -> None:
    """No flag, no environment: cardpress.toml's localhost default is named as it is."""
    args = ("build", *SUBSET, *ONLY_DECK, "--out", str(tmp_path / "out"))
    result = _cardpress(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(WARNING) == 1
    assert "http://localhost:5000" in result.stderr
