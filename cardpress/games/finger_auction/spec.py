"""Finger Auction as the referee, the tables and the simulator know it."""

from pathlib import Path

from cardpress.catalogue.models import Text
from cardpress.games.base import N_
from cardpress.games.finger_auction import engine
from cardpress.games.finger_auction.bots import FingerAuctionBot
from cardpress.games.finger_auction.words import FingerAuctionWords
from cardpress.games.registry import GameSpec, choice, random_and, register

SPEC = register(
    GameSpec(
        id="finger-auction",
        name=Text("フィンガーオークション", "Finger Auction"),
        new_game=engine.new_game,
        replay=engine.replay,
        state_class=engine.FingerAuctionState,
        parameters=(
            choice(
                "variant",
                engine.VARIANTS,
                label=N_("Variant"),
                shown=True,
                labels=(
                    ("standard", N_("standard")),
                    ("strict", N_("strict: any collision among three or more means a re-bid")),
                ),
            ),
        ),
        bots=random_and(FingerAuctionBot),
        words=FingerAuctionWords,
        tools=(
            ("follow.finger_auction", N_("Finger Auction: follow a game")),
            ("scorers.finger_auction_score", N_("Finger Auction scoring")),
            ("scorers.finger_auction_auction", N_("Finger Auction auction")),
        ),
        length=("auctions", lambda s: s.auctions),
        order=20,
        rule_prefix="FA",
        deck="triptych",
        templates=Path(__file__).with_name("templates"),  # its table's panel.html
    )
)
