"""A print service's preflight, run on any PDF: what its upload check would turn back.

The answers are read from the file (pikepdf), never from how cardpress made
it, so a designer's own PDF is judged by the same rules as ours: the page
boxes, the trim size, the bleed, text inside the safe zone
(``cardpress.print.safe_zone`` on the marks ``cardpress.print.marks`` reads
back), colour spaces, total ink, the effective resolution of placed images,
type size, embedded fonts, transparency (PDF/X-1a forbids it), the PDF/X
version keys and output intent, the page count, and the order of each card's
two pages (``sides``: by the page labels, else by the back every card shares).
Each service's numbers are data (``preflight_services.toml``).

A problem is a rule id, the page, and an English message with its values
(``msgid % params``): the command line translates it (gettext domain
``preflight``), the tests read the rule and the values.
"""

from __future__ import annotations

import hashlib
import io
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pikepdf
from reportlab.lib.units import mm

from cardpress.print.marks import Box, pdf_marks
from cardpress.print.safe_zone import problems as safe_zone_problems

SERVICES_FILE = Path(__file__).with_name("preflight_services.toml")
#: how far a box may differ from the service's number and still be that number (round-off)
TOLERANCE_MM = 0.1
#: the per-card checks, in the table's order
CARD_RULES = (
    "boxes",
    "trim",
    "bleed",
    "safe",
    "colour",
    "ink",
    "images",
    "text",
    "fonts",
    "flat",
    "sides",
)
#: the whole file's checks
FILE_RULES = ("pdfx", "pages")
RGB_SPACES = {"DeviceRGB", "CalRGB", "ICCBased RGB", "Indexed RGB", "Lab"}
#: total ink (percentage points) over the service's number still taken as that number
#: (a colour written to four decimals); the conversion aims well under it
INK_TOLERANCE = 0.5
#: a page's own name in a PDF made by cardpress: "<card>" for a front, "<card>/back" for its back
BACK_SUFFIX = "/back"
#: a service's ``sides`` in words (msgids): how it takes each card's two pages
SIDES_WORDS = {"front-back": "front, then back", "back-front": "back, then front"}
#: what the ``sides`` rule was read from (``Result.facts["sides"]``); "": not checkable
SIDES_BY_LABELS = "labels"
SIDES_BY_SHARED_BACK = "shared back"
#: the page keys that make what a page prints (not its place in the file)
PRINTED_KEYS = ("/Contents", "/Resources", "/MediaBox", "/TrimBox", "/BleedBox", "/Rotate")


class PreflightError(RuntimeError):
    """The file cannot be preflighted (not a PDF, unreadable, unknown service)."""


@dataclass(frozen=True)
class Service:
    """One print service's published numbers (see ``preflight_services.toml``)."""

    id: str
    name: str
    trim: tuple[float, float] | None  # mm, width x height; None: any
    bleed: float  # mm
    safe: float  # mm
    pdfx: tuple[str, ...]
    colour: str  # cmyk | any
    total_ink: float  # percent; 0: not checked
    min_dpi: float
    min_text: float  # pt
    pages_multiple: int
    sides: str  # each card's pages in the file: front-back | back-front

    def checks(self, rule: str) -> bool:
        """Whether this service asks anything of ``rule`` (an unasked rule reads "—")."""
        if rule == "trim":
            return True
        if rule == "colour":
            return self.colour == "cmyk"
        if rule == "ink":
            return self.total_ink > 0
        if rule == "flat":
            return any(v.startswith("PDF/X-1") for v in self.pdfx)
        if rule == "pdfx":
            return bool(self.pdfx)
        return True


@cache
def services() -> dict[str, Service]:
    data = tomllib.loads(SERVICES_FILE.read_text(encoding="utf-8"))
    out = {}
    for key, s in data.items():
        out[key] = Service(
            id=key,
            name=s["name"],
            trim=tuple(s["trim"]) if "trim" in s else None,
            bleed=float(s["bleed"]),
            safe=float(s["safe"]),
            pdfx=tuple(s["pdfx"]),
            colour=s["colour"],
            total_ink=float(s["total_ink"]),
            min_dpi=float(s["min_dpi"]),
            min_text=float(s["min_text"]),
            pages_multiple=int(s["pages_multiple"]),
            sides=s["sides"],
        )
    return out


