"""Every screen tells a player what to do, in words a person says (issue 21).

Real HTTP through the test client on the phones' pages, without JavaScript:
the situation above the buttons, the pickers that keep buttons few, the host's
page, undo, the create form, refusals and the table's sentences in both
languages.
"""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from cardpress.games import GAMES
from tests.referee.tables.conftest import create_table, path_of, said_list
from tests.referee.tables.test_pages import _error, _posted, raw_ids

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # pages only

NAMES = ["Aki", "Ben", "Chi"]


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return unescape(" ".join(re.sub(r"<[^>]+>", " ", html).split()))


def _before(html: str, marker: str) -> str:
    """The page's text above ``marker`` (what a player reads before the buttons)."""
    assert marker in html, marker
    return _text(html.split(marker, 1)[0])


def _table(api, game: str, names=NAMES, seed: int = 7, **options):
    body = create_table(api, game=game, players=names, seed=seed, options=options, lang="en")
    seats = [path_of(s["url"]) for s in body["seats"]]
    host = f"/en/tables/{body['table']}/{body['host']['token']}"
    return body, seats, host, GAMES[game].new_game(names, seed, **options)


def _move(api, seats, state, seat: int, action: str) -> None:
    assert action in state.legal_actions(seat), (action, state.legal_actions(seat))
    answer = api.post(seats[seat], data={"action": action})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:300]
    state.apply(seat, action)


def _detective_eye_to_the_turn(api):
    body, seats, host, state = _table(api, "detective-eye")
    for seat in range(3):
        _move(api, seats, state, seat, state.legal_actions(seat)[0])
    return body, seats, host, state


# --------------------------------------------------------------------------- Detective Eye


def test_detective_eye_draft_says_who_receives_and_what_you_chose(api):
    _body, seats, _host, state = _table(api, "detective-eye")
    html = api.get(seats[0]).get_data(as_text=True)
    said = _before(html, 'class="your-move"')
    assert "Pick two cards for Ben, on your left; Chi passes you two." in said, said
    ja = _text(api.get(seats[0].replace("/en/", "/ja/")).get_data(as_text=True))
    assert "左隣のBenに渡すカードを2枚選んでください。あなたはChiから2枚受け取ります。" in ja
    action = state.legal_actions(0)[0]
    first, _second = action[5:].split(",")
    _move(api, seats, state, 0, action)
    picked = _text(api.get(seats[0]).get_data(as_text=True))
    named = f"{first.split('-')[0].title()} {first.split('-')[1]}"
    assert "You pass " in picked and "to Ben, on your left." in picked, picked
    assert named.replace("Gogh", "Van Gogh") in picked.split("You pass ", 1)[1][:60]
    assert "Waiting for Ben, Chi." in picked
    ben = _text(api.get(seats[1]).get_data(as_text=True))
    assert "You pass" not in ben  # Aki's pick is Aki's alone
    for seat in (1, 2):
        _move(api, seats, state, seat, state.legal_actions(seat)[0])
    received = _text(api.get(seats[0]).get_data(as_text=True))
    assert "Chi passed you " in received, received


def test_detective_eye_your_own_face_down_card_is_shown_to_you(api):
    _body, seats, _host, state = _detective_eye_to_the_turn(api)
    html = api.get(seats[0]).get_data(as_text=True)
    assert "Put one card of your hand face down in front of you." in _text(html)
    action = state.legal_actions(0)[0]
    _move(api, seats, state, 0, action)
    mine = _text(api.get(seats[0]).get_data(as_text=True))
    card = action[6:]
    shown = f"{card.split('-')[0].title().replace('Gogh', 'Van Gogh')} {card.split('-')[1]}"
    assert f"You put {shown} face down." in mine, mine
    theirs = _text(api.get(seats[1]).get_data(as_text=True))
    assert shown not in theirs.split("Placed cards", 1)[0].split("Your hand", 1)[0]
    assert "You put" not in theirs
    for seat in (1, 2):
        _move(api, seats, state, seat, state.legal_actions(seat)[0])
    ja = _text(api.get(seats[0].replace("/en/", "/ja/")).get_data(as_text=True))
    assert "Aki（あなたのカード。ほかの人には裏向きに見えます）" in ja  # full-width brackets


