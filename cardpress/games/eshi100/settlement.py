"""絵師100人展 TCG: the settlement score, exactly and fast (ES-1, ES-2).

ES-1 gives every collection card one of its icons twice, independently: once
for the same-icon bonus, once for the different-icon bonus. So the two maxima are separate problems:

* Same icon: ``sum(count_i // 3)`` = ``(N - sum(count_i % 3)) / 3``, so only
  the residues mod 3 matter. A DP over the 81 residue vectors, one card at a
  time, finds every reachable residue vector; the best is the smallest
  residue sum. At most 40 x 81 x 4 steps.
* Different icons: with icon counts ``c``, the most disjoint rainbow triples
  is the largest ``t`` with ``sum(min(c_i, t)) >= 3t``. Choosing the icons to
  maximise ``sum(min(c_i, t))`` is a b-matching (cards -> icons, capacity
  ``t``), whose size by the max-flow/min-cut theorem is
  ``min over icon sets S of t*|S| + #cards not entirely within S``: 16 sets.

Both are checked against brute force (every assignment) in the tests and the
benchmark.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from cardpress.vocabulary import ICONS, Icon

_BIT = {icon: 1 << i for i, icon in enumerate(ICONS)}


@dataclass(frozen=True)
class Settlement:
    score: int
    cards: int
    same_icon_bonus: int
    different_icon_bonus: int
    warehouse: int
    adjustments: int
    rule_ids: tuple[str, ...]


_BIT_BY_NAME: dict[str, int] = {icon.value: bit for icon, bit in _BIT.items()}


def icon_mask(icons: Iterable[Icon | str]) -> int:
    """Bit mask of a card's icons (ValueError on an unknown icon)."""
    mask = 0
    for icon in icons:
        bit = _BIT_BY_NAME.get(icon) if isinstance(icon, str) else None
        if bit is None:
            raise ValueError(f"unknown icon {icon!r}; icons: {', '.join(i.value for i in ICONS)}")
        mask |= bit
    return mask


_POW3 = (1, 3, 9, 27)
#: residue-vector code -> icon index -> code after one more card of that icon
_STEP: list[list[int]] = []
for _code in range(81):
    _row = []
    for _i in range(4):
        _r = (_code // _POW3[_i]) % 3
        _row.append(_code - _r * _POW3[_i] + ((_r + 1) % 3) * _POW3[_i])
    _STEP.append(_row)
_RESIDUE_SUM = [sum((c // p) % 3 for p in _POW3) for c in range(81)]
_MASK_ICONS = [tuple(i for i in range(4) if m >> i & 1) for m in range(16)]
_POPCOUNT = [bin(m).count("1") for m in range(16)]


def same_icon_triples(masks: Sequence[int]) -> int:
    """Most full threes of one icon over all icon assignments (exact, residue DP)."""
    start = 0
    n = 0
    flexible: list[int] = []
    for m in masks:
        if not m:
            continue
        n += 1
        if _POPCOUNT[m] == 1:
            start = _STEP[start][_MASK_ICONS[m][0]]
        else:
            flexible.append(m)
    reach = {start}
    for m in flexible:
        icons = _MASK_ICONS[m]
        reach = {_STEP[s][i] for s in reach for i in icons}
    return (n - min(_RESIDUE_SUM[s] for s in reach)) // 3


def different_icon_triples(masks: Sequence[int]) -> int:
    """Most disjoint threes of all-different icons over all assignments (exact)."""
    sig = [0] * 16
    for m in masks:
        sig[m] += 1
    n = sum(sig[1:])
    for t in range(n // 3, 0, -1):
        best = min(
            t * _POPCOUNT[s] + sum(sig[m] for m in range(1, 16) if m & ~s) for s in range(16)
        )
        if best >= 3 * t:
            return t
    return 0


def settle(
    collection: Sequence[Sequence[Icon | str]],
    warehouse_bids: Sequence[int] = (),
    adjustments: Sequence[int] = (),
) -> Settlement:
    """Score one player's settlement (ES-1, ES-2).

    ``collection``: the icons of each collection card. ``warehouse_bids``: the
    bid points of each warehouse card. ``adjustments``: settlement effects and
    table-entered corrections, added as they are.
    """
    masks = [icon_mask(icons) for icons in collection]
    for b in warehouse_bids:
        if isinstance(b, bool) or not isinstance(b, int) or b < 0:
            raise ValueError(f"a bid is a whole number >= 0: {b!r}")
    for a in adjustments:
        if isinstance(a, bool) or not isinstance(a, int):
            raise ValueError(f"an adjustment is a whole number: {a!r}")
    same = 3 * same_icon_triples(masks)
    different = 3 * different_icon_triples(masks)
    warehouse = -sum(warehouse_bids)
    adjust = sum(adjustments)
    return Settlement(
        score=len(masks) + same + different + warehouse + adjust,
        cards=len(masks),
        same_icon_bonus=same,
        different_icon_bonus=different,
        warehouse=warehouse,
        adjustments=adjust,
        rule_ids=("ES-1", "ES-2"),
    )


@lru_cache(maxsize=4096)
def _rainbow_brute(counts: tuple[int, ...]) -> int:
    best = 0
    for trio in combinations(range(4), 3):
        if all(counts[i] for i in trio):
            nxt = tuple(c - 1 if i in trio else c for i, c in enumerate(counts))
            best = max(best, 1 + _rainbow_brute(nxt))
    return best


def settle_brute_force(collection: Sequence[Sequence[Icon | str]]) -> tuple[int, int]:
    """(same-icon bonus, different-icon bonus) by trying every assignment.

    Exponential; for tests and the benchmark only.
    """
    choices = [tuple(Icon(i) for i in icons) for icons in collection if icons]
    best_same = best_diff = 0
    for pick in product(*choices):
        counts = tuple(pick.count(i) for i in ICONS)
        best_same = max(best_same, sum(c // 3 for c in counts))
        best_diff = max(best_diff, _rainbow_brute(counts))
    return 3 * best_same, 3 * best_diff
