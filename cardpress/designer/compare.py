"""Two snapshots compared: which cards were added, removed or changed, and how they print.

A card is *changed in print* when its face, drawn from each snapshot's
data, differs in bytes in either language; the reason says what differs:
``text`` (the words printed on it), ``art`` (its picture: image file or the
generated art's inputs) or ``layout`` (the same words and picture, placed,
sized or coloured otherwise, e.g. a new frame colour in the deck settings,
or a new cardpress). A card whose fields changed but whose faces did not
(an alias added) is changed in data only and needs no reprint. A card
whose new id lists the old one in ``aliases`` is the same card renamed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardpress.catalogue.models import DECK_IDS, LANGS

REASONS = ("text", "art", "layout")


@dataclass(frozen=True)
class FieldChange:
    field: str
    old: Any  # None: the field was not set
    new: Any


@dataclass(frozen=True)
class CardChange:
    deck: str
    card: str
    #: "added", "removed", "changed" (prints differently) or "data" (prints the same)
    status: str
    title: dict[str, str]
    fields: tuple[FieldChange, ...] = ()
    #: why the face prints differently, in REASONS order
    reasons: tuple[str, ...] = ()
    #: the id it had before, when renamed
    old_id: str = ""

    @property
    def reprint(self) -> bool:
        return self.status in ("added", "changed")


@dataclass(frozen=True)
class RuleChange:
    game: str
    lang: str
    rule: str  # a rule ID, or "title" for the document's title, lead and facts
    status: str  # added, removed, changed


@dataclass
class DeckChanges:
    deck: str
    name: dict[str, str]
    version: tuple[str, str]
    settings: list[FieldChange] = field(default_factory=list)
    cards: list[CardChange] = field(default_factory=list)

    def reprint_ids(self) -> list[str]:
        return [c.card for c in self.cards if c.reprint]


@dataclass
class Diff:
    decks: list[DeckChanges]
    rules: list[RuleChange]

    @property
    def empty(self) -> bool:
        return not self.rules and not any(d.cards or d.settings for d in self.decks)

    def deck(self, deck_id: str) -> DeckChanges:
        return next(d for d in self.decks if d.deck == deck_id)


def _fields(old: dict[str, Any], new: dict[str, Any]) -> tuple[FieldChange, ...]:
    names = list(dict.fromkeys([*old, *new]))
    return tuple(FieldChange(n, old.get(n), new.get(n)) for n in names if old.get(n) != new.get(n))


def _title(entry: dict[str, Any], card_id: str) -> dict[str, str]:
    f = entry.get("fields", {})
    titles = {lang: f.get(f"title.{lang}") for lang in LANGS}
    if all(titles.values()):
        return titles  # type: ignore[return-value]
    return {lang: card_id for lang in LANGS}


def _reasons(old: dict[str, Any], new: dict[str, Any]) -> tuple[str, ...]:
    found: set[str] = set()
    for lang in LANGS:
        a, b = old.get("faces", {}).get(lang), new.get("faces", {}).get(lang)
        if a is None or b is None or a.get("face") == b.get("face"):
            continue
        why = {r for r in ("text", "art") if a.get(r) != b.get(r)}
        found |= why or {"layout"}
    return tuple(r for r in REASONS if r in found)


def _aliases(entry: dict[str, Any]) -> list[str]:
    value = entry.get("fields", {}).get("aliases") or ""
    return [a.strip() for a in str(value).split(",") if a.strip()]


def compare_deck(deck_id: str, old: dict[str, Any], new: dict[str, Any]) -> DeckChanges:
    changes = DeckChanges(
        deck_id,
        new.get("name") or old.get("name") or {lang: deck_id for lang in LANGS},
        (old.get("version", ""), new.get("version", "")),
        list(_fields(old.get("settings", {}), new.get("settings", {}))),
    )
    before, after = old.get("cards", {}), new.get("cards", {})
    renamed = {}
    for card_id, entry in after.items():
        if card_id not in before:
            for alias in _aliases(entry):
                if alias in before and alias not in after:
                    renamed[card_id] = alias
    for card_id, entry in after.items():
        was = renamed.get(card_id, card_id)
        if was not in before:
            changes.cards.append(CardChange(deck_id, card_id, "added", _title(entry, card_id)))
            continue
        fields = _fields(before[was]["fields"], entry["fields"])
        reasons = _reasons(before[was], entry)
        if not fields and not reasons:
            continue
        status = "changed" if reasons else "data"
        changes.cards.append(
            CardChange(
                deck_id,
                card_id,
                status,
                _title(entry, card_id),
                fields,
                reasons,
                was if was != card_id else "",
            )
        )
    for card_id, entry in before.items():
        if card_id not in after and card_id not in renamed.values():
            changes.cards.append(CardChange(deck_id, card_id, "removed", _title(entry, card_id)))
    return changes


def compare_rules(old: dict[str, Any], new: dict[str, Any]) -> list[RuleChange]:
    out = []
    for game in sorted(set(old) | set(new)):
        for lang in LANGS:
            a, b = old.get(game, {}).get(lang, {}), new.get(game, {}).get(lang, {})
            for rule in list(dict.fromkeys([*b, *a])):
                if rule not in a:
                    out.append(RuleChange(game, lang, rule, "added"))
                elif rule not in b:
                    out.append(RuleChange(game, lang, rule, "removed"))
                elif a[rule] != b[rule]:
                    out.append(RuleChange(game, lang, rule, "changed"))
    return out


def compare(old: dict[str, Any], new: dict[str, Any], decks=DECK_IDS) -> Diff:
    """What changed from snapshot ``old`` to snapshot ``new`` (see ``snapshot.take``)."""
    return Diff(
        [
            compare_deck(d, old.get("decks", {}).get(d, {}), new.get("decks", {}).get(d, {}))
            for d in decks
        ],
        compare_rules(old.get("rules", {}), new.get("rules", {})),
    )
