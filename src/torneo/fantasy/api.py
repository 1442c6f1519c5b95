"""JSON API of fantasy leagues under ``/api/v1/fantasy`` (issue 18; thin: parse, call, answer).

Reads are public, except nothing here is private: rosters, scores and standings of a league are
its members' common knowledge (a lineup being prepared is shown on the team's page only to its
manager and the administrator). Writes need the session cookie and its CSRF token: the
league's set-up and its matchdays' data take its administrator (an organizer of the club);
a team's roster, transfers and lineups take its manager (or the administrator). Vote files
travel base64-encoded in ``file`` (XLSX or ``;``-separated CSV). Errors are problem+json.
"""

from __future__ import annotations

import base64
import binascii
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.fantasy import commands as fantasy
from torneo.fantasy import commands_lineups as lineups
from torneo.fantasy import commands_market as market
from torneo.fantasy import commands_votes as votes
from torneo.fantasy import views, views_team
from torneo.fantasy.schemas import (
    CountsOut,
    CreateIn,
    CreditsOut,
    CsvIn,
    ExtrasIn,
    IdOut,
    LeagueOut,
    LineupIn,
    MatchdayDataOut,
    PenaltyIn,
    PricesIn,
    RosterIn,
    ScoreOut,
    SummaryOut,
    TeamIn,
    TeamOut,
    TransferIn,
    VotesIn,
)
from torneo.platform.guards import precheck
from torneo.platform.web.auth import ApiActor
from torneo.platform.web.problems import problem_responses
from torneo.platform.web.session import store_of

router = APIRouter(prefix="/api/v1/fantasy", tags=["fantasy"])

_PROBLEMS = problem_responses(
    not_found="No such league, team, matchday or player",
    conflict="Conflict: past the deadline, over the limits, or refused by the rules (FAN-*)",
)

Lid = Annotated[int, Path(ge=1, le=2**31 - 1)]
Tid = Annotated[int, Path(ge=1, le=2**31 - 1)]
Day = Annotated[int, Path(ge=1, le=60)]


def _league(request: Request, lid: int) -> LeagueOut:
    return LeagueOut.of(views.league_page(store_of(request), lid))


@router.get("/leagues", response_model=list[SummaryOut], summary="Fantasy leagues, newest first")
def list_leagues(
    request: Request, limit: Annotated[int, Query(ge=1, le=1000)] = 200
) -> list[SummaryOut]:
    return [SummaryOut.model_validate(s) for s in views.list_leagues(store_of(request), limit)]


@router.post(
    "/leagues",
    status_code=201,
    response_model=LeagueOut,
    responses=_PROBLEMS,
    summary="Create a fantasy league",
)
def create_league(
    request: Request, response: Response, body: CreateIn, actor: ApiActor
) -> LeagueOut:
    lid = fantasy.create_league(
        store_of(request),
        actor,
        name=body.name,
        season=body.season,
        preset=body.preset,
        club=body.club,
        roster_due=body.roster_due,
        **body.rules,
    )
    response.headers["Location"] = f"/api/v1/fantasy/leagues/{lid}"
    return _league(request, lid)


@router.get(
    "/leagues/{lid}",
    response_model=LeagueOut,
    responses=_PROBLEMS,
    summary="A league: calendar, teams, standings, prizes",
)
def get_league(request: Request, lid: Lid) -> LeagueOut:
    return _league(request, lid)


@router.post(
    "/leagues/{lid}/fixtures",
    response_model=CountsOut,
    responses=_PROBLEMS,
    summary="Import the fixtures (Giornata; Data; Casa; Trasferta)",
)
def import_fixtures(request: Request, lid: Lid, body: CsvIn, actor: ApiActor) -> CountsOut:
    n = fantasy.import_fixtures(store_of(request), actor, lid, body.csv.encode("utf-8"))
    return CountsOut(counts={"matches": n})


@router.post(
    "/leagues/{lid}/prices",
    response_model=CountsOut,
    responses=_PROBLEMS,
    summary="Import a price list (Cod.; Ruolo; Nome; Squadra; Prezzo), FAN-MKT-1",
)
def import_prices(request: Request, lid: Lid, body: PricesIn, actor: ApiActor) -> CountsOut:
    counts = fantasy.import_prices(
        store_of(request), actor, lid, body.csv.encode("utf-8"), matchday=body.matchday
    )
    return CountsOut(counts=counts)


@router.post(
    "/leagues/{lid}/teams",
    status_code=201,
    response_model=IdOut,
    responses=_PROBLEMS,
    summary="Add a team for a manager's account",
)
def add_team(request: Request, lid: Lid, body: TeamIn, actor: ApiActor) -> IdOut:
    tid = fantasy.add_team(store_of(request), actor, lid, name=body.name, manager=body.manager)
    return IdOut(id=tid)


