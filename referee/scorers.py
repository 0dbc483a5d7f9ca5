"""Phone scorers and checkers: server-rendered forms that work without JS.

Every form posts to itself with a CSRF token. A stepper's +/- button is a
submit button (``step=FIELD:+1``): without JavaScript the server applies the
step and shows the form again; ``stepper.js`` does the same in place. The
"check" button builds the same JSON body the API takes and runs it through
:mod:`referee.adjudicate`, so forms and API agree on every rule and error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, current_app, render_template, request
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from cardpress.games import GAMES
from cardpress.games.gallery_rush import round_ranking
from cardpress.games.registry import PerGame
from cardpress.games.triptych import Tally
from cardpress.games.ultimatch.match import explain
from cardpress.players import MAX_NAME, BadName, player_name, shown
from cardpress.vocabulary import (
    ESHI100_DECK,
    FINGER_AUCTION_FIELD,
    FORGERIES,
    ICON_IDS,
    PAINTER_IDS,
    PAINTINGS_PER_PAINTER,
    TRIPTYCH_CARDS,
)
from referee import adjudicate
from referee.catalogue import catalogue, catalogue_or_none
from referee.i18n import keeps_query, plus_joined, text
from referee.ultimatch_text import colour_labels, reason_lines
from referee.validation import ApiError, ascii_number

bp = Blueprint("scorers", __name__, url_prefix="/<lang:lang>/play")

ICON_COMBOS: tuple[tuple[str, ...], ...] = (
    *((i,) for i in ICON_IDS),
    *((a, b) for n, a in enumerate(ICON_IDS) for b in ICON_IDS[n + 1 :]),
)


@dataclass
class Form:
    """Submitted values (as strings), their limits and the outcome."""

    values: dict[str, str]
    limits: dict[str, tuple[int, int]] = field(default_factory=dict)
    error: str | None = None
    error_field: str | None = None
    outcome: adjudicate.Outcome | None = None

    def int(self, name: str) -> int:
        lo, hi = self.limits.get(name, (0, 10**6))
        try:
            return max(lo, min(hi, int(self.values.get(name, "") or lo)))
        except ValueError:
            return lo

    def raw_int(self, name: str, default: int = 0) -> int | str:
        """The value as the API would see it: an int if it is one, else the text."""
        value = self.values.get(name, "").strip()
        if value == "":
            return default
        try:
            return int(value)
        except ValueError:
            return value

    def checked(self, name: str) -> bool:
        return self.values.get(name) in ("on", "1", "true", "yes")


def _form(defaults: dict[str, str], limits: dict[str, tuple[int, int]]) -> Form:
    values = dict(defaults)
    view = current_app.view_functions.get(request.endpoint or "")
    if request.method == "GET":  # a link may fill in what the page declares
        for key in getattr(view, "query_params", ()):
            if key in request.args and key in values:
                values[key] = request.args[key][:80]
    submitted: MultiDict[str, str] = request.form if request.method == "POST" else MultiDict()
    if request.method == "POST":
        # checkboxes send nothing when unchecked: a POST starts them all off
        for key, value in defaults.items():
            if value in ("on", "") and key not in limits:
                values[key] = ""
    for key in submitted:
        if key in values or key in limits:
            values[key] = submitted.get(key, "")[:80]
    form = Form(values, limits)
    step = submitted.get("step")
    if step:
        _apply_step(form, step)
    return form


def _apply_step(form: Form, step: str) -> None:
    name, _, delta = step.partition(":")
    if name not in form.limits:
        return
    lo, hi = form.limits[name]
    current = form.int(name)
    try:
        amount = int(delta)
    except ValueError:
        return
    new = current + amount if delta[:1] in "+-" else amount
    form.values[name] = str(max(lo, min(hi, new)))


def _run(form: Form, fn: Callable[[Any], adjudicate.Outcome], body: Any) -> None:
    try:
        form.outcome = fn(body)
    except ApiError as exc:
        form.error = exc.localised(gettext)
        form.error_field = exc.field


def _checking() -> bool:
    return request.method == "POST" and not request.form.get("step")


@bp.get("/")
def index() -> str:
    return render_template("scorers/index.html")


# --------------------------------------------------------------------------- Finger Auction


def seats(game: str) -> tuple[int, int]:
    """The fewest and most players of a game, as its engine declares them: a scorer's
    form offers and accepts that many, so it cannot disagree with the tables."""
    spec = GAMES[game]
    return (spec.min_players, spec.max_players)


FA_PLAYERS = seats("finger-auction")

#: what the round follower fills in when a game is over (names, cards taken)
SCORE_PREFILL = (
    "players",
    *(f"{k}-{i}" for i in range(FA_PLAYERS[1]) for k in ("name", "took")),
)


@bp.route("/finger-auction/score", methods=["GET", "POST"])
@keeps_query(*SCORE_PREFILL)
def finger_auction_score() -> str:
    defaults = {"players": "3", "mona_lisa": "none"}
    limits = {"players": FA_PLAYERS}
    for i in range(FA_PLAYERS[1]):
        defaults[f"name-{i}"] = ""
        defaults[f"took-{i}"] = ""
        for p in PAINTER_IDS:
            defaults[f"{p}-{i}"] = "0"
            limits[f"{p}-{i}"] = (0, PAINTINGS_PER_PAINTER)
            defaults[f"forgery-{p}-{i}"] = ""
    form = _form(defaults, limits)
    players = form.int("players")
    if _checking():
        hands = _finger_auction_hands(form, players)
        if hands is not None:
            _run(form, adjudicate.finger_auction_score, {"players": players, "hands": hands})
    return render_template(
        "scorers/finger_auction_score.html",
        form=form,
        players=players,
        painters=PAINTER_IDS,
        painter_names=_painter_names(),
    )


def _finger_auction_hands(form: Form, players: int) -> list[dict[str, Any]] | None:
    """The API's hands from the form, or None with a sentence naming the player
    and the card (the deck's limits are checked here, in the table's words)."""
    names = _names(form, players)
    painter_names = _painter_names()
    if len(set(names)) != len(names):
        form.error = gettext("Two players have the same name.")
        return None
    totals = dict.fromkeys(PAINTER_IDS, 0)
    forgery_owner: dict[str, str] = {}
    hands = []
    for i, name in enumerate(names):
        hand: dict[str, Any] = {"name": name, "forgeries": []}
        for p in PAINTER_IDS:
            count = _count(form, f"{p}-{i}", name, painter_names[p], 8)
            if count is None:
                return None
            totals[p] += count
            if totals[p] > PAINTINGS_PER_PAINTER:
                form.error = gettext(
                    "%(name)s: %(painter)s — %(n)d paintings, the deck has %(max)d",
                    name=name,
                    painter=painter_names[p],
                    n=totals[p],
                    max=PAINTINGS_PER_PAINTER,
                )
                form.error_field = f"{p}-{i}"
                return None
            hand[p] = count
            if form.checked(f"forgery-{p}-{i}"):
                if p in forgery_owner:
                    form.error = gettext(
                        "%(name)s: the deck has one %(painter)s forgery and %(other)s holds it",
                        name=name,
                        painter=painter_names[p],
                        other=forgery_owner[p],
                    )
                    form.error_field = f"forgery-{p}-{i}"
                    return None
                forgery_owner[p] = name
                hand["forgeries"].append(p)
        hand["mona_lisa"] = form.values.get("mona_lisa") == str(i)
        hands.append(hand)
    return hands


def _player(i: int) -> str:
    return gettext("Player %(n)d", n=i + 1)


def _painter_names() -> dict[str, str]:
    """The catalogue's names; this form also works while the card data is broken."""
    names = {"monet": gettext("Monet"), "gogh": gettext("Van Gogh"), "vermeer": gettext("Vermeer")}
    if (cards := catalogue_or_none()) is not None:
        names.update({p.id.value: text(p.name) for p in cards.triptych.painters})
    return names


