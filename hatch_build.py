"""Wheel build hook: ship cards/, templates/ and locales/ inside the package.

The designer's folders stay where they are in the checkout (they are edited
there, by hand and by several people at once); the wheel gets a copy under
``cardpress/_data/`` that :mod:`cardpress.paths` finds with
``importlib.resources``. The catalogues go in compiled as well (``.mo``
beside each ``.po``), because an installed package must not write into
site-packages at run time. Editable installs skip all this: they read the
checkout's folders.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

DATA = ("cards", "templates", "locales")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "*.mo.tmp", ".*")


class DataBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        self._tmp = tempfile.TemporaryDirectory(prefix="cardpress-data-")
        staged = Path(self._tmp.name)
        root = Path(self.root)
        for name in DATA:
            shutil.copytree(root / name, staged / name, ignore=SKIP)
        for po in sorted((staged / "locales").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as fh:
                catalog = read_po(fh, locale=po.parts[-3], domain=po.stem)
            with po.with_suffix(".mo").open("wb") as out:
                write_mo(out, catalog, use_fuzzy=False)
        for name in DATA:
            build_data["force_include"][str(staged / name)] = f"cardpress/_data/{name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp is not None:
            tmp.cleanup()
