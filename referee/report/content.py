"""What the report says, once, for both the PDF and the referee's page.

A list of blocks (headings, sentences, grids of figures, plots), in the
reader's language; :mod:`.pdf` sets them with ReportLab, :mod:`.page` as
HTML. Only aggregates: no table id, seed, token or player name appears.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean, median
from typing import ClassVar

from referee.report import plots
from referee.report.figures import Figures, Report
from referee.report.words import card_name, game_name, length_word, words

#: most rows a grid or bar plot of rules or cards shows
TOP = 15


@dataclass(frozen=True)
class Heading:
    kind: ClassVar[str] = "heading"
    text: str
    level: int = 1


@dataclass(frozen=True)
class Para:
    kind: ClassVar[str] = "para"
    text: str


@dataclass(frozen=True)
class Grid:
    kind: ClassVar[str] = "grid"
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Plot:
    kind: ClassVar[str] = "plot"
    title: str
    svg: bytes


Block = Heading | Para | Grid | Plot


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _num(value: float) -> str:
    return f"{value:.1f}"


def blocks(report: Report, lang: str) -> list[Block]:
    t = words(lang)
    out: list[Block] = [Heading(t("What real tables say"), 0)]
    out.append(Para(t("Database: %(source)s", source=report.source)))
    out.append(
        Para(
            t(
                "Games are grouped by game, deck version (the version printed on the "
                "cards, as the card data said when the table was made) and setup (the "
                "options that differ from the game's defaults). Tables made before the "
                "referee recorded deck versions are grouped as “version not recorded”."
            )
        )
    )
    out.append(
        Para(
            t(
                "People's figures come from finished tables; a table in play untouched "
                "for a day counts as abandoned. The bots' figures come from games the "
                "simulator's bots played with the same setup and player counts."
            )
        )
    )
    if not report.people:
        out.append(Para(t("No tables yet: nothing to report.")))
        return out
    out.append(
        Grid(
            (t("Game"), t("Deck version"), t("Setup"), t("Finished games"), t("Abandoned games")),
            tuple(
                (
                    game_name(game, lang),
                    version or t("version not recorded"),
                    setup or t("standard"),
                    str(report.people[(game, version, setup)].games),
                    str(report.people[(game, version, setup)].abandoned),
                )
                for game, version, setup in report.groups()
            ),
        )
    )
    for key in report.groups():
        out.extend(_group(report.people[key], report.bots.get(key), lang))
    return out


def _group(people: Figures, bots: Figures | None, lang: str) -> list[Block]:
    t = words(lang)
    name = game_name(people.game, lang)
    version = people.version or t("version not recorded")
    title = f"{name} · {version}" + (f" · {people.setup}" if people.setup else "")
    out: list[Block] = [Heading(title)]
    if not people.games:
        out.append(
            Para(
                t(
                    "No finished game yet (%(abandoned)s abandoned).",
                    abandoned=people.abandoned,
                )
            )
        )
        return out
    legend = (t("people"), t("bots"))
    length = length_word(people.length_word, lang)
    dash = "–"
    rows: list[tuple[str, ...]] = [
        (t("Finished games"), str(people.games), str(bots.games) if bots else dash),
        (t("Abandoned games"), str(people.abandoned), dash),
        (
            t("Games by player count"),
            _counts(people),
            _counts(bots) if bots else dash,
        ),
        (
            t("Length in %(measure)s: mean / median", measure=length),
            f"{_num(mean(people.rounds))} / {_num(median(people.rounds))}",
            f"{_num(mean(bots.rounds))} / {_num(median(bots.rounds))}" if bots else dash,
        ),
        (
            t("Length in minutes: mean / median"),
            f"{_num(mean(people.minutes))} / {_num(median(people.minutes))}"
            if people.minutes
            else dash,
            dash,
        ),
    ]
    out.append(Grid((t("Figure"), t("people"), t("bots")), tuple(rows)))
    out.extend(_wins(people, bots, lang, legend))
    out.append(
        Plot(
            t("Game length in %(measure)s", measure=length),
            plots.histogram(
                lang,
                t("Game length in %(measure)s", measure=length),
                people.rounds,
                bots.rounds if bots else None,
                legend,
                length,
                t("share of games (%)"),
            ),
        )
    )
    out.extend(_rules(people, bots, lang, legend))
    out.extend(_cards(people, bots, lang, legend))
    return out


def _counts(figures: Figures) -> str:
    return ", ".join(f"{n}: {g}" for n, g in sorted(figures.players.items()))


def _wins(people: Figures, bots: Figures | None, lang: str, legend: tuple[str, str]) -> list[Block]:
    t = words(lang)
    if people.cooperative:
        counts = sorted(people.players)
        rate = [people.team_wins[n] / people.players[n] for n in counts]
        bot_rate = [bots.team_wins[n] / bots.players[n] for n in counts] if bots else None
        labels = [t("%(num)s players", num=n) for n in counts]
        title = t("Team win rate by player count")
        grid = Grid(
            (t("Players"), t("Games"), t("people"), t("bots")),
            tuple(
                (
                    str(n),
                    str(people.players[n]),
                    _pct(rate[i]),
                    _pct(bot_rate[i]) if bot_rate else "–",
                )
                for i, n in enumerate(counts)
            ),
        )
        plot = plots.bars(
            lang, title, labels, rate, bot_rate, legend, t("players"), t("won (%)"), True
        )
        return [Heading(title, 2), grid, Plot(title, plot)]
    title = t("Win rate by seat order")
    places = people.seat_rates()
    bot_places = {p: r for p, r, _ in bots.seat_rates()} if bots else {}
    labels = [t("seat %(num)s", num=p + 1) for p, _, _ in places]
    plot = plots.bars(
        lang,
        title,
        labels,
        [r for _, r, _ in places],
        [bot_places.get(p, 0.0) for p, _, _ in places] if bots else None,
        legend,
        t("seat from the first player"),
        t("won (%)"),
        True,
    )
    by_count = Grid(
        (t("Players"), t("Games"), *(t("seat %(num)s", num=i + 1) for i in range(len(places)))),
        tuple(
            (
                str(n),
                str(people.players[n]),
                *(_pct(w / people.players[n]) for w in wins),
                *("" for _ in range(len(places) - n)),
            )
            for n, wins in sorted(people.seat_wins.items())
        ),
    )
    return [
        Heading(title, 2),
        Para(
            t(
                "Seat 1 is the first player, then clockwise; a win shared by k players "
                "counts 1/k to each. With n players a fair seat wins 1/n of the games."
            )
        ),
        Grid(
            (t("Seat"), t("Games"), t("people"), t("bots")),
            tuple(
                (labels[p], str(g), _pct(r), _pct(bot_places[p]) if p in bot_places else "–")
                for p, r, g in places
            ),
        ),
        Heading(t("Win rate by player count and seat (people)"), 3),
        by_count,
        Plot(title, plot),
    ]


def _rules(
    people: Figures, bots: Figures | None, lang: str, legend: tuple[str, str]
) -> list[Block]:
    t = words(lang)
    out: list[Block] = [Heading(t("Rulings cited and refusals"), 2)]
    cited = [rule for rule, _ in people.rulings.most_common(TOP)]
    per_game = [people.rulings[r] / people.games for r in cited]
    bot_per_game = [bots.rulings[r] / bots.games for r in cited] if bots else None
    out.append(
        Grid(
            (t("Rule"), t("Cited"), t("per game (people)"), t("per game (bots)")),
            tuple(
                (
                    rule,
                    str(people.rulings[rule]),
                    f"{per_game[i]:.2f}",
                    f"{bot_per_game[i]:.2f}" if bot_per_game else "–",
                )
                for i, rule in enumerate(cited)
            ),
        )
    )
    if cited:
        title = t("Rulings cited per game")
        out.append(
            Plot(
                title,
                plots.bars(
                    lang,
                    title,
                    cited,
                    per_game,
                    bot_per_game,
                    legend,
                    t("citations per game"),
                    t("rule"),
                    horizontal=True,
                ),
            )
        )
    refused = people.refusals.most_common(TOP)
    if not refused:
        out.append(Para(t("No move was refused at these tables.")))
        return out
    unnamed = t("(no rule named)")
    out.append(
        Grid(
            (t("Rule"), t("Refusals"), t("per finished game")),
            tuple((rule or unnamed, str(n), f"{n / people.games:.2f}") for rule, n in refused),
        )
    )
    title = t("Refusals by rule (which rules confuse players)")
    out.append(
        Plot(
            title,
            plots.bars(
                lang,
                title,
                [r or unnamed for r, _ in refused],
                [n for _, n in refused],
                None,
                legend,
                t("refusals"),
                t("rule"),
                horizontal=True,
            ),
        )
    )
    out.append(Para(t("Bots make only legal moves: every refusal is a person's.")))
    return out


def _cards(
    people: Figures, bots: Figures | None, lang: str, legend: tuple[str, str]
) -> list[Block]:
    t = words(lang)
    presence = people.card_presence()
    if not presence:
        return []
    bot_presence = bots.card_presence() if bots else {}
    order = sorted(
        presence,
        key=lambda c: (-abs(presence[c] - bot_presence.get(c, 0.0)), c),
    )[:TOP]
    title = t("Cards in winning collections")
    out: list[Block] = [
        Heading(title, 2),
        Para(
            t(
                "The share of winners' final collections (or hands) holding each card; "
                "the cards where people differ most from the bots first. "
                "%(num)s winning collections.",
                num=people.winning_collections,
            )
        ),
        Grid(
            (t("Card"), t("people"), t("bots")),
            tuple(
                (
                    card_name(people.game, c, lang),
                    _pct(presence[c]),
                    _pct(bot_presence[c]) if c in bot_presence else "–",
                )
                for c in order
            ),
        ),
        Plot(
            title,
            plots.bars(
                lang,
                title,
                [card_name(people.game, c, lang) for c in order],
                [presence[c] for c in order],
                [bot_presence.get(c, 0.0) for c in order] if bots else None,
                legend,
                t("winning collections holding it (%)"),
                t("card"),
                percent=True,
                horizontal=True,
            ),
        ),
    ]
    return out
