"""The phones' pages, without JavaScript: create, seat, host, spectator."""

from __future__ import annotations

import html as html_module
import io
import random
import re

import pytest
import zxingcpp
from PIL import Image

from cardpress.games import GAMES
from tests.referee.tables.conftest import auth, create_table, logged, make_app, path_of, said_list


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


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # pages only, no table
def test_every_card_page_and_rule_card_page_offers_its_games_tables(api):
    """The host starts from the card in hand: each kind of card's page (every rule
    card; one card of each other kind and set of games), in both languages, links to
    the create page of each game the card is played in."""
    from cardpress.catalogue import load_catalogue
    from cardpress.games.registry import DECK_GAMES

    cards = load_catalogue()
    checked = set()
    for deck, games in DECK_GAMES.items():
        for card in cards.deck(deck).cards:
            wanted = set(getattr(card, "games", games))  # the Mona Lisa: not in Detective Eye
            kind = (deck, str(getattr(card, "kind", "")), tuple(sorted(wanted)))
            if kind in checked and getattr(card, "game", None) is None:
                continue
            checked.add(kind)
            for lang in ("ja", "en"):
                html = api.get(f"/{lang}/c/{deck}/{card.id}").get_data(as_text=True)
                linked = set(re.findall(rf'href="/{lang}/tables/new\?game=([a-z0-9-]+)"', html))
                assert linked == wanted, (deck, card.id, lang, linked)
    assert len(checked) >= 6
    for game in GAMES:
        assert api.get(f"/en/tables/new?game={game}").status_code == 200


def test_the_create_page_keeps_its_game_and_links_every_game(api):
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
    record = logged(api, body["table"], body["host"]["token"])
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
    assert "Aki and Ben all bid 2: those bids collide." in html
    assert "Chi won and takes 4 cards." in html
    assert 'href="/en/rules/finger-auction#FA-1"' in html


def test_a_stale_tap_explains_itself(api):
    body = create_table(api, players=["Aki", "Ben"], lang="en")
    aki = path_of(body["seats"][0]["url"])
    response = api.post(aki, data={"action": "hands:1/2", "version": "5"})
    assert response.status_code == 303 and response.headers["Location"].endswith(aki)
    assert "The table moved on before your tap arrived" in api.get(aki).get_data(as_text=True)


def test_a_refused_move_is_explained_in_the_pages_language(api):
    """Buttons never offer an illegal move; a crafted one is refused in words, with its ruling."""
    body = create_table(api, game="ultimatch", players=["Aki"], seed=3, lang="ja")
    aki = path_of(body["seats"][0]["url"])
    state = GAMES["ultimatch"].new_game(["Aki"], 3)
    target = next(c for c in state.view(0)["pyramid"] if c not in (None, "hidden"))
    card = next(c for c in state.hands[0] if f"match:{target}:{c}" not in state.legal_actions(0))
    page = _posted(api, aki, {"action": f"match:{target}:{card}"})
    error = re.search(r'<div class="error" role="alert">(.*?)</div>', page, re.S).group(1)
    said = re.sub(r"<[^>]+>", "", error)
    assert "に合わせられません。" in said and "UM-" in said, said
    assert not re.findall(r"[a-z]+-\d+", said.split("：", 1)[1]), said  # cards named, not ids
    english = _posted(api, aki.replace("/ja/", "/en/"), {"action": "pass"})
    assert "“Pass” cannot be played now: solitaire has no pass" in english


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