@bp.route("/finger-auction/auction", methods=["GET", "POST"])
def finger_auction_auction() -> str:
    defaults = {"participants": "3", "field": "7", "variant": "standard"}
    limits = {"participants": FA_PLAYERS, "field": (1, FINGER_AUCTION_FIELD)}
    for i in range(FA_PLAYERS[1]):
        defaults[f"name-{i}"] = ""
        for key in ("bid", "right", "left"):
            defaults[f"{key}-{i}"] = "1"
            limits[f"{key}-{i}"] = (1, 5)
        defaults[f"prev-{i}"] = "0"
        limits[f"prev-{i}"] = (0, 5)
    form = _form(defaults, limits)
    n = form.int("participants")
    if _checking():
        body = _auction_body(form, n)
        if body is not None:
            _run(form, adjudicate.finger_auction_auction, body)
    return render_template("scorers/finger_auction_auction.html", form=form, n=n)


def _auction_body(form: Form, n: int) -> dict[str, Any] | None:
    """The API's auction from the form, or None with a sentence naming who and what."""
    names = [form.values[f"name-{i}"].strip() or chr(ord("A") + i) for i in range(n)]
    if len(set(names)) != len(names):
        form.error = gettext("Two participants have the same name.")
        return None
    field = _number(form, "field", gettext("Cards on the field"), 1, FINGER_AUCTION_FIELD)
    if field is None:
        return None
    bids: dict[str, Any] = {}
    previous: dict[str, int] = {}
    for i, name in enumerate(names):
        if n != 2:
            bids[name] = _number(form, f"bid-{i}", f"{name}: {gettext('Fingers')}", 1, 5)
            if bids[name] is None:
                return None
            continue
        hands = {}
        for key, label in (("right", gettext("Right hand")), ("left", gettext("Left hand"))):
            hands[key] = _number(form, f"{key}-{i}", f"{name}: {label}", 1, 5)
            if hands[key] is None:
                return None
        prev = _number(form, f"prev-{i}", f"{name}: {gettext('Previous right hand')}", 0, 5)
        if prev is None:
            return None
        if prev and prev == hands["right"]:
            form.error = gettext(
                "%(name)s: the right hand may not show %(n)d again; it was shown in the "
                "previous auction of this round (FA-4).",
                name=name,
                n=prev,
            )
            form.error_field = f"right-{i}"
            return None
        if prev:
            previous[name] = prev
        bids[name] = hands
    body: dict[str, Any] = {
        "field": field,
        "bids": bids,
        "variant": "strict" if form.values.get("variant") == "strict" else "standard",
    }
    if previous:
        body["previous_right"] = previous
    return body


