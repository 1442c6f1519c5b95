"""Use cases of a fantasy league's set-up (issue 18, docs/rules.md §5): the league, its
fixtures, its players and prices, its teams.

One transaction each: load, authorize through the one policy (the league's administrator is an
organizer of its club), call the rules, save, write an audit row and a live notice on
``fantasy:<id>``. A refused action raises a :class:`TorneoError` naming the field; nothing
changes. Rosters and transfers are :mod:`.commands_market`, lineups :mod:`.commands_lineups`,
the matchday's votes and penalties :mod:`.commands_votes`.

Decisions where the regulation is silent:
- The rules are set when the league is created (every number of the preset may be changed);
  afterwards they are fixed, since every score depends on them.
- The fixtures file replaces the whole calendar (a postponed match moves by importing it again).
- A price list is the league's list from its matchday on (FAN-MKT-1): new players are added,
  a player's club and name follow the list, his role stays the first one listed (a roster
  never changes shape under a manager); a player missing from the list has left the league
  (flagged, not for sale) until a later list has him again.
- Players are not exclusive: as in the seed's game, any number of teams may own one.
- A team is the administrator's to create, for an existing account (its manager).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import delete, func, select

from torneo.core.errors import Conflict, TorneoError
from torneo.core.inputs import clean_name
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.fantasy.rules.calendar import (
    local_moment,
    parse_fixtures,
    parse_kickoff,
    parse_prices,
)
from torneo.fantasy.rules.players import normalise_name
from torneo.fantasy.rules.vote_file import read_rows
from torneo.fantasy.state import get_league, league_players, preset_rules, rules_of
from torneo.fantasy.state_access import KIND, authorize_league
from torneo.fantasy.tables import (
    FantasyFixture,
    FantasyLeague,
    FantasyPlayer,
    FantasyPrice,
    FantasyTeam,
)
from torneo.platform.clubs import account_named, owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets.fantasy import FantasyRules

DEFAULT_PRESET = "fanta-magic"


def topic(league_id: int) -> str:
    """The live-notice topic of a league (its standings page listens to it)."""
    return f"fantasy:{league_id}"


def audit(uow: UnitOfWork, league: FantasyLeague, action: str, **after: Any) -> None:
    uow.audit(f"fantasy.{action}", "fantasy_league", league.id, after=after or None)


def apply_rule_changes(rules: FantasyRules, changes: dict[str, Any]) -> FantasyRules:
    """The preset's rules with the administrator's changes, validated (the field named)."""
    changes = {k: v for k, v in changes.items() if v is not None}
    unknown = sorted(set(changes) - set(FantasyRules.model_fields))
    if unknown:
        raise TorneoError(
            unknown[0],
            N_("is not a setting of a fantasy league"),
            N_("%(known)s"),
            params={"known": ", ".join(FantasyRules.model_fields)},
        )
    try:
        return FantasyRules.model_validate({**rules.model_dump(), **changes})
    except ValidationError as exc:
        first = exc.errors()[0]
        raise TorneoError(
            str(first["loc"][0]) if first["loc"] else "rules",
            N_("%(problem)s"),
            N_("a value the setting accepts"),
            params={"problem": first["msg"]},
        ) from exc


def _due(value: str | datetime | None) -> datetime | None:
    if value is None or value == "":
        return None
    if isinstance(value, datetime):  # the API's: Italian time unless it has an offset
        return local_moment(value)
    try:
        return parse_kickoff(value)
    except ValueError as exc:
        raise TorneoError(
            "roster_due",
            N_("'%(value)s' is not a date and time"),
            N_("such as 2025-08-29 23:59 (Italian time)"),
            params={"value": value},
        ) from exc


def create_league(
    store: Store,
    actor: Actor,
    *,
    name: str,
    season: str,
    preset: str = DEFAULT_PRESET,
    club: int | str | None = None,
    roster_due: str | datetime | None = None,
    **rule_changes: Any,
) -> int:
    """A league of the club ``club`` (left out: the one club the actor runs)."""
    precheck(actor, Action.CREATE)
    clean = clean_name("name", name)
    season_name = clean_name("season", season)[:40]
    rules = apply_rule_changes(preset_rules(preset), rule_changes)
    due = _due(roster_due)
    with store.unit(actor) as uow:
        row = FantasyLeague(
            club_id=owning_club(uow.session, actor, club, KIND),
            name=clean,
            preset=preset,
            season=season_name,
            rules=rules.model_dump(mode="json"),
            roster_due=due,
            created_at=uow.now,
        )
        uow.session.add(row)
        uow.session.flush()
        audit(uow, row, "create", name=clean, preset=preset, season=season_name)
        return row.id


def authorize_before_reading(store: Store, actor: Actor, league_id: int) -> None:
    """Issue 27 hole 2: "you may not" before a byte of the file is parsed, so a stranger's bomb
    costs nothing (the unit of work authorizes again, in its transaction)."""
    precheck(actor, Action.MANAGE)
    with store.read() as session:
        authorize_league(actor, get_league(session, league_id))


def import_fixtures(store: Store, actor: Actor, league_id: int, data: bytes) -> int:
    """The season's fixtures from a CSV/XLSX (``Giornata; Data; Casa; Trasferta``), replacing
    the calendar; the number of matches."""
    authorize_before_reading(store, actor, league_id)
    fixtures = parse_fixtures(read_rows(data))
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        uow.session.execute(delete(FantasyFixture).where(FantasyFixture.league_id == league.id))
        uow.session.add_all(
            FantasyFixture(
                league_id=league.id,
                matchday=f.matchday,
                kickoff=f.kickoff,
                home=f.home,
                away=f.away,
            )
            for f in fixtures
        )
        audit(
            uow,
            league,
            "fixtures",
            matches=len(fixtures),
            matchdays=len({f.matchday for f in fixtures}),
        )
        uow.notify(topic(league.id), "fixtures")
        return len(fixtures)


def import_prices(
    store: Store, actor: Actor, league_id: int, data: bytes, *, matchday: int = 1
) -> dict[str, int]:
    """A price list valid from ``matchday`` on (FAN-MKT-1): counts of new, priced, left."""
    authorize_before_reading(store, actor, league_id)
    if not 1 <= matchday <= 60:
        raise TorneoError("matchday", N_("matchday %(n)s"), N_("1 to 60"), params={"n": matchday})
    rows = parse_prices(read_rows(data))
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        known = {p.code: p for p in league_players(uow.session, league.id)}
        new = 0
        for row in rows:
            player = known.get(row.code)
            if player is None:
                player = FantasyPlayer(
                    league_id=league.id,
                    code=row.code,
                    name=row.name,
                    norm=normalise_name(row.name),
                    role=row.role,
                    club=row.club,
                    active=True,
                )
                uow.session.add(player)
                known[row.code] = player
                new += 1
            player.name, player.norm, player.club = row.name, normalise_name(row.name), row.club
            player.active, player.left_on = True, None
            same = [p for p in player.prices if p.matchday == matchday]
            if same:
                same[0].price = row.price
            else:
                player.prices.append(FantasyPrice(matchday=matchday, price=row.price))
        listed = {r.code for r in rows}
        left = 0
        for code, player in known.items():
            if code not in listed and player.active:
                player.active, player.left_on = False, matchday
                left += 1
        counts = {"new": new, "priced": len(rows), "left": left}
        audit(uow, league, "prices", matchday=matchday, **counts)
        uow.notify(topic(league.id), "prices")
        return counts


def add_team(store: Store, actor: Actor, league_id: int, *, name: str, manager: str) -> int:
    """A team of the league for the account ``manager``, with the whole budget."""
    precheck(actor, Action.MANAGE)
    clean = clean_name("name", name)
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        user = account_named(uow.session, manager)
        clash = uow.session.scalar(
            select(func.count()).where(
                FantasyTeam.league_id == league.id,
                (FantasyTeam.name == clean) | (FantasyTeam.manager_id == user.id),
            )
        )
        if clash:
            raise Conflict(
                "name",
                N_("the league has a team named '%(name)s' or managed by %(user)s"),
                N_("one team per manager, each with its own name"),
                params={"name": clean, "user": user.username},
            )
        team = FantasyTeam(
            league_id=league.id,
            name=clean,
            manager_id=user.id,
            credits=rules_of(league).budget,
            created_at=uow.now,
        )
        uow.session.add(team)
        uow.session.flush()
        audit(uow, league, "team.add", team=team.id, name=clean, manager=user.username)
        uow.notify(topic(league.id), "team")
        return team.id
