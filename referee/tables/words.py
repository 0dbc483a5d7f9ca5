"""Cards, actions and events in words, in the page's language.

The engines speak in ids (``bid:3``, ``take:monet-4``, ``auction_won``); a
phone shows "Bid 3 fingers", "Take Monet 4", "Aki won the auction: ...".
Names come from the card catalogue (painters, colours, icons); the sentences
from the ``messages`` catalogue. Anything unknown falls back to the id, so a
new engine action is never hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import g
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from cardpress.catalogue import Catalogue
from cardpress.catalogue.models import TriptychKind
from cardpress.games.base import Card, Cards, IllegalAction, OptionError
from cardpress.games.ultimatch import NO_MATCH
from cardpress.games.ultimatch.match import explain, parse_card_id
from referee.catalogue import catalogue_or_none
from referee.i18n import current_language, is_cjk, plus_joined, text
from referee.ultimatch_text import reason_lines
from referee.validation import N_, Sentence


def _names(kind: str) -> dict[str, str]:
    """Painter, colour or icon names in this page's language, looked up once per request."""
    cache = g.setdefault("_table_names", {})
    if kind not in cache:
        cache[kind] = _lookup(kind)
    return cache[kind]


def _lookup(kind: str) -> dict[str, str]:
    cards = catalogue_or_none()
    if cards is None:
        return {}
    if kind == "painters":
        return {p.id.value: text(p.name) for p in cards.triptych.painters}
    if kind == "colours":
        return {c.id: text(c.name) for c in cards.ultimatch.colours}
    if kind == "eshi100":
        return {c.id: text(c.title) for c in cards.eshi100.types}
    return {i.id.value: text(i.name) for i in cards.eshi100.catalogue.icons}


def painter(pid: str) -> str:
    if pid == "mona-lisa":
        return _("Mona Lisa")
    if pid == "forgery":
        return _("a forgery")
    return _names("painters").get(pid, pid)


def card(game: str, cid: Any, view: Mapping[str, Any] | None = None) -> str:
    """A card as players name it: "Monet 4", "Forgery (Gogh)", "Red 7", "card 2 (bid 3)"."""
    cid = str(cid)
    if cid == "hidden":
        return _("a face-down card")
    if game in ("gallery-rush", "finger-auction", "detective-eye"):
        if cid == "mona-lisa":
            return _("Mona Lisa")
        if cid.startswith("forgery-"):
            return _("Forgery (%(painter)s)", painter=painter(cid[8:]))
        who, _sep, number = cid.partition("-")
        return f"{painter(who)} {number}"
    if game == "ultimatch":
        colour, _sep, number = cid.rpartition("-")
        return f"{_names('colours').get(colour, colour)} {number}"
    if game == "eshi100" and view is not None:
        info = (view.get("cards") or {}).get(cid)
        if info:
            title = _names("eshi100").get(str(info.get("id")))
            if title:
                return _("%(title)s, bid %(bid)s", title=title, bid=info.get("bid"))
            shown = icons(info.get("icons", []))
            return _("%(icons)s, bid %(bid)s", icons=shown, bid=info.get("bid"))
        return _("a card")
    return cid


_printed_cache: list[Any] = [None, {}]


def _printed(cards: Catalogue) -> dict[str, tuple[str, str]]:
    """Engine card id -> (deck, printed card id): the picture players know.

    Built once per catalogue object (a changed cards/ folder is a new one).
    """
    if _printed_cache[0] is cards:
        return _printed_cache[1]
    out: dict[str, tuple[str, str]] = {}
    for c in cards.triptych.cards:
        if c.kind == TriptychKind.PAINTING and c.painter is not None:
            out[f"{c.painter.value}-{c.number}"] = ("triptych", c.id)
        elif c.kind == TriptychKind.FORGERY and c.painter is not None:
            out[f"forgery-{c.painter.value}"] = ("triptych", c.id)
        elif c.kind == TriptychKind.MONA_LISA:
            out["mona-lisa"] = ("triptych", c.id)
    for c in cards.ultimatch.cards:
        out[f"ultimatch:{c.id}"] = ("ultimatch", c.id)
    for c in cards.eshi100.types:
        out[f"eshi100:{c.id}"] = ("eshi100", c.id)
    _printed_cache[:] = [cards, out]
    return out


