"""The build command: outputs, up-to-date skipping, atomic writes and CLI errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardpress.print import build as build_mod
from cardpress.print.atomic import write_atomic
from cardpress.print.build import MANIFEST, Options, build
from cardpress.print.cli import build_command

SMALL = dict(
    langs=("en",),
    papers=("a4",),
    decks=("ultimatch",),
    print_shop=False,
    images=False,
    rules=False,
    jobs=1,
    base_url="https://referee.example.org",
)


def test_build_writes_contract_paths_and_skips_unchanged(tmp_path: Path):
    opts = Options(out=tmp_path, **SMALL)
    first = build(opts)
    pdf = tmp_path / "en" / "decks" / "ultimatch-a4.pdf"
    assert pdf.is_file() and first.built == ["en/decks/ultimatch-a4.pdf"]
    assert (tmp_path / MANIFEST).is_file()
    before = pdf.stat().st_mtime_ns
    second = build(opts)
    assert second.built == [] and second.skipped == ["en/decks/ultimatch-a4.pdf"]
    assert pdf.stat().st_mtime_ns == before
    other = build(Options(out=tmp_path, **{**SMALL, "base_url": "https://other.example.org"}))
    assert other.built == ["en/decks/ultimatch-a4.pdf"]


def test_same_inputs_same_bytes_across_builds(tmp_path: Path):
    a, b = tmp_path / "a", tmp_path / "b"
    build(Options(out=a, **SMALL))
    build(Options(out=b, **{**SMALL, "jobs": 2, "papers": ("a4", "letter")}))
    rel = Path("en/decks/ultimatch-a4.pdf")
    assert (a / rel).read_bytes() == (b / rel).read_bytes()


def test_a_failed_job_leaves_the_previous_file(tmp_path: Path, monkeypatch):
    opts = Options(out=tmp_path, **SMALL)
    build(opts)
    pdf = tmp_path / "en" / "decks" / "ultimatch-a4.pdf"
    old = pdf.read_bytes()

    def boom(*args, **kwargs):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr("cardpress.print.sheets.render_deck_pdf", boom)
    report = build(Options(out=tmp_path, **{**SMALL, "force": True}))
    assert report.failed and "drawing failed" in report.failed[0]
    assert pdf.read_bytes() == old
    assert not [p for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


def test_write_atomic_keeps_the_old_file_when_interrupted(tmp_path: Path, monkeypatch):
    target = tmp_path / "x.pdf"
    target.write_bytes(b"old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]


def _run(args, **kw):
    return CliRunner().invoke(build_command, args, catch_exceptions=False, **kw)


def test_cli_bad_option_is_a_usage_error_naming_it(tmp_path):
    result = _run(["--lang", "fr", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--lang" in result.output
    result = _run(["--paper", "a3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--paper" in result.output
    result = _run(["--deck", "uno", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--deck" in result.output


def test_cli_bad_base_url_is_one_line(tmp_path):
    result = _run(["--base-url", "ftp://x", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "--base-url" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cli_catalogue_errors_print_each_problem(tmp_path, monkeypatch):
    from cardpress.catalogue import CatalogueError

    def broken():
        raise CatalogueError(["cards/a.toml: m1: title: missing", "cards/b.toml: x: id: bad"])

    monkeypatch.setattr("cardpress.catalogue.load_catalogue", broken)
    result = _run(["--out", str(tmp_path), "--deck", "ultimatch"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert any("cards/a.toml: m1: title: missing" in line for line in lines)
    assert any("cards/b.toml: x: id: bad" in line for line in lines)
    assert "Traceback" not in result.output


def test_cli_font_error_is_one_clear_line(tmp_path, monkeypatch):
    from cardpress.print.fonts import FontError

    def no_fonts():
        raise FontError("no Japanese TrueType font found for CardpressSans; install one")

    monkeypatch.setattr("cardpress.print.fonts.register_fonts", no_fonts)
    result = _run(["--out", str(tmp_path), "--deck", "ultimatch"])
    assert result.exit_code == 2 and "no Japanese TrueType font" in result.output


def test_cli_builds_a_subset(tmp_path):
    result = _run(
        [
            "--lang",
            "en",
            "--paper",
            "letter",
            "--deck",
            "ultimatch",
            "--out",
            str(tmp_path),
            "--no-images",
            "--no-rules",
            "--jobs",
            "1",
            "--base-url",
            "https://referee.example.org",
        ]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "en" / "decks" / "ultimatch-letter.pdf").is_file()
    assert (tmp_path / "en" / "print-shop" / "ultimatch.pdf").is_file()
    assert not (tmp_path / "ja").exists()


def test_rule_sheets_planned_for_the_chosen_decks():
    jobs = build_mod.plan(
        Options(out=Path("x"), **{**SMALL, "rules": True, "decks": ("triptych",)})
    )
    rules = sorted(j.outputs[0] for j in jobs if j.kind == "rules")
    assert rules == [
        f"en/rules/{g}-a4.pdf" for g in sorted(("gallery-rush", "finger-auction", "detective-eye"))
    ]


def test_eshi100_csv_prints_the_players_own_list(tmp_path: Path):
    from cardpress.paths import ROOT
    from tests.print.helpers import page_text

    csv = ROOT / "tests" / "data" / "eshi100-player-deck.csv"
    opts = Options(out=tmp_path, **{**SMALL, "decks": ("eshi100",), "eshi100_csv": csv})
    report = build(opts)
    assert not report.failed
    pdf = (tmp_path / "en" / "decks" / "eshi100-a4.pdf").read_bytes()
    text = page_text(pdf, 1)
    assert "No.001" in text and "Night Cherry" in text


def test_watch_builds_once_then_stops_when_told(tmp_path: Path):
    import threading

    from cardpress.print.build import watch

    stop = threading.Event()
    results = []

    def on_build(result):
        results.append(result)
        stop.set()

    watch(Options(out=tmp_path, **SMALL), on_build, stop_event=stop)
    assert len(results) == 1 and results[0].built == ["en/decks/ultimatch-a4.pdf"]


def test_watch_rebuilds_after_a_save_made_right_after_the_first_build(tmp_path, monkeypatch):
    """The watcher is live before the first build: a save at once after it is not lost."""
    import shutil
    import threading

    from cardpress.paths import ROOT
    from cardpress.print.build import watch

    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards", cards)
    monkeypatch.setenv("CARDPRESS_CARDS", str(cards))
    stop = threading.Event()
    results = []

    def on_build(result):
        results.append(result)
        if len(results) == 1:  # the designer saves a card the moment the first build ends
            with (cards / "ultimatch" / "deck.toml").open("a", encoding="utf-8") as fh:
                fh.write("# saved\n")
        else:
            stop.set()

    thread = threading.Thread(
        target=watch,
        args=(Options(out=tmp_path / "out", **SMALL), on_build),
        kwargs={"stop_event": stop},
    )
    thread.start()
    thread.join(60)
    stop.set()
    thread.join(10)
    assert len(results) == 2, "the save after the first build was not rebuilt"
    assert results[1].built == ["en/decks/ultimatch-a4.pdf"]


def test_cli_no_gutters_butts_the_cards(tmp_path):
    """--no-gutters gives the butted sheet (render_deck_pdf(gutter=False)), and back again."""
    from cardpress.catalogue import load_catalogue
    from cardpress.print.sheets import render_deck_pdf

    args = ["--lang", "en", "--paper", "a4", "--deck", "ultimatch", "--no-print-shop"]
    args += ["--no-images", "--no-rules", "--jobs", "1", "--base-url", SMALL["base_url"]]
    pdf = tmp_path / "en" / "decks" / "ultimatch-a4.pdf"
    cat = load_catalogue()

    def expected(gutter: bool) -> bytes:
        return render_deck_pdf(cat.ultimatch, "en", "a4", SMALL["base_url"], gutter=gutter)

    assert _run([*args, "--out", str(tmp_path), "--no-gutters"]).exit_code == 0
    assert pdf.read_bytes() == expected(False)
    assert _run([*args, "--out", str(tmp_path)]).exit_code == 0  # the option is in the key
    assert pdf.read_bytes() == expected(True) != expected(False)
