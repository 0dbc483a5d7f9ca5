"""The phones' pages: create a table, a seat's phone, the host's, a spectator's.

Server-rendered and usable without JavaScript: every action is a button in a
form that posts to the page and redirects back (so reload and Back never
repeat it; a hidden one-time key makes a double tap count once).
``tables.js`` adds live updates: it follows the table's event stream and
swaps in the fresh page when the version moves.
"""

from __future__ import annotations

import io
import json
import secrets
from functools import lru_cache
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup, escape
from PIL import Image
from werkzeug.datastructures import MultiDict

from cardpress.games import GAMES
from cardpress.games.registry import Option, PerGame
from cardpress.games.ultimatch import PASS_RULE_ALIASES
from cardpress.players import MAX_NAME, BadName, player_name, shown
from cardpress.print.export import card_png
from cardpress.print.qr import qr_matrix
from referee.cards import PictureCache
from referee.catalogue import catalogue
from referee.contract import parse
from referee.hosts import external_url, picture_base_url
from referee.i18n import keeps_query, text
from referee.tables import create_request, guide, results, service, words
from referee.tables.extension import create_key, create_limit, tables, tidy
from referee.tables.http_status import as_api_error
from referee.tables.reasons import worded
from referee.tables.refusals import Refused
from referee.tables.repository import Table
from referee.tables.schemas import MAX_SEATS, CreateTable
from referee.tables.service import Caller
from referee.validation import N_, ApiError, ascii_number

bp = Blueprint("tables_pages", __name__, url_prefix="/<lang:lang>/tables")

#: a seat option's choices ("who starts"): seat numbers, checked against the names
SEAT = "seat"

#: every engine option a host can pick on the create page: game -> option ->
#: choices (the engine's default first). Those the spec marks ``shown`` are in
#: view, the rest folded away, so the common case stays one tap. 絵師100人展's ``deck`` is the
#: table's (schemas.TABLE_OPTIONS): the printed deck by default here, so phones
#: show the cards the players hold; the engine's ``decks`` (card data) is not
#: a choice.
OPTION_CHOICES: PerGame = PerGame(
    lambda spec: {
        name: SEAT if o.kind == "seat" else o.offered(spec.max_players)
        for name, o in spec.offered.items()
    }
)


def _declared(key: str) -> Option | None:
    """The option of that name as a game's spec declares it, with its wording (an
    option name means the same in every game that has it)."""
    return next(
        (o for spec in GAMES.values() for o in spec.parameters if o.name == key and o.label),
        None,
    )


def option_name(key: str) -> str | None:
    """How the create and record pages name an option; None for one no form shows."""
    option = _declared(key)
    return _(option.label) if option is not None and option.label is not None else None


def option_label(key: str, value: Any) -> str:
    """How the create and record pages name an option's value, in the game's words."""
    option = _declared(key)
    if option is None or option.kind == "seat":
        return _("Seat %(number)s", number=int(value) + 1)
    label = dict(option.labels).get(value)
    return _(label) if label is not None else str(value)


def option_choices(game: str, key: str) -> tuple[Any, ...]:
    choices = OPTION_CHOICES[game][key]
    return tuple(range(GAMES[game].max_players)) if choices == SEAT else choices  # type: ignore[return-value]


def option_value(game: str, key: str, raw: str | None) -> Any:
    """The form's text back to the engine's value; None when it is not a choice.

    An option value of earlier versions (UM-6's "official") is read as its new name."""
    if key == "pass_rule":
        raw = PASS_RULE_ALIASES.get(raw or "", raw)
    for value in option_choices(game, key):
        if str(value) == raw:
            return value
    return None


def _lang() -> str:
    from referee.i18n import current_language

    return current_language()


# --------------------------------------------------------------------------- create


