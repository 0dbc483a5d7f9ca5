"""A diff in words: the lines the terminal shows and the changelog sheet prints."""

from __future__ import annotations

from dataclasses import dataclass

from cardpress.designer.compare import CardChange, DeckChanges, Diff, RuleChange
from cardpress.designer.words import colon, listing, say, value

STATUS_WORDS = {"added": "added", "removed": "removed", "changed": "changed", "data": "data only"}
LANGUAGE_NAMES = {"ja": "Japanese", "en": "English"}


@dataclass(frozen=True)
class CardLine:
    """One card's change: who, what status, each field, how it prints."""

    card: str
    status: str
    fields: list[str]
    prints: str


def card_label(change: CardChange, lang: str) -> str:
    title = change.title.get(lang) or change.card
    return change.card if title == change.card else f"{change.card} {title}"


def prints(change: CardChange, lang: str) -> str:
    if change.status == "added":
        return say(lang, "new card")
    if change.status == "removed":
        return say(lang, "taken out of the deck")
    if not change.reasons:
        return say(lang, "prints the same")
    reasons = listing(lang, [say(lang, r) for r in change.reasons])
    return say(lang, "prints differently: {reasons}", reasons=reasons)


def card_line(change: CardChange, lang: str) -> CardLine:
    fields = []
    if change.old_id:
        fields.append(say(lang, "renamed from {old}", old=change.old_id))
    for f in change.fields:
        fields.append(f"{f.field}{colon(lang)}{value(lang, f.old)} → {value(lang, f.new)}")
    return CardLine(
        card_label(change, lang),
        say(lang, STATUS_WORDS[change.status]),
        fields,
        prints(change, lang),
    )


def deck_heading(deck: DeckChanges, lang: str) -> str:
    name = deck.name.get(lang, deck.deck)
    old, new = deck.version
    if old != new:
        return f"{name} · {say(lang, 'version {new} (was {old})', old=old or '-', new=new or '-')}"
    return name


def settings_lines(deck: DeckChanges, lang: str) -> list[str]:
    return [
        f"{f.field}{colon(lang)}{value(lang, f.old)} → {value(lang, f.new)}" for f in deck.settings
    ]


def rule_groups(rules: list[RuleChange], lang: str, titles: dict[str, str]) -> list[str]:
    """One line a rule document and language: ``Finger Auction, English: FA-3 changed, ...``."""
    groups: dict[tuple[str, str], list[str]] = {}
    for r in rules:
        rule = say(lang, "the document's title and introduction") if r.rule == "title" else r.rule
        item = say(lang, "{rule} {status}", rule=rule, status=say(lang, r.status))
        groups.setdefault((r.game, r.lang), []).append(item)
    lines = []
    for (game, doc_lang), items in groups.items():
        head = say(
            lang,
            "{game}, {language}",
            game=titles.get(game, game),
            language=say(lang, LANGUAGE_NAMES[doc_lang]),
        )
        lines.append(f"{head}{colon(lang)}{listing(lang, items)}")
    return lines


def reprint_line(diff: Diff, lang: str) -> str:
    n = sum(len(d.reprint_ids()) for d in diff.decks)
    if not n:
        return say(lang, "Nothing to reprint.")
    parts = []
    for d in diff.decks:
        if ids := d.reprint_ids():
            name = d.name.get(lang, d.deck)
            parts.append(say(lang, "{deck}: {cards}", deck=name, cards=", ".join(ids)))
    sep = "、" if lang == "ja" else "; "
    head = (
        say(lang, "Reprint pack: 1 card") if n == 1 else say(lang, "Reprint pack: {n} cards", n=n)
    )
    return f"{head} — {sep.join(parts)}"


def terminal_lines(diff: Diff, lang: str, since: str, titles: dict[str, str]) -> list[str]:
    lines = [say(lang, "Changes since {since}", since=since)]
    if diff.empty:
        return [*lines, say(lang, "Nothing changed.")]
    for deck in diff.decks:
        if not (deck.cards or deck.settings or deck.version[0] != deck.version[1]):
            continue
        lines.append("")
        lines.append(deck_heading(deck, lang))
        if deck.settings:
            lines.append(f"  {say(lang, 'Deck settings')}")
            lines.extend(f"    {line}" for line in settings_lines(deck, lang))
        for change in deck.cards:
            line = card_line(change, lang)
            lines.append(f"  {line.status}{colon(lang)}{line.card} — {line.prints}")
            lines.extend(f"      {f}" for f in line.fields)
    if diff.rules:
        lines.append("")
        lines.append(say(lang, "Rules"))
        lines.extend(f"  {line}" for line in rule_groups(diff.rules, lang, titles))
    lines.append("")
    lines.append(reprint_line(diff, lang))
    return lines
