"""The league's road to the final table (PKR-LEAGUE-3, PKR-LEAGUE-4): the qualifier and the
"Finalissima", each created from the leaderboard in one transaction.

- :func:`create_qualifier`: the cut is decided (ties by tournaments played, best finish, then a
  draw of lots, seeded and recorded in the audit log and on the league, so the final uses the
  same order); the qualifier is a tournament whose field is exactly the eligible players (not
  directly qualified, with the tournaments played or inside the rank range), each booked, at
  the league's qualifier buy-in; only they may enter.
- :func:`create_final`: the direct seats and the qualifier's winners (its first places), each
  with their starting stack (points as chips, the qualifiers with the chips of the first rank
  not directly qualified, plus the extra chips, to the nearest smallest chip), entered at once;
  the final's own structure (its level length, from 50/100).

Decisions where the seed is silent: the qualifier plays the structure of the league's first
schedule entry (its stack and level length); the final costs nothing to enter (the finalists
earned their seats); a league without qualifier seats goes straight to the final.
"""

from __future__ import annotations

from typing import Any

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name, parse_date
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.poker.commands import FINISHED, add_tournament, poker_rules
from torneo.poker.commands_entries import add_purchase_row
from torneo.poker.league.commands import get_league
from torneo.poker.league.commands_feed import places_of
from torneo.poker.league.tables import PokerLeague, PokerSchedule
from torneo.poker.league.views import board_of, final_rules, lots_rng
from torneo.poker.rules.entries import (
    BuyInPart,
    EntryOptions,
    PartKind,
    Price,
    new_ledger,
    register,
)
from torneo.poker.rules.leagues import LeaderboardRow, qualifier_entrants, seat_finalists
from torneo.poker.rules.presets import entry_options, weekly_structure
from torneo.poker.rules.qualification import cut_board
from torneo.poker.rules.structure import structure_from_ladder
from torneo.poker.schedules.commands import weekly_row
from torneo.poker.state import get_tournament
from torneo.poker.state_access import LEAGUE_KIND, authorize_club_thing
from torneo.poker.tables import PokerEntrant


def _cut(uow: UnitOfWork, league: PokerLeague) -> tuple[LeaderboardRow, ...]:
    """The board with the cut decided once: the lots drawn now are recorded and kept."""
    board = board_of(uow.session, league)
    if league.cut.get("order"):
        return board
    ordered, draws = cut_board(board, final_rules(league), lots_rng(league, "cut"))
    league.cut = {
        "order": [int(r.player) for r in ordered],
        "draws": [
            {"tied": [int(p) for p in d.tied], "order": [int(p) for p in d.order]} for d in draws
        ],
        "seed": f"{league.seed}:cut",
    }
    # PKR-LEAGUE-4: the draw of lots at a cut is recorded in the audit log.
    uow.audit("poker.league.lots", "poker_league", league.id, after=league.cut)
    return ordered


def _open(store: Store, actor: Actor, league_id: int) -> Any:
    precheck(actor, Action.MANAGE)
    return store.unit(actor)


def create_qualifier(
    store: Store,
    actor: Actor,
    league_id: int,
    *,
    held_on: Any,
    name: str | None = None,
    seed: int | None = None,
) -> int:
    """PKR-LEAGUE-3: the qualifier, with exactly the eligible players as its field."""
    when = parse_date("held_on", held_on)
    with _open(store, actor, league_id) as uow:
        league = get_league(uow, league_id)
        authorize_club_thing(actor, LEAGUE_KIND, league.id, league.club_id)
        rules = final_rules(league)
        if not rules.qualifier_seats:
            raise Conflict("league_id", N_("this league has no qualifier"), N_("go to the final"))
        if league.qualifier_id is not None:
            raise Conflict(
                "league_id",
                N_("the qualifier exists: tournament %(tid)s"),
                N_("one qualifier per league"),
                params={"tid": league.qualifier_id},
            )
        ordered = _cut(uow, league)
        direct = [r.player for r in ordered[: rules.direct_seats]]
        eligible = qualifier_entrants(ordered, rules, direct)
        if not eligible:
            raise Conflict(
                "league_id",
                N_("nobody may play the qualifier"),
                N_("the final, with the direct seats alone (PKR-LEAGUE-3)"),
            )
        first = uow.session.get(PokerSchedule, league.schedules[0]) if league.schedules else None
        if first is None:
            raise Conflict("schedules", N_("the league has no schedule entry"), N_("one or more"))
        preset_rules = poker_rules(league.preset)
        weekly = weekly_row(first)
        options = entry_options(preset_rules, weekly)
        price = Price(
            (BuyInPart(PartKind.PRIZE_POOL, int(league.final.get("qualifier_buy_in_cents", 0))),),
            options.entry.chips,
        )
        options = EntryOptions(
            entry=price,
            late_last_level=options.late_last_level,
            late_penalty_per_level=options.late_penalty_per_level,
            field=tuple(eligible),
        )
        row = add_tournament(
            uow,
            club_id=league.club_id,
            name=clean_name("name", name)
            if name and name.strip()
            else f"{league.name} · Qualificazione",
            preset=league.preset,
            template=None,
            held_on=when,
            seed=seed,
            seats=preset_rules.seats_per_table,
            threshold=preset_rules.balance_threshold,
            structure=weekly_structure(preset_rules, weekly),
            options=options,
        )
        for player in eligible:
            row.entrants.append(
                PokerEntrant(player_id=int(player), booked=True, created_at=uow.now)
            )
        league.qualifier_id = row.id
        uow.audit(
            "poker.league.qualifier",
            "poker_league",
            league.id,
            after={"tournament": row.id, "players": [int(p) for p in eligible]},
        )
        return row.id


