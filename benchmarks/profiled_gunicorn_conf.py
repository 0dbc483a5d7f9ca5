"""The served tree's gunicorn settings, each worker sampling where its CPU goes.

``benchmarks/tables.py --profile`` serves with this file as gunicorn's
``--config`` (a file of its own, so that any checkout can be served with it:
``--compare``'s too). Everything is the served tree's
``referee.gunicorn_conf``; after its ``post_worker_init``, the worker asks
the kernel for a signal every millisecond of CPU it uses (``ITIMER_PROF``:
user and system time, so a socket's send counts, a wait for a socket or the
database does not) and counts the Python stack it was running then. The
counts go to ``$CARDPRESS_PROFILE_DIR/worker-<pid>.json`` every second, in
py-spy's raw form (``outer;...;inner`` -> samples), which
``benchmarks/served_profile.py`` sorts into parts.

A signal is handled between two steps of Python code: time spent in C (a
driver's call, a send, pydantic's serialiser) counts for the Python frame
that called it, and the event loop's own C work for the frame it resumes.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from referee import gunicorn_conf as _served
from referee.gunicorn_conf import *  # noqa: F403  (the served tree's settings)

#: seconds of the worker's CPU between two samples
INTERVAL = 0.001
DUMP_SECONDS = 1.0


def post_worker_init(worker: Any) -> None:
    _served.post_worker_init(worker)
    _Sampler(Path(os.environ["CARDPRESS_PROFILE_DIR"]) / f"worker-{os.getpid()}.json").start()


class _Sampler:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.counts: dict[tuple[CodeType, ...], int] = {}
        self.names: dict[CodeType, str] = {}
        self.texts: dict[tuple[CodeType, ...], str] = {}
        self.dumped = time.monotonic()
        self.busy = False

    def start(self) -> None:
        signal.signal(signal.SIGPROF, self.sample)
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)

    def sample(self, _signum: int, frame: FrameType | None) -> None:
        if self.busy:
            return
        stack = []
        while frame is not None:
            stack.append(frame.f_code)
            frame = frame.f_back
        key = tuple(stack)
        self.counts[key] = self.counts.get(key, 0) + 1
        if time.monotonic() - self.dumped > DUMP_SECONDS:
            self.busy = True
            try:
                self.dump()
            finally:
                self.busy = False
                self.dumped = time.monotonic()

    def name(self, code: CodeType) -> str:
        found = self.names.get(code)
        if found is None:
            found = self.names[code] = (
                f"{code.co_qualname} ({code.co_filename}:{code.co_firstlineno})"
            )
        return found

    def dump(self) -> None:
        lines: dict[str, int] = {}
        for key, count in list(self.counts.items()):
            text = self.texts.get(key)
            if text is None:
                text = self.texts[key] = ";".join(self.name(c) for c in reversed(key))
            lines[text] = lines.get(text, 0) + count
        part = self.out.with_suffix(".part")
        part.write_text(json.dumps(lines))
        os.replace(part, self.out)
