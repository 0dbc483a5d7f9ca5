"""``cardpress site``: the referee's pages as a static website that any file host serves.

A printed QR code must keep answering for years, and a free static host
(GitHub Pages, Netlify, S3, ``python -m http.server``) outlives any server we
could promise. So the site is the referee itself, frozen: every page comes
from the app's own views and templates through its test client, never from a
second set of templates.

What is exported is found, not listed: the crawl starts from the data (every
card of every deck and every rules document, in every language, plus the
home page) and follows the links the pages themselves contain. A page is
static when its view belongs to a content blueprint (:data:`CONTENT`); any
other page of the app (scorers, live tables, the API) needs the server, so
its links point at ``--referee-url`` or, without one, are left out.

Layout under ``--out`` (default ``site/``)::

    <path>/index.html          every page, at the URL path the referee serves it
    <lang>/c/<deck>/<id>.png   the card pictures, as the card pages show them
    <lang>/c/<deck>/<old-id>/index.html
                               a renamed card's old id: redirects to its page
    <path-without-lang>/index.html, index.html
                               the language redirect (the browser's languages)
    404.html, <lang>/404.html  the "no page here" page hosts serve for any miss
    .cardpress-site.json       what the last run wrote and from which inputs

A run whose inputs did not change writes nothing; otherwise every page is
rendered (cheap) and written only when its bytes changed, card pictures are
drawn again only for decks whose inputs changed, and files of pages that no
longer exist are removed.
"""

from __future__ import annotations

import hashlib
import html
import json
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import Comment
from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import MapAdapter, RequestRedirect

from cardpress.catalogue import load_catalogue
from cardpress.catalogue.models import card_types
from cardpress.print.export import write_atomic

