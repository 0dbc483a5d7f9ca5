"""Rules pages: the full rule sheet from the same source as the PDFs."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, current_app, render_template
from markupsafe import Markup

from referee import services
from referee.i18n import current_language

bp = Blueprint("rules", __name__, url_prefix="/<lang:lang>/rules")

GAME_IDS: tuple[str, ...] = (
    "gallery-rush", "finger-auction", "detective-eye", "ultimatch", "eshi100",
)


def anchors(html: str) -> set[str]:
    return set(re.findall(r"""\bid\s*=\s*["']([^"']+)["']""", html))


@bp.get("/")
def rules_index() -> str:
    from referee.cards import game_name

    return render_template("rules_index.html",
                           games=[(g, game_name(g)) for g in GAME_IDS])


@bp.get("/<game_id>")
def rules_page(game_id: str) -> Any:
    if game_id not in GAME_IDS:
        abort(404)
    lang = current_language()
    load_rules = services.attr("cardpress.rules", "load_rules", "rules")
    render_document = services.attr("cardpress.rules.html", "render_document", "rules")
    try:
        doc = load_rules(game_id, lang)
    except KeyError:
        abort(404)
    except Exception as exc:
        current_app.logger.warning("referee: rules for %s/%s failed: %s", game_id, lang, exc)
        raise services.Unavailable("rules", f"{type(exc).__name__}: {exc}") from exc
    fragment = str(render_document(doc))
    present = anchors(fragment)
    # Rulings the fragment does not anchor itself are rendered by the page.
    extra_rulings = [r for r in getattr(doc, "rulings", ()) if r.id not in present]
    return render_template(
        "rules.html",
        game_id=game_id,
        title=doc.title,
        body=Markup(fragment),
        extra_rulings=extra_rulings,
    )