def _create_request(form: MultiDict[str, str], game: str) -> CreateTable:
    """The API's request from the form: the same model, so the same refusals.

    A row left blank is no seat; a typed name follows the API's rule
    (cardpress.players), said as a sentence naming what was typed."""
    names, bots = [], []
    for i in range(MAX_SEATS):
        typed = form.get(f"name{i}", "")
        if not typed.strip():
            continue
        try:
            player_name(typed)
        except BadName as exc:
            if exc.reason == "length":
                raise ApiError(
                    N_(
                        "“%(name)s”: a name is at most %(max)d letters, with no control characters."
                    ),
                    f"players[{len(names)}]",
                    name=shown(typed),
                    max=MAX_NAME,
                ) from None
            raise ApiError(
                N_(
                    "Seat %(seat)d: a name must show at least one visible character, with no "
                    "control or text-direction characters."
                ),
                f"players[{len(names)}]",
                seat=i + 1,
            ) from None
        if form.get(f"bot{i}"):
            bots.append(len(names))
        names.append(typed)
    _check_count(game, len(names))
    options: dict[str, Any] = {}
    for key, choices in OPTION_CHOICES.get(game, {}).items():
        value = option_value(game, key, form.get(key))
        if value is None:
            continue
        if choices == SEAT and value >= len(names):
            raise ApiError(
                N_("%(option)s: there is no seat %(number)s with %(count)s players"),
                key,
                option=option_name(key),
                number=value + 1,
                count=len(names),
            )
        if value != GAMES[game].options.get(key):
            options[key] = value
    seed = form.get("seed", "").strip()
    body: dict[str, Any] = {
        "game": game,
        "players": names,
        "options": options,
        "bots": bots,
        "lang": _lang(),
    }
    if seed:
        number = ascii_number(seed)
        body["seed"] = number if number is not None else seed  # the API's error names it
    return parse(CreateTable, body)


def _check_count(game: str, count: int) -> None:
    """Too few or too many names, said as the host would fix it: the game by
    its name, what to type (never the API's ``finger-auction ... not 1``)."""
    spec = GAMES[game]
    low, high = spec.min_players, spec.max_players
    if count < low:
        raise ApiError(
            ngettext(
                "Type at least %(num)d name: %(game)s is played by %(low)d to %(high)d players.",
                "Type at least %(num)d names: %(game)s is played by %(low)d to %(high)d players.",
                low,
                game=text(spec.name),
                low=low,
                high=high,
            ),
            "players",
        )
    if count > high:
        raise ApiError(
            _(
                "%(game)s is played by %(low)d to %(high)d players: type at most %(high)d names.",
                game=text(spec.name),
                low=low,
                high=high,
            ),
            "players",
        )


#: the create form's refused entries, kept for the page the refusal redirects to
NEW_FORM = "tables_new_form"


@bp.route("/new", methods=["GET", "POST"])
@keeps_query("game")
@create_limit
def new() -> Any:
    """The host's page: pick the game, the names, the bots; get a link per seat."""
    source = request.form if request.method == "POST" else request.args
    game = source.get("game", "finger-auction")
    if game not in GAMES:
        game = "finger-auction"
    error = None
    form: MultiDict[str, str] = request.form
    kept = session.pop(NEW_FORM, None) if request.method == "GET" else None
    if kept and kept.get("form", {}).get("game") == game:
        form, error = MultiDict(kept["form"]), kept.get("error")
    if request.method == "POST" and request.form.get("go"):
        try:
            req = _create_request(request.form, game)
            tidy()
            created = create_request.create(
                tables().repo, req, create_key(request.form.get("nonce"))
            )
        except (ApiError, Refused) as refused:
            exc = as_api_error(refused)
            # PRG: the refusal is shown by a GET, so a reload never posts the form again
            typed = {
                k: v for k, v in request.form.items() if k not in ("csrf_token", "nonce", "go")
            }
            session[NEW_FORM] = {"form": {**typed, "game": game}, "error": worded(exc).localised(_)}
            return redirect(url_for(".new", game=game), code=303)
        else:
            target = url_for(
                ".phone", table_id=created.table.id, token=created.host_token, lang=_lang()
            )
            return redirect(target, code=303)
    spec = GAMES[game]
    return render_template(
        "tables/new.html",
        game=game,
        games=GAMES,
        spec=spec,
        seats=range(MAX_SEATS),
        max_name=MAX_NAME,
        form=form,
        options=[
            (key, option_name(key), option_choices(game, key), spec.offered[key].shown)
            for key in OPTION_CHOICES.get(game, {})
        ],
        option_label=option_label,
        defaults=spec.options,
        error=error,
        nonce=secrets.token_urlsafe(16),
    )