def _posted(client, path: str, form: dict) -> str:
    """A form post as a browser makes it: the answer redirects (POST/redirect/GET,
    so a reload never posts again) and the page it names says what happened."""
    response = client.post(path, data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return client.get(response.headers["Location"]).get_data(as_text=True)


def _error(html: str) -> str:
    found = re.search(r'<div class="error" role="alert">(.*?)</div>', html, re.S)
    assert found, "the page shows no error"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_the_create_form_explains_bad_input(api):
    """Too few names are said as the host fixes them, with the game by its name:
    never the API's "finger-auction is played by 2 to 4 players, not 1"."""
    for lang, wanted in (
        ("en", "Type at least 2 names: Finger Auction is played by 2 to 4 players."),
        ("ja", "名前を2人分以上入力してください。フィンガーオークションは2〜4人で遊びます。"),
    ):
        for names in ({}, {"name0": "Solo"}):
            form = {"game": "finger-auction", "go": "1", **names}
            html = _posted(api, f"/{lang}/tables/new", form)
            assert wanted in _error(html), _error(html)
            assert "finger-auction" not in _error(html)
            assert 'value="Solo"' in html or not names  # what was typed is kept
    too_many = {"game": "gallery-rush", "go": "1", **{f"name{i}": f"P{i}" for i in range(5)}}
    said = _error(_posted(api, "/en/tables/new", too_many))  # a crafted post: 4 rows shown
    assert "Gallery Rush is played by 2 to 4 players: type at most 4 names." in said, said


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


#: what an engine id looks like, wherever it would leak into a page's text:
#: event kinds (auction_won), actions (adjust:3), card ids (monet-4, 0.12)
RAW = re.compile(
    r"\b[a-z]+(?:_[a-z]+)+\b"
    r"|\b(?:bid|hands|take|adjust|pass|place|declare|raise|discard|give|offer|swap|match"
    r"|alta|collect|warehouse|nominate|flip):\S|\bnoswap\b"
    r"|\b(?:monet|gogh|vermeer|forgery|mona|red|orange|yellow|green|blue|purple|std)-\w+"
    r"|\b\d+\.\d+\b"
)


def raw_ids(html: str) -> list[str]:
    """Engine ids in what a person reads: text, button labels, alt and aria labels."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    read = re.findall(r'(?:alt|aria-label)="([^"]*)"', html)
    read += re.sub(r"<[^>]+>", "\n", html).split("\n")
    found = []
    for piece in read:
        piece = piece.strip()
        if piece and (match := RAW.search(piece)):
            found.append(f"{match.group(0)!r} in {piece[:80]!r}")
    return found


RAW_TABLES = [
    ("finger-auction", ["Aki", "Ben"], {}),
    ("finger-auction", ["Aki", "Ben", "Chi"], {"variant": "strict"}),
    ("gallery-rush", ["Aki", "Ben", "Chi"], {}),
    ("detective-eye", ["Aki", "Ben", "Chi"], {}),
    ("ultimatch", ["Aki", "Ben", "Chi"], {"pass_rule": "strict"}),
    ("ultimatch", ["Solo"], {}),
    ("eshi100", ["Aki", "Ben", "Chi"], {"bit_cards_discarded": False}),
    ("eshi100", ["Aki", "Ben"], {"deck": "starter"}),  # printed cards, a manual bid effect
]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # storage plays no part here
@pytest.mark.parametrize(("game", "players", "options"), RAW_TABLES)
def test_no_page_shows_a_raw_id(api, game, players, options):
    """Every page of a whole game, both languages: words only, never engine ids."""
    body = create_table(api, game=game, players=players, options=options, seed=11, lang="en")
    table, seats = body["table"], body["seats"]
    host = f"/en/tables/{table}/{body['host']['token']}"
    engine_options = dict(options)
    if engine_options.pop("deck", None) == "starter":  # the table's printed deck
        from cardpress.catalogue import load_catalogue

        engine_options["decks"] = [list(load_catalogue().deck(game).cards)] * len(players)
    state = GAMES[game].new_game(players, 11, **engine_options)
    choices = random.Random(3)
    seen: dict[str, list[str]] = {}
    step = 0
    while not state.is_terminal():
        seat = choices.choice(state.current_players())
        lang = ("en", "ja")[step % 2]
        pages = [path_of(seats[seat]["url"]).replace("/en/", f"/{lang}/")]
        if step % 7 == 0:
            pages += [host.replace("/en/", f"/{lang}/"), f"/{lang}/tables/{table}"]
        for page in pages:
            html = api.get(page).get_data(as_text=True)
            if found := raw_ids(html):
                seen[page] = found[:3]
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        answer = api.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": action},
            headers=auth(seats[seat]["token"]),
        )
        assert answer.status_code == 200, answer.get_json()
        step += 1
    for lang in ("en", "ja"):
        for page in (
            f"/{lang}/tables/{table}",
            f"/{lang}/tables/{table}/record",
            path_of(seats[0]["url"]).replace("/en/", f"/{lang}/"),
        ):
            response = api.get(page)
            assert response.status_code == 200, page
            if found := raw_ids(response.get_data(as_text=True)):
                seen[page] = found[:3]
    assert seen == {}
    assert raw_ids("<button>adjust:3</button>") and raw_ids("<li>auction_won</li>")


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_every_action_and_event_the_engines_offer_has_words(tables_app):
    """Random games of every engine, the printed 絵師100人展 deck included (its
    manual bid effect asks the table for an adjustment): no label or sentence
    is an engine id, in either language."""
    from cardpress.catalogue import load_catalogue
    from referee.tables import words

    printed = list(load_catalogue().deck("eshi100").cards)
    setups = [(game, spec.max_players, {}) for game, spec in GAMES.items()]
    setups += [("finger-auction", 2, {}), ("ultimatch", 1, {})]
    setups += [("eshi100", n, {"decks": [printed] * n}) for n in (2, 4)]
    kinds: set[str] = set()
    for lang in ("en", "ja"):
        with tables_app.test_request_context(f"/{lang}/tables/new"):
            for game, n, options in setups:
                for seed in range(2):
                    state = GAMES[game].new_game(n, seed, **options)
                    choices = random.Random(seed)
                    while not state.is_terminal():
                        seat = choices.choice(state.current_players())
                        view = state.view(seat)
                        for action in state.legal_actions(seat):
                            label = words.action(game, action, view)
                            assert not raw_ids(f"<b>{label}</b>"), (game, action, label)
                            kinds.add(action.partition(":")[0])
                        for event in state.apply(seat, choices.choice(state.legal_actions(seat))):
                            said = words.event(
                                game,
                                {"kind": event.kind, "player": event.player, "data": event.data},
                                list(state.names),
                                state.view(None),
                            )
                            assert not raw_ids(f"<b>{said}</b>"), (game, event, said)
    assert {"adjust", "hands", "match", "swap", "flip", "nominate"} <= kinds


def test_two_hand_bids_are_picked_right_then_left_without_javascript(api):
    body = create_table(api, players=["Aki", "Ben"], lang="en")
    table, aki = body["table"], path_of(body["seats"][0]["url"])
    first = api.get(aki).get_data(as_text=True)
    assert 'value="hands:' not in first  # no 25 buttons: step 1 is the right hand
    rights = re.findall(r'href="\?right=(\d)#move"', first)
    assert rights == ["1", "2", "3", "4", "5"]
    second = api.get(aki + "?right=4").get_data(as_text=True)
    offered = re.findall(r'value="(hands:[^"]+)"', second)
    state = GAMES["finger-auction"].new_game(["Aki", "Ben"], 7)
    assert offered == [a for a in state.legal_actions(0) if a.startswith("hands:4/")]
    assert "Left 2" in second and 'aria-current="true">Right 4<' in second
    nonce = re.search(r'name="nonce" value="([^"]+)"', second).group(1)
    posted = api.post(aki + "?right=4", data={"action": "hands:4/2", "nonce": nonce})
    assert posted.status_code == 303 and posted.headers["Location"].endswith(aki)
    api.post(path_of(body["seats"][1]["url"]), data={"action": "hands:1/3"})
    record = logged(api, table, body["host"]["token"])
    assert record["actions"][:2] == [[0, "hands:4/2"], [1, "hands:1/3"]]
    assert api.get(aki + "?right=9").status_code == 200  # no such right: step 1 again


def test_every_engine_option_has_a_choice_in_words():
    from referee.tables.pages import OPTION_CHOICES, SEAT
    from referee.tables.schemas import TABLE_OPTIONS

    for game, spec in GAMES.items():
        offered = set(spec.options) - {"decks"} | set(TABLE_OPTIONS[game])
        assert set(OPTION_CHOICES[game]) == offered, game
        for key, choices in OPTION_CHOICES[game].items():
            assert spec.offered[key].label, (game, key)
            labels = dict(spec.offered[key].labels)
            assert choices == SEAT or all(c in labels for c in choices), key
            if key in spec.options and choices != SEAT:
                assert spec.options[key] == choices[0], (key, "the rules' default first")
            if key in TABLE_OPTIONS[game]:
                assert set(choices) == set(TABLE_OPTIONS[game][key]), key


def test_the_create_page_offers_every_engine_option_folded(api):
    html = api.get("/en/tables/new?game=ultimatch").get_data(as_text=True)
    folded = html.split('<details class="more-options"', 1)[1].split("</details>", 1)[0]
    for name in ("pass_rule", "turn_order", "dealer", "seed"):
        assert f'name="{name}"' in folded
    assert 'name="difficulty"' in html and 'name="difficulty"' not in folded
    assert "strict: pass only when every match uses alta-hand cards alone" in folded
    assert '<option value="standard" selected>' in folded  # the rules' default
    form = {
        "game": "ultimatch",
        "go": "1",
        "name0": "Aki",
        "name1": "Ben",
        "pass_rule": "official",  # UM-6's variant as earlier versions named it
        "turn_order": "counter-clockwise",
        "dealer": "1",
    }
    made = api.post("/en/tables/new", data=form)
    assert made.status_code == 303
    host = made.headers["Location"]
    table, token = host.rstrip("/").split("/")[-2:]
    record = logged(api, table, token)
    assert record["options"] == {
        "difficulty": "normal",
        "pass_rule": "strict",
        "dealer": 1,
        "turn_order": "counter-clockwise",
    }
    page = api.get(path_of(host) if "://" in host else host).get_data(as_text=True)
    assert 'Passing ("strict" variant)' in html_module.unescape(page)
    refused = api.post("/en/tables/new", data={**form, "dealer": "4"})
    assert refused.status_code == 303  # POST/redirect/GET: a reload never posts again
    again = api.get(refused.headers["Location"]).get_data(as_text=True)
    assert "there is no seat 5 with 2 players" in again
    eshi = api.get("/ja/tables/new?game=eshi100").get_data(as_text=True)
    assert 'name="bit_cards_discarded"' in eshi and "最初のオークショニア" in eshi


def test_the_record_page_is_the_hosts_then_everyones(api):
    body = create_table(api, players=["Aki", "Ben"], lang="en")
    table, token = body["table"], body["host"]["token"]
    aki, ben = (path_of(s["url"]) for s in body["seats"])
    api.post(aki, data={"action": "hands:2/3"})
    api.post(ben, data={"action": "hands:4/1"})
    host_page = api.get(f"/en/tables/{table}/{token}").get_data(as_text=True)
    assert f'href="/en/tables/{table}/{token}/record"' in host_page
    record = api.get(f"/en/tables/{table}/{token}/record")
    html = record.get_data(as_text=True)
    assert record.status_code == 200
    # the host usually plays too: the secret moves and the seed stay withheld,
    # what the table saw (the revealed bids) is there
    assert "<strong>Aki</strong>: a secret move (shown when the game is over)" in html
    assert "Right 2, left 3" not in html and "Seed 7" not in html
    assert "Bids: Aki right 2, left 3" in html
    download = api.get(f"/en/tables/{table}/{token}/record?format=json")
    assert download.headers["Content-Disposition"].startswith("attachment")
    assert download.get_json()["actions"] == [[0, None], [1, None]]
    assert download.get_json()["seed"] is None
    # before the end: not for a seat or a spectator
    assert "/record" not in api.get(aki).get_data(as_text=True)
    assert api.get(aki + "/record").status_code == 403
    assert api.get(f"/en/tables/{table}/record").status_code == 403
    assert api.get(f"/en/tables/{table}/record?format=json").status_code == 403
    state = GAMES["finger-auction"].new_game(["Aki", "Ben"], 7)
    for seat, action in ((0, "hands:2/3"), (1, "hands:4/1")):
        state.apply(seat, action)
    choices = random.Random(1)
    while not state.is_terminal():
        seat = choices.choice(state.current_players())
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        api.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": action},
            headers=auth(body["seats"][seat]["token"]),
        )
    assert f'href="{aki}/record"' in api.get(aki).get_data(as_text=True)
    public = api.get(f"/ja/tables/{table}/record")
    assert public.status_code == 200 and "記録" in public.get_data(as_text=True)
    assert len(re.findall(r'<li value="\d+">', public.get_data(as_text=True))) == len(
        state.record()["actions"]
    )
    assert "右手2・左手3" in public.get_data(as_text=True)  # Aki's first move, now shown
    assert "シード7" in public.get_data(as_text=True)
    whole = api.get(f"/en/tables/{table}/record?format=json").get_json()
    assert whole == state.record()  # once over: every move and the seed, for everyone


def test_cards_are_small_printed_pictures_named_in_the_pages_language(api):
    body = create_table(api, players=["Aki", "Ben", "Chi"], lang="en")
    html = api.get(path_of(body["seats"][0]["url"])).get_data(as_text=True)
    state = GAMES["finger-auction"].new_game(["Aki", "Ben", "Chi"], 7)
    pictures = re.findall(r'<img src="([^"]+)" alt="([^"]+)"[^>]*loading="lazy"', html)
    assert len(pictures) == len(state.field)
    assert ("/en/tables/cards/triptych/ml.png", "Mona Lisa") in pictures or "mona-lisa" not in (
        state.field
    )
    url = pictures[0][0]
    picture = api.get(url)
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    assert "max-age" in picture.headers["Cache-Control"]
    image = Image.open(io.BytesIO(picture.data))
    assert 150 <= image.width <= 200  # small: about 180 px for a 63 mm card
    assert len(picture.data) < 12_000  # 64 colours: a few kB
    assert api.get(url, headers={"If-None-Match": picture.headers["ETag"]}).status_code == 304
    ja = api.get(path_of(body["seats"][0]["url"]).replace("/en/", "/ja/")).get_data(as_text=True)
    assert re.search(r'alt="(モネ|ゴッホ|フェルメール|モナ・リザ|贋作)', ja)
    assert api.get("/en/tables/cards/triptych/nope.png").status_code == 404
    assert api.get("/en/tables/cards/nodeck/m1.png").status_code == 404


def test_an_eshi100_bid_is_ticked_cards_not_one_button_per_subset(api):
    body = create_table(api, game="eshi100", players=["Aki", "Ben"], lang="en")
    table, aki = body["table"], path_of(body["seats"][0]["url"])
    state = GAMES["eshi100"].new_game(["Aki", "Ben"], 7)
    html = api.get(aki).get_data(as_text=True)
    assert 'value="bid:' not in html  # Aki is the auctioneer: no "bid nothing" either
    ticks = re.findall(r'name="card" value="([^"]+)"', html)
    assert ticks == state.hands[0]
    nothing = api.post(aki, data={"action": "bid-picked"})
    assert nothing.status_code == 303
    assert "Tick at least one card." in api.get(aki).get_data(as_text=True)
    picked = [ticks[2], ticks[0]]
    answer = api.post(aki, data={"action": "bid-picked", "card": picked})
    assert answer.status_code == 303
    record = logged(api, table, body["host"]["token"])
    [[seat, action]] = record["actions"]
    assert seat == 0 and sorted(action.removeprefix("bid:").split(",")) == sorted(picked)
    ben = api.get(path_of(body["seats"][1]["url"])).get_data(as_text=True)
    assert 'value="bid:"' in ben and "Bid nothing" in ben
    assert "Aki's bid: 2 cards, face down" in ben


def _picker(html: str) -> tuple[list[str], list[str]]:
    """A card picker's step 1 (the cards, as links) and what the page offers to post."""
    firsts = re.findall(r'href="\?first=([^"#]+)#move"', html)
    offered = re.findall(r'name="action" value="([^"]+)"', html)
    return firsts, offered


def test_a_detective_eye_draft_is_picked_card_then_partner_without_javascript(api):
    """Ten "Pass X, Y" buttons become two taps on pictures: only legal pairs."""
    body = create_table(api, game="detective-eye", players=["Aki", "Ben", "Chi"], lang="en")
    table, aki = body["table"], path_of(body["seats"][0]["url"])
    state = GAMES["detective-eye"].new_game(["Aki", "Ben", "Chi"], 7)
    legal = state.legal_actions(0)
    assert len(legal) == 10
    html = api.get(aki).get_data(as_text=True)
    firsts, offered = _picker(html)
    assert firsts == state.hands[0] and offered == []  # step 1: no ten buttons
    assert "Step 1: the first card you pass to Ben." in html
    for c in firsts:  # each card shown as its printed picture
        assert re.search(
            rf'href="\?first={c}#move"[^>]*>\s*<span class="card" data-card="{c}"', html
        )
    first = firsts[2]
    second = api.get(f"{aki}?first={first}").get_data(as_text=True)
    assert 'aria-current="true">' in second and "Step 2: the card to pass with it to Ben." in second
    _firsts, offered = _picker(second)
    assert sorted(offered) == sorted(a for a in legal if first in a[5:].split(","))
    assert len(offered) == 4 and all(a in legal for a in offered)
    nonce = re.search(r'name="nonce" value="([^"]+)"', second).group(1)
    posted = api.post(f"{aki}?first={first}", data={"action": offered[1], "nonce": nonce})
    assert posted.status_code == 303 and posted.headers["Location"].endswith(aki)
    record = logged(api, table, body["host"]["token"])
    assert record["actions"] == [[0, offered[1]]]
    ben = path_of(body["seats"][1]["url"])
    assert _picker(api.get(f"{ben}?first=not-a-card").get_data(as_text=True))[1] == []
    japanese = api.get(ben.replace("/en/", "/ja/")).get_data(as_text=True)
    assert "ステップ1：Chiに渡すカードの1枚目を選びます。" in japanese and not raw_ids(japanese)


def test_ultimatch_plays_are_picked_target_first_then_the_cards(api):
    """Many match buttons become: a face-up pyramid card, then only its legal plays."""
    names = ["Aki", "Ben"]
    body = create_table(api, game="ultimatch", players=names, seed=4, lang="en")
    table, seats = body["table"], body["seats"]
    state = GAMES["ultimatch"].new_game(names, 4)
    while state.phase != "match":  # the exchange: whoever acts takes the first choice
        seat = state.current_players()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        answer = api.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": action},
            headers=auth(seats[seat]["token"]),
        )
        assert answer.status_code == 200
    seat = state.current_players()[0]
    legal = state.legal_actions(seat)
    plays = [a for a in legal if a.startswith("match:")]
    assert len(plays) > 6, "seed 4 gives this turn many plays"
    phone = path_of(seats[seat]["url"])
    html = api.get(phone).get_data(as_text=True)
    firsts, offered = _picker(html)
    face_up = [c for c in state.view(seat)["pyramid"] if c not in (None, "hidden")]
    assert firsts == [t for t in face_up if any(a.split(":")[1] == t for a in plays)]
    assert offered == [a for a in legal if not a.startswith("match:")]  # pass, when legal
    for target in firsts:
        step2 = api.get(f"{phone}?first={target}").get_data(as_text=True)
        _f, offered = _picker(step2)
        wanted = [a for a in plays if a.split(":")[1] == target]
        assert [a for a in offered if a.startswith("match:")] == wanted
        for action in wanted:  # each play shows its cards' pictures in the button
            used = action.split(":")[2].split("+")
            button = re.search(rf'value="{re.escape(action)}"[^>]*>(.*?)</button>', step2, re.S)
            assert re.findall(r'data-card="([^"]+)"', button.group(1)) == used
            from_alta = button.group(1).count("from the alta hand")
            assert from_alta == len(set(used) & set(state.alta)), button.group(1)
    target = firsts[-1]
    action = next(a for a in plays if a.split(":")[1] == target)
    posted = api.post(f"{phone}?first={target}", data={"action": action})
    assert posted.status_code == 303
    record = logged(api, table, body["host"]["token"])
    assert record["actions"][-1] == [seat, action]


