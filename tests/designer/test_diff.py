"""`cardpress diff` over two revisions of a test repository, and since a recorded print run.

The repository is made here (git init, commit, edit, commit): every changed
card must be named with its reason, and the reprint pack must hold exactly
the cards that print differently, read back from the QR codes on its sheets.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import CARDS, edit
from tests.print.helpers import decode, page_text, pdffonts, render

BASE = "https://cards.example.org"
CODE = re.compile(r"^https://cards\.example\.org/en/c/(?P<deck>[a-z0-9]+)/(?P<card>[a-z0-9-]+)$")
NEW_CARD = """
[[card]]
id = "px99"
number = "PX-99"
title = { ja = "新しい札", en = "A New Card" }
bid = 3
icons = ["kikyo"]
"""
#: what the second commit changes, and what each change must be reported as
EXPECTED = {
    ("triptych", "m1"): ("changed", "text"),  # its year, printed under the title
    ("triptych", "g1"): ("changed", "art"),  # an image file instead of the generated art
    # red's ink, on the red cards and on the swatches of the colours it mixes into;
    # red-1 also gets an alias
    **{
        ("ultimatch", f"{colour}-{n}"): ("changed", "layout")
        for colour in ("red", "orange", "purple")
        for n in range(1, 9)
    },
    ("eshi100", "px02"): ("changed", "text"),  # its bid
    ("eshi100", "px99"): ("added", ""),
    ("eshi100", "px01"): ("data only", ""),  # one copy fewer: the face is the same
}


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.email=d@example.org", "-c", "user.name=designer", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def cardpress(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDPRESS_ROOT": str(root)}
    env.pop("CARDPRESS_CARDS", None)
    return subprocess.run(
        [sys.executable, "-m", "cardpress.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        cwd=root,
    )


def second_commit(cards: Path) -> None:
    edit(cards / "triptych" / "monet.toml", "year = 1872", "year = 1873")
    art = cards / "triptych" / "art"
    art.mkdir()
    Image.new("RGB", (300, 220), (40, 90, 160)).save(art / "g1.png")
    edit(cards / "triptych" / "gogh.toml", "year = 1888\n", 'year = 1888\nimage = "art/g1.png"\n')
    edit(cards / "ultimatch" / "deck.toml", 'rgb = "#d1343a"', 'rgb = "#c42f36"')
    edit(
        cards / "ultimatch" / "cards.toml", 'id = "red-1"\n', 'id = "red-1"\naliases = ["r-one"]\n'
    )
    edit(
        cards / "eshi100" / "cards.toml",
        'bid = 1\nicons = ["sakura"]',
        'bid = 2\nicons = ["sakura"]',
    )
    with (cards / "eshi100" / "cards.toml").open("a", encoding="utf-8") as fh:
        fh.write(NEW_CARD)
    edit(
        cards / "eshi100" / "starter.toml",
        '{ card = "px01", copies = 4 }',
        '{ card = "px01", copies = 3 }',
    )
    edit(
        cards / "eshi100" / "starter.toml",
        "entries = [\n",
        'entries = [\n  { card = "px99", copies = 1 },\n',
    )


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("designer")
    shutil.copytree(CARDS, root / "cards")
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first print run")
    second_commit(root / "cards")
    git(root, "commit", "-qam", "playtest fixes")
    return root


@pytest.fixture(scope="module")
def diffed(repo: Path) -> tuple[Path, subprocess.CompletedProcess[str]]:
    out = repo / "reprint"
    done = cardpress(
        repo,
        "diff",
        "HEAD~1",
        "--say",
        "en",
        "--paper",
        "a4",
        "--base-url",
        BASE,
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out, done


def reported(stdout: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(deck, card) -> (status, reasons) as the terminal says them."""
    decks = {"Triptych": "triptych", "Ultimatch": "ultimatch", "Proxy Starter Deck": "eshi100"}
    found, deck = {}, None
    line_re = re.compile(r"^  (changed|added|removed|data only): (\S+).* — (.*)$")
    for line in stdout.splitlines():
        name = line.split(" · ")[0]
        if name in decks:
            deck = decks[name]
        elif m := line_re.match(line):
            why = m.group(3).removeprefix("prints differently: ")
            reasons = "" if m.group(1) in ("added", "data only") else why
            found[(deck, m.group(2))] = (m.group(1), reasons)
    return found


