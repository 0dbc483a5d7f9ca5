"""Gallery Rush (ギャラリーラッシュ), one of Triptych's three games.

Everything the project knows about the game lives in this package.

The engine lives in :mod:`.engine`; the package re-exports its public names so
callers write ``from cardpress.games import gallery_rush`` and ``gallery_rush.new_game(...)``.
"""

from cardpress.games.gallery_rush.engine import *  # noqa: F403
from cardpress.games.gallery_rush.engine import __all__ as __all__
