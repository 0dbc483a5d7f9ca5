"""``cardpress simulate``: deterministic reports, clear errors."""

from __future__ import annotations

import pytest

from cardpress.games.simulate import run


@pytest.mark.parametrize("game", ["gallery-rush", "finger-auction", "detective-eye", "eshi100"])
def test_same_seed_same_report(game: str) -> None:
    first = run(game, 6, players=3, seed=4)
    assert first == run(game, 6, players=3, seed=4)
    assert "P3" in first and "win rate" in first and "game length" in first


def test_ultimatch_table_by_players_and_difficulty() -> None:
    report = run("ultimatch", 2, seed=1)
    assert report == run("ultimatch", 2, seed=1)
    assert "easier-alta-1" in report and "harder-reward" in report
    assert len([line for line in report.splitlines() if line[:8].strip().isdigit()]) == 5


def test_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="gallery-rush"):
        run("chess", 1)
    with pytest.raises(ValueError, match="players"):
        run("finger-auction", 1, players=7)
    with pytest.raises(ValueError):
        run("ultimatch", 0)


def test_the_help_names_every_registered_game() -> None:
    """The help reads the registry: a game registered later (the tests' own) is named
    too, and the product's five are named as a person types them."""
    from click.testing import CliRunner

    from cardpress.cli import main
    from cardpress.games import GAMES
    from tests.sixth_game import high_card

    def shown() -> str:
        result = CliRunner().invoke(main, ["simulate", "--help"], terminal_width=200)
        assert result.exit_code == 0, result.output
        return " ".join(result.output.split())

    five = "gallery-rush, finger-auction, detective-eye, ultimatch, eshi100"
    assert f"GAME is one of {five}." in shown()
    high_card.registered()
    try:
        assert f"GAME is one of {', '.join(GAMES)}." in shown()
        assert f"ultimatch, eshi100, {high_card.GAME}." in shown()
    finally:
        GAMES.unregister(high_card.GAME)
    assert high_card.GAME not in shown()
