"""The phones' pages, without JavaScript: create, seat, host, spectator."""

from __future__ import annotations

import random
import re

import pytest
import zxingcpp
from PIL import Image

from cardpress.games import GAMES
from tests.referee.tables.conftest import auth, create_table, make_app, path_of


def _create_by_form(client, game: str, names: list[str], bots=(), lang="en") -> str:
    form = {"game": game, "go": "1", "nonce": f"n-{random.random()}"}
    for i, name in enumerate(names):
        form[f"name{i}"] = name
        if i in bots:
            form[f"bot{i}"] = "1"
    response = client.post(f"/{lang}/tables/new", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"]


def _qr_images(html: str) -> list[Image.Image]:
    """The seat QR codes of a host page, drawn from their SVG paths."""
    images = []
    for size, path in re.findall(r'viewBox="0 0 (\d+) \d+".*?<path d="([^"]+)"', html):
        n = int(size)
        img = Image.new("L", (n, n), 255)
        for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)", path):
            for dx in range(int(w)):
                img.putpixel((int(x) + dx, int(y)), 0)
        images.append(img.resize((n * 8, n * 8), Image.NEAREST))
    return images


def test_the_card_pages_link_opens_the_create_page(api):
    page = api.get("/ja/tables/new?game=detective-eye")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'name="game" value="detective-eye"' in html
    assert "/en/tables/new?game=detective-eye" in html  # the language switch keeps the game
    for game in GAMES:
        assert f"/ja/tables/new?game={game}" in html


def test_host_gets_a_qr_code_per_person_seat(api):
    host = _create_by_form(api, "finger-auction", ["Aki", "Ben", "Chi"], bots=[2])
    html = api.get(path_of(host) if "://" in host else host).get_data(as_text=True)
    codes = [r.text for img in _qr_images(html) for r in zxingcpp.read_barcodes(img)]
    assert len(codes) == 2
    links = re.findall(r'href="([^"]+)" class="seat-link"', html)
    assert codes == links
    for link, name in zip(links, ["Aki", "Ben"], strict=True):
        seat_page = api.get(path_of(link)).get_data(as_text=True)
        assert f"You are {name}." in seat_page


def test_a_seat_plays_by_buttons_and_keeps_its_seat(api):
    body = create_table(api, players=["Aki", "Ben", "Chi"], lang="en")
    aki, ben = (path_of(s["url"]) for s in body["seats"][:2])
    page = api.get(aki).get_data(as_text=True)
    assert 'value="bid:3"' in page and "Bid 3" in page
    nonce = re.search(r'name="nonce" value="([^"]+)"', page).group(1)
    form = {"action": "bid:3", "version": "0", "nonce": nonce}
    first = api.post(aki, data=form)
    twice = api.post(aki, data=form)  # a double tap: the same one-time key
    assert first.status_code == twice.status_code == 303
    assert first.headers["Location"].endswith(aki)
    record = api.get(
        f"/api/v1/tables/{body['table']}/record", headers=auth(body["host"]["token"])
    ).get_json()
    assert record["actions"] == [[0, "bid:3"]]
    mine = api.get(aki).get_data(as_text=True)
    assert "Your secret bid: 3" in mine and 'value="bid:' not in mine
    theirs = api.get(ben).get_data(as_text=True)
    assert "Aki: has bid (hidden)" in theirs and "Your secret bid" not in theirs
    japanese = api.get(aki.replace("/en/", "/ja/")).get_data(as_text=True)
    assert "あなたはAkiです。" in japanese
    assert f'href="{aki}"' in japanese  # and the switch back keeps the seat


def test_outcomes_in_words_with_the_ruling(api):
    body = create_table(api, players=["Aki", "Ben", "Chi"], lang="en")
    paths = [path_of(s["url"]) for s in body["seats"]]
    for path, bid in zip(paths, (2, 2, 4), strict=True):
        assert api.post(path, data={"action": f"bid:{bid}"}).status_code == 303
    html = api.get(paths[0]).get_data(as_text=True)
    assert "Aki, Ben all bid 2: those bids collide." in html
    assert "Chi won and takes 4 card(s)." in html
    assert 'href="/en/rules/finger-auction#FA-1"' in html


