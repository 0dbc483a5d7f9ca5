"""The static site answers every printed code: decks and site built with one base URL.

The site is served by a plain static file server (``python -m http.server``
on 127.0.0.1, in a subprocess) under a path prefix, as a GitHub Pages
project site would be. Every QR code of every deck PDF, in both languages,
is decoded and opened; every rule sheet's URL and every rule ID it prints
must exist there as a page and an anchor.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.error import HTTPError, URLError

import pytest

from cardpress.catalogue import load_catalogue
from cardpress.catalogue.models import card_types
from cardpress.paths import CARDS, ENV_CARDS
from cardpress.print.build import Options, build
from cardpress.print.faces import printed_cards
from cardpress.print.layout import SIZES
from cardpress.print.sheets import deck_cards
from cardpress.print.typeset import Ctx
from referee.site import Site, SiteOptions, static_app
from tests.conftest import edit

LANGS = ("ja", "en")
PREFIX = "/games"
PLAYER_DECK = Path(__file__).parents[1] / "data" / "eshi100-player-deck.csv"
RULE_ID = re.compile(r"\b(?:GR|FA|DE|UM|ES|TR)-[A-Z]?\d+\b")


def decode_qr(pdf: Path, workdir: Path, pages: tuple[str, ...] = ()) -> list[str]:
    """Every QR code in the PDF (100 dpi greyscale: fast, and enough for these codes)."""
    import zxingcpp
    from PIL import Image

    prefix = workdir / pdf.stem
    subprocess.run(["pdftoppm", "-r", "100", "-gray", *pages, str(pdf), str(prefix)], check=True)
    urls = []
    for page in sorted(workdir.glob(f"{pdf.stem}-*.pgm")):
        with Image.open(page) as image:
            urls += [result.text for result in zxingcpp.read_barcodes(image)]
        page.unlink()
    return urls


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _fetch(url: str) -> tuple[int, str, str]:
    """(status, final URL, body) after the redirects a browser would follow."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.geturl(), response.read().decode("utf-8", "replace")
    except HTTPError as exc:
        return exc.code, url, ""
    except URLError:  # not listening (yet)
        return 0, url, ""


