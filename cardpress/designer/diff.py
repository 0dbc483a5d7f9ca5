"""``cardpress diff``: the working tree against a git revision or the last print run.

Both sides are snapshots (``cardpress.designer.snapshot``) drawn by this
cardpress: a revision's in a child process over its files, the working
tree's here at the same time; the last print run's as recorded in
``cards/printed.toml``. With no revision and no ``--since-print``, the last
print run when one is recorded, else ``HEAD``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardpress.designer import sources
from cardpress.designer.compare import Diff, compare
from cardpress.designer.words import say
from cardpress.vocabulary import LANGS


@dataclass
class DiffResult:
    diff: Diff
    #: "since" as the terminal and the changelog say it, per language
    since: dict[str, str]
    before: dict[str, Any]
    after: dict[str, Any]


def run_diff(rev: str | None, since_print: bool, base_url: str) -> DiffResult:
    """Compare; raises SourceError (no git, no record), CatalogueError (broken data)."""
    from cardpress.designer.snapshot import take
    from cardpress.paths import cards_dir

    root = cards_dir()
    recorded = sources.read_printed(root) if rev is None else None
    if since_print and recorded is None:
        raise sources.SourceError(
            f"no print run is recorded in {sources.printed_path(root)}: after printing, "
            "run `cardpress printed --record`"
        )
    if recorded is not None and (since_print or rev is None):
        after = take(recorded.get("base_url", base_url), root)
        date = str(recorded.get("recorded", "?"))
        since = {lang: say(lang, "the print run recorded on {date}", date=date) for lang in LANGS}
        return DiffResult(compare(recorded, after), since, recorded, after)
    if rev is None and sources.git_top(root) is None:
        raise sources.SourceError(
            f"nothing to compare with: {root} is not in a git repository and no print run "
            "is recorded; after printing, run `cardpress printed --record`"
        )
    rev = rev or "HEAD"
    commit = sources.resolve_revision(rev, root)
    proc, tmp = sources.start_git_snapshot(commit, base_url)
    try:
        after = take(base_url, root)
    except BaseException:
        proc.kill()
        proc.communicate()
        tmp.cleanup()
        raise
    before = sources.finish_git_snapshot(proc, tmp, commit)
    label = rev if rev.startswith(commit[:7]) else f"{rev} ({commit[:10]})"
    since = {lang: say(lang, "git revision {rev}", rev=label) for lang in LANGS}
    return DiffResult(compare(before, after), since, before, after)


def rule_titles(lang: str) -> dict[str, str]:
    from cardpress.rules import GAMES, load_rules

    return {game: load_rules(game, lang).title for game in GAMES}


def reprint_ids(diff: Diff) -> dict[str, list[str]]:
    return {d.deck: d.reprint_ids() for d in diff.decks}


def write_outputs(result: DiffResult, opts) -> list[Path]:
    """The changelog sheets and the reprint pack (``cardpress.designer.reprint``)."""
    from cardpress.catalogue import load_catalogue
    from cardpress.designer.changelog import render_changelog
    from cardpress.designer.reprint import planned_files, write_pack

    reprint = reprint_ids(result.diff)
    files = planned_files(reprint, opts)

    def changelog(lang: str, paper: str) -> bytes:
        return render_changelog(
            result.diff, lang, paper, result.since[lang], rule_titles(lang), files
        )

    return write_pack(load_catalogue(), reprint, opts, changelog)
