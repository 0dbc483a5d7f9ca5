"""The phones' pages: create a table, a seat's phone, the host's, a spectator's.

Server-rendered and usable without JavaScript: every action is a button in a
form that posts to the page and redirects back (so reload and Back never
repeat it; a hidden one-time key makes a double tap count once).
``tables.js`` adds live updates: it follows the table's event stream and
swaps in the fresh page when the version moves.
"""

from __future__ import annotations

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
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from cardpress.games import GAMES
from cardpress.games.ultimatch import DIFFICULTIES
from cardpress.players import MAX_NAME, BadName, player_name, shown
from cardpress.print.qr import qr_matrix
from referee.contract import parse
from referee.i18n import keeps_query
from referee.tables import store, words
from referee.tables.extension import limiter, tables
from referee.tables.models import GameTable
from referee.tables.schemas import MAX_SEATS, CreateTable
from referee.validation import N_, ApiError

bp = Blueprint("tables_pages", __name__, url_prefix="/<lang:lang>/tables")

#: the options a host picks on the create page: game -> option -> choices
OPTION_CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "finger-auction": {"variant": ("standard", "strict")},
    "ultimatch": {"difficulty": DIFFICULTIES},
}

#: how the create page names each option value
OPTION_LABELS = {
    "standard": N_("standard"),
    "strict": N_("strict: any tie among three or more means bid again"),
    "normal": N_("normal"),
    "easier-alta-1": N_("easier: one more alta card"),
    "easier-alta-2": N_("easier: two more alta cards"),
    "easier-exchange": N_("easier: two exchanges"),
    "harder-remove": N_("harder: one alta card removed"),
    "harder-reward": N_("harder: the whole reward goes to hand"),
}

#: the rule that ranks the players at the end (tie-breaks included)
RESULT_RULES = {
    "gallery-rush": "GR-2",
    "finger-auction": "FA-7",
    "detective-eye": "DE-7",
    "ultimatch": "UM-13",
    "eshi100": "ES-1",
}


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
    options = {key: form[key] for key in OPTION_CHOICES.get(game, {}) if form.get(key)}
    seed = form.get("seed", "").strip()
    body: dict[str, Any] = {
        "game": game,
        "players": names,
        "options": options,
        "bots": bots,
        "lang": _lang(),
    }
    if seed:
        body["seed"] = int(seed) if seed.isdigit() else seed
    return parse(CreateTable, body)


@bp.route("/new", methods=["GET", "POST"])
@keeps_query("game")
@limiter.limit(lambda: current_app.config["TABLES_CREATE_LIMIT"], methods=["POST"])
def new() -> Any:
    """The host's page: pick the game, the names, the bots; get a link per seat."""
    source = request.form if request.method == "POST" else request.args
    game = source.get("game", "finger-auction")
    if game not in GAMES:
        game = "finger-auction"
    error = None
    if request.method == "POST" and request.form.get("go"):
        try:
            req = _create_request(request.form, game)
            created = store.create(tables().db, req, request.form.get("nonce") or None)
        except ApiError as exc:
            error = exc.localised(_)
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
        form=request.form,
        options=OPTION_CHOICES.get(game, {}),
        option_labels=OPTION_LABELS,
        error=error,
        nonce=secrets.token_urlsafe(16),
    ), 400 if error else 200


# --------------------------------------------------------------------------- phones


def _table_or_404(table_id: str) -> GameTable:
    try:
        return store.load(tables().db, table_id)
    except ApiError:
        abort(404)


def _caller(table: GameTable, token: str | None) -> store.Caller:
    try:
        return store.identify(table, token)
    except ApiError:
        abort(404)  # a wrong token looks exactly like a missing table


@bp.get("/<table_id>")
def watch(table_id: str) -> str:
    """The spectator's page: the public table, e.g. on a shared screen."""
    table = _table_or_404(table_id)
    return _render(table, store.SPECTATOR, None)


@bp.get("/<table_id>/<token>")
def phone(table_id: str, token: str) -> str:
    table = _table_or_404(table_id)
    return _render(table, _caller(table, token), token)


@bp.post("/<table_id>/<token>")
def phone_post(table_id: str, token: str) -> Any:
    table = _table_or_404(table_id)
    caller = _caller(table, token)
    db = tables().db
    try:
        if request.form.get("undo") and caller.role == "host":
            table = store.undo(db, table_id, token)
        elif request.form.get("action") and caller.role == "seat":
            version = request.form.get("version", "")
            table = store.act(
                db,
                table_id,
                token,
                request.form["action"],
                int(version) if version.isdigit() else None,
                request.form.get("nonce") or None,
            )
        else:
            abort(400)
    except ApiError as exc:
        fresh = store.load(db, table_id)
        message = exc.localised(_)
        if exc.status == 409:
            message = _("The table moved on before your tap arrived; here it is now.")
        return _render(fresh, caller, token, error=message, rule=exc.extra.get("rule")), 200
    tables().bus.publish(table.id, table.version)
    return redirect(url_for(".phone", table_id=table_id, token=token), code=303)


def _render(
    table: GameTable,
    caller: store.Caller,
    token: str | None,
    error: str | None = None,
    rule: str | None = None,
) -> str:
    state = store.state_of(table)
    seat = caller.seat
    view = state.view(seat)
    public = state.view(None)
    to_act = state.current_players()
    legal = state.legal_actions(seat) if seat is not None and seat in to_act else []
    names = list(table.players)
    game = table.game
    events = [
        (words.event(game, ev, names, public), ev.get("rule_ids", []))
        for ev in store.recent_events(tables().db, table.id)
    ]
    terminal = state.is_terminal()
    host_links = []
    if caller.role == "host" and token:
        from referee.tables.tokens import seat_token

        for i, name in enumerate(names):
            if i in table.bots:
                host_links.append((i, name, None, None))
                continue
            url = url_for(".phone", table_id=table.id, token=seat_token(token, i), _external=True)
            host_links.append((i, name, url, qr_svg(url)))
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
        events=events,
        scores=state.scores(),
        standings=sorted((r, i) for i, r in enumerate(state.ranking())) if terminal else [],
        winners=state.winners() if terminal else [],
        winner_names=[names[i] for i in state.winners()] if terminal else [],
        waiting_names=[names[i] for i in to_act],
        terminal=terminal,
        result_rule=RESULT_RULES.get(game),
        host_links=host_links,
        watch_url=url_for(".watch", table_id=table.id, _external=True),
        events_url=url_for("tables_api.events", table_id=table.id),
        record_url=url_for("tables_api.record", table_id=table.id),
        nonce=secrets.token_urlsafe(16),
        error=error,
        error_rule=rule,
        words=words,
    )


@lru_cache(maxsize=256)
def qr_svg(data: str) -> Markup:
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
        f'class="qr" role="img" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(runs)}" fill="#000"/></svg>'
    )


def no_store(response: Response) -> Response:
    """Phone pages hold capabilities and live state: never cached, never indexed."""
    if request.blueprint == bp.name:
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Robots-Tag"] = "noindex"
    return response


bp.after_app_request(no_store)
