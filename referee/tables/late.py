"""A move that arrives late: made on an older version, still the seat's to make?

Phones at a table tap at once ("せーの": every Finger Auction bid, every
Detective Eye draft and placement, Ultimatch's alta gifts and offers), so a
tap made on version ``v`` often reaches a table already at ``w > v``: the
others' taps were committed first. Bouncing it would make every player but
the fastest tap again. Applying it blindly would let a stale page act on a
table that changed under it (a new auction, an undo, a revealed card).

**The rule.** A seat's move made on version ``v`` is applied at the current
version ``w`` exactly when it *commutes* with everything committed since:

1. no change in ``v+1 .. w`` was an undo (an undo rewrites the past the seat
   decided on);
2. every move logged in ``v+1 .. w`` was another seat's (bots included): a
   seat's own later move means its page was older than its own last tap;
3. on the table as it was at ``v``, the seat's move first and then those
   moves, in their order, are all legal and end in the same table as the
   seat's move applied now at ``w`` (the whole state, the order of the log
   aside: the same hands, bids, cards, deck and next decision).

Then nothing the seat decided on changed in a way that matters: its move
means the same as if it had arrived first, when the page it tapped on was
current, and so the seat neither loses nor gains by arriving late. In every
simultaneous decision of the shipped games the others' moves only record
their own hidden choice, and the last one to arrive resolves the decision,
whoever it is: such moves always commute. Anything else is refused with a
409 naming the current version: a move from a page that showed another
auction, another turn, or a table an undo changed.

This costs a replay of the log up to ``v`` and is run only for a move whose
version is not the current one (a move sent without a version is never
checked: it is the caller's choice to act on whatever the table is now).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardpress.games import GAMES, GameState, IllegalAction


@dataclass(frozen=True)
class Logged:
    """One row of a table's action log, as the rule reads it."""

    seat: int
    action: str
    #: the version of the change that logged it
    version: int
    #: the version of the undo that took it back (None: still in the game)
    undone_version: int | None


def still_applies(
    game: str,
    record: dict[str, Any],
    log: Sequence[Logged],
    now: GameState,
    current: int,
    seat: int,
    action: str,
    seen: int,
) -> bool:
    """Whether ``seat``'s ``action``, made on version ``seen``, is applied at ``current``.

    ``record``: the table's players, seed and options (its actions are
    ignored); ``log``: the table's action rows in log order (rows of changes
    after ``current`` are ignored, so it may be read after the table row);
    ``now``: the table at ``current`` with ``action`` already applied for
    ``seat`` (the caller did so; an illegal action never reaches here)."""
    if not 0 <= seen < current:
        return False
    before, since = [], []
    for row in log:
        if row.version > current:
            continue  # committed after the table row was read
        if row.undone_version is not None and row.undone_version <= current:
            if row.undone_version > seen:
                return False  # (1) an undo since the seat's page
            continue  # taken back before the seat's page: not in its game
        (before if row.version <= seen else since).append(row)
    if any(row.seat == seat for row in since):
        return False  # (2)
    then = GAMES[game].replay({**record, "actions": [[r.seat, r.action] for r in before]})
    try:
        then.apply(seat, action)
        for row in since:
            then.apply(row.seat, row.action)
    except IllegalAction:
        return False  # (3) not the seat's move then, or it changed what the others could do
    return same_table(then, now)


def same_table(a: GameState, b: GameState) -> bool:
    """The same state of play, whatever order the moves that led to it were logged in."""
    left, right = a.to_json(), b.to_json()
    left["state"].pop("log", None)
    right["state"].pop("log", None)
    return left == right
