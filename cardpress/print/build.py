"""``cardpress build``: plan the outputs, skip the up-to-date ones, build the rest in parallel.

Outputs under ``--out`` (default ``build/``)::

    <lang>/decks/<deck>-<paper>.pdf        contract: poker cards, fronts/backs, long-edge flip
    <lang>/decks/<deck>-<paper>[-<size>][-<duplex>].pdf
                                           other card sizes / duplex modes (suffix only
                                           when not poker / long)
    <lang>/print-shop/<deck>[-<size>][-cmyk].pdf
                                           one page per side, 1/8 in bleed, TrimBox/BleedBox,
                                           front then back for every card; ``-cmyk``:
                                           DeviceCMYK (``--cmyk``)
    <lang>/print-shop/<deck>[-<size>]-pdfx4.pdf
                                           ``--pdfx``: the CMYK file as PDF/X-4
    <lang>/pod/<service>/<deck>.pdf        ``--pdfx --pod SERVICE``: the service's trim and
                                           bleed, its PDF/X version (X-1a for DriveThruCards)
    <lang>/png/<deck>[-<size>]/<card-id>.png
                                           300 dpi with bleed, every card type; also back.png
    <lang>/tts/<deck>[-<size>]-faces.png   Tabletop Simulator sheet (every copy, <= 10 x 7,
                                           <= 4096 px wide), and <deck>[-<size>]-back.png
    <lang>/pod/<service>/<deck>/<card-id>.png
                                           ``--pod SERVICE``: every card type and back.png at
                                           the exact pixels of the service's poker template
    <lang>/rules/<game>-<paper>.pdf        the rule sheets (cardpress.print.rulesheet)
    .cardpress-manifest.json               input hash of every output (the up-to-date check)

A job's key hashes everything that can change its bytes: the card files of
its deck (and their art), the fonts, the ``cards`` catalogues, the cardpress
source, and the options. A job whose outputs exist with the recorded key is
skipped. Jobs run in a process pool (``--jobs``, default 2); every file is
written to a temporary name and moved into place, so a failed build leaves
the previous file.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import warnings
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from cardpress.catalogue.models import DECK_IDS
from cardpress.games.registry import DECK_GAMES, GAMES
from cardpress.paths import LOCALES, ROOT, TEMPLATES, cards_dir
from cardpress.print.atomic import write_atomic
from cardpress.print.layout import PAPERS as PAPER_SIZES
from cardpress.vocabulary import LANGS

MANIFEST = ".cardpress-manifest.json"
ART_CACHE = Path(".cache") / "art"  # painted strokes, kept between builds (art.painterly.warm)
WATCH_TICK_MS = 100  # --watch: how often an idle watcher wakes (and the first build waits)
PAPERS = tuple(PAPER_SIZES)
PACKAGE = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Options:
    langs: tuple[str, ...] = LANGS
    papers: tuple[str, ...] = PAPERS
    decks: tuple[str, ...] = DECK_IDS
    base_url: str = "http://localhost:5000"
    out: Path = Path("build")
    size: str = "poker"
    duplex: str = "long"
    #: space the cards on deck sheets and bleed each into the gutters (False: butted)
    gutter: bool = True
    print_shop: bool = True
    #: print-shop PDFs in DeviceCMYK (``<deck>[-<size>]-cmyk.pdf``) instead of RGB
    cmyk: bool = False
    #: print-on-demand services (``export.POD_TEMPLATES``) to write template-sized PNGs for
    pod: tuple[str, ...] = ()
    #: PDF/X print-shop files: ``<deck>[-<size>]-pdfx4.pdf``, and each ``pod`` service's own
    #: ``pod/<service>/<deck>.pdf`` (its trim, bleed and PDF/X version)
    pdfx: bool = False
    images: bool = True
    rules: bool = True
    #: also impose each rule sheet as a saddle-stitched booklet (``<game>-<paper>-booklet.pdf``)
    booklet: bool = False
    eshi100_csv: Path | None = None
    jobs: int = 2
    force: bool = False
    #: build the deck PDFs before anything else (``--watch``: the designer waits for them)
    decks_first: bool = False


@dataclass(frozen=True)
class Job:
    kind: str  # deck | shop | pdfx | images | pod | rules | booklet
    deck: str  # deck id, or the game id for rules
    lang: str
    paper: str = ""
    outputs: tuple[str, ...] = ()  # relative to --out; images, pod: one file of each folder
    key: str = ""
    service: str = ""  # pod: the print-on-demand service

    @property
    def name(self) -> str:
        return self.outputs[0] if self.outputs else f"{self.kind}:{self.deck}:{self.lang}"


@dataclass
class Report:
    built: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    seconds: float = 0.0


# --------------------------------------------------------------------------- hashing


def _hash_files(h, paths: Iterable[Path]) -> None:
    for path in sorted(paths):
        if path.is_file():
            h.update(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).encode())
            h.update(path.read_bytes())


def _tree(folder: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    if not folder.is_dir():
        return []
    return [
        p
        for p in folder.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and (suffixes is None or p.suffix in suffixes)
    ]


@cache
def code_version() -> str:
    h = hashlib.sha256()
    _hash_files(h, _tree(PACKAGE, (".py",)))
    return h.hexdigest()


@cache
def fonts_version() -> str:
    from cardpress.print.fonts import font_files

    h = hashlib.sha256()
    for role, path in sorted(font_files().items()):
        st = Path(path).stat()
        h.update(f"{role}:{path}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def deck_inputs(deck_id: str, opts: Options) -> str:
    h = hashlib.sha256()
    cards = cards_dir()
    _hash_files(h, _tree(cards / deck_id))
    _hash_files(h, [p for p in cards.glob("*") if p.is_file()])
    if deck_id == "eshi100" and opts.eshi100_csv is not None:
        _hash_files(h, [opts.eshi100_csv])
    _hash_files(h, [LOCALES / lang / "LC_MESSAGES" / "cards.po" for lang in LANGS])
    if deck_id == "triptych":  # rule cards print text from the rules package
        _hash_files(h, _tree(TEMPLATES / "rules"))
        _hash_files(h, [LOCALES / lang / "LC_MESSAGES" / "rules.po" for lang in LANGS])
    return h.hexdigest()


def rules_inputs() -> str:
    h = hashlib.sha256()
    _hash_files(h, _tree(cards_dir()))
    _hash_files(h, _tree(TEMPLATES))
    _hash_files(h, _tree(LOCALES, (".po",)))
    return h.hexdigest()


def _key(*parts: object) -> str:
    return hashlib.sha256(json.dumps([str(p) for p in parts]).encode()).hexdigest()


# --------------------------------------------------------------------------- planning


def deck_pdf_name(deck: str, paper: str, size: str, duplex: str) -> str:
    suffix = ("" if size == "poker" else f"-{size}") + ("" if duplex == "long" else f"-{duplex}")
    return f"{deck}-{paper}{suffix}.pdf"


def plan(opts: Options) -> list[Job]:
    common = (code_version(), fonts_version(), opts.base_url, opts.size)
    jobs: list[Job] = []
    inputs = {d: deck_inputs(d, opts) for d in opts.decks}
    for lang in opts.langs:
        for deck in opts.decks:
            base = (*common, inputs[deck], lang, deck)
            for paper in opts.papers:
                rel = f"{lang}/decks/{deck_pdf_name(deck, paper, opts.size, opts.duplex)}"
                jobs.append(
                    Job(
                        "deck",
                        deck,
                        lang,
                        paper,
                        (rel,),
                        _key(*base, "deck", paper, opts.duplex, opts.gutter),
                    )
                )
            if opts.print_shop:
                suffix = ("" if opts.size == "poker" else f"-{opts.size}") + (
                    "-cmyk" if opts.cmyk else ""
                )
                rel = f"{lang}/print-shop/{deck}{suffix}.pdf"
                jobs.append(Job("shop", deck, lang, "", (rel,), _key(*base, "shop")))
            if opts.pdfx:
                name = deck if opts.size == "poker" else f"{deck}-{opts.size}"
                outs = (
                    f"{lang}/print-shop/{name}-pdfx4.pdf",
                    *tuple(f"{lang}/pod/{service}/{deck}.pdf" for service in opts.pod),
                )
                jobs.append(Job("pdfx", deck, lang, "", outs, _key(*base, "pdfx", *opts.pod)))
            if opts.images:
                name = deck if opts.size == "poker" else f"{deck}-{opts.size}"
                outs = (
                    f"{lang}/png/{name}/back.png",
                    f"{lang}/tts/{name}-faces.png",
                    f"{lang}/tts/{name}-back.png",
                )
                jobs.append(Job("images", deck, lang, "", outs, _key(*base, "images")))
            for service in opts.pod:
                outs = (f"{lang}/pod/{service}/{deck}/back.png",)
                key = _key(*base, "pod", service)
                jobs.append(Job("pod", deck, lang, "", outs, key, service))
    if opts.rules:
        games = [g for g in GAMES if any(g in DECK_GAMES[d] for d in opts.decks)]
        rkey = rules_inputs()
        for lang in opts.langs:
            for game in games:
                for paper in opts.papers:
                    for kind in ("rules", "booklet") if opts.booklet else ("rules",):
                        suffix = "-booklet" if kind == "booklet" else ""
                        rel = f"{lang}/rules/{game}-{paper}{suffix}.pdf"
                        key = _key(
                            code_version(),
                            fonts_version(),
                            rkey,
                            opts.base_url,
                            lang,
                            game,
                            paper,
                            kind,
                        )
                        jobs.append(Job(kind, game, lang, paper, (rel,), key))
    return jobs


# --------------------------------------------------------------------------- running


@cache
def _catalogue():
    from cardpress.catalogue import load_catalogue

    return load_catalogue()


def load_deck(deck_id: str, eshi100_csv: Path | None):
    cat = _catalogue()
    if deck_id == "eshi100" and eshi100_csv is not None:
        from cardpress.catalogue import load_eshi100_csv

        return load_eshi100_csv(eshi100_csv, cat.eshi100.catalogue), cat.root
    return cat.deck(deck_id), cat.root


def run_job(job: Job, opts: Options) -> tuple[Job, list[str], list[str], str | None]:
    """Build one job (in a worker process); returns the job, files written, warnings, error."""
    error = None
    written: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            written = _run(job, opts)
        except Exception as exc:  # reported as one line; the previous file stays
            error = _error_line(job, exc)
    notes = sorted({str(w.message) for w in caught})
    return job, written, notes, error


def _error_line(job: Job, exc: Exception) -> str:
    """One line naming the output and what went wrong: a problem the person can fix (a
    file in the way, a conversion refused) in its own words; anything else with its
    exception's name, which is what a bug report needs."""
    from cardpress.print.designer_art import ArtError
    from cardpress.print.errors import ExportError

    first = str(exc).splitlines()[0] if str(exc) else ""
    said = (OSError, ArtError, ExportError, *_conversion_errors())
    why = first if isinstance(exc, said) and first else f"{type(exc).__name__}: {first}"
    if any(why.startswith(f"{output}:") for output in job.outputs):
        return why  # it names which of the job's files already
    return f"{job.name}: {why}"


