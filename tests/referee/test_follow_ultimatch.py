"""The Ultimatch pyramid tracker and the checker's explanations over HTTP."""

from __future__ import annotations

import re

from tests.referee.conftest import post_form
from tests.referee.test_follow import text

URL = "/en/play/ultimatch/follow"
GAME = "p=Aki&p=Ben"
BOTTOM = "f10o5.11r2.12b3.13g8.14y1"  # the bottom row, as the table enters it
FACES = "&".join(
    f"face-{p}-colour={c}&face-{p}-number={n}"
    for p, c, n in [
        (10, "orange", 5),
        (11, "red", 2),
        (12, "blue", 3),
        (13, "green", 8),
        (14, "yellow", 1),
    ]
)


def match_args(place: int, *cards: tuple[str, int]) -> str:
    args = [f"place={place}", "go=match"]
    for slot, (colour, number) in zip(("card1", "card2"), cards, strict=False):
        args += [f"{slot}-colour={colour}", f"{slot}-number={number}"]
    return "&".join(args)


def test_setup_faces_and_a_match_redirect_to_the_new_state(client):
    body = client.get(URL).get_data(as_text=True)
    assert "Players, in seat order" in body and body.count('name="p"') == 5
    r = client.get(f"{URL}?p=Aki&p=Ben&p=&start=1")
    assert r.status_code == 303 and r.headers["Location"] == f"{URL}?{GAME}"
    body = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Which cards are face up?" in body and 'name="face-10-colour"' in body
    r = client.get(f"{URL}?{GAME}&log=&{FACES}&go=show")
    assert r.status_code == 303 and r.headers["Location"] == f"{URL}?{GAME}&log={BOTTOM}"
    # the same entry sent twice lands on the same state: nothing counts twice
    assert (
        client.get(f"{URL}?{GAME}&log=&{FACES}&go=show").headers["Location"]
        == r.headers["Location"]
    )
    body = text(client.get(r.headers["Location"]).get_data(as_text=True))
    assert "Turn 1: Aki plays. 15 cards left on the pyramid." in body
    assert (
        "Orange 5: any 5; any orange card; two cards adding up to 5; two cards 5 apart; "
        "red + yellow = orange; Ultimatch: two cards making 5, both orange or red and yellow."
    ) in body
    assert "Passes in a row: 0 of 2. 1 more pass in a row is safe" in body
    r = client.get(f"{URL}?{GAME}&log={BOTTOM}&" + match_args(10, ("red", 7), ("purple", 2)))
    assert r.status_code == 303 and r.headers["Location"].endswith(f"log={BOTTOM}-m10.r7.p2")
    body = client.get(r.headers["Location"]).get_data(as_text=True)
    words = text(body)
    assert "Aki matched orange 5 with red 7 and purple 2." in words
    assert "7 − 2 = 5: the difference of the two numbers is the number (UM-3)." in words
    assert "Not an Ultimatch" in words and "Turn 2: Ben plays. 14 cards left" in words
    assert 'href="/en/rules/ultimatch#UM-3"' in body
    assert re.search(r'data-place="10" data-state="gone"', body)


def test_japanese_uses_the_termbase_and_full_width_signs(client):
    log = f"{BOTTOM}-m12.r1.b2"
    words = text(client.get(f"/ja/play/ultimatch/follow?{GAME}&log={log}").get_data(as_text=True))
    assert "Akiが赤の1と青の2で青の3に合わせました。" in words
    assert "1＋2＝3：2枚の数字の合計が対象の数字と同じ（UM-3）。" in words
    assert "アルティマッチではない" in words and "アルタハンド" in words
    assert "黄の1：1のカード、黄のカード、差が1の2枚、" in words
    checker = post_form(
        client,
        "/ja/play/ultimatch",
        {
            "target-colour": "purple",
            "target-number": "5",
            "card1-colour": "red",
            "card1-number": "3",
            "card2-colour": "blue",
            "card2-number": "2",
            "check": "1",
        },
    )
    words = text(checker)
    assert "3＋2＝5" in words and "赤＋青＝紫：2つの原色を混ぜると対象の色になる（UM-3）。" in words


def test_a_refused_match_says_why_not_citing_the_rule(client):
    r = client.get(f"{URL}?{GAME}&log={BOTTOM}&" + match_args(10, ("red", 3), ("blue", 4)))
    assert r.status_code == 200
    words = text(r.get_data(as_text=True))
    assert "This play does not match." in words
    assert "3 + 4 = 7 and 4 − 3 = 1: neither is 5 (UM-3)." in words
    assert "Red and blue do not mix to orange; only red + yellow = orange does (UM-3)." in words
    r = client.get(f"{URL}?{GAME}&log={BOTTOM}&" + match_args(10, ("red", 2)))
    assert "Red 2 lies on the pyramid, so nobody can play it (UM-8)." in text(
        r.get_data(as_text=True)
    )
    r = client.get(f"{URL}?{GAME}&log={BOTTOM}&" + match_args(3, ("red", 5)))
    assert "Choose the pyramid card that was matched." in r.get_data(as_text=True)
    r = client.get(f"{URL}?{GAME}&log={BOTTOM}&place=10&card1-colour=red&go=match")
    assert "Choose both the colour and the number of each card." in r.get_data(as_text=True)
    r = client.get(f"/en/play/ultimatch/follow?p=Aki&log={BOTTOM}&go=pass")
    assert "Solitaire has no pass" in r.get_data(as_text=True)
    body = client.get(f"{URL}?{GAME}&log={BOTTOM}-m99.r5").get_data(as_text=True)
    assert "could not be read from entry 2 on" in body