def printed(game: str, cid: Any, view: Mapping[str, Any] | None = None) -> tuple[str, str] | None:
    """Where a card's picture is: (deck, card id) in the catalogue, or None.

    A 絵師100人展 card is printed only if the table plays printed cards (the
    engine's standard deck is not a printed one).
    """
    catalogue = catalogue_or_none()
    if catalogue is None or cid == "hidden":
        return None
    known = _printed(catalogue)
    if game == "ultimatch":
        return known.get(f"ultimatch:{cid}")
    if game == "eshi100":
        info = ((view or {}).get("cards") or {}).get(str(cid)) or {}
        return known.get(f"eshi100:{info.get('id')}")
    return known.get(str(cid))


def icons(ids: Sequence[str]) -> str:
    """絵師100人展 icons by name, as a card lists them."""
    return "・".join(_names("icons").get(i, i) for i in ids) or "-"


def cards(game: str, ids: Sequence[Any], view: Mapping[str, Any] | None = None) -> str:
    return _sep().join(card(game, c, view) for c in ids) if ids else _("nothing")


def joined(parts: Sequence[str]) -> str:
    return _sep().join(parts)


def side_by_side(parts: Sequence[str]) -> str:
    """Facts shown on one line: "Round 1 · Auctioneer: Aki", 「第1ラウンド・競り人：あき」
    (JLREQ's middle dot; a Latin " · " in Japanese reads as a stray mark)."""
    return Markup("・" if current_language() == "ja" else " · ").join(parts)


def hand_sizes(names: Sequence[str], sizes: Sequence[int]) -> str:
    """How many cards each player holds, by name: "Aki 4, Ben 5" (never "4, 5")."""
    return joined([f"{name} {size}" for name, size in zip(names, sizes, strict=False)])


def _sep() -> str:
    """The list separator of the page's language (、 in Japanese)."""
    return "、" if current_language() == "ja" else ", "


def signed(amount: Any) -> str:
    """+3, −2, ±0; a full-width plus after Japanese text (termbase)."""
    n = int(amount)
    if n == 0:
        return "±0"
    if n < 0:
        return f"−{-n}"
    return ("＋" if is_cjk(current_language()) else "+") + str(n)


def effect_text(cid: Any, timing: str, view: Mapping[str, Any] | None) -> str:
    """A 絵師100人展 card's effect in the page's language, from the card's own text."""
    info = ((view or {}).get("cards") or {}).get(str(cid)) or {}
    effect = info.get(timing) or {}
    return text(effect.get("text")) if effect.get("text") else ""


def bid(value: str) -> str:
    """A Finger Auction bid as shown: "3" or "right 3 / left 4"."""
    kind, _sep, arg = value.partition(":")
    if kind == "hands":
        right, _sep, left = arg.partition("/")
        return _("right %(right)s, left %(left)s", right=right, left=left)
    return arg


