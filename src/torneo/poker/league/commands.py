"""A poker club's jackpot leagues (PKR-LEAGUE-1..4): creating them, their settings, the season's
tournaments entered after the fact, and corrections.

A league belongs to a club; its organizers write it (the policy's MANAGE on the league). Every
write is one transaction with its audit row; bad input names its field and changes nothing.

- :func:`create_league` which schedules feed it, its dates, its points formula (PKR-LEAGUE-4,
  checked by the safe evaluator), best-N, its jackpot rule (PKR-LEAGUE-2) and final table
  (PKR-LEAGUE-3, at most 11 seats: PKR-TBL-1), each checked by :mod:`.commands_settings` before
  anything is written; :func:`import_week` the preset's whole week and leagues at once;
- :func:`update_league` a new formula, best-N or set of schedules: the leaderboard is computed
  from the stored results on every read, so it re-scores at once;
- :func:`record_past_tournament` a tournament played on paper (the season so far): opened from
  its schedule entry on its day, the players' buy-ins taken, the finishing order entered, and
  finished — its results flow into the leagues like any other (:mod:`.commands_feed`);
- :func:`correct_result` the organizer corrects a finished tournament's finishing order; the
  tournament's results are fed again.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name, parse_date
from torneo.core.messages import N_, Np_
from torneo.core.policy import Action
from torneo.platform import players as identities
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.commands import DEFAULT_PRESET, FINISHED, parse_int, poker_rules
from torneo.poker.commands_entries import add_purchase_row
from torneo.poker.floor.commands import finish
from torneo.poker.league import commands_feed as league_feed
from torneo.poker.league.commands_settings import check_formula, final_settings, jackpot_settings
from torneo.poker.league.tables import PokerLeague, PokerSchedule
from torneo.poker.rules.entries import PurchaseKind, register
from torneo.poker.rules.points_formula import parse_formula
from torneo.poker.schedules.commands import get_schedule, open_in, schedule_from_weekly
from torneo.poker.state import get_tournament, load
from torneo.poker.state_access import (
    LEAGUE_KIND,
    SCHEDULE_KIND,
    authorize_club_thing,
    authorize_tournament,
)
from torneo.poker.tables import PokerBust, PokerEntrant, PokerPurchase
from torneo.presets.poker import LeagueRow


def get_league(uow: UnitOfWork, league_id: int) -> PokerLeague:
    row = uow.session.get(PokerLeague, league_id)
    if row is None:
        raise NotFound(
            "league_id",
            N_("no poker league %(league_id)s"),
            N_("the id of a league"),
            params={"league_id": league_id},
        )
    return row


def _schedules(uow: UnitOfWork, club_id: int, ids: Sequence[Any]) -> list[int]:
    out = [parse_int("schedules", i, low=1) for i in ids]
    if len(set(out)) != len(out):
        raise TorneoError("schedules", N_("a schedule is listed twice"), N_("each entry once"))
    for sid in out:
        row = uow.session.get(PokerSchedule, sid)
        if row is None or row.club_id != club_id:
            raise NotFound(
                "schedules",
                N_("no poker schedule %(schedule_id)s in this club"),
                N_("the ids of the club's schedule entries"),
                params={"schedule_id": sid},
            )
    return out


def add_league(
    uow: UnitOfWork,
    club_id: int,
    preset: str,
    league: LeagueRow,
    schedule_ids: Sequence[int],
    starts_on: date,
    ends_on: date,
) -> int:
    formula = parse_formula(league.points_formula, league.points_decimals)
    check_formula(uow, formula, schedule_ids, None)
    row = PokerLeague(
        club_id=club_id,
        preset=preset,
        name=league.name,
        schedules=list(schedule_ids),
        starts_on=starts_on,
        ends_on=ends_on,
        planned_tournaments=league.planned_tournaments,
        points_formula=league.points_formula,
        points_decimals=league.points_decimals,
        best_results=league.best_results,
        jackpot_per_entry_cents=league.jackpot_per_entry_cents,
        jackpot_per_tournament_cents=league.jackpot_per_tournament_cents,
        final=league.final.model_dump(mode="json"),
        seed=secrets.randbelow(2**31),
        cut={},
        created_at=uow.now,
    )
    uow.session.add(row)
    uow.session.flush()
    uow.audit("poker.league.create", "poker_league", row.id, after={"name": row.name})
    return row.id


def _dates(starts_on: Any, ends_on: Any) -> tuple[date, date]:
    first, last = parse_date("starts_on", starts_on), parse_date("ends_on", ends_on)
    if last < first:
        raise TorneoError(
            "ends_on",
            N_("%(ends_on)s is before %(starts_on)s"),
            N_("the season's last day, on or after its first"),
            params={"ends_on": last.isoformat(), "starts_on": first.isoformat()},
        )
    return first, last


def create_league(
    store: Store,
    actor: Actor,
    *,
    name: str,
    schedules: Sequence[Any],
    starts_on: Any,
    ends_on: Any,
    planned_tournaments: Any,
    points_formula: str,
    points_decimals: Any = 2,
    best_results: Any = None,
    jackpot_per_entry: Any = None,
    jackpot_per_tournament: Any = None,
    final: Mapping[str, Any] | None = None,
    club: int | str | None = None,
    preset: str = DEFAULT_PRESET,
    seed: int | None = None,
) -> int:
    """PKR-LEAGUE-1..4: a league of the club, fed by some of its schedule entries."""
    precheck(actor, Action.MANAGE)
    poker_rules(preset)
    title = clean_name("name", name)
    first, last = _dates(starts_on, ends_on)
    decimals = parse_int("points_decimals", points_decimals, low=0, high=6)
    formula = parse_formula(points_formula, decimals)  # PKR-LEAGUE-4: the safe evaluator
    best = (
        parse_int("best_results", best_results, low=1) if str(best_results or "").strip() else None
    )
    entry, fixed = jackpot_settings(jackpot_per_entry, jackpot_per_tournament)
    planned = parse_int("planned_tournaments", planned_tournaments, low=1)
    final_json = final_settings(final or {})
    with store.unit(actor) as uow:
        club_id = owning_club(uow.session, actor, club, LEAGUE_KIND)
        schedule_ids = _schedules(uow, club_id, schedules)
        check_formula(uow, formula, schedule_ids, None)  # before the row is written
        row = PokerLeague(
            club_id=club_id,
            preset=preset,
            name=title,
            schedules=schedule_ids,
            starts_on=first,
            ends_on=last,
            planned_tournaments=planned,
            points_formula=formula.text,
            points_decimals=decimals,
            best_results=best,
            jackpot_per_entry_cents=entry,
            jackpot_per_tournament_cents=fixed,
            final=final_json,
            seed=seed if seed is not None else secrets.randbelow(2**31),
            cut={},
            created_at=uow.now,
        )
        uow.session.add(row)
        uow.session.flush()
        uow.audit("poker.league.create", "poker_league", row.id, after={"name": title})
        return row.id


def update_league(
    store: Store,
    actor: Actor,
    league_id: int,
    *,
    points_formula: str | None = None,
    best_results: Any = None,
    schedules: Sequence[Any] | None = None,
    version: int | None = None,
) -> None:
    """PKR-LEAGUE-4: a new formula, best-N ("" = every result) or schedules; re-scores."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_league(uow, league_id)
        authorize_club_thing(actor, LEAGUE_KIND, row.id, row.club_id)
        if version is not None and version != row.version:
            raise Conflict(
                "version",
                N_("the league changed meanwhile (version %(v)s)"),
                N_("reload and try again"),
                params={"v": row.version},
            )
        before = {
            "formula": row.points_formula,
            "best": row.best_results,
            "schedules": row.schedules,
        }
        # Issue 28 item 1: everything is read and checked first, then written, so a refused
        # formula (or a schedule whose buy-in breaks the formula) leaves the league untouched.
        formula = parse_formula(
            row.points_formula if points_formula is None else points_formula,
            row.points_decimals,
        )
        best = row.best_results
        if best_results is not None:
            text = str(best_results).strip()
            best = parse_int("best_results", text, low=1) if text else None
        schedule_ids = (
            list(row.schedules) if schedules is None else _schedules(uow, row.club_id, schedules)
        )
        if points_formula is not None or schedules is not None:
            check_formula(uow, formula, schedule_ids, row.id)
        row.points_formula = formula.text
        row.best_results = best
        row.schedules = schedule_ids
        after = {
            "formula": row.points_formula,
            "best": row.best_results,
            "schedules": row.schedules,
        }
        uow.audit("poker.league.update", "poker_league", row.id, before=before, after=after)