def _conversion_errors() -> tuple[type[Exception], ...]:
    from cardpress.print.cmyk import ProfileMissing
    from cardpress.print.pdfx import PdfxError

    return (PdfxError, ProfileMissing)


def run_jobs(jobs: list[Job], opts: Options) -> list[tuple[Job, list[str], list[str], str | None]]:
    """Build jobs one after another in one worker (see ``batches``)."""
    return [run_job(job, opts) for job in jobs]


def batches(order: list[Job]) -> list[list[Job]]:
    """The jobs grouped so that one worker builds every PDF of a deck in one language.

    Those PDFs print the same faces, which a worker draws once and then places
    (``cardpress.print.replay``); split over two workers, both would draw them.
    Likewise a game's rule sheets in one language (A4 and Letter) share one
    parsed rule document. Groups keep the order of their first job.
    """
    groups: dict[tuple[bool, str, str], list[Job]] = {}
    out: list[list[Job]] = []
    for job in order:
        key = (job.kind in ("rules", "booklet"), job.deck, job.lang)
        group = groups.get(key)
        if group is None:
            group = groups[key] = []
            out.append(group)
        group.append(job)
    return out


def _run(job: Job, opts: Options) -> list[str]:
    from cardpress.print.export import export_deck_images, export_pod_images

    out = Path(opts.out)
    if job.kind in ("rules", "booklet"):
        from cardpress.print.booklet import render_booklet
        from cardpress.print.rulesheet import render_rule_sheet

        render = render_booklet if job.kind == "booklet" else render_rule_sheet
        data = render(job.deck, job.lang, job.paper, opts.base_url)
        write_atomic(out / job.outputs[0], data)
        return list(job.outputs)
    from cardpress.print.sheets import render_deck_pdf, render_print_shop_pdf

    deck, root = load_deck(job.deck, opts.eshi100_csv)
    if job.kind == "deck":
        data = render_deck_pdf(
            deck,
            job.lang,
            job.paper,
            opts.base_url,
            size=opts.size,
            duplex=opts.duplex,
            gutter=opts.gutter,
            root=root,
        )
        write_atomic(out / job.outputs[0], data)
        return list(job.outputs)
    if job.kind == "shop":
        data = render_print_shop_pdf(
            deck, job.lang, opts.base_url, size=opts.size, root=root, cmyk=opts.cmyk
        )
        write_atomic(out / job.outputs[0], data)
        return list(job.outputs)
    if job.kind == "pdfx":
        from cardpress.print.pdfx import PdfxError, for_service, to_pdfx4
        from cardpress.print.preflight import services

        cmyk = render_print_shop_pdf(
            deck, job.lang, opts.base_url, size=opts.size, root=root, cmyk=True
        )
        for rel, service in zip(job.outputs, (None, *opts.pod), strict=True):
            try:
                data = to_pdfx4(cmyk) if service is None else for_service(cmyk, services()[service])
            except PdfxError as exc:  # named by the file it was to be
                raise PdfxError(f"{rel}: {exc}") from None
            write_atomic(out / rel, data)
        return list(job.outputs)
    if job.kind == "pod":
        paths = export_pod_images(deck, job.lang, opts.base_url, out, job.service, root=root)
    else:
        paths = export_deck_images(deck, job.lang, opts.base_url, out, size=opts.size, root=root)
    return [str(p.relative_to(out)) for p in paths]


