"""Request and response models of the club's season API (issue 17): schedules, leagues, the
qualifier and the final, corrections and the floor's rulings."""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from torneo.platform.web.schemas import OwningClub
from torneo.poker.commands import DEFAULT_PRESET

Money = str | int


class ScheduleIn(BaseModel):
    """PKR-SCHED-1: "Torneo Martedì: Buyin 90+10+20 – Stack 10.000 – Bui 15m"."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)
    weekday: str = Field(max_length=10, examples=["tue"])
    week_of_month: int | None = Field(default=None, description="1 = the first of the month")
    start: str = Field(default="21:00", max_length=5)
    buy_in: str = Field(max_length=40, examples=["90+10+20"], description="prize pool+fee+jackpot")
    starting_stack: int = Field(ge=1, le=10_000_000)
    level_minutes: int = Field(ge=1, le=120)
    start_big_blind: int | None = None
    re_entries: int = Field(default=0, ge=0, le=9)
    add_on_price: str | None = Field(default=None, max_length=40)
    add_on_chips: int | None = None
    jackpot_levy: Money | None = Field(default=None, description="euros per tournament")
    club: OwningClub = None
    preset: str = Field(default=DEFAULT_PRESET, max_length=80)


class ScheduleUpdateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    active: bool | None = None
    fields: ScheduleIn | None = None


class OpenIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    held_on: date
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class ResultIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str | int = Field(description="a player's name or id")
    rebuys: int = Field(default=0, ge=0, le=20)
    add_ons: int = Field(default=0, ge=0, le=20)


class PastIn(BaseModel):
    """A tournament of the season played without the app: its finishing order, winner first."""

    model_config = ConfigDict(extra="forbid")
    held_on: date
    results: list[ResultIn] = Field(max_length=500)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class WeekIn(BaseModel):
    """The preset's week and leagues into a club (PKR-SCHED-1, PKR-LEAGUE-1)."""

    model_config = ConfigDict(extra="forbid")
    starts_on: date
    ends_on: date
    club: OwningClub = None
    preset: str = Field(default=DEFAULT_PRESET, max_length=80)


class FinalIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    direct_seats: int = Field(default=6, ge=0, le=11)
    qualifier_seats: int = Field(default=0, ge=0, le=11)
    qualifier_min_played: int | None = None
    qualifier_ranks: tuple[int, int] | None = None
    qualifier_buy_in: Money | None = None
    extra_chips: int = Field(default=10_000, ge=0)
    final_level_minutes: int = Field(default=30, ge=1, le=120)


class LeagueIn(BaseModel):
    """PKR-LEAGUE-1..4."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)
    schedules: list[int] = Field(max_length=50)
    starts_on: date
    ends_on: date
    planned_tournaments: int = Field(ge=1, le=1000)
    points_formula: str = Field(max_length=400, examples=["10*sqrt(n/f)*(1+log(b+0.25))"])
    points_decimals: int = Field(default=2, ge=0, le=6)
    best_results: int | None = None
    jackpot_per_entry: Money | None = None
    jackpot_per_tournament: Money | None = None
    final: FinalIn = Field(default_factory=FinalIn)
    club: OwningClub = None
    preset: str = Field(default=DEFAULT_PRESET, max_length=80)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class LeagueUpdateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    points_formula: str | None = Field(default=None, max_length=400)
    best_results: int | str | None = None
    schedules: list[int] | None = None
    version: int | None = None


class RoadIn(BaseModel):
    """The qualifier or the final: its day (and a name)."""

    model_config = ConfigDict(extra="forbid")
    held_on: date
    name: str | None = Field(default=None, max_length=200)
    seed: int | None = Field(default=None, ge=0, le=2**31 - 1)


class CorrectionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    order: list[int] = Field(max_length=500, description="player ids, the winner first")


class RulingIn(BaseModel):
    """A floor procedure ruled (art. 12.8, 14, 15, 18): the case and the answers."""

    model_config = ConfigDict(extra="forbid")
    procedure: str = Field(max_length=20, examples=["misdeal"])
    case: str = Field(max_length=40)
    table: int | None = Field(default=None, ge=1, le=500)
    answers: dict[str, Any] = Field(default_factory=dict)
    note: str = Field(default="", max_length=1000)
    version: int | None = None


class StacksIn(BaseModel):
    """Per-player starting stacks (player id → chips); empty: every player the entry's stack."""

    model_config = ConfigDict(extra="forbid")
    stacks: dict[int, int] = Field(max_length=500)
    version: int | None = None


class CreatedOut(BaseModel):
    id: int
