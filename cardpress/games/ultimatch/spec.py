"""Ultimatch as the referee, the tables and the simulator know it."""

from pathlib import Path

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
            choice(  # UM-12
                "difficulty",
                engine.DIFFICULTIES,
                label=N_("Difficulty"),
                shown=True,
                labels=(
                    ("normal", N_("normal")),
                    ("easier-alta-1", N_("easier: one more alta-hand card")),
                    ("easier-alta-2", N_("easier: two more alta-hand cards")),
                    ("easier-exchange", N_("easier: two exchanges")),
                    ("harder-remove", N_("harder: one alta-hand card removed")),
                    ("harder-reward", N_("harder: the whole reward goes to hand")),
                ),
            ),
            choice(  # UM-6
                "pass_rule",
                engine.PASS_RULES,
                label=N_("Passing (UM-6)"),
                labels=(
                    ("standard", N_("standard: pass when every match needs an alta-hand card")),
                    ("strict", N_("strict: pass only when every match uses alta-hand cards alone")),
                ),
            ),
            choice(  # UM-7
                "turn_order",
                engine.TURN_ORDERS,
                label=N_("Turn order (UM-7)"),
                labels=(
                    ("counter-clockwise", N_("counter-clockwise")),
                    ("clockwise", N_("clockwise (variant)")),
                ),
            ),
            seat(  # UM-7
                "dealer",
                label=N_("Dealer (UM-7: ties for first player go to the dealer's left)"),
            ),
        ),
        bots=random_and(UltimatchBot),
        words=UltimatchWords,
        tools=(
            ("follow.ultimatch", N_("Ultimatch: follow the pyramid")),
            ("scorers.ultimatch", N_("Ultimatch match checker")),
        ),
        length=("turns", lambda s: s.turns),
        order=40,
        rule_prefix="UM",
        deck="ultimatch",
        templates=Path(__file__).with_name("templates"),  # its table's panel.html
    )
)