def test_detective_eye_declaration_and_who_made_it_stand_above_the_buttons(api):
    _body, seats, _host, state = _detective_eye_to_the_turn(api)
    for seat in range(3):
        _move(api, seats, state, seat, state.legal_actions(seat)[0])
    assert state.phase == "turn" and state.turn == 0
    before = _before(api.get(seats[0]).get_data(as_text=True), 'class="your-move"')
    assert "No declaration yet this round." in before
    declare = next(a for a in state.legal_actions(0) if a.startswith("declare:"))
    _move(api, seats, state, 0, declare)
    painter, count = declare.split(":")[1:]
    name = {"gogh": "Van Gogh"}.get(painter, painter.title())
    for seat, lang in ((1, "en"), (2, "en"), (1, "ja")):
        html = api.get(seats[seat].replace("/en/", f"/{lang}/")).get_data(as_text=True)
        marker = 'class="your-move"' if seat == state.turn else 'class="waiting"'
        before = _before(html, marker)
        if lang == "en":
            assert f"Highest declaration: {count} × {name}, by Aki." in before, before
        else:
            assert "いまの最高の宣言はAkiの" in before and f"×{count}です。" in before, before


def test_detective_eye_declares_painter_then_count_not_a_wall_of_buttons(api):
    _body, seats, _host, state = _detective_eye_to_the_turn(api)
    for seat in range(3):
        _move(api, seats, state, seat, state.legal_actions(seat)[0])
    legal = state.legal_actions(0)
    declares = [a for a in legal if a.startswith("declare:")]
    assert len(legal) > 10 and len(declares) >= 6
    html = api.get(seats[0]).get_data(as_text=True)
    offered = re.findall(r'name="action" value="([^"]+)"', html)
    assert sorted(offered) == sorted(a for a in legal if a not in declares)  # places only
    painters = re.findall(r'href="\?painter=([a-z-]+)#move"', html)
    assert sorted(painters) == sorted({a.split(":")[1] for a in declares})
    step2 = api.get(f"{seats[0]}?painter={painters[0]}").get_data(as_text=True)
    counts = [a for a in re.findall(r'name="action" value="([^"]+)"', step2) if "declare" in a]
    assert counts == [a for a in declares if a.split(":")[1] == painters[0]]
    assert not raw_ids(step2)
    ja = api.get(f"{seats[0]}?painter={painters[0]}".replace("/en/", "/ja/")).get_data(as_text=True)
    assert "先に画家を選び" in ja and not raw_ids(ja)


# --------------------------------------------------------------------------- Ultimatch


def test_ultimatch_offers_are_explained_while_everyone_waits(api):
    body, seats, _host, state = _table(api, "ultimatch", seed=3)
    for seat in range(3):
        _move(api, seats, state, seat, state.legal_actions(seat)[0])
    assert state.phase == "offer"
    turn = state.turn
    names = NAMES
    offerer = next(s for s in range(3) if s != turn)
    before = _before(api.get(seats[offerer]).get_data(as_text=True), 'class="your-move"')
    assert (
        f"{names[turn]}'s turn begins with an exchange: everyone else offers {names[turn]} "
        "one card face down, or nothing" in before
    ), before
    active = _text(api.get(seats[turn]).get_data(as_text=True))
    others = said_list([n for i, n in enumerate(names) if i != turn])
    assert f"Your turn begins with an exchange: {others} each offer you one card" in active
    ja = _text(api.get(seats[turn].replace("/en/", "/ja/")).get_data(as_text=True))
    assert (
        "あなたの手番は交換から始まります。" in ja
        and "、".join(n for i, n in enumerate(names) if i != turn) in ja
    )
    del body


# --------------------------------------------------------------------------- 絵師100人展


