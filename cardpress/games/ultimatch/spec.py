"""Ultimatch as the referee, the tables and the simulator know it."""

from cardpress.catalogue.models import Text
from cardpress.games.base import N_
from cardpress.games.registry import GameSpec, choice, random_and, register, seat
from cardpress.games.ultimatch import engine
from cardpress.games.ultimatch.bots import UltimatchBot
from cardpress.games.ultimatch.words import UltimatchWords

SPEC = register(
    GameSpec(
        id="ultimatch",
        name=Text("アルティマッチ", "Ultimatch"),
        new_game=engine.new_game,
        replay=engine.replay,
        state_class=engine.UltimatchState,
        parameters=(
            choice("difficulty", engine.DIFFICULTIES),  # UM-12
            choice("pass_rule", engine.PASS_RULES),  # UM-6
            choice("turn_order", engine.TURN_ORDERS),  # UM-7
            seat("dealer"),  # UM-7
        ),
        bots=random_and(UltimatchBot),
        words=UltimatchWords,
        tools=(
            ("follow.ultimatch", N_("Ultimatch: follow the pyramid")),
            ("scorers.ultimatch", N_("Ultimatch match checker")),
        ),
        length=("turns", lambda s: s.turns),
        order=40,
    )
)
