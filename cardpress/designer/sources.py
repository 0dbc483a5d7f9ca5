"""Where the "before" of a diff comes from: a git revision, or the last print run.

A git revision's files (``cards/``, and ``templates/`` and ``locales/`` when
the repository holds them) are read with ``git show REV:path`` into a
temporary tree, never checked out, and snapshotted there by a child process
(see ``cardpress.designer.snapshot``), while this process snapshots the
working tree.

The last print run is recorded in ``cards/printed.toml`` (``cardpress printed
--record``): its ``[last_print]`` table is the snapshot, one line per card
(so a git diff of the file shows which cards a print run changed), below the
file's hand-written part, which tomlkit keeps as it is.
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardpress.catalogue.printed import FILE_NAME

SECTION = "last_print"
HEADER = (
    "Written by `cardpress printed --record`: what the last print run printed, card by\n"
    "card, so `cardpress diff --since-print` can tell what changed since. Do not edit."
)


class SourceError(Exception):
    """The "before" cannot be read (no git, unknown revision, nothing recorded)."""


# --------------------------------------------------------------------------- git


def _git(args: list[str], cwd: Path, *, text: bool = True):
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=text, check=False)
    except FileNotFoundError as exc:
        raise SourceError("git is not installed: compare with the last print run instead") from exc
    return done


def git_top(folder: Path) -> Path | None:
    """The repository holding ``folder``, if any."""
    done = _git(["rev-parse", "--show-toplevel"], folder)
    return Path(done.stdout.strip()).resolve() if done.returncode == 0 else None


def resolve_revision(rev: str, folder: Path) -> str:
    top = git_top(folder)
    if top is None:
        raise SourceError(f"{folder} is not in a git repository: use --since-print")
    done = _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], top)
    if done.returncode != 0:
        raise SourceError(f"git knows no revision {rev!r}")
    return done.stdout.strip()


def revision_tree(rev: str, folders: Mapping[str, Path], into: Path) -> list[str]:
    """Write each folder's files as of ``rev`` under ``into/<name>``; the names written.

    Folders outside the repository (the shipped templates of an installed
    cardpress) are left out: the child process then uses the current ones.
    """
    first = next(iter(folders.values()))
    top = git_top(first)
    if top is None:
        raise SourceError(f"{first} is not in a git repository: use --since-print")
    written = []
    for name, folder in folders.items():
        folder = folder.resolve()
        if not folder.is_relative_to(top):
            continue
        rel = folder.relative_to(top).as_posix()
        listing = _git(["ls-tree", "-r", "-z", "--name-only", rev, "--", rel], top)
        paths = [p for p in listing.stdout.split("\0") if p]
        if not paths:
            if name == "cards":
                raise SourceError(f"revision {rev[:12]} has no {rel}/ folder")
            continue
        for path in paths:
            blob = _git(["show", f"{rev}:{path}"], top, text=False)
            if blob.returncode != 0:
                raise SourceError(f"git show {rev[:12]}:{path} failed: {blob.stderr.decode()}")
            target = into / name / Path(path).relative_to(rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(blob.stdout)
        written.append(name)
    return written


def start_git_snapshot(
    rev: str, base_url: str
) -> tuple[subprocess.Popen, tempfile.TemporaryDirectory]:
    """Start snapshotting ``rev`` in a child process (the caller snapshots the working tree
    meanwhile); ``finish_git_snapshot`` collects it."""
    from cardpress.paths import ENV_CARDS, ENV_ROOT, LOCALES, TEMPLATES, cards_dir

    tmp = tempfile.TemporaryDirectory(prefix="cardpress-diff-")
    root = Path(tmp.name)
    revision_tree(rev, {"cards": cards_dir(), "templates": TEMPLATES, "locales": LOCALES}, root)
    env = {k: v for k, v in os.environ.items() if k != ENV_CARDS}
    env[ENV_ROOT] = str(root)
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardpress.designer.snapshot", base_url],
        env=env,
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return proc, tmp


def finish_git_snapshot(
    proc: subprocess.Popen, tmp: tempfile.TemporaryDirectory, rev: str
) -> dict[str, Any]:
    try:
        out, err = proc.communicate()
    finally:
        tmp.cleanup()
    if proc.returncode == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        raise SourceError(
            f"the card data of revision {rev[:12]} has problems: " + "; ".join(lines[:5])
        )
    if proc.returncode != 0:
        last = (err.strip().splitlines() or ["no output"])[-1]
        raise SourceError(f"reading revision {rev[:12]} failed: {last}")
    return json.loads(out)


# --------------------------------------------------------------------------- the last print run


def printed_path(cards_root: Path) -> Path:
    return cards_root / FILE_NAME


def read_printed(cards_root: Path) -> dict[str, Any] | None:
    """The last print run's snapshot, or None when none is recorded."""
    import tomllib

    path = printed_path(cards_root)
    if not path.is_file():
        return None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SourceError(f"{path} cannot be read: {exc}") from exc
    snap = data.get(SECTION)
    return snap if isinstance(snap, dict) and snap.get("decks") else None


def _item(value: Any, inline: bool):
    import tomlkit

    if isinstance(value, Mapping):
        table = tomlkit.inline_table() if inline else tomlkit.table()
        for key, inner in value.items():
            table.append(key, _item(inner, True))
        return table
    return value


def record_printed(cards_root: Path, snapshot: dict[str, Any], today: str | None = None) -> Path:
    """Write ``snapshot`` as ``[last_print]`` into ``cards/printed.toml``, keeping the rest."""
    import tomlkit

    from cardpress.print.atomic import write_atomic

    path = printed_path(cards_root)
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    doc = tomlkit.parse(text)
    if SECTION in doc:
        del doc[SECTION]
    section = tomlkit.table()
    for line in HEADER.splitlines():
        section.add(tomlkit.comment(line))
    section.add("recorded", today or datetime.date.today().isoformat())
    section.add("format", snapshot["format"])
    section.add("base_url", snapshot["base_url"])
    decks = tomlkit.table(is_super_table=True)
    for deck_id, deck in snapshot["decks"].items():
        table = tomlkit.table()
        table.add("name", _item(deck["name"], True))
        table.add("version", deck["version"])
        table.add("settings", _item(deck["settings"], True))
        cards = tomlkit.table()
        for card_id, entry in deck["cards"].items():
            cards.add(card_id, _item(entry, True))
        table.add("cards", cards)
        decks.add(deck_id, table)
    section.add("decks", decks)
    rules = tomlkit.table(is_super_table=True)
    for game, langs in snapshot["rules"].items():
        rules.add(game, _item(langs, False))
    section.add("rules", rules)
    doc.add(SECTION, section)
    write_atomic(path, tomlkit.dumps(doc).encode("utf-8"))
    return path
