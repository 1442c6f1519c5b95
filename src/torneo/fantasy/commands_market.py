"""A team's roster and its transfers (FAN-ROSTER-1, FAN-MKT-1): the manager's acts (or the
league's administrator's, for a request received otherwise), one transaction each.

The roster is chosen whole, at the prices of the matchday being prepared, and may be chosen
again until the league's roster deadline (``roster_due``); a team that never chose one may
choose it later. After that it changes by transfers only: one player sold, one of the same
role bought, both at the price of the matchday the transfer applies to (the first matchday
whose lineup is not yet due), credits never below zero, the season's limit of transfers (plus
January's). The month of a transfer is Italy's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.messages import N_
from torneo.fantasy.commands import audit, topic
from torneo.fantasy.rules.calendar import ITALY, local_text
from torneo.fantasy.rules.lineup import lineup_for
from torneo.fantasy.rules.market import transfer_refusal
from torneo.fantasy.rules.players import ListedPlayer
from torneo.fantasy.rules.roster import roster_cost, roster_problems
from torneo.fantasy.state import (
    calendar,
    get_league,
    holdings_at,
    lineups_of,
    listed,
    open_matchday,
    players_by_code,
    rules_of,
    utc,
)
from torneo.fantasy.state_access import team_for
from torneo.fantasy.tables import FantasyHolding, FantasyPlayer, FantasyTeam, FantasyTransfer
from torneo.platform.store.uow import Actor, Store, UnitOfWork

ROSTER_ACCEPTED = N_("the codes of 3 goalkeepers, 8 defenders, 8 midfielders and 6 forwards")


def _by_code(players: Sequence[FantasyPlayer], codes: Sequence[str], field: str) -> list[int]:
    index = {p.code: p.id for p in players}
    unknown = [c for c in codes if c not in index]
    if unknown:
        raise NotFound(
            field,
            N_("no player of the league's list has code %(codes)s"),
            N_("codes of the league's price list"),
            params={"codes": ", ".join(unknown)},
        )
    return [index[c] for c in codes]


def _prepared_matchday(uow: UnitOfWork, team: FantasyTeam) -> int:
    """The matchday a roster or a transfer is priced on (refused once the season is over)."""
    league = get_league(uow.session, team.league_id)
    days = calendar(league, rules_of(league))
    day = open_matchday(days, uow.now)
    if days and day is None:
        raise Conflict(
            "matchday",
            N_("the season is over: every matchday's lineups are due"),
            N_("a league with matchdays still to play"),
        )
    return day.number if day else 1


def set_roster(
    store: Store, actor: Actor, league_id: int, team_id: int, codes: Sequence[str]
) -> int:
    """FAN-ROSTER-1: the team's whole roster; the credits left."""
    with store.unit(actor) as uow:
        league, team = team_for(uow.session, actor, league_id, team_id)
        rules = rules_of(league)
        current = holdings_at(team, None)
        if current and league.roster_due is not None and uow.now >= utc(league.roster_due):
            raise Conflict(
                "roster",
                N_("the rosters were due by %(due)s: change it with transfers"),
                N_("a transfer (one player sold, one of the same role bought)"),
                params={"due": local_text(utc(league.roster_due))},  # issue 28 item 10
                rule="FAN-ROSTER-1",
            )
        wanted = [c.strip() for c in codes if c.strip()]
        players = players_by_code(uow.session, league.id, wanted)
        ids = _by_code(players, wanted, "roster")
        day = _prepared_matchday(uow, team)
        by_id = {p.id: p for p in players}
        chosen = [listed(by_id[i], day) for i in ids]
        problems = roster_problems(chosen, rules)
        if problems:
            raise TorneoError(
                "roster",
                N_("%(problems)s"),
                ROSTER_ACCEPTED,
                params={"problems": problems},
                rule="FAN-ROSTER-1",
            )
        for holding in current:
            team.holdings.remove(holding)
        for player in chosen:
            team.holdings.append(
                FantasyHolding(player_id=player.id, price=player.price, bought_at=uow.now)
            )
        team.credits = rules.budget - roster_cost(chosen)
        audit(
            uow,
            league,
            "roster",
            team=team.id,
            matchday=day,
            cost=roster_cost(chosen),
            players=[p.code for p in chosen],
        )
        uow.notify(topic(league.id), "roster", team=team.id)
        return team.credits


@dataclass(frozen=True, slots=True)
class TransferDone:
    """A transfer made: the credits left, and the matchday whose lineup (the team's own or the
    last one standing for it) still names the sold player: a warning for the manager, since
    the sold player will count as a missing starter (issue 28 item 9)."""

    credits: int
    in_lineup: int | None


def transfer(
    store: Store, actor: Actor, league_id: int, team_id: int, *, sell: str, buy: str
) -> TransferDone:
    """FAN-MKT-1: sell ``sell``, buy ``buy`` (codes) at today's prices; the credits left."""
    with store.unit(actor) as uow:
        league, team = team_for(uow.session, actor, league_id, team_id)
        rules = rules_of(league)
        players = players_by_code(uow.session, league.id, [sell.strip(), buy.strip()])
        sold_id = _by_code(players, [sell.strip()], "sell")[0]
        bought_id = _by_code(players, [buy.strip()], "buy")[0]
        day = _prepared_matchday(uow, team)
        by_id = {p.id: p for p in players}
        sold, bought = listed(by_id[sold_id], day), listed(by_id[bought_id], day)
        current = holdings_at(team, None)
        made = [t.month for t in _transfers(uow, team)]
        month = uow.now.astimezone(ITALY).month
        refusal = transfer_refusal(
            sold,
            bought,
            credits=team.credits,
            owned=frozenset(h.player_id for h in current),
            months=made,
            month=month,
            rules=rules,
        )
        if refusal is not None:
            raise refusal.raise_as(Conflict if refusal.field == "transfers" else TorneoError)
        _apply(uow, team, current, sold, bought, day, month)
        audit(
            uow,
            league,
            "transfer",
            team=team.id,
            matchday=day,
            sold=sold.code,
            bought=bought.code,
            sold_price=sold.price,
            bought_price=bought.price,
            credits=team.credits,
        )
        uow.notify(topic(league.id), "transfer", team=team.id)
        standing, _ = lineup_for(day, lineups_of(uow.session, league.id, team.id).get(team.id, {}))
        named = standing is not None and sold.id in (*standing.starters, *standing.bench)
        return TransferDone(team.credits, day if named else None)


def _transfers(uow: UnitOfWork, team: FantasyTeam) -> list[FantasyTransfer]:
    return list(
        uow.session.scalars(select(FantasyTransfer).where(FantasyTransfer.team_id == team.id))
    )


def _apply(
    uow: UnitOfWork,
    team: FantasyTeam,
    current: list[FantasyHolding],
    sold: ListedPlayer,
    bought: ListedPlayer,
    day: int,
    month: int,
) -> None:
    holding = next(h for h in current if h.player_id == sold.id)
    holding.sold_at, holding.sold_price = uow.now, sold.price
    team.holdings.append(FantasyHolding(player_id=bought.id, price=bought.price, bought_at=uow.now))
    team.credits += sold.price - bought.price
    uow.session.add(
        FantasyTransfer(
            team_id=team.id,
            matchday=day,
            sold_id=sold.id,
            bought_id=bought.id,
            sold_price=sold.price,
            bought_price=bought.price,
            month=month,
            at=uow.now,
            by=uow.actor.name,
        )
    )