def _warm(todo: list[Job], opts: Options) -> None:
    """Compile the rule templates once in this process, before the workers fork.

    Rule sheets and Triptych's rule cards render Jinja templates; compiling
    them costs about as much as drawing a deck, and every forked worker would
    do it again. Under ``--watch`` this process lives on, so after the first
    build the templates stay compiled (Jinja recompiles only a changed one).
    """
    if not any(j.kind in ("rules", "booklet") or j.deck == "triptych" for j in todo):
        return
    from cardpress.rules.loader import DOCUMENTS, environment, template_name

    for lang in opts.langs:
        env = environment(lang)
        for doc in DOCUMENTS:
            env.get_template(template_name(doc))


def _start_painting(todo: list[Job], cat, opts: Options):
    """Set off painting every picture the jobs print (:class:`~.art.painterly.Warming`).

    The rule sheets picture the real cards, so a sheet of a game needs its deck's art.
    Every picture is painted once, in one pool over the build's processes (shares
    balanced over both decks), before the workers fork and inherit its operators.
    """
    sheets = {j.deck for j in todo if j.kind in ("rules", "booklet")}
    paintings = any(j.deck == "triptych" for j in todo) or sheets & set(DECK_GAMES["triptych"])
    proxies = any(j.deck == "eshi100" for j in todo) or "eshi100" in sheets
    if not (paintings or proxies):
        return None
    from cardpress.print.art import card_pictures, painterly, proxy_pictures

    pictures = card_pictures(cat.triptych.cards) if paintings else []
    pictures += proxy_pictures(cat.eshi100) if proxies else []
    return painterly.Warming(pictures, opts.jobs, Path(opts.out) / ART_CACHE)