@dataclass(frozen=True)
class Problem:
    rule: str
    page: int | None  # 1-based; None: the whole file
    message: str  # English msgid with %(name)s placeholders
    params: dict = field(default_factory=dict)
    box: Box | None = None  # where on the page, in points (for the soft proof)

    def text(self, gettext=lambda s: s) -> str:
        """The message in the language of ``gettext``: string values are msgids too, and a
        ``(msgid, params)`` value is a phrase of its own (what was found, and why)."""

        def value(v):
            if isinstance(v, tuple):
                return gettext(v[0]) % v[1]
            return gettext(v) if isinstance(v, str) else v

        return gettext(self.message) % {k: value(v) for k, v in self.params.items()}


@dataclass
class Card:
    """One card as the file names it (its page label) and the pages it is printed on."""

    name: str
    pages: list[int] = field(default_factory=list)  # 1-based


@dataclass
class Result:
    path: str
    service: Service
    cards: list[Card]
    problems: list[Problem]
    facts: dict = field(default_factory=dict)  # pdfx version, page count: for the table
    #: page number -> (MediaBox, TrimBox or None, BleedBox or None), for the soft proofs
    boxes: dict[int, tuple[Box, Box | None, Box | None]] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return not self.problems

    def failed(self, rule: str, pages: list[int] | None = None) -> list[Problem]:
        return [
            p
            for p in self.problems
            if p.rule == rule
            and ((pages is None and p.page is None) or (pages and p.page in pages))
        ]

    def checks(self, rule: str) -> bool:
        """Whether ``rule`` was judged on this file: asked by the service and, for
        ``sides``, readable from it (page labels naming backs, or a shared back)."""
        if rule == "sides" and not self.facts.get("sides"):
            return False
        return self.service.checks(rule)

    def card_of(self, page: int) -> Card:
        return next(c for c in self.cards if page in c.pages)


def _box(page: pikepdf.Page, key: str) -> Box | None:
    value = page.obj.get(key)
    if value is None:
        return None
    b = [float(v) for v in value]
    return min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3])


def _cards(pdf: pikepdf.Pdf) -> list[Card]:
    """Pages grouped by the card they print: by page label ("m1", "m1/back"), else one a page."""
    labelled = "/PageLabels" in pdf.Root
    cards: dict[str, Card] = {}
    for n, page in enumerate(pdf.pages, 1):
        label = page.label if labelled else ""
        name = label.removesuffix(BACK_SUFFIX) if label else f"p. {n}"
        cards.setdefault(name, Card(name)).pages.append(n)
    return list(cards.values())


def _mm(v: float) -> float:
    return round(v / mm, 2)


def _check_boxes(n, page, service, out: list[Problem], boxes) -> Box | None:
    media = _box(page, "/MediaBox")
    trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
    boxes[n] = (media, trim, bleed)
    for key, value in (("TrimBox", trim), ("BleedBox", bleed)):
        if value is None:
            out.append(Problem("boxes", n, "no %(box)s: the cut cannot be placed", {"box": key}))
    if trim is None:
        return None
    w, h = _mm(trim[2] - trim[0]), _mm(trim[3] - trim[1])
    if service.trim is not None:
        want_w, want_h = service.trim
        if abs(w - want_w) > TOLERANCE_MM or abs(h - want_h) > TOLERANCE_MM:
            out.append(
                Problem(
                    "trim",
                    n,
                    "trim %(w).1f x %(h).1f mm; %(service)s cuts %(want_w).1f x %(want_h).1f mm",
                    {"w": w, "h": h, "want_w": want_w, "want_h": want_h, "service": service.name},
                    trim,
                )
            )
    outer = bleed or media
    sides = (trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3])
    least = _mm(min(sides))
    if least < service.bleed - TOLERANCE_MM / 10:
        out.append(
            Problem(
                "bleed",
                n,
                "bleed %(got).2f mm; %(service)s asks for %(want).2f mm on every side",
                {"got": least, "want": service.bleed, "service": service.name},
                outer,
            )
        )
    return trim


