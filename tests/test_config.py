"""Where QR codes point: flag, then environment, then cardpress.toml."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpress.config import DEFAULT_BASE_URL, ConfigError, resolve_base_url


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "cardpress.toml"
    path.write_text('[cardpress]\nbase_url = "https://file.example/ref/"\n', encoding="utf-8")
    return path


def test_precedence(config_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDPRESS_BASE_URL", "https://env.example")
    assert resolve_base_url("https://flag.example", config_file) == "https://flag.example"
    assert resolve_base_url(None, config_file) == "https://env.example"
    monkeypatch.delenv("CARDPRESS_BASE_URL")
    assert resolve_base_url(None, config_file) == "https://file.example/ref"
    assert resolve_base_url(None, config_file.parent / "absent.toml") == DEFAULT_BASE_URL


@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("referee.example", "must be an absolute http(s) URL"),
        ("ftp://x.example", "must be an absolute http(s) URL"),
        ("https://", "must be an absolute http(s) URL"),
        ("https://x.example/?a=1", "must not have a query"),
        ("https://x.example:99999", "malformed port"),
    ],
)
def test_malformed_url_names_its_origin(url: str, fragment: str, config_file: Path) -> None:
    with pytest.raises(ConfigError, match="--base-url") as info:
        resolve_base_url(url, config_file)
    assert fragment in str(info.value)


def test_malformed_env_and_file(config_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDPRESS_BASE_URL", "nope")
    with pytest.raises(ConfigError, match="CARDPRESS_BASE_URL"):
        resolve_base_url(None, config_file)
    monkeypatch.delenv("CARDPRESS_BASE_URL")
    config_file.write_text("[cardpress]\nbase_url = 5\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="base_url must be a string"):
        resolve_base_url(None, config_file)
    config_file.write_text("[cardpress\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"cardpress\.toml"):
        resolve_base_url(None, config_file)
