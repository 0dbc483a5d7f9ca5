"""Gallery Rush as the referee, the tables and the simulator know it."""

from pathlib import Path

from cardpress.catalogue.models import Text
from cardpress.games.base import N_
from cardpress.games.gallery_rush import engine
from cardpress.games.gallery_rush.bots import GalleryRushBot
from cardpress.games.gallery_rush.words import GalleryRushWords
from cardpress.games.registry import GameSpec, random_and, register, seat

SPEC = register(
    GameSpec(
        id="gallery-rush",
        name=Text("ギャラリーラッシュ", "Gallery Rush"),
        new_game=engine.new_game,
        replay=engine.replay,
        state_class=engine.GalleryRushState,
        parameters=(seat("start_player", label=N_("Who starts")),),
        bots=random_and(GalleryRushBot),
        words=GalleryRushWords,
        tools=(("scorers.gallery_rush", N_("Gallery Rush table")),),
        length=("turns", lambda s: s.turns),
        order=10,
        rule_prefix="GR",
        deck="triptych",
        templates=Path(__file__).with_name("templates"),  # its table's panel.html
    )
)
