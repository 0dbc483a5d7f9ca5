"""Ultimatch's deck and its match rule (UM-1..UM-4), with the precomputed match tables.

The rule is :func:`match`; the engine (:mod:`cardpress.games.ultimatch`)
never calls it in play: it looks plays up in tables built from it once, at
import (which card matches which target alone, which pairs match which
targets and whether as an Ultimatch), and :class:`MatchIndex` searches one
player's plays without listing them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardpress.vocabulary import COLOURS, MIXES, ULTIMATCH_NUMBERS

NUMBERS = ULTIMATCH_NUMBERS
DECK: tuple[str, ...] = tuple(f"{c}-{n}" for c in COLOURS for n in NUMBERS)
CARD: dict[str, tuple[str, int]] = {f"{c}-{n}": (c, n) for c in COLOURS for n in NUMBERS}
_COLOUR: dict[str, str] = {card: c for card, (c, _) in CARD.items()}
_NUMBER: dict[str, int] = {card: n for card, (_, n) in CARD.items()}


@dataclass(frozen=True)
class MatchResult:
    match: bool
    ultimatch: bool
    by: tuple[str, ...]
    rule_ids: tuple[str, ...]


def parse_card_id(card_id: str) -> tuple[str, int]:
    """``"orange-5"`` -> ``("orange", 5)``; ValueError for anything else."""
    if not isinstance(card_id, str):
        raise ValueError(f"a card id is a string like 'orange-5': {card_id!r}")
    colour, sep, number = card_id.strip().lower().rpartition("-")
    if not sep or colour not in COLOURS or not (number.isascii() and number.isdigit()):
        raise ValueError(
            f"not an Ultimatch card id: {card_id!r} (expected <colour>-<number>, "
            f"colours {', '.join(COLOURS)})"
        )
    return colour, int(number)


def _check(card: tuple[str, int]) -> tuple[str, int]:
    colour, number = card
    if colour not in COLOURS:
        raise ValueError(f"unknown colour {colour!r}; colours: {', '.join(COLOURS)}")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"a card number is a whole number >= 1: {number!r}")
    return colour, number


def match(target: tuple[str, int], cards: Sequence[tuple[str, int]]) -> MatchResult:
    """Does playing ``cards`` (1 or 2 (colour, number) pairs) match ``target``?

    One card (UM-2): same number or same colour; never an Ultimatch (UM-4).
    Two cards (UM-3): sum or difference equals the number, or the two are the
    primaries mixing to the target's colour. Ultimatch (UM-4): the number
    matches and so does the colour, by mixing or by both cards having the
    target's colour. ``by`` lists what matched: "number", "colour".
    """
    tc, tn = _check(target)
    if len(cards) not in (1, 2):
        raise ValueError(f"a match uses 1 or 2 cards, not {len(cards)}")
    played = [_check(c) for c in cards]
    if len(played) == 1:
        c, n = played[0]
        by = tuple(k for k, ok in (("number", n == tn), ("colour", c == tc)) if ok)
        return MatchResult(bool(by), False, by, ("UM-2",))
    (ac, an), (bc, bn) = played
    number = an + bn == tn or abs(an - bn) == tn
    mixed = MIXES.get(tc) == frozenset((ac, bc))
    same = ac == tc and bc == tc
    ultimatch = number and (mixed or same)
    by = tuple(k for k, ok in (("number", number), ("colour", mixed or (same and number))) if ok)
    return MatchResult(number or mixed, ultimatch, by, ("UM-3", "UM-4") if ultimatch else ("UM-3",))


#: target card -> the cards that match it on their own (UM-2)
_SINGLE: dict[str, frozenset[str]] = {
    t: frozenset(
        c for c in DECK if c != t and (CARD[c][0] == CARD[t][0] or CARD[c][1] == CARD[t][1])
    )
    for t in DECK
}
_PAIRS: dict[tuple[str, str], dict[str, bool]] = {}


_MIX_OF: dict[frozenset[str], str] = {pair: colour for colour, pair in MIXES.items()}


def _pair_table(a: str, b: str) -> dict[str, bool]:
    """Target card -> Ultimatch? for every target the pair (a, b) matches (UM-3, UM-4).

    Straight from the rules' arithmetic, cached per pair; a test checks it
    against :func:`match` for every pair and target of the deck.
    """
    key = (a, b)
    table = _PAIRS.get(key)
    if table is not None:
        return table
    (ac, an), (bc, bn) = CARD[a], CARD[b]
    mixed = _MIX_OF.get(frozenset((ac, bc)))
    table = {}
    for n in {an + bn, abs(an - bn)}:
        if 1 <= n <= 8:
            for col in COLOURS:
                table[f"{col}-{n}"] = col == mixed or (ac == col and bc == col)
    if mixed:
        for n in NUMBERS:
            table.setdefault(f"{mixed}-{n}", False)
    table.pop(a, None)
    table.pop(b, None)
    _PAIRS[key] = table
    return table


#: card -> its bit; bits follow the cards' sorted (string) order, so walking a
#: mask from its lowest bit up visits cards in the order ``sorted`` gives them
_BIT: dict[str, int] = {c: 1 << i for i, c in enumerate(sorted(DECK))}
_CARD_AT_BIT: dict[int, str] = {b: c for c, b in _BIT.items()}
#: target -> mask of the cards that match it on their own (:data:`_SINGLE`)
_SINGLE_BITS: dict[str, int] = {t: sum(_BIT[c] for c in cards) for t, cards in _SINGLE.items()}


def _pair_bits() -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """target -> card a -> mask of the cards b after a (sorted order) that
    match the target together with a, and of those that make an Ultimatch;
    read off :func:`_pair_table`, so the two can never disagree.

    With these, finding plays costs one mask per (target, card) instead of
    one table lookup per (target, pair) (a 5-player turn holds ~7 cards: 21
    pairs), and a legality or pass-rule question needs no list of plays.
    """
    pairs: dict[str, dict[str, int]] = {t: dict.fromkeys(DECK, 0) for t in DECK}
    ults: dict[str, dict[str, int]] = {t: dict.fromkeys(DECK, 0) for t in DECK}
    ordered = sorted(DECK)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            for t, ultimatch in _pair_table(a, b).items():
                pairs[t][a] |= _BIT[b]
                if ultimatch:
                    ults[t][a] |= _BIT[b]
    return pairs, ults


_PAIR_BITS, _ULT_BITS = _pair_bits()
#: target -> card a -> mask of the cards b after a that match with a, but no Ultimatch
_PLAIN_BITS: dict[str, dict[str, int]] = {
    t: {a: bits & ~_ULT_BITS[t][a] for a, bits in pairs.items()} for t, pairs in _PAIR_BITS.items()
}


def _mask(cards: Iterable[str]) -> int:
    """The cards' bits or-ed together."""
    mask = 0
    for c in cards:
        mask |= _BIT[c]
    return mask


