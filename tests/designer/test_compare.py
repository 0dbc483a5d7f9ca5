"""How two snapshots compare: statuses, reasons, renames (no drawing: snapshots made here)."""

from __future__ import annotations

from cardpress.designer.compare import compare


def face(face: str, text: str = "t", art: str = "a") -> dict:
    return {"face": face, "text": text, "art": art}


def card(card_id: str, faces: tuple[dict, dict], **fields) -> dict:
    return {
        "file": "cards.toml",
        "fields": {"id": card_id, **fields},
        "faces": {"ja": faces[0], "en": faces[1]},
    }


def snapshot(cards: dict, version: str = "1", rules: dict | None = None) -> dict:
    deck = {"name": {"ja": "デッキ", "en": "Deck"}, "version": version, "settings": {}}
    return {"decks": {"ultimatch": {**deck, "cards": cards}}, "rules": rules or {}}


def test_statuses_reasons_and_renames() -> None:
    same = (face("1"), face("2"))
    old = snapshot(
        {
            "a": card("a", same),
            "b": card("b", same, number=1),
            "c": card("c", same),
            "d": card("d", same),
            "e": card("e", same),
            "gone": card("gone", same),
        },
        rules={"ultimatch": {"en": {"UM-1": "x", "UM-2": "y"}, "ja": {"UM-1": "x"}}},
    )
    new = snapshot(
        {
            "a": card("a", same),  # untouched: not listed
            "b": card("b", (face("1"), face("3", text="u")), number=2),  # en words differ
            "c": card("c", (face("9", art="b"), face("2")), aliases="x"),  # ja picture differs
            "d": card("d", (face("8"), face("2"))),  # same words and picture: layout
            "e": card("e", same, aliases="e0"),  # data only
            "renamed": card("renamed", same, aliases="gone"),  # gone's new id
            "new": card("new", same),
        },
        version="2",
        rules={"ultimatch": {"en": {"UM-1": "x", "UM-3": "z"}, "ja": {"UM-1": "w"}}},
    )
    diff = compare(old, new, decks=("ultimatch",))
    deck = diff.deck("ultimatch")
    got = {c.card: (c.status, c.reasons, c.old_id) for c in deck.cards}
    assert got == {
        "b": ("changed", ("text",), ""),
        "c": ("changed", ("art",), ""),
        "d": ("changed", ("layout",), ""),
        "e": ("data", (), ""),
        "renamed": ("data", (), "gone"),
        "new": ("added", (), ""),
    }
    assert [
        (f.field, f.old, f.new) for f in next(c for c in deck.cards if c.card == "b").fields
    ] == [("number", 1, 2)]
    renamed = next(c for c in deck.cards if c.card == "renamed")
    assert [(f.field, f.old, f.new) for f in renamed.fields] == [
        ("id", "gone", "renamed"),
        ("aliases", None, "gone"),
    ]
    assert deck.reprint_ids() == ["b", "c", "d", "new"]
    assert deck.version == ("1", "2")
    assert {(r.lang, r.rule, r.status) for r in diff.rules} == {
        ("en", "UM-2", "removed"),
        ("en", "UM-3", "added"),
        ("ja", "UM-1", "changed"),
    }


def test_a_removed_card_is_listed_and_not_reprinted() -> None:
    same = (face("1"), face("2"))
    diff = compare(
        snapshot({"a": card("a", same), "b": card("b", same)}),
        snapshot({"a": card("a", same)}),
        decks=("ultimatch",),
    )
    deck = diff.deck("ultimatch")
    assert [(c.card, c.status) for c in deck.cards] == [("b", "removed")]
    assert deck.reprint_ids() == []
    assert (
        not compare(
            snapshot({"a": card("a", same)}), snapshot({"a": card("a", same)}), decks=("ultimatch",)
        )
        .deck("ultimatch")
        .cards
    )
