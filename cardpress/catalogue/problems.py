"""Collecting every problem in the card data in one pass.

Designers fix data in batches, so the loader never stops at the first error:
it records each as a ``Problem`` and raises once at the end. The reader
helpers here turn raw TOML values into typed ones, recording a problem (and
returning None) where a value is missing or malformed.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cardpress.catalogue.models import LANGS, Text

NO_CARD = "-"
RGB = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    card: str
    field: str
    message: str
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        return f"{self.file}: {self.card}: {self.field}: {self.message}"


class CatalogueError(Exception):
    """The card data has errors; ``problems`` lists every one of them."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


def display_path(path: Path) -> str:
    """A path as a designer would type it: relative to where they stand."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


@dataclass
class Problems:
    """The running list of problems for one load."""

    items: list[Problem] = field(default_factory=list)

    def at(self, path: Path, card: str = NO_CARD) -> Reader:
        return Reader(self, display_path(path), card)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "warning"]


@dataclass
class Reader:
    """Typed access to one table of a data file, reporting what is wrong."""

    problems: Problems
    file: str
    card: str = NO_CARD

    def for_card(self, card: str) -> Reader:
        return Reader(self.problems, self.file, card)

    def error(self, fld: str, message: str) -> None:
        self.problems.items.append(Problem(self.file, self.card, fld, message))

    def warning(self, fld: str, message: str) -> None:
        self.problems.items.append(Problem(self.file, self.card, fld, message, "warning"))

    # -- structure -------------------------------------------------------------

    def only(self, data: Mapping[str, Any], allowed: Collection[str], prefix: str = "") -> None:
        """Flag unknown keys: a misspelt field would otherwise be silently ignored."""
        for key in data:
            if key not in allowed:
                known = ", ".join(sorted(allowed))
                self.error(f"{prefix}{key}", f"unknown field (known: {known})")

    def table(self, data: Mapping[str, Any], key: str, prefix: str = "") -> dict[str, Any] | None:
        value = data.get(key)
        if value is None:
            self.error(f"{prefix}{key}", "missing")
            return None
        if not isinstance(value, dict):
            self.error(f"{prefix}{key}", f"must be a table, not {_kind(value)}")
            return None
        return value

    def tables(self, data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
        """An array of tables such as ``[[card]]``; bad entries are reported and dropped."""
        value = data.get(key, [])
        if not isinstance(value, list):
            self.error(key, f"must be an array of tables ([[{key}]]), not {_kind(value)}")
            return []
        good = []
        for i, item in enumerate(value):
            if isinstance(item, dict):
                good.append(item)
            else:
                self.error(f"{key}[{i}]", f"must be a table, not {_kind(item)}")
        return good

    # -- values ----------------------------------------------------------------

    def string(
        self,
        data: Mapping[str, Any],
        key: str,
        *,
        required: bool = True,
        choices: Collection[str] | None = None,
        prefix: str = "",
    ) -> str | None:
        value = data.get(key)
        name = f"{prefix}{key}"
        if value is None:
            if required:
                self.error(name, "missing")
            return None
        if not isinstance(value, str) or not value.strip():
            self.error(name, f"must be a non-empty string, not {_kind(value)}")
            return None
        if choices is not None and value not in choices:
            self.error(name, f"unknown value {value!r} (expected one of: {', '.join(choices)})")
            return None
        return value

    def integer(
        self,
        data: Mapping[str, Any],
        key: str,
        lo: int,
        hi: int,
        *,
        required: bool = True,
        prefix: str = "",
    ) -> int | None:
        value = data.get(key)
        name = f"{prefix}{key}"
        if value is None:
            if required:
                self.error(name, "missing")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(name, f"must be a whole number, not {_kind(value)}")
            return None
        if not lo <= value <= hi:
            self.error(name, f"{value} is out of range ({lo}-{hi})")
            return None
        return value

    def int_range(
        self, data: Mapping[str, Any], key: str, lo: int, hi: int, prefix: str = ""
    ) -> tuple[int, int] | None:
        value = data.get(key)
        name = f"{prefix}{key}"
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            self.error(name, f"must be [min, max] whole numbers, not {value!r}")
            return None
        low, high = value
        if not lo <= low <= high <= hi:
            self.error(name, f"[{low}, {high}] must satisfy {lo} <= min <= max <= {hi}")
            return None
        return low, high

    def rgb(self, data: Mapping[str, Any], key: str, prefix: str = "") -> str | None:
        value = self.string(data, key, prefix=prefix)
        if value is not None and not RGB.match(value):
            self.error(f"{prefix}{key}", f'{value!r} is not a colour like "#1a2b3c"')
            return None
        return value

    def text(
        self, data: Mapping[str, Any], key: str, *, required: bool = True, prefix: str = ""
    ) -> Text | None:
        """A ``{ ja = ..., en = ... }`` pair; both languages are required."""
        value = data.get(key)
        name = f"{prefix}{key}"
        if value is None:
            if required:
                self.error(name, "missing (needs ja and en)")
            return None
        if not isinstance(value, dict):
            self.error(name, f'must be {{ ja = "...", en = "..." }}, not {_kind(value)}')
            return None
        self.only(value, LANGS, prefix=f"{name}.")
        texts = {lang: self.string(value, lang, prefix=f"{name}.") for lang in LANGS}
        if any(t is None for t in texts.values()):
            return None
        return Text(ja=texts["ja"] or "", en=texts["en"] or "")


def _kind(value: object) -> str:
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "a table",
    }.get(type(value), type(value).__name__)


def read_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    """Parse one file; a syntax error becomes a problem naming the file and line."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        problems.at(path).error("file", "missing")
    except tomllib.TOMLDecodeError as exc:
        problems.at(path).error("syntax", f"not valid TOML: {exc}")
    except OSError as exc:
        problems.at(path).error("file", f"cannot be read: {exc.strerror}")
    return None
