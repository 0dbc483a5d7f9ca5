"""Print-on-demand PNGs: exact template pixels, our trim on the template's trim."""

from __future__ import annotations

import numpy as np
from click.testing import CliRunner
from PIL import Image

from cardpress.print.cli import build_command
from cardpress.print.export import PNG_DPI
from cardpress.print.layout import BLEED
from cardpress.print.pod import POD_TEMPLATES
from cardpress.print.qr import card_url
from tests.print.helpers import BASE, catalogue, decode


def _build(tmp_path, *extra):
    args = ["--lang", "en", "--paper", "a4", "--deck", "eshi100", "--no-print-shop"]
    args += ["--no-rules", "--jobs", "1", "--base-url", BASE, "--out", str(tmp_path), *extra]
    return CliRunner().invoke(build_command, args, catch_exceptions=False)


def test_pod_pngs_match_each_template_and_put_trim_on_trim(tmp_path):
    result = _build(tmp_path, "--pod", "makeplayingcards", "--pod", "thegamecrafter")
    assert result.exit_code == 0, result.output
    types = {c.id for c in catalogue().eshi100.types}
    ours = Image.open(tmp_path / "en" / "png" / "eshi100" / "px01.png").convert("RGB")
    bleed = round(BLEED / 72 * PNG_DPI)  # our PNGs' bleed (1/8 in) at 300 dpi
    ours_trim = np.asarray(ours.crop((bleed, bleed, ours.width - bleed, ours.height - bleed)))
    for service in ("makeplayingcards", "thegamecrafter"):
        t = POD_TEMPLATES[service]
        folder = tmp_path / "en" / "pod" / service / "eshi100"
        assert {p.stem for p in folder.glob("*.png")} == types | {"back"}
        img = Image.open(folder / "px01.png")
        assert img.size == t.size and round(img.info["dpi"][0]) == 300
        assert decode(img.convert("RGB")) == [card_url(BASE, "en", "eshi100", "px01")]
        # the template's trim box holds our trimmed card: compare at our pixel size
        x0, y0 = (t.size[0] - t.trim[0]) // 2, (t.size[1] - t.trim[1]) // 2
        trim = img.convert("RGB").crop((x0, y0, x0 + t.trim[0], y0 + t.trim[1]))
        trim = np.asarray(trim.resize(ours_trim.shape[1::-1], Image.Resampling.BICUBIC))
        diff = np.abs(trim.astype(int) - ours_trim.astype(int)).mean()
        assert diff < 7, f"{service}: the card is not on the template's trim ({diff:.1f})"


def test_pod_is_poker_size_only(tmp_path):
    result = _build(tmp_path, "--pod", "thegamecrafter", "--size", "bridge")
    assert result.exit_code == 2 and "--pod" in result.output and "Traceback" not in result.output


def test_pod_pngs_of_a_deck_whose_rule_cards_run_onto_continuation_cards(tmp_path):
    """A rule card too long for one card prints on two: each printed card gets its PNG
    (r1 and r1-2), and the back is the back, not a face shifted by one."""
    from dataclasses import replace

    from cardpress.print.export import export_pod_images

    cat = catalogue()
    deck = replace(cat.triptych, cards=(cat.triptych.card("r1"), cat.triptych.card("m1")))
    paths = export_pod_images(deck, "en", BASE, tmp_path, "drivethrucards", root=cat.root)
    folder = tmp_path / "en" / "pod" / "drivethrucards" / "triptych"
    assert [p.name for p in paths] == ["r1.png", "r1-2.png", "m1.png", "back.png"]
    t = POD_TEMPLATES["drivethrucards"]
    images = {p.stem: Image.open(p).convert("RGB") for p in paths}
    assert all(img.size == t.size for img in images.values())
    # each face's QR code names its card (a continuation, its rule card); the back has none
    found = {name: decode(img) for name, img in images.items()}
    assert found == {
        "r1": [card_url(BASE, "en", "triptych", "r1")],
        "r1-2": [card_url(BASE, "en", "triptych", "r1")],
        "m1": [card_url(BASE, "en", "triptych", "m1")],
        "back": [],
    }
    first, second = (np.asarray(images[n]).astype(int) for n in ("r1", "r1-2"))
    assert np.abs(first - second).mean() > 5  # the second half of the rules, not the first
    assert (folder / "back.png").is_file()
