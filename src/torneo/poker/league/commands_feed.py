"""A finished tournament's results flow into its leagues (PKR-LEAGUE-1/2), inside the unit of
work that finished it.

A tournament feeds a league when it was opened from one of the league's schedule entries and
was held inside the league's dates. Each player's result (place ``f`` among ``n`` players, the
entry price ``b``, their rebuys and add-ons) becomes a :class:`PokerLeagueResult`; the jackpot's
share becomes one :class:`PokerJackpotEntry` (PKR-LEAGUE-2): what the tournament took, the
jackpot parts of every buy-in and the fixed levy (:func:`jackpot_credits`). Feeding again (a correction)
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

from collections.abc import Sequence
from fractions import Fraction

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.platform.store.uow import UnitOfWork
from torneo.poker.commands import poker_rules
from torneo.poker.league.tables import (
    PokerJackpotEntry,
    PokerLeague,
    PokerLeagueResult,
    PokerSchedule,
    PokerScheduleRun,
)
from torneo.poker.rules.eliminations import Field
from torneo.poker.rules.entries import Ledger, PartKind, PurchaseKind
from torneo.poker.rules.places import chop_of, final_places
from torneo.poker.rules.points_formula import parse_formula
from torneo.poker.state import field_of_rows, ledger_of, options_of
from torneo.poker.tables import PokerTournament


def _basis(league: PokerLeague) -> str:
    return "per_entry" if league.jackpot_per_entry_cents is not None else "per_tournament"


def jackpot_credits(leagues: Sequence[PokerLeague], ledger: Ledger) -> dict[int, int]:
    """PKR-LEAGUE-2 (issue 28 item 3): each league is credited what the tournament took for a
    jackpot, never the league's own figure: the jackpot parts of every purchase (re-entries
    pay theirs again) and the fixed levy as far as the prize pool covered it. A 95+10+15
    buy-in with 3 entries puts 45 € in, whatever the league's "20 per entry" says.

    Reading where the seed is silent (each weekly tournament feeds one league): a tournament
    fed into several leagues gives its jackpot parts to the first per-entry league and its levy
    to the first per-tournament league; with leagues of one kind only, the first (oldest)
    takes it all. No cent is credited twice or lost."""
    parts = ledger.part_total(PartKind.JACKPOT)
    takes = {"per_entry": parts, "per_tournament": ledger.jackpot - parts}
    kinds = {_basis(lg) for lg in leagues}
    credits = dict.fromkeys((lg.id for lg in leagues), 0)
    for kind in kinds:
        first = next(lg for lg in leagues if _basis(lg) == kind)
        credits[first.id] = takes[kind] if len(kinds) > 1 else ledger.jackpot
    return credits


def schedule_of(session: Session, row: PokerTournament) -> int | None:
    """The club's schedule entry this tournament is a night of: the entry it was opened from in
    the calendar, or, for a tournament made from the preset's week (the poker home page's
    "tournament of the week", ``template``), the club's active entry copied from that weekly
    tournament (issue 28 item 2: every tournament of a schedule that counts for a jackpot feeds
    it, however created). Reading: the entry is found by what the import copied (preset, name,
    weekday, week of the month); an entry the club renamed or retired is no longer that
    weekly tournament, and a club that never imported the week has no league to feed."""
    run = session.scalars(
        select(PokerScheduleRun).where(PokerScheduleRun.tournament_id == row.id)
    ).first()
    if run is not None:
        return run.schedule_id
    if row.template is None:
        return None
    weekly_rows = {t.id: t for t in poker_rules(row.preset).tournaments}
    weekly = weekly_rows.get(row.template)
    if weekly is None:
        return None
    same = [
        PokerSchedule.club_id == row.club_id,
        PokerSchedule.preset == row.preset,
        PokerSchedule.name == weekly.name,
        PokerSchedule.weekday == weekly.weekday,
        PokerSchedule.active.is_(True),
    ]
    if weekly.week_of_month is not None:
        same.append(PokerSchedule.week_of_month == weekly.week_of_month)
    found: int | None = session.scalars(
        select(PokerSchedule.id).where(*same).order_by(PokerSchedule.id)
    ).first()
    return found


def leagues_fed(session: Session, row: PokerTournament) -> list[PokerLeague]:
    """The club's leagues this tournament feeds (its schedule entry, inside their dates)."""
    schedule_id = schedule_of(session, row)
    if schedule_id is None:
        return []
    leagues = session.scalars(
        select(PokerLeague).where(PokerLeague.club_id == row.club_id).order_by(PokerLeague.id)
    ).all()
    return [
        lg
        for lg in leagues
        if schedule_id in lg.schedules and lg.starts_on <= row.held_on <= lg.ends_on
    ]


def leagues_of(uow: UnitOfWork, row: PokerTournament) -> list[PokerLeague]:
    """:func:`leagues_fed` inside a unit of work."""
    return leagues_fed(uow.session, row)


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
    credits = jackpot_credits(leagues, ledger)
    for league in leagues:
        # PKR-LEAGUE-4 (issue 28 item 1): the formula was checked for every field the league
        # can see; a larger field, or more rebuys than were tried, is checked here, so a result
        # the formula cannot score is refused now rather than breaking the league's every read.
        formula = parse_formula(league.points_formula, league.points_decimals)
        for player, place in places.items():
            formula.evaluate(
                n=players,
                f=place,
                b=Fraction(buy_in, 100),
                rebuys=counts.get(player, {}).get(PurchaseKind.REBUY, 0),
                addons=counts.get(player, {}).get(PurchaseKind.ADD_ON, 0),
            )
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
        uow.session.add(
            PokerJackpotEntry(
                league_id=league.id,
                tournament_id=row.id,
                played_on=row.held_on,
                entries=ledger.entries,
                cents=credits[league.id],
                basis=_basis(league),
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
