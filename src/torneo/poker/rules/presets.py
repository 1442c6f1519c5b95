"""The club's preset rows (``Ruleset.poker``) as the domain's objects (PKR-SCHED-1, PKR-LEAGUE-*).

The weekly tournaments become :class:`EntryOptions` and a :class:`Structure` from the club's
ladder; the leagues become a points formula, a jackpot rule, final-table rules and the final's
structure (30- or 20-minute levels from 50/100, PKR-LEAGUE-3).
"""

from __future__ import annotations

from fractions import Fraction

from torneo.core.errors import NotFound
from torneo.core.messages import N_
from torneo.poker.rules.entries import BuyInPart, EntryOptions, PartKind, Price
from torneo.poker.rules.leagues import FinalTableRules, JackpotRule
from torneo.poker.rules.payouts import PayoutTable, payout_table
from torneo.poker.rules.points_formula import PointsFormula, parse_formula
from torneo.poker.rules.structure import Structure, start_big_blind_for, structure_from_ladder
from torneo.presets.poker import (
    BuyInPartRow,
    LeagueRow,
    PokerRules,
    PriceRow,
    WeeklyTournament,
)


def _parts(rows: list[BuyInPartRow]) -> tuple[BuyInPart, ...]:
    return tuple(BuyInPart(PartKind(r.kind), r.cents, r.name) for r in rows)


def _price(row: PriceRow | None) -> Price | None:
    return Price(_parts(row.parts), row.chips) if row is not None else None


def weekly(rules: PokerRules, tournament_id: str) -> WeeklyTournament:
    try:
        return rules.tournament(tournament_id)
    except KeyError:
        known = ", ".join(t.id for t in rules.tournaments)
        raise NotFound(
            "tournament",
            N_("no weekly tournament '%(tournament_id)s'"),
            known,
            params={"tournament_id": tournament_id},
        ) from None


def league_row(rules: PokerRules, league_id: str) -> LeagueRow:
    try:
        return rules.league(league_id)
    except KeyError:
        known = ", ".join(lg.id for lg in rules.leagues)
        raise NotFound(
            "league", N_("no league '%(league_id)s'"), known, params={"league_id": league_id}
        ) from None


def entry_options(rules: PokerRules, tournament: WeeklyTournament) -> EntryOptions:
    """PKR-SCHED-1 / PKR-LATE-1: prices, chips and the late-registration terms."""
    entry = Price(_parts(tournament.buy_in), tournament.starting_stack)
    penalty = (
        tournament.late_penalty_per_level
        if tournament.late_penalty_per_level is not None
        else rules.late_penalty_per_level
    )
    return EntryOptions(
        entry=entry,
        re_entry=_price(tournament.re_entry) or (entry if tournament.re_entries else None),
        max_re_entries=tournament.re_entries,
        rebuy=_price(tournament.rebuy) or (entry if tournament.rebuys else None),
        max_rebuys=tournament.rebuys,
        rebuy_max_stack=tournament.rebuy_max_stack,
        add_on=_price(tournament.add_on),
        late_last_level=rules.late_last_level,
        late_penalty_per_level=penalty,
        jackpot_levy_cents=tournament.jackpot_levy_cents,
    )


def weekly_structure(rules: PokerRules, tournament: WeeklyTournament) -> Structure:
    """The club's ladder at the tournament's level length, from 1/100 of the stack."""
    start = tournament.start_big_blind or start_big_blind_for(
        tournament.starting_stack, rules.ladder
    )
    return structure_from_ladder(
        rules.ladder,
        tournament.level_minutes,
        rules.chip_set,
        start,
        rules.break_every_levels,
        rules.break_minutes,
        rules.big_blind_ante,
    )


def final_structure(rules: PokerRules, league: LeagueRow) -> Structure:
    """PKR-LEAGUE-3: the final's own level length, from 50/100."""
    return structure_from_ladder(
        rules.ladder,
        league.final.level_minutes,
        rules.chip_set,
        league.final.start_big_blind,
        rules.break_every_levels,
        rules.break_minutes,
        rules.big_blind_ante,
    )


def club_payouts(rules: PokerRules) -> PayoutTable:
    return payout_table(rules.payout_rows())


def points_formula(league: LeagueRow) -> PointsFormula:
    return parse_formula(league.points_formula, league.points_decimals)


def jackpot_rule(league: LeagueRow) -> JackpotRule:
    return JackpotRule(league.jackpot_per_entry_cents, league.jackpot_per_tournament_cents)


def final_table_rules(league: LeagueRow) -> FinalTableRules:
    final = league.final
    return FinalTableRules(
        direct_seats=final.direct_seats,
        qualifier_seats=final.qualifier_seats,
        qualifier_min_played=final.qualifier_min_played,
        qualifier_ranks=final.qualifier_ranks,
        qualifier_chips_rank=final.qualifier_chips_rank,
        extra_chips=final.extra_chips,
        chips_per_point=Fraction(final.chips_per_point),
    )
