"""Hypothesis stateful tests: random legal games of every engine.

Each machine starts a game with random players, seed and variant options,
plays random legal actions (and, now and then, plays a game out), tries
illegal actions, and checks after every step that no card was created or
lost and that no player's view shows another's secret; at the end, that the
JSON form round-trips, replay reproduces the state, undo is replay minus one,
and the final scores follow the scoring rules.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import product
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cardpress.games import GAMES, from_json, undo
from cardpress.games import replay as replay_any
from cardpress.games.base import GameState, IllegalAction
from cardpress.games.detective_eye import DetectiveEyeState
from cardpress.games.eshi100 import Eshi100State, settle, settle_brute_force
from cardpress.games.finger_auction import FingerAuctionState
from cardpress.games.gallery_rush import GalleryRushState
from cardpress.games.triptych import FULL_DECK, KIND, PAINTER_OF, PAINTINGS
from cardpress.games.ultimatch import DECK as UM_DECK
from cardpress.games.ultimatch import DIFFICULTIES, UltimatchState
from cardpress.i18n import po_path


def _translated() -> set[str]:
    """The msgids the Japanese catalogue translates (every refusal must be one)."""
    from babel.messages.pofile import read_po

    with po_path("ja", "messages").open("rb") as fh:
        return {m.id for m in read_po(fh, locale="ja") if m.id and m.string}


TRANSLATED = _translated()

JUNK = [
    "",
    "bid:9",
    "hands:9/9",
    "take:nothing",
    "explore:x",
    "match:red-1:red-1",
    "flip:9:9",
    "place:gogh-99",
    "adjust:99",
    "collect:9.99",
    "give:none",
    "swap:7:x",
]

# --------------------------------------------------------------------------- per game facts


def conserved(s: GameState) -> None:
    if isinstance(s, GalleryRushState):
        cards = s.deck + s.discard + s.keep + [c for coll in s.collections for c in coll]
        assert Counter(cards) == Counter(FULL_DECK)
    elif isinstance(s, FingerAuctionState):
        cards = s.deck + s.field + [c for h in s.held for c in h]
        assert Counter(cards) == Counter(FULL_DECK)
    elif isinstance(s, DetectiveEyeState):
        cards = s.out + s.discard + [c for z in (s.hands, s.placed) for h in z for c in h]
        assert Counter(cards) == Counter(PAINTINGS)
        assert s.supply + sum(s.forgeries) == 3 and s.supply >= 0
    elif isinstance(s, UltimatchState):
        cards = (
            s.deck
            + s.discard
            + s.removed
            + s.alta
            + s.drawn
            + [c for h in s.hands for c in h]
            + [c for c in s.pyramid if c]
        )
        assert Counter(cards) == Counter(UM_DECK)
    elif isinstance(s, Eshi100State):
        for seat in range(s.num_players):
            zones = (s.decks, s.hands, s.galleries, s.collections, s.warehouses, s.discards)
            cards = [c for z in zones for c in z[seat]] + list(s.bids[seat] or [])
            assert Counter(cards) == Counter(f"{seat}.{i}" for i in range(len(s.cards[seat])))


def secrets(s: GameState, p: int) -> set[str]:
    n = s.num_players
    if isinstance(s, GalleryRushState | FingerAuctionState):
        return set(s.deck)
    if isinstance(s, DetectiveEyeState):
        hidden = set(s.out)
        for q in range(n):
            if q != p:
                hidden.update(s.hands[q])
                if s.phase != "over":  # the table turns its placed cards up at the end
                    hidden.update(
                        c for c, up in zip(s.placed[q], s.flipped[q], strict=True) if not up
                    )
        return hidden - set(s.passed[p])
    if isinstance(s, UltimatchState):
        hidden = set(s.deck) | set(s.removed)
        hidden.update(c for c, up in zip(s.pyramid, s.face_up, strict=True) if c and not up)
        for q in range(n):
            if q != p:
                hidden.update(s.hands[q])
        if p != s.turn:
            hidden.update(s.drawn)
        return hidden
    assert isinstance(s, Eshi100State)
    hidden = {c for d in s.decks for c in d}
    for q in range(n):
        if q != p:
            hidden.update(s.hands[q])
            if s.phase == "bid":
                hidden.update(s.bids[q] or [])
    return hidden


def final_scores_follow_rules(s: GameState) -> None:
    n = s.num_players
    if isinstance(s, FingerAuctionState):
        tables = {
            "monet": [1, 3, 6, 10, 15, 21, 28, 36, 45]
            if n == 2
            else [1, 2, 4, 8, 16, 32, 64, 128, 256],
            "gogh": [3 * k for k in range(1, 10)],
            "vermeer": [0, 8, 0, 16, 0, 24, 0, 32, 0],
        }
        for seat, held in enumerate(s.held):
            paint = Counter(PAINTER_OF[c] for c in held if KIND[c] == "painting")
            forg = {PAINTER_OF[c] for c in held if KIND[c] == "forgery"}
            best = 0
            for ml in ["monet", "gogh", "vermeer"] if "mona-lisa" in held else [None]:
                total = 0
                for painter, table in tables.items():
                    k = max(0, paint[painter] + (painter == ml) - (painter in forg))
                    total += table[k - 1] if k else 0
                best = max(best, total)
            assert s.scores()[seat] == best
    elif isinstance(s, GalleryRushState):
        won = s.winners()
        if s.end_reason == "round":
            assert set(won) <= set(s.achievers)
            assert len({len(s.collections[w]) for w in won}) == 1
        elif s.end_reason == "mona-lisa":
            assert won == [s.sole_winner]
    elif isinstance(s, DetectiveEyeState):
        if s.end_reason == "hand":
            assert all(s.held(w) <= 1 for w in s.winners())
        else:
            assert all(s.forgeries[w] == min(s.forgeries) for w in s.winners())
    elif isinstance(s, UltimatchState):
        assert bool(s.won) == all(c is None for c in s.pyramid)
    elif isinstance(s, Eshi100State):
        for seat in range(n):
            icons = [s.card(c)["icons"] for c in s.collections[seat]]
            if len(icons) <= 10:
                r = settle(icons)
                assert (r.same_icon_bonus, r.different_icon_bonus) == settle_brute_force(icons)
        assert s.winners() == [i for i, v in enumerate(s.scores()) if v == max(s.scores())]


def options_for(game: str, players: int, draw: Any) -> dict[str, Any]:
    if game == "finger-auction":
        return {"variant": draw(st.sampled_from(["standard", "strict"]))}
    if game in ("gallery-rush", "detective-eye"):
        return {"start_player": draw(st.integers(0, players - 1))}
    if game == "ultimatch":
        diffs = ["normal"] if players == 1 else list(DIFFICULTIES)
        return {
            "difficulty": draw(st.sampled_from(diffs)),
            "turn_order": draw(st.sampled_from(["counter-clockwise", "clockwise"])),
            "pass_rule": draw(st.sampled_from(["standard", "strict"])),
        }
    return {
        "auctioneer": draw(st.integers(0, players - 1)),
        "bit_cards_discarded": draw(st.booleans()),
    }


# --------------------------------------------------------------------------- machine


class EngineMachine(RuleBasedStateMachine):
    game: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.previous: dict[str, Any] | None = None

    @initialize(data=st.data(), seed=st.integers(0, 2**40))
    def start(self, data: st.DataObject, seed: int) -> None:
        spec = GAMES[self.game]
        players = data.draw(st.integers(spec.min_players, spec.max_players))
        options = options_for(self.game, players, data.draw)
        self.state = spec.new_game(players, seed, **options)

    def _step(self, pick: int) -> None:
        s = self.state
        assert s is not None
        seats = s.current_players()
        seat = seats[pick % len(seats)]
        actions = s.legal_actions(seat)
        assert actions, "a seat asked to act must have a legal action"
        self.previous = s.to_json()
        events = s.apply(seat, actions[(pick // 7) % len(actions)])
        for e in events:
            assert all(r.split("-")[0] in ("GR", "FA", "DE", "UM", "ES") for r in e.rule_ids)
            json.dumps(e.to_json())

    @precondition(lambda self: self.state is not None and not self.state.is_terminal())
    @rule(pick=st.integers(0, 10**9))
    def act(self, pick: int) -> None:
        self._step(pick)

    @precondition(lambda self: self.state is not None and not self.state.is_terminal())
    @rule(pick=st.integers(0, 10**9), length=st.integers(5, 400))
    def play_on(self, pick: int, length: int) -> None:
        s = self.state
        assert s is not None
        for i in range(length):
            if s.is_terminal():
                break
            self._step(pick * 31 + i * 7919)
            conserved(s)

    @precondition(lambda self: self.state is not None and not self.state.is_terminal())
    @rule(junk=st.sampled_from(JUNK), pick=st.integers(0, 100))
    def illegal(self, junk: str, pick: int) -> None:
        s = self.state
        assert s is not None
        seat = pick % s.num_players
        if junk in s.legal_actions(seat):
            return
        before = s.to_json()
        with pytest.raises(IllegalAction) as info:
            s.apply(seat, junk)
        assert info.value.reason
        assert info.value.message in TRANSLATED, info.value.message  # sayable in any language
        assert s.to_json() == before

    @rule()
    def table_view(self) -> None:
        """Always possible (also once the game is over): the table's view is JSON."""
        if self.state is not None:
            json.dumps(self.state.view(None))

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.state is not None:
            conserved(self.state)

    @invariant()
    def views_keep_secrets(self) -> None:
        s = self.state
        if s is None:
            return
        for p in range(s.num_players):
            text = json.dumps(s.view(p))
            for card in secrets(s, p):
                assert json.dumps(card) not in text, (p, card)

    def teardown(self) -> None:
        s = self.state
        if s is None:
            return
        data = json.loads(json.dumps(s.to_json()))
        assert from_json(data) == s
        assert replay_any(json.loads(json.dumps(s.record()))) == s
        if self.previous is not None and s.log:
            assert undo(s).to_json() == self.previous
        if s.is_terminal():
            final_scores_follow_rules(s)
            assert sum(s.returns()) in (0.0, 1.0) or isinstance(s, UltimatchState)