def _check_marks(n, marks, trim, service, out: list[Problem]) -> None:
    if trim is not None:
        for p in safe_zone_problems(marks, trim, safe=service.safe * mm):
            if p.rule != "safe zone" or p.mark.kind not in ("text", "image"):
                continue
            out.append(
                Problem(
                    "safe",
                    n,
                    "%(what)s %(got).2f mm inside the trim; %(service)s asks for %(want).2f mm",
                    {
                        "what": _what(p.mark),
                        "got": _mm(max(p.distance, 0)),
                        "want": service.safe,
                        "service": service.name,
                    },
                    p.mark.box,
                )
            )
    seen: set[tuple[str, str]] = set()
    inked: list = []  # vector colours over the ink limit
    for m in marks:
        if service.colour == "cmyk" and m.space in RGB_SPACES:
            key = ("colour", m.kind)
            if key not in seen:
                seen.add(key)
                out.append(
                    Problem(
                        "colour",
                        n,
                        "%(what)s in %(space)s; %(service)s prints CMYK only",
                        {"what": _what(m), "space": m.space, "service": service.name},
                        m.box,
                    )
                )
        if (
            service.total_ink
            and m.space == "DeviceCMYK"
            and len(m.colour) == 4
            and sum(m.colour) * 100 > service.total_ink + INK_TOLERANCE
        ):
            inked.append(m)
        if m.kind == "image" and m.size and m.size < service.min_dpi - 0.5:
            out.append(
                Problem(
                    "images",
                    n,
                    "an image at %(got).0f dpi in print; %(service)s asks for %(want).0f dpi",
                    {"got": m.size, "want": service.min_dpi, "service": service.name},
                    m.box,
                )
            )
        if m.kind == "text" and m.size < service.min_text - 0.05:
            out.append(
                Problem(
                    "text",
                    n,
                    "%(what)s set at %(got).1f pt; %(service)s asks for %(want).1f pt at least",
                    {
                        "what": _what(m),
                        "got": m.size,
                        "want": service.min_text,
                        "service": service.name,
                    },
                    m.box,
                )
            )
    if inked:
        worst = max(inked, key=lambda m: sum(m.colour))
        out.append(_ink_problem(n, _what(worst), sum(worst.colour), service, _union(inked)))


def _ink_problem(n: int, what, ink: float, service: Service, box: Box | None) -> Problem:
    """Total ink over the service's limit: the most found (0-4) and where on the page."""
    return Problem(
        "ink",
        n,
        "%(what)s at %(got).0f %% total ink; %(service)s allows %(want).0f %%",
        {"what": what, "got": ink * 100, "want": service.total_ink, "service": service.name},
        box,
    )


def _union(marks) -> Box:
    return (
        min(m.box[0] for m in marks),
        min(m.box[1] for m in marks),
        max(m.box[2] for m in marks),
        max(m.box[3] for m in marks),
    )


def _check_image_ink(n, marks, pdf, service, out: list[Problem], cache: dict) -> None:
    """Placed CMYK images over the ink limit, each boxed where its heavy pixels print.

    Only the pixels inside the image's clip count (art clipped to its window prints
    nothing past it); the box is theirs, not the whole picture's, so a soft proof
    points at the dark ground rather than at the card.
    """
    if not service.total_ink:
        return
    limit = (service.total_ink + INK_TOLERANCE) / 100 * 255
    for m in marks:
        if m.kind != "image" or m.space != "DeviceCMYK" or m.frame is None:
            continue
        if m.xobject not in cache:
            cache[m.xobject] = _ink_sums(pdf.get_object(m.xobject))
        sums = cache[m.xobject]
        if sums is None:
            continue
        h, w = sums.shape
        f = m.frame
        fw, fh = f[2] - f[0], f[3] - f[1]
        if fw <= 0 or fh <= 0:
            continue
        # the clip as pixel columns and rows (row 0 is the picture's top)
        c0 = max(0, int((m.box[0] - f[0]) / fw * w))
        c1 = min(w, -int(-(m.box[2] - f[0]) / fw * w))
        r0 = max(0, int((f[3] - m.box[3]) / fh * h))
        r1 = min(h, -int(-(f[3] - m.box[1]) / fh * h))
        seen = sums[r0:r1, c0:c1]
        if not seen.size or seen.max() <= limit:
            continue
        rows, cols = (seen > limit).nonzero()
        box = (
            f[0] + (c0 + cols.min()) / w * fw,
            f[3] - (r0 + rows.max() + 1) / h * fh,
            f[0] + (c0 + cols.max() + 1) / w * fw,
            f[3] - (r0 + rows.min()) / h * fh,
        )
        out.append(_ink_problem(n, ("an image", {}), float(seen.max()) / 255, service, box))


