"""Read models of fantasy leagues for pages, the API and the CLI (issue 18).

:func:`league_page` is the league with its calendar, teams and standings (FAN-LINEUP-1 prizes:
the weekly stage winners, the season total, the highest stage, each team's weekly series);
:func:`score_view` one team's score of a matchday explained line by line; a team's own page is
:mod:`.views_team`, a matchday's page :func:`matchday_page`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.fantasy.rules.standings import StageScore, highest_stages, season_table, stage_winners
from torneo.fantasy.state import Matchday, calendar, get_league, get_team, open_matchday, rules_of
from torneo.fantasy.state_explain import Explained, explain
from torneo.fantasy.state_seen import stamps, stamps_text
from torneo.fantasy.tables import (
    FantasyLeague,
    FantasyMatchday,
    FantasyPlayer,
    FantasyScore,
    FantasyTeam,
)
from torneo.platform.store.uow import Store
from torneo.presets.fantasy import FantasyRules


@dataclass(frozen=True, slots=True)
class Summary:
    id: int
    name: str
    season: str
    club_id: int
    teams: int
    matchdays: int
    scored: int


@dataclass(frozen=True, slots=True)
class TeamLine:
    id: int
    name: str
    manager: str
    manager_id: int
    credits: int


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: int
    team_id: int
    team: str
    manager: str
    total: Fraction
    stages_won: int
    best: Fraction | None
    series: tuple[Fraction | None, ...]


@dataclass(frozen=True, slots=True)
class MatchdayLine:
    number: int
    first_kickoff: datetime
    deadline: datetime
    fixtures: tuple[tuple[datetime, str, str], ...]
    data: str | None  # None, "provisional" or "official"


@dataclass(frozen=True, slots=True)
class Prize:
    matchday: int
    team_id: int
    team: str
    total: Fraction


@dataclass(frozen=True, slots=True)
class LeaguePage:
    id: int
    name: str
    season: str
    club_id: int
    preset: str
    version: int
    rules: FantasyRules
    roster_due: datetime | None
    players: int
    matchdays: tuple[MatchdayLine, ...]
    open_matchday: int | None
    teams: tuple[TeamLine, ...]
    standings: tuple[StandingRow, ...]
    stage_winners: dict[int, tuple[Prize, ...]]
    highest: tuple[Prize, ...]
    imported: tuple[int, ...]  # matchdays with scores
    seen: str  # each matchday's data stamp, for the manage page's forms (state_seen)

    @property
    def chart_days(self) -> tuple[int, ...]:
        return self.imported


def list_leagues(store: Store, limit: int = 200) -> list[Summary]:
    with store.read() as session:
        leagues = session.scalars(
            select(FantasyLeague).order_by(FantasyLeague.id.desc()).limit(limit)
        ).all()
        out = []
        for row in leagues:
            teams = session.scalar(select(func.count()).where(FantasyTeam.league_id == row.id))
            scored = session.scalar(
                select(func.count(func.distinct(FantasyScore.matchday))).where(
                    FantasyScore.league_id == row.id
                )
            )
            days = len({f.matchday for f in row.fixtures})
            out.append(
                Summary(row.id, row.name, row.season, row.club_id, teams or 0, days, scored or 0)
            )
        return out


def _stages(session: Session, league_id: int) -> dict[int, list[tuple[int, Fraction, bool]]]:
    stages: dict[int, list[tuple[int, Fraction, bool]]] = {}
    for team_id, day, total, eligible in session.execute(
        select(
            FantasyScore.team_id, FantasyScore.matchday, FantasyScore.total, FantasyScore.eligible
        ).where(FantasyScore.league_id == league_id)
    ):
        stages.setdefault(day, []).append((team_id, Fraction(total), eligible))
    return stages


def load_league_page(session: Session, league_id: int, now: datetime) -> LeaguePage:
    league = get_league(session, league_id)
    rules = rules_of(league)
    days = calendar(league, rules)
    teams = session.scalars(
        select(FantasyTeam).where(FantasyTeam.league_id == league.id).order_by(FantasyTeam.name)
    ).all()
    names = {t.id: t.name for t in teams}
    managers = {t.id: t.manager.username for t in teams}
    data = {
        m: ("official" if official else "provisional")
        for m, official in session.execute(
            select(FantasyMatchday.matchday, FantasyMatchday.official).where(
                FantasyMatchday.league_id == league.id
            )
        )
    }
    raw = _stages(session, league.id)
    stages = {d: [StageScore(t, total, ok) for t, total, ok in rows] for d, rows in raw.items()}
    table = season_table([t.id for t in teams], stages)
    winners = {
        day: tuple(
            Prize(day, t, names[t], next(s.total for s in stages[day] if s.team_id == t))
            for t in stage_winners(stages[day])
        )
        for day in sorted(stages)
    }
    highest = tuple(
        Prize(h.matchday, h.team_id, names[h.team_id], h.total) for h in highest_stages(stages)
    )
    current = open_matchday(days, now)
    players = session.scalar(select(func.count()).where(FantasyPlayer.league_id == league.id))
    return LeaguePage(
        id=league.id,
        name=league.name,
        season=league.season,
        club_id=league.club_id,
        preset=league.preset,
        version=league.version,
        rules=rules,
        roster_due=league.roster_due,
        players=players or 0,
        matchdays=tuple(_day_line(d, data.get(d.number)) for d in days),
        open_matchday=current.number if current else None,
        teams=tuple(
            TeamLine(t.id, t.name, t.manager.username, t.manager_id, t.credits) for t in teams
        ),
        standings=tuple(
            StandingRow(
                r.place,
                r.team_id,
                names[r.team_id],
                managers[r.team_id],
                r.total,
                r.stages_won,
                r.best,
                r.series,
            )
            for r in table
        ),
        stage_winners=winners,
        highest=highest,
        imported=tuple(sorted(stages)),
        seen=stamps_text(stamps(session, league.id), [d.number for d in days]),
    )


def _day_line(day: Matchday, data: str | None) -> MatchdayLine:
    return MatchdayLine(day.number, day.first_kickoff, day.deadline, day.fixtures, data)


def league_page(store: Store, league_id: int) -> LeaguePage:
    with store.read() as session:
        return load_league_page(session, league_id, store.clock())


# --- one team's score of a matchday, explained --------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreLine:
    player_id: int
    name: str
    role: str
    club: str
    bench: bool
    counted: bool
    points: Fraction | None
    reason: str
    parts: tuple[tuple[str, int, Fraction], ...]
    entered_for: str | None
    replaced_by: str | None
    why: str | None
    error: str | None


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    what: str
    points: Fraction
    player: str | None
    note: str


@dataclass(frozen=True, slots=True)
class ScoreView:
    league_id: int
    league: str
    team_id: int
    team: str
    manager: str
    matchday: int
    total: Fraction
    players: Fraction
    modifier: Fraction
    modifier_average: Fraction | None
    modifier_votes: tuple[Fraction, ...]
    penalties: tuple[PenaltyLine, ...]
    lines: tuple[ScoreLine, ...]
    formation: str | None
    counted: int
    eligible: bool
    official: bool
    lineup_from: int | None
    scored: bool  # False: no data imported for this matchday yet
    # Issue 32 item 2: False when the inputs changed since the stored total was computed (a
    # correction not yet recomputed): the figures here are the current inputs', the
    # standings' total is behind until the season is recomputed.
    current: bool = True


def score_view(store: Store, league_id: int, team_id: int, matchday: int) -> ScoreView:
    with store.read() as session:
        league = get_league(session, league_id)
        team = get_team(session, league, team_id)
        row = session.scalars(
            select(FantasyScore).where(
                FantasyScore.team_id == team.id, FantasyScore.matchday == matchday
            )
        ).first()
        base: dict[str, Any] = {
            "league_id": league.id,
            "league": league.name,
            "team_id": team.id,
            "team": team.name,
            "manager": team.manager.username,
            "matchday": matchday,
        }
        if row is None:
            return ScoreView(**base, **_not_scored())
        data = session.scalars(
            select(FantasyMatchday).where(
                FantasyMatchday.league_id == league.id, FantasyMatchday.matchday == matchday
            )
        ).first()
        if data is None:  # a score without its data: the data is being taken out
            return ScoreView(**base, **_not_scored())
        # Issue 32 item 2: the explanation is worked out now, not stored with the total.
        found = explain(session, league, team.id, data)
        return _explained(session, base, found, data.official, found.basis == row.basis)


def _not_scored() -> dict[str, Any]:
    return {
        "total": Fraction(0),
        "players": Fraction(0),
        "modifier": Fraction(0),
        "modifier_average": None,
        "modifier_votes": (),
        "penalties": (),
        "lines": (),
        "formation": None,
        "counted": 0,
        "eligible": False,
        "official": False,
        "lineup_from": None,
        "scored": False,
    }


def _explained(
    session: Session, base: dict[str, Any], found: Explained, official: bool, current: bool
) -> ScoreView:
    score = found.score
    if score is None:  # never a lineup: 0, nothing to explain
        return ScoreView(
            **base,
            **(_not_scored() | {"official": official, "scored": True, "current": current}),
        )
    ids = {line.player_id for line in score.lines}
    ids |= {p.player_id for p in score.penalties if p.player_id is not None}
    people = {
        pid: (name, club)
        for pid, name, club in session.execute(
            select(FantasyPlayer.id, FantasyPlayer.name, FantasyPlayer.club).where(
                FantasyPlayer.id.in_(ids or {0})
            )
        )
    }

    def name(pid: int | None) -> str | None:
        return None if pid is None else people.get(pid, (f"#{pid}", ""))[0]

    lines = tuple(
        ScoreLine(
            line.player_id,
            name(line.player_id) or "",
            line.role,
            people.get(line.player_id, ("", ""))[1],
            line.bench,
            line.counted,
            line.score.points,
            line.score.reason,
            tuple((p.what, p.count, p.points) for p in line.score.parts),
            name(line.entered_for),
            name(line.replaced_by),
            line.why,
            line.error,
        )
        for line in score.lines
    )
    return ScoreView(
        **base,
        total=score.total,
        players=score.players,
        modifier=score.modifier.points,
        modifier_average=score.modifier.average,
        modifier_votes=score.modifier.votes,
        penalties=tuple(
            PenaltyLine(p.what, p.points, name(p.player_id), p.note) for p in score.penalties
        ),
        lines=lines,
        formation=score.formation,
        counted=score.counted,
        eligible=found.eligible,
        official=official,
        lineup_from=found.reused,
        scored=True,
        current=current,
    )


# --- a matchday -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReviewLine:
    line: int
    code: str
    name: str
    club: str
    status: str
    candidates: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MatchdayPage:
    league_id: int
    league: str
    number: int
    day: MatchdayLine
    official: bool | None  # None: nothing imported
    source: str
    imported_at: datetime | None
    review: tuple[ReviewLine, ...]
    extras: dict[str, object]
    ranking: tuple[tuple[int, str, Fraction, bool], ...]  # team id, name, total, eligible
    winners: tuple[str, ...]


def matchday_page(store: Store, league_id: int, number: int) -> MatchdayPage:
    with store.read() as session:
        page = load_league_page(session, league_id, store.clock())
        day = next((d for d in page.matchdays if d.number == number), None)
        if day is None:
            raise NotFound(
                "matchday",
                N_("matchday %(n)s is not in the league's fixtures"),
                N_("a matchday of the imported fixtures"),
                params={"n": number},
            )
        data = session.scalars(
            select(FantasyMatchday).where(
                FantasyMatchday.league_id == league_id, FantasyMatchday.matchday == number
            )
        ).first()
        names = {t.id: t.name for t in page.teams}
        scores = session.execute(
            select(FantasyScore.team_id, FantasyScore.total, FantasyScore.eligible).where(
                FantasyScore.league_id == league_id, FantasyScore.matchday == number
            )
        ).all()
        ranking = tuple(
            sorted(
                ((t, names.get(t, ""), Fraction(total), ok) for t, total, ok in scores),
                key=lambda r: (-r[2], r[1]),
            )
        )
        review: list[ReviewLine] = []
        if data is not None:
            wanted = {c for r in data.review for c in r[5]}
            known = dict(
                session.execute(
                    select(FantasyPlayer.id, FantasyPlayer.name).where(
                        FantasyPlayer.id.in_(wanted or {0})
                    )
                ).all()
            )
            review = [
                ReviewLine(r[0], r[1], r[2], r[3], r[4], tuple(known.get(c, str(c)) for c in r[5]))
                for r in data.review
            ]
        return MatchdayPage(
            league_id=league_id,
            league=page.name,
            number=number,
            day=day,
            official=None if data is None else data.official,
            source=data.source if data else "",
            imported_at=data.imported_at if data else None,
            review=tuple(review),
            extras=dict(data.extras or {}) if data else {},
            ranking=ranking,
            winners=tuple(p.team for p in page.stage_winners.get(number, ())),
        )
