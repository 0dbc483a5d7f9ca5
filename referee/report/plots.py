"""The report's plots: matplotlib, written as SVG with every glyph as a path.

Why SVG through svglib rather than matplotlib's own PDF pages merged in:
svglib turns the SVG into a ReportLab drawing, so a plot is a flowable like
any paragraph (laid out, captioned and kept with its caption by the same
document), stays vector, and the whole report is one ReportLab document
with ReportLab's invariant bytes. Text drawn as paths (``svg.fonttype``)
needs no font embedding, so Japanese labels in the project's fonts cannot
go missing; the captions beside each plot are real text (searchable). The
same SVG is what the referee's page shows inline.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt
from matplotlib import font_manager
from matplotlib.font_manager import FontProperties

from cardpress.print import fonts

PEOPLE, BOTS = "#1f5fa8", "#d9822b"  # blue and orange: apart with every colour vision
WIDTH, HEIGHT = 6.4, 2.9  # inches

matplotlib.rcParams.update(
    {
        "svg.fonttype": "none",  # text stays text: svglib sets it in our embedded fonts
        "svg.hashsalt": "cardpress-report",  # ids in the SVG do not change between runs
        "font.size": 8,
        "axes.spines.top": False,
        "axes.spines.right": False,
    }
)


@cache
def family(lang: str) -> tuple[str, str]:
    """(family name, ReportLab font) of the plots' text in ``lang``: the
    project's sans (BIZ UD Gothic in Japanese, Open Sans in English), known
    to matplotlib by its file."""
    role = fonts.SANS if lang == "ja" else fonts.DISPLAY
    path = str(fonts.locate(role))
    font_manager.fontManager.addfont(path)
    return FontProperties(fname=path).get_name(), role


def _svg(fig: plt.Figure) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    return out.getvalue()


def _figure(lang: str, height: float = HEIGHT) -> tuple[plt.Figure, plt.Axes]:
    return plt.subplots(figsize=(WIDTH, height))


def _in_font(plot: Callable[..., bytes]) -> Callable[..., bytes]:
    """Every text of the plot (labels, ticks, legend) in the language's family."""

    @functools.wraps(plot)
    def drawn(lang: str, *args: Any, **kwargs: Any) -> bytes:
        with matplotlib.rc_context({"font.family": [family(lang)[0]]}):
            return plot(lang, *args, **kwargs)

    return drawn


def _style(ax: plt.Axes, xlabel: str, ylabel: str) -> None:
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(frameon=False)


@_in_font
def bars(
    lang: str,
    title: str,
    labels: Sequence[str],
    people: Sequence[float],
    bots: Sequence[float] | None,
    legend: tuple[str, str],
    xlabel: str,
    ylabel: str,
    percent: bool = False,
    horizontal: bool = False,
) -> bytes:
    """People's bars beside the bots' (``bots`` None: people only)."""
    height = max(HEIGHT, 0.22 * len(labels) + 1) if horizontal else HEIGHT
    fig, ax = _figure(lang, height)
    positions = list(range(len(labels)))
    width = 0.4 if bots is not None else 0.7
    shift = width / 2 if bots is not None else 0.0
    scale = 100.0 if percent else 1.0
    draw = ax.barh if horizontal else ax.bar
    draw(
        [p - shift for p in positions],
        [v * scale for v in people],
        width,
        color=PEOPLE,
        label=legend[0],
    )
    if bots is not None:
        draw(
            [p + shift for p in positions],
            [v * scale for v in bots],
            width,
            color=BOTS,
            label=legend[1],
        )
    if horizontal:
        ax.set_yticks(positions, labels)
        ax.invert_yaxis()
    else:
        ax.set_xticks(positions, labels)
    _style(ax, xlabel, ylabel)
    return _svg(fig)


@_in_font
def histogram(
    lang: str,
    title: str,
    people: Sequence[float],
    bots: Sequence[float] | None,
    legend: tuple[str, str],
    xlabel: str,
    ylabel: str,
) -> bytes:
    """Share of games by length, people's beside the bots' (each as a share of its games)."""
    fig, ax = _figure(lang)
    values = [*people, *(bots or ())]
    low, high = (min(values), max(values)) if values else (0, 1)
    edges = _edges(low, high)
    for data, colour, name in ((people, PEOPLE, legend[0]), (bots, BOTS, legend[1])):
        if data:
            weights = [100.0 / len(data)] * len(data)
            ax.hist(
                data,
                bins=edges,
                weights=weights,
                histtype="step",
                linewidth=1.6,
                color=colour,
                label=name,
            )
    _style(ax, xlabel, ylabel)
    return _svg(fig)


def _edges(low: float, high: float, most: int = 30) -> list[float]:
    step = max(1.0, float(int((high - low) / most) + 1))
    start = float(int(low))
    count = int((high - start) / step) + 2
    return [start + i * step for i in range(count)]