def action(game: str, act: str, view: Mapping[str, Any] | None = None) -> str:
    """The label of a legal action's button."""
    kind, _sep, arg = act.partition(":")
    names = (view or {}).get("players", [])
    c = lambda x: card(game, x, view)  # noqa: E731
    labels: dict[str, Callable[[], str]] = {
        "explore": lambda: _("Explore: flip a card"),
        "continue": lambda: _("Keep going: flip another"),
        "bank": lambda: _("Bank what you flipped"),
        "nominate": lambda: _("Name %(painter)s, then flip", painter=painter(arg)),
        "take": lambda: _("Take %(card)s", card=c(arg)),
        "hands": lambda: _(
            "Right %(right)s, left %(left)s", right=arg.split("/")[0], left=arg.split("/")[-1]
        ),
        "place": lambda: _("Place %(card)s face down", card=c(arg)),
        "declare": lambda: _(
            "Declare %(count)s × %(painter)s",
            count=arg.split(":")[-1],
            painter=painter(arg.split(":")[0]),
        ),
        "raise": lambda: _(
            "Raise to %(count)s × %(painter)s",
            count=arg.split(":")[-1],
            painter=painter(arg.split(":")[0]),
        ),
        "discard": lambda: _("Discard %(card)s", card=c(arg)),
        "give": lambda: _("Give %(card)s to the alta hand", card=c(arg)),
        "noswap": lambda: _("Keep my hand"),
        "alta": lambda: _("Put %(card)s in the alta hand", card=c(arg)),
        "none": lambda: _("Nothing to move: go on"),
        "collect": lambda: _("Collect %(card)s", card=c(arg)),
        "warehouse": lambda: _("Warehouse %(card)s", card=c(arg)),
    }
    if kind == "bid":
        if game == "finger-auction":
            return _("Bid %(fingers)s", fingers=arg)
        if not arg:
            return _("Bid nothing")
        return _("Bid %(cards)s", cards=cards(game, arg.split(",") if arg else [], view))
    if kind == "pass":
        if arg:
            return _("Pass %(cards)s", cards=cards(game, arg.split(","), view))
        return _("Pass")
    if kind == "adjust":
        if (view or {}).get("phase") == "manual_settle":
            return ngettext(
                "Settlement %(amount)s point",
                "Settlement %(amount)s points",
                _count(arg),
                amount=signed(arg),
            )
        return _("Bid points %(amount)s", amount=signed(arg))
    if kind == "flip":
        seat, _sep, pos = arg.partition(":")
        who = names[int(seat)] if seat.isdigit() and int(seat) < len(names) else seat
        position = int(pos) + 1 if pos.isdigit() else pos
        if seat.isdigit() and int(seat) == (view or {}).get("viewer"):
            return _("Flip your own card %(position)s", position=position)
        return _("Flip %(player)s's card %(position)s", player=who, position=position)
    if kind == "offer":
        if arg == "none":
            return _("Offer nothing")
        return _("Offer %(card)s", card=c(arg))
    if kind == "swap":
        seat, _sep, cid = arg.partition(":")
        who = names[int(seat)] if seat.isdigit() and int(seat) < len(names) else seat
        return _("Swap for %(player)s's %(card)s", player=who, card=c(cid))
    if kind == "match":
        target, _sep, used = arg.partition(":")
        alta = set((view or {}).get("alta") or [])
        return _(
            "Match %(target)s with %(cards)s",
            target=c(target),
            cards=joined(
                [
                    _("%(card)s from the alta hand", card=c(u)) if u in alta else c(u)
                    for u in used.split("+")
                ]
            ),
        )
    label = labels.get(kind)
    return label() if label else act


#: actions whose argument is the one card they move
_ONE_CARD = {"take", "place", "discard", "give", "offer", "alta", "collect", "warehouse"}


def action_cards(game: str, act: str) -> list[str]:
    """The cards an action moves, in the order its label names them (shown as pictures)."""
    kind, _sep, arg = act.partition(":")
    if kind in _ONE_CARD and arg and arg != "none":
        return [arg]
    if kind == "swap":
        return [arg.partition(":")[2]]
    if kind == "match":
        target, _sep, used = arg.partition(":")
        return [target, *used.split("+")]
    if kind == "pass" and arg:
        return arg.split(",")
    return []


