"""Load ``cards/`` into immutable models, checking every rule on the way.

Each product folder holds a settings file and one or more card files; every
``*.toml`` in it is read, so a designer may split cards across files freely.
All problems are collected and raised together (see ``problems.py``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from cardpress.catalogue.models import (
    EFFECT_OPS,
    TRIPTYCH_GAMES,
    Catalogue,
    Colour,
    DeckEntry,
    Effect,
    EffectTiming,
    Eshi100Card,
    Eshi100Catalogue,
    Eshi100Deck,
    GameInfo,
    Icon,
    IconInfo,
    Painter,
    PainterInfo,
    Text,
    TriptychCard,
    TriptychDeck,
    TriptychKind,
    UltimatchCard,
    UltimatchDeck,
)
from cardpress.catalogue.printed import check_printed
from cardpress.catalogue.problems import CatalogueError, Problems, Reader, display_path, read_toml
from cardpress.catalogue.spreadsheet import SUFFIXES, card_sheets
from cardpress.paths import cards_dir
from cardpress.vocabulary import (
    CHOOSE,
    COLOURS,
    ESHI100_DECK,
    ESHI100_GALLERY,
    ESHI100_HAND,
    ESHI100_MAX_COPIES,
    ESHI100_ROUNDS,
    MIXES,
    RULE_CARD_DOCUMENTS,
)

ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
MAX_ID = 12  # ids go into QR codes; short ids keep the codes small
SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "hexagon", "cross", "heart")


def _card_files(folder: Path, settings: set[str], problems: Problems) -> list[tuple[Path, dict]]:
    """Every card file of a product: its TOML files, then the sheets of its workbook
    (``cards/<product>.xlsx`` or ``.ods``), each row read as one ``[[card]]`` table."""
    files = []
    stems = set()
    for path in sorted(folder.glob("*.toml")):
        if path.stem in settings:
            continue
        stems.add(path.stem)
        data = read_toml(path, problems)
        if data is not None:
            problems.at(path).only(data, {"card"})
            files.append((path, data))
    for source, card in card_sheets(folder, stems, settings, problems):
        files.append((source, {"card": [card]}))
    return files


def _check_id(reader: Reader, card_id: str | None, seen: dict[str, str]) -> bool:
    if card_id is None:
        return False
    if not set(card_id) <= ID_CHARS or len(card_id) > MAX_ID:
        reader.error("id", f"{card_id!r} must be at most {MAX_ID} of a-z, 0-9 and '-'")
        return False
    if card_id in seen:
        # Reported, but the card still counts: one typo should not cascade
        # into "monet has 7 paintings" as well.
        reader.error("id", f"duplicate id, already used in {seen[card_id]}")
        return True
    seen[card_id] = reader.file
    return True


def _aliases(
    reader: Reader, raw: dict, card_id: str | None, seen: dict[str, str]
) -> tuple[str, ...]:
    """A renamed card's old ids: unique across the deck, like ids (printed codes carry them)."""
    value = raw.get("aliases")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        reader.error("aliases", 'must be a list of the card\'s old ids, e.g. ["m01"]')
        return ()
    aliases = []
    for alias in value:
        if not set(alias) <= ID_CHARS or not 0 < len(alias) <= MAX_ID:
            reader.error("aliases", f"{alias!r} must be at most {MAX_ID} of a-z, 0-9 and '-'")
        elif alias == card_id:
            reader.error("aliases", f"{alias!r} is the card's own id")
        elif alias in seen:
            reader.error("aliases", f"{alias!r} is already used in {seen[alias]}")
        else:
            seen[alias] = f"{reader.file} (an old id of {card_id})"
            aliases.append(alias)
    return tuple(aliases)


# --------------------------------------------------------------------------- Triptych

#: a designer's picture over the whole card and its bleed, the card's words on plates
FULL_BLEED = "full-bleed"
#: how a designer's picture fills its window (cardpress.print.designer_art)
IMAGE_FITS = ("cover", "contain", FULL_BLEED)
TRIPTYCH_CARD_FIELDS = {
    "id",
    "kind",
    "painter",
    "number",
    "title",
    "year",
    "artist",
    "game",
    "image",
    "image_fit",
    "image_focus",
    "aliases",
}


