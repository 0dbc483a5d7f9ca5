"""`cardpress serve --lan`: which address phones reach, and what it prints.

The address discovery is tested with given candidates; the command itself
runs on the loopback address (named through $CARDPRESS_LAN_ADDRESS), the
only address a test may listen on.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import zxingcpp
from PIL import Image

from cardpress.lan import lan_address, pick_lan_address, url_for_address
from cardpress.print.terminal import HALF_BLOCKS


def test_private_address_is_preferred() -> None:
    assert pick_lan_address(["127.0.0.1", "81.2.3.4", "192.168.1.20"]) == "192.168.1.20"
    assert pick_lan_address(["169.254.3.4", "10.1.2.3"]) == "10.1.2.3"


def test_no_usable_address_is_none() -> None:
    assert pick_lan_address(["127.0.0.1", "169.254.1.1", "0.0.0.0", "junk"]) is None
    assert lan_address(sources=(lambda: ["127.0.1.1"],)) is None


def test_discovery_tries_every_source_in_order(monkeypatch) -> None:
    monkeypatch.delenv("CARDPRESS_LAN_ADDRESS", raising=False)
    found = lan_address(sources=(lambda: [], lambda: ["127.0.0.1", "172.16.0.7"]))
    assert found == "172.16.0.7"


def test_url_for_ipv6_address() -> None:
    assert url_for_address("fd00::5", 5000) == "http://[fd00::5]:5000"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _decode_terminal_qr(lines: list[str]) -> str:
    """Draw the half-block text as pixels (light = the glyph's ink) and decode it."""
    glyphs = {glyph: pair for pair, glyph in HALF_BLOCKS.items()}
    width = len(lines[0])
    scale = 8
    img = Image.new("L", (width * scale, len(lines) * 2 * scale), 0)
    for y, line in enumerate(lines):
        for x, char in enumerate(line):
            for half, lit in enumerate(glyphs[char]):
                if lit:
                    box = (x * scale, (2 * y + half) * scale)
                    img.paste(255, (*box, box[0] + scale, box[1] + scale))
    results = zxingcpp.read_barcodes(img)
    assert results, "the terminal QR code does not decode"
    return results[0].text


def test_serve_lan_prints_url_qr_and_base_url(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        **os.environ,
        "CARDPRESS_LAN_ADDRESS": "127.0.0.1",
        "CARDPRESS_SECRET_KEY": "test",
        "PYTHONUNBUFFERED": "1",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardpress.cli", "serve", "--lan", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().rstrip("\n") for _ in range(3)]
        url = f"http://127.0.0.1:{port}"
        assert lines[0].endswith(f"{url}/"), lines[0]
        qr = []
        while (line := proc.stdout.readline().rstrip("\n")) and set(line) <= set("▀▄█ "):
            qr.append(line)
        rest = [line, proc.stdout.readline().rstrip("\n")]
        assert _decode_terminal_qr(qr) == f"{url}/"
        assert any(f"--base-url {url}" in text for text in rest), rest
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                    assert response.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, "the referee did not answer"
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