NAMES = ["Aki", "Ben", "Chi"]


def _finished(want, game="finger-auction") -> tuple[int, list[tuple[int, str]], object]:
    """The first seed whose random 3-player game ends as ``want(state)`` asks."""
    for seed in range(400):
        state = GAMES[game].new_game(NAMES, seed)
        choices, moves = random.Random(seed), []
        while not state.is_terminal():
            seat = choices.choice(state.current_players())
            action = choices.choice(state.legal_actions(seat))
            state.apply(seat, action)
            moves.append((seat, action))
        if want(state):
            return seed, moves, state
    raise AssertionError("no such game in 400 seeds")


def _play(api, seed: int, moves, game="finger-auction", names=NAMES) -> str:
    body = create_table(api, game=game, players=names, seed=seed, lang="en")
    for seat, action in moves:
        answer = api.post(
            f"/api/v1/tables/{body['table']}/actions",
            json={"action": action},
            headers=auth(body["seats"][seat]["token"]),
        )
        assert answer.status_code == 200, answer.get_json()
    return body["table"]


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_result_says_how_ties_were_broken(api):
    """Equal scores placed apart by FA-7 (fewer cards held) are named with the cards
    each holds; players the tie-break leaves level are said to share their place."""

    def broken(state) -> bool:
        s, r = state.scores(), state.ranking()
        return any(s[a] == s[b] and r[a] != r[b] for a in range(3) for b in range(3))

    seed, moves, state = _finished(broken)
    table = _play(api, seed, moves)
    names, scores, ranks = ["Aki", "Ben", "Chi"], state.scores(), state.ranking()
    tied = next(
        sorted(g)
        for g in ([p for p in range(3) if scores[p] == scores[q]] for q in range(3))
        if len({ranks[p] for p in g}) > 1
    )
    by_place = sorted(tied, key=lambda p: ranks[p])
    assert len(state.held[by_place[0]]) < len(state.held[by_place[-1]])  # FA-7
    en = _text(api.get(f"/en/tables/{table}").get_data(as_text=True))
    order = ", ".join(f"{ranks[p]}. {names[p]} ({len(state.held[p])} cards held)" for p in by_place)
    assert (
        f"{said_list([names[p] for p in tied])} have the same score ({int(scores[tied[0]])}); "
        f"the tie-break places them: {order}." in en
    ), en[-1500:]
    ja = _text(api.get(f"/ja/tables/{table}").get_data(as_text=True))
    order = "、".join(
        f"{ranks[p]}位 {names[p]}（所持しているカード{len(state.held[p])}枚）" for p in by_place
    )
    assert "順位 プレイヤー 得点 持っているカード 1 " in ja  # points (not the button), cards
    assert f"は同点（{int(scores[tied[0]])}点）です。同点の決め方による順位：{order}。" in ja, ja[
        -1500:
    ]

    def level(state) -> bool:
        r = state.ranking()
        return len(set(r)) < len(r)

    seed, moves, state = _finished(level)
    table = _play(api, seed, moves)
    ranks = state.ranking()
    place = next(r for r in ranks if ranks.count(r) > 1)
    sharing = said_list([n for n, r in zip(names, ranks, strict=True) if r == place])
    en = _text(api.get(f"/en/tables/{table}").get_data(as_text=True))
    assert f"{sharing} share place {place}: the tie-break leaves them level." in en, en[-1500:]
    ja = _text(api.get(f"/ja/tables/{table}").get_data(as_text=True))
    assert f"は{place}位で並びます：同点の決め方でも差がつきません。" in ja, ja[-1500:]