def load_triptych(folder: Path, problems: Problems) -> TriptychDeck | None:
    settings_path = folder / "deck.toml"
    settings = read_toml(settings_path, problems)
    if settings is None:
        return None
    r = problems.at(settings_path)
    r.only(settings, {"id", "name", "back_rgb", "painter", "game", "version"})
    painters = []
    for i, raw in enumerate(r.tables(settings, "painter")):
        p = f"painter[{i}]."
        r.only(raw, {"id", "name", "colour", "rgb"}, prefix=p)
        pid = r.string(raw, "id", choices=[x.value for x in Painter], prefix=p)
        name, colour, rgb = (
            r.text(raw, "name", prefix=p),
            r.text(raw, "colour", prefix=p),
            r.rgb(raw, "rgb", prefix=p),
        )
        if pid and name and colour and rgb:
            painters.append(PainterInfo(Painter(pid), name, colour, rgb))
    for missing in set(Painter) - {p.id for p in painters}:
        r.error("painter", f"painter {missing.value!r} is not defined")

    games = []
    for i, raw in enumerate(r.tables(settings, "game")):
        p = f"game[{i}]."
        r.only(raw, {"id", *_GAMES_OWN, "minutes", "roles"}, prefix=p)
        for key in (k for k in _GAMES_OWN if k in raw):
            r.error(f"{p}{key}", _GAMES_OWN[key])
        gid = r.string(raw, "id", choices=TRIPTYCH_GAMES, prefix=p)
        minutes = r.int_range(raw, "minutes", 1, 240, prefix=p)
        roles_raw = r.table(raw, "roles", prefix=p) or {}
        roles: dict[TriptychKind, Text] = {}
        for kind in roles_raw:
            if kind not in {TriptychKind.PAINTING, TriptychKind.FORGERY, TriptychKind.MONA_LISA}:
                r.error(f"{p}roles.{kind}", "unknown card kind (painting, forgery, mona-lisa)")
                continue
            role = r.text(roles_raw, kind, prefix=f"{p}roles.")
            if role:
                roles[TriptychKind(kind)] = role
        if gid and minutes:
            games.append(GameInfo(gid, minutes, roles))
    for missing in set(TRIPTYCH_GAMES) - {g.id for g in games}:
        r.error("game", f"game {missing!r} is not defined")

    seen: dict[str, str] = {}
    cards: list[TriptychCard] = []
    for path, data in _card_files(folder, {"deck"}, problems):
        for raw in problems.at(path).tables(data, "card"):
            card = _triptych_card(problems.at(path), raw, folder, games, seen)
            if card:
                cards.append(card)
    _check_triptych_counts(problems.at(folder), cards)
    name = r.text(settings, "name")
    back = r.rgb(settings, "back_rgb")
    if not (name and back):
        return None
    version = r.string(settings, "version", required=False) or ""
    return TriptychDeck(
        "triptych", name, tuple(painters), tuple(games), tuple(cards), back, version
    )


def _triptych_card(
    file_reader: Reader, raw: dict, folder: Path, games: list[GameInfo], seen: dict[str, str]
) -> TriptychCard | None:
    card_id = file_reader.string(raw, "id")
    r = file_reader.for_card(card_id or "?")
    r.only(raw, TRIPTYCH_CARD_FIELDS)
    ok = _check_id(r, card_id, seen)
    aliases = _aliases(r, raw, card_id, seen)
    kind_raw = r.string(raw, "kind", choices=[k.value for k in TriptychKind])
    title = r.text(raw, "title")
    if kind_raw is None or title is None:
        return None
    kind = TriptychKind(kind_raw)
    painter = number = year = artist = game = image = None
    needs_painter = kind in {TriptychKind.PAINTING, TriptychKind.FORGERY}
    if needs_painter:
        p = r.string(raw, "painter", choices=[x.value for x in Painter])
        painter = Painter(p) if p else None
        ok = ok and painter is not None
    elif "painter" in raw:
        r.error("painter", f"a {kind.value} card has no painter")
    if kind == TriptychKind.PAINTING:
        number = r.integer(raw, "number", 1, 8)
        year = r.integer(raw, "year", 1000, 2100)
        ok = ok and number is not None and year is not None
    else:
        for extra in ("number",):
            if extra in raw:
                r.error(extra, f"only paintings have a {extra}")
        if kind == TriptychKind.MONA_LISA:
            year = r.integer(raw, "year", 1000, 2100, required=False)
            artist = r.text(raw, "artist", required=False)
    if kind == TriptychKind.RULE:
        game = r.string(raw, "game", choices=RULE_CARD_DOCUMENTS)
        ok = ok and game is not None
    elif "game" in raw:
        r.error("game", "only rule cards name a game")
    if (image_raw := r.string(raw, "image", required=False)) is not None:
        image = folder / image_raw
        if not image.is_file():
            r.warning("image", f"{image_raw} not found; the generated illustration is printed")
            image = None
    image_fit = r.string(raw, "image_fit", choices=list(IMAGE_FITS), required=False) or "cover"
    if image_fit == FULL_BLEED and kind == TriptychKind.RULE:
        r.error("image_fit", "a rule card prints no picture, so it has none to bleed")
        ok = False
    image_focus = (0.5, 0.5)
    if "image_focus" in raw:
        focus = raw["image_focus"]
        if (
            isinstance(focus, list)
            and len(focus) == 2
            and all(isinstance(v, int | float) and 0 <= v <= 1 for v in focus)
        ):
            image_focus = (float(focus[0]), float(focus[1]))
        else:
            r.error("image_focus", "two numbers from 0 to 1: across, then down from the top")
            ok = False
    if not ok:
        return None
    if kind == TriptychKind.RULE:
        used = TRIPTYCH_GAMES if game == CHOOSE else (game or "",)
    else:
        used = tuple(g.id for g in games if kind in g.roles)
    return TriptychCard(
        id=card_id or "",
        kind=kind,
        title=title,
        painter=painter,
        number=number,
        year=year,
        artist=artist,
        game=game,
        image=image,
        image_fit=image_fit,
        image_focus=image_focus,
        games=used,
        source=Path(r.file),
        aliases=aliases,
    )