def _ink_sums(obj):
    """C+M+Y+K of every pixel (0-1020) of a DeviceCMYK image; None for any other."""
    if obj.get("/Subtype") != "/Image" or obj.get("/ColorSpace") != "/DeviceCMYK":
        return None
    import numpy as np

    try:
        img = pikepdf.PdfImage(obj).as_pil_image()
    except Exception:  # an image pikepdf cannot decode is judged by the other checks
        return None
    if img.mode != "CMYK":
        return None
    return np.asarray(img).astype(np.uint16).sum(axis=2)


def _what(mark) -> tuple[str, dict]:
    """What a mark is, as a phrase to translate: text is quoted (its first 24 characters)."""
    if mark.kind == "text":
        text = mark.text.strip()
        return ("text '%(sample)s'", {"sample": text[:24] + "…" if len(text) > 24 else text})
    phrase = {"image": "an image", "shape": "a shape", "shading": "a shading"}
    return (phrase.get(mark.kind, mark.kind), {})


def _resources(res, seen: set) -> list:
    """``res`` and the resources of every form XObject (and pattern) it reaches."""
    out = []
    stack = [res]
    while stack:
        r = stack.pop()
        if (
            r is None
            or not isinstance(r, pikepdf.Dictionary)
            or (r.objgen in seen and r.objgen != (0, 0))
        ):
            continue
        if r.objgen != (0, 0):
            seen.add(r.objgen)
        out.append(r)
        for group in ("/XObject", "/Pattern"):
            for obj in r.get(group, {}).values():
                if isinstance(obj, (pikepdf.Stream, pikepdf.Dictionary)) and "/Resources" in obj:
                    stack.append(obj.Resources)
    return out


def transparency(page: pikepdf.Page) -> list[tuple[str, dict]]:
    """What on ``page`` is transparent (PDF/X-1a allows none): opacity, soft masks, groups."""
    out = []
    group = page.obj.get("/Group")
    if group is not None and group.get("/S") == "/Transparency":
        out.append(("transparency group", {}))
    for res in _resources(page.obj.get("/Resources"), set()):
        for gs in res.get("/ExtGState", {}).values():
            why = _transparent_state(gs)
            if why:
                out.append(why)
        for obj in res.get("/XObject", {}).values():
            if obj.get("/Subtype") == "/Image" and (
                "/SMask" in obj or int(obj.get("/SMaskInData", 0))
            ):
                out.append(("image with a soft mask", {}))
            group = obj.get("/Group")
            if group is not None and group.get("/S") == "/Transparency":
                out.append(("transparency group", {}))
    unique = {(why[0], tuple(why[1].items())): why for why in out}
    return list(unique.values())


def _check_objects(n, page, marks, service, out: list[Problem], fonts_seen: dict) -> None:
    """Fonts embedded; for PDF/X-1a, nothing transparent.

    A font counts on the pages whose text is set in it: many tools (ReportLab among
    them) give every page one resource dictionary naming every font of the file, so a
    page of art alone would otherwise be blamed for the font of another page's text.
    A font that is a direct object cannot be told apart from its neighbours and is
    judged wherever it is named.
    """
    texts: dict[tuple[int, int], list] = {}
    for m in marks:
        if m.kind == "text":
            texts.setdefault(m.font, []).append(m)
    for res in _resources(page.obj.get("/Resources"), set()):
        for font in res.get("/Font", {}).values():
            key = font.objgen
            if key != (0, 0) and key not in texts:
                continue  # named in the resources, but no text on this page is set in it
            if key not in fonts_seen:
                fonts_seen[key] = _embedded(font)
            if not fonts_seen[key]:
                name = str(font.get("/BaseFont", "?")).lstrip("/")
                where = _union(texts[key]) if texts.get(key) else None
                out.append(
                    Problem("fonts", n, "font %(font)s is not embedded", {"font": name}, where)
                )
    if service.checks("flat"):
        for why in transparency(page):
            out.append(Problem("flat", n, "transparency (%(why)s)", {"why": why}))


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn by the file's own procedures
    if font.get("/Subtype") == "/Type0":
        font = font.DescendantFonts[0]
    desc = font.get("/FontDescriptor")
    return desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _transparent_state(gs) -> tuple[str, dict] | None:
    for key in ("/ca", "/CA"):
        if key in gs and float(gs[key]) < 1:
            return ("opacity %(value)s", {"value": f"{float(gs[key]):g}"})
    if "/SMask" in gs and gs.SMask != pikepdf.Name.None_:
        return ("soft mask", {})
    bm = gs.get("/BM")
    if bm is not None and str(bm) not in ("/Normal", "/Compatible"):
        return ("blend mode %(mode)s", {"mode": str(bm)[1:]})
    return None


