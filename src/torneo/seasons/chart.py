"""Points over a season as a server-drawn SVG step chart (no JavaScript, no chart library).

This module only does geometry: from cumulative points series to coordinates, paths and axis
ticks in a fixed ``viewBox``; the template ``seasons/_chart.html`` draws the elements, so every
label goes through the page's language (month names by Babel, words by ``_()``).

Decisions:
- Season points only grow, and they grow on the day of a tournament: each line is a step
  ("step-after") line from 0 on the season's first day, flat until a tournament, then up.
  Every line is continued flat to the last tournament day shown, so lines end side by side and
  the reader compares totals at the right edge.
- The y axis runs from 0 to a "nice" maximum (1, 2, 2.5 or 5 × 10^k steps), about five gridlines.
- The x axis runs over the whole season with a tick on the first day of each month (every
  other month when the season is longer than a year).
- Five colours, distinguishable for the common colour-vision deficiencies (Okabe–Ito order).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from torneo.seasons.views import ChartSeries, SeasonChart

WIDTH = 640
HEIGHT = 300
LEFT, RIGHT, TOP, BOTTOM = 44, 14, 14, 34
COLOURS = ("#0b5fa5", "#e69f00", "#009e73", "#cc3d7a", "#56b4e9", "#7a5c00")


@dataclass(frozen=True, slots=True)
class Tick:
    pos: float
    value: int
    day: date | None = None


@dataclass(frozen=True, slots=True)
class Marker:
    x: float
    y: float
    day: date
    total: int
    gained: int
    tournament: str
    void: bool


@dataclass(frozen=True, slots=True)
class Line:
    player_id: int
    name: str
    colour: str
    path: str  # SVG path data
    area: str  # the same path closed down to the axis (a soft fill for a single line)
    total: int
    markers: tuple[Marker, ...]


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: float
    right: float  # x of the plot's right edge
    top: float
    bottom: float  # y of the x axis
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    lines: tuple[Line, ...]
    today_x: float | None  # a "today" rule when today is inside the season

    @property
    def is_empty(self) -> bool:
        return not any(line.markers for line in self.lines)


def nice_max(value: int) -> tuple[int, int]:
    """(top, step): the smallest 1/2/2.5/5 × 10^k step giving at most 5 intervals above value."""
    if value <= 0:
        return 4, 1
    magnitude = 1
    while True:
        for factor in (1, 2, 5, 10):
            step = factor * magnitude
            if step * 5 >= value:
                top = -(-value // step) * step
                return max(top, step), step
        magnitude *= 10


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def step_chart(
    chart: SeasonChart,
    *,
    today: date | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> Chart:
    start, end = chart.starts_on, chart.ends_on
    span = max((end - start).days, 1)
    right, bottom = width - RIGHT, height - BOTTOM
    plot_w, plot_h = right - LEFT, bottom - TOP
    highest = max((p.total for s in chart.series for p in s.points), default=0)
    top_value, step = nice_max(highest)

    def x_of(day: date) -> float:
        offset = min(max((day - start).days, 0), span)
        return LEFT + plot_w * offset / span

    def y_of(total: int) -> float:
        return bottom - plot_h * total / top_value

    last_day = max(
        (p.day for s in chart.series for p in s.points if p.tournament is not None),
        default=start,
    )
    lines = tuple(
        _line(s, COLOURS[i % len(COLOURS)], x_of, y_of, last_day, bottom)
        for i, s in enumerate(chart.series)
    )
    y_ticks = tuple(Tick(y_of(v), v) for v in range(0, top_value + 1, step))
    x_ticks = tuple(Tick(x_of(d), 0, d) for d in _months(start, end))
    today_x = x_of(today) if today is not None and start <= today <= end else None
    return Chart(width, height, LEFT, right, TOP, bottom, x_ticks, y_ticks, lines, today_x)


def _line(
    series: ChartSeries,
    colour: str,
    x_of: Callable[[date], float],
    y_of: Callable[[int], float],
    last_day: date,
    bottom: float,
) -> Line:
    points = series.points
    x0, y0 = x_of(points[0].day), y_of(points[0].total)
    parts = [f"M{_fmt(x0)} {_fmt(y0)}"]
    markers: list[Marker] = []
    for p in points[1:]:
        x, y = x_of(p.day), y_of(p.total)
        parts.append(f"H{_fmt(x)}V{_fmt(y)}")  # flat until the tournament, then up
        markers.append(Marker(x, y, p.day, p.total, p.gained, p.tournament or "", p.void))
    end_x = x_of(max(last_day, points[-1].day))
    parts.append(f"H{_fmt(end_x)}")
    path = "".join(parts)
    area = f"{path}V{_fmt(bottom)}H{_fmt(x0)}Z"
    return Line(series.player_id, series.name, colour, path, area, points[-1].total, tuple(markers))


def _months(start: date, end: date) -> list[date]:
    first = (start.replace(day=1) + timedelta(days=32)).replace(day=1) if start.day > 1 else start
    months = []
    day = first
    while day <= end:
        months.append(day)
        day = (day + timedelta(days=32)).replace(day=1)
    if len(months) > 12:
        months = months[::2]
    return months
