"""A picture of the game: every side's points by round as a chart, and the summary of a finished game.

The chart is ``flet_charts.LineChart`` (its client side ships inside flet-web, so it draws offline with
``no_cdn``); a screen reader hears the same numbers in words (``Picture.said``), and the numbers are also
written under the chart as a small table, so nobody depends on telling colours apart. If the flet-charts
package is missing the table alone is shown.
"""

from __future__ import annotations

import math
from functools import partial

import flet as ft

from companion.core.i18n import msg
from companion.core.picture import Picture, Series, game_picture
from companion.core.state import State
from companion.core.words import joined, names_and
from companion.ui import widgets
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, register
from companion.ui.theme import Sizes, player_colour

CHART_HEIGHT = 200
#: The chart redrawn at once, with no implicit animation: Flet's 150 ms line animation after every point drew ~9
#: frames of the whole screen, each ~20 ms of a mid-range phone's CPU (4x), under the next tap.
STILL = ft.Animation(duration=ft.Duration(milliseconds=0))


def chart(picture: Picture, sizes: Sizes, rows: list[ft.Control] | None = None) -> ft.Control:
    """The running totals as lines (one per side, in its colour), announced as numbers; under them a row of numbers
    for each side (``rows``: those rows as a game screen keeps them)."""
    if rows is None:
        rows = [_table_row(series, sizes) for series in picture.series]
    drawn = _line_chart(picture, sizes)
    parts: list[ft.Control] = [drawn] if drawn is not None else []
    body = ft.Column([*parts, *rows], spacing=6)
    return ft.Semantics(identifier="points-chart", label=render(picture.said()), container=True, exclude_semantics=True,
                        content=body)


def _colour(series: Series) -> str:
    """The side's colour; black colonies draw in the theme's grey, and the Broodmother in the theme's tertiary
    colour (her dark brown vanished on the dark theme's background): both themes can see them."""
    if series.colour is None:
        return ft.Colors.TERTIARY
    return ft.Colors.ON_SURFACE_VARIANT if series.colour == "black" else player_colour(series.colour)


def _line_chart(picture: Picture, sizes: Sizes) -> ft.Control | None:
    try:
        import flet_charts as fch
    except ImportError:  # the table below the chart still says everything
        return None
    top = max((t for s in picture.series for t in s.totals), default=0)
    low = min((t for s in picture.series for t in s.totals), default=0)
    lines = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=0, y=0)]
            + [fch.LineChartDataPoint(x=n, y=t, tooltip=trf("{name}: {points}", name=s.name, points=t))
               for n, t in enumerate(s.totals, 1)],
            color=_colour(s), stroke_width=3, point=True,
        )
        for s in picture.series
    ]
    rounds = max(picture.rounds, 1)
    bottom = fch.ChartAxis(labels=[fch.ChartAxisLabel(value=n, label=ft.Text(f"R{n}", size=sizes.small))
                                   for n in range(1, rounds + 1)], label_size=28)
    step = max(1, math.ceil((top - min(low, 0)) / 4)) if top > low else 1
    ceiling = (max(top, 0) // step + 1) * step  # a round number above the highest total
    left = fch.ChartAxis(label_spacing=step, label_size=40)
    grid = fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1)
    return fch.LineChart(data_series=lines, min_x=0, max_x=rounds, min_y=min(low, 0), max_y=ceiling,
                         left_axis=left, bottom_axis=bottom, horizontal_grid_lines=grid, height=CHART_HEIGHT,
                         interactive=True, expand=True, animation=STILL)