def test_passes_count_down_to_the_loss_and_the_checker_explains_a_refusal(client):
    body = text(client.get(f"{URL}?{GAME}&log={BOTTOM}-p").get_data(as_text=True))
    assert "Aki passed and draws one card (UM-6)." in body
    assert "Passes in a row: 1 of 2. If Ben passes too, the team loses." in body
    r = client.get(f"{URL}?{GAME}&log={BOTTOM}-p&go=pass")
    body = text(client.get(r.headers["Location"]).get_data(as_text=True))
    assert "Every player passed in a row: the team loses." in body
    for value in ("strict", "official"):  # "official": the variant's name in earlier links
        strict = text(client.get(f"{URL}?{GAME}&r={value}&log={BOTTOM}").get_data(as_text=True))
        assert "variant: pass only when every match" in strict, value
    checker = post_form(
        client,
        "/en/play/ultimatch",
        {
            "target-colour": "orange",
            "target-number": "4",
            "card1-colour": "orange",
            "card1-number": "2",
            "card2-colour": "orange",
            "card2-number": "7",
            "check": "1",
        },
    )
    words = text(checker)
    assert "No match." in words
    assert "Two cards that only share the colour orange are no match (UM-3)." in words
    assert "Orange 2 matches on its own: play it by itself (UM-2)." in words


def test_a_whole_game_to_the_win_and_the_language_switch_keeps_it(client):
    # a one-player pyramid, each card matched by one card of its own colour
    log = BOTTOM
    pyramid = {
        10: ("orange", 5),
        11: ("red", 2),
        12: ("blue", 3),
        13: ("green", 8),
        14: ("yellow", 1),
    }
    spare = {"orange": 8, "red": 8, "blue": 8, "green": 1, "yellow": 8, "purple": 8}
    faces = iter([("purple", n) for n in range(1, 8)] + [("red", 7), ("blue", 7), ("green", 7)])
    url = f"/en/play/ultimatch/follow?p=Solo&log={log}"
    for _ in range(15):
        body = client.get(url).get_data(as_text=True)
        pending = [int(p) for p in re.findall(r'name="face-(\d+)-colour"', body)]
        if pending:
            shown = {p: next(faces) for p in pending}
            pyramid.update(shown)
            args = "&".join(
                f"face-{p}-colour={c}&face-{p}-number={n}" for p, (c, n) in shown.items()
            )
            url = client.get(f"{url}&{args}&go=show").headers["Location"]
            body = client.get(url).get_data(as_text=True)
        place = int(re.findall(r'name="place" value="(\d+)"', body)[0])
        colour, number = pyramid[place]
        play = (colour, spare[colour] if spare[colour] != number else 6)
        r = client.get(f"{url}&" + match_args(place, play))
        assert r.status_code == 303, text(r.get_data(as_text=True))[:400]
        url = r.headers["Location"]
    body = client.get(url).get_data(as_text=True)
    assert "The last pyramid card is matched: the team wins!" in text(body)
    ja = client.get(url.replace("/en/", "/ja/")).get_data(as_text=True)
    assert "チームの勝ちです" in ja
    switch = re.search(r'href="(/ja/play/ultimatch/follow\?[^"]+)"', body)
    assert switch and "log=" in switch.group(1)


def test_card_pages_offer_the_tracker(client):
    body = client.get("/en/c/ultimatch/orange-5").get_data(as_text=True)
    assert 'href="/en/play/ultimatch/follow"' in body
    assert "Ultimatch: follow the pyramid" in body


def test_colours_are_shown_with_their_printed_symbol_in_the_page_language(client):
    from cardpress.catalogue.loader import SYMBOLS
    from referee.ultimatch_text import SYMBOL_GLYPHS

    assert set(SYMBOL_GLYPHS) == set(SYMBOLS)
    body = client.get("/ja/play/ultimatch?target=purple-5").get_data(as_text=True)
    assert "★ 紫" in body and "star" not in body
    body = client.get(f"/ja/play/ultimatch/follow?{GAME}&log={BOTTOM}").get_data(as_text=True)
    assert "◆ オレンジ" in body and "diamond" not in body


def test_every_rules_page_leads_to_its_game_s_helpers_and_a_table(client):
    from referee.scorers import GAME_TOOLS

    for game, tools in GAME_TOOLS.items():
        body = client.get(f"/en/rules/{game}").get_data(as_text=True)
        helpers = body[: body.index("</nav>", body.index('class="game-helpers"'))]
        assert f'href="/en/tables/new?game={game}"' in helpers
        for _endpoint, label in tools:
            assert label in helpers, (game, label)
    assert 'href="/ja/play/ultimatch/follow"' in client.get("/ja/rules/ultimatch").get_data(
        as_text=True
    )


def test_the_turns_so_far_are_kept_in_a_folded_history(client):
    log = f"{BOTTOM}-m10.r7.p2-p-m12.r1.b2"
    words = text(client.get(f"{URL}?{GAME}&log={log}").get_data(as_text=True))
    assert (
        "3 turns so far Aki matched orange 5 with red 7 and purple 2. "
        "Ben passed and draws one card (UM-6). Aki matched blue 3 with red 1 and blue 2."
    ) in words
