"""A team's page (issue 18): its roster with today's prices, credits and transfers left
(FAN-MKT-1), the lineup of the matchday being prepared and its deadline (FAN-LINEUP-1), the
market by role, and its scores so far."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from sqlalchemy import select

from torneo.fantasy.rules.calendar import ITALY
from torneo.fantasy.rules.lineup import lineup_for
from torneo.fantasy.rules.market import transfers_left
from torneo.fantasy.state import (
    calendar,
    get_league,
    get_team,
    holdings_at,
    league_players,
    lineups_of,
    listed,
    open_matchday,
    rules_of,
    utc,
)
from torneo.fantasy.tables import FantasyScore, FantasyTransfer
from torneo.platform.store.uow import Store
from torneo.presets.fantasy import FantasyRules


@dataclass(frozen=True, slots=True)
class RosterPlayer:
    id: int
    code: str
    name: str
    role: str
    club: str
    price: int  # on the matchday being prepared
    paid: int | None  # what the team paid
    active: bool  # False: he left the league


@dataclass(frozen=True, slots=True)
class TransferLine:
    at: datetime
    matchday: int
    sold: str
    bought: str
    sold_price: int
    bought_price: int


@dataclass(frozen=True, slots=True)
class TeamPage:
    league_id: int
    league: str
    club_id: int
    id: int
    name: str
    manager: str
    manager_id: int
    version: int
    credits: int
    budget: int
    roster: tuple[RosterPlayer, ...]
    market: tuple[RosterPlayer, ...]  # everyone the team could buy, by role and price
    transfers: tuple[TransferLine, ...]
    transfers_left: int
    extra_left: int
    matchday: int | None  # being prepared
    deadline: datetime | None
    starters: tuple[int, ...]
    bench: tuple[int, ...]
    lineup_from: int | None  # the lineup shown is the one of that matchday (not yet given)
    scores: tuple[tuple[int, Fraction, bool, bool], ...]  # matchday, total, eligible, official
    roster_open: bool  # the whole roster may still be chosen
    rules: FantasyRules


def team_page(store: Store, league_id: int, team_id: int) -> TeamPage:
    with store.read() as session:
        league = get_league(session, league_id)
        team = get_team(session, league, team_id)
        rules = rules_of(league)
        now = store.clock()
        days = calendar(league, rules)
        day = open_matchday(days, now)
        number = day.number if day else (days[-1].number if days else 1)
        players = league_players(session, league.id)
        by_id = {p.id: p for p in players}
        held = holdings_at(team, None)
        owned = {h.player_id: h.price for h in held}
        order = {"P": 0, "D": 1, "C": 2, "A": 3}

        def row(pid: int, paid: int | None) -> RosterPlayer:
            p = listed(by_id[pid], number)
            return RosterPlayer(p.id, p.code, p.name, p.role, p.club, p.price, paid, p.active)

        roster = sorted(
            (row(pid, paid) for pid, paid in owned.items()), key=lambda r: (order[r.role], r.name)
        )
        market = sorted(
            (row(p.id, None) for p in players if p.id not in owned and p.active),
            key=lambda r: (order[r.role], -r.price, r.name),
        )
        transfers = session.scalars(
            select(FantasyTransfer)
            .where(FantasyTransfer.team_id == team.id)
            .order_by(FantasyTransfer.id)
        ).all()
        regular, extra = transfers_left(
            [t.month for t in transfers], now.astimezone(ITALY).month, rules
        )
        lineup, reused = lineup_for(
            number, lineups_of(session, league.id, team.id).get(team.id, {})
        )
        scores = session.execute(
            select(
                FantasyScore.matchday,
                FantasyScore.total,
                FantasyScore.eligible,
                FantasyScore.official,
            )
            .where(FantasyScore.team_id == team.id)
            .order_by(FantasyScore.matchday)
        ).all()
        due = league.roster_due
        return TeamPage(
            league_id=league.id,
            league=league.name,
            club_id=league.club_id,
            id=team.id,
            name=team.name,
            manager=team.manager.username,
            manager_id=team.manager_id,
            version=team.version,
            credits=team.credits,
            budget=rules.budget,
            roster=tuple(roster),
            market=tuple(market),
            transfers=tuple(
                TransferLine(
                    t.at,
                    t.matchday,
                    by_id[t.sold_id].name,
                    by_id[t.bought_id].name,
                    t.sold_price,
                    t.bought_price,
                )
                for t in transfers
            ),
            transfers_left=regular,
            extra_left=extra,
            matchday=day.number if day else None,
            deadline=day.deadline if day else None,
            starters=lineup.starters if lineup else (),
            bench=lineup.bench if lineup else (),
            lineup_from=reused,
            scores=tuple((m, Fraction(t), ok, off) for m, t, ok, off in scores),
            roster_open=not held or due is None or now < utc(due),
            rules=rules,
        )
