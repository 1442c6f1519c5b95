"""Request and answer models of the fantasy league's API (issue 18). Exact points are strings
("145/2" or "72.5" would lose nothing: a string fraction is what the services compute)."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from torneo.fantasy import views, views_team
from torneo.fantasy.rules.players import fraction_text


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


def q(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


class CreateIn(_In):
    name: str = Field(max_length=200, examples=["Lega del circolo"])
    season: str = Field(max_length=40, examples=["2026-27"])
    preset: str = Field(default="fanta-magic", max_length=80)
    club: int | str | None = Field(default=None, description="id or name; left out: yours")
    roster_due: datetime | None = Field(
        default=None,
        description="FAN-ROSTER-1 deadline; without an offset it is Italian time (Europe/Rome), "
        "as on the form",
    )
    rules: dict[str, Any] = Field(
        default_factory=dict, description="settings of [fantasy] to change (FAN-*)"
    )


class CsvIn(_In):
    csv: str = Field(max_length=2_000_000, description="the file's text, ';'-separated")


class PricesIn(CsvIn):
    matchday: int = Field(default=1, ge=1, le=60, description="the prices hold from it on")


class TeamIn(_In):
    name: str = Field(max_length=120, examples=["Real Tirabaci"])
    manager: str = Field(max_length=80, description="the manager's user name")


class RosterIn(_In):
    codes: list[str] = Field(max_length=60, description="the players' codes (FAN-ROSTER-1)")


class TransferIn(_In):
    sell: str = Field(max_length=40, examples=["101"])
    buy: str = Field(max_length=40, examples=["102"])


class LineupIn(_In):
    starters: list[int] = Field(max_length=30, description="11 player ids, FAN-LINEUP-1")
    bench: list[int] = Field(max_length=30, description="the bench in order")
    as_received: bool = Field(default=False, description="administrator: an SMS lineup as is")


class VotesIn(_In):
    file: str = Field(max_length=7_000_000, description="the vote file, base64 (XLSX or CSV)")
    official: bool = False
    extras: str | None = Field(default=None, max_length=200_000, description="extra facts")
    source: str = Field(default="", max_length=200)


class ExtrasIn(_In):
    text: str = Field(max_length=200_000, examples=["minuti;101;30"])


class PenaltyIn(_In):
    matchday: int = Field(ge=1, le=60)
    what: str = Field(default="wrong_transfer", max_length=40)
    points: str | None = Field(default=None, max_length=20)
    note: str = Field(default="", max_length=500)


class CountsOut(BaseModel):
    counts: dict[str, int]


class IdOut(BaseModel):
    id: int


class CreditsOut(BaseModel):
    credits: int
    sold_in_lineup: int | None = Field(
        default=None,
        description="a transfer: the matchday whose lineup still names the sold player, who "
        "will count as a missing starter (the bench enters); null when none does",
    )


class SummaryOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)
    id: int
    name: str
    season: str
    club_id: int
    teams: int
    matchdays: int
    scored: int


class StandingOut(BaseModel):
    place: int
    team_id: int
    team: str
    manager: str
    total: str
    stages_won: int
    best: str | None
    series: list[str | None]


class PrizeOut(BaseModel):
    matchday: int
    team_id: int
    team: str
    total: str


class MatchdayOut(BaseModel):
    number: int
    first_kickoff: datetime
    deadline: datetime
    data: str | None


class LeagueOut(BaseModel):
    id: int
    name: str
    season: str
    club_id: int
    preset: str
    version: int
    open_matchday: int | None
    players: int
    teams: list[dict[str, Any]]
    matchdays: list[MatchdayOut]
    standings: list[StandingOut]
    stage_winners: dict[int, list[PrizeOut]]
    highest: list[PrizeOut]
    rules: dict[str, Any]

    @staticmethod
    def of(page: views.LeaguePage) -> LeagueOut:
        def prize(p: views.Prize) -> PrizeOut:
            return PrizeOut(
                matchday=p.matchday, team_id=p.team_id, team=p.team, total=fraction_text(p.total)
            )

        return LeagueOut(
            id=page.id,
            name=page.name,
            season=page.season,
            club_id=page.club_id,
            preset=page.preset,
            version=page.version,
            open_matchday=page.open_matchday,
            players=page.players,
            teams=[
                {"id": t.id, "name": t.name, "manager": t.manager, "credits": t.credits}
                for t in page.teams
            ],
            matchdays=[
                MatchdayOut(
                    number=d.number, first_kickoff=d.first_kickoff, deadline=d.deadline, data=d.data
                )
                for d in page.matchdays
            ],
            standings=[
                StandingOut(
                    place=r.place,
                    team_id=r.team_id,
                    team=r.team,
                    manager=r.manager,
                    total=fraction_text(r.total),
                    stages_won=r.stages_won,
                    best=q(r.best),
                    series=[q(v) for v in r.series],
                )
                for r in page.standings
            ],
            stage_winners={d: [prize(p) for p in ps] for d, ps in page.stage_winners.items()},
            highest=[prize(p) for p in page.highest],
            rules=page.rules.model_dump(mode="json"),
        )


class TeamOut(BaseModel):
    id: int
    name: str
    manager: str
    credits: int
    transfers_left: int
    extra_left: int
    matchday: int | None
    deadline: datetime | None
    roster: list[dict[str, Any]]
    scores: list[dict[str, Any]]

    @staticmethod
    def of(page: views_team.TeamPage) -> TeamOut:
        return TeamOut(
            id=page.id,
            name=page.name,
            manager=page.manager,
            credits=page.credits,
            transfers_left=page.transfers_left,
            extra_left=page.extra_left,
            matchday=page.matchday,
            deadline=page.deadline,
            roster=[
                {
                    "id": p.id,
                    "code": p.code,
                    "name": p.name,
                    "role": p.role,
                    "club": p.club,
                    "price": p.price,
                    "active": p.active,
                }
                for p in page.roster
            ],
            scores=[
                {"matchday": m, "total": fraction_text(t), "eligible": ok, "official": off}
                for m, t, ok, off in page.scores
            ],
        )


class ScoreOut(BaseModel):
    team_id: int
    team: str
    matchday: int
    total: str
    players: str
    modifier: str
    modifier_average: str | None
    formation: str | None
    eligible: bool
    official: bool
    lineup_from: int | None
    lines: list[dict[str, Any]]
    penalties: list[dict[str, Any]]

    @staticmethod
    def of(v: views.ScoreView) -> ScoreOut:
        return ScoreOut(
            team_id=v.team_id,
            team=v.team,
            matchday=v.matchday,
            total=fraction_text(v.total),
            players=fraction_text(v.players),
            modifier=fraction_text(v.modifier),
            modifier_average=q(v.modifier_average),
            formation=v.formation,
            eligible=v.eligible,
            official=v.official,
            lineup_from=v.lineup_from,
            lines=[
                {
                    "player_id": line.player_id,
                    "name": line.name,
                    "role": line.role,
                    "bench": line.bench,
                    "counted": line.counted,
                    "points": q(line.points),
                    "reason": line.reason,
                    "parts": [
                        {"what": w, "count": c, "points": fraction_text(p)}
                        for w, c, p in line.parts
                    ],
                    "entered_for": line.entered_for,
                    "replaced_by": line.replaced_by,
                    "why": line.why,
                    "error": line.error,
                }
                for line in v.lines
            ],
            penalties=[
                {
                    "what": p.what,
                    "points": fraction_text(p.points),
                    "player": p.player,
                    "note": p.note,
                }
                for p in v.penalties
            ],
        )


class ReviewOut(BaseModel):
    """A row of the vote file left for review (FAN-DATA-1): its code is not in the list."""

    model_config = ConfigDict(from_attributes=True)
    line: int
    code: str
    name: str
    club: str
    status: str
    candidates: list[str]


class MatchdayDataOut(BaseModel):
    """A matchday's data as imported: official or provisional (null: nothing imported), its
    source, the facts (minutes, postponed, suspended) and the rows left for review."""

    number: int
    official: bool | None
    source: str
    imported_at: datetime | None
    extras: dict[str, Any]
    review: list[ReviewOut]

    @staticmethod
    def of(page: views.MatchdayPage) -> MatchdayDataOut:
        return MatchdayDataOut(
            number=page.number,
            official=page.official,
            source=page.source,
            imported_at=page.imported_at,
            extras=dict(page.extras),
            review=[ReviewOut.model_validate(r) for r in page.review],
        )
