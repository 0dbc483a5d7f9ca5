"""絵師100人展 TCG: the cards as data, data-defined effects, and the engine.

Rulings ES-1..ES-7.

**Settlement bonuses** are computed exactly in
:mod:`cardpress.games.eshi100.settlement` (ES-1, ES-2).

**Effects.** Bit effects (``bid_bonus``, ``draw``, ``discard_top_bid``,
``manual``) apply at reveal, from the auctioneer clockwise, a player's cards in
hand order: a bid names a set of cards (``bid:`` in any order is the same bid),
and the order ES-3 lets a player choose cannot change the outcome, since these
effects on one player's own cards commute (``manual`` ones only change which
adjustment the table enters first). By
default (option ``bit_cards_discarded``) a card is discarded when its bit
effect applies, as the seed says, so its own bid points stop counting.
Settlement effects on *collection* cards (``points``, ``points_per_icon``,
``warehouse_relief``, ``manual``) become adjustments to the settlement score.
A ``manual`` effect is resolved by the table: the engine waits for the card's
owner (or the referee acting for the table) to enter ``adjust:<n>``.
Readings: ``points_per_icon`` pays ``amount`` per collection card bearing
``icon``; ``warehouse_relief`` gives back up to ``amount`` points of the
warehouse penalty (never more than the penalty); ``discard_top_bid``
discards ``max(1, amount)`` times the highest-bid card among the other
players' counting bids (ties: clockwise from the effect's owner, then bid
order); ``draw`` draws ``amount`` cards from the owner's deck.

Engine actions: ``bid:<id>,<id>,...`` (``bid:`` bids nothing); ``collect:<id>``
(own gallery -> own collection) or ``warehouse:<id>`` (another gallery -> its
owner's warehouse) for a winner (ES-4), ``none`` when neither is possible;
``adjust:<n>`` for a manual effect. Card instance ids are ``<seat>.<index>``
into that seat's deck list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from cardpress.catalogue.models import Effect, EffectTiming, Eshi100Card, Icon, Text
from cardpress.games.base import (
    N_,
    NOT_NOW,
    Action,
    Event,
    GameState,
    IllegalAction,
    OptionError,
    rank_by,
    replay_record,
    seat_option,
)
from cardpress.games.eshi100.settlement import Settlement as Settlement
from cardpress.games.eshi100.settlement import different_icon_triples as different_icon_triples
from cardpress.games.eshi100.settlement import icon_mask as icon_mask
from cardpress.games.eshi100.settlement import same_icon_triples as same_icon_triples
from cardpress.games.eshi100.settlement import settle as settle
from cardpress.games.eshi100.settlement import settle_brute_force as settle_brute_force
from cardpress.vocabulary import (
    ESHI100_DECK,
    ESHI100_GALLERY,
    ESHI100_HAND,
    ESHI100_MAX_COPIES,
    ESHI100_ROUNDS,
)
from cardpress.vocabulary import ICONS as ICONS

GAME_ID = "eshi100"
ROUNDS = ESHI100_ROUNDS
GALLERY = ESHI100_GALLERY
HAND = ESHI100_HAND
DECK_SIZE = ESHI100_DECK
MAX_COPIES = ESHI100_MAX_COPIES
BIT_ADJUST = range(-5, 6)
SETTLE_ADJUST = range(-10, 11)


# --------------------------------------------------------------------------- cards as data


def _effect_json(effect: Effect | Mapping[str, Any] | None) -> dict[str, Any] | None:
    if effect is None:
        return None
    if isinstance(effect, Mapping):
        text = effect.get("text") or {"ja": "", "en": ""}
        timing, op = str(effect["timing"]), str(effect["op"])
        amount, icon = int(effect.get("amount", 0)), effect.get("icon")
    else:
        text = {"ja": effect.text.ja, "en": effect.text.en}
        timing, op, amount, icon = effect.timing.value, effect.op, effect.amount, effect.icon
    timing = EffectTiming(timing).value
    from cardpress.catalogue.models import EFFECT_OPS

    if op not in EFFECT_OPS[EffectTiming(timing)]:
        raise ValueError(f"unknown {timing} effect op {op!r}")
    return {
        "timing": timing,
        "op": op,
        "amount": amount,
        "icon": Icon(icon).value if icon else None,
        "text": {"ja": str(text["ja"]), "en": str(text["en"])},
    }


def card_json(card: Eshi100Card | Mapping[str, Any]) -> dict[str, Any]:
    """An Eshi100Card (or a dict of the same fields) as engine JSON."""
    if isinstance(card, Mapping):
        cid, bid, icons = str(card["id"]), card["bid"], card["icons"]
        bit, settlement = card.get("bit"), card.get("settlement")
    else:
        cid, bid, icons = card.id, card.bid, card.icons
        bit, settlement = card.bit, card.settlement
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < 0:
        raise ValueError(f"{cid}: bid must be a whole number >= 0")
    icon_mask(icons)
    return {
        "id": cid,
        "bid": bid,
        "icons": [Icon(i).value for i in icons],
        "bit": _effect_json(bit),
        "settlement": _effect_json(settlement),
    }


def _t(ja: str, en: str) -> Text:
    return Text(ja, en)


def _std(
    n: int,
    bid: int,
    icons: tuple[Icon, ...],
    bit: Effect | None = None,
    settlement: Effect | None = None,
) -> Eshi100Card:
    return Eshi100Card(
        id=f"std-{n:02d}",
        number=f"STD-{n:02d}",
        title=_t(f"標準{n}", f"Standard {n}"),
        bid=bid,
        icons=icons,
        bit=bit,
        settlement=settlement,
    )


_U, _S, _A, _K = ICONS
#: Ten card types, four copies each: a legal 40-card deck (ES-7) built from
#: constants so the engine never needs the catalogue.
STANDARD_TYPES: tuple[Eshi100Card, ...] = (
    _std(1, 1, (_U,)),
    _std(2, 1, (_S,)),
    _std(3, 1, (_A,)),
    _std(4, 1, (_K,)),
    _std(5, 2, (_U, _S)),
    _std(6, 2, (_A, _K)),
    _std(
        7,
        2,
        (_S,),
        bit=Effect(
            EffectTiming.BIT,
            "bid_bonus",
            _t("自分の入札ポイントの合計に＋3。", "+3 to your bid total."),
            amount=3,
        ),
    ),
    _std(
        8,
        2,
        (_U,),
        settlement=Effect(
            EffectTiming.SETTLEMENT,
            "points",
            _t("清算で＋1点。", "+1 point at settlement."),
            amount=1,
        ),
    ),
    _std(
        9,
        3,
        (_K,),
        bit=Effect(
            EffectTiming.BIT,
            "draw",
            _t(
                "自分のデッキから1枚引いて手札に加える。",
                "Draw 1 card from your deck into your hand.",
            ),
            amount=1,
        ),
    ),
    _std(
        10,
        3,
        (_A, _U),
        bit=Effect(
            EffectTiming.BIT,
            "discard_top_bid",
            _t(
                "ほかの人の入札カードで入札ポイントが最も高い1枚を捨て札にする。",
                "Discard another player's bid card with the most bid points.",
            ),
            amount=1,
        ),
    ),
)
STANDARD_DECK: tuple[Eshi100Card, ...] = tuple(c for c in STANDARD_TYPES for _ in range(4))


def check_deck(cards: Sequence[Mapping[str, Any]]) -> None:
    """ES-7: exactly 40 cards, at most four copies of one card."""
    if len(cards) != DECK_SIZE:
        raise ValueError(f"a deck has exactly {DECK_SIZE} cards, not {len(cards)} (ES-7)")
    seen: dict[str, int] = {}
    for c in cards:
        seen[c["id"]] = seen.get(c["id"], 0) + 1
        if seen[c["id"]] > MAX_COPIES:
            raise ValueError(f"{c['id']}: more than {MAX_COPIES} copies (ES-7)")


def settlement_adjustments(
    collection: Sequence[Mapping[str, Any]], warehouse: Sequence[Mapping[str, Any]]
) -> tuple[list[int], list[int]]:
    """Adjustments from data-defined settlement effects on collection cards.

    Returns (automatic adjustments, indices into ``collection`` of cards whose
    effect is ``manual`` and needs the table's figure).
    """
    out: list[int] = []
    manual: list[int] = []
    penalty = sum(int(c["bid"]) for c in warehouse)
    for idx, card in enumerate(collection):
        eff = card.get("settlement")
        if not eff:
            continue
        op, amount = eff["op"], int(eff.get("amount", 0))
        if op == "points":
            out.append(amount)
        elif op == "points_per_icon":
            icon = eff.get("icon")
            out.append(amount * sum(1 for c in collection if icon in c["icons"]))
        elif op == "warehouse_relief":
            relief = max(0, min(amount, penalty))
            penalty -= relief
            out.append(relief)
        else:
            manual.append(idx)
    return out, manual


# --------------------------------------------------------------------------- engine


def _subsets(hand: list[str]) -> list[list[str]]:
    out: list[list[str]] = []
    for size in range(len(hand) + 1):
        out.extend(list(c) for c in combinations(hand, size))
    return out


class Eshi100State(GameState):
    """A game of the 絵師100人展 TCG; how many play is min_players…max_players below.

    Options: ``decks`` (one 40-card deck per player: Eshi100Card objects or
    dicts with id, bid, icons, bit, settlement; default :data:`STANDARD_DECK`
    for everyone), ``auctioneer`` (first auctioneer, default 0),
    ``bit_cards_discarded`` (default True).
    """

    game_id: ClassVar[str] = GAME_ID
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_options: ClassVar[dict[str, object]] = {
        "decks": None,
        "auctioneer": 0,
        "bit_cards_discarded": True,
    }
    turn_rule: ClassVar[str | None] = "ES-3"
    #: secret moves: bids are made face down (ES-3)
    secret_actions: ClassVar[tuple[str, ...]] = ("bid:",)

    cards: list[list[dict[str, Any]]]
    decks: list[list[str]]
    hands: list[list[str]]
    galleries: list[list[str]]
    collections: list[list[str]]
    warehouses: list[list[str]]
    discards: list[list[str]]
    bids: list[list[str] | None]
    counting: list[list[str]]
    bonus: list[int]
    round: int
    auctioneer: int
    bidder: int
    phase: str  # bid | manual_bit | win | manual_settle | over
    effect_queue: list[str]
    manual_for: list[object] | None
    win_queue: list[int]
    round_winner: int | None
    auctions: int
    manual_settle: list[list[object]]
    settle_adjust: list[list[int]]
    results: list[dict[str, int]]

    def _setup(self) -> None:
        n = self.num_players
        decks = self.options["decks"]
        if decks is None:
            decks = [STANDARD_DECK] * n
        if not isinstance(decks, list | tuple) or len(decks) != n:
            raise OptionError(
                "decks",
                N_("%(option)s: one deck per player, a list of %(players)s decks"),
                players=n,
            )
        self.cards = [[card_json(c) for c in deck] for deck in decks]
        for deck in self.cards:
            check_deck(deck)
        self.options["decks"] = self.cards if self.options["decks"] is not None else None
        a = seat_option(self.options, "auctioneer", n)
        self.decks = []
        for s in range(n):
            deck = [f"{s}.{i}" for i in range(len(self.cards[s]))]
            self._shuffle(deck)
            self.decks.append(deck)
        self.hands = [[] for _ in range(n)]
        self.galleries = [[] for _ in range(n)]
        self.collections = [[] for _ in range(n)]
        self.warehouses = [[] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.bids = [None] * n
        self.counting = [[] for _ in range(n)]
        self.bonus = [0] * n
        self.round = 0
        self.auctioneer = a
        self.bidder = a
        self.phase = "bid"
        self.effect_queue = []
        self.manual_for = None
        self.win_queue = []
        self.round_winner = None
        self.auctions = 0
        self.manual_settle = []
        self.settle_adjust = [[] for _ in range(n)]
        self.results = []
        self._start_round([])

    # ------------------------------------------------------------------ cards

    def card(self, cid: str) -> dict[str, Any]:
        seat, _, idx = cid.partition(".")
        return self.cards[int(seat)][int(idx)]

    def _owner(self, cid: str) -> int:
        return int(cid.partition(".")[0])

    def _bid_value(self, cid: str) -> int:
        return int(self.card(cid)["bid"])

    # ------------------------------------------------------------------ queries

    def current_players(self) -> list[int]:
        phase = self.phase
        if phase == "bid":
            return [self.bidder]
        if phase == "manual_bit":
            return [int(self.manual_for[0])]  # type: ignore[index,call-overload]
        if phase == "win":
            return [self.win_queue[0]]
        if phase == "manual_settle":
            return [int(self.manual_settle[0][0])]  # type: ignore[call-overload]
        return []

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        phase = self.phase
        if phase == "bid":
            subsets = _subsets(self.hands[player])
            if player == self.auctioneer and self.hands[player]:
                subsets = subsets[1:]
            return ["bid:" + ",".join(s) for s in subsets]
        if phase == "manual_bit":
            return [f"adjust:{n}" for n in BIT_ADJUST]
        if phase == "manual_settle":
            return [f"adjust:{n}" for n in SETTLE_ADJUST]
        acts = ["collect:" + c for c in self.galleries[player]]
        for s in range(self.num_players):
            if s != player:
                acts.extend("warehouse:" + c for c in self.galleries[s])
        return acts or ["none"]

    def canonical(self, player: int, action: Action) -> Action:
        """``bid:c,a,b`` -> ``bid:a,b,c``: the bid cards in hand order."""
        if action[:4] == "bid:" and "," in action and self.phase == "bid":
            hand = self.hands[player]
            picked = action[4:].split(",")
            if all(c in hand for c in picked):
                return "bid:" + ",".join(sorted(picked, key=hand.index))
        return action

    def _is_legal(self, player: int, action: Action) -> bool:
        if self.phase == "bid" and player == self.bidder and action[:4] == "bid:":
            picked = action[4:].split(",") if action[4:] else []
            hand = self.hands[player]
            if len(set(picked)) != len(picked) or any(c not in hand for c in picked):
                return False
            return bool(picked) or player != self.auctioneer or not hand
        return action in self.legal_actions(player)

    def _explain_illegal(self, player: int, action: Action) -> IllegalAction:
        phase = self.phase
        if phase == "bid":
            if action in ("bid:", "bid") and player == self.auctioneer:
                return IllegalAction(
                    N_("the auctioneer must bid at least one card while holding any"), "ES-3"
                )
            return IllegalAction(
                N_("bid cards from your own hand, each once (%(form)s)"),
                "ES-3",
                form="bid:<id>,<id>",
            )
        if phase == "win":
            return IllegalAction(
                N_("move a gallery card: collect your own or warehouse another's (%(form)s)"),
                "ES-4",
                form="collect:<id> | warehouse:<id>",
            )
        if phase == "manual_bit":
            return IllegalAction(
                N_("enter the table's adjustment to the bid (%(form)s)"),
                "ES-3",
                form="adjust:<-5..5>",
            )
        if phase == "manual_settle":
            return IllegalAction(
                N_("enter the table's settlement adjustment (%(form)s)"),
                "ES-2",
                form="adjust:<-10..10>",
            )
        return IllegalAction(NOT_NOW, None, action=action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def settlements(self) -> list[Settlement]:
        """Each player's settlement as it stands (final once the game is over)."""
        out = []
        for s in range(self.num_players):
            coll = [self.card(c) for c in self.collections[s]]
            ware = [self.card(c) for c in self.warehouses[s]]
            auto, _ = settlement_adjustments(coll, ware)
            out.append(
                settle(
                    [c["icons"] for c in coll],
                    [c["bid"] for c in ware],
                    auto + self.settle_adjust[s],
                )
            )
        return out

    def scores(self) -> list[float]:
        return [float(s.score) for s in self.settlements()]

    def collected(self, seat: int) -> list[str] | None:
        out = []
        for ref in self.collections[seat]:
            owner, _, index = str(ref).partition(".")
            out.append(str(self.cards[int(owner)][int(index)]["id"]))
        return out

    def ranking(self) -> list[int]:
        return rank_by(self.scores())

    def result_rules(self) -> tuple[str, ...]:
        """ES-1's bonuses and ES-2's score decide; equal scores share the win."""
        return ("ES-1", "ES-2") if self.is_terminal() else ()

    def view(self, player: int | None) -> dict[str, object]:
        """Own hand; others' hands, decks and unrevealed bids as counts only."""
        n = self.num_players
        revealed = self.phase != "bid"
        visible: set[str] = set()
        hand = list(self.hands[player]) if player is not None else None
        if hand:
            visible.update(hand)
        bids: list[object] = []
        for s in range(n):
            b = self.bids[s]
            if b is None:
                bids.append(None)
            elif revealed or s == player:
                bids.append(list(b))
                visible.update(b)
            else:
                bids.append(len(b))
        for zone in (self.galleries, self.collections, self.warehouses, self.discards):
            for cards in zone:
                visible.update(cards)
        return {
            "game": GAME_ID,
            "players": list(self.names),
            "viewer": player,
            "round": self.round,
            "auctioneer": self.auctioneer,
            "phase": self.phase,
            "hand": hand,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_sizes": [len(d) for d in self.decks],
            "galleries": [list(g) for g in self.galleries],
            "collections": [list(c) for c in self.collections],
            "warehouses": [list(w) for w in self.warehouses],
            "discards": [list(d) for d in self.discards],
            "bids": bids,
            "counting": [list(c) for c in self.counting] if revealed else None,
            "cards": {c: self.card(c) for c in sorted(visible)},
            "to_act": self.current_players(),
            "legal_actions": self.legal_actions(player) if player is not None else [],
            "terminal": self.is_terminal(),
            "results": list(self.results) if self.results else None,
        }

    # ------------------------------------------------------------------ moves

    def _apply(self, player: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        phase = self.phase
        if phase == "bid":
            picked = action[4:].split(",") if action[4:] else []
            hand = self.hands[player]
            for c in picked:
                hand.remove(c)
            self.bids[player] = picked
            ev.append(Event("bid", ("ES-3",), player, {"cards": len(picked)}))
            nxt = (player + 1) % self.num_players
            if nxt == self.auctioneer:
                self._reveal(ev)
            else:
                self.bidder = nxt
        elif phase == "manual_bit":
            seat = int(self.manual_for[0])  # type: ignore[index,call-overload]
            self.bonus[seat] += int(action[7:])
            ev.append(Event("bit_manual", ("ES-3",), seat, {"adjust": int(action[7:])}))
            self.manual_for = None
            self.phase = "effects"
            self._run_effects(ev)
        elif phase == "win":
            self._win_action(player, action, ev)
        else:  # manual_settle
            seat = int(self.manual_settle.pop(0)[0])  # type: ignore[call-overload]
            self.settle_adjust[seat].append(int(action[7:]))
            ev.append(Event("settlement_manual", ("ES-2",), seat, {"adjust": int(action[7:])}))
            if not self.manual_settle:
                self._finish(ev)
        return ev

    def _draw(self, seat: int) -> str | None:
        deck = self.decks[seat]
        return deck.pop() if deck else None  # ES-6: an empty deck draws nothing

    def _start_round(self, ev: list[Event]) -> None:
        self.round += 1
        if self.round > ROUNDS:
            self._settle(ev)
            return
        for s in range(self.num_players):
            for zone, size in ((self.galleries, GALLERY), (self.hands, HAND)):
                for _ in range(size):
                    c = self._draw(s)
                    if c is not None:
                        zone[s].append(c)
        self.round_winner = None
        ev.append(Event("round_start", ("ES-5", "ES-6"), self.auctioneer, {"round": self.round}))
        self._start_auction(ev)

    def _start_auction(self, ev: list[Event]) -> None:
        n = self.num_players
        if any(not g for g in self.galleries) or all(not h for h in self.hands):
            self._end_round(ev)
            return
        self.bids = [None] * n
        self.counting = [[] for _ in range(n)]
        self.bonus = [0] * n
        self.bidder = self.auctioneer
        self.phase = "bid"

    def _reveal(self, ev: list[Event]) -> None:
        n = self.num_players
        self.auctions += 1
        bids = [b or [] for b in self.bids]
        ev.append(Event("reveal", ("ES-3",), None, {"bids": [list(b) for b in bids]}))
        if not any(bids):
            ev.append(Event("no_bids", ("ES-3",), None, {}))
            self._end_round(ev)
            return
        self.counting = [list(b) for b in bids]
        order = [(self.auctioneer + i) % n for i in range(n)]
        self.effect_queue = [c for s in order for c in bids[s] if self.card(c)["bit"]]
        self.phase = "effects"
        self._run_effects(ev)

    def _run_effects(self, ev: list[Event]) -> None:
        discard_self = self.options["bit_cards_discarded"]
        while self.effect_queue:
            cid = self.effect_queue.pop(0)
            seat = self._owner(cid)
            if cid not in self.counting[seat]:
                continue  # discarded by an earlier effect: it no longer acts
            eff = self.card(cid)["bit"]
            if discard_self:
                self.counting[seat].remove(cid)
            op, amount = eff["op"], int(eff["amount"])
            data: dict[str, Any] = {"card": cid, "op": op}
            if op == "bid_bonus":
                self.bonus[seat] += amount
            elif op == "draw":
                drawn = [c for c in (self._draw(seat) for _ in range(amount)) if c]
                self.hands[seat].extend(drawn)
                data["drew"] = len(drawn)
            elif op == "discard_top_bid":
                data["discarded"] = self._discard_top(seat, max(1, amount))
            else:
                ev.append(Event("bit", ("ES-3",), seat, data))
                self.manual_for = [seat, cid]
                self.phase = "manual_bit"
                return
            ev.append(Event("bit", ("ES-3",), seat, data))
        self._decide(ev)

    def _discard_top(self, seat: int, times: int) -> list[str]:
        n = self.num_players
        out: list[str] = []
        for _ in range(times):
            best: tuple[int, str] | None = None
            for i in range(1, n):
                other = (seat + i) % n
                for c in self.counting[other]:
                    v = self._bid_value(c)
                    if best is None or v > best[0]:
                        best = (v, c)
            if best is None:
                break
            self.counting[self._owner(best[1])].remove(best[1])
            out.append(best[1])
        return out

    def _decide(self, ev: list[Event]) -> None:
        n = self.num_players
        totals = {
            s: sum(self._bid_value(c) for c in self.counting[s]) + self.bonus[s]
            for s in range(n)
            if self.counting[s]
        }
        if not totals:
            ev.append(Event("no_winner", ("ES-3",), None, {}))
            self._close_auction(ev)
            return
        top = max(totals.values())
        order = [(self.auctioneer + i) % n for i in range(n)]
        self.win_queue = [s for s in order if totals.get(s) == top]
        ev.append(
            Event(
                "winners",
                ("ES-3",),
                None,
                {"totals": {str(k): v for k, v in totals.items()}, "winners": list(self.win_queue)},
            )
        )
        self.phase = "win"

    def _win_action(self, player: int, action: Action, ev: list[Event]) -> None:
        kind, _, cid = action.partition(":")
        if kind == "collect":
            self.galleries[player].remove(cid)
            self.collections[player].append(cid)
            ev.append(Event("collect", ("ES-4",), player, {"card": cid}))
        elif kind == "warehouse":
            owner = self._owner(cid)
            self.galleries[owner].remove(cid)
            self.warehouses[owner].append(cid)
            ev.append(Event("warehouse", ("ES-4",), player, {"card": cid, "owner": owner}))
        self.win_queue.pop(0)
        self.round_winner = player
        if not self.win_queue:
            self._close_auction(ev)

    def _close_auction(self, ev: list[Event]) -> None:
        for s in range(self.num_players):
            for c in self.bids[s] or []:
                self.discards[self._owner(c)].append(c)
        self.bids = [None] * self.num_players
        self.counting = [[] for _ in range(self.num_players)]
        self._start_auction(ev)

    def _end_round(self, ev: list[Event]) -> None:
        for s in range(self.num_players):
            for c in self.bids[s] or []:
                self.discards[s].append(c)
            self.discards[s].extend(self.hands[s])
            self.discards[s].extend(self.galleries[s])
            self.hands[s] = []
            self.galleries[s] = []
        self.bids = [None] * self.num_players
        self.counting = [[] for _ in range(self.num_players)]
        if self.round_winner is not None:
            self.auctioneer = self.round_winner
        ev.append(
            Event(
                "round_end",
                ("ES-5",),
                None,
                {"round": self.round, "next_auctioneer": self.auctioneer},
            )
        )
        self._start_round(ev)

    def _settle(self, ev: list[Event]) -> None:
        self.manual_settle = []
        for s in range(self.num_players):
            coll = [self.card(c) for c in self.collections[s]]
            _, manual = settlement_adjustments(coll, [])
            self.manual_settle.extend([s, self.collections[s][i]] for i in manual)
        if self.manual_settle:
            self.phase = "manual_settle"
            return
        self._finish(ev)

    def _finish(self, ev: list[Event]) -> None:
        self.phase = "over"
        self.results = [
            {
                "score": r.score,
                "cards": r.cards,
                "same_icon_bonus": r.same_icon_bonus,
                "different_icon_bonus": r.different_icon_bonus,
                "warehouse": r.warehouse,
                "adjustments": r.adjustments,
            }
            for r in self.settlements()
        ]
        ev.append(
            Event(
                "settlement",
                ("ES-1", "ES-2"),
                None,
                {"scores": [r["score"] for r in self.results], "winners": self.winners()},
            )
        )


def new_game(players: int | Sequence[str], seed: int = 0, **options: object) -> Eshi100State:
    return Eshi100State(players, seed, **options)


def replay(record: Mapping[str, object]) -> Eshi100State:
    state = replay_record(Eshi100State, record)
    assert isinstance(state, Eshi100State)
    return state


__all__ = [
    "DECK_SIZE",
    "GALLERY",
    "HAND",
    "ICONS",
    "MAX_COPIES",
    "ROUNDS",
    "STANDARD_DECK",
    "STANDARD_TYPES",
    "Eshi100State",
    "Settlement",
    "card_json",
    "check_deck",
    "different_icon_triples",
    "new_game",
    "replay",
    "same_icon_triples",
    "settle",
    "settle_brute_force",
    "settlement_adjustments",
]