def test_eshi100_with_an_empty_hand_offers_no_ticked_bid(api):
    """A player with no card left can only bid nothing: no "Bid the ticked cards"."""
    _body, seats, _host, state = _table(api, "eshi100", names=["Aki", "Ben"], seed=5)
    guard = 0
    while not state.is_terminal() and guard < 400:
        guard += 1
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        if state.phase == "bid" and not state.hands[seat]:
            html = api.get(seats[seat]).get_data(as_text=True)
            assert "Bid the ticked cards" not in html and 'name="card"' not in html
            assert re.findall(r'name="action" value="([^"]*)"', html) == ["bid:"]
            assert "Bid nothing" in html
            return
        # bid as much as possible, so hands run out
        _move(api, seats, state, seat, max(legal, key=len))
    pytest.fail("no player ran out of cards in a bid phase")


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "the highest bid total moves one gallery card"),
        ("ja", "ギャラリーのカードを1枚動かします"),
    ],
)
def test_eshi100_bid_phase_says_what_is_being_auctioned(api, lang, says):
    """Above the bid picker, before any card is ticked: what the bids are for (ES-4)."""
    body = create_table(api, game="eshi100", players=["Aki", "Ben"], seed=5, lang=lang)
    html = api.get(path_of(body["seats"][0]["url"])).get_data(as_text=True)
    marker = 'name="card"'
    assert says in _before(html, marker)


# --------------------------------------------------------------------------- host page, undo


def test_the_host_page_puts_seats_first_and_says_to_keep_its_link(api):
    _body, _seats, host, _state = _table(api, "finger-auction")
    html = api.get(host).get_data(as_text=True)
    main = html.split('id="live"', 1)[1]
    assert main.index('class="seat-links"') < main.index('class="table-view"')
    assert main.index('class="seat-links"') < main.index('class="history"')
    assert "Keep this page's link (bookmark it): it is the host's" in _text(html)
    ja = _text(api.get(host.replace("/en/", "/ja/")).get_data(as_text=True))
    assert "このページのリンクを残しておいてください" in ja


def test_undo_at_move_zero_says_there_is_nothing_to_undo(api):
    _body, seats, host, state = _table(api, "finger-auction")
    html = api.get(host).get_data(as_text=True)
    assert 'name="undo"' not in html
    assert "Nothing to undo yet: no player has made a move." in _text(html)
    assert "まだ取り消せる手はありません。" in _text(
        api.get(host.replace("/en/", "/ja/")).get_data(as_text=True)
    )
    crafted = _posted(api, host, {"undo": "1"})  # an old page's button
    assert "there is nothing to undo" in _error(crafted)
    _move(api, seats, state, 0, "bid:2")
    assert 'name="undo"' in api.get(host).get_data(as_text=True)


# --------------------------------------------------------------------------- refusals, PRG


def test_a_refused_move_never_shows_engine_syntax(api):
    _body, seats, _host, state = _table(api, "detective-eye")
    hand = state.hands[0]
    for lang in ("en", "ja"):
        seat = seats[0].replace("/en/", f"/{lang}/")
        for action in (f"pass:{hand[0]},{hand[0]}", "bid:9", "place:monet-1", "zzz"):
            said = _error(_posted(api, seat, {"action": action}))
            assert action not in said and ":" + hand[0] not in said, said
            assert not re.search(r"[a-z]+:[<a-z0-9]", said), said  # no pass:<card>,<card>
            if lang == "ja":
                assert re.search("[ぁ-ん]", said), said
    said = _error(_posted(api, seats[0], {"action": f"pass:{hand[0]},{hand[0]}"}))
    assert "pick one of the moves on this page" in said or "cannot be played now" in said