def _number(form: Form, key: str, label: str, lo: int, hi: int) -> int | None:
    """A whole number lo..hi from the form, or a sentence saying what is wrong."""
    value = form.values.get(key, "").strip() or str(lo)
    if value.isascii() and value.isdigit() and lo <= int(value) <= hi:
        return int(value)
    form.error = gettext(
        "%(label)s — enter a whole number from %(lo)d to %(hi)d, not “%(value)s”",
        label=label,
        lo=lo,
        hi=hi,
        value=value[:12],
    )
    form.error_field = key
    return None


# --------------------------------------------------------------------------- Gallery Rush

GR_PLAYERS = seats("gallery-rush")


@dataclass
class Collection:
    """One player's collection on the Gallery Rush table view."""

    name: str
    counts: dict[str, int]
    mona_lisa: bool
    conditions: tuple[str, ...] = ()
    rank: int | None = None

    @property
    def cards(self) -> int:
        return sum(self.counts.values()) + int(self.mona_lisa)


def _count(form: Form, key: str, who: str, what: str, hi: int) -> int | None:
    """A number of cards 0..hi, or a sentence naming whose cards are wrong."""
    return _number(form, key, f"{who}: {what}", 0, hi)


def _rank(players: list[Collection]) -> None:
    """The achievers' places by the engine's GR-3 (the others have none yet)."""
    achievers = [i for i, p in enumerate(players) if p.conditions]
    ranks = round_ranking([p.cards for p in players], achievers)
    for i in achievers:
        players[i].rank = ranks[i]


@bp.route("/gallery-rush", methods=["GET", "POST"])
def gallery_rush() -> str:
    hi = GR_PLAYERS[1]
    defaults = {"players": "3", "mona_lisa": "none", "mona_win": "", "discard-forgeries": "0"}
    limits = {"players": GR_PLAYERS, "discard-forgeries": (0, FORGERIES)}
    for i in range(hi):
        defaults[f"name-{i}"] = ""
        for p in PAINTER_IDS:
            defaults[f"{p}-{i}"] = "0"
            limits[f"{p}-{i}"] = (0, PAINTINGS_PER_PAINTER)
    for p in PAINTER_IDS:
        defaults[f"discard-{p}"] = "0"
        limits[f"discard-{p}"] = (0, PAINTINGS_PER_PAINTER)
        defaults[f"keep-{p}"] = ""
    form = _form(defaults, limits)
    n = form.int("players")
    names = _names(form, n)
    painter_names = _painter_names()
    table: list[Collection] = []
    odds: dict[str, Any] | None = None
    if _checking():
        table, odds = _gallery_rush_check(form, n, names, painter_names)
    return render_template(
        "scorers/gallery_rush.html",
        form=form,
        n=n,
        names=names,
        table=table,
        odds=odds,
        painters=PAINTER_IDS,
        painter_names=painter_names,
    )


