"""Phone scorers and checkers: server-rendered forms that work without JS.

Every form posts to itself with a CSRF token. A stepper's +/- button is a
submit button (``step=FIELD:+1``): without JavaScript the server applies the
step and shows the form again; ``stepper.js`` does the same in place. The
"check" button builds the same JSON body the API takes and runs it through
:mod:`referee.adjudicate`, so forms and API agree on every rule and error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext
from werkzeug.datastructures import MultiDict

from referee import adjudicate
from referee.adjudicate import ICONS, PAINTERS
from referee.catalogue import catalogue, catalogue_or_none
from referee.i18n import text
from referee.validation import N_, ApiError

bp = Blueprint("scorers", __name__, url_prefix="/<lang:lang>/play")

RULE_GAMES = {
    "GR": "gallery-rush",
    "FA": "finger-auction",
    "DE": "detective-eye",
    "UM": "ultimatch",
    "ES": "eshi100",
    "TR": "choose",
}

ICON_COMBOS: tuple[tuple[str, ...], ...] = (
    *((i,) for i in ICONS),
    *((a, b) for n, a in enumerate(ICONS) for b in ICONS[n + 1 :]),
)


def rule_game(rule_id: str) -> str:
    return RULE_GAMES.get(rule_id.split("-", 1)[0], "")


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


@bp.route("/finger-auction/score", methods=["GET", "POST"])
def finger_auction_score() -> str:
    defaults = {"players": "3", "mona_lisa": "none"}
    limits = {"players": (2, 4)}
    for i in range(4):
        defaults[f"name-{i}"] = ""
        for p in PAINTERS:
            defaults[f"{p}-{i}"] = "0"
            limits[f"{p}-{i}"] = (0, adjudicate.PAINTINGS_PER_PAINTER)
            defaults[f"forgery-{p}-{i}"] = ""
    form = _form(defaults, limits)
    players = form.int("players")
    if _checking():
        hands = []
        for i in range(players):
            hand: dict[str, Any] = {
                "name": form.values[f"name-{i}"].strip() or _player(i),
                **{p: form.raw_int(f"{p}-{i}") for p in PAINTERS},
                "forgeries": [p for p in PAINTERS if form.checked(f"forgery-{p}-{i}")],
                "mona_lisa": form.values.get("mona_lisa") == str(i),
            }
            hands.append(hand)
        _run(form, adjudicate.finger_auction_score, {"players": players, "hands": hands})
    return render_template(
        "scorers/finger_auction_score.html",
        form=form,
        players=players,
        painters=PAINTERS,
        painter_names=_painter_names(),
    )


def _player(i: int) -> str:
    return gettext("Player %(n)d", n=i + 1)


def _painter_names() -> dict[str, str]:
    """The catalogue's names; this form also works while the card data is broken."""
    names = {"monet": gettext("Monet"), "gogh": gettext("Gogh"), "vermeer": gettext("Vermeer")}
    if (cards := catalogue_or_none()) is not None:
        names.update({p.id.value: text(p.name) for p in cards.triptych.painters})
    return names


@bp.route("/finger-auction/auction", methods=["GET", "POST"])
def finger_auction_auction() -> str:
    defaults = {"participants": "3", "field": "7", "variant": "standard"}
    limits = {"participants": (2, 4), "field": (1, adjudicate.TRIPTYCH_CARDS)}
    for i in range(4):
        defaults[f"name-{i}"] = ""
        for key in ("bid", "right", "left"):
            defaults[f"{key}-{i}"] = "1"
            limits[f"{key}-{i}"] = (1, 5)
        defaults[f"prev-{i}"] = "0"
        limits[f"prev-{i}"] = (0, 5)
    form = _form(defaults, limits)
    n = form.int("participants")
    if _checking():
        names = [form.values[f"name-{i}"].strip() or chr(ord("A") + i) for i in range(n)]
        bids: dict[str, Any] = {}
        previous: dict[str, Any] = {}
        for i, name in enumerate(names):
            if n == 2:
                bids[name] = {
                    "right": form.raw_int(f"right-{i}"),
                    "left": form.raw_int(f"left-{i}"),
                }
                prev = form.raw_int(f"prev-{i}")
                if prev != 0:
                    previous[name] = prev
            else:
                bids[name] = form.raw_int(f"bid-{i}")
        if len(set(names)) != len(names):
            form.error = gettext("Two participants have the same name.")
        else:
            body: dict[str, Any] = {
                "field": form.raw_int("field"),
                "bids": bids,
                "variant": form.values.get("variant") or "standard",
            }
            if previous:
                body["previous_right"] = previous
            _run(form, adjudicate.finger_auction_auction, body)
    return render_template("scorers/finger_auction_auction.html", form=form, n=n)


