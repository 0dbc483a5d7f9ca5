"""cardpress installs like any Python application: the built wheel, used from elsewhere.

The wheel is built from this checkout and installed into a fresh virtual
environment; every command then runs from another folder, so only the data
shipped inside the package (cards, templates, catalogues) can be found. The
dependencies are not downloaded again: the fresh environment sees this
environment's site-packages through a plain path entry (a ``.pth`` line that
only adds the folder, so this checkout's editable install is not activated),
which keeps the test to seconds and off the network.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest
from pypdf import PdfReader

CHECKOUT = Path(__file__).resolve().parents[1]


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{args}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    tmp = tmp_path_factory.mktemp("wheel")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp), "CARDPRESS_SECRET_KEY": "wheel-test"}
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
         "-w", str(tmp / "dist"), str(CHECKOUT)],
        tmp,
        {**env, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )  # fmt: skip
    (wheel,) = (tmp / "dist").glob("cardpress-*.whl")
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp, env)
    python = venv / "bin" / "python"
    _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", "--quiet", str(wheel)],
        tmp,
        env,
    )  # fmt: skip
    purelib = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp, env
    ).stdout.strip()
    (Path(purelib) / "zz_cardpress_test_deps.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return venv, elsewhere, env


def test_the_package_finds_its_shipped_data(installed) -> None:
    venv, elsewhere, env = installed
    code = (
        "import cardpress, cardpress.paths as p; "
        "print(cardpress.__file__); print(p.CARDS); print(p.TEMPLATES); print(p.LOCALES)"
    )
    lines = _run([str(venv / "bin" / "python"), "-c", code], elsewhere, env).stdout.split()
    site = str(venv / "lib")
    assert all(line.startswith(site) for line in lines), lines
    assert lines[1].endswith("cardpress/_data/cards")
    assert Path(lines[3], "ja", "LC_MESSAGES", "messages.mo").is_file()


def test_check_and_build_from_another_folder(installed) -> None:
    venv, elsewhere, env = installed
    cardpress = str(venv / "bin" / "cardpress")
    result = _run([cardpress, "check"], elsewhere, env)
    assert "cards ok: triptych 32, ultimatch 48, eshi100 40" in result.stderr
    _run(
        [cardpress, "build", "--deck", "ultimatch", "--lang", "ja", "--paper", "a4",
         "--no-print-shop", "--no-images", "--jobs", "1",
         "--base-url", "https://cards.example.org"],
        elsewhere,
        env,
    )  # fmt: skip
    deck = elsewhere / "build" / "ja" / "decks" / "ultimatch-a4.pdf"
    sheet = elsewhere / "build" / "ja" / "rules" / "ultimatch-a4.pdf"
    assert deck.is_file() and sheet.is_file()
    text = PdfReader(sheet).pages[0].extract_text()  # Japanese: the shipped catalogue
    assert "色と数字の協力型カードゲーム" in text
    assert "https://cards.example.org/ja/rules/ultimatch" in text


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_the_referee_runs_under_gunicorn_from_another_folder(installed) -> None:
    venv, elsewhere, env = installed
    _run([str(venv / "bin" / "cardpress"), "db", "upgrade"], elsewhere, env)  # migrations ship
    assert any((elsewhere / "instance").glob("*.sqlite3"))
    port = _free_port()
    proc = subprocess.Popen(
        [str(venv / "bin" / "python"), "-m", "gunicorn", "--workers", "1",
         "--bind", f"127.0.0.1:{port}", "referee:create_app()"],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=2).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
                assert time.monotonic() < deadline, "gunicorn did not answer"
                time.sleep(0.2)
        with urllib.request.urlopen(f"{base}/ja/c/triptych/m1", timeout=10) as response:
            page = response.read().decode()
        assert response.status == 200 and 'data-card="triptych/m1"' in page
        assert "印象・日の出" in page and "各ゲームでの役割" in page  # card data + catalogue
        with urllib.request.urlopen(f"{base}/en/rules/ultimatch", timeout=10) as response:
            assert response.status == 200 and 'id="UM-1"' in response.read().decode()
        with urllib.request.urlopen(f"{base}/en/tables/new", timeout=10) as response:
            assert response.status == 200  # a live-table page, from the shipped templates
    finally:
        proc.terminate()
        proc.wait(timeout=10)