def event(
    game: str, ev: Mapping[str, Any], names: Sequence[str], view: Mapping[str, Any] | None = None
) -> str:
    """One engine event as a sentence."""
    kind = ev.get("kind", "")
    d: Mapping[str, Any] = ev.get("data") or {}
    p = ev.get("player")
    who = names[p] if isinstance(p, int) and 0 <= p < len(names) else ""

    def name(seat: Any) -> str:
        try:
            return names[int(seat)]
        except (ValueError, TypeError, IndexError):
            return str(seat)

    c = lambda x: card(game, x, view)  # noqa: E731
    cs = lambda xs: cards(game, xs or [], view)  # noqa: E731
    if kind == "undo":
        return _("%(player)s's last move was taken back.", player=who)
    if kind == "game_end" or kind == "settlement":
        won = [name(w) for w in d.get("winners", [])]
        if not won:
            return _("The game is over.")
        return ngettext(
            "The game is over: %(winners)s won.",
            "The game is over: %(winners)s share the win.",
            len(won),
            winners=joined(won),
        )
    if game == "finger-auction":
        if kind in ("auction_won", "rebid"):
            bids = d.get("bids", {})
            why = _joined_sentences(
                [_("Bids: %(bids)s.", bids=_bids(bids, name)), *_clashes(bids, name)]
            )
            if kind == "rebid":
                return _joined_sentences([why, _("Nobody won: re-bid.")])
            won = ngettext(
                "%(player)s won and takes %(num)d card.",
                "%(player)s won and takes %(num)d cards.",
                _count(d.get("cards")),
                player=who,
            )
            return _joined_sentences([why, won])
        if kind == "take":
            if "cards" in d:
                return _("%(player)s takes %(cards)s.", player=who, cards=cs(d["cards"]))
            return _("%(player)s takes %(cards)s.", player=who, cards=c(d.get("card")))
        if kind == "take_rest":
            return _("%(player)s takes the rest: %(cards)s.", player=who, cards=cs(d.get("cards")))
        if kind == "round_start":
            return _(
                "Round %(round)s: the field is %(cards)s.",
                round=d.get("round"),
                cards=cs(d.get("field")),
            )
        if kind == "round_end":
            return _("Round %(round)s is over.", round=d.get("round"))
    simple: dict[str, Callable[[], str]] = {
        "flip": lambda: (
            _challenge_flip(d, p, who, name(d.get("seat")), c(d.get("card")))
            if "seat" in d
            else _("%(player)s flips %(card)s.", player=who, card=c(d.get("card")))
        ),
        "bank": lambda: _("%(player)s banks %(cards)s.", player=who, cards=cs(d.get("cards"))),
        "bust": lambda: _(
            "%(player)s flips %(card)s and loses %(cards)s.",
            player=who,
            card=c(d.get("card")),
            cards=cs(d.get("lost")),
        ),
        "nomination_succeeded": lambda: _(
            "%(player)s named %(painter)s and flipped %(card)s: right!",
            player=who,
            painter=painter(str(d.get("named"))),
            card=c(d.get("card")),
        ),
        "nomination_failed": lambda: _(
            "%(player)s named %(painter)s but flipped %(card)s: wrong.",
            player=who,
            painter=painter(str(d.get("named"))),
            card=c(d.get("card")),
        ),
        "mona_lisa_joins": lambda: _("The Mona Lisa joins %(player)s.", player=who),
        "mona_lisa": lambda: _("%(player)s has the Mona Lisa.", player=who),
        "victory_condition": lambda: _("%(player)s meets a victory condition.", player=who),
        "reshuffle": lambda: _("The discards are shuffled into a new deck."),
        "take": lambda: _(
            "%(player)s takes %(card)s from %(owner)s.",
            player=who,
            card=c(d.get("card")),
            owner=name(d.get("from")),
        ),
        "draft": lambda: _("Everyone passed cards on."),
        "placed": lambda: _("Cards are placed face down."),
        "place": lambda: _("%(player)s places a card face down.", player=who),
        "declare": lambda: _(
            "%(player)s declares %(count)s × %(painter)s.",
            player=who,
            count=d.get("count"),
            painter=painter(str(d.get("painter"))),
        ),
        "raise": lambda: _(
            "%(player)s raises to %(count)s × %(painter)s.",
            player=who,
            count=d.get("count"),
            painter=painter(str(d.get("painter"))),
        ),
        "pass": lambda: _("%(player)s passes.", player=who),
        "challenge": lambda: _(
            "%(player)s must find %(count)s × %(painter)s.",
            player=who,
            count=d.get("count"),
            painter=painter(str(d.get("painter"))),
        ),
        "challenge_failed": lambda: _(
            "%(player)s's challenge failed: a flipped card was not the painter declared.",
            player=who,
        ),
        "challenge_succeeded": lambda: _("%(player)s's challenge succeeded.", player=who),
        "forgery": lambda: (
            _(
                "%(player)s named %(painter)s but flipped %(card)s: their %(painter)s cards "
                "are discarded (%(cards)s).",
                player=who,
                painter=painter(str(d.get("named"))),
                card=c(d.get("card")),
                cards=cs(d.get("lost")),
            )
            if "named" in d  # Gallery Rush (GR-7): what was named and what showed
            else _("%(player)s takes a forgery as a penalty.", player=who)
        ),
        "discard": lambda: _(
            "%(player)s discards %(cards)s.",
            player=who,
            cards=cs(d["cards"]) if "cards" in d else c(d.get("card")),
        ),
        "round_end": lambda: _("The round is over."),
        "round_start": lambda: _("A new round begins."),
        "alta_revealed": lambda: _(
            "The alta hand is revealed: %(cards)s.", cards=cs(d.get("alta"))
        ),
        "first_player": lambda: _("%(player)s plays first.", player=who),
        "offers": lambda: _("Offers are made."),
        "exchange": lambda: _(
            "%(player)s exchanges with %(other)s.", player=who, other=name(d.get("with"))
        ),
        "match": lambda: _(
            "%(player)s matches %(target)s with %(cards)s.",
            player=who,
            target=c(d.get("target")),
            cards=cs(d.get("cards")),
        ),
        "reveal": lambda: (
            _("%(card)s is revealed.", card=c(d.get("card")))
            if "card" in d
            else _("The bids are revealed.")
        ),
        "reward": lambda: _("%(player)s is rewarded.", player=who),
        "won": lambda: _("Every card is matched: the table wins!"),
        "lost": lambda: _("The table loses: %(reason)s.", reason=_lost_reason(d.get("reason"))),
        "bid": lambda: ngettext(
            "%(player)s bids %(num)d card.",
            "%(player)s bids %(num)d cards.",
            _count(d.get("cards")),
            player=who,
        ),
        "bit": lambda: _bit(d, who, c, view),
        "bit_manual": lambda: _(
            "The table changes %(player)s's bid points by %(amount)s.",
            player=who,
            amount=signed(d.get("adjust", 0)),
        ),
        "settlement_manual": lambda: ngettext(
            "The table changes %(player)s's settlement by %(amount)s point.",
            "The table changes %(player)s's settlement by %(amount)s points.",
            _count(d.get("adjust", 0)),
            player=who,
            amount=signed(d.get("adjust", 0)),
        ),
        "winners": lambda: _(
            "The auction goes to %(winners)s.",
            winners=joined([name(w) for w in d.get("winners", [])]),
        ),
        "no_winner": lambda: _("Nobody wins the auction."),
        "no_bids": lambda: _("Nobody bid."),
        "collect": lambda: _("%(player)s collects %(card)s.", player=who, card=c(d.get("card"))),
        "warehouse": lambda: _(  # the owner's warehouse (ES-4), not the mover's
            "%(player)s puts %(card)s in %(owner)s's warehouse.",
            player=who,
            card=c(d.get("card")),
            owner=name(d.get("owner")),
        ),
    }
    sentence = simple.get(kind)
    return sentence() if sentence else kind