def test_a_blocked_right_hand_and_a_failed_challenge_are_said_with_their_rules(api):
    """The outcomes the issue names: which right hand was blocked (FA-3), why a
    challenge failed (DE-6), in both languages, each with its ruling linked."""
    body = create_table(api, players=["Aki", "Ben"], seed=1, lang="en")
    for seat, action in ((0, "hands:3/1"), (1, "hands:2/3")):  # Ben's left 3 meets Aki's right 3
        answer = api.post(
            f"/api/v1/tables/{body['table']}/actions",
            json={"action": action},
            headers=auth(body["seats"][seat]["token"]),
        )
        assert answer.status_code == 200, answer.get_json()
    html = api.get(f"/en/tables/{body['table']}").get_data(as_text=True)
    assert "Aki's right hand (3) is blocked by Ben's left hand." in _text(html).replace(
        "&#39;", "'"
    )
    assert 'href="/en/rules/finger-auction#FA-3"' in html
    html = api.get(f"/ja/tables/{body['table']}").get_data(as_text=True)
    assert "Akiの右手（3）はBenの左手に妨害されました。" in _text(html), _text(html)[-800:]
    assert 'href="/ja/rules/finger-auction#FA-3"' in html

    for seed in range(200):  # the first random game with a failed challenge; stop right there
        state = GAMES["detective-eye"].new_game(NAMES, seed)
        choices, moves, failed = random.Random(seed), [], None
        while not state.is_terminal() and failed is None:
            seat = choices.choice(state.current_players())
            action = choices.choice(state.legal_actions(seat))
            events = state.apply(seat, action)
            moves.append((seat, action))
            if any(e.kind == "challenge_failed" for e in events):
                failed = seat
        if failed is not None:
            break
    assert failed is not None
    table = _play(api, seed, moves, "detective-eye")
    who = NAMES[failed]
    html = api.get(f"/en/tables/{table}").get_data(as_text=True)
    said = _text(html).replace("&#39;", "'")
    assert f"{who}'s challenge failed: a flipped card was not the painter declared." in said
    assert 'href="/en/rules/detective-eye#DE-6"' in html
    html = api.get(f"/ja/tables/{table}").get_data(as_text=True)
    assert (
        f"{who}の挑戦は失敗しました：めくったカードが宣言した画家ではありませんでした。"
        in _text(html)
    )
    assert 'href="/ja/rules/detective-eye#DE-6"' in html


