"""Who may act on a fantasy league and its teams: resources of the one policy (issue 18).

The league belongs to its club; its administrator is an organizer of the club (or its owner,
or the server's admin). A team belongs to its manager, an account: the policy's OWN action lets
the manager, and the league's administrator (a lineup received by SMS), act for it; no one
else, whatever role they hold in the club.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from torneo.core.messages import N_
from torneo.core.policy import Action, Actor, Resource
from torneo.fantasy.state import get_league, get_team
from torneo.fantasy.tables import FantasyLeague, FantasyTeam
from torneo.platform.guards import authorize

KIND = N_("fantasy league")
TEAM_KIND = N_("fantasy team")


def league_resource(row: FantasyLeague) -> Resource:
    return Resource(KIND, row.id, club_id=row.club_id)


def team_resource(league: FantasyLeague, team: FantasyTeam) -> Resource:
    return Resource(TEAM_KIND, team.id, club_id=league.club_id, owners=frozenset({team.manager_id}))


def authorize_league(actor: Actor, row: FantasyLeague, action: Action = Action.MANAGE) -> None:
    """403 unless the policy lets ``actor`` run this league."""
    authorize(actor, action, league_resource(row))


def authorize_team(actor: Actor, league: FantasyLeague, team: FantasyTeam) -> None:
    """403 unless ``actor`` is the team's manager or runs the league's club."""
    authorize(actor, Action.OWN, team_resource(league, team))


def team_for(
    session: Session, actor: Actor, league_id: int, team_id: int
) -> tuple[FantasyLeague, FantasyTeam]:
    """The league and its team, loaded and authorized (OWN): 404 or 403 before anything else."""
    league = get_league(session, league_id)
    team = get_team(session, league, team_id)
    authorize_team(actor, league, team)
    return league, team


def runs_league(actor: Actor | None, row: FantasyLeague) -> bool:
    return actor is not None and actor.runs(row.club_id)