def _table_or_404(table_id: str) -> Table:
    try:
        return service.load(tables().repo, table_id)
    except Refused:
        abort(404)


def _caller(table: Table, token: str | None) -> Caller:
    try:
        return service.identify(table, token)
    except Refused:
        abort(404)  # a wrong token looks exactly like a missing table


# --------------------------------------------------------------------------- pictures

#: card faces drawn small for phones (a 63 mm card is ~180 px wide: sharp at 2x
#: pixels for the ~80 px a card takes on a phone), one cache for every table
PICTURE_DPI = 72
small_pictures = PictureCache(512)


@bp.get("/cards/<deck_id>/<card_id>.png")
def picture(deck_id: str, card_id: str) -> Response:
    """A card's face as printed, small: hands and tables show these."""
    cards = catalogue()
    try:
        deck = cards.deck(deck_id)
        deck.card(card_id)
    except KeyError:
        abort(404)
    lang = _lang()
    base_url = picture_base_url()
    data, etag = small_pictures.get(
        cards,
        (deck_id, card_id, lang, base_url),
        lambda: palette_png(
            card_png(deck_id, card_id, lang, dpi=PICTURE_DPI, base_url=base_url, catalogue=cards)
        ),
    )
    response = Response(data, mimetype="image/png")
    response.set_etag(etag)
    # the same card looks the same all game long: a phone fetches it once a day
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response.make_conditional(request)


def palette_png(data: bytes, colours: int = 64) -> bytes:
    """The picture in 64 colours: a third of the bytes (≈5 kB a card), no
    difference a player can see at phone size; the QR code stays black and white."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    out = io.BytesIO()
    image.quantize(colours, dither=Image.Dither.FLOYDSTEINBERG).save(out, "PNG", optimize=True)
    return out.getvalue()


def picture_url(game: str, cid: Any, view: Any) -> str | None:
    where = words.printed(game, cid, view)
    if where is None:
        return None
    return url_for(".picture", deck_id=where[0], card_id=where[1])


# --------------------------------------------------------------------------- phones


@bp.get("/<table_id>")
def watch(table_id: str) -> str:
    """The spectator's page: the public table, e.g. on a shared screen."""
    table = _table_or_404(table_id)
    return _render(table, service.SPECTATOR, None)


@bp.get("/<table_id>/<token>")
@keeps_query("right", "first", "painter")
def phone(table_id: str, token: str) -> str:
    table = _table_or_404(table_id)
    caller = _caller(table, token)
    said = _pop_said(_said_key(table_id, caller))
    return _render(table, caller, token, error=said.get("error"), rule=said.get("rule"))


@bp.get("/<table_id>/record")
def public_record(table_id: str) -> Any:
    """The record for everyone once the game is over."""
    return _record_page(_table_or_404(table_id), service.SPECTATOR, None)


@bp.get("/<table_id>/<token>/record")
def record(table_id: str, token: str) -> Any:
    """The record: the host's at any time, everyone's after the end."""
    table = _table_or_404(table_id)
    return _record_page(table, _caller(table, token), token)