def test_a_stale_tap_explains_itself(api):
    body = create_table(api, players=["Aki", "Ben"], lang="en")
    aki = path_of(body["seats"][0]["url"])
    response = api.post(aki, data={"action": "hands:1/2", "version": "5"})
    assert response.status_code == 200
    assert "The table moved on before your tap arrived" in response.get_data(as_text=True)


def test_spectators_see_no_buttons_and_wrong_links_are_404(api):
    body = create_table(api, lang="en")
    html = api.get(f"/en/tables/{body['table']}").get_data(as_text=True)
    assert "You are watching this table." in html and 'name="action"' not in html
    assert api.get(f"/en/tables/{body['table']}/{'x' * 32}").status_code == 404
    assert api.get(f"/en/tables/nosuchtable/{body['host']['token']}").status_code == 404
    assert (
        api.post(f"/en/tables/{body['table']}/{'x' * 32}", data={"action": "bid:1"}).status_code
        == 404
    )


def test_the_create_form_explains_bad_input(api):
    response = api.post(
        "/en/tables/new", data={"game": "finger-auction", "go": "1", "name0": "Solo"}
    )
    assert response.status_code == 400
    assert "finger-auction is played by 2 to 4 players, not 1" in response.get_data(as_text=True)


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # storage plays no part here
def test_detective_eye_pages_never_show_anothers_hidden_cards(api):
    body = create_table(api, game="detective-eye", players=["Aki", "Ben", "Chi"], lang="en")
    table, seats = body["table"], body["seats"]
    choices = random.Random(5)
    state = GAMES["detective-eye"].new_game(["Aki", "Ben", "Chi"], 7)  # the table's twin
    for step in range(400):
        if state.is_terminal():
            break
        for seat in seats if step % 3 == 0 else ():
            hidden = _hidden_from(state, seat["seat"])
            html = api.get(path_of(seat["url"])).get_data(as_text=True)
            shown = set(re.findall(r'data-card="([^"]+)"', html))
            assert not hidden & shown, (seat["name"], hidden & shown)
            for card in hidden:
                label = card.replace("-", " ").title().replace("Gogh", "Van Gogh")
                assert f">{label}<" not in html and f"{label}," not in html
        seat = choices.choice(state.current_players())
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        token = seats[seat]["token"]
        answer = api.post(
            f"/api/v1/tables/{table}/actions", json={"action": action}, headers=auth(token)
        )
        assert answer.status_code == 200
    assert answer.get_json()["terminal"]


def _hidden_from(state, seat: int) -> set[str]:
    """Cards somewhere in the state that ``seat`` may not see."""
    hidden = set()
    for other in range(state.num_players):
        if other == seat:
            continue
        hidden.update(state.hands[other])
        hidden.update(
            c for c, up in zip(state.placed[other], state.flipped[other], strict=True) if not up
        )
        if state.choice[other] is not None and state.phase in ("draft", "reveal"):
            hidden.add(state.choice[other])
    hidden.update(state.out)
    hidden.difference_update(state.hands[seat])
    hidden.difference_update(state.placed[seat])
    hidden.difference_update(state.passed[seat])  # passed on by this seat: it knows them
    return hidden


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_table_creation_is_rate_limited_per_address(database_urls, backend):
    app = make_app(database_urls["make"](backend), TABLES_CREATE_LIMIT="2 per minute")
    with app.test_client() as client:
        payload = {"game": "ultimatch", "players": ["Solo"]}
        codes = [client.post("/api/v1/tables", json=payload).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        limited = client.post("/api/v1/tables", json=payload)
        assert "message" in limited.get_json()["error"]
        other = client.post(
            "/api/v1/tables", json=payload, environ_base={"REMOTE_ADDR": "127.0.0.9"}
        )
        assert other.status_code == 201
    app.extensions["cardpress-tables"].db.dispose()
