"""``cardpress report``: its figures equal the records' (computed here from the
games themselves, not by the report's code), on SQLite and PostgreSQL; its
PDF holds every plot (read back: titles as text, plots as vector paths) in
both languages; the referee's page needs its token and shows no names."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from datetime import UTC, datetime, timedelta
from statistics import mean

import pikepdf
import pytest
from sqlalchemy import update

from cardpress.catalogue import load_catalogue
from referee.report import build, pdf, tokens
from referee.report.words import words
from referee.tables import service
from referee.tables.databases import open_database, upgrade
from referee.tables.models import GameTable
from tests.referee.tables import report_seed
from tests.referee.tables.conftest import auth, create_table, make_app

#: the game's own length measure, said here once more (the simulator's)
LENGTH = {
    "gallery-rush": "turns",
    "finger-auction": "auctions",
    "detective-eye": "rounds",
    "ultimatch": "turns",
    "eshi100": "auctions",
}
TITLES = (
    "Win rate by seat order",
    "Rulings cited per game",
    "Refusals by rule (which rules confuse players)",
    "Cards in winning collections",
)


def _held(state, seat):
    """The cards a winner ended with, read from the state as the rules keep them."""
    if state.game_id == "gallery-rush":
        return state.collections[seat]
    if state.game_id == "finger-auction":
        return state.held[seat]
    raise AssertionError(state.game_id)


def _expected(seeded):
    """The report's figures for one group, computed from the played games."""
    n_games = len(seeded)
    players = Counter(s.state.num_players for s in seeded)
    places: dict[int, float] = Counter()
    cards: Counter[str] = Counter()
    collections = 0
    for s in seeded:
        first = s.state.options.get("start_player", 0)
        n = s.state.num_players
        won = s.state.winners()
        for seat in won:
            places[(seat - first) % n] += 1 / len(won)
            collections += 1
            cards.update(set(_held(s.state, seat)))
    return {
        "games": n_games,
        "players": dict(players),
        "rounds": mean(getattr(s.state, LENGTH[s.state.game_id]) for s in seeded),
        "minutes": mean(s.minutes for s in seeded),
        "rulings": Counter(r for s in seeded for r in s.cited),
        "places": {p: w / n_games for p, w in places.items()},
        "presence": {c: k / collections for c, k in cards.items()},
    }


def _text(data: bytes, tmp_path, name: str) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout


def _paths_per_page(data: bytes, tmp_path) -> list[int]:
    """Path-painting operators drawn on each page, inside form XObjects too."""
    path = tmp_path / "paths.pdf"
    path.write_bytes(data)
    counts = []
    with pikepdf.open(path) as doc:
        for page in doc.pages:
            painted = 0
            for _operands, operator in pikepdf.parse_content_stream(page):
                painted += str(operator) in ("f", "f*", "S", "B", "b", "B*")
            assert not any(
                x.get("/Subtype") == "/Image" for x in page.Resources.get("/XObject", {}).values()
            ), "a plot must be vector, not an image"
            counts.append(painted)
    return counts


@pytest.fixture
def seeded_app(backend, database_urls):
    app = make_app(database_urls["make"](backend), REPORT_TOKEN="configured-report-token-0123")
    yield app
    ext = app.extensions["cardpress-tables"]
    ext.bus.stop()
    ext.db.dispose()


