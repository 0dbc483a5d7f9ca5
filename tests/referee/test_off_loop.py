"""Drawing off the loop (referee.off_loop): under gevent the work runs on the
drawing thread, not the loop's, and the loop runs meanwhile; without gevent
it runs where it is called. A card picture drawn so is the same picture, and
a worker readied as gunicorn readies it starts no process for its first one
(a fork stops the loop every phone of the worker shares)."""

from __future__ import annotations

import logging
import subprocess
import sys
import textwrap
import threading

import pytest

from referee.off_loop import off_loop

UNDER_GEVENT = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import threading, time
    import gevent
    from referee.off_loop import off_loop

    loop_thread = threading.get_native_id()
    ticks = []
    ticker = gevent.spawn(lambda: [ticks.append(time.sleep(0.01)) for _ in range(20)])
    gevent.sleep(0)

    def busy():
        end = time.perf_counter() + 0.15
        while time.perf_counter() < end:  # Python work: holds the GIL in turns
            pass
        return threading.get_native_id()

    drawn_on = off_loop(busy)
    assert drawn_on != loop_thread, "the work ran on the loop's thread"
    assert len(ticks) >= 3, f"the loop stood still meanwhile: {len(ticks)} ticks"
    try:
        off_loop(lambda: 1 / 0)
    except ZeroDivisionError:
        pass
    else:
        raise AssertionError("the work's error was not raised to the caller")
    from cardpress.print.export import card_png
    from cardpress.print.fonts import register_fonts
    register_fonts()
    here = card_png("triptych", "g1", "ja", dpi=60, base_url="http://127.0.0.1")
    there = off_loop(lambda: card_png("triptych", "g1", "ja", dpi=60, base_url="http://127.0.0.1"))
    assert here == there and here.startswith(b"\\x89PNG")
    print("ok")
""")


def _says_ok(script: str, *args: str) -> None:
    """``script`` run by a fresh interpreter (its own imports, patches and caches)."""
    run = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]


READIED_WORKER = textwrap.dedent("""
    import subprocess, sys
    from types import SimpleNamespace
    from referee import create_app
    from referee import gunicorn_conf

    app = create_app({"SECRET_KEY": "t", "DATABASE_URL": "sqlite:///" + sys.argv[1]})
    gunicorn_conf.post_worker_init(SimpleNamespace(wsgi=app))
    started = []
    start = subprocess.Popen.__init__

    def watched(self, args, *rest, **options):
        started.append(args)
        start(self, args, *rest, **options)

    subprocess.Popen.__init__ = watched
    picture = app.test_client().get("/ja/c/triptych/g1.png")
    assert picture.status_code == 200 and picture.data.startswith(b"\\x89PNG"), picture.status
    assert not started, f"the first picture started {len(started)} processes: {started[:2]}"
    print("ok")
""")


def test_a_readied_worker_starts_no_process_for_its_first_picture(tmp_path):
    _says_ok(READIED_WORKER, str(tmp_path / "tables.sqlite3"))


def test_a_font_missing_when_the_worker_is_readied_is_logged_not_raised(
    tmp_path, monkeypatch, caplog
):
    from cardpress.print.fonts import ROLES, font_files
    from referee.cards import warm_pictures

    role = next(iter(ROLES.values()))
    monkeypatch.setenv(role.env, str(tmp_path / "gone.ttf"))
    font_files.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="referee.cards"):
            warm_pictures()
    finally:
        font_files.cache_clear()  # found again, with the real fonts, by the next caller
    assert f"card pictures: {role.env}=" in caplog.text and "not a TrueType" in caplog.text


def test_under_gevent_the_work_leaves_the_loop_free():
    pytest.importorskip("gevent")
    _says_ok(UNDER_GEVENT)


def test_without_gevent_the_work_runs_where_it_is_called():
    assert off_loop(threading.get_native_id) == threading.get_native_id()
    with pytest.raises(ZeroDivisionError):
        off_loop(lambda: 1 / 0)
