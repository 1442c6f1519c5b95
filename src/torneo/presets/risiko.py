"""Preset section ``[risiko]`` (RULES.md §3): tables, scoring, the end-of-game roll, the season.

Every number RULES.md §3 lists as "a setting of the preset" lives here, with the clubs' defaults.
Factors are exact fractions written as strings ("5/4", "1.25"); a float is refused because 1.1 is
not exactly 11/10 in binary. The domain takes plain values: :meth:`RisikoRules.scoring_rules`,
:meth:`RisikoRules.roll_rules` and friends build them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from torneo.risiko.rules.criteria import Criterion, check_priorities
from torneo.risiko.rules.formulas import FORMULAS, ScoringRules
from torneo.risiko.rules.results import ResultRules
from torneo.risiko.rules.roll import RollRules
from torneo.risiko.rules.season import SeasonRules
from torneo.risiko.rules.table_sizes import MAX_TABLE, MIN_TABLE, TablePolicy


def _exact(value: object) -> object:
    if isinstance(value, float):
        raise ValueError(f'write {value} as a string fraction such as "5/4" or "1.25"')
    return value


ExactFraction = Annotated[Fraction, BeforeValidator(_exact)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RisikoScoring(_Strict):
    """RSK-PTS-1, RSK-PTS-2, RSK-TIE-1."""

    formula: str = "bonus-50"
    objective_max: int = Field(default=86, ge=1)  # RSK-PTS-1
    risiko_points: int = 100  # RSK-PTS-1
    sole_winner: bool = False
    discard_worst: int = Field(default=0, ge=0)
    table_size_factors: dict[int, ExactFraction] = Field(default_factory=dict)  # Open variant
    bonus_sole: int = 50
    bonus_pair: int = 25
    master_table_factors: dict[int, ExactFraction] = Field(
        default_factory=lambda: {5: Fraction(5, 4)}
    )
    master_cap: ExactFraction = Fraction(11, 10)
    placement_survivors: list[int] = Field(default_factory=lambda: [12, 7, 5, 3, 2])
    placement_eliminated: list[int] = Field(default_factory=lambda: [0, 1, 2, 3])

    @field_validator("formula")
    @classmethod
    def _known_formula(cls, value: str) -> str:
        if value not in FORMULAS:
            raise ValueError(f"unknown formula '{value}'; known: {', '.join(FORMULAS)}")
        return value

    @field_validator("table_size_factors", "master_table_factors")
    @classmethod
    def _table_sizes(cls, value: dict[int, Fraction]) -> dict[int, Fraction]:
        for size, factor in value.items():
            if not MIN_TABLE <= size <= MAX_TABLE or factor <= 0:
                raise ValueError(f"factor {factor} for tables of {size}: sizes 3..5, factors > 0")
        return value


class RisikoRoll(_Strict):
    """RSK-ROLL-2/3."""

    first_threshold: int = Field(default=4, ge=2, le=12)
    max_threshold: int = Field(default=7, ge=2, le=12)
    max_conquests: int = Field(default=2, ge=0)
    warnings_before_exclusion: int = Field(default=1, ge=0)


class RisikoSeason(_Strict):
    best_results: int = Field(default=5, ge=1)
    class_factors: dict[str, ExactFraction] = Field(default_factory=lambda: {"club": Fraction(1)})


class RisikoRules(_Strict):
    game_minutes: int = Field(default=90, ge=1)  # RSK-ROLL-3
    army_cap: int = Field(default=130, ge=1)  # RSK-ARMY-1
    table_policy: TablePolicy = TablePolicy.FOURS_THEN_FIVES  # RSK-TBL-2
    draw_priorities: list[Criterion] = Field(default_factory=lambda: list(Criterion))
    qualifying_games: int = Field(default=2, ge=1)
    semifinal_tables: int = Field(default=4, ge=0)  # 0 = no semifinals
    final_table_size: int = Field(default=4, ge=MIN_TABLE, le=MAX_TABLE)
    scoring: RisikoScoring = RisikoScoring()
    roll: RisikoRoll = RisikoRoll()
    season: RisikoSeason = RisikoSeason()

    @field_validator("draw_priorities")
    @classmethod
    def _once_each(cls, value: list[Criterion]) -> list[Criterion]:
        check_priorities(value)
        return value

    def result_rules(self) -> ResultRules:
        s = self.scoring
        return ResultRules(s.objective_max, s.risiko_points, s.sole_winner)

    def scoring_rules(self) -> ScoringRules:
        s = self.scoring
        return ScoringRules(
            formula=s.formula,
            results=self.result_rules(),
            table_size_factors=dict(s.table_size_factors),
            discard_worst=s.discard_worst,
            bonus_sole=s.bonus_sole,
            bonus_pair=s.bonus_pair,
            master_table_factors=dict(s.master_table_factors),
            master_cap=s.master_cap,
            placement_survivors=tuple(s.placement_survivors),
            placement_eliminated=tuple(s.placement_eliminated),
        )

    def roll_rules(self) -> RollRules:
        r = self.roll
        return RollRules(
            r.first_threshold, r.max_threshold, r.max_conquests, r.warnings_before_exclusion
        )

    def season_rules(self) -> SeasonRules:
        return SeasonRules(self.season.best_results, dict(self.season.class_factors))