def _table_row(series: Series, sizes: Sizes) -> ft.Control:
    dot = ft.Container(width=12, height=12, border_radius=6, bgcolor=_colour(series))
    numbers = "  ".join(str(t) for t in series.totals) or "-"
    return ft.Row([
        dot,
        ft.Text(render(series.name), size=sizes.small, weight=ft.FontWeight.W_600, width=120, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(numbers, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
    ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)


# -- the chart on the game screen --------------------------------------------------------------
def build_chart(ctx: PanelContext) -> list[ft.Control]:
    """The chart, drawn again at every point; each side's row of numbers under it a part kept as drawn, read from its
    own entry (``_sides``): a point of Ana's draws her row again, not the others' (``companion.ui.pieces``)."""
    picture = game_picture(ctx.state)
    rows = [ctx.piece(f"side-{series.id}", partial(_side_part, series.id)) for series in picture.series]
    return [chart(picture, ctx.sizes, rows)]


def _sides(state: State) -> dict[str, Series]:
    """Each side's running totals by its id."""
    return {series.id: series for series in game_picture(state).series}


def _side_part(side_id: str, ctx: PanelContext) -> list[ft.Control]:
    return [_table_row(ctx.ask("picture-sides", _sides)[side_id], ctx.sizes)]


def _played_a_round(state: State) -> bool:
    """Worth a picture once there is a score to draw (and never twice: a finished game has the summary)."""
    return not state.get("ended") and any(any(s) for s in state["scores"].values())


register(Panel(id="picture", title=lambda ctx: tr("Points by round"), applies=_played_a_round,
               build=build_chart, order=45))


# -- the finished game ----------------------------------------------------------------------------
def build_summary(ctx: PanelContext) -> list[ft.Control]:
    picture = game_picture(ctx.state)
    sizes = ctx.sizes
    winner = _headline(picture)
    controls: list[ft.Control] = [
        widgets.labelled(ft.Text(winner, size=sizes.title, weight=ft.FontWeight.W_700), winner, "summary-winner"),
        ft.Semantics(identifier="summary-reason", content=ft.Text(render(picture.reason), size=sizes.body)),
        _totals(picture, sizes),
        chart(picture, sizes),
    ]
    if picture.her_cards:
        controls.append(_her_cards(picture, sizes))
    return controls


def _headline(picture: Picture) -> str:
    """Who won; for a game ended early, who led (or that nobody is called the winner, against the Broodmother)."""
    if picture.early:
        if not picture.winners:
            return tr("Ended early: no winner")
        return trf("Ended early, leading: {names}", names=names_and(picture.winners))
    if not picture.winners:
        return tr("Winner: nobody")
    if len(picture.winners) == 1:
        return trf("Winner: {name}", name=picture.winners[0])
    return trf("Winners, tied: {names}", names=names_and(picture.winners))


def _totals(picture: Picture, sizes: Sizes) -> ft.Control:
    ranked = sorted(picture.series, key=lambda s: -s.total)
    lines: list[ft.Control] = [ft.Text(trf("{name}: {points}", name=s.name, points=s.total), size=sizes.body)
                               for s in ranked]
    said = render(joined([msg("{name} {points}", name=s.name, points=s.total) for s in ranked]))
    return widgets.labelled(ft.Column(lines, spacing=2), trf("Totals: {list}", list=said), "summary-totals")


def _her_cards(picture: Picture, sizes: Sizes) -> ft.Control:
    lines: list[ft.Control] = []
    for card in picture.her_cards:
        words = card.words
        text = (trf("R{round} · {words} (cancelled)", round=card.round, words=words) if card.cancelled
                else trf("R{round} · {words}", round=card.round, words=words))
        lines.append(ft.Text(text, size=sizes.small))
    title = trf("Her cards drawn: {n}", n=len(picture.her_cards))
    return ft.Semantics(identifier="summary-her-cards", container=True, content=ft.Column(
        [ft.Text(title, size=sizes.body, weight=ft.FontWeight.W_600), *lines], spacing=2))


def _finished(state: State) -> bool:
    return bool(state.get("ended"))


def _summary_title(ctx: PanelContext) -> str:
    return tr("How the game went")


register(Panel(id="summary", title=_summary_title, applies=_finished, build=build_summary, help_topic="scores",
               order=0))  # order 0: above the round bar (see GameScreen.body)

