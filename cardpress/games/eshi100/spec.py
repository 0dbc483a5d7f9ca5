"""絵師100人展 as the referee, the tables and the simulator know it."""

from pathlib import Path

from cardpress.catalogue.models import Text
from cardpress.games.base import N_
from cardpress.games.eshi100 import engine
from cardpress.games.eshi100.bots import Eshi100Bot
from cardpress.games.eshi100.words import Eshi100Words
from cardpress.games.registry import GameSpec, choice, data, random_and, register, seat

SPEC = register(
    GameSpec(
        id="eshi100",
        name=Text("絵師100人展", "Eshi 100 Exhibition TCG"),
        new_game=engine.new_game,
        replay=engine.replay,
        state_class=engine.Eshi100State,
        parameters=(
            # the table's printed deck ("standard": the engine's own cards; "starter":
            # the printed proxy starter deck, cards/eshi100/starter.toml, whose cards
            # have pictures), suggested on the create page so phones show the cards
            # the players hold
            choice(
                "deck",
                ("standard", "starter"),
                table=True,
                default="standard",
                suggested="starter",
                refusal=N_("%(game)s has no deck %(deck)s; its decks: %(known)s"),
                label=N_("Cards"),
                shown=True,
                labels=(
                    ("starter", N_("the printed proxy starter deck, for everyone")),
                    ("standard", N_("the referee's plain deck of ten card types (not printed)")),
                ),
            ),
            seat("auctioneer", label=N_("First auctioneer")),
            choice(
                "bit_cards_discarded",
                (True, False),
                label=N_("Cards whose bid effect acted"),
                labels=(
                    (True, N_("are discarded and no longer count")),
                    (False, N_("stay in the bid and count")),
                ),
            ),
            data("decks"),  # the cards themselves, made from "deck"
        ),
        bots=random_and(Eshi100Bot),
        words=Eshi100Words,
        tools=(("scorers.eshi100", N_("Eshi 100 Exhibition settlement")),),
        length=("auctions", lambda s: s.auctions),
        order=50,
        rule_prefix="ES",
        deck="eshi100",
        templates=Path(__file__).with_name("templates"),  # its table's panel.html
    )
)
