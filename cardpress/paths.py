"""Where the project's data lives.

cardpress is run from its own checkout (the card data, templates and
catalogues are files a designer edits there), so paths are found relative to
the package, with ``CARDPRESS_ROOT`` for running against another checkout.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(os.environ.get("CARDPRESS_ROOT", Path(__file__).resolve().parents[1]))
CARDS = ROOT / "cards"
TEMPLATES = ROOT / "templates"
LOCALES = ROOT / "locales"
BUILD = ROOT / "build"
CONFIG_FILE = ROOT / "cardpress.toml"