def test_a_refusal_redirects_so_a_reload_never_posts_again(api):
    _body, seats, _host, _state = _table(api, "finger-auction")
    answer = api.post(seats[0], data={"action": "bid:9"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith(seats[0])
    first = api.get(seats[0]).get_data(as_text=True)
    assert "“Bid 9” cannot be played now" in _error(first)
    again = api.get(seats[0]).get_data(as_text=True)  # a reload: the message was said once
    assert 'class="error"' not in again


# --------------------------------------------------------------------------- table words


def _finger_auction_event(api, bids, lang):
    _body, seats, _host, state = _table(api, "finger-auction")
    for seat, value in enumerate(bids):
        _move(api, seats, state, seat, f"bid:{value}")
    return _text(api.get(seats[0].replace("/en/", f"/{lang}/")).get_data(as_text=True))


def test_bids_and_collisions_use_the_languages_own_punctuation(api):
    ja = _finger_auction_event(api, (1, 1, 3), "ja")
    assert "入札：Aki 1、Ben 1、Chi 3。" in ja, ja
    assert "Aki、Benが同じ1を出したので" in ja
    assert "; " not in ja and "Aki, Ben" not in ja
    assert "Chiが落札し、3枚取りました。" in ja
    en = _finger_auction_event(api, (1, 1, 3), "en")
    assert "Bids: Aki 1, Ben 1, Chi 3. Aki and Ben all bid 1: those bids collide." in en
    assert "Chi won and takes 3 cards." in en and "card(s)" not in en
    one = _finger_auction_event(api, (2, 2, 1), "en")
    assert "Chi won and takes 1 card." in one


def test_japanese_table_sentences_keep_one_politeness_level(api):
    """Every event sentence of a whole game, in Japanese, ends in です/ます form
    (a "label：list" line excepted) and lists with 、, never ", " or "; "."""
    from referee.tables import words

    polite = re.compile(r"(ます|ました|です|でした|ません)$")

    def plain(said: str) -> bool:
        parts = [p.strip() for p in re.split(r"[。！]", said) if p.strip()]
        return any(not polite.search(p) and "：" not in p for p in parts)

    app = api.application
    for game, names in (
        ("finger-auction", NAMES),
        ("gallery-rush", NAMES),
        ("detective-eye", NAMES),
        ("ultimatch", NAMES),
        ("eshi100", NAMES),
    ):
        state = GAMES[game].new_game(names, 11)
        pick = random.Random(5)
        said = []
        with app.test_request_context("/ja/tables/x"):
            while not state.is_terminal() and len(said) < 300:
                seat = pick.choice(state.current_players())
                for e in state.apply(seat, pick.choice(state.legal_actions(seat))):
                    ev = {"kind": e.kind, "player": e.player, "data": e.data}
                    said.append(words.event(game, ev, names, state.view(None)))
        bad = [s for s in said if plain(s) or ", " in s or "; " in s]
        assert bad == [], (game, bad[:5])


def test_a_challenger_flips_their_own_card_in_words(api):
    from referee.tables import words

    app = api.application
    names = NAMES
    ev = {"kind": "flip", "player": 0, "data": {"seat": 0, "card": "vermeer-1", "hit": True}}
    other = {"kind": "flip", "player": 0, "data": {"seat": 1, "card": "monet-4", "hit": False}}
    with app.test_request_context("/en/tables/x"):
        assert words.event("detective-eye", ev, names) == "Aki flips their own Vermeer 1: a hit."
        assert words.event("detective-eye", other, names) == "Aki flips Ben's Monet 4: a miss."
    with app.test_request_context("/ja/tables/x"):
        own = words.event("detective-eye", ev, names)
        assert own.startswith("Akiが自分のフェルメール 1をめくりました。"), own
        assert (
            words.event("detective-eye", other, names)[4:]
            == "Benのモネ 4をめくりました。はずれです。"
        )


def test_a_challenger_flipping_their_own_card_is_told_so_on_the_button(api):
    from referee.tables import words

    view = {"players": NAMES, "viewer": 1}
    with api.application.test_request_context("/en/tables/x"):
        assert words.action("detective-eye", "flip:1:0", view) == "Flip your own card 1"
        assert words.action("detective-eye", "flip:2:1", view) == "Flip Chi's card 2"
    with api.application.test_request_context("/ja/tables/x"):
        assert words.action("detective-eye", "flip:1:0", view) == "自分の1枚目をめくる"


def test_the_bids_list_says_name_and_bid_with_a_full_width_colon_in_japanese(api):
    _body, seats, _host, state = _table(api, "finger-auction")
    _move(api, seats, state, 0, "bid:2")
    ja = _text(api.get(seats[1].replace("/en/", "/ja/")).get_data(as_text=True))
    assert "Aki：入札済み（非公開）" in ja and "Ben：考え中" in ja
    assert "Aki: " not in ja
    en = _text(api.get(seats[1]).get_data(as_text=True))
    assert "Aki: has bid (hidden)" in en and "Ben: still thinking" in en


def test_a_gallery_rush_nomination_that_flips_a_forgery_says_what_showed(api):
    """GR-7: what was named, what was flipped and what was lost (was only "takes a
    forgery as a penalty", which is not what the rule does)."""
    from referee.tables import words

    ev = {
        "kind": "forgery",
        "player": 2,
        "data": {"named": "vermeer", "card": "forgery-vermeer", "lost": ["vermeer-3"]},
    }
    with api.application.test_request_context("/en/tables/x"):
        assert words.event("gallery-rush", ev, NAMES) == (
            "Chi named Vermeer but flipped Forgery (Vermeer): their Vermeer cards are "
            "discarded (Vermeer 3)."
        )
    with api.application.test_request_context("/ja/tables/x"):
        said = words.event("gallery-rush", ev, NAMES)
        assert said.startswith(
            "Chiがフェルメールを指名しましたが、めくったのは贋作（フェルメール）"
        ), said


def test_the_record_names_the_players_as_a_list_of_the_language(api):
    body = create_table(api, players=["あき", "べん", "ちい"], lang="ja")
    host = f"/ja/tables/{body['table']}/{body['host']['token']}/record"
    page = _text(api.get(host).get_data(as_text=True))
    assert "あき、べん、ちい" in page and "あき, べん" not in page


@pytest.mark.parametrize(("lang", "sep"), [("ja", "・"), ("en", " · ")])
def test_facts_side_by_side_are_set_apart_in_the_language(api, lang, sep):
    """ "Hand sizes … · Forgeries left …" on one line: JLREQ's 「・」 in Japanese,
    and a name is escaped once."""
    body = create_table(api, game="detective-eye", players=["A&B", "べん", "ちい"], lang=lang)
    page = api.get(f"/{lang}" + path_of(body["seats"][0]["url"])[3:]).get_data(as_text=True)
    assert "A&amp;amp;B" not in page
    line = unescape(re.search(r"(Hand sizes|手札の枚数)[^<]*", page).group(0))
    assert "A&B 5" in line and sep in line, line
    assert lang == "en" or " · " not in line, line


@pytest.mark.parametrize("game", ["gallery-rush", "ultimatch"])
def test_long_japanese_labels_offer_phrase_breaks_to_every_browser(api, game):
    """Safari and Firefox have no ``word-break: auto-phrase``: with the labels kept
    whole (keep-all) a long Japanese button had no break but mid-word at the edge.
    ``<wbr>`` between budoux phrases gives them Chromium's breaks; never inside a
    katakana word or a card name, never in English."""
    body = create_table(api, game=game, players=["あき", "べん", "ちい"], seed=5, lang="ja")
    html = api.get(path_of(body["seats"][0]["url"])).get_data(as_text=True)
    labels = re.findall(
        r'<button[^>]*class="act[^"]*"[^>]*>(?:.*?</svg></span>)?(.*?)</button>', html, re.S
    )
    long = [lab for lab in labels if len(_text(lab)) >= 10]
    assert long, labels
    for label in long:
        assert "<wbr>" in label, label
        assert not re.search(r"[ァ-ヴー]<wbr>[ァ-ヴー]", label), label  # a word kept whole
    english = create_table(api, game=game, players=NAMES, seed=5, lang="en")
    assert "<wbr>" not in api.get(path_of(english["seats"][0]["url"])).get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_eshi100_a_warehoused_card_goes_to_its_owners_warehouse_in_words(api, lang):
    """ES-4 puts another player's gallery card in *that player's* warehouse: the
    history said "Aki puts … in the warehouse", which read as Aki's own."""
    body = create_table(api, game="eshi100", players=NAMES, seed=5, lang=lang)
    seats = [path_of(s["url"]) for s in body["seats"]]
    state = GAMES["eshi100"].new_game(NAMES, 5)
    for _guard in range(400):
        seat = state.current_players()[0]
        legal = state.legal_actions(seat)
        moved = [a for a in legal if a.startswith("warehouse:")]
        action = moved[0] if moved else max(legal, key=len)
        _move(api, seats, state, seat, action)
        if moved:
            owner = NAMES[int(action.split(":", 1)[1].split(".", 1)[0])]
            html = api.get(seats[0]).get_data(as_text=True)
            history = _text(html.split('class="events"', 1)[1])
            mover, said = (
                NAMES[seat],
                {
                    "en": f"in {owner}'s warehouse.",
                    "ja": f"を{owner}の倉庫に置きました。",
                }[lang],
            )
            assert said in history and mover != owner, history[:300]
            assert 'class="events" reversed' in html  # newest first, numbered as played
            return
    pytest.fail("nobody warehoused a card")