# --------------------------------------------------------------------------- Gallery Rush


@bp.route("/gallery-rush", methods=["GET", "POST"])
def gallery_rush() -> str:
    defaults = {p: "0" for p in PAINTERS}
    defaults["mona_lisa"] = ""
    limits = {p: (0, adjudicate.PAINTINGS_PER_PAINTER) for p in PAINTERS}
    for p in PAINTERS:
        defaults[f"keep-{p}"] = ""
        defaults[f"seen-{p}"] = "0"
        limits[f"seen-{p}"] = (0, adjudicate.PAINTINGS_PER_PAINTER)
    defaults.update({"seen-forgeries": "0", "seen-mona-lisa": ""})
    limits["seen-forgeries"] = (0, 3)
    form = _form(defaults, limits)
    if _checking():
        collection: dict[str, Any] = {p: form.raw_int(p) for p in PAINTERS}
        collection["mona_lisa"] = form.checked("mona_lisa")
        _run(form, adjudicate.gallery_rush_victory, {"collection": collection})
        victory = form.outcome
        if victory is not None:
            # Your own collection is visible too: it counts as seen.
            seen = {p: collection[p] + form.raw_int(f"seen-{p}") for p in PAINTERS}
            odds_body = {
                "keep": [p for p in PAINTERS if form.checked(f"keep-{p}")],
                "seen": seen,
                "seen_forgeries": form.raw_int("seen-forgeries"),
                "mona_lisa_seen": collection["mona_lisa"] or form.checked("seen-mona-lisa"),
            }
            _run(form, adjudicate.gallery_rush_odds, odds_body)
            odds = form.outcome
            form.outcome = adjudicate.Outcome(
                victory.body,
                victory.rulings + (odds.rulings if odds else ()),
                {"odds": odds.body if odds else None},
            )
    return render_template(
        "scorers/gallery_rush.html", form=form, painters=PAINTERS, painter_names=_painter_names()
    )


# --------------------------------------------------------------------------- Ultimatch


def _ultimatch_choices() -> tuple[list[tuple[str, str]], list[int]]:
    deck = catalogue().ultimatch
    colours = [(c.id, f"{text(c.name)} {c.symbol}".strip()) for c in deck.colours]
    numbers = sorted({c.number for c in deck.cards})
    return colours, numbers


@bp.route("/ultimatch", methods=["GET", "POST"])
def ultimatch() -> str:
    colours, numbers = _ultimatch_choices()
    target = request.args.get("target", "") if request.method == "GET" else ""
    t_colour, _, t_number = target.partition("-")
    defaults = {
        "target-colour": t_colour if t_colour in dict(colours) else colours[0][0],
        "target-number": t_number if t_number.isdigit() else str(numbers[len(numbers) // 2]),
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
        target_id = f"{form.values['target-colour']}-{form.values['target-number']}"
        _run(form, adjudicate.ultimatch_match, {"target": target_id, "cards": cards})
    return render_template("scorers/ultimatch.html", form=form, colours=colours, numbers=numbers)


# --------------------------------------------------------------------------- 絵師100人展


def combo_key(combo: tuple[str, ...]) -> str:
    return "icons-" + "-".join(combo)


@bp.route("/eshi100", methods=["GET", "POST"])
def eshi100() -> str:
    defaults = {combo_key(c): "0" for c in ICON_COMBOS}
    limits = {combo_key(c): (0, adjudicate.ESHI100_DECK) for c in ICON_COMBOS}
    defaults.update({"warehouse": "0", "adjustments": "0"})
    limits.update({"warehouse": (0, 99), "adjustments": (-99, 99)})
    form = _form(defaults, limits)
    if _checking():
        collection = []
        for combo in ICON_COMBOS:
            count = form.raw_int(combo_key(combo))
            if not isinstance(count, int) or not 0 <= count <= adjudicate.ESHI100_DECK:
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
    combos = [(combo_key(c), " + ".join(icon_names.get(i, i) for i in c), c) for c in ICON_COMBOS]
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


TOOLS: tuple[tuple[str, str], ...] = (
    ("scorers.finger_auction_score", N_("Finger Auction scoring")),
    ("scorers.finger_auction_auction", N_("Finger Auction auction")),
    ("scorers.gallery_rush", N_("Gallery Rush victory check")),
    ("scorers.ultimatch", N_("Ultimatch match checker")),
    ("scorers.eshi100", N_("Eshi 100 settlement")),
)