SETTINGS = settings(
    max_examples=25,
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _machine(game: str) -> type[EngineMachine]:
    return type(f"Machine_{game}", (EngineMachine,), {"game": game})


TestGalleryRush = _machine("gallery-rush").TestCase
TestFingerAuction = _machine("finger-auction").TestCase
TestDetectiveEye = _machine("detective-eye").TestCase
TestUltimatch = _machine("ultimatch").TestCase
TestEshi100 = _machine("eshi100").TestCase
for _case in (TestGalleryRush, TestFingerAuction, TestDetectiveEye, TestUltimatch, TestEshi100):
    _case.settings = SETTINGS
del _case


def test_every_game_is_registered() -> None:
    assert list(GAMES) == [
        "gallery-rush",
        "finger-auction",
        "detective-eye",
        "ultimatch",
        "eshi100",
    ]
    for spec in GAMES.values():
        assert {"random", "heuristic"} <= set(spec.bots)
        s = spec.new_game(spec.min_players, 1)
        assert spec.from_json(s.to_json()) == s


@pytest.mark.parametrize(("game", "bot"), list(product(GAMES, ["random", "heuristic"])))
def test_bots_finish_games(game: str, bot: str) -> None:
    from cardpress.games.simulate import play_one

    spec = GAMES[game]
    for players in range(spec.min_players, spec.max_players + 1):
        s = play_one(game, players, players * 13, bot)
        assert s.is_terminal()
        conserved(s)