def _site(*args: str) -> str:
    """``cardpress site`` through a real process; its stderr."""
    result = subprocess.run(
        [sys.executable, "-m", "cardpress.cli", "site", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stderr


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    """Decks and site of card data in which m1 was renamed (keeping "m1" as an alias)."""
    root = tmp_path_factory.mktemp("published")
    cards = root / "cards"
    shutil.copytree(CARDS, cards)
    edit(cards / "triptych" / "monet.toml", 'id = "m1"', 'id = "monet-1"\naliases = ["m1"]')
    port = _free_port()
    base = f"http://127.0.0.1:{port}{PREFIX}"
    with pytest.MonkeyPatch.context() as env:
        env.setenv(ENV_CARDS, str(cards))  # what --cards does
        build(
            Options(
                LANGS, ("a4",), base_url=base, out=root / "build", print_shop=False, images=False
            )
        )
    site = root / "www" / PREFIX.strip("/")
    args = ("--cards", str(cards), "--base-url", base, "--eshi100-csv", str(PLAYER_DECK))
    runs = [_site(*args, "--out", str(site))]
    runs.append(_site(*args, "--out", str(site), "--force"))  # everything rendered again
    runs.append(_site(*args, "--out", str(site)))  # nothing changed
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
         "--directory", str(root / "www")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while _fetch(f"{base}/")[0] != 200:
            assert time.monotonic() < deadline, "the static file server did not start"
            time.sleep(0.1)
        yield {
            "base": base,
            "build": root / "build",
            "site": site,
            "runs": runs,
            "catalogue": load_catalogue(cards),
        }
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("lang", LANGS)
def test_every_qr_code_of_every_deck_opens_its_card(published, lang, tmp_path) -> None:
    catalogue = published["catalogue"]
    for deck in catalogue.decks:
        pdf = published["build"] / lang / "decks" / f"{deck.id}-a4.pdf"
        urls = decode_qr(pdf, tmp_path)
        # a rule card continued on a second card carries the first one's code
        printed = printed_cards(
            deck, deck_cards(deck), Ctx(lang, published["base"], SIZES["poker"])
        )
        assert len(urls) == len(printed), f"{pdf.name}: {len(urls)} codes decoded"
        assert {u.rsplit("/", 1)[1] for u in urls} == {c.id for c in deck.cards}
        for url in sorted(set(urls)):
            card_id = url.rsplit("/", 1)[1]
            assert url == f"{published['base']}/{lang}/c/{deck.id}/{card_id}"
            status, _, page = _fetch(url)
            assert status == 200, url
            assert f'data-card="{deck.id}/{card_id}"' in page, url
            assert f'<html lang="{lang}">' in page, url


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_sheet_url_and_anchor_exists(published, lang, tmp_path) -> None:
    sheets = sorted((published["build"] / lang / "rules").glob("*-a4.pdf"))
    assert len(sheets) == 5
    for sheet in sheets:
        game = sheet.stem.removesuffix("-a4")
        url = f"{published['base']}/{lang}/rules/{game}"
        text = subprocess.run(
            ["pdftotext", "-enc", "UTF-8", str(sheet), "-"], capture_output=True, check=True
        ).stdout.decode()
        assert url in text.replace("\n", ""), f"{sheet.name} does not print {url}"
        assert url in decode_qr(sheet, tmp_path, ("-f", "1", "-l", "1"))
        status, _, page = _fetch(url)
        assert status == 200, url
        anchors = set(re.findall(r'\bid="([^"]+)"', page))
        printed = set(RULE_ID.findall(text))
        assert printed, f"{sheet.name} prints no rule IDs"
        assert printed <= anchors, f"{url}: no anchor for {sorted(printed - anchors)}"


def test_card_pictures_and_assets_are_there(published) -> None:
    catalogue = published["catalogue"]
    site: Path = published["site"]
    for lang in LANGS:
        for deck in catalogue.decks:
            for card in card_types(deck):
                picture = site / lang / "c" / deck.id / f"{card.id}.png"
                assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", picture
    page = (site / "en" / "c" / "triptych" / "m1" / "index.html").read_text(encoding="utf-8")
    for asset in re.findall(r'(?:src|href)="(/games/[^"#?]+\.(?:png|css|js|svg))"', page):
        assert _fetch(f"http://{published['base'].split('/')[2]}{asset}")[0] == 200, asset


def test_rule_pages_carry_their_card_pictures(published) -> None:
    """Every figure of every rule page is in the site as the WebP the page names,
    served by a plain file server at twice the size the page gives it, and a wide
    figure's phone-size picture (its srcset) as wide as the page says."""
    from io import BytesIO

    from bs4 import BeautifulSoup
    from PIL import Image

    from cardpress.rules import GAMES, load_rules

    site: Path = published["site"]
    host = published["base"].split("/")[2]
    phones = 0
    for lang in LANGS:
        for game in GAMES:
            page = (site / lang / "rules" / game / "index.html").read_text(encoding="utf-8")
            imgs = [
                img
                for img in BeautifulSoup(page, "html.parser").select("figure img.rules-cards")
                if img.get("alt")
            ]
            figures = load_rules(game, lang, published["catalogue"].root).figures
            assert len(imgs) == len(figures) > 0, (lang, game)
            for tag in imgs:
                src, width, height = tag["src"], int(tag["width"]), int(tag["height"])
                with urllib.request.urlopen(f"http://{host}{src}", timeout=10) as answer:
                    img = Image.open(BytesIO(answer.read()))
                assert (img.format, img.size) == ("WEBP", (2 * width, 2 * height)), src
                # a wide figure's phone-size picture: in the site, as wide as srcset says,
                # the figure's shape
                for url, w in (c.split() for c in str(tag.get("srcset", "")).split(",") if c):
                    with urllib.request.urlopen(f"http://{host}{url}", timeout=10) as answer:
                        img = Image.open(BytesIO(answer.read()))
                    assert img.format == "WEBP" and img.width == int(w.removesuffix("w")), url
                    assert abs(img.height - img.width * height / width) <= 2, url
                    phones += url.endswith(".phone.webp")
    assert phones, "no figure comes drawn for a phone"


def test_server_pages_are_left_out(published) -> None:
    site: Path = published["site"]
    assert not any(site.glob("*/play")) and not any(site.glob("*/tables"))
    assert not (site / "api").exists() and not (site / "healthz").exists()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r'"/games/(?:\w\w/)?(?:play|tables|api)/', text), page


def test_incremental_and_same_bytes(published) -> None:
    first, forced, again = published["runs"]
    assert re.search(
        r"site: [56]\d\d files written, 0 unchanged, 0 removed, 188 card pictures", first
    )
    # --force renders and draws everything again: every byte comes out the same
    assert re.search(
        r"site: 0 files written, [56]\d\d unchanged, 0 removed, 188 card pictures", forced
    )
    assert "site up to date" in again


def test_site_warns_about_a_loopback_base_url(published) -> None:
    first, *_ = published["runs"]
    assert first.count("phones at the table cannot open this; pass --base-url") == 1


def test_language_redirect_and_404_pages_exist(published) -> None:
    site: Path = published["site"]
    for rel in ("index.html", "c/triptych/m1/index.html", "rules/ultimatch/index.html"):
        page = (site / rel).read_text(encoding="utf-8")
        rest = rel.removesuffix("index.html")
        for lang in LANGS:
            assert f'href="{PREFIX}/{lang}/{rest}"' in page
        assert "location.replace" in page
    assert "ページが見つかりません" in (site / "404.html").read_text(encoding="utf-8")
    assert "Page not found" in (site / "en" / "404.html").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- aliases, links


def test_an_old_card_id_redirects_to_the_renamed_card(published) -> None:
    site: Path = published["site"]
    for lang in LANGS:
        page = (site / lang / "c" / "triptych" / "m1" / "index.html").read_text(encoding="utf-8")
        target = f"{PREFIX}/{lang}/c/triptych/monet-1"
        assert f'<meta http-equiv="refresh" content="0; url={target}">' in page


def test_proxies_of_a_players_own_list_open_a_page(published) -> None:
    status, _, page = _fetch(f"{published['base']}/ja/c/eshi100/no-010")
    assert status == 200 and 'data-card="eshi100/no-010"' in page


def test_referee_url_links_the_live_pages() -> None:
    opts = SiteOptions("https://cards.example.org/games", Path("-"), "https://referee.example.org")
    site = Site(static_app(opts), opts)
    page = site.rewrite(site.get("/en/c/ultimatch/red-1").get_data(as_text=True)).decode()
    assert 'href="https://referee.example.org/en/play/ultimatch?target=red-1"' in page
    assert 'href="https://referee.example.org/en/play/"' in page  # the footer's scorers
    assert 'href="/games/en/play/' not in page
    assert 'href="/games/en/rules/ultimatch"' in page  # static pages stay on the site


# --------------------------------------------------------------------------- in a browser


@pytest.mark.browser
@pytest.mark.parametrize(("locale", "lang"), [("en-US", "en"), ("ja-JP", "ja")])
def test_phone_language_picks_the_page_without_a_server(published, browser, locale, lang):
    base = published["base"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{base}/c/triptych/m1")  # unprefixed, and m1 was renamed since
        page.wait_for_url(f"{base}/{lang}/c/triptych/monet-1/")
        assert page.locator("h1.card-name").inner_text()
        page.wait_for_function("document.querySelector('.card-picture img').complete")
        assert page.evaluate("document.querySelector('.card-picture img').naturalWidth") > 100
        page.goto(f"{base}/")
        page.wait_for_url(f"{base}/{lang}/")
        page.goto(f"{base}/404.html")  # what a static host shows for a missing page
        if lang != "ja":
            page.wait_for_url(f"{base}/{lang}/404.html")
        assert page.locator("[data-status='404']").count() == 1
    finally:
        context.close()
