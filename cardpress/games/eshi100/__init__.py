"""The 絵師100人展 trading card game: everything the project knows about the game, in one package.

The engine lives in :mod:`.engine`; the package re-exports its public names so
callers write ``from cardpress.games import eshi100`` and ``eshi100.new_game(...)``.
"""

from cardpress.games.eshi100.engine import *  # noqa: F403
from cardpress.games.eshi100.engine import __all__ as __all__