def _record_page(table: Table, caller: Caller, token: str | None) -> Any:
    try:
        found = service.game_record(tables().repo, table.id, token)
    except Refused:
        back = url_for(".phone", table_id=table.id, token=token) if token else None
        return render_template(
            "tables/record.html",
            table=table,
            spec=GAMES[table.game],
            closed=True,
            back=back or url_for(".watch", table_id=table.id),
        ), 403
    record = found.shown()
    if request.args.get("format") == "json":
        response = current_app.response_class(
            json.dumps(record, ensure_ascii=False, indent=1) + "\n", mimetype="application/json"
        )
        name = f"{table.game}-{table.id}.json"
        response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    back = url_for(".phone", table_id=table.id, token=token) if token else None
    return render_template(
        "tables/record.html",
        table=table,
        spec=GAMES[table.game],
        closed=False,
        moves=record_in_words(found.full, found.over),
        players=words.joined(table.players),
        options=[
            (option_name(key), option_label(key, value))
            for key, value in record["options"].items()
            if option_name(key) is not None and value is not None
        ],
        seed=record["seed"],
        over=found.over,
        back=back or url_for(".watch", table_id=table.id),
        json_url=url_for(request.endpoint or ".record", format="json", **(request.view_args or {})),
    )


def record_in_words(
    record: dict[str, Any], over: bool = True
) -> list[tuple[int, str, str, list[str]]]:
    """(move number, who, what they did, what followed) for every logged move.

    Replayed with the engine: once the game is over each action is named as
    its player saw it; before that as the table saw it (a secret move only as
    made, Secrecy). Each consequence is said as the table saw it.
    """
    game = record["game"]
    names = list(record["players"])
    spec = GAMES[game]
    state = spec.new_game(names, record["seed"], **record["options"])
    out = []
    for number, (seat, action) in enumerate(record["actions"], 1):
        if over:
            label = words.action(game, action, state.view(seat))
        elif spec.state_class.is_secret(action):
            label = _("a secret move (shown when the game is over)")
        else:
            label = words.action(game, action, state.view(None))
        happened = state.apply(seat, action)
        public = state.view(None)
        said = [
            words.event(game, {"kind": e.kind, "player": e.player, "data": e.data}, names, public)
            for e in happened
        ]
        out.append((number, names[seat], label, said))
    return out


#: the submit of a 絵師100人展 bid picked by ticking cards (any subset is a bid)
PICKED_BID = "bid-picked"


def bid_picker(game: str, actions: list[str], view: Any) -> dict[str, Any] | None:
    """A bid as ticked cards (絵師100人展): a hand of n cards has 2^n - 1 bids,
    far too many buttons (31 for five cards), so the phone lists the hand
    once and the engine checks the ticked set."""
    kind = words.of(game).ticked_kind
    if kind is None or not actions or not all(a.startswith(f"{kind}:") for a in actions):
        return None
    hand = list(view.get("hand") or [])
    if not hand:  # nothing to tick: the one move ("Bid nothing") is a plain button
        return None
    nothing = words.of(game).ticked([])
    return {"hand": hand, "nothing": nothing if nothing in actions else None}


def hands_picker(game: str, actions: list[str], chosen: str | None) -> dict[str, Any] | None:
    """A two-hand bid in two steps (right hand, then left): only legal pairs.

    Up to 25 "Right X, left Y" buttons are too many for a phone; the first
    step is a link (``?right=N``), so it works without JavaScript.
    """
    hands = [words.of(game).two_hands(a) for a in actions]
    if not actions or None in hands:
        return None
    pairs = [h for h in hands if h is not None]
    rights = sorted({r for r, _l in pairs})
    number = ascii_number(chosen, 2)
    right = number if number in rights else None
    lefts = sorted(left for r, left in pairs if r == right)
    return {"rights": rights, "right": right, "lefts": lefts}


#: more choices than this are picked in two taps (a card, then what goes with it)
MANY = 6