def _check_triptych_counts(r: Reader, cards: list[TriptychCard]) -> None:
    """The box's composition: 8/8/8 paintings, 3 forgeries, 1 Mona Lisa, 4 rule cards."""
    for painter in Painter:
        works = [c for c in cards if c.kind == TriptychKind.PAINTING and c.painter == painter]
        if len(works) != 8:
            r.error("painter", f"{painter.value} has {len(works)} paintings; Triptych needs 8")
        numbers = Counter(c.number for c in works)
        for number, n in sorted(numbers.items(), key=lambda kv: kv[0] or 0):
            if n > 1:
                r.error("number", f"{painter.value} number {number} is used {n} times")
        forgeries = [c for c in cards if c.kind == TriptychKind.FORGERY and c.painter == painter]
        if len(forgeries) != 1:
            r.error("kind", f"{painter.value} has {len(forgeries)} forgeries; needs exactly 1")
    mona = [c for c in cards if c.kind == TriptychKind.MONA_LISA]
    if len(mona) != 1:
        r.error("kind", f"{len(mona)} Mona Lisa cards; Triptych has exactly 1")
    rule_games = Counter(c.game for c in cards if c.kind == TriptychKind.RULE)
    for game in RULE_CARD_DOCUMENTS:
        if rule_games[game] != 1:
            r.error("game", f"{rule_games[game]} rule cards for {game!r}; needs exactly 1")


# --------------------------------------------------------------------------- Ultimatch


