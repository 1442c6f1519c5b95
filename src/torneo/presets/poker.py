"""Preset section for poker (docs/rules.md §4, PKR-*): the club's settings as data.

Money is in cents, chips in chips. ``torneo.poker.rules.presets`` turns these rows into the
domain's objects (entry options, structures, payout tables, league rules).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Weekday = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BuyInPartRow(_Strict):
    """One named part of a buy-in (PKR-SCHED-1: "90+10+20")."""

    kind: Literal["prize_pool", "fee", "jackpot", "bounty"]
    cents: int = Field(ge=0)
    name: str = ""


class PriceRow(_Strict):
    parts: list[BuyInPartRow]
    chips: int = Field(ge=1)


class WeeklyTournament(_Strict):
    """PKR-SCHED-1: a recurring tournament of the club's week."""

    id: str
    name: str
    weekday: Weekday
    week_of_month: int | None = Field(default=None, ge=1, le=5)  # "prima domenica" = 1
    start: str = "21:00"
    buy_in: list[BuyInPartRow]
    starting_stack: int = Field(ge=1)
    level_minutes: int = Field(ge=1)
    start_big_blind: int | None = None  # None: the ladder's big blind for the stack
    re_entries: int = Field(default=0, ge=0)  # "con la vita" = 1 (PKR-SCHED-1 Resolution)
    re_entry: PriceRow | None = None  # None: the buy-in for the starting stack
    rebuys: int = Field(default=0, ge=0)
    rebuy: PriceRow | None = None
    rebuy_max_stack: int | None = None
    add_on: PriceRow | None = None  # "6.000+6.000": the add-on (PKR-SCHED-1 Resolution)
    jackpot_levy_cents: int = Field(default=0, ge=0)  # PKR-LEAGUE-2 fixed levy
    late_penalty_per_level: int | None = None  # None: the club's setting (PKR-LATE-1)
    league: str | None = None

    @property
    def buy_in_cents(self) -> int:
        return sum(p.cents for p in self.buy_in)


class FinalTableRow(_Strict):
    """PKR-LEAGUE-3."""

    direct_seats: int = Field(ge=0)
    qualifier_seats: int = Field(ge=0)
    qualifier_min_played: int | None = None
    qualifier_ranks: tuple[int, int] | None = None
    qualifier_chips_rank: int | None = None  # None: the first rank not directly qualified
    qualifier_buy_in_cents: int = Field(default=0, ge=0)
    extra_chips: int = Field(default=10_000, ge=0)
    chips_per_point: int = Field(default=1, ge=1)  # Resolution: 1 point = 1 chip
    level_minutes: int = Field(ge=1)
    start_small_blind: int = 50
    start_big_blind: int = 100

    @model_validator(mode="after")
    def _qualifier_has_entrants(self) -> FinalTableRow:
        if self.qualifier_seats and self.qualifier_min_played is None and not self.qualifier_ranks:
            raise ValueError("final: the qualifier needs a minimum of tournaments or a rank range")
        return self


class LeagueRow(_Strict):
    """PKR-LEAGUE-1..4: a jackpot league fed by some weekly tournaments."""

    id: str
    name: str
    tournaments: list[str]
    planned_tournaments: int = Field(ge=1)  # 36 / 89: for the projected jackpot
    jackpot_per_entry_cents: int | None = None  # PKR-LEAGUE-2: "20 × 20 × 36"
    jackpot_per_tournament_cents: int | None = None  # PKR-LEAGUE-2: "50 × 89"
    points_formula: str  # PKR-LEAGUE-4, over n f b rebuys addons bounties
    points_decimals: int = Field(default=2, ge=0, le=6)
    best_results: int | None = None  # only the best N results count
    final: FinalTableRow

    @model_validator(mode="after")
    def _one_jackpot_rule(self) -> LeagueRow:
        given = [self.jackpot_per_entry_cents, self.jackpot_per_tournament_cents]
        if sum(v is not None for v in given) != 1:
            raise ValueError("league: give exactly one of jackpot per entry or per tournament")
        return self