def test_places_shared_without_a_tie_are_not_called_a_tie(api):
    """Gallery Rush's sole winner (GR-2) leaves everyone else second, whatever they
    collected: the page says they share the place, not that a tie-break left them level."""

    def second_apart(state) -> bool:
        seconds = [p for p, r in enumerate(state.ranking()) if r == 2]
        return len(seconds) == 2 and len({state.scores()[p] for p in seconds}) == 2

    seed, moves, state = _finished(second_apart, "gallery-rush")
    table = _play(api, seed, moves, "gallery-rush")
    names, seconds = NAMES, [p for p, r in enumerate(state.ranking()) if r == 2]
    en = _text(api.get(f"/en/tables/{table}").get_data(as_text=True))
    shared = said_list([names[p] for p in seconds])
    assert f"{shared} share place 2." in en and "leaves them level" not in en, en[-1200:]
    ja = _text(api.get(f"/ja/tables/{table}").get_data(as_text=True))
    assert f"{'、'.join(names[p] for p in seconds)}は2位で並びます。" in ja, ja[-1200:]


@pytest.mark.parametrize("value", ["strict", "official"])
def test_um6_strict_variant_is_accepted_by_its_name_and_its_earlier_name(api, value):
    """UM-6's variant is "strict"; tables and links of earlier versions say "official"."""
    made = create_table(api, game="ultimatch", players=["Aki", "Ben"], options={"pass_rule": value})
    record = logged(api, made["table"], made["host"]["token"])
    assert record["options"]["pass_rule"] == "strict"
    refused = api.post(
        "/api/v1/tables",
        json={"game": "ultimatch", "players": ["Aki", "Ben"], "options": {"pass_rule": "loose"}},
    )
    assert refused.status_code == 400
    message = refused.get_json()["error"]["message"]
    assert "pass_rule" in message and "strict" in message and "official" not in message