def load_ultimatch(folder: Path, problems: Problems) -> UltimatchDeck | None:
    settings_path = folder / "deck.toml"
    r = problems.at(settings_path)
    settings = read_toml(settings_path, problems)
    if settings is None:
        return None
    r.only(settings, {"id", "name", "numbers", "back_rgb", "colour", "version"})
    numbers = r.int_range(settings, "numbers", 1, 99)
    colours: list[Colour] = []
    symbols: dict[str, str] = {}
    for i, raw in enumerate(r.tables(settings, "colour")):
        p = f"colour[{i}]."
        r.only(raw, {"id", "name", "rgb", "symbol", "mixes"}, prefix=p)
        cid = r.string(raw, "id", choices=COLOURS, prefix=p)
        name, rgb = r.text(raw, "name", prefix=p), r.rgb(raw, "rgb", prefix=p)
        symbol = r.string(raw, "symbol", choices=SYMBOLS, prefix=p)
        if symbol and symbol in symbols:
            r.error(f"{p}symbol", f"{symbol!r} is already {symbols[symbol]}'s; symbols must differ")
        elif symbol and cid:
            symbols[symbol] = cid
        mixes = tuple(raw.get("mixes", ()))
        if cid and set(mixes) != MIXES.get(cid, set()):
            want = " + ".join(sorted(MIXES[cid])) if cid in MIXES else "nothing (a primary)"
            r.error(f"{p}mixes", f"{cid} mixes from {want}, not {list(mixes)}")
        elif cid and name and rgb and symbol:
            colours.append(Colour(cid, name, rgb, symbol, mixes))
    ids = Counter(c.id for c in colours)
    for cid in COLOURS:
        if ids[cid] == 0:
            r.error("colour", f"colour {cid!r} is not defined")
        if ids[cid] > 1:
            r.error("colour", f"colour {cid!r} is defined {ids[cid]} times")

    seen: dict[str, str] = {}
    cards: list[UltimatchCard] = []
    lo, hi = numbers or (1, 8)
    known = {c.id: c for c in colours}
    for path, data in _card_files(folder, {"deck"}, problems):
        for raw in problems.at(path).tables(data, "card"):
            card_id = problems.at(path).string(raw, "id")
            cr = problems.at(path, card_id or "?")
            cr.only(raw, {"id", "colour", "number", "aliases"})
            ok = _check_id(cr, card_id, seen)
            aliases = _aliases(cr, raw, card_id, seen)
            colour = cr.string(raw, "colour", choices=COLOURS)
            number = cr.integer(raw, "number", lo, hi)
            if colour and colour not in known:
                cr.error("colour", f"colour {colour!r} is not defined in deck.toml")
                ok = False
            if ok and colour and number is not None and card_id:
                c = known[colour]
                name = Text(f"{c.name.ja}の{number}", f"{c.name.en} {number}")
                cards.append(UltimatchCard(card_id, colour, number, name, path, aliases))
    pairs = Counter((c.colour, c.number) for c in cards)
    fr = problems.at(folder)
    for (colour, number), n in sorted(pairs.items()):
        if n > 1:
            fr.error("number", f"{colour} {number} appears {n} times; every card exists once")
    for colour in known:
        for number in range(lo, hi + 1):
            if (colour, number) not in pairs:
                fr.error("number", f"{colour} {number} is missing")
    name, back = r.text(settings, "name"), r.rgb(settings, "back_rgb")
    if not (name and back and numbers):
        return None
    version = r.string(settings, "version", required=False) or ""
    return UltimatchDeck("ultimatch", name, tuple(colours), numbers, tuple(cards), back, version)


# --------------------------------------------------------------------------- 絵師100人展

ESHI_CARD_FIELDS = {
    "id",
    "number",
    "title",
    "bid",
    "icons",
    "bit",
    "settlement",
    "artist",
    "aliases",
}
MAX_BID = 20
#: the product's files that are not card files
ESHI_SETTINGS = {"catalogue", "starter"}


#: tables an earlier catalogue.toml had, whose numbers are the game's rules: the
#: engine never read them, so an edit there changed nothing; say so instead
#: how many play is the engine's (its spec's), which the referee, the rule sheets
#: and the rule cards read; a number here could only disagree with it
PLAYERS_ARE_THE_GAMES = (
    "how many play is a rule of the game, which the referee and the rule sheets "
    "take from the game itself; remove this key"
)

#: what a Triptych game entry may not say, because the game itself does (its
#: spec), and the cards, the rule sheets and the referee read it from there
_GAMES_OWN = {
    "name": (
        "a game's name is the game's own (cardpress/games/<game>/spec.py), which the "
        "cards, the rule sheets and the referee read; remove this key"
    ),
    "players": PLAYERS_ARE_THE_GAMES,
}

_GAME_NUMBERS = {
    "players": PLAYERS_ARE_THE_GAMES,
    "deck_rules": (
        f"a deck's size ({ESHI100_DECK} cards, at most {ESHI100_MAX_COPIES} copies: ES-7) "
        "is a rule of the game, which the referee plays by; remove this table"
    ),
    "play": (
        f"rounds ({ESHI100_ROUNDS}), gallery ({ESHI100_GALLERY}) and hand "
        f"({ESHI100_HAND}) are rules of the game (ES-O1, ES-T1), which the referee "
        "plays by; remove this table"
    ),
}


