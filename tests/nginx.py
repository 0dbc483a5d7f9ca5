"""Debian's nginx in front of the referee, started by the tests themselves.

The site file is the repository's own (``deploy/nginx/cardpress.conf``), with
only what differs on a test machine set: the gunicorn socket, the port (on
loopback) and ``server_name``. Each replacement must match once, so a change
to those lines in the file breaks the test instead of going untested. The
main configuration around it plays Debian's ``/etc/nginx/nginx.conf`` (its
``http`` block includes the site), with every path in a folder of its own.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardpress.paths import ROOT
from tests.pgcluster import stop_group, wait_for

SITE = ROOT / "deploy" / "nginx" / "cardpress.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

MAIN = """\
{user}
worker_processes 1;
worker_rlimit_nofile {files};
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
daemon off;
events {{ worker_connections {connections}; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/cardpress.conf;
}}
"""


def site_config(gunicorn_socket: Path, port: int) -> str:
    """The repository's site file for this machine: the socket, the port, the name."""
    text = SITE.read_text()
    for old, new in (
        ("unix:/run/cardpress/gunicorn.sock", f"unix:{gunicorn_socket}"),
        ("listen 80;", f"listen 127.0.0.1:{port};"),
        ("server_name referee.example.org;", "server_name 127.0.0.1;"),
    ):
        assert text.count(old) == 1, f"{SITE} no longer has {old!r} once"
        text = text.replace(old, new)
    return text


@contextmanager
def running_nginx(
    gunicorn_socket: Path, prefix: Path, port: int, connections: int = 8192
) -> Iterator[str]:
    """nginx on 127.0.0.1:``port`` proxying to ``gunicorn_socket``; yields its base URL."""
    if not Path(NGINX).exists():
        raise RuntimeError("nginx is not installed: `make test` installs Debian's nginx package")
    prefix.mkdir(parents=True, exist_ok=True)
    (prefix / "cardpress.conf").write_text(site_config(gunicorn_socket, port))
    main = prefix / "nginx.conf"
    main.write_text(
        MAIN.format(
            # as root, nginx's workers would run as nobody, who cannot open the test's socket
            user="user root;" if os.geteuid() == 0 else "",
            files=connections * 2 + 100,
            connections=connections,
            prefix=prefix,
        )
    )
    log = (prefix / "nginx.out").open("wb")
    proc = subprocess.Popen(
        [NGINX, "-p", str(prefix), "-c", str(main), "-e", str(prefix / "error.log")],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        assert wait_for(lambda: _listening(port) or proc.poll() is not None, timeout=20)
        assert proc.poll() is None, (prefix / "error.log").read_text()
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_group(proc, signal.SIGTERM, 10)  # nginx's fast shutdown
        log.close()


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False
