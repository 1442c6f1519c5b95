"""Each team's weekly scores as a server-drawn SVG line chart (issue 18 item 6; no JavaScript).

Geometry only: from the standings' series (one score per matchday with data) to polylines and
ticks in a fixed ``viewBox``; ``fantasy/_chart.html`` draws them, the words through the page's
language. A matchday a team has no score for leaves a gap in its line. The y axis runs from a
round number under the lowest score to one over the highest (steps of 10 points).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from torneo.fantasy.views import LeaguePage

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 30
COLOURS = (
    "#0b5fa5",
    "#e69f00",
    "#009e73",
    "#cc3d7a",
    "#56b4e9",
    "#7a5c00",
    "#d55e00",
    "#444444",
    "#8e44ad",
    "#2e7d32",
)


@dataclass(frozen=True, slots=True)
class Line:
    team: str
    colour: str
    segments: tuple[str, ...]  # "x,y x,y …" runs of consecutive scores


@dataclass(frozen=True, slots=True)
class Tick:
    pos: float
    label: str


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]


def weekly_chart(page: LeaguePage) -> Chart | None:
    days = page.chart_days
    values = [v for row in page.standings for v in row.series if v is not None]
    if not days or not values:
        return None
    low = (int(min(values)) // 10) * 10
    high = (int(max(values)) // 10 + 1) * 10
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (inner_w * i / (len(days) - 1) if len(days) > 1 else inner_w / 2)

    def y(v: Fraction) -> float:
        return TOP + inner_h * float(high - v) / (high - low)

    lines = []
    for n, row in enumerate(page.standings):
        runs: list[list[str]] = [[]]
        for i, v in enumerate(row.series):
            if v is None:
                runs.append([])
            else:
                runs[-1].append(f"{x(i):.1f},{y(v):.1f}")
        lines.append(
            Line(row.team, COLOURS[n % len(COLOURS)], tuple(" ".join(r) for r in runs if r))
        )
    step = max(1, len(days) // 10)
    x_ticks = tuple(Tick(x(i), str(d)) for i, d in enumerate(days) if i % step == 0)
    y_ticks = tuple(Tick(y(Fraction(v)), str(v)) for v in range(low, high + 1, 10))
    return Chart(
        WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM, tuple(lines), x_ticks, y_ticks
    )
