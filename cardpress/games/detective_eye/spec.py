"""Detective Eye as the referee, the tables and the simulator know it."""

from pathlib import Path

from cardpress.catalogue.models import Text
from cardpress.games.base import N_
from cardpress.games.detective_eye import engine
from cardpress.games.detective_eye.bots import DetectiveEyeBot
from cardpress.games.detective_eye.words import DetectiveEyeWords
from cardpress.games.registry import GameSpec, random_and, register, seat

SPEC = register(
    GameSpec(
        id="detective-eye",
        name=Text("ディテクティブアイ", "Detective Eye"),
        new_game=engine.new_game,
        replay=engine.replay,
        state_class=engine.DetectiveEyeState,
        parameters=(seat("start_player", label=N_("Who starts")),),
        bots=random_and(DetectiveEyeBot),
        words=DetectiveEyeWords,
        tools=(("follow.detective_eye", N_("Detective Eye: follow a game")),),
        length=("rounds", lambda s: s.rounds),
        order=30,
        rule_prefix="DE",
        deck="triptych",
        templates=Path(__file__).with_name("templates"),  # its table's panel.html
    )
)
