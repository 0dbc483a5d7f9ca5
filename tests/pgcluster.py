"""A throwaway PostgreSQL cluster for the tests and the benchmark.

Debian's ``postgresql`` package (installed by ``make test``) provides
``initdb``/``pg_ctl`` under ``/usr/lib/postgresql/<version>/bin``. PostgreSQL
refuses to run as root, so as root they run as the ``postgres`` user through
``runuser``. The cluster listens only on a Unix socket in its own folder
(no TCP port at all), trusts local connections, and is stopped and deleted
by :meth:`Cluster.stop`. Under pytest-xdist the workers share one cluster
(``shared_cluster``): the first starts it under a file lock, each works in a
database of its own, and the last to leave stops it.
"""

from __future__ import annotations

import fcntl
import glob
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

PORT = 5432  # only names the socket file; nothing listens on TCP


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _as_postgres(args: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


class Cluster:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.data = root / "data"
        self.socket_dir = root

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.socket_dir}&port={PORT}"

    @property
    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def start(self) -> None:
        binary = pg_bin()
        if binary is None:
            raise RuntimeError(
                "PostgreSQL is not installed: `make test` installs Debian's postgresql package"
            )
        self.root.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        if not (self.data / "PG_VERSION").exists():
            subprocess.run(
                _as_postgres(
                    [
                        str(binary / "initdb"),
                        "-D",
                        str(self.data),
                        "-U",
                        "postgres",
                        "--auth=trust",
                        "--no-sync",
                        "-E",
                        "UTF8",
                        "--locale=C.UTF-8",
                    ]
                ),
                check=True,
                capture_output=True,
            )
        options = (
            f"-c listen_addresses='' -c unix_socket_directories={self.socket_dir} "
            f"-c port={PORT} -c max_connections=300 -c fsync=on -c shared_buffers=64MB"
        )
        subprocess.run(
            _as_postgres(
                [
                    str(binary / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.root / "log"),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    "60",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(
            host=str(self.socket_dir),
            port=PORT,
            user="postgres",
            dbname="postgres",
            autocommit=True,
        ) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def restart(self) -> None:
        """Stop (ending every connection, as a server restart does) and start again."""
        binary = pg_bin()
        assert binary is not None
        subprocess.run(
            _as_postgres(
                [
                    *(str(binary / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log")),
                    *("-m", "fast", "-w", "-t", "60", "restart"),
                ]
            ),
            check=True,
            capture_output=True,
        )

    def stop(self) -> None:
        binary = pg_bin()
        if binary is not None and self.running:
            subprocess.run(
                _as_postgres(
                    [str(binary / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"]
                ),
                capture_output=True,
            )
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def private_cluster(prefix: str = "cardpress-pg-") -> Iterator[Cluster]:
    cluster = Cluster(Path(tempfile.mkdtemp(prefix=prefix)))
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@contextmanager
def shared_cluster(run_id: str) -> Iterator[Cluster]:
    """One cluster per test run, reference-counted across xdist workers."""
    root = Path(tempfile.gettempdir()) / f"cardpress-pg-{run_id}"
    lock_path = Path(tempfile.gettempdir()) / f"cardpress-pg-{run_id}.lock"
    cluster = Cluster(root)

    @contextmanager
    def locked() -> Iterator[Path]:
        with lock_path.open("a+") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield Path(str(lock_path) + ".users")
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    with locked() as users:
        count = int(users.read_text() or 0) if users.exists() else 0
        if count == 0 or not cluster.running:
            cluster.start()
        users.write_text(str(count + 1))
    try:
        yield cluster
    finally:
        with locked() as users:
            count = int(users.read_text() or 1) - 1
            users.write_text(str(count))
            if count <= 0:
                cluster.stop()
                users.unlink(missing_ok=True)
        if count <= 0:
            lock_path.unlink(missing_ok=True)


def wait_for(predicate: Callable[[], bool], timeout: float = 10.0, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def stop_group(proc: subprocess.Popen, sig: int, wait: float) -> None:
    """Stop a server started in a session of its own: ``sig`` to its whole process
    group, then SIGKILL if it is still there after ``wait`` seconds."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, sig)
    try:
        proc.wait(wait)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
