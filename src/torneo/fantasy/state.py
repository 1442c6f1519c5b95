"""A fantasy league's rows turned into the pure domain's values (issue 18).

The calendar (each matchday's first kickoff and lineup deadline, FAN-LINEUP-1), the league's
players with the price of a matchday (FAN-MKT-1), a team's roster at a moment (its holdings),
its lineups. Used inside the commands' transactions and by the read models.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from torneo.core.errors import Conflict, NotFound
from torneo.core.messages import N_
from torneo.fantasy.rules.lineup import Lineup, deadline
from torneo.fantasy.rules.market import price_on
from torneo.fantasy.rules.players import ListedPlayer
from torneo.fantasy.tables import (
    FantasyFixture,
    FantasyHolding,
    FantasyLeague,
    FantasyLineup,
    FantasyPlayer,
    FantasyTeam,
)
from torneo.platform.guards import HasVersion
from torneo.presets import load_preset
from torneo.presets.fantasy import FantasyRules


def utc(moment: datetime) -> datetime:
    """A stored moment as an aware UTC datetime (SQLite returns them naive)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def preset_rules(preset: str) -> FantasyRules:
    rules = load_preset(preset).fantasy
    if rules is None:
        raise NotFound(
            "preset",
            N_("preset '%(preset)s' is not a fantasy league's"),
            N_("fanta-magic"),
            params={"preset": preset},
        )
    return rules


def rules_of(league: FantasyLeague) -> FantasyRules:
    return FantasyRules.model_validate(league.rules)


def get_league(session: Session, league_id: int) -> FantasyLeague:
    row = session.get(FantasyLeague, league_id)
    if row is None:
        raise NotFound(
            "league",
            N_("no fantasy league %(id)s"),
            N_("the id of a fantasy league"),
            params={"id": league_id},
        )
    return row


def get_team(session: Session, league: FantasyLeague, team_id: int) -> FantasyTeam:
    team = session.get(FantasyTeam, team_id)
    if team is None or team.league_id != league.id:
        raise NotFound(
            "team",
            N_("no team %(id)s in this league"),
            N_("the id of one of the league's teams"),
            params={"id": team_id},
        )
    return team


def check_version(row: HasVersion, version: int | None) -> None:
    if version is not None and version != row.version:
        raise Conflict(
            "version",
            N_("the league changed since you loaded it (yours %(mine)s, now %(now)s)"),
            N_("reload and retry"),
            params={"mine": version, "now": row.version},
        )


@dataclass(frozen=True, slots=True)
class Matchday:
    number: int
    first_kickoff: datetime
    deadline: datetime  # FAN-LINEUP-1
    fixtures: tuple[tuple[datetime, str, str], ...]


def calendar(league: FantasyLeague, rules: FantasyRules) -> list[Matchday]:
    days: dict[int, list[FantasyFixture]] = {}
    for fixture in league.fixtures:
        days.setdefault(fixture.matchday, []).append(fixture)
    out = []
    for number in sorted(days):
        rows = sorted(days[number], key=lambda f: utc(f.kickoff))
        first = utc(rows[0].kickoff)
        fixtures = tuple((utc(f.kickoff), f.home, f.away) for f in rows)
        out.append(Matchday(number, first, deadline(first, rules), fixtures))
    return out


def open_matchday(days: Sequence[Matchday], now: datetime) -> Matchday | None:
    """The matchday whose lineups and transfers are being made: the first not yet due."""
    return next((d for d in days if now < d.deadline), None)


def find_matchday(days: Sequence[Matchday], number: int) -> Matchday:
    for day in days:
        if day.number == number:
            return day
    raise NotFound(
        "matchday",
        N_("matchday %(n)s is not in the league's fixtures"),
        N_("a matchday of the imported fixtures"),
        params={"n": number},
    )


def league_players(session: Session, league_id: int) -> list[FantasyPlayer]:
    return list(
        session.scalars(
            select(FantasyPlayer)
            .where(FantasyPlayer.league_id == league_id)
            .options(selectinload(FantasyPlayer.prices))
            .order_by(FantasyPlayer.id)
        )
    )


def players_by_code(session: Session, league_id: int, codes: Sequence[str]) -> list[FantasyPlayer]:
    """The league's players with these codes (and their prices)."""
    return list(
        session.scalars(
            select(FantasyPlayer)
            .where(FantasyPlayer.league_id == league_id, FantasyPlayer.code.in_(set(codes)))
            .options(selectinload(FantasyPlayer.prices))
        )
    )


def players_by_id(session: Session, ids: Sequence[int]) -> list[FantasyPlayer]:
    return list(session.scalars(select(FantasyPlayer).where(FantasyPlayer.id.in_(set(ids)))))


def listed(player: FantasyPlayer, matchday: int) -> ListedPlayer:
    """The player with his price on ``matchday`` (FAN-MKT-1)."""
    price = price_on({p.matchday: p.price for p in player.prices}, matchday) or 0
    return ListedPlayer(
        player.id, player.code, player.name, player.role, player.club, price, player.active
    )


def holdings_at(team: FantasyTeam, moment: datetime | None) -> list[FantasyHolding]:
    """The roster at ``moment`` (None: now, what the team holds)."""
    if moment is None:
        return [h for h in team.holdings if h.sold_at is None]
    return [
        h
        for h in team.holdings
        if utc(h.bought_at) <= moment and (h.sold_at is None or utc(h.sold_at) > moment)
    ]


def lineups_of(
    session: Session, league_id: int, team_id: int | None = None
) -> dict[int, dict[int, Lineup]]:
    """Every lineup of the league's teams (of ``team_id`` only, if given) by team and matchday.

    Read as plain rows, not as ORM objects: a season's recomputation reads every team's 38
    lineups, and an object costs ten times its row (issue 18)."""
    query = (
        select(
            FantasyLineup.team_id,
            FantasyLineup.matchday,
            FantasyLineup.starters,
            FantasyLineup.bench,
        )
        .join(FantasyTeam, FantasyTeam.id == FantasyLineup.team_id)
        .where(FantasyTeam.league_id == league_id)
    )
    if team_id is not None:
        query = query.where(FantasyLineup.team_id == team_id)
    found: dict[int, dict[int, Lineup]] = {}
    for team, matchday, starters, bench in session.execute(query):
        found.setdefault(team, {})[matchday] = Lineup(
            tuple(int(p) for p in starters), tuple(int(p) for p in bench)
        )
    return found