def import_week(
    store: Store,
    actor: Actor,
    *,
    starts_on: Any,
    ends_on: Any,
    club: int | str | None = None,
    preset: str = DEFAULT_PRESET,
) -> dict[str, list[int]]:
    """The preset's week (PKR-SCHED-1) and its leagues (PKR-LEAGUE-1) into a club at once."""
    precheck(actor, Action.MANAGE)
    rules = poker_rules(preset)
    first, last = _dates(starts_on, ends_on)
    with store.unit(actor) as uow:
        club_id = owning_club(uow.session, actor, club, SCHEDULE_KIND)
        ids = {t.id: schedule_from_weekly(uow, club_id, preset, t) for t in rules.tournaments}
        leagues = [
            add_league(uow, club_id, preset, lg, [ids[t] for t in lg.tournaments], first, last)
            for lg in rules.leagues
        ]
        uow.audit(
            "poker.schedule.import",
            "club",
            club_id,
            after={"preset": preset, "schedules": ids, "leagues": leagues},
        )
        return {"schedules": list(ids.values()), "leagues": leagues}


# --- the season's tournaments entered after the fact, and corrections ---------------------------


def _player_named(uow: UnitOfWork, field: str, value: Any) -> Player:
    """A result's player: an id, or a name (a known name is that player, as a pasted roster)."""
    if isinstance(value, int) or (isinstance(value, str) and value.strip().isdigit()):
        found = uow.session.get(Player, int(value))
        if found is None:
            raise NotFound(
                field, N_("no player %(id)s"), N_("a player's id or name"), params={"id": value}
            )
        return found
    name = clean_name(field, str(value))
    known = identities.known_by_name(uow.session, name)
    if known is not None:
        return known
    player = Player(name=name, created_at=uow.now)
    uow.session.add(player)
    uow.session.flush()
    return player