def said(game: str, message: str, params: Mapping[str, Any]) -> str:
    """An engine's message (a refusal, an option error) in the page's language,
    its cards named as players name them."""
    shown = {
        key: card(game, value)
        if isinstance(value, Card)
        else plus_joined(card(game, c) for c in value)
        if isinstance(value, Cards)
        else value
        for key, value in params.items()
    }
    out = _(message, **shown)
    if game == "ultimatch" and message == NO_MATCH:  # why not, by the match rule's own reasons
        target, played = params["target"], params["cards"]
        why = explain(parse_card_id(target), [parse_card_id(c) for c in played])
        out = _joined_sentences([out + _("."), *reason_lines(why.reasons)])
    return out


class Refusal(Sentence):
    """An engine's refusal as a message parameter. ``shape_only``: the engine
    said what an action must look like (its ``form``, e.g. ``bid:N``), which
    only an API client needs; a page says "pick one of the moves" instead."""

    shape_only: bool = False


def sentence(game: str, exc: IllegalAction | OptionError) -> Sentence:
    """An engine's refusal or option error as an API error's parameter: the
    English as the engine says it, worded in the caller's language when shown."""
    english = exc.reason if isinstance(exc, IllegalAction) else str(exc)
    out = Refusal(english, lambda: said(game, exc.message, exc.params))
    out.shape_only = "form" in exc.params
    return out