def load_eshi100_catalogue(path: Path, problems: Problems) -> Eshi100Catalogue | None:
    r = problems.at(path)
    data = read_toml(path, problems)
    if data is None:
        return None
    r.only(
        data,
        {
            "name", "maker", "release", "general_release", "set_name", "set_types",
            "pack_cards", "pack_price_yen", "icon", *_GAME_NUMBERS,
        },
    )  # fmt: skip
    for key in _GAME_NUMBERS.keys() & data.keys():
        r.error(key, _GAME_NUMBERS[key])
    icons = []
    for i, raw in enumerate(r.tables(data, "icon")):
        p = f"icon[{i}]."
        r.only(raw, {"id", "name", "rgb"}, prefix=p)
        iid = r.string(raw, "id", choices=[x.value for x in Icon], prefix=p)
        name, rgb = r.text(raw, "name", prefix=p), r.rgb(raw, "rgb", prefix=p)
        if iid and name and rgb:
            icons.append(IconInfo(Icon(iid), name, rgb))
    for missing in set(Icon) - {i.id for i in icons}:
        r.error("icon", f"icon {missing.value!r} is not defined")
    values = dict(
        name=r.text(data, "name"),
        maker=r.text(data, "maker"),
        release=r.string(data, "release"),
        general_release=r.string(data, "general_release"),
        set_name=r.text(data, "set_name"),
        set_types=r.integer(data, "set_types", 1, 10_000),
        pack_cards=r.integer(data, "pack_cards", 1, 100),
        pack_price_yen=r.integer(data, "pack_price_yen", 1, 100_000),
    )
    if any(v is None for v in values.values()):
        return None
    return Eshi100Catalogue(icons=tuple(icons), **values)  # type: ignore[arg-type]


def _effect(r: Reader, raw: dict, timing: EffectTiming) -> Effect | None:
    value = raw.get(timing.value)
    if value is None:
        return None
    if not isinstance(value, dict):
        r.error(timing.value, "must be a table { op = ..., text = { ja, en } }")
        return None
    p = f"{timing.value}."
    r.only(value, {"op", "text", "amount", "icon"}, prefix=p)
    op = r.string(value, "op", choices=sorted(EFFECT_OPS[timing]), prefix=p)
    text = r.text(value, "text", prefix=p)
    needs_amount = op in {"bid_bonus", "draw", "points", "points_per_icon", "warehouse_relief"}
    amount = r.integer(value, "amount", 1, 20, required=needs_amount, prefix=p) or 0
    icon = None
    if op == "points_per_icon":
        icon_raw = r.string(value, "icon", choices=[x.value for x in Icon], prefix=p)
        icon = Icon(icon_raw) if icon_raw else None
        if icon is None:
            return None
    if op is None or text is None or (needs_amount and not amount):
        return None
    return Effect(timing, op, text, amount, icon)


def _icons(r: Reader, value: object, fld: str = "icons") -> tuple[Icon, ...] | None:
    if not isinstance(value, list) or not value:
        r.error(fld, "needs at least one of: " + ", ".join(i.value for i in Icon))
        return None
    icons = []
    for item in value:
        if item not in {i.value for i in Icon}:
            r.error(fld, f"unknown icon {item!r} (known: {', '.join(i.value for i in Icon)})")
            return None
        icons.append(Icon(item))
    if len(set(icons)) != len(icons):
        r.error(fld, "an icon is listed twice")
        return None
    return tuple(icons)


def load_eshi100_cards(
    files: list[tuple[Path, dict]], problems: Problems, seen: dict[str, str]
) -> list[Eshi100Card]:
    cards = []
    numbers: dict[str, str] = {}
    for path, data in files:
        cards.extend(_eshi100_cards(path, data, problems, seen, numbers))
    return cards


def _eshi100_cards(
    path: Path, data: dict, problems: Problems, seen: dict[str, str], numbers: dict[str, str]
) -> list[Eshi100Card]:
    cards = []
    for raw in problems.at(path).tables(data, "card"):
        card_id = problems.at(path).string(raw, "id")
        r = problems.at(path, card_id or "?")
        r.only(raw, ESHI_CARD_FIELDS)
        ok = _check_id(r, card_id, seen)
        aliases = _aliases(r, raw, card_id, seen)
        number = r.string(raw, "number")
        if number and number in numbers:
            r.error("number", f"number {number} is already card {numbers[number]}'s")
            ok = False
        elif number and card_id:
            numbers[number] = card_id
        title = r.text(raw, "title")
        bid = r.integer(raw, "bid", 0, MAX_BID)
        icons = _icons(r, raw.get("icons"))
        bit = _effect(r, raw, EffectTiming.BIT)
        settlement = _effect(r, raw, EffectTiming.SETTLEMENT)
        artist = r.text(raw, "artist", required=False)
        effects_ok = all(
            (raw.get(t.value) is None) == (e is None)
            for t, e in ((EffectTiming.BIT, bit), (EffectTiming.SETTLEMENT, settlement))
        )
        if ok and effects_ok and card_id and number and title and bid is not None and icons:
            cards.append(
                Eshi100Card(
                    card_id, number, title, bid, icons, bit, settlement, artist, True, path, aliases
                )
            )
    return cards


