"""What a print run holds, as data two runs can be compared by: a snapshot.

For every card of every deck: its fields as the designer wrote them
(flattened like a spreadsheet row: ``title.ja``), and for each language
three fingerprints of its printed face: the whole face (the bytes of a
one-card PDF, every page of a rule card that runs on), the words printed on
it (its text read back from that PDF) and its picture's inputs (the image
file's bytes, or what the generated art paints: style, seed, subject). For
every rule document and language, a fingerprint of each section and of
each clause, example, term and ruling by its rule ID. Deck settings and
the deck's version are kept too.

The version mark is left off the faces fingerprinted, so a new version
alone does not make every card "changed". The faces are drawn by the
running cardpress from either tree's data: a git revision's snapshot is
taken in a child process whose ``CARDPRESS_ROOT`` is that revision's files
(``python -m cardpress.designer.snapshot``), so its rule templates and
catalogues are its own.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardpress.catalogue.models import DECK_IDS, LANGS
from cardpress.catalogue.spreadsheet import flatten

FORMAT = 1
#: hex digits kept of each fingerprint (64 bits: no accidental match between two runs)
DIGITS = 16


def fingerprint(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return hashlib.sha256(raw).hexdigest()[:DIGITS]


def _flat_settings(value: Any, prefix: str = "") -> dict[str, Any]:
    """Deck settings as cells: arrays of tables by index (``painter[0].rgb``)."""
    out: dict[str, Any] = {}
    if isinstance(value, Mapping):
        for key, inner in value.items():
            out.update(_flat_settings(inner, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(value, list) and any(isinstance(v, Mapping) for v in value):
        for i, inner in enumerate(value):
            out.update(_flat_settings(inner, f"{prefix}[{i}]"))
    elif isinstance(value, list):
        out[prefix] = ", ".join(map(str, value))
    else:
        out[prefix] = value
    return out


def _settings(cards_root: Path, deck: str) -> dict[str, Any]:
    import tomllib

    names = {"eshi100": ("catalogue", "starter")}.get(deck, ("deck",))
    out: dict[str, Any] = {}
    for name in names:
        path = cards_root / deck / f"{name}.toml"
        if path.is_file():
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            data.pop("version", None)
            data.pop("entries", None)  # 絵師100人展: copies are each card's field
            out.update(_flat_settings(data, "" if len(names) == 1 else name))
    return out


def _art(deck, card, root: Path) -> str:
    """The picture's inputs: what makes its pixels, not its place on the face."""
    from cardpress.print.art import picture_of, proxy_picture

    image = getattr(card, "image", None)
    if image:
        path = Path(image) if Path(image).is_absolute() else root / image
        return fingerprint(path.read_bytes()) if path.is_file() else fingerprint(str(image))
    if deck.id == "eshi100":
        return fingerprint(repr(proxy_picture(deck, card)))
    if deck.id == "triptych":
        return fingerprint(repr(picture_of(card)))
    return ""  # Ultimatch draws no picture


def face_pdf(deck, card, lang: str, base_url: str, root: Path) -> bytes:
    """One card's face alone (its continuation cards too), version mark left off."""
    from cardpress.print.sheets import render_print_shop_pdf

    plain = dataclasses.replace(deck, version="")
    return render_print_shop_pdf(plain, lang, base_url, cards=[card], backs=False, root=root)


def face_text(pdf: bytes) -> str:
    """The words a face prints, as PDFium reads them back (in this process, C speed)."""
    import pypdfium2

    from cardpress.print.pdfium_lock import PDFIUM

    with PDFIUM:
        doc = pypdfium2.PdfDocument(pdf)
        try:
            texts = []
            for page in doc:
                textpage = page.get_textpage()
                texts.append(textpage.get_text_range())
                textpage.close()
                page.close()
        finally:
            doc.close()
    return "\n".join(texts)


def _canonical(value: Any) -> Any:
    """A rule-document node as plain data, identical in every process (sets sorted)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _canonical(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.name.startswith("_")
        }
    if isinstance(value, frozenset | set):
        return sorted(_canonical(v) for v in value)
    if isinstance(value, tuple | list):
        return [_canonical(v) for v in value]
    if isinstance(value, enum.Enum):
        return str(value.value)
    return value


def _identified(value: Any, out: dict[str, Any]) -> None:
    """Every node inside ``value`` that carries a rule ID, by that ID."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        node_id = getattr(value, "id", "")
        if isinstance(node_id, str) and node_id:
            out[node_id] = value
        for f in dataclasses.fields(value):
            if not f.name.startswith("_"):
                _identified(getattr(value, f.name), out)
    elif isinstance(value, tuple | list):
        for v in value:
            _identified(v, out)


