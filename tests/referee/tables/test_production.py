"""Under the production command (gunicorn's gevent workers): crashes, slow clients, streams.

The server runs as the README says (``--config python:referee.gunicorn_conf``),
in its own process group, on the test's database; ``kill -9`` takes down
the master and every worker at once.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.client import HTTPException
from pathlib import Path
from typing import Any
from urllib.error import URLError

from sqlalchemy import create_engine, text

from cardpress.games import GAMES
from referee import gunicorn_conf
from referee.tables import service
from referee.tables.databases import POOL_SIZE, open_database
from referee.tables.repositories import repository
from tests.pgcluster import stop_group, wait_for

GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def production_server(
    url: str,
    root: Path | None = None,
    log: Path | None = None,
    env: dict[str, str] | None = None,
    app: str = "referee:create_app()",
    unix_socket: Path | None = None,
    also_unix_socket: Path | None = None,
    config: str = "python:referee.gunicorn_conf",
) -> Iterator[tuple[str, subprocess.Popen]]:
    """The README's command on ``url``; ``root``: serve another checkout's code
    (the benchmark's baseline), else the installed one; ``log``: where
    gunicorn's own output goes; ``env``: more of the server's environment
    (``CARDPRESS_BASE_URL`` is the server's own address unless given there);
    ``app``: another WSGI app under the same command; ``unix_socket``: listen
    there instead of on a port (behind nginx), yielding ``unix:<path>``;
    ``also_unix_socket``: listen on the port and there too (one server for a
    direct test and one behind nginx); ``config``: gunicorn's settings (the
    benchmark's profiled ones wrap the README's)."""
    port = free_port()
    env = {
        **os.environ,
        **({"PYTHONPATH": str(root)} if root is not None else {}),
        "CARDPRESS_DATABASE_URL": url,
        "CARDPRESS_SECRET_KEY": "production-test",
        "CARDPRESS_TABLES_CREATE_LIMIT": "1000 per minute",
        "CARDPRESS_BASE_URL": f"http://127.0.0.1:{port}",
        **(env or {}),
    }
    output = log.open("ab") if log is not None else subprocess.DEVNULL
    proc = subprocess.Popen(
        [
            str(GUNICORN),
            "--config",
            config,
            "--bind",
            f"unix:{unix_socket}" if unix_socket is not None else f"127.0.0.1:{port}",
            *(["--bind", f"unix:{also_unix_socket}"] if also_unix_socket is not None else []),
            *(["--chdir", str(root)] if root is not None else []),
            app,
        ],
        env=env,
        start_new_session=True,
        stdout=output,
        stderr=output,
    )
    base = f"unix:{unix_socket}" if unix_socket is not None else f"http://127.0.0.1:{port}"
    try:
        assert wait_for(lambda: _healthy(base), timeout=60), "gunicorn did not start"
        yield base, proc
    finally:
        stop_group(proc, signal.SIGINT, 15)  # gunicorn's quick shutdown
        if log is not None:
            output.close()


def _healthy(base: str) -> bool:
    if base.startswith("unix:"):
        return _healthy_on_unix_socket(base.removeprefix("unix:"))
    try:
        with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
            return r.status == 200
    except (URLError, OSError):
        return False


def _healthy_on_unix_socket(path: str) -> bool:
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(2)
            s.connect(path)
            s.sendall(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            return s.recv(64).split(b" ", 2)[1:2] == [b"200"]
    except OSError:
        return False


def call(
    base: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    token: str | None = None,
    timeout: float = 10.0,
) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def test_every_acknowledged_move_survives_kill_9(backend, database_urls, tmp_path):
    """Slow clients and open streams block nobody; kill -9 loses no acknowledged move."""
    url = database_urls["make"](backend)
    games = {}
    acknowledged: dict[str, list[list]] = {}
    log = tmp_path / "gunicorn.log"
    with production_server(url, log=log) as (base, proc):
        _slow_clients_and_streams_do_not_block_others(base)
        for i in range(3):
            body = call(
                base,
                "POST",
                "/api/v1/tables",
                {"game": "finger-auction", "players": ["A", "B", "C"], "seed": i},
            )
            games[body["table"]] = (body, GAMES["finger-auction"].new_game(["A", "B", "C"], i))
            acknowledged[body["table"]] = []
        stop = threading.Event()

        def play() -> None:
            choices = random.Random(1)
            while not stop.is_set():
                for table, (body, twin) in games.items():
                    if twin.is_terminal():
                        continue
                    seat = choices.choice(twin.current_players())
                    action = choices.choice(twin.legal_actions(seat))
                    try:
                        call(
                            base,
                            "POST",
                            f"/api/v1/tables/{table}/actions",
                            {"action": action},
                            body["seats"][seat]["token"],
                            timeout=5,
                        )
                    except (URLError, OSError, HTTPException):
                        return  # the server is gone: this move was never acknowledged
                    twin.apply(seat, action)
                    acknowledged[table].append([seat, action])

        player = threading.Thread(target=play)
        player.start()
        assert wait_for(lambda: sum(map(len, acknowledged.values())) >= 30, timeout=60)
        os.killpg(proc.pid, signal.SIGKILL)  # mid-game, mid-request
        proc.wait(10)
        stop.set()
        player.join(30)
    with production_server(url) as (base, _proc):
        database = open_database(url)  # the log itself: mid-game the API withholds the bids
        for table, (body, _twin) in games.items():
            call(base, "GET", f"/api/v1/tables/{table}/record", token=body["host"]["token"])
            record = service.game_record(repository(database), table, body["host"]["token"]).full
            done = acknowledged[table]
            assert record["actions"][: len(done)] == done
            assert len(record["actions"]) <= len(done) + 1  # at most the one in flight
    _assert_quiet(log)


def _assert_quiet(log: Path) -> None:
    """gevent's workers started, patched before the app came in, and said nothing of it."""
    said = log.read_text()
    assert f"Using worker: {gunicorn_conf.worker_class}" in said
    assert "MonkeyPatchWarning" not in said
    # no error while serving; the quick shutdown (SIGINT) of a gevent worker may
    # print its SystemExit (gunicorn issue 3239, "not an issue" upstream)
    serving = said.split("Handling signal:")[0]
    assert "Traceback" not in serving


def _slow_clients_and_streams_do_not_block_others(base: str) -> None:
    port = int(base.rsplit(":", 1)[1])
    tables = [
        call(base, "POST", "/api/v1/tables", {"game": "ultimatch", "players": ["Solo"]})["table"]
        for _ in range(4)
    ]
    slow = []
    for _ in range(4):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # never finished
        slow.append(s)
    # 80 streams: within the caps per address and per table even if one worker takes all
    streams = [
        urllib.request.urlopen(f"{base}/api/v1/tables/{table}/events", timeout=5)
        for table in tables
        for _ in range(20)
    ]
    for stream in streams:
        assert stream.readline().startswith(b"retry:")
    started = time.monotonic()
    for _ in range(5):
        assert _healthy(base)
    assert time.monotonic() - started < 5
    for s in slow + streams:
        s.close()


def test_a_worker_patches_first_and_keeps_the_app_out_of_the_collectors_way(
    database_urls, tmp_path
):
    """What a worker is like inside, seen through tests/referee/tables/worker_probe.py: the
    README's app, loaded by the same command, plus one URL describing the worker."""
    log = tmp_path / "gunicorn.log"
    probe = "tests.referee.tables.worker_probe:app"
    with production_server(database_urls["make"]("sqlite"), log=log, app=probe) as (base, _):
        worker = call(base, "GET", "/_worker")
        assert _healthy(base)  # the app itself answers too
    assert worker["patched"] == {"socket": True, "select": True, "threading": True, "ssl": True}
    assert worker["psycopg_waits_in_c"] is False  # it would block every greenlet
    assert worker["frozen"] > 50_000  # the loaded app's objects (~120,000)
    assert tuple(worker["gc_thresholds"]) == gunicorn_conf.GC_THRESHOLDS
    _assert_quiet(log)


def test_each_worker_opens_its_postgresql_pool_before_the_first_request(database_urls):
    """A game night's first burst after a restart forks no PostgreSQL backends: each
    worker has opened its pool as it started (and opens no more than it)."""
    url = database_urls["make"]("postgresql")
    engine = create_engine(url)
    count = text(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )

    def backends() -> int:
        with engine.connect() as conn:
            return conn.execute(count).scalar_one()

    try:
        with production_server(url, env={"CARDPRESS_WORKERS": "2"}) as (base, _proc):
            assert wait_for(lambda: backends() == 2 * POOL_SIZE, timeout=20), backends()
            burst = [
                threading.Thread(target=call, args=(base, "POST", "/api/v1/tables", GAME))
                for _ in range(40)
            ]
            for thread in burst:
                thread.start()
            for thread in burst:
                thread.join(30)
            assert backends() == 2 * POOL_SIZE  # no overflow opened and closed again
    finally:
        engine.dispose()


def test_the_pool_is_warmed_with_the_hot_statements_and_nothing_changes(database_urls):
    """Each pooled backend runs every action's statements once before the first request
    (its first run reads the catalog: several milliseconds), with parameters that match
    no row: no table moves, nothing is logged, no phone is told of anything."""
    import psycopg

    from referee.tables import create_request
    from referee.tables.databases import open_database, upgrade
    from referee.tables.repo_postgres import NOTIFY_CHANNEL, warm_up
    from referee.tables.repositories import repository
    from referee.tables.schemas import CreateTable

    url = database_urls["make"]("postgresql")
    db = open_database(url)
    upgrade(db.engine)
    created = create_request.create(repository(db), CreateTable.model_validate(GAME))
    table_id = created.table.id
    db.dispose()
    db = open_database(url)
    listener = psycopg.connect(
        db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False),
        autocommit=True,
    )
    try:
        listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
        db.warm(warm_up())
        last = [
            query
            for (query,) in listener.execute(
                "SELECT query FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ]
        warmed = [q for q in last if "WITH moved AS" in q]
        assert len(warmed) == POOL_SIZE, last  # every backend ran the write, the last one
        table = service.load(repository(db), table_id)
        assert (table.version, table.events) == (0, [])
        assert (
            service.game_record(repository(db), table_id, created.host_token).shown()["actions"]
            == []
        )
        assert list(listener.notifies(timeout=0.5)) == []
    finally:
        listener.close()
        db.dispose()


GAME = {"game": "finger-auction", "players": ["A", "B", "C"]}


@contextmanager
def _holding_the_table(backend: str, url: str, table: str) -> Iterator[None]:
    """What another writer does to a table: a row lock on it (PostgreSQL), the
    writers' file lock (SQLite), held until the block ends."""
    if backend == "sqlite":
        with Path(url.removeprefix("sqlite:///") + ".write-lock").open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)
        return
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT 1 FROM game_tables WHERE id = :id FOR UPDATE"), {"id": table})
            yield
    finally:
        engine.dispose()


def test_a_move_waiting_for_the_database_holds_up_no_one_else(backend, database_urls, tmp_path):
    """In one worker, a move waits for a lock another writer holds (psycopg waiting on the
    socket; SQLite's file lock): the worker still answers everyone else meanwhile. A
    worker whose waits were not gevent's (psycopg's C wait, a bare flock) would stop."""
    url = database_urls["make"](backend)
    log = tmp_path / "gunicorn.log"
    with production_server(url, log=log, env={"CARDPRESS_WORKERS": "1"}) as (base, _proc):
        players = ["A", "B", "C"]
        game = {"game": "finger-auction", "players": players, "seed": 0}
        held, other = (call(base, "POST", "/api/v1/tables", game) for _ in range(2))
        twin = GAMES["finger-auction"].new_game(players, 0)
        answer: dict[str, Any] = {}

        def move() -> None:
            action = twin.legal_actions(0)[0]
            path = f"/api/v1/tables/{held['table']}/actions"
            token = held["seats"][0]["token"]
            answer["body"] = call(base, "POST", path, {"action": action}, token, timeout=30)

        with _holding_the_table(backend, url, held["table"]):
            mover = threading.Thread(target=move)
            mover.start()
            time.sleep(0.5)
            assert mover.is_alive(), "the move did not wait for the lock"
            started = time.monotonic()
            state = call(base, "GET", f"/api/v1/tables/{other['table']}", timeout=5)
            assert state["version"] == 0
            assert _healthy(base)
            assert time.monotonic() - started < 3
            assert mover.is_alive()
        mover.join(30)
        assert answer["body"]["version"] == 1
    _assert_quiet(log)