def create_final(
    store: Store,
    actor: Actor,
    league_id: int,
    *,
    held_on: Any,
    name: str | None = None,
    seed: int | None = None,
) -> int:
    """PKR-LEAGUE-3: the final table with its players and their starting stacks."""
    when = parse_date("held_on", held_on)
    with _open(store, actor, league_id) as uow:
        league = get_league(uow, league_id)
        authorize_club_thing(actor, LEAGUE_KIND, league.id, league.club_id)
        rules = final_rules(league)
        if league.final_id is not None:
            raise Conflict(
                "league_id",
                N_("the final exists: tournament %(tid)s"),
                N_("one final per league"),
                params={"tid": league.final_id},
            )
        winners: list[PlayerId] = []
        ordered = _cut(uow, league)
        direct = [r.player for r in ordered[: rules.direct_seats]]
        # PKR-LEAGUE-3, issue 28 item 4: the top places hold their seats "di diritto" whatever
        # happens to the qualifier. Reading: when nobody may play it (nobody has the
        # tournaments played, nobody in the rank range), there is no qualifier to wait for and
        # the final is the direct seats alone; its seats stay empty, recorded in the audit row.
        open_to = qualifier_entrants(ordered, rules, direct) if rules.qualifier_seats else ()
        if open_to:
            if league.qualifier_id is None:
                raise Conflict(
                    "qualifier",
                    N_("the qualifier has not been created"),
                    N_("create and play the qualifier first"),
                )
            qualifier = get_tournament(uow.session, league.qualifier_id)
            if qualifier.status != FINISHED:
                raise Conflict(
                    "qualifier",
                    N_("the qualifier is not finished"),
                    N_("finish the qualifier first"),
                )
            places = places_of(qualifier)
            winners = [p for p, _ in sorted(places.items(), key=lambda kv: kv[1])][
                : rules.qualifier_seats
            ]
        # The same reading: fewer players on the board than direct seats still seat those
        # there; only a final without anybody is refused.
        if not direct and not winners:
            raise TorneoError(
                "league_id",
                N_("%(n)s players on the leaderboard"),
                N_("at least one player on the leaderboard"),
                params={"n": len(ordered)},
            )
        table = seat_finalists(ordered, rules, winners)
        preset_rules = poker_rules(league.preset)
        final = league.final
        structure = structure_from_ladder(
            preset_rules.ladder,
            int(final["level_minutes"]),
            preset_rules.chip_set,
            int(final.get("start_big_blind", 100)),
            preset_rules.break_every_levels,
            preset_rules.break_minutes,
            preset_rules.big_blind_ante,
        )
        stacks = tuple((f.player, f.chips) for f in table.finalists)
        options = EntryOptions(
            entry=Price((), rules.extra_chips or 1),
            late_last_level=0,
            field=tuple(f.player for f in table.finalists),
            starting_stacks=stacks,
        )
        row = add_tournament(
            uow,
            club_id=league.club_id,
            name=clean_name("name", name)
            if name and name.strip()
            else f"{league.name} · Finalissima",
            preset=league.preset,
            template=None,
            held_on=when,
            seed=seed,
            seats=max(len(table.finalists), 2),
            threshold=preset_rules.balance_threshold,
            structure=structure,
            options=options,
        )
        ledger = new_ledger(options)
        for finalist in table.finalists:
            row.entrants.append(
                PokerEntrant(player_id=int(finalist.player), booked=True, created_at=uow.now)
            )
            ledger, purchase = register(ledger, options, finalist.player, None)
            add_purchase_row(uow, row, purchase)
        league.final_id = row.id
        uow.audit(
            "poker.league.final",
            "poker_league",
            league.id,
            after={
                "tournament": row.id,
                "finalists": [[int(f.player), f.kind.value, f.chips] for f in table.finalists],
                "empty_qualifier_seats": rules.qualifier_seats - len(winners),
            },
        )
        return row.id