@router.get(
    "/leagues/{lid}/teams/{tid}",
    response_model=TeamOut,
    responses=_PROBLEMS,
    summary="A team: roster, credits, transfers left, scores",
)
def get_team(request: Request, lid: Lid, tid: Tid) -> TeamOut:
    return TeamOut.of(views_team.team_page(store_of(request), lid, tid))


@router.put(
    "/leagues/{lid}/teams/{tid}/roster",
    response_model=CreditsOut,
    responses=_PROBLEMS,
    summary="The whole roster (FAN-ROSTER-1)",
)
def set_roster(request: Request, lid: Lid, tid: Tid, body: RosterIn, actor: ApiActor) -> CreditsOut:
    return CreditsOut(credits=market.set_roster(store_of(request), actor, lid, tid, body.codes))


@router.post(
    "/leagues/{lid}/teams/{tid}/transfers",
    response_model=CreditsOut,
    responses=_PROBLEMS,
    summary="A transfer (FAN-MKT-1)",
)
def transfer(request: Request, lid: Lid, tid: Tid, body: TransferIn, actor: ApiActor) -> CreditsOut:
    done = market.transfer(store_of(request), actor, lid, tid, sell=body.sell, buy=body.buy)
    return CreditsOut(credits=done.credits, sold_in_lineup=done.in_lineup)


@router.put(
    "/leagues/{lid}/teams/{tid}/lineups/{day}",
    response_model=IdOut,
    responses=_PROBLEMS,
    summary="The lineup of a matchday (FAN-LINEUP-1)",
)
def submit_lineup(
    request: Request, lid: Lid, tid: Tid, day: Day, body: LineupIn, actor: ApiActor
) -> IdOut:
    row = lineups.submit_lineup(
        store_of(request),
        actor,
        lid,
        tid,
        day,
        starters=body.starters,
        bench=body.bench,
        as_received=body.as_received,
    )
    return IdOut(id=row)


@router.get(
    "/leagues/{lid}/teams/{tid}/scores/{day}",
    response_model=ScoreOut,
    responses=_PROBLEMS,
    summary="A team's score of a matchday, explained",
)
def score(request: Request, lid: Lid, tid: Tid, day: Day) -> ScoreOut:
    return ScoreOut.of(views.score_view(store_of(request), lid, tid, day))


@router.post(
    "/leagues/{lid}/teams/{tid}/penalties",
    status_code=201,
    response_model=IdOut,
    responses=_PROBLEMS,
    summary="A penalty (FAN-PEN-1)",
)
def add_penalty(request: Request, lid: Lid, tid: Tid, body: PenaltyIn, actor: ApiActor) -> IdOut:
    pid = votes.add_penalty(
        store_of(request),
        actor,
        lid,
        tid,
        body.matchday,
        what=body.what,
        points=body.points,
        note=body.note,
    )
    return IdOut(id=pid)


def _decode(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise TorneoError("file", N_("is not base64"), N_("the file's bytes in base64")) from exc


@router.post(
    "/leagues/{lid}/matchdays/{day}/votes",
    response_model=CountsOut,
    responses=_PROBLEMS,
    summary="Import a matchday's vote file (FAN-DATA-1)",
)
def import_votes(request: Request, lid: Lid, day: Day, body: VotesIn, actor: ApiActor) -> CountsOut:
    precheck(actor, Action.MANAGE)  # "you may not" before "your file is wrong"
    counts = votes.import_votes(
        store_of(request),
        actor,
        lid,
        day,
        _decode(body.file),
        official=body.official,
        extras=body.extras.encode("utf-8") if body.extras else None,
        source=body.source,
    )
    return CountsOut(counts=counts)


@router.post(
    "/leagues/{lid}/matchdays/{day}/extras",
    response_model=CountsOut,
    responses=_PROBLEMS,
    summary="Minutes, postponed matches, suspensions (FAN-POST-1)",
)
def set_extras(request: Request, lid: Lid, day: Day, body: ExtrasIn, actor: ApiActor) -> CountsOut:
    teams = votes.set_extras(store_of(request), actor, lid, day, body.text)
    return CountsOut(counts={"teams": teams})


@router.delete(
    "/leagues/{lid}/matchdays/{day}/votes",
    response_model=CountsOut,
    responses=_PROBLEMS,
    summary="Delete a wrong import: the matchday's data and scores (issue 28)",
)
def delete_votes(request: Request, lid: Lid, day: Day, actor: ApiActor) -> CountsOut:
    scores = votes.delete_matchday(store_of(request), actor, lid, day)
    return CountsOut(counts={"scores": scores})


@router.get(
    "/leagues/{lid}/matchdays/{day}",
    response_model=MatchdayDataOut,
    responses=_PROBLEMS,
    summary="A matchday: its data's state and the rows left for review (FAN-DATA-1)",
)
def get_matchday(request: Request, lid: Lid, day: Day) -> MatchdayDataOut:
    return MatchdayDataOut.of(views.matchday_page(store_of(request), lid, day))