def card_picker(
    game: str, actions: list[str], view: Any, chosen: str | None
) -> dict[str, Any] | None:
    """Many card choices in two taps: a card first, then the moves that go with it.

    Detective Eye's draft passes two of five cards (10 pairs); an Ultimatch
    turn can offer dozens of plays. Step 1 lists each card once, as its
    picture, as links (``?first=<card>``: no JavaScript needed); step 2 only
    the legal moves with that card. Nothing illegal is ever offered.
    """
    if len(actions) <= MANY:
        return None
    taps = words.of(game).two_taps(actions, view)
    if taps is None:
        return None
    moves = taps.moves
    first = chosen if chosen in taps.firsts else None
    seconds = [
        (a, [c for c in cs if c != first], words.action(game, a, view))
        for a, cs in moves
        if first is not None and (cs[0] == first if taps.leads else first in cs)
    ]
    picked = {a for a, _cs in moves}
    others = [(a, words.action(game, a, view)) for a in actions if a not in picked]
    return {
        "firsts": taps.firsts,
        "first": first,
        "seconds": seconds,
        "others": others,
        "prompts": taps.prompts,
    }


def declare_picker(
    game: str, actions: list[str], view: Any, chosen: str | None
) -> dict[str, Any] | None:
    """A Detective Eye declaration or raise in two taps: the painter, then the count.

    Three painters times up to eight counts, beside the cards one may place,
    are too many buttons; step 1 lists each painter once as a link
    (``?painter=<id>``, no JavaScript needed), step 2 only that painter's
    legal counts. The other moves (place a card, pass) stay plain buttons.
    """
    said = words.of(game)
    if len(actions) <= MANY:
        return None
    counted = {a: c for a in actions if (c := said.counted(a)) is not None}
    if not counted:
        return None
    painters: list[str] = []
    for _kind, painter, _count in counted.values():
        if painter not in painters:
            painters.append(painter)
    painter = chosen if chosen in painters else None
    return {
        "painters": [(p, said.what(p)) for p in painters],
        "painter": painter,
        "counts": [(a, said.action(a, view)) for a, c in counted.items() if c[1] == painter],
        "others": [(a, said.action(a, view)) for a in actions if a not in counted],
        "prompt": said.counted_prompt(next(iter(counted.values()))[0]),
    }


def _in_words(game: str, exc: ApiError, view: Any) -> str:
    """A refusal as the page says it: the move named as its button names it,
    never in the engine's syntax (``bid:9``); a move the phone could not have
    offered (a malformed one) is told to use the buttons."""
    action, reason = exc.params.get("action"), worded(exc).params.get("reason")
    if not isinstance(action, str) or not isinstance(reason, words.Refusal):
        return exc.localised(_)
    label = words.action(game, action, view)
    if label == action or reason.shape_only:
        return _("That move cannot be played now: pick one of the moves on this page.")
    return _("“%(move)s” cannot be played now: %(reason)s", move=label, reason=reason.say())


#: where a refusal waits for the page it redirected to (PRG: a reload never posts again)
SAID = "tables_said"


def _keep_said(key: str, error: str, rule: str | None = None) -> Response:
    said = dict(session.get(SAID) or {})
    said[key] = {"error": error, "rule": rule}
    session[SAID] = dict(list(said.items())[-4:])  # a few tables' at most
    return redirect(request.path, code=303)


def _pop_said(key: str) -> dict[str, Any]:
    said = dict(session.get(SAID) or {})
    found = said.pop(key, None)
    if found is not None:
        session[SAID] = said
    return found or {}


def _said_key(table_id: str, caller: Caller) -> str:
    return f"{table_id}/{caller.role}/{caller.seat}"