Play = tuple[str, tuple[str, ...], bool]


class MatchIndex:
    """One player's plays, to be searched rather than listed.

    ``first(target, (size, alta, ultimatch))`` answers "which play of this
    kind comes first in ``matches()``?" from the match tables, without
    building the list: a bot looking for its best kind of play asks a few
    such questions instead of scoring every play (a 5-player turn has ~25).
    """

    __slots__ = ("_rows", "cards", "every", "mine", "targets", "theirs")

    def __init__(self, targets: list[str], hand: list[str], alta: list[str]) -> None:
        #: the face-up pyramid cards (shared with the state's cache: read only)
        self.targets = targets
        #: hand and alta cards in sorted order (the order of ``matches()``)
        self.cards = sorted(set(hand + alta))
        self.every = _mask(self.cards)
        self.mine = _mask(hand)
        #: alta-hand cards that are not also in the hand
        self.theirs = self.every & ~self.mine
        self._rows: dict[tuple[str, bool], list[tuple[str, bool, int]]] = {}

    def first(self, target: str, kind: tuple[int, int, bool]) -> tuple[str, ...] | None:
        """The first play in ``matches()`` for ``target`` of this kind: (cards
        (1 or 2), how many of them from the alta hand, Ultimatch?)."""
        size, alta, ultimatch = kind
        mine = self.mine
        if size == 1:
            if ultimatch or alta > 1:
                return None
            m = _SINGLE_BITS[target] & (self.theirs if alta else mine)
            return (_CARD_AT_BIT[m & -m],) if m else None
        rows = self._rows.get((target, ultimatch))
        if rows is None:
            rows = self._pair_rows(target, ultimatch)
        # the partners wanted after a hand card, and after an alta card
        after_hand = (mine, self.theirs, 0)[alta]
        after_alta = (0, mine, self.theirs)[alta]
        for a, in_hand, partners in rows:
            m = partners & (after_hand if in_hand else after_alta)
            if m:
                return a, _CARD_AT_BIT[m & -m]
        return None

    def _pair_rows(self, target: str, ultimatch: bool) -> list[tuple[str, bool, int]]:
        """(a, a in hand?, mask of the b after a) for each card a that pairs
        with a later card to match ``target`` (as an Ultimatch or not), in
        sorted order; worked out once per target and flag (most targets
        have no Ultimatch at all), then kept in ``_rows``."""
        table = (_ULT_BITS if ultimatch else _PLAIN_BITS)[target]
        every, mine = self.every, self.mine
        rows = []
        for a in self.cards:
            partners = table[a] & every
            if partners:
                rows.append((a, (_BIT[a] & mine) != 0, partners))
        self._rows[target, ultimatch] = rows
        return rows