def _finishing(rows: Sequence[Mapping[str, Any]]) -> None:
    if len(rows) < 2:
        raise TorneoError(
            "results",
            Np_("%(n)s player", "%(n)s players"),
            N_("the finishing order of two or more players, the winner first"),
            params={"n": len(rows)},
        )


def record_past_tournament(
    store: Store,
    actor: Actor,
    schedule_id: int,
    *,
    held_on: Any,
    results: Sequence[Mapping[str, Any]],
    seed: int | None = None,
) -> int:
    """A tournament of the season played without the app: its finishing order (winner first,
    each ``{"player": name or id, "rebuys": 0, "add_ons": 0}``) entered, the buy-ins taken,
    finished; its results flow into its leagues."""
    precheck(actor, Action.MANAGE)
    _finishing(results)
    when = parse_date("held_on", held_on)
    with store.unit(actor) as uow:
        schedule = get_schedule(uow, schedule_id)
        authorize_club_thing(actor, SCHEDULE_KIND, schedule.id, schedule.club_id)
        row = open_in(uow, schedule, when, seed)
        league_feed.check_board_open(uow, row, "held_on")  # its date puts it in a closed league
        state = load(row)
        ledger = state.ledger
        order: list[PlayerId] = []
        for i, r in enumerate(results, start=1):
            player = _player_named(uow, f"results[{i}].player", r.get("player", ""))
            pid = PlayerId(player.id)
            if pid in order:
                raise TorneoError(
                    f"results[{i}].player",
                    N_("%(name)s is listed twice"),
                    N_("each player once"),
                    params={"name": player.name},
                )
            order.append(pid)
            row.entrants.append(PokerEntrant(player_id=int(pid), booked=False, created_at=uow.now))
            ledger, purchase = register(ledger, state.options, pid, None)
            add_purchase_row(uow, row, purchase)
            for kind, key, price in (
                (PurchaseKind.REBUY, "rebuys", state.options.rebuy),
                (PurchaseKind.ADD_ON, "add_ons", state.options.add_on),
            ):
                count = parse_int(f"results[{i}].{key}", r.get(key) or 0, low=0, high=20)
                if count and price is None:
                    raise TorneoError(
                        f"results[{i}].{key}",
                        N_("%(count)s, but the tournament offers none"),
                        N_("0"),
                        params={"count": count},
                    )
                for _ in range(count):
                    assert price is not None
                    number = len(row.purchases) + 1
                    row.purchases.append(
                        PokerPurchase(
                            number=number,
                            player_id=int(pid),
                            kind=kind.value,
                            parts=[[p.kind.value, p.cents, p.name] for p in price.parts],
                            price_chips=price.chips,
                            chips=price.chips,
                            penalty=0,
                            level=None,
                            at=uow.now,
                        )
                    )
        for seq, pid in enumerate(reversed(order[1:]), start=1):
            row.busts.append(
                PokerBust(
                    seq=seq,
                    player_id=int(pid),
                    chips_at_start=1,
                    table_no=0,
                    seat=0,
                    readmitted=False,
                    at=uow.now,
                )
            )
        finish(uow, row, load(row))
        uow.audit("poker.past", "poker_tournament", row.id, after={"players": len(order)})
        return row.id