#: blueprints whose GET pages are the same for every visitor: these are exported
CONTENT = ("pages", "cards", "rules")
#: content endpoints that only make sense on a server
SERVER_ONLY = {"pages.healthz", "pages.root", "pages.favicon"}
MANIFEST = ".cardpress-site.json"
PICTURE_DPI = 150
#: attributes that link to another URL of the site
LINKS = {"a": "href", "link": "href", "img": "src", "script": "src", "form": "action"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6", "legend", "summary", "caption"}
SUBSTANCE = {"a", "img", "form", "input", "button", "svg", "table", "select", "textarea"}


class SiteError(RuntimeError):
    """A page the site must have could not be rendered."""


@dataclass(frozen=True)
class SiteOptions:
    base_url: str
    out: Path
    referee_url: str | None = None
    images: bool = True
    force: bool = False
    jobs: int = 2
    #: a player's own 絵師100人展 list: its proxies' codes must open a page too
    eshi100_csv: Path | None = None


@dataclass
class SiteReport:
    written: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    pictures_drawn: int = 0
    up_to_date: bool = False
    seconds: float = 0.0

    @property
    def summary(self) -> str:
        if self.up_to_date:
            return f"site up to date ({self.seconds:.1f} s)"
        return (
            f"site: {len(self.written)} files written, {self.unchanged} unchanged, "
            f"{len(self.removed)} removed, {self.pictures_drawn} card pictures drawn "
            f"({self.seconds:.1f} s)"
        )


# --------------------------------------------------------------------------- inputs


def _fingerprint(*parts: object) -> str:
    return hashlib.sha256(json.dumps([str(p) for p in parts]).encode()).hexdigest()


def _code_version() -> str:
    """The cardpress and referee sources and the referee's static files."""
    from cardpress.print.build import _hash_files, _tree, code_version

    h = hashlib.sha256(code_version().encode())
    _hash_files(h, _tree(Path(__file__).resolve().parent))
    return h.hexdigest()


def site_key(opts: SiteOptions) -> str:
    from cardpress.print.build import fonts_version, rules_inputs

    return _fingerprint(
        _code_version(),
        rules_inputs(),  # cards, templates, catalogues
        fonts_version() if opts.images else "",
        opts.base_url,
        opts.referee_url,
        opts.images,
        opts.eshi100_csv.read_bytes() if opts.eshi100_csv else "",
    )


def picture_key(deck_id: str, lang: str, opts: SiteOptions) -> str:
    from cardpress.print.build import Options, code_version, deck_inputs, fonts_version

    return _fingerprint(
        code_version(),
        fonts_version(),
        deck_inputs(deck_id, Options()),
        lang,
        opts.base_url,
        PICTURE_DPI,
    )


def _read_manifest(out: Path) -> dict:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


# --------------------------------------------------------------------------- pages


def file_for(path: str) -> str:
    """The file a static host serves for a URL path (relative to the site root)."""
    rel = path.lstrip("/")
    if not rel or rel.endswith("/"):
        return rel + "index.html"
    last = rel.rsplit("/", 1)[-1]
    return rel if "." in last else rel + "/index.html"


def _redirect_page(target: str, title: str) -> bytes:
    """A page that sends the browser on, with or without JavaScript."""
    t = html.escape(target, quote=True)
    return (
        '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<link rel="canonical" href="{t}">\n'
        f'<meta http-equiv="refresh" content="0; url={t}">\n'
        '<meta name="robots" content="noindex">\n'
        f'</head>\n<body>\n<p><a href="{t}">{t}</a></p>\n</body>\n</html>\n'
    ).encode()


def _language_page(prefix: str, rest: str, langs: tuple[str, ...], names: dict) -> bytes:
    """``rest`` in the browser's language (the referee's redirect, done by the browser)."""
    links = "\n".join(
        f'<li><a href="{html.escape(f"{prefix}/{lang}/{rest}", quote=True)}" hreflang="{lang}" '
        f'lang="{lang}">{html.escape(names.get(lang, lang))}</a></li>'
        for lang in langs
    )
    script = (
        "(function () {"
        f" var langs = {json.dumps(list(langs))}, pick = langs[0];"
        " var prefs = navigator.languages || [navigator.language || ''];"
        " for (var i = 0; i < prefs.length; i++) {"
        "  var l = String(prefs[i]).toLowerCase().split('-')[0];"
        "  if (langs.indexOf(l) >= 0) { pick = l; break; } }"
        f" location.replace({json.dumps(prefix + '/')} + pick + {json.dumps('/' + rest)}"
        " + location.search + location.hash);"
        "})();"
    )
    return (
        '<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="robots" content="noindex">\n<title>cardpress</title>\n'
        f"<script>{script}</script>\n</head>\n<body>\n<ul>\n{links}\n</ul>\n</body>\n</html>\n"
    ).encode()


class Site:
    """One export: the app, its URL map, and what the crawl has found so far."""

    def __init__(self, app: Flask, opts: SiteOptions) -> None:
        self.app = app
        self.opts = opts
        parts = urlsplit(opts.base_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.prefix = parts.path.rstrip("/")
        self.adapter: MapAdapter = app.url_map.bind(
            parts.hostname or "localhost", script_name=self.prefix or "/", url_scheme=parts.scheme
        )
        self.client = app.test_client()
        self.files: dict[str, bytes] = {}
        self.pictures: set[tuple[str, str]] = set()  # (deck, lang)
        self.seen: set[str] = set()
        self.queue: list[str] = []
        self.problems: list[str] = []

    # -- classifying URLs --------------------------------------------------------

    def internal_path(self, url: str) -> str | None:
        """The site path (no prefix, query or fragment) of a link, None for other sites."""
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or not parts.path.startswith("/"):
            return None
        path = parts.path
        if self.prefix:
            if path != self.prefix and not path.startswith(self.prefix + "/"):
                return None
            path = path[len(self.prefix) :] or "/"
        return path

    def endpoint(self, path: str) -> str | None:
        try:
            endpoint, _ = self.adapter.match(path, method="GET")
        except RequestRedirect as redirect:
            target = self.internal_path(urlsplit(redirect.new_url).path)
            return self.endpoint(target) if target and target != path else None
        except HTTPException:
            return None
        return str(endpoint)

    def is_static(self, endpoint: str | None) -> bool:
        if endpoint is None or endpoint in SERVER_ONLY:
            return False
        return endpoint == "static" or endpoint.split(".", 1)[0] in CONTENT

    def is_live(self, endpoint: str | None) -> bool:
        """A page of the app that needs the server (scorers, tables, API)."""
        return endpoint is not None and endpoint != "unprefixed" and not self.is_static(endpoint)

    # -- crawling ----------------------------------------------------------------

    def get(self, path: str):
        """The app's answer for a site path, as if served under the base URL."""
        return self.client.get(path, base_url=self.origin + self.prefix)

    def add(self, path: str) -> None:
        if path not in self.seen:
            self.seen.add(path)
            self.queue.append(path)

    def crawl(self) -> None:
        while self.queue:
            path = self.queue.pop(0)
            endpoint = self.endpoint(path)
            if not self.is_static(endpoint):
                continue
            if endpoint == "cards.card_picture":
                self._want_picture(path)
                continue
            response = self.get(path)
            if 300 <= response.status_code < 400:
                target = response.headers["Location"]
                self.files[file_for(path)] = _redirect_page(target, target)
                if (followed := self.internal_path(target)) is not None:
                    self.add(followed)
            elif response.status_code != 200:
                self.problems.append(f"{path}: the referee answered {response.status_code}")
            elif response.mimetype == "text/html":
                self.files[file_for(path)] = self.rewrite(response.get_data(as_text=True))
            else:
                self.files[file_for(path)] = response.get_data()

    def _want_picture(self, path: str) -> None:
        lang, _c, deck, _card = path.strip("/").split("/", 3)
        self.pictures.add((deck, lang))

    # -- rewriting links ---------------------------------------------------------

    def rewrite(self, page: str) -> bytes:
        """Queue the page's static links; point live ones at the referee, or drop them."""
        soup = BeautifulSoup(page, "html.parser")
        changed = False
        for tag_name, attr in LINKS.items():
            for tag in soup.find_all(tag_name):
                url = tag.get(attr)
                if not isinstance(url, str) or (path := self.internal_path(url)) is None:
                    continue
                endpoint = self.endpoint(path)
                if self.is_static(endpoint):
                    self.add(path)
                elif self.is_live(endpoint):
                    changed = True
                    # a form would post without the referee's CSRF token: never link it
                    if self.opts.referee_url and tag_name != "form":
                        rest = url[len(self.prefix) :] if self.prefix else url
                        tag[attr] = self.opts.referee_url + rest
                    else:
                        _leave_out(tag)
        for tag in soup.find_all(srcset=True):  # a picture's other sizes
            for candidate in str(tag["srcset"]).split(","):
                url, *_ = candidate.split() or [""]
                path = self.internal_path(url)
                if path is not None and self.is_static(self.endpoint(path)):
                    self.add(path)
        return str(soup).encode() if changed else page.encode()


def _has_substance(tag: Tag) -> bool:
    for node in tag.descendants:
        if isinstance(node, Tag) and node.name in SUBSTANCE:
            return True
        if (
            isinstance(node, NavigableString)
            and not isinstance(node, Comment)
            and node.strip()
            and not any(p.name in HEADINGS for p in node.parents if isinstance(p, Tag))
        ):
            return True
    return False


def _leave_out(tag: Tag) -> None:
    """Remove a link to a server page, and whatever is left empty around it.

    A link inside running text becomes plain text; a link that is an item of
    its own (a list entry, a button, a footer link) goes, and so do the list
    and the section that held only it, heading and all.
    """
    parent = tag.parent
    if parent is not None and any(
        isinstance(node, NavigableString) and node.strip() for node in parent.contents
    ):
        tag.unwrap()
        return
    tag.decompose()
    while (
        parent is not None
        and parent.name not in ("body", "main", "html", "[document]")
        and not _has_substance(parent)
    ):
        above = parent.parent
        parent.decompose()
        parent = above


# --------------------------------------------------------------------------- the export


def static_app(opts: SiteOptions) -> Flask:
    from referee import create_app

    return create_app(
        {
            # nothing secret goes into a static page: no sessions, no forms
            "SECRET_KEY": "cardpress-static-site",
            "WTF_CSRF_ENABLED": False,
            "BASE_URL": opts.base_url,
            "PNG_DPI": PICTURE_DPI,
        }
    )


def seeds(langs: Iterable[str], eshi100_csv: Path | None = None) -> list[str]:
    """The URLs the data says must exist: what QR codes and rule sheets print."""
    from cardpress.catalogue import load_eshi100_csv
    from referee.rules import DOCUMENTS

    catalogue = load_catalogue()
    proxies = []
    if eshi100_csv is not None:  # the referee answers these with its proxy page
        proxies = [c.id for c in load_eshi100_csv(eshi100_csv, catalogue.eshi100.catalogue).types]
    out = []
    for lang in langs:
        out.append(f"/{lang}/")
        out += [f"/{lang}/rules/{doc}" for doc in DOCUMENTS]
        for deck in catalogue.decks:
            out.append(f"/{lang}/c/{deck.id}/")
            for card in card_types(deck):
                out += [f"/{lang}/c/{deck.id}/{cid}" for cid in (card.id, *card.aliases)]
        out += [f"/{lang}/c/eshi100/{card_id}" for card_id in proxies]
    return out


def _draw_pictures(deck_id: str, lang: str, base_url: str) -> dict[str, bytes]:
    from cardpress.print.export import card_pngs

    catalogue = load_catalogue()
    deck = catalogue.deck(deck_id)
    return card_pngs(deck, lang, dpi=PICTURE_DPI, base_url=base_url, root=catalogue.root)


def export_site(opts: SiteOptions, progress: Callable[[str], None] = lambda s: None) -> SiteReport:
    """Write the site; raises CatalogueError (bad card data) or SiteError (a page failed)."""
    from referee.i18n import LANGUAGE_NAMES, supported

    started = time.perf_counter()
    report = SiteReport()
    out = Path(opts.out)
    site_seeds = seeds(supported(), opts.eshi100_csv)  # CatalogueError before any work
    manifest = _read_manifest(out)
    key = site_key(opts)
    old_files: list[str] = manifest.get("files", [])
    if (
        not opts.force
        and manifest.get("key") == key
        and all((out / f).is_file() for f in old_files)
    ):
        report.up_to_date = True
        report.seconds = time.perf_counter() - started
        return report

    app = static_app(opts)
    langs = supported()
    site = Site(app, opts)
    # no app context around the crawl: each request must get its own (g, locale)
    for path in site_seeds:
        site.add(path)
    progress(f"rendering {len(site.queue)} pages and what they link to")
    site.crawl()
    for lang in langs:
        page = site.get(f"/{lang}/404-not-a-page")
        site.files[f"{lang}/404.html"] = site.rewrite(page.get_data(as_text=True))
    if site.problems:
        raise SiteError("; ".join(site.problems))

    files = site.files
    for rel in list(files):  # every page also answers without its language
        first, _, rest = rel.partition("/")
        if first in langs and rest.endswith("index.html"):
            bare = rest.removesuffix("index.html")
            page = _language_page(site.prefix, bare, langs, LANGUAGE_NAMES)
            files.setdefault(bare + "index.html", page)
    files["404.html"] = _root_404(files[f"{langs[0]}/404.html"], site.prefix, langs)
    files[".nojekyll"] = b""  # GitHub Pages: serve every file as it is

    pictures: dict[str, str] = {}
    if opts.images:
        pictures = _pictures(site, opts, manifest.get("pictures", {}), report, progress)

    for rel, data in sorted(files.items()):
        _write_if_changed(out, rel, data, report)
    pictures_now = [
        f"{lang}/c/{deck}/{card}.png"
        for deck, lang in sorted(site.pictures)
        for card in _card_ids(deck)
        if opts.images
    ]
    current = set(files) | set(pictures_now)
    for rel in old_files:
        if rel not in current and (out / rel).is_file():
            (out / rel).unlink()
            report.removed.append(rel)
    data = {"key": key, "files": sorted(current), "pictures": pictures}
    write_atomic(out / MANIFEST, json.dumps(data, indent=1, sort_keys=True).encode())
    report.seconds = time.perf_counter() - started
    return report


def _write_if_changed(out: Path, rel: str, data: bytes, report: SiteReport) -> None:
    """Unchanged files keep their time stamp: a host's sync uploads only what changed."""
    target = out / rel
    if target.is_file() and target.read_bytes() == data:
        report.unchanged += 1
    else:
        write_atomic(target, data)
        report.written.append(rel)


def _card_ids(deck_id: str) -> list[str]:
    return [card.id for card in card_types(load_catalogue().deck(deck_id))]


def _pictures(
    site: Site,
    opts: SiteOptions,
    previous: dict[str, str],
    report: SiteReport,
    progress: Callable[[str], None],
) -> dict[str, str]:
    """Draw the card pictures of every (deck, language) whose inputs changed."""
    out = Path(opts.out)
    keys = {f"{deck}/{lang}": picture_key(deck, lang, opts) for deck, lang in site.pictures}
    todo = [
        (deck, lang)
        for deck, lang in sorted(site.pictures)
        if opts.force
        or previous.get(f"{deck}/{lang}") != keys[f"{deck}/{lang}"]
        or not all((out / lang / "c" / deck / f"{c}.png").is_file() for c in _card_ids(deck))
    ]
    if todo:
        progress(f"drawing the card pictures of {len(todo)} deck(s)")
        with ProcessPoolExecutor(max_workers=max(1, min(opts.jobs, len(todo)))) as pool:
            futures = {pair: pool.submit(_draw_pictures, *pair, opts.base_url) for pair in todo}
            for (deck, lang), future in futures.items():
                for card_id, png in future.result().items():
                    report.pictures_drawn += 1
                    _write_if_changed(out, f"{lang}/c/{deck}/{card_id}.png", png, report)
                progress(f"pictures: {lang}/c/{deck}/")
    return keys


def _root_404(page: bytes, prefix: str, langs: tuple[str, ...]) -> bytes:
    """The host's 404 page: in the language of the missing URL, or the browser's."""
    script = (
        "(function () {"
        f" var langs = {json.dumps(list(langs))}, prefix = {json.dumps(prefix)};"
        " var path = location.pathname.slice(prefix.length).split('/');"
        " var want = langs.indexOf(path[1]) >= 0 ? path[1] : null;"
        " if (!want) { var prefs = navigator.languages || [navigator.language || ''];"
        "  for (var i = 0; i < prefs.length && !want; i++) {"
        "   var l = String(prefs[i]).toLowerCase().split('-')[0];"
        "   if (langs.indexOf(l) >= 0) want = l; } }"
        f" if (want && want !== {json.dumps(langs[0])})"
        "  location.replace(prefix + '/' + want + '/404.html');"
        "})();"
    )
    soup = BeautifulSoup(page.decode(), "html.parser")
    tag = soup.new_tag("script")
    tag.string = script
    (soup.head or soup).insert(0, tag)
    return str(soup).encode()