# --------------------------------------------------------------------------- explanations


@dataclass(frozen=True)
class Reason:
    """One step of why a play matches, or why not, as data a page puts into words.

    ``kind`` says which rule spoke; ``numbers`` and ``colours`` are the
    figures the sentence shows (e.g. ``difference``: (7, 2, 5) for 7 − 2 = 5,
    ``mix``: ("red", "blue", "purple")). The same arithmetic as :func:`match`,
    kept beside it; a test checks the two agree on every play of the deck.
    """

    kind: str
    rule: str
    numbers: tuple[int, ...] = ()
    colours: tuple[str, ...] = ()


@dataclass(frozen=True)
class Explanation:
    result: MatchResult
    reasons: tuple[Reason, ...]


def explain(target: tuple[str, int], cards: Sequence[tuple[str, int]]) -> Explanation:
    """:func:`match`, with the reasons: every rule by which the play matches
    (UM-2..UM-4), or, for a refusal, every rule it was held against and why it
    falls short, plus a card of the pair that would match on its own."""
    result = match(target, cards)
    tc, tn = target
    if len(cards) == 1:
        ((c, n),) = cards
        if result.match:
            found = []
            if n == tn:
                found.append(Reason("same-number", "UM-2", (n,)))
            if c == tc:
                found.append(Reason("same-colour", "UM-2", colours=(c,)))
            return Explanation(result, tuple(found))
        return Explanation(
            result,
            (
                Reason("number-differs", "UM-2", (n, tn)),
                Reason("colour-differs", "UM-2", colours=(c, tc)),
            ),
        )
    (ac, an), (bc, bn) = cards
    big, small = max(an, bn), min(an, bn)
    mixed = MIXES.get(tc) == frozenset((ac, bc))
    same = ac == tc and bc == tc
    reasons: list[Reason] = []
    if result.match:
        if an + bn == tn:
            reasons.append(Reason("sum", "UM-3", (an, bn, tn)))
        if big - small == tn:
            reasons.append(Reason("difference", "UM-3", (big, small, tn)))
        if mixed:
            reasons.append(Reason("mix", "UM-3", colours=(ac, bc, tc)))
        if same and result.ultimatch:
            reasons.append(Reason("both-colour", "UM-4", colours=(tc,)))
        if result.ultimatch:
            reasons.append(Reason("ultimatch", "UM-4", (tn,), (tc,)))
        else:
            reasons.append(Reason("not-ultimatch", "UM-4", (tn,), (tc,)))
        return Explanation(result, tuple(reasons))
    reasons.append(Reason("no-number", "UM-3", (an, bn, an + bn, big, small, big - small, tn)))
    if tc not in MIXES:
        reasons.append(Reason("primary", "UM-1", colours=(tc,)))
    else:
        reasons.append(Reason("no-mix", "UM-3", colours=(ac, bc, tc, *primaries(tc))))
    if same:
        reasons.append(Reason("colour-only", "UM-3", colours=(tc,)))
    for c, n in cards:
        if c == tc or n == tn:
            reasons.append(Reason("alone", "UM-2", (n,), (c,)))
    return Explanation(result, tuple(reasons))


def ways(target: tuple[str, int]) -> tuple[Reason, ...]:
    """Every way a play may match ``target``, for a page listing what may go
    where: one card of its number or colour (UM-2); two cards adding up to its
    number or that far apart, or the two primaries mixing to its colour (UM-3);
    and which pairs make an Ultimatch (UM-4)."""
    tc, tn = target
    found = [
        Reason("same-number", "UM-2", (tn,)),
        Reason("same-colour", "UM-2", colours=(tc,)),
    ]
    if tn >= 2 * min(NUMBERS):
        found.append(Reason("sum", "UM-3", (tn,)))
    if tn <= max(NUMBERS) - min(NUMBERS):
        found.append(Reason("difference", "UM-3", (tn,)))
    if tc in MIXES:
        found.append(Reason("mix", "UM-3", colours=(*primaries(tc), tc)))
    found.append(Reason("ultimatch", "UM-4", (tn,), (tc, *primaries(tc))))
    return tuple(found)


def primaries(colour: str) -> tuple[str, ...]:
    """The two primaries mixing to ``colour``, in the deck's order (none for a primary)."""
    return tuple(c for c in COLOURS if c in MIXES.get(colour, ()))
