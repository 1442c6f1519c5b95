"""Who may act on a season or a ladder: each as a resource of the one policy (issue 12).

A season and a ladder belong to the club that organises them; only that club's organizers (and
the federation's admin) change them. They have no staff roster.
"""

from __future__ import annotations

from torneo.core.messages import N_
from torneo.core.policy import Action, Actor, Resource
from torneo.platform.guards import authorize
from torneo.seasons.ladders.tables import RatingLadder
from torneo.seasons.tables import Season

SEASON = N_("season")
LADDER = N_("ladder")


def authorize_season(actor: Actor, season: Season, action: Action = Action.MANAGE) -> None:
    authorize(actor, action, Resource(SEASON, season.name, club_id=season.club_id))


def authorize_ladder(actor: Actor, ladder: RatingLadder, action: Action = Action.MANAGE) -> None:
    authorize(actor, action, Resource(LADDER, ladder.name, club_id=ladder.club_id))
