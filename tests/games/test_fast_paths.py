"""The engines' fast paths agree with the plain definitions they replace.

The simulator's speed comes from precomputed tables, caches and shortcuts
(legality tests that build no action list, a bot that searches plays rather
than scoring every one). Each is checked here against the straightforward
rule-by-rule version, on many real positions from played games.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from itertools import combinations, product

import pytest

from cardpress.catalogue.models import Painter
from cardpress.games import bots
from cardpress.games.base import Event, RandomBot, play
from cardpress.games.detective_eye import DetectiveEyeState
from cardpress.games.detective_eye import facedown_odds as de_facedown_odds
from cardpress.games.detective_eye import new_game as de_new_game
from cardpress.games.finger_auction import FingerHand, quick_score, score_hand
from cardpress.games.finger_auction import new_game as fa_new_game
from cardpress.games.triptych import FULL_DECK, PAINTER_IDS, PAINTER_OF
from cardpress.games.ultimatch import (
    CARD,
    DECK,
    DIFFICULTIES,
    UltimatchState,
    match,
)
from cardpress.games.ultimatch import new_game as um_new_game
from cardpress.games.ultimatch.engine import _index
from cardpress.games.ultimatch.match import _pair_table

# --------------------------------------------------------------------------- base


def test_event_is_still_a_frozen_dataclass() -> None:
    e = Event("take", ("FA-2",), 1, {"card": "x"})
    assert e == Event("take", ("FA-2",), 1, {"card": "x"})
    assert Event("x").data == {} and Event("x").rule_ids == () and Event("x").player is None
    assert dataclasses.replace(e, player=2).player == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.kind = "other"  # type: ignore[misc]


def test_seeded_bots_draw_the_same_sequence() -> None:
    expected = random.Random(42)
    bot = bots.FingerAuctionBot(42)  # its Random is made on first use
    assert [bot.rng.random() for _ in range(5)] == [expected.random() for _ in range(5)]


# --------------------------------------------------------------------------- Finger Auction

PAINTERS = ("monet", "gogh", "vermeer")


def test_quick_score_agrees_with_score_hand() -> None:
    rng = random.Random(7)
    hands = [rng.sample(FULL_DECK, rng.randint(0, len(FULL_DECK))) for _ in range(3000)]
    # every small hand: 0-3 paintings a painter, any forgeries, with or without the Mona Lisa
    for counts in product(range(4), repeat=3):
        for forged in product((False, True), repeat=3):
            for mona_lisa in (False, True):
                cards = [
                    f"{p}-{i + 1}" for p, k in zip(PAINTERS, counts, strict=True) for i in range(k)
                ]
                cards += [f"forgery-{p}" for p, f in zip(PAINTERS, forged, strict=True) if f]
                hands.append([*cards, "mona-lisa"] if mona_lisa else cards)
    for cards in hands:
        for players in (2, 3, 4):
            expected = score_hand(FingerHand.from_cards(cards), players)
            assert quick_score(cards, players) == (expected.total, expected.cards), cards


def test_finger_auction_ranking_uses_the_same_scores() -> None:
    for seed in range(40):
        players = 2 + seed % 3
        s = play(fa_new_game(players, seed), [RandomBot(seed + i) for i in range(players)])
        full = s.hand_scores()
        assert s.scores() == [float(h.total) for h in full]
        keys = [(h.total, -h.cards) for h in full]
        assert s.ranking() == [1 + sum(k > keys[i] for k in keys) for i in range(players)]


# --------------------------------------------------------------------------- Ultimatch


def _reference_plays(targets: list[str], cards: list[str]) -> list[tuple[str, tuple, bool]]:
    """Every play straight from :func:`match`, in the engine's documented order."""
    cards = sorted(set(cards))
    out = []
    for t in targets:
        for c in cards:
            if c != t and match(CARD[t], [CARD[c]]).match:
                out.append((t, (c,), False))
        for a, b in combinations(cards, 2):
            if t in (a, b):
                continue
            r = match(CARD[t], [CARD[a], CARD[b]])
            if r.match:
                out.append((t, (a, b), r.ultimatch))
    return out


def _positions(count: int = 60):
    """Ultimatch states met in random games of every size and difficulty."""
    for seed in range(count):
        players = 1 + seed % 5
        difficulty = "normal" if players == 1 else DIFFICULTIES[seed % len(DIFFICULTIES)]
        pass_rule = "strict" if seed % 4 == 3 else "standard"
        s = um_new_game(players, seed, difficulty=difficulty, pass_rule=pass_rule)
        rngs = [RandomBot(seed * 11 + i) for i in range(players)]
        while not s.is_terminal():
            yield s
            p = s.current_players()[0]
            s.apply(p, rngs[p].act(s, p))


def test_match_finder_agrees_with_match_rule() -> None:
    rng = random.Random(3)
    for _ in range(300):
        deck = list(DECK)
        rng.shuffle(deck)
        targets, cards = deck[: rng.randint(1, 8)], deck[8 : 8 + rng.randint(0, 14)]
        assert UltimatchState._find_matches_for(targets, cards) == _reference_plays(targets, cards)
    # pair tables, including pairs that contain the target itself
    for a, b in combinations(DECK[::5], 2):
        table = _pair_table(a, b)
        for t in DECK:
            r = match(CARD[t], [CARD[a], CARD[b]])
            expected = None if t in (a, b) or not r.match else r.ultimatch
            assert table.get(t) == expected


