"""A team's lineup for a matchday (FAN-LINEUP-1): the manager's act, one transaction.

Eleven starters in one of the league's formations and the ordered bench, all of the roster,
received before the deadline (30 minutes before the matchday's first kickoff) by the server's
clock, to the second; after it the lineup is refused and nothing changes. A lineup may be
changed as often as wanted until then.

The league's administrator may enter a lineup received by SMS ``as_received``: it is stored as
it came, its errors are not refused but cost their FAN-PEN-1 penalties when it is scored (an
invalid formation, a player not in the roster, each bench error). The deadline holds for it
too.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from torneo.core.errors import Conflict, Forbidden, TorneoError
from torneo.core.messages import N_
from torneo.fantasy.commands import audit, topic
from torneo.fantasy.rules.lineup import Lineup, late_refusal, lineup_problems
from torneo.fantasy.state import (
    calendar,
    find_matchday,
    holdings_at,
    players_by_id,
    rules_of,
)
from torneo.fantasy.state_access import runs_league, team_for
from torneo.fantasy.tables import FantasyLineup
from torneo.platform.store.uow import Actor, Store

ACCEPTED = N_("11 starters in a valid formation and the bench, all players of the roster")


def submit_lineup(
    store: Store,
    actor: Actor,
    league_id: int,
    team_id: int,
    matchday: int,
    *,
    starters: Sequence[int],
    bench: Sequence[int],
    as_received: bool = False,
) -> int:
    """FAN-LINEUP-1: the team's lineup for ``matchday``; its row id."""
    with store.unit(actor) as uow:
        league, team = team_for(uow.session, actor, league_id, team_id)
        if as_received and not runs_league(actor, league):
            raise Forbidden(
                "as_received",
                N_("%(who)s may not enter a lineup as received"),
                N_("the league's administrator"),
                params={"who": actor.name},
            )
        rules = rules_of(league)
        day = find_matchday(calendar(league, rules), matchday)
        late = late_refusal(uow.now, day.deadline)
        if late is not None:
            raise late.raise_as(Conflict)
        lineup = Lineup(tuple(starters), tuple(bench))
        if not as_received:
            roster = {h.player_id for h in holdings_at(team, None)}
            players = {p.id: p for p in players_by_id(uow.session, list(roster))}
            problems = lineup_problems(
                lineup,
                {pid: p.role for pid, p in players.items()},
                {pid: p.name for pid, p in players.items()},
                rules,
            )
            if problems:
                raise TorneoError(
                    "lineup",
                    N_("%(problems)s"),
                    ACCEPTED,
                    params={"problems": problems},
                    rule="FAN-LINEUP-1",
                )
        row = uow.session.scalars(
            select(FantasyLineup).where(
                FantasyLineup.team_id == team.id, FantasyLineup.matchday == matchday
            )
        ).first()
        if row is None:
            row = FantasyLineup(team_id=team.id, matchday=matchday)
            uow.session.add(row)
        row.starters, row.bench = list(lineup.starters), list(lineup.bench)
        row.as_received, row.submitted_at, row.by = as_received, uow.now, actor.name
        uow.session.flush()
        audit(
            uow,
            league,
            "lineup",
            team=team.id,
            matchday=matchday,
            starters=list(lineup.starters),
            bench=list(lineup.bench),
            as_received=as_received,
        )
        uow.notify(topic(league.id), "lineup", team=team.id, matchday=matchday)
        return row.id