def _joined_sentences(parts: Sequence[str]) -> str:
    return ("" if is_cjk(current_language()) else " ").join(parts)


#: why a cooperative Ultimatch table lost (the engine's reasons)
LOST_REASONS = {
    "no match in solitaire": N_("no card in hand matches the pyramid"),
    "everyone passed in a row": N_("everyone passed in a row"),
}


def _lost_reason(reason: Any) -> str:
    known = LOST_REASONS.get(str(reason))
    return _(known) if known else _("no play was left")


def _count(value: Any) -> int:
    """How many, for a plural form: a count as the engine gives it (a signed
    amount counts by its size; anything else counts as many)."""
    try:
        return abs(int(value))
    except (TypeError, ValueError):
        return 2


def _challenge_flip(d: Mapping[str, Any], seat: Any, who: str, owner: str, card: str) -> str:
    """A challenger's flip (DE-4), said as the table says it: "Aki flips their own
    Vermeer 1: a hit." / "Aki flips Ben's Monet 4: a miss." """
    own = str(d.get("seat")) == str(seat)
    if d.get("hit"):
        if own:
            return _("%(player)s flips their own %(card)s: a hit.", player=who, card=card)
        return _(
            "%(player)s flips %(owner)s's %(card)s: a hit.", player=who, owner=owner, card=card
        )
    if own:
        return _("%(player)s flips their own %(card)s: a miss.", player=who, card=card)
    return _("%(player)s flips %(owner)s's %(card)s: a miss.", player=who, owner=owner, card=card)


def _bit(d: Mapping[str, Any], who: str, c: Callable[[Any], str], view: Any) -> str:
    """A bid effect as it happened: whose card, what it says, what it did."""
    cid = d.get("card")
    # quoted inside a sentence, the effect's own full stop goes (「…に＋3」が発動しました。)
    said = effect_text(cid, "bit", view).rstrip("。.")
    out = [
        _(
            "Bid effect of %(player)s's %(card)s: “%(effect)s”.",
            player=who,
            card=c(cid),
            effect=said,
        )
    ]
    if d.get("op") == "manual":
        out.append(_("The table decides what it changes."))
    elif "drew" in d:
        out.append(
            ngettext(
                "%(player)s draws %(num)d card.",
                "%(player)s draws %(num)d cards.",
                _count(d["drew"]),
                player=who,
            )
        )
    elif "discarded" in d:
        out.append(_("Discarded: %(cards)s.", cards=cards("eshi100", d["discarded"], view)))
    return _joined_sentences(out)


def _bids(bids: Mapping[str, str], name: Callable[[Any], str]) -> str:
    parts = [f"{name(seat)} {bid(value)}" for seat, value in bids.items()]
    if current_language() != "ja" and any("," in part for part in parts):
        return "; ".join(parts)  # "Aki right 2, left 4; Ben right 5, left 1"
    return joined(parts)