def correct_result(store: Store, actor: Actor, tournament_id: int, *, order: Sequence[Any]) -> None:
    """A finished tournament's finishing order corrected (every player, winner first); the
    leagues it feeds re-score (PKR-LEAGUE-1)."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        if row.status != FINISHED:
            raise Conflict(
                "status", N_("the tournament is not finished"), N_("a finished tournament")
            )
        players = {int(p) for p in load(row).field.players}
        given = [parse_int("order", p, low=1) for p in order]
        if sorted(given) != sorted(players) or len(set(given)) != len(given):
            raise TorneoError(
                "order",
                N_("%(n)s players given"),
                N_("every player of the tournament once, the winner first (%(count)s)"),
                params={"n": len(given), "count": len(players)},
            )
        if row.chop:
            raise Conflict(
                "order",
                N_("the tournament ended in a chop"),
                N_("a chop's places are the players' agreement"),
            )
        league_feed.check_board_open(uow, row, "order")
        before = league_feed.places_of(row)
        old = {b.player_id: b for b in row.busts if not b.readmitted}
        for bust in old.values():
            row.busts.remove(bust)
        for seq, pid in enumerate(reversed(given[1:]), start=1):
            was = old.get(pid)
            row.busts.append(
                PokerBust(
                    seq=seq,
                    player_id=pid,
                    chips_at_start=1,
                    table_no=was.table_no if was else 0,
                    seat=was.seat if was else 0,
                    readmitted=False,
                    at=uow.now,
                )
            )
        uow.session.flush()
        uow.audit(
            "poker.correct",
            "poker_tournament",
            row.id,
            before={str(int(p)): n for p, n in before.items()},
            after={str(p): i for i, p in enumerate(given, start=1)},
        )
        league_feed.feed(uow, row)