def test_ultimatch_queries_agree_with_the_list_of_plays() -> None:
    checked = 0
    for i, s in enumerate(_positions(30)):
        if i % 2:
            continue
        for p in range(s.num_players):
            found = s.matches(p)
            assert found == _reference_plays(s.targets(), s.hands[p] + s.alta)
            hand = set(s.hands[p])
            assert s.has_match(p) == bool(found)
            assert s.hand_only_match(p) == any(all(c in hand for c in cs) for _, cs, _ in found)
            if not s.solitaire:
                strict = not any(any(c in hand for c in cs) for _, cs, _ in found)
                standard = not any(all(c in hand for c in cs) for _, cs, _ in found)
                rule = s.options["pass_rule"]
                assert s.pass_allowed(p) == (strict if rule == "strict" else standard)
            index = s.match_index(p)
            for t in s.targets():
                for size, alta, ult in [(1, a, False) for a in (0, 1, 2)] + [
                    (2, a, u) for a in (0, 1, 2) for u in (True, False)
                ]:
                    kind = [
                        cs
                        for tt, cs, u in found
                        if tt == t
                        and len(cs) == size
                        and u == ult
                        and sum(c not in hand for c in cs) == alta
                    ]
                    assert index.first(t, (size, alta, ult)) == (kind[0] if kind else None)
            checked += 1
    assert checked > 500


def test_ultimatch_legality_shortcuts_agree_with_legal_actions() -> None:
    for s in _positions(40):
        if s.phase not in ("match", "swap", "offer"):
            continue
        for p in range(s.num_players):
            legal = s.legal_actions(p)
            candidates = set(legal)
            for a in legal:
                if a.startswith("match:"):
                    _, t, cs = a.split(":", 2)
                    parts = cs.split("+")
                    candidates.add(f"match:{t}:{'+'.join(reversed(parts))}")
                    candidates.add(f"match:{t}:{parts[0]}")
                    candidates.add(f"match:{t}:{cs}+{parts[0]}")
                    candidates.add(f"match:{t}:{parts[0]}+{parts[0]}")
                    candidates.add(f"match:{s.hands[p][0] if s.hands[p] else t}:{cs}")
                    candidates.add(f"match:{t}")
                    candidates.add(f"mutch:{t}:{cs}")
                if a.startswith("swap:"):
                    _, seat, card = a.split(":")
                    candidates.update({f"swap:0{seat}:{card}", f"swap:{seat}:{card}:x"})
                    candidates.add(f"swap:{(int(seat) + 1) % s.num_players}:{card}")
            for c in s.hands[p] + s.alta:
                for t in s.targets():
                    candidates.add(f"match:{t}:{c}")
                candidates.update({f"offer:{c}", f"swap:{p}:{c}"})
            candidates.update({"pass", "noswap", "offer:none", "swap:", "match::"})
            for a in candidates:
                assert s._is_legal(p, a) == (a in legal), (s.phase, p, a)


def _reference_ultimatch_choice(state: UltimatchState, player: int) -> str:
    """The heuristic's match-phase rule, scoring every play (the original form)."""
    found = state.matches(player)
    if not found:
        return "pass"
    mine = set(state.hands[player])
    bottom_row = _index(state.rows - 1, 0)
    where = {c: i for i, c in enumerate(state.pyramid) if c}
    best_key = None
    best = found[0]
    hand_only = False
    for m in found:
        target, cards, ultimatch = m
        alta = sum(1 for c in cards if c not in mine)
        hand_only = hand_only or not alta
        idx = where[target]
        key = (10 * ultimatch - 4 * alta - 2 * len(cards), -(idx >= bottom_row), idx, target)
        if best_key is None or key > best_key:
            best_key, best = key, m
    if (
        not hand_only
        and state.passes < state.num_players - 1
        and state.deck
        and state.pass_allowed(player)
    ):
        return "pass"
    return f"match:{best[0]}:{'+'.join(best[1])}"


def test_ultimatch_bot_search_picks_what_scoring_every_play_picks() -> None:
    bot = bots.UltimatchBot(0)
    checked = 0
    for s in _positions(120):
        if s.phase == "match":
            assert bot.act(s, s.turn) == _reference_ultimatch_choice(s, s.turn)
            checked += 1
    assert checked > 300


# --------------------------------------------------------------------------- Detective Eye


def _reference_odds(s: DetectiveEyeState, player: int, painter: str, k: int) -> Fraction:
    """The position's odds through the public function, counted afresh."""
    own = [
        PAINTER_OF[c] for c, up in zip(s.placed[player], s.flipped[player], strict=True) if not up
    ]
    seen = [PAINTER_OF[c] for c in s.discard]
    others = 0
    for q in range(s.num_players):
        for c, up in zip(s.placed[q], s.flipped[q], strict=True):
            if up:
                seen.append(PAINTER_OF[c])
            elif q != player:
                others += 1
    hand = [Painter(PAINTER_OF[c]) for c in s.hands[player]]  # enum members work too
    return de_facedown_odds(Painter(painter), k, hand, own, others, seen)


def test_detective_eye_odds_follow_the_position() -> None:
    checked = 0
    for seed in range(12):
        players = 2 + seed % 3
        s = de_new_game(players, seed)
        rngs = [RandomBot(seed * 3 + i) for i in range(players)]
        while not s.is_terminal():
            for p in range(players):
                for painter in PAINTER_IDS:
                    for k in (1, 2, 4):
                        assert s.facedown_odds(p, painter, k) == _reference_odds(s, p, painter, k)
                        checked += 1
            face_down = [
                (q, i) for q in range(players) for i, up in enumerate(s.flipped[q]) if not up
            ]
            if face_down:  # an edit in place, as a test or the referee might make
                q, i = face_down[0]
                s.flipped[q][i] = True
                assert s.facedown_odds(0, "monet", 1) == _reference_odds(s, 0, "monet", 1)
                s.flipped[q][i] = False
            p = s.current_players()[0]
            s.apply(p, rngs[p].act(s, p))
    assert checked > 1000
