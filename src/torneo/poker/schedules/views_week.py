"""The club's week (PKR-SCHED-1) as the list page and the API show it: the tournaments held, and
the weekly templates with the next date of each.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import select

from torneo.platform.store.uow import Store
from torneo.poker.commands import WEEKDAYS, poker_rules
from torneo.poker.tables import PokerTournament


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    id: int
    name: str
    held_on: date
    status: str
    template: str | None
    players: int


def list_tournaments(store: Store, limit: int = 200) -> list[TournamentSummary]:
    with store.read() as session:
        rows = session.scalars(
            select(PokerTournament)
            .order_by(PokerTournament.held_on.desc(), PokerTournament.id.desc())
            .limit(limit)
        ).all()
        out = []
        for r in rows:
            entered = {p.player_id for p in r.purchases}
            out.append(
                TournamentSummary(r.id, r.name, r.held_on, r.status, r.template, len(entered))
            )
        return out


@dataclass(frozen=True, slots=True)
class TemplateOut:
    id: str
    name: str
    weekday: str
    start: str
    buy_in: str  # "90+10+20"
    buy_in_cents: int
    starting_stack: int
    level_minutes: int
    next_date: date


def templates(preset: str, today: date) -> list[TemplateOut]:
    """PKR-SCHED-1: the club's week, each with its next date from ``today``."""
    rules = poker_rules(preset)
    out = []
    for t in rules.tournaments:
        day = today
        for _ in range(60):
            ok = WEEKDAYS[day.weekday()] == t.weekday and (
                t.week_of_month is None or (day.day - 1) // 7 + 1 == t.week_of_month
            )
            if ok:
                break
            day += timedelta(days=1)
        label = "+".join(
            str(p.cents // 100) if p.cents % 100 == 0 else f"{p.cents / 100:.2f}" for p in t.buy_in
        )
        out.append(
            TemplateOut(
                t.id,
                t.name,
                t.weekday,
                t.start,
                label,
                t.buy_in_cents,
                t.starting_stack,
                t.level_minutes,
                day,
            )
        )
    return out