class PayoutRowModel(_Strict):
    max_entries: int | None = None  # None: any larger field
    percentages: list[Decimal]

    @model_validator(mode="after")
    def _adds_to_100(self) -> PayoutRowModel:
        if sum(self.percentages, Decimal(0)) != 100:
            raise ValueError(f"payouts up to {self.max_entries}: percentages must add to 100")
        return self


class PokerRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seats_per_table: int = Field(default=10, ge=2, le=11)  # PKR-TBL-1
    balance_threshold: int = Field(default=2, ge=2)  # PKR-BAL-1: 2 (art. 8.2) or 3 (art. 16.2)
    # PKR-BAL-2: the moved player's seat: "nearest_left" (literal: the first free seat left of
    # the big blind) or "big_blind_soonest" (where the big blind reaches them soonest).
    balance_seat: Literal["nearest_left", "big_blind_soonest"] = "big_blind_soonest"
    break_order: Literal["highest_first", "given"] = "highest_first"  # PKR-BRK-1
    late_last_level: int = Field(default=3, ge=0, le=3)  # PKR-LATE-1
    late_penalty_per_level: int = Field(default=0, ge=0)  # chips per level started
    chip_set: list[int] = Field(default_factory=lambda: [25, 100, 500, 1000, 5000])
    ladder: list[tuple[int, int, int]] = Field(default_factory=list)  # (SB, BB, ante)
    big_blind_ante: bool = False
    break_every_levels: int = Field(default=0, ge=0)
    break_minutes: int = Field(default=10, ge=1)
    payout_unit_cents: int = Field(default=100, ge=1)
    payouts: list[PayoutRowModel] = Field(default_factory=list)
    tournaments: list[WeeklyTournament] = Field(default_factory=list)
    leagues: list[LeagueRow] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> PokerRules:
        # A preset file is checked whole when loaded: one named check per part of it.
        self._check_chips_and_ladder()
        self._check_payouts()
        self._check_tournaments_and_leagues()
        return self

    def _check_chips_and_ladder(self) -> None:
        if self.chip_set != sorted(set(self.chip_set)) or any(c < 1 for c in self.chip_set):
            raise ValueError("chip_set: distinct chip values, ascending")
        for (sb, bb, ante), nxt in zip(self.ladder, self.ladder[1:], strict=False):
            if bb < sb or ante < 0 or nxt[1] < bb:
                raise ValueError(f"ladder: {sb}/{bb} is not a level of a rising ladder")

    def _check_payouts(self) -> None:
        last = 0
        for i, row in enumerate(self.payouts):
            if row.max_entries is None and i != len(self.payouts) - 1:
                raise ValueError("payouts: only the last row may be open-ended")
            if row.max_entries is not None:
                if row.max_entries <= last:
                    raise ValueError("payouts: rows must grow by field size")
                last = row.max_entries

    def _check_tournaments_and_leagues(self) -> None:
        ids = [t.id for t in self.tournaments]
        if len(set(ids)) != len(ids):
            raise ValueError("tournaments: ids must be unique")
        leagues = {lg.id for lg in self.leagues}
        for t in self.tournaments:
            if t.league is not None and t.league not in leagues:
                raise ValueError(f"tournament {t.id}: unknown league {t.league}")
        for lg in self.leagues:
            unknown = set(lg.tournaments) - set(ids)
            if unknown:
                raise ValueError(f"league {lg.id}: unknown tournaments {sorted(unknown)}")

    def tournament(self, tournament_id: str) -> WeeklyTournament:
        for t in self.tournaments:
            if t.id == tournament_id:
                return t
        raise KeyError(tournament_id)

    def league(self, league_id: str) -> LeagueRow:
        for lg in self.leagues:
            if lg.id == league_id:
                return lg
        raise KeyError(league_id)

    def payout_rows(self) -> list[tuple[int | None, list[Fraction]]]:
        return [(r.max_entries, [Fraction(p) for p in r.percentages]) for r in self.payouts]