def _gallery_rush_check(
    form: Form, n: int, names: list[str], painter_names: dict[str, str]
) -> tuple[list[Collection], dict[str, Any] | None]:
    table: list[Collection] = []
    tally = Tally()
    for i in range(n):
        counts = {}
        for p in PAINTER_IDS:
            value = _count(form, f"{p}-{i}", names[i], painter_names[p], 8)
            if value is None:
                return [], None
            counts[p] = value
        tally.add(counts)
        table.append(Collection(names[i], counts, form.values.get("mona_lisa") == str(i)))
    discard_label = gettext("Discard pile")
    discarded = {}
    for p in PAINTER_IDS:
        value = _count(form, f"discard-{p}", discard_label, painter_names[p], 8)
        if value is None:
            return [], None
        discarded[p] = value
    tally.add(discarded)
    seen = dict(tally.paintings)
    forgeries = _count(form, "discard-forgeries", discard_label, gettext("Forgeries"), FORGERIES)
    if forgeries is None:
        return [], None
    keep = [p for p in PAINTER_IDS if form.checked(f"keep-{p}")]
    tally.add({p: 1 for p in keep})
    if (excess := tally.excess()) is not None:
        painter, total = excess
        form.error = gettext(
            "%(painter)s — %(n)d paintings on the table, the deck has %(max)d",
            painter=painter_names[painter],
            n=total,
            max=PAINTINGS_PER_PAINTER,
        )
        form.error_field = f"{painter}-0"
        return [], None
    rulings: list[str] = []
    for player in table:
        body = {"collection": {**player.counts, "mona_lisa": player.mona_lisa}}
        outcome = adjudicate.gallery_rush_victory(body)
        player.conditions = tuple(outcome.body["conditions"])
        rulings.extend(outcome.rulings)
    _rank(table)
    if any(p.conditions for p in table):
        rulings += ["GR-3", "GR-1"]
    winner = form.values.get("mona_win", "")
    if (seat := ascii_number(winner, 2)) is not None and seat < n:
        rulings.append("GR-9")
    mona_seen = form.values.get("mona_lisa") not in ("none", "")
    unseen = TRIPTYCH_CARDS - sum(seen.values()) - len(keep) - forgeries - int(mona_seen)
    odds = None
    if unseen > 0:
        body = {
            "keep": keep,
            "seen": seen,
            "seen_forgeries": forgeries,
            "mona_lisa_seen": mona_seen,
        }
        found = adjudicate.gallery_rush_odds(body)
        odds = found.body
        rulings.extend(found.rulings)
    form.outcome = adjudicate.Outcome({"unseen": unseen}, tuple(dict.fromkeys(rulings)))
    return table, odds


def _names(form: Form, n: int) -> list[str]:
    """Each player's name as the API would keep it (cardpress.players: NFC, nothing
    invisible-only), "Player 2" where none was typed; a name that cannot be used is
    replaced the same way and the form says why."""
    names = []
    for i in range(n):
        typed = form.values.get(f"name-{i}", "")
        try:
            names.append(player_name(typed) if typed.strip() else _player(i))
        except BadName:
            form.error = gettext(
                "“%(name)s”: a name is at most %(max)d letters, with no control characters.",
                name=shown(typed),
                max=MAX_NAME,
            )
            names.append(_player(i))
    return names


# --------------------------------------------------------------------------- Ultimatch


def _ultimatch_choices() -> tuple[list[tuple[str, str]], list[int]]:
    deck = catalogue().ultimatch
    colours = list(colour_labels().items())
    numbers = sorted({c.number for c in deck.cards})
    return colours, numbers