def _preload(todo: list[Job]) -> None:
    """Import what the jobs draw with here, once, rather than in every worker."""
    from importlib import import_module

    sheets = ("cardpress.print.booklet", "cardpress.print.rulesheet")
    decks = ("cardpress.print.export", "cardpress.print.sheets")
    for modules in {sheets if j.kind in ("rules", "booklet") else decks for j in todo}:
        for module in modules:
            import_module(module)


def read_manifest(out: Path) -> dict[str, str]:
    try:
        data = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def build(opts: Options, progress: Callable[[str], None] = lambda s: None) -> Report:
    """Build what ``opts`` asks for; raises CatalogueError/ConfigError/FontError on bad input.

    Long because it is the build's one sequence (check, faces, decks, sheets, exports, print-
    shop files, manifest); each step's inputs are the previous steps' outputs.
    """
    from cardpress.print.fonts import font_files, register_fonts

    started = time.perf_counter()
    _catalogue.cache_clear()
    font_files()  # FontError before any work
    cat = _catalogue()  # CatalogueError before any work; workers inherit it
    if opts.eshi100_csv is not None and "eshi100" in opts.decks:
        from cardpress.catalogue import load_eshi100_csv

        load_eshi100_csv(opts.eshi100_csv, cat.eshi100.catalogue)
    report = Report()
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    jobs = plan(opts)
    manifest = read_manifest(out)
    todo = []
    for job in jobs:
        fresh = manifest.get(job.name) == job.key and all((out / o).exists() for o in job.outputs)
        if fresh and not opts.force:
            report.skipped.append(job.name)
        else:
            todo.append(job)
    total = len(todo)
    painting = _start_painting(todo, cat, opts)
    try:  # while the pictures are painted: what every worker forked next inherits
        register_fonts()
        _preload(todo)
        _warm(todo, opts)
    except BaseException:
        if painting is not None:
            painting.cancel()
        raise
    if painting is not None:
        painting.finish()
    progress(f"{len(jobs)} outputs, {len(report.skipped)} up to date, {total} to build")
    done = 0

    def finish(job: Job, written: list[str], notes: list[str], error: str | None) -> None:
        nonlocal done
        done += 1
        if error is not None:
            report.failed.append(error)
            manifest.pop(job.name, None)
            progress(f"[{done}/{total}] FAILED {error}")
            return
        manifest[job.name] = job.key
        report.built.extend(written)
        for note in notes:
            if note not in report.notices:
                report.notices.append(note)
        progress(f"[{done}/{total}] {job.name}")

    try:
        # heavy jobs first so the pool finishes together; while watching, decks first
        weight = {
            "images": 0,
            "pod": 0,
            "pdfx": 0,  # Ghostscript's X-1a pass is the slowest job of all
            "shop": 1,
            "deck": -1 if opts.decks_first else 2,
            "rules": 3,
            "booklet": 3,
        }

        # and of the sheets, the English ones first: hyphenating them without ladders or
        # runts makes them the longer, and the last to finish decides when the build ends
        def heavy_first(j: Job) -> tuple[int, bool, bool]:
            later_sheet = j.kind in ("rules", "booklet") and j.lang != "en"
            return (weight[j.kind], j.deck != "ultimatch", later_sheet)

        order = sorted(todo, key=heavy_first)
        if opts.decks_first and order and order[0].kind == "deck":
            # the PDF the designer is waiting for: drawn here at once, with this
            # long-lived process's warm caches, before any worker is forked
            finish(*run_job(order.pop(0), opts))
        if opts.jobs <= 1 or len(order) <= 1:
            for job in order:
                finish(*run_job(job, opts))
        else:
            with ProcessPoolExecutor(max_workers=opts.jobs) as pool:
                futures = [pool.submit(run_jobs, batch, opts) for batch in batches(order)]
                for fut in as_completed(futures):
                    for result in fut.result():
                        finish(*result)
    finally:
        write_atomic(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode())
    report.seconds = time.perf_counter() - started
    return report


def watch_paths() -> list[Path]:
    return [p for p in (cards_dir(), LOCALES, TEMPLATES) if p.exists()]


def watch(
    opts: Options,
    on_build: Callable[[Report | BaseException], None],
    progress: Callable[[str], None] = lambda s: None,
    stop_event=None,
) -> None:
    """Rebuild after every save under cards/ (and the catalogues); the manifest keeps it quick."""
    from dataclasses import replace

    from watchfiles import watch as watch_files

    opts = replace(opts, decks_first=True)

    def once() -> None:
        code_version.cache_clear()
        try:
            on_build(build(opts, progress))
        except Exception as exc:  # a bad save must not end the designer's loop
            on_build(exc)

    # The first build starts only once the watcher is live (its first timeout), so a
    # save made during that build, or just after it, is never missed.
    built = False
    for changes in watch_files(
        *watch_paths(),
        stop_event=stop_event,
        watch_filter=lambda change, path: not os.path.basename(path).startswith("."),
        rust_timeout=WATCH_TICK_MS,
        yield_on_timeout=True,
    ):
        if changes or not built:
            built = True
            once()
