"""Rule documents: one source (templates + gettext catalogues) for sheets, cards and web.

Public API::

    load_rules(game_id, lang) -> RuleDocument
    rule_card_text(card_game, lang) -> list[tuple[str, str]]
    rulings_concerning(game_id, lang, tags) -> list[Ruling]
    referee.rules_html.render_document(doc) -> str   (the web edge)
"""

from cardpress.rules.loader import (
    CARD_GAMES,
    DOCUMENTS,
    GAMES,
    load_rules,
    render_markup,
    rule_card,
    rule_card_text,
    rulings_concerning,
)
from cardpress.rules.model import (
    Box,
    BulletList,
    CardItem,
    Cell,
    Clause,
    Diagram,
    Example,
    Figure,
    FigureGroup,
    FigureItem,
    Glossary,
    Paragraph,
    RuleDocument,
    Ruling,
    Section,
    Span,
    Table,
    Term,
)

__all__ = [
    "CARD_GAMES",
    "DOCUMENTS",
    "GAMES",
    "Box",
    "BulletList",
    "CardItem",
    "Cell",
    "Clause",
    "Diagram",
    "Example",
    "Figure",
    "FigureGroup",
    "FigureItem",
    "Glossary",
    "Paragraph",
    "RuleDocument",
    "Ruling",
    "Section",
    "Span",
    "Table",
    "Term",
    "load_rules",
    "render_markup",
    "rule_card",
    "rule_card_text",
    "rulings_concerning",
]