@bp.route("/ultimatch", methods=["GET", "POST"])
@keeps_query("target")
def ultimatch() -> str:
    colours, numbers = _ultimatch_choices()
    reasons: list[str] = []
    target = request.args.get("target", "") if request.method == "GET" else ""
    t_colour, _, t_number = target.partition("-")
    defaults = {
        "target-colour": t_colour if t_colour in dict(colours) else colours[0][0],
        "target-number": t_number
        if ascii_number(t_number, 2) is not None
        else str(numbers[len(numbers) // 2]),
        "card1-colour": colours[0][0],
        "card1-number": str(numbers[0]),
        "card2-colour": "",
        "card2-number": "",
    }
    form = _form(defaults, {})
    if _checking():
        cards = []
        for slot in ("card1", "card2"):
            colour = form.values.get(f"{slot}-colour", "")
            number = form.values.get(f"{slot}-number", "")
            if colour and number:
                cards.append(f"{colour}-{number}")
            elif colour or number:  # half a card is a mistake, never silently dropped
                form.error = gettext(
                    "Your second card: choose both its colour and its number, or neither."
                )
                form.error_field = f"{slot}-number" if colour else f"{slot}-colour"
        target_id = f"{form.values['target-colour']}-{form.values['target-number']}"
        if form.error is None:
            _run(form, adjudicate.ultimatch_match, {"target": target_id, "cards": cards})
        if form.outcome is not None:
            known = {c.id: (c.colour, c.number) for c in catalogue().ultimatch.cards}
            why = explain(known[target_id], [known[c] for c in cards])
            reasons = reason_lines(why.reasons)
    return render_template(
        "scorers/ultimatch.html", form=form, colours=colours, numbers=numbers, reasons=reasons
    )


# --------------------------------------------------------------------------- 絵師100人展


def combo_key(combo: tuple[str, ...]) -> str:
    return "icons-" + "-".join(combo)


@bp.route("/eshi100", methods=["GET", "POST"])
def eshi100() -> str:
    defaults = {combo_key(c): "0" for c in ICON_COMBOS}
    limits = {combo_key(c): (0, ESHI100_DECK) for c in ICON_COMBOS}
    defaults.update({"warehouse": "0", "adjustments": "0"})
    limits.update({"warehouse": (0, 99), "adjustments": (-99, 99)})
    form = _form(defaults, limits)
    if _checking():
        collection = []
        for combo in ICON_COMBOS:
            count = form.raw_int(combo_key(combo))
            if not isinstance(count, int) or not 0 <= count <= ESHI100_DECK:
                form.error = gettext("Enter a number of cards between 0 and 40.")
                form.error_field = combo_key(combo)
                break
            collection.extend({"icons": list(combo)} for _ in range(count))
        if form.error is None:
            body = {
                "collection": collection,
                "warehouse": [{"bid": form.raw_int("warehouse")}],
                "adjustments": [form.raw_int("adjustments")],
            }
            _run(form, adjudicate.eshi100_score, body)
    icon_names = _icon_names()
    combos = [(combo_key(c), plus_joined(icon_names.get(i, i) for i in c), c) for c in ICON_COMBOS]
    return render_template("scorers/eshi100.html", form=form, combos=combos)


def _icon_names() -> dict[str, str]:
    """The catalogue's names; this form also works while the card data is broken."""
    names = {
        "ume": gettext("Ume"),
        "sakura": gettext("Sakura"),
        "asagao": gettext("Asagao"),
        "kikyo": gettext("Kikyo"),
    }
    if (cards := catalogue_or_none()) is not None:
        names.update({i.id.value: text(i.name) for i in cards.eshi100.catalogue.icons})
    return names


#: each game's phone helpers, in the order a card page offers them (each game's
#: spec declares its own)
GAME_TOOLS: PerGame = PerGame(lambda spec: spec.tools)


class _Tools(Sequence[tuple[str, str]]):
    """Every game's helpers, in the games' order, read from the registry each time."""

    def _all(self) -> list[tuple[str, str]]:
        return [t for tools in GAME_TOOLS.values() for t in tools]

    def __getitem__(self, i: Any) -> Any:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())


class _ToolGame(Mapping[str, str]):
    """Helper endpoint -> the game it helps with, read from the registry each time."""

    def _all(self) -> dict[str, str]:
        return {e: game for game, tools in GAME_TOOLS.items() for e, _ in tools}

    def __getitem__(self, endpoint: str) -> str:
        return self._all()[endpoint]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


TOOLS: Sequence[tuple[str, str]] = _Tools()
#: helper endpoint -> the game it helps with (keep.js remembers it for card pages)
TOOL_GAME: Mapping[str, str] = _ToolGame()
