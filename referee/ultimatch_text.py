"""Ultimatch plays in words and arithmetic: "7 − 2 = 5", "red + blue = purple"
(ja: 7−2＝5, 赤＋青＝紫, as the termbase sets them).

The reasons come from :func:`cardpress.games.ultimatch.match.explain` and
:func:`~cardpress.games.ultimatch.match.ways`, the same arithmetic as the
match rule; this module only puts them into the reader's language. The
checker and the pyramid tracker both speak through it.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask_babel import gettext, pgettext

from cardpress.games.ultimatch.match import Reason, primaries
from referee.catalogue import catalogue_or_none
from referee.i18n import text

#: the symbol printed beside each colour's number (cards/ultimatch/deck.toml), as
#: a character: the colour-blind tell the colours apart by it, in either language
SYMBOL_GLYPHS: dict[str, str] = {
    "circle": "●",
    "triangle": "▲",
    "square": "■",
    "diamond": "◆",
    "star": "★",
    "hexagon": "⬢",
    "cross": "✚",
    "heart": "♥",
}


def colour_labels() -> dict[str, str]:
    """Colour id -> its symbol and name, as a picker or the pyramid shows it ("◆ orange")."""
    cards = catalogue_or_none()
    if cards is None:
        return {}
    return {
        c.id: f"{SYMBOL_GLYPHS.get(c.symbol, '')} {text(c.name)}".strip()
        for c in cards.ultimatch.colours
    }


def colour_name(colour: str) -> str:
    """The card data's name for the colour, lower case inside an English sentence."""
    cards = catalogue_or_none()
    names = {c.id: text(c.name).lower() for c in cards.ultimatch.colours} if cards else {}
    return names.get(colour, colour)


def colour_rgb() -> dict[str, str]:
    """Each colour's ink as the card data prints it (a swatch beside the name)."""
    cards = catalogue_or_none()
    return {c.id: c.rgb for c in cards.ultimatch.colours} if cards else {}


def card_name(card: tuple[str, int]) -> str:
    return gettext("%(colour)s %(number)d", colour=colour_name(card[0]), number=card[1])


def _sum(a: int, b: int, n: int) -> str:
    return gettext("%(a)d + %(b)d = %(n)d", a=a, b=b, n=n)


def _difference(a: int, b: int, n: int) -> str:
    return gettext("%(a)d − %(b)d = %(n)d", a=a, b=b, n=n)


def _mix(a: str, b: str, c: str) -> str:
    return gettext("%(a)s + %(b)s = %(c)s", a=colour_name(a), b=colour_name(b), c=colour_name(c))


def first_upper(line: str) -> str:
    return line[:1].upper() + line[1:]


def reason_line(r: Reason) -> str:
    """One reason as a sentence citing its rule."""
    n, c = r.numbers, r.colours
    line = {
        "same-number": lambda: gettext("The same number, %(n)d (%(rule)s).", n=n[0], rule=r.rule),
        "same-colour": lambda: gettext(
            "The same colour, %(colour)s (%(rule)s).", colour=colour_name(c[0]), rule=r.rule
        ),
        "sum": lambda: gettext(
            "%(sum)s: the two numbers add up to the number (%(rule)s).",
            sum=_sum(*n),
            rule=r.rule,
        ),
        "difference": lambda: gettext(
            "%(difference)s: the difference of the two numbers is the number (%(rule)s).",
            difference=_difference(*n),
            rule=r.rule,
        ),
        "mix": lambda: gettext(
            "%(mix)s: the two primary colours mix to the colour (%(rule)s).",
            mix=_mix(*c),
            rule=r.rule,
        ),
        "both-colour": lambda: gettext(
            "Both cards are %(colour)s, the colour of the target (%(rule)s).",
            colour=colour_name(c[0]),
            rule=r.rule,
        ),
        "ultimatch": lambda: gettext(
            "The number and the colour at once: an Ultimatch (%(rule)s).", rule=r.rule
        ),
        "not-ultimatch": lambda: gettext(
            "Not an Ultimatch: that needs the number and the colour at once, the colour "
            "by mixing or with both cards %(colour)s (%(rule)s).",
            colour=colour_name(c[0]),
            rule=r.rule,
        ),
        "number-differs": lambda: gettext(
            "Number: %(n)d is not %(target)d (%(rule)s).", n=n[0], target=n[1], rule=r.rule
        ),
        "colour-differs": lambda: gettext(
            "Colour: %(colour)s is not %(target)s (%(rule)s).",
            colour=colour_name(c[0]),
            target=colour_name(c[1]),
            rule=r.rule,
        ),
        "no-number": lambda: gettext(
            "%(sum)s and %(difference)s: neither is %(n)d (%(rule)s).",
            sum=_sum(n[0], n[1], n[2]),
            difference=_difference(n[3], n[4], n[5]),
            n=n[6],
            rule=r.rule,
        ),
        "primary": lambda: gettext(
            "%(colour)s is a primary colour: no two colours mix to it (%(rule)s).",
            colour=colour_name(c[0]),
            rule=r.rule,
        ),
        "no-mix": lambda: gettext(
            "%(a)s and %(b)s do not mix to %(colour)s; only %(mix)s does (%(rule)s).",
            a=colour_name(c[0]),
            b=colour_name(c[1]),
            colour=colour_name(c[2]),
            mix=_mix(c[3], c[4], c[2]),
            rule=r.rule,
        ),
        "colour-only": lambda: gettext(
            "Two cards that only share the colour %(colour)s are no match (%(rule)s).",
            colour=colour_name(c[0]),
            rule=r.rule,
        ),
        "alone": lambda: gettext(
            "%(card)s matches on its own: play it by itself (%(rule)s).",
            card=card_name((c[0], n[0])),
            rule=r.rule,
        ),
    }[r.kind]()
    return first_upper(line)


def reason_lines(reasons: Iterable[Reason]) -> list[str]:
    return [reason_line(r) for r in reasons]


def ways_line(target: tuple[str, int], reasons: Iterable[Reason]) -> str:
    """What may go on ``target``, in one line: "orange 5: any 5; any orange card; …"."""
    parts = []
    for r in reasons:
        n, c = r.numbers, r.colours
        if r.kind == "same-number":
            parts.append(gettext("any %(n)d", n=n[0]))
        elif r.kind == "same-colour":
            parts.append(gettext("any %(colour)s card", colour=colour_name(c[0])))
        elif r.kind == "sum":
            parts.append(gettext("two cards adding up to %(n)d", n=n[0]))
        elif r.kind == "difference":
            parts.append(gettext("two cards %(n)d apart", n=n[0]))
        elif r.kind == "mix":
            parts.append(_mix(*c))
        elif r.kind == "ultimatch" and primaries(c[0]):
            parts.append(
                gettext(
                    "Ultimatch: two cards making %(n)d, both %(colour)s or %(a)s and %(b)s",
                    n=n[0],
                    colour=colour_name(c[0]),
                    a=colour_name(c[1]),
                    b=colour_name(c[2]),
                )
            )
        elif r.kind == "ultimatch":
            parts.append(
                gettext(
                    "Ultimatch: two cards making %(n)d, both %(colour)s",
                    n=n[0],
                    colour=colour_name(c[0]),
                )
            )
    return gettext(
        "%(card)s: %(ways)s.",
        card=first_upper(card_name(target)),
        ways=pgettext("between the ways a card may be matched", "; ").join(parts),
    )