def test_every_changed_card_is_named_with_its_reason(diffed) -> None:
    _, done = diffed
    assert "Traceback" not in done.stderr
    assert reported(done.stdout) == EXPECTED, done.stdout
    text = done.stdout
    assert "year: 1872 → 1873" in text
    assert "image: (not set) → “art/g1.png”" in text
    assert "aliases: (not set) → “r-one”" in text
    assert "colour[0].rgb: “#d1343a” → “#c42f36”" in text
    assert "copies: 4 → 3" in text


def expected_reprint() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for (deck, card), (status, _) in EXPECTED.items():
        if status in ("changed", "added"):
            out.setdefault(deck, set()).add(card)
    return out


def test_the_reprint_pack_holds_exactly_those_cards(diffed) -> None:
    out, _ = diffed
    copies = {"px02": 4, "px99": 1}  # 絵師100人展 prints every copy the deck holds
    for deck, cards in expected_reprint().items():
        pdf = (out / "en" / "decks" / f"{deck}-a4.pdf").read_bytes()
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        codes = []
        for page in range(1, pages + 1, 2):  # fronts; backs follow each
            codes += decode(render(pdf, page, dpi=150))
        ids = [CODE.match(c).group("card") for c in codes if CODE.match(c)]
        assert {CODE.match(c).group("deck") for c in codes} == {deck}
        assert set(ids) == cards
        want = sum(copies.get(c, 1) for c in cards)
        assert len(ids) == want, (deck, sorted(ids))
        shop = PdfReader(io.BytesIO((out / "en" / "print-shop" / f"{deck}.pdf").read_bytes()))
        assert len(shop.pages) == 2 * want  # front, then back, for every card
        pngs = {p.stem for p in (out / "en" / "png" / deck).glob("*.png")}
        assert pngs == cards | {"back"}
    assert not (out / "en" / "decks" / "nothing-a4.pdf").exists()
    assert sorted(p.name for p in (out / "en" / "decks").iterdir()) == [
        f"{d}-a4.pdf" for d in sorted(expected_reprint())
    ]


def test_the_changelog_says_it_in_both_languages_with_fonts_embedded(diffed) -> None:
    out, _ = diffed
    en = (out / "en" / "changelog-a4.pdf").read_bytes()
    ja = (out / "ja" / "changelog-a4.pdf").read_bytes()
    assert "year: 1872 → 1873" in page_text(en, 1)
    assert "Changelog" in page_text(en, 1)
    assert "変更履歴" in page_text(ja, 1)
    for pdf in (en, ja):
        fonts = pdffonts(pdf)
        assert fonts and all(row[-5] == "yes" for row in fonts), fonts


def test_since_the_recorded_print_run_without_git(repo: Path, tmp_path: Path) -> None:
    root = tmp_path / "nogit"
    shutil.copytree(repo / "cards", root / "cards")
    done = cardpress(root, "printed", "--record", "--base-url", BASE)
    assert done.returncode == 0, done.stderr
    assert "[last_print]" in (root / "cards" / "printed.toml").read_text(encoding="utf-8")
    assert cardpress(root, "check").returncode == 0
    edit(
        root / "cards" / "ultimatch" / "cards.toml",
        'id = "blue-3"\ncolour = "blue"\nnumber = 3',
        'id = "blue-3"\ncolour = "blue"\nnumber = 3\naliases = ["b3"]',
    )
    edit(
        root / "cards" / "triptych" / "vermeer.toml",
        'en = "The Milkmaid"',
        'en = "The Kitchen Maid"',
    )
    done = cardpress(root, "diff", "--since-print", "--say", "en", "--no-files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the print run recorded on" in done.stdout
    found = reported(done.stdout)
    assert found == {
        ("triptych", "v1"): ("changed", "text, art"),  # the title is also the art's subject
        ("ultimatch", "blue-3"): ("data only", ""),
    }, done.stdout


def test_an_unknown_revision_is_one_line(repo: Path) -> None:
    done = cardpress(repo, "diff", "no-such-rev", "--no-files")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "git knows no revision 'no-such-rev'" in done.stderr
