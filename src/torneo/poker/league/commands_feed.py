"""A finished tournament's results flow into its leagues (PKR-LEAGUE-1/2), inside the unit of
work that finished it.

A tournament feeds a league when it was opened from one of the league's schedule entries and
was held inside the league's dates. Each player's result (place ``f`` among ``n`` players, the
entry price ``b``, their rebuys and add-ons) becomes a :class:`PokerLeagueResult`; the jackpot's
share becomes one :class:`PokerJackpotEntry` (PKR-LEAGUE-2): the jackpot parts of every buy-in
for a per-entry league, the fixed levy for a per-tournament one. Feeding again (a correction)
replaces the tournament's rows: the leaderboard, computed from the rows, re-scores at once.

Decisions: ``n`` counts players, not entries (a re-entry does not make two entrants); a
disqualified player (PKR-PEN-1) has no place and scores nothing; a chop's places count as
agreed. Once a league has created its qualifier or its final from the leaderboard
(PKR-LEAGUE-3), its board is closed: the qualifier's field and the finalists' seats and stacks
were drawn from it. Taking a tournament's results out of it (an undo that reopens the
tournament), changing them (a corrected order) or recording a past tournament into it is
refused (:func:`check_board_open`); a tournament that ends on the floor afterwards feeds the
club's other leagues, not the closed one.
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.platform.store.uow import UnitOfWork
from torneo.poker.league.tables import (
    PokerJackpotEntry,
    PokerLeague,
    PokerLeagueResult,
    PokerScheduleRun,
)
from torneo.poker.rules.eliminations import Field
from torneo.poker.rules.entries import PurchaseKind
from torneo.poker.rules.leagues import JackpotRule, jackpot_total
from torneo.poker.rules.places import chop_of, final_places
from torneo.poker.state import field_of_rows, ledger_of, options_of
from torneo.poker.tables import PokerTournament


def _rule(league: PokerLeague) -> JackpotRule:
    return JackpotRule(league.jackpot_per_entry_cents, league.jackpot_per_tournament_cents)


def leagues_of(uow: UnitOfWork, row: PokerTournament) -> list[PokerLeague]:
    """The club's leagues this tournament feeds (its schedule entry, inside their dates)."""
    run = uow.session.scalars(
        select(PokerScheduleRun).where(PokerScheduleRun.tournament_id == row.id)
    ).first()
    if run is None:
        return []
    leagues = uow.session.scalars(
        select(PokerLeague).where(PokerLeague.club_id == row.club_id).order_by(PokerLeague.id)
    ).all()
    return [
        lg
        for lg in leagues
        if run.schedule_id in lg.schedules and lg.starts_on <= row.held_on <= lg.ends_on
    ]


def is_closed(league: PokerLeague) -> bool:
    """The league has drawn its qualifier or final from its board (module doc)."""
    return league.final_id is not None or league.qualifier_id is not None


def check_board_open(uow: UnitOfWork, row: PokerTournament, field: str) -> None:
    """409 when a league this tournament feeds has created its qualifier or final (module doc);
    ``field`` names what the refused action changes."""
    for league in leagues_of(uow, row):
        made = league.final_id or league.qualifier_id
        if made is not None:
            raise Conflict(
                field,
                N_(
                    "the league %(league)s has created its qualifier or final from the "
                    "leaderboard (tournament %(made)s): this tournament's results are final"
                ),
                N_("change the results before the league's qualifier and final are created"),
                params={"league": league.name, "made": made},
            )


def places_of(row: PokerTournament, field: Field | None = None) -> dict[PlayerId, int]:
    """Each player's finishing place (a chop's places as agreed): the places every view shows
    (:func:`torneo.poker.rules.places.final_places`, issue 26)."""
    return {f.player: f.place for f in final_places(field or field_of_rows(row), chop_of(row.chop))}


def feed(uow: UnitOfWork, row: PokerTournament) -> list[int]:
    """PKR-LEAGUE-1/2: write this finished tournament's results and jackpot into its leagues;
    the ids of the leagues fed (audited)."""
    leagues = [lg for lg in leagues_of(uow, row) if not is_closed(lg)]
    if not leagues:
        return []
    options = options_of(row.options)  # only what the results need, not the whole state
    ledger = ledger_of(row, options)
    field = field_of_rows(row)
    places = places_of(row, field)
    players = len(field.players)
    counts: dict[PlayerId, dict[PurchaseKind, int]] = {}
    for p in ledger.purchases:
        mine = counts.setdefault(p.player, {})
        mine[p.kind] = mine.get(p.kind, 0) + 1
    buy_in = options.entry.cents
    for league in leagues:
        uow.session.execute(
            delete(PokerLeagueResult).where(
                PokerLeagueResult.league_id == league.id,
                PokerLeagueResult.tournament_id == row.id,
            )
        )
        uow.session.execute(
            delete(PokerJackpotEntry).where(
                PokerJackpotEntry.league_id == league.id,
                PokerJackpotEntry.tournament_id == row.id,
            )
        )
        uow.session.execute(
            insert(PokerLeagueResult),
            [
                {
                    "league_id": league.id,
                    "tournament_id": row.id,
                    "player_id": int(player),
                    "played_on": row.held_on,
                    "entrants": players,
                    "place": place,
                    "buy_in_cents": buy_in,
                    "rebuys": counts.get(player, {}).get(PurchaseKind.REBUY, 0),
                    "addons": counts.get(player, {}).get(PurchaseKind.ADD_ON, 0),
                    "bounties": 0,
                }
                for player, place in sorted(places.items(), key=lambda kv: kv[1])
            ],
        )
        per_entry = league.jackpot_per_entry_cents is not None
        uow.session.add(
            PokerJackpotEntry(
                league_id=league.id,
                tournament_id=row.id,
                played_on=row.held_on,
                entries=ledger.entries,
                # PKR-LEAGUE-2: the league's rule, per entry (re-entries pay it again) or
                # a fixed levy per tournament.
                cents=jackpot_total(_rule(league), [ledger.entries]),
                basis="per_entry" if per_entry else "per_tournament",
            )
        )
    ids = [lg.id for lg in leagues]
    uow.audit("poker.league.feed", "poker_tournament", row.id, after={"leagues": ids})
    return ids


def unfeed(uow: UnitOfWork, row: PokerTournament) -> list[int]:
    """The tournament runs again (its last bust undone, issue 15 item 8): its results and its
    jackpot leave its leagues until it ends again; the ids of the leagues (audited)."""
    leagues = leagues_of(uow, row)
    for league in leagues:
        for table in (PokerLeagueResult, PokerJackpotEntry):
            uow.session.execute(
                delete(table).where(table.league_id == league.id, table.tournament_id == row.id)
            )
    ids = [lg.id for lg in leagues]
    if ids:
        uow.audit("poker.league.unfeed", "poker_tournament", row.id, after={"leagues": ids})
    return ids