def _clashes(bids: Mapping[str, str], name: Callable[[Any], str]) -> list[str]:
    """Why bids did not win: which collided (FA-1), which right hands were blocked (FA-3)."""
    shown = {seat: value.partition(":")[2] for seat, value in bids.items()}
    out = []
    if len(shown) == 2 and all("/" in v for v in shown.values()):
        (a, va), (b, vb) = shown.items()
        (ra, la), (rb, lb) = va.split("/"), vb.split("/")
        for seat, right, other, left in ((a, ra, b, lb), (b, rb, a, la)):
            if right == left:
                out.append(
                    _(
                        "%(player)s's right hand (%(value)s) is blocked by %(other)s's left hand.",
                        player=name(seat),
                        value=right,
                        other=name(other),
                    )
                )
        if ra == rb and ra != lb and rb != la:
            out.append(_("Both right hands show %(value)s.", value=ra))
        return out
    by_value: dict[str, list[str]] = {}
    for seat, value in shown.items():
        by_value.setdefault(value, []).append(name(seat))
    for value, who in sorted(by_value.items()):
        if len(who) > 1:
            out.append(
                _(
                    "%(players)s all bid %(value)s: those bids collide.",
                    players=joined(who),
                    value=value,
                )
            )
    return out


def tie_breaks(game: str, state: Any, names: Sequence[str]) -> list[str]:
    """How the end's ties were settled, in words: who scored the same and how
    the result rule's tie-break ordered them (with the facts it compared),
    and who shares a place. Ultimatch is played together: no places to break."""
    if game == "ultimatch":
        return []
    scores, ranks = state.scores(), state.ranking()
    out = []
    by_score: dict[float, list[int]] = {}
    for seat, score in enumerate(scores):
        by_score.setdefault(score, []).append(seat)
    for score, seats in sorted(by_score.items(), key=lambda kv: min(ranks[s] for s in kv[1])):
        if len(seats) < 2 or len({ranks[s] for s in seats}) < 2:
            continue
        seats = sorted(seats, key=lambda s: (ranks[s], s))
        order = [
            _(
                "%(place)s. %(player)s (%(facts)s)",
                place=ranks[s],
                player=names[s],
                facts=_tie_facts(game, state, s),
            )
            for s in seats
        ]
        out.append(
            _(
                "%(players)s have the same score (%(score)s); the tie-break places them: "
                "%(order)s.",
                players=joined([names[s] for s in sorted(seats)]),
                score=int(score) if float(score).is_integer() else score,
                order=joined(order),
            )
        )
    by_place: dict[int, list[int]] = {}
    for seat, place in enumerate(ranks):
        by_place.setdefault(place, []).append(seat)
    for place, seats in sorted(by_place.items()):
        if len(seats) < 2:
            continue
        who = joined([names[s] for s in seats])
        if len({scores[s] for s in seats}) == 1:
            out.append(
                _(
                    "%(players)s share place %(place)s: the tie-break leaves them level.",
                    players=who,
                    place=place,
                )
            )
        else:  # Gallery Rush after a sole winner (GR-2): everyone else is second
            out.append(_("%(players)s share place %(place)s.", players=who, place=place))
    return out


def _tie_facts(game: str, state: Any, seat: int) -> str:
    """What the game's result rule compares after the score (FA-7, DE-8, GR-2)."""
    if game == "finger-auction":
        from cardpress.games.finger_auction import quick_score

        held = quick_score(state.held[seat], state.num_players)[1]
        return ngettext("%(num)d card held", "%(num)d cards held", held)
    if game == "detective-eye":
        return joined(
            [
                ngettext("%(num)d card in hand", "%(num)d cards in hand", state.held(seat)),
                ngettext("%(num)d forgery", "%(num)d forgeries", state.forgeries[seat]),
            ]
        )
    if game == "gallery-rush":
        met = seat == state.sole_winner or (state.end_reason == "round" and seat in state.achievers)
        return _("meets a victory condition") if met else _("no victory condition met")
    return _("the result rule's tie-break")