def rules_snapshot() -> dict[str, dict[str, dict[str, str]]]:
    """game -> lang -> rule ID (or "title" for the document's head) -> fingerprint."""
    from cardpress.rules import GAMES, load_rules

    out: dict[str, dict[str, dict[str, str]]] = {}
    for game in GAMES:
        for lang in LANGS:
            doc = load_rules(game, lang)
            head = (doc.title, doc.subtitle, doc.lead, doc.facts, doc.card)
            items = {"title": fingerprint(json.dumps(_canonical(head), ensure_ascii=False))}
            nodes: dict[str, Any] = {}
            _identified(doc.sections, nodes)
            for node_id, node in sorted(nodes.items()):
                text = json.dumps(_canonical(node), ensure_ascii=False, sort_keys=True)
                items[node_id] = fingerprint(text)
            out.setdefault(game, {})[lang] = items
    return out


def art_cache() -> Path:
    """The default build's painted strokes (``cardpress build`` keeps them there)."""
    from cardpress.paths import BUILD
    from cardpress.print.build import ART_CACHE

    return BUILD / ART_CACHE


def take(base_url: str, cards_root: Path | None = None, faces: bool = True) -> dict[str, Any]:
    """The snapshot of the card data (and rules) this process sees; CatalogueError if broken."""
    from cardpress.catalogue import load_catalogue
    from cardpress.catalogue.models import card_types
    from cardpress.designer.sheets import card_files
    from cardpress.paths import cards_dir

    root = (cards_root or cards_dir()).resolve()
    catalogue = load_catalogue(root)
    decks: dict[str, Any] = {}
    for deck_id in DECK_IDS:
        deck = catalogue.deck(deck_id)
        raw: dict[str, tuple[str, dict[str, Any]]] = {}
        for f in card_files(root, deck_id):
            for card in f.cards:
                toml = f.source.suffix == ".toml"
                name = f"{f.name}.toml" if toml else f"{f.source.name}:{f.name}"
                raw[str(card.get("id"))] = (name, flatten(card))
        copies: dict[str, int] = {}
        for entry in getattr(deck, "entries", ()):
            copies[entry.card_id] = copies.get(entry.card_id, 0) + entry.copies
        if deck_id == "triptych":
            from cardpress.print.art import warm_cards

            warm_cards(deck.cards, cache_dir=art_cache())
        elif deck_id == "eshi100":
            from cardpress.print.art import warm_proxies

            warm_proxies(deck, cache_dir=art_cache())
        cards: dict[str, Any] = {}
        for card in card_types(deck):
            file, fields = raw.get(card.id, ("", {}))
            if card.id in copies:
                fields = {**fields, "copies": copies[card.id]}
            entry: dict[str, Any] = {"file": file, "fields": fields}
            if faces:
                art = _art(deck, card, catalogue.root)
                entry["faces"] = {}
                for lang in LANGS:
                    pdf = face_pdf(deck, card, lang, base_url, catalogue.root)
                    entry["faces"][lang] = {
                        "face": fingerprint(pdf),
                        "text": fingerprint(face_text(pdf)),
                        "art": art,
                    }
            cards[card.id] = entry
        decks[deck_id] = {
            "name": {"ja": deck.name.ja, "en": deck.name.en},
            "version": getattr(deck, "version", ""),
            "settings": _settings(root, deck_id),
            "cards": cards,
        }
    return {
        "format": FORMAT,
        "base_url": base_url,
        "decks": decks,
        "rules": rules_snapshot(),
    }


def main(argv: list[str]) -> int:
    """``python -m cardpress.designer.snapshot BASE_URL``: the snapshot as JSON on stdout
    (of the tree ``CARDPRESS_ROOT`` names); problems in the card data on stderr, exit 2."""
    from cardpress.catalogue import CatalogueError

    try:
        snap = take(argv[0])
    except CatalogueError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    json.dump(snap, sys.stdout, ensure_ascii=False, sort_keys=True)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
