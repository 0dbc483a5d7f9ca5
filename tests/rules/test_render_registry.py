"""Both rule-document renderers dispatch through one registry per node type."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardpress.print.layout import PAPERS
from cardpress.print.rulesheet import Typesetter, sheet_measure
from cardpress.rules import load_rules
from cardpress.rules.render import BLOCK_TYPES, UnhandledNode
from referee.rules_html import HtmlRenderer

RENDERERS = [Typesetter, HtmlRenderer]


@pytest.mark.parametrize("renderer", RENDERERS, ids=lambda r: r.__name__)
def test_every_block_type_of_the_model_has_a_handler(renderer: type) -> None:
    assert len(BLOCK_TYPES) >= 11  # the model's Block union, read rather than listed
    assert renderer.unhandled() == []


@dataclass(frozen=True)
class Pullquote:
    """A block type no renderer knows."""

    text: str


def test_an_unknown_block_is_an_error_naming_its_type() -> None:
    doc = load_rules("gallery-rush", "en")
    setter = Typesetter(doc, sheet_measure("en", PAPERS["a4"]))
    with pytest.raises(UnhandledNode, match=r"Typesetter has no handler for Pullquote"):
        setter.block(Pullquote("Art is long."))  # type: ignore[arg-type]
    assert "Pullquote" in Typesetter.unhandled((Pullquote, *BLOCK_TYPES))
    with pytest.raises(UnhandledNode, match=r"HtmlRenderer has no handler for Pullquote"):
        HtmlRenderer(doc).block(Pullquote("Art is long."))  # type: ignore[arg-type]