def test_figures_equal_the_records(seeded_app, tmp_path):
    app = seeded_app
    db = app.extensions["cardpress-tables"].db
    now = datetime.now(UTC)
    rush = report_seed.seed(db, "gallery-rush", 14, 3, now=now)
    rush += report_seed.seed(db, "gallery-rush", 6, 4, start=100, now=now)
    auction = report_seed.seed(db, "finger-auction", 9, 3, start=200, now=now)
    strict = report_seed.seed(db, "finger-auction", 4, 2, 300, {"variant": "strict"}, now)
    version = service.deck_version("finger-auction", {})
    assert version == load_catalogue().deck("triptych").version != ""
    printed = report_seed.seed(db, "finger-auction", 5, 4, 400, now=now, deck_version=version)
    # refusals through the real API: each illegal bid is a 400 naming its rule
    refused: Counter[str] = Counter()
    with app.test_client() as client:
        table = create_table(client)  # Finger Auction, 3 players, in play
        for bid in ("bid:9", "bid:0", "bid:7", "pass"):
            answer = client.post(
                f"/api/v1/tables/{table['table']}/actions",
                json={"action": bid},
                headers=auth(table["seats"][0]["token"]),
            )
            assert answer.status_code == 400
            refused[answer.get_json()["error"].get("rule") or ""] += 1
        # not refusals of a rule: a missing token, an unknown table
        assert (
            client.post(
                f"/api/v1/tables/{table['table']}/actions", json={"action": "bid:1"}
            ).status_code
            == 401
        )
        abandoned = create_table(client, seed=9)["table"]
        # a move no rule knows (a typo) is refused citing none: counted under ""
        rush_table = create_table(client, game="gallery-rush", players=["A", "B"])
        typo = client.post(
            f"/api/v1/tables/{rush_table['table']}/actions",
            json={"action": "hello"},
            headers=auth(rush_table["seats"][0]["token"]),
        )
        assert typo.status_code == 400 and "rule" not in typo.get_json()["error"]
    with db.writing() as conn:  # untouched for two days: abandoned; the first is still in play
        conn.execute(
            update(GameTable)
            .where(GameTable.id == abandoned)
            .values(touched_at=now - timedelta(days=2))
        )

    report = build.gather(db, "test", bot_games=20, now=now)
    groups = {key: f for key, f in report.people.items()}
    assert set(groups) == {
        ("gallery-rush", "", ""),
        ("finger-auction", "", ""),
        ("finger-auction", "", "variant=strict"),
        ("finger-auction", version, ""),
        ("gallery-rush", version, ""),
    }
    for key, seeded in (
        (("gallery-rush", "", ""), rush),
        (("finger-auction", "", ""), auction),
        (("finger-auction", "", "variant=strict"), strict),
        (("finger-auction", version, ""), printed),  # (+ the API's tables, none finished)
    ):
        got, want = groups[key], _expected(seeded)
        assert got.games == want["games"]
        assert dict(got.players) == want["players"]
        assert mean(got.rounds) == pytest.approx(want["rounds"])
        assert mean(got.minutes) == pytest.approx(want["minutes"], abs=1e-3)
        assert got.rulings == want["rulings"]
        rates = {place: rate for place, rate, _ in got.seat_rates()}
        for place, rate in want["places"].items():
            if all(n > place for n in want["players"]):
                assert rates[place] == pytest.approx(rate)
        assert got.card_presence() == pytest.approx(want["presence"])
        # the bots played the same player counts
        assert set(report.bots[key].players) == set(want["players"])
    # the tables made through the API carry the card data's deck version
    assert groups[("finger-auction", version, "")].abandoned == 1  # the one in play is not
    assert groups[("finger-auction", version, "")].refusals == refused
    assert sum(refused.values()) == 4
    assert groups[("gallery-rush", version, "")].refusals == Counter({"": 1})
    assert groups[("gallery-rush", version, "")].games == 0

    for lang in ("en", "ja"):
        data = pdf.render(report, lang)
        text = _text(data, tmp_path, f"report-{lang}.pdf")
        t = words(lang)
        titles = [t(title) for title in TITLES]
        titles += [t("Game length in %(measure)s", measure=t(m)) for m in ("turns", "auctions")]
        for title in titles:
            assert title in text, (lang, title)
        assert report_seed.SECRET_NAME not in text
        assert all(s.table_id not in text for s in rush + auction)
        # cards are named as players name them ("Monet 8", 「モネ 8」), never by engine id
        painters = [
            p.name.ja if lang == "ja" else p.name.en for p in load_catalogue().triptych.painters
        ]
        assert re.search(rf"(?:{'|'.join(painters)}) \d", text), lang
        assert not re.search(r"\b(?:monet|gogh|vermeer|forgery)-[a-z0-9]", text), lang
        # each plot's bars, steps and axes are vector paths: at least a few dozen a plot
        assert sum(_paths_per_page(data, tmp_path)) > 30 * len(titles)
        fonts = subprocess.run(
            ["pdffonts", str(tmp_path / f"report-{lang}.pdf")],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert all(line.split()[-5] == "yes" for line in fonts.splitlines()[2:]), fonts


def test_the_page_needs_its_token_and_shows_no_names(seeded_app):
    app = seeded_app
    db = app.extensions["cardpress-tables"].db
    seeded = report_seed.seed(db, "gallery-rush", 3, 3)
    made = tokens.new(db)
    # one character off the real token (never the token itself: it may start with "x")
    near = ("y" if made[0] == "x" else "x") + made[1:]
    with app.test_client() as client:
        for path in ("/en/report/", "/en/report/wrong-token", f"/ja/report/{near}"):
            assert client.get(path).status_code in (403, 404), path
        for token in ("configured-report-token-0123", made):
            for lang in ("en", "ja"):
                page = client.get(f"/{lang}/report/{token}")
                assert page.status_code == 200
                html = page.get_data(as_text=True)
                assert words(lang)("Win rate by seat order") in html
                assert html.count("data:image/svg+xml;base64,") >= 4
                assert report_seed.SECRET_NAME not in html
                assert all(s.table_id not in html for s in seeded)
                assert page.headers["Cache-Control"] == "no-store"


def test_no_token_configured_no_page(backend, database_urls):
    app = make_app(database_urls["make"](backend))
    with app.test_client() as client:
        assert client.get("/en/report/anything").status_code == 404
    app.extensions["cardpress-tables"].db.dispose()


def _created(url: str):
    """A new database, as `cardpress db upgrade` makes it; then opened as the report opens it."""
    fresh = open_database(url)
    upgrade(fresh.engine)
    fresh.dispose()
    return build.open_database(url)


def _cli(*args: str):
    from click.testing import CliRunner

    from cardpress.cli import main

    return CliRunner().invoke(main, ["report", *args])


def test_no_game_and_one_game(backend, database_urls, tmp_path):
    url = database_urls["make"](backend)
    db = _created(url)
    try:
        empty = build.gather(db, "test", bot_games=5)
        assert empty.finished == 0 and not empty.people
        text = _text(pdf.render(empty, "en"), tmp_path, "empty.pdf")
        assert "No tables yet: nothing to report." in text
        (one,) = report_seed.seed(db, "finger-auction", 1, 3)
        report = build.gather(db, "test", bot_games=5)
        (figures,) = report.people.values()
        assert figures.games == 1 and figures.rulings == Counter(one.cited)
        assert sum(rate for _, rate, _ in figures.seat_rates()) == pytest.approx(1.0)
        data = pdf.render(report, "ja")
        text = _text(data, tmp_path, "one.pdf")
        assert words("ja")("Win rate by seat order") in text
        again = build.gather(db, "test", bot_games=5)
        assert pdf.render(again, "ja") == data  # same records, same bytes
    finally:
        db.dispose()
    result = _cli("--db", url, "--out", str(tmp_path / "out"), "--lang", "en", "--bot-games", "3")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "en" / "report.pdf").is_file()
    assert not (tmp_path / "out" / "ja").exists()


