"""HTML pages: languages, redirects, card pages, pictures, rules, errors, headers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardpress.catalogue import load_catalogue
from cardpress.games import GAMES
from cardpress.paths import TEMPLATES
from cardpress.rules import DOCUMENTS as RULE_DOCUMENTS
from referee.rules import DOCUMENTS

CATALOGUE = load_catalogue()
LANGS = ("ja", "en")


def anchors(html: str) -> list[str]:
    """Every id attribute in a page, in order (duplicates kept)."""
    return re.findall(r"""(?<![\w:-])id\s*=\s*["']([^"']+)["']""", html)


def all_cards():
    for deck in CATALOGUE.decks:
        cards = deck.types if deck.id == "eshi100" else deck.cards
        for card_id in dict.fromkeys(c.id for c in cards):
            yield deck.id, card_id


CARDS = list(all_cards())


def text(response):
    return response.get_data(as_text=True)


def test_healthz(client):
    r = client.get("/healthz")
    assert r.status_code == 200 and r.get_json() == {"status": "ok"}


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        ("en-US,en;q=0.9", "en"),
        ("ja-JP,ja;q=0.9,en;q=0.5", "ja"),
        ("fr-FR", "ja"),
        (None, "ja"),
        ("fr;q=1, en;q=0.5", "en"),
    ],
)
def test_root_redirects_by_accept_language(client, accept, lang):
    headers = {"Accept-Language": accept} if accept else {}
    r = client.get("/", headers=headers)
    assert r.status_code == 302
    assert r.headers["Location"] == f"/{lang}/"
    assert "Accept-Language" in r.headers["Vary"]


def test_unprefixed_card_and_rules_redirect(client):
    r = client.get("/c/triptych/m1", headers={"Accept-Language": "en"})
    assert (r.status_code, r.headers["Location"]) == (302, "/en/c/triptych/m1")
    r = client.get("/rules/finger-auction?x=1", headers={"Accept-Language": "ja"})
    assert r.headers["Location"] == "/ja/rules/finger-auction?x=1"
    r = client.get("/play/finger-auction/score", headers={"Accept-Language": "en"})
    assert r.headers["Location"] == "/en/play/finger-auction/score"


@pytest.mark.parametrize(
    "url",
    [
        "/nowhere",
        "/xx/c/triptych/m1",
        "/en/c/triptych/zz",
        "/en/c/nodeck/m1",
        "/en/rules/chess",
        "/en/c/nodeck/",
        "/en/c/triptych/zz.png",
        "/fr/",
    ],
)
def test_not_found_is_a_friendly_page(client, url):
    r = client.get(url, headers={"Accept-Language": "en"})
    assert r.status_code == 404
    assert r.mimetype == "text/html"
    assert "Page not found" in text(r)


def test_not_found_in_japanese(client):
    r = client.get("/ja/c/triptych/zz")
    assert r.status_code == 404 and "ページが見つかりません" in text(r)


def test_post_to_a_page_is_405_html(client):
    r = client.post("/en/c/triptych/m1")
    assert r.status_code == 405 and "GET" in r.headers["Allow"]
    assert r.mimetype == "text/html"


@pytest.mark.parametrize("lang", LANGS)
def test_index(client, lang):
    r = client.get(f"/{lang}/")
    assert r.status_code == 200
    body = text(r)
    for game in DOCUMENTS:
        assert f'href="/{lang}/rules/{game}"' in body
    for deck in ("triptych", "ultimatch", "eshi100"):
        assert f'href="/{lang}/c/{deck}/"' in body


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck", ["triptych", "ultimatch", "eshi100"])
def test_deck_pages_link_every_card(client, lang, deck):
    body = text(client.get(f"/{lang}/c/{deck}/"))
    for deck_id, card_id in CARDS:
        if deck_id == deck:
            assert f'href="/{lang}/c/{deck}/{card_id}"' in body


@pytest.mark.parametrize(("deck", "card_id"), CARDS)
def test_every_card_page(client, deck, card_id):
    for lang in LANGS:
        r = client.get(f"/{lang}/c/{deck}/{card_id}")
        assert r.status_code == 200, (lang, deck, card_id)
        body = text(r)
        assert f'src="/{lang}/c/{deck}/{card_id}.png"' in body
        assert re.search(rf'href="/{lang}/rules/[a-z0-9-]+"', body)
        # the language switch leads to this card in the other language
        other = "en" if lang == "ja" else "ja"
        assert f'href="/{other}/c/{deck}/{card_id}"' in body


def test_painting_page_names_painter_roles_and_rulings(client):
    body = text(client.get("/en/c/triptych/m1"))
    card = CATALOGUE.triptych.card("m1")
    assert card.title.en in body
    assert CATALOGUE.triptych.painter(card.painter).name.en in body
    for game in CATALOGUE.triptych.games:
        if card.kind in game.roles:
            assert GAMES[game.id].name.en in body
            assert game.roles[card.kind].en.replace('"', "&#34;").replace("'", "&#39;") in body
    assert re.search(r'href="/en/rules/finger-auction#FA-\d+"', body)


def test_forgery_and_mona_lisa_pages_show_their_rulings(client):
    from cardpress.rules import rulings_concerning

    for card_id, tag in (("fm", "forgery"), ("ml", "mona-lisa")):
        body = text(client.get(f"/en/c/triptych/{card_id}"))
        for game in ("gallery-rush", "finger-auction", "detective-eye"):
            try:
                expected = rulings_concerning(game, "en", {tag})
            except Exception:  # that game's rule sheet is not written yet
                continue
            for ruling in expected:
                assert f'href="/en/rules/{game}#{ruling.id}"' in body


def test_rule_cards_lead_to_their_rules(client):
    for card in CATALOGUE.triptych.cards:
        if card.kind != "rule":
            continue
        body = text(client.get(f"/ja/c/triptych/{card.id}"))
        if card.game == "choose":
            games = ["choose", *(g.id for g in CATALOGUE.triptych.games)]
        else:
            games = [card.game]
        for game in games:
            assert f'class="rules-link" href="/ja/rules/{game}"' in body
        assert ('href="/ja/rules/choose"' in body) == (card.game == "choose")


@pytest.mark.parametrize(
    ("lang", "label", "title"),
    [
        ("en", "How to choose a game", "Triptych"),
        ("ja", "ゲームの選び方", "トリプティック"),
    ],
)
def test_rule_card_r0_opens_how_to_choose_a_game(client, lang, label, title):
    from cardpress.rules import load_rules

    card = text(client.get(f"/{lang}/c/triptych/r0"))
    link = re.search(rf'<a class="rules-link" href="(/{lang}/rules/choose)">([^<]+)</a>', card)
    assert link and link.group(2) == label
    r = client.get(link.group(1))
    assert r.status_code == 200
    body = text(r)
    assert f"<h1>{title}</h1>" in body
    doc = load_rules("choose", lang)
    assert doc.clause_ids() and set(doc.clause_ids()) <= set(anchors(body))
    # its rule IDs (TR-...) link back to the same page wherever a result cites one
    from cardpress.games.registry import rule_document as rule_game

    assert rule_game(doc.clause_ids()[0]) == "choose"


@pytest.mark.parametrize(
    ("lang", "name"),
    [("en", "Triptych: choosing a game"), ("ja", "トリプティック：ゲームの選び方")],
)
def test_rules_index_and_home_list_how_to_choose(client, lang, name):
    for url in (f"/{lang}/rules/", f"/{lang}/"):
        body = text(client.get(url))
        assert f'<a href="/{lang}/rules/choose">{name}</a>' in body, url
        # listed first, before the three Triptych games it chooses between
        assert body.index(f"/{lang}/rules/choose") < body.index(f"/{lang}/rules/gallery-rush")


# 絵師100人展 proxies printed from a player's own CSV (cardpress build --eshi100-csv):
# their QR codes carry ids the referee has never seen.

PROXY_TEXT = {
    "en": (
        "Proxy card no-012",
        "printed from a player's own Eshi 100 Exhibition TCG card list",
        "Read the rules of Eshi 100 Exhibition TCG",
        "Eshi 100 Exhibition settlement",
    ),
    "ja": (
        "プロキシカード no-012",
        "プレイヤーが自分の絵師100人展のカードリストから印刷したプロキシ",
        "絵師100人展のルールを読む",
        "絵師100人展の清算",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_proxy_from_a_players_own_list_gets_an_honest_page(client, lang):
    from cardpress.catalogue.csv_import import card_id_for

    card_id = card_id_for("No.012")
    assert card_id == "no-012" and card_id not in {c.id for c in CATALOGUE.eshi100.types}
    r = client.get(f"/{lang}/c/eshi100/{card_id}")
    assert r.status_code == 200
    body = text(r)
    title, says, rules, scorer = PROXY_TEXT[lang]
    assert f'<h1 class="card-name">{title}</h1>' in body
    assert says in body.replace("&#39;", "'")
    assert f'<a class="rules-link" href="/{lang}/rules/eshi100">{rules}</a>' in body
    assert f'<a href="/{lang}/play/eshi100">{scorer}</a>' in body
    assert ".png" not in body  # no picture: the referee cannot draw this card
    other = "en" if lang == "ja" else "ja"
    assert f'href="/{other}/c/eshi100/{card_id}"' in body
    assert client.get(f"/{lang}/c/eshi100/{card_id}.png").status_code == 404


def test_every_id_a_players_csv_can_make_gets_the_proxy_page(client):
    from cardpress.catalogue.csv_import import card_id_for

    for number in ("1", "No.001", "SP-07", "A-12-B", "第12番 No. 0123456789"):
        card_id = card_id_for(number)
        r = client.get(f"/en/c/eshi100/{card_id}")
        assert r.status_code == 200 and "Proxy card" in text(r), (number, card_id)


@pytest.mark.parametrize(
    "url",
    [
        "/en/c/eshi100/NO-012",  # upper case: not an id cardpress makes
        "/en/c/eshi100/no_012",
        "/en/c/eshi100/no-0123456789",  # 13 characters
        "/en/c/eshi100/no%20012",
        "/en/c/triptych/no-012",  # other decks know every card they have
        "/en/c/ultimatch/no-012",
    ],
)
def test_malformed_or_other_deck_unknown_ids_stay_404(client, url):
    assert client.get(url).status_code == 404


def test_catalogue_eshi100_cards_keep_their_own_page(client):
    body = text(client.get("/en/c/eshi100/px01"))
    assert "Proxy card" not in body and 'src="/en/c/eshi100/px01.png"' in body


def test_ultimatch_card_page_links_the_checker(client):
    body = text(client.get("/en/c/ultimatch/orange-5"))
    assert 'href="/en/play/ultimatch?target=orange-5"' in body
    assert "Red + Yellow" in body


def test_ultimatch_card_page_shows_the_printed_symbol_in_either_language(client):
    # the colour's symbol as printed on the card, never its id ("diamond") on a ja page
    for lang, colour in (("en", "Orange"), ("ja", "オレンジ")):
        body = text(client.get(f"/{lang}/c/ultimatch/orange-5"))
        assert f"◆ {colour}" in body and "diamond" not in body, lang


@pytest.mark.parametrize(
    ("deck", "card_id"), [("triptych", "m1"), ("ultimatch", "orange-5"), ("eshi100", "px01")]
)
def test_card_picture_png_with_etag(client, deck, card_id):
    r = client.get(f"/en/c/{deck}/{card_id}.png")
    assert r.status_code == 200
    assert r.mimetype == "image/png"
    assert r.data[:8] == b"\x89PNG\r\n\x1a\n"
    etag = r.headers["ETag"]
    assert r.headers["Cache-Control"] == "public, no-cache"  # revalidate: edits show
    again = client.get(f"/en/c/{deck}/{card_id}.png", headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_every_rule_document_has_a_page():
    assert sorted(DOCUMENTS) == sorted(RULE_DOCUMENTS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", DOCUMENTS)
def test_rules_pages_anchor_every_clause_and_ruling(client, lang, game):
    from cardpress.rules import load_rules

    r = client.get(f"/{lang}/rules/{game}")
    assert r.status_code == 200, text(r)[:500]
    body = text(r)
    found = anchors(body)
    doc = load_rules(game, lang)
    missing = [i for i in doc.clause_ids() if i not in found]
    assert not missing
    assert [r.id for r in doc.rulings if r.id not in found] == []
    # valid HTML: no id twice in the page, diagrams' SVG ids included
    assert sorted({i for i in found if found.count(i) > 1}) == []


def test_wide_rule_figures_also_come_drawn_for_a_phone(client):
    """A figure wider than a phone's column names, in its srcset, a picture drawn for
    that column, served at the width the srcset gives; a narrower one has no srcset and
    no such picture."""
    from io import BytesIO

    from bs4 import BeautifulSoup
    from PIL import Image

    from cardpress.print.figure_pictures import DENSITY, phone_size
    from cardpress.rules import load_rules

    seen = set()
    for game in DOCUMENTS:
        page = BeautifulSoup(text(client.get(f"/en/rules/{game}")), "html.parser")
        imgs = {i.find_parent("figure")["id"]: i for i in page.select("figure img.rules-cards")}
        for fig in load_rules(game, "en").figures:
            img, small = imgs[fig.id], phone_size(fig, game, "en")
            url = f"/en/rules/{game}/figures/{fig.id}.phone.webp"
            if small is None:
                assert not img.get("srcset"), fig.id
                assert client.get(url).status_code == 404, url
            elif "wide" not in seen:
                full_w = int(img["width"]) * DENSITY
                assert [c.split() for c in img["srcset"].split(",")] == [
                    [url, f"{small[0] * DENSITY}w"],
                    [img["src"], f"{full_w}w"],
                ]
                r = client.get(url)
                assert r.status_code == 200 and r.mimetype == "image/webp", url
                assert Image.open(BytesIO(r.data)).size == (small[0] * DENSITY, small[1] * DENSITY)
            seen.add("narrow" if small is None else "wide")
    assert seen == {"narrow", "wide"}, seen


def test_rules_index(client):
    body = text(client.get("/en/rules/"))
    for game in DOCUMENTS:
        assert f'href="/en/rules/{game}"' in body


def test_language_switch_on_every_page(client):
    for url in [
        "/en/",
        "/en/c/triptych/m1",
        "/en/play/",
        "/en/play/finger-auction/score",
        "/en/play/eshi100",
        "/en/rules/",
        "/en/nope",
    ]:
        body = text(client.get(url))
        assert 'hreflang="ja"' in body, url
        assert 'aria-current="true" lang="en"' in body, url


def test_security_headers_everywhere(client):
    for url in ["/en/", "/api/v1/openapi.json", "/en/nope", "/healthz", "/static/referee.css"]:
        r = client.get(url)
        csp = r.headers["Content-Security-Policy"]
        for part in (
            "default-src 'self'",
            "img-src 'self' data:",
            "style-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
        ):
            assert part in csp
        assert r.headers["Referrer-Policy"] == "same-origin"
        assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_templates_need_no_unsafe_inline():
    for path in (TEMPLATES / "referee").rglob("*.html"):
        source = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", source), path
        assert " style=" not in source and "<style" not in source, path
        assert not re.search(r"\son[a-z]+=", source), path
        assert "|safe" not in source, path


def test_autoescape(app):
    from flask import render_template_string

    with app.test_request_context("/en/"):
        out = render_template_string("{{ x }}", x="<script>alert(1)</script>")
    assert "<script>" not in out


def test_theme_css_comes_from_the_catalogue(client):
    r = client.get("/theme.css")
    assert r.mimetype == "text/css"
    for painter in CATALOGUE.triptych.painters:
        assert painter.rgb in text(r)


def test_static_files(client):
    assert client.get("/static/referee.css").status_code == 200
    assert client.get("/static/stepper.js").status_code == 200


def test_templates_are_under_the_project_templates():
    assert Path(TEMPLATES / "referee" / "base.html").is_file()
