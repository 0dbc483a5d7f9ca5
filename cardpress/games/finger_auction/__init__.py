"""Finger Auction (フィンガーオークション), one of Triptych's three games.

Everything the project knows about the game lives in this package.

The engine lives in :mod:`.engine`; the package re-exports its public names so
callers write ``from cardpress.games import finger_auction`` and ``finger_auction.new_game(...)``.
"""

from cardpress.games.finger_auction.engine import *  # noqa: F403
from cardpress.games.finger_auction.engine import __all__ as __all__
