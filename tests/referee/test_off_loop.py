"""Drawing off the loop (referee.off_loop): under gevent the work runs on the
drawing thread, not the loop's, and the loop runs meanwhile; without gevent
it runs where it is called. A card picture drawn so is the same picture."""

from __future__ import annotations

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


def test_under_gevent_the_work_leaves_the_loop_free():
    pytest.importorskip("gevent")
    run = subprocess.run(
        [sys.executable, "-c", UNDER_GEVENT], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]


def test_without_gevent_the_work_runs_where_it_is_called():
    assert off_loop(threading.get_native_id) == threading.get_native_id()
    with pytest.raises(ZeroDivisionError):
        off_loop(lambda: 1 / 0)