@bp.post("/<table_id>/<token>")
def phone_post(table_id: str, token: str) -> Any:
    table = _table_or_404(table_id)
    caller = _caller(table, token)
    repo = tables().repo
    try:
        if request.form.get("undo") and caller.role == "host":
            table = service.undo(repo, table_id, token)
        elif request.form.get("action") and caller.role == "seat":
            version = request.form.get("version", "")
            action = request.form["action"]
            if action == PICKED_BID:
                picked = request.form.getlist("card")
                if not picked:
                    return _keep_said(_said_key(table_id, caller), _("Tick at least one card."))
                action = words.of(table.game).ticked(picked)
            table = service.act(
                repo,
                table_id,
                token,
                action,
                ascii_number(version, 9),
                request.form.get("nonce") or None,
            )
        else:
            abort(400)
    except (ApiError, Refused) as refused:
        exc = as_api_error(refused)
        fresh = service.load(repo, table_id)
        view = service.state_of(fresh).view(caller.seat)
        message = _in_words(table.game, exc, view)
        if exc.status == 409 and exc.field == "version":
            message = _("The table moved on before your tap arrived; here it is now.")
        return _keep_said(_said_key(table_id, caller), message, exc.extra.get("rule"))
    tables().bus.publish(table.id, table.version)
    return redirect(url_for(".phone", table_id=table_id, token=token), code=303)


def _nothing_to_undo() -> str:
    return _("Nothing to undo yet: no player has made a move.")


def _render(
    table: Table,
    caller: Caller,
    token: str | None,
    error: str | None = None,
    rule: str | None = None,
) -> str:
    state = service.state_of(table)
    seat = caller.seat
    view = state.view(seat)
    public = state.view(None)
    to_act = state.current_players()
    legal = state.legal_actions(seat) if seat is not None and seat in to_act else []
    names = list(table.players)
    game = table.game
    events = [
        (words.event(game, ev, names, public), ev.get("rule_ids", []))
        for ev in service.recent_events(tables().repo, table.id)
    ]
    terminal = state.is_terminal()
    host_links = []
    if caller.role == "host" and token:
        from referee.tables.tokens import seat_token

        for i, name in enumerate(names):
            if i in table.bots:
                host_links.append((i, name, None, None))
                continue
            url = external_url(".phone", table_id=table.id, token=seat_token(token, i))
            label = _("QR code of %(name)s's seat", name=name)
            host_links.append((i, name, url, qr_svg(url, label)))
    return render_template(
        "tables/phone.html",
        table=table,
        game=game,
        spec=GAMES[game],
        caller=caller,
        seat=seat,
        token=token,
        names=names,
        view=view,
        public=public,
        to_act=to_act,
        actions=[(a, words.action(game, a, view)) for a in legal],
        picker=hands_picker(game, legal, request.args.get("right")),
        card_picker=card_picker(game, legal, view, request.args.get("first")),
        declare_picker=declare_picker(game, legal, view, request.args.get("painter")),
        guide=guide.lines(game, view, names, seat),
        can_undo=caller.role == "host" and service.has_person_moves(tables().repo, table.id),
        nothing_to_undo=_nothing_to_undo(),
        bid_picker=bid_picker(game, legal, view),
        picked_bid=PICKED_BID,
        picture=picture_url,
        record_page=(
            url_for(".record", table_id=table.id, token=token)
            if token and (caller.role == "host" or terminal)
            else url_for(".public_record", table_id=table.id)
            if terminal
            else None
        ),
        events=events,
        running=results.running(game, state),
        result=results.shown(game, state, names),
        waiting=words.joined([names[i] for i in to_act]),
        terminal=terminal,
        host_links=host_links,
        watch_url=external_url(".watch", table_id=table.id),
        events_url=url_for("tables_api.events", table_id=table.id),
        nonce=secrets.token_urlsafe(16),
        error=error,
        error_rule=rule,
        words=words,
    )


@lru_cache(maxsize=256)
def qr_svg(data: str, label: str) -> Markup:
    """A QR code as inline SVG: one path of dark runs, quiet zone included."""
    matrix = qr_matrix(data)
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'class="qr" role="img" aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(runs)}" fill="#000"/></svg>'
    )


def no_store(response: Response) -> Response:
    """Phone pages hold capabilities and live state: never cached, never indexed."""
    if request.blueprint == bp.name and request.endpoint != f"{bp.name}.picture":
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Robots-Tag"] = "noindex"
    return response


bp.after_app_request(no_store)
