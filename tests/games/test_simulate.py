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