def check_deck_rules(r: Reader, entries: list[DeckEntry], catalogue: Eshi100Catalogue) -> None:
    """ES-7: exactly ``deck_size`` cards, at most ``max_copies`` of one card."""
    copies: Counter[str] = Counter()
    for entry in entries:
        copies[entry.card_id] += entry.copies
    for card_id, n in copies.items():
        if n > catalogue.max_copies:
            r.for_card(card_id).error(
                "copies", f"{n} copies; a deck may hold at most {catalogue.max_copies}"
            )
    total = sum(copies.values())
    if total != catalogue.deck_size:
        r.error(
            "entries", f"the deck has {total} cards; it must have exactly {catalogue.deck_size}"
        )


def load_eshi100(folder: Path, problems: Problems) -> Eshi100Deck | None:
    catalogue = load_eshi100_catalogue(folder / "catalogue.toml", problems)
    seen: dict[str, str] = {}
    types = load_eshi100_cards(_card_files(folder, ESHI_SETTINGS, problems), problems, seen)
    deck_path = folder / "starter.toml"
    r = problems.at(deck_path)
    data = read_toml(deck_path, problems)
    if data is None:
        return None
    r.only(data, {"id", "name", "proxy", "back_rgb", "entries", "version"})
    known = {c.id for c in types}
    entries = []
    for raw in r.tables(data, "entries"):
        card_id = r.string(raw, "card")
        er = r.for_card(card_id or "?")
        er.only(raw, {"card", "copies"})
        copies = er.integer(raw, "copies", 1, 99)
        if card_id and card_id not in known:
            er.error("card", f"no card {card_id!r} in cards.toml")
        elif card_id and copies:
            entries.append(DeckEntry(card_id, copies))
    if catalogue is not None:
        check_deck_rules(r, entries, catalogue)
    proxy = data.get("proxy", True)
    if not isinstance(proxy, bool):
        r.error("proxy", "must be true or false")
    name, back = r.text(data, "name"), r.rgb(data, "back_rgb")
    version = r.string(data, "version", required=False) or ""
    if catalogue is None or not (name and back):
        return None
    return Eshi100Deck(
        "eshi100",
        name,
        catalogue,
        tuple(types),
        tuple(entries),
        bool(proxy),
        back,
        deck_path,
        version,
    )


# --------------------------------------------------------------------------- the whole


def check_catalogue(root: Path | None = None) -> tuple[Catalogue | None, Problems]:
    """Load everything, returning the catalogue (None on errors) and all problems."""
    root = root or cards_dir()
    problems = Problems()
    if not root.is_dir():
        problems.at(root).error("folder", "the card data folder does not exist")
        return None, problems
    decks = {}
    for deck_id, loader in (
        ("triptych", load_triptych),
        ("ultimatch", load_ultimatch),
        ("eshi100", load_eshi100),
    ):
        folder = root / deck_id
        if not folder.is_dir():
            problems.at(folder).error("folder", "missing product folder")
            continue
        decks[deck_id] = loader(folder, problems)
    check_printed(root, decks, problems)
    if problems.errors or any(d is None for d in decks.values()) or len(decks) != 3:
        if not problems.errors:  # a loader bailed out without saying why: never silent
            problems.at(root).error("folder", "card data incomplete")
        return None, problems
    return Catalogue(root=root, **decks), problems  # type: ignore[arg-type]


_cache: dict[tuple[Path, tuple[tuple[str, int, int], ...]], Catalogue] = {}


def _fingerprint(root: Path) -> tuple[tuple[str, int, int], ...]:
    data = [p for p in root.rglob("*") if p.suffix in (".toml", *SUFFIXES)]
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(data))


def load_catalogue(root: Path | None = None) -> Catalogue:
    """The checked catalogue, cached until a data file changes; CatalogueError on errors."""
    root = (root or cards_dir()).resolve()
    key = (root, _fingerprint(root)) if root.is_dir() else (root, ())
    if key in _cache:
        return _cache[key]
    catalogue, problems = check_catalogue(root)
    if catalogue is None:
        raise CatalogueError(problems.errors)
    _cache.clear()
    _cache[key] = catalogue
    return catalogue


__all__ = ["CatalogueError", "check_catalogue", "display_path", "load_catalogue"]
