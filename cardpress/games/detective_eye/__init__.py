"""Detective Eye (ディテクティブアイ), one of Triptych's three games.

Everything the project knows about the game lives in this package.

The engine lives in :mod:`.engine`; the package re-exports its public names so
callers write ``from cardpress.games import detective_eye`` and ``detective_eye.new_game(...)``.
"""

from cardpress.games.detective_eye.engine import *  # noqa: F403
from cardpress.games.detective_eye.engine import __all__ as __all__
