"""The Finger Auction round follower over HTTP: state in the URL, idempotent."""

from __future__ import annotations

import html
import re

URL = "/en/play/finger-auction/follow"
GAME = "p=Aki&p=Ben&p=Chie"


def text(body: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def test_setup_then_an_auction_redirects_to_the_new_state(client):
    assert "Players, in seat order" in client.get(URL).get_data(as_text=True)
    r = client.get(f"{URL}?p=Aki&p=Ben&p=Chie&p=&v=standard&start=1")
    assert r.status_code == 303 and r.headers["Location"] == f"{URL}?{GAME}"
    r = client.get(f"{URL}?{GAME}&log=&bid-0=2&bid-1=2&bid-2=1&go=1")
    assert r.status_code == 303 and r.headers["Location"] == f"{URL}?{GAME}&log=2.2.1"
    # the same entry sent twice lands on the same state: nothing counts twice
    again = client.get(f"{URL}?{GAME}&log=&bid-0=2&bid-1=2&bid-2=1&go=1")
    assert again.headers["Location"] == r.headers["Location"]
    body = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "2 and 2 collided; 1 is the lowest unique bid: Chie takes 1 card." in text(body)
    assert 'href="/en/rules/finger-auction#FA-1"' in body
    assert 'name="right-0"' in body and 'name="bid-0"' not in body  # two hands now
    assert re.search(r'name="right-0" value="2" disabled', body)  # FA-4


def test_two_hand_outcome_in_words_and_japanese(client):
    body = client.get(f"{URL}?{GAME}&log=2.2.1-3/4.1/5").get_data(as_text=True)
    assert "1 is lower than 3: Ben takes 1 card. Aki takes the remaining 5 cards." in text(body)
    assert "Round 1 is over." in body
    ja = client.get(f"/ja/play/finger-auction/follow?{GAME}&log=2.2.1-3/4.1/5")
    assert "1は3より小さい。Benが1枚取ります。" in text(ja.get_data(as_text=True))
    blocked = client.get(f"{URL}?{GAME}&log=2.2.1-3/3.3/3").get_data(as_text=True)
    assert "Aki's right hand 3 is blocked by Ben's left hand." in text(blocked)
    assert "Both right hands are blocked: re-bid." in text(blocked)


def test_refusals_are_sentences(client):
    body = client.get(f"{URL}?{GAME}&log=2.2.1&right-0=2&left-0=1&right-1=3&left-1=1&go=1")
    assert body.status_code == 200
    assert "Aki: the right hand may not show 2 again" in body.get_data(as_text=True)
    body = client.get(f"{URL}?{GAME}&bid-0=2&bid-1=9&go=1").get_data(as_text=True)
    assert "Ben: choose how many fingers." in body
    body = client.get(f"{URL}?{GAME}&log=2.2.1-zz").get_data(as_text=True)
    assert "could not be read from auction 2 on" in body
    body = client.get(f"{URL}?p=Aki&p=Aki&start=1").get_data(as_text=True)
    assert "Two players have the same name." in body


def test_the_language_switch_keeps_the_game(client):
    body = client.get(f"{URL}?{GAME}&log=2.2.1&endpoint=x").get_data(as_text=True)
    assert 'href="/ja/play/finger-auction/follow?p=Aki&amp;p=Ben&amp;p=Chie&amp;log=2.2.1"' in body


def test_the_end_of_the_game_opens_the_scorer_filled_in(client):
    log = "-".join(["2.2.1-3/4.1/5"] * 4)
    body = client.get(f"{URL}?{GAME}&log={log}").get_data(as_text=True)
    assert "The game is over" in body
    link = re.search(r'href="([^"]+/play/finger-auction/score\?[^"]+)"', body)
    assert link
    score = client.get(link.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'name="name-2" value="Chie"', score)
    assert "Took 20 cards in the auctions." in score  # Aki: 5 a round


DE = "/en/play/detective-eye"


def test_detective_eye_round_report_redirects_and_explains(client):
    r = client.get(f"{DE}?{GAME}&challenger=0&result=success&flipped-1=1&flipped-2=1&go=1")
    assert r.status_code == 303 and r.headers["Location"] == f"{DE}?{GAME}&log=0s12/1.1.1"
    body = text(client.get(r.headers["Location"]).get_data(as_text=True))
    assert "Aki's challenge succeeded: cards of Ben and Chie were flipped, a reward of 2." in body
    assert "Aki discards 2 cards of their choice from hand." in body
    assert "Round 2: Ben starts." in body


def test_detective_eye_refusals_and_forced_end(client):
    body = client.get(f"{DE}?{GAME}&challenger=0&result=success&go=1").get_data(as_text=True)
    assert "A success flips at least one card" in body
    body = client.get(f"{DE}?{GAME}&result=failure&go=1").get_data(as_text=True)
    assert "Choose who challenged." in body
    log = "-".join(["0f/1.1.1"] * 2 + ["1f/1.1.1"] * 2 + ["2f/1.1.1", "2f/1.3.2"])
    body = text(client.get(f"{DE}?{GAME}&log={log}").get_data(as_text=True))
    assert "The supply is empty: Ben wins with the fewest forgeries." in body