def _check_file(pdf: pikepdf.Pdf, service: Service, out: list[Problem], facts: dict) -> None:
    info = pdf.trailer.get("/Info")
    version = str(info.get("/GTS_PDFXVersion", "")) if info is not None else ""
    conformance = str(info.get("/GTS_PDFXConformance", "")) if info is not None else ""
    # PDF/X-1a:2001 names its conformance apart from its version ("PDF/X-1:2001")
    named = conformance if conformance.startswith("PDF/X-1a") else version
    facts["pdfx"] = named
    facts["pages"] = len(pdf.pages)
    if service.pdfx:
        accepted = ", ".join(service.pdfx)
        if named not in service.pdfx:
            params = {"got": named, "want": accepted, "service": service.name}
            message = (
                "the file is %(got)s; %(service)s asks for %(want)s"
                if named
                else "the file is not PDF/X; %(service)s asks for %(want)s"
            )
            out.append(Problem("pdfx", None, message, params))
        intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
        if not intents:
            out.append(Problem("pdfx", None, "no PDF/X output intent (press profile)", {}))
        elif "/DestOutputProfile" not in intents[0]:
            out.append(Problem("pdfx", None, "the output intent embeds no press profile", {}))
    if len(pdf.pages) % service.pages_multiple:
        out.append(
            Problem(
                "pages",
                None,
                "%(got)d pages; %(service)s needs a multiple of %(want)d (a front and a back)",
                {"got": len(pdf.pages), "want": service.pages_multiple, "service": service.name},
            )
        )


def _check_sides(pdf: pikepdf.Pdf, service: Service, out: list[Problem], facts: dict) -> None:
    """Each card's two pages in the order ``service`` takes them, read as its shop would.

    A shop takes pages 1-2, 3-4, ... as one card each. Our files name every page
    ("m1", "m1/back"): a pair that is not one card's front and back in the service's
    order is named by its first page. A file that names no back is judged by the back
    every card shares, one page repeated on every other page: on the wrong pages, each
    of them is named. A file with neither (one card, single-sided, backs that differ)
    cannot be judged, and is not: ``facts["sides"]`` is "" and the rule reads "—".
    """
    labels = [page.label for page in pdf.pages] if "/PageLabels" in pdf.Root else []
    want = SIDES_WORDS[service.sides]
    if any(label.endswith(BACK_SUFFIX) for label in labels):
        facts["sides"] = SIDES_BY_LABELS
        backs_first = service.sides == "back-front"
        for i in range(0, len(labels) - 1, 2):
            a, b = labels[i], labels[i + 1]
            front, back = (b, a) if backs_first else (a, b)
            if back == front + BACK_SUFFIX:
                continue
            where = {"page": i + 1, "next": i + 2, "service": service.name, "want": want}
            if b == a + BACK_SUFFIX or a == b + BACK_SUFFIX:  # one card, the other way round
                first, second = ("back", "front") if a.endswith(BACK_SUFFIX) else ("front", "back")
                message = (
                    "its %(first)s is page %(page)d and its %(second)s page %(next)d; "
                    "%(service)s takes a card's two pages %(want)s"
                )
                out.append(
                    Problem("sides", i + 1, message, {"first": first, "second": second, **where})
                )
            else:
                message = (
                    "pages %(page)d and %(next)d are %(a)s and %(b)s, not one card's two sides; "
                    "%(service)s takes each two pages as one card, %(want)s"
                )
                params = {"a": ("'%(label)s'", {"label": a}), "b": ("'%(label)s'", {"label": b})}
                out.append(Problem("sides", i + 1, message, {**params, **where}))
        return
    found = _shared_back_order(pdf)
    facts["sides"] = SIDES_BY_SHARED_BACK if found else ""
    if found is None or found == service.sides:
        return
    parity = "odd" if found == "back-front" else "even"
    for n in range(1 if found == "back-front" else 2, len(pdf.pages) + 1, 2):
        out.append(
            Problem(
                "sides",
                n,
                "the back every card shares is on every %(parity)s page, this one among them; "
                "%(service)s takes a card's two pages %(want)s",
                {"parity": parity, "service": service.name, "want": want},
            )
        )


