"""Every game's bots, by game: uniformly random, and a sensible heuristic each.

Each game's package declares its bots (``cardpress/games/<game>/bots.py``,
named in its spec); this table is read from the registry, so a game
registered later is in it too.
"""

from __future__ import annotations

from cardpress.games.detective_eye.bots import DetectiveEyeBot
from cardpress.games.eshi100.bots import Eshi100Bot
from cardpress.games.finger_auction.bots import FingerAuctionBot
from cardpress.games.gallery_rush.bots import GalleryRushBot
from cardpress.games.registry import BotFactory, PerGame
from cardpress.games.ultimatch.bots import UltimatchBot

#: game id -> bot name -> factory(seed) -> bot
BOTS: PerGame = PerGame(lambda spec: spec.bots)

__all__ = [
    "BOTS",
    "BotFactory",
    "DetectiveEyeBot",
    "Eshi100Bot",
    "FingerAuctionBot",
    "GalleryRushBot",
    "UltimatchBot",
]