def test_bad_arguments_are_named(tmp_path):
    missing = tmp_path / "nothing.sqlite3"
    result = _cli("--db", f"sqlite:///{missing}", "--out", str(tmp_path))
    assert result.exit_code != 0 and str(missing) in result.output
    assert "Traceback" not in result.output and not missing.exists()
    result = _cli("--db", "not a url at all", "--out", str(tmp_path))
    assert result.exit_code != 0 and "--db" in result.output
    result = _cli("--lang", "fr")
    assert result.exit_code == 2 and "--lang" in result.output


def test_ten_thousand_games_with_a_progress_line(database_urls, tmp_path):
    url = database_urls["make"]("sqlite")
    db = _created(url)
    try:
        seeded = report_seed.seed(db, "gallery-rush", 10_000, 3)
    finally:
        db.dispose()
    result = _cli("--db", url, "--out", str(tmp_path), "--lang", "en", "--bot-games", "20")
    assert result.exit_code == 0, result.output
    assert "tables read: 10000/10000" in result.output  # stderr is mixed in
    text = _text((tmp_path / "en" / "report.pdf").read_bytes(), tmp_path, "big.pdf")
    assert "10000" in text
    wins = Counter()
    for s in seeded:
        for seat in s.state.winners():
            wins[seat] += 1 / len(s.state.winners())
    first = f"{100 * wins[0] / 10_000:.1f}%"
    assert first in text  # seat 1's win rate, as the games say