def _shared_back_order(pdf: pikepdf.Pdf) -> str | None:
    """ "front-back" when every even page prints the same (the shared back) and the odd
    pages differ, "back-front" the other way round, None when the file does not say
    (fewer than two cards, an odd page count, backs that differ, every page alike)."""
    if len(pdf.pages) < 4 or len(pdf.pages) % 2:
        return None
    memo: dict = {}
    prints = [
        _digest({k: page.obj[k] for k in PRINTED_KEYS if k in page.obj}, memo) for page in pdf.pages
    ]
    odd, even = set(prints[0::2]), set(prints[1::2])
    if len(even) == 1 and len(odd) > 1:
        return "front-back"
    if len(odd) == 1 and len(even) > 1:
        return "back-front"
    return None


def _digest(obj, memo: dict) -> bytes:
    """What ``obj`` holds, hashed through every object it reaches: two pages that print
    the same (the same form, or the same drawing copied) hash alike, wherever they sit."""
    key = obj.objgen if isinstance(obj, pikepdf.Object) and obj.is_indirect else None
    if key is not None:
        if key in memo:
            return memo[key]
        memo[key] = b"cycle"
    h = hashlib.sha256()
    if isinstance(obj, pikepdf.Stream):
        h.update(b"S" + obj.read_raw_bytes())
        items = sorted((k, v) for k, v in obj.items() if k != "/Length")
    elif isinstance(obj, (pikepdf.Dictionary, dict)):
        items = sorted(obj.items())
    elif isinstance(obj, pikepdf.Array):
        items = list(enumerate(obj))
    else:
        items = []
        h.update(repr(obj).encode())
    for k, v in items:
        h.update(str(k).encode() + b"=" + _digest(v, memo))
    out = h.digest()
    if key is not None:
        memo[key] = out
    return out


def preflight(data: bytes | Path | str, service: str | Service) -> Result:
    """Every problem ``service``'s preflight would find in the PDF ``data`` (bytes or a path)."""
    if isinstance(service, str):
        try:
            service = services()[service]
        except KeyError:
            raise PreflightError(
                f"unknown service {service!r}; choose one of {', '.join(services())}"
            ) from None
    path = str(data) if not isinstance(data, bytes) else "<pdf>"
    try:
        raw = data if isinstance(data, bytes) else Path(data).read_bytes()
        pdf = pikepdf.open(io.BytesIO(raw))
    except OSError as exc:
        raise PreflightError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except pikepdf.PdfError as exc:
        raise PreflightError(f"{path}: not a PDF that can be read ({exc})") from None
    out: list[Problem] = []
    facts: dict = {}
    boxes: dict = {}
    with pdf:
        _check_file(pdf, service, out, facts)
        fonts_seen: dict = {}
        images_seen: dict = {}
        for n, (page, marks) in enumerate(zip(pdf.pages, pdf_marks(pdf), strict=True), 1):
            trim = _check_boxes(n, page, service, out, boxes)
            _check_marks(n, marks, trim, service, out)
            _check_objects(n, page, marks, service, out, fonts_seen)
            _check_image_ink(n, marks, pdf, service, out, images_seen)
        _check_sides(pdf, service, out, facts)
        cards = _cards(pdf)
    unique = {(p.rule, p.page, p.text()): p for p in out}  # a font met in several forms
    return Result(path, service, cards, list(unique.values()), facts, boxes)
