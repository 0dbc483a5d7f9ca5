"""Ultimatch (アルティマッチ): everything the project knows about the game, in one package.

The engine lives in :mod:`.engine`; the package re-exports its public names so
callers write ``from cardpress.games import ultimatch`` and ``ultimatch.new_game(...)``.
"""

from cardpress.games.ultimatch.engine import *  # noqa: F403
from cardpress.games.ultimatch.engine import __all__ as __all__
