"""Preset section ``[risiko]`` (docs/rules.md §3): tables, scoring, the end-of-game roll, the season.

Every number docs/rules.md §3 lists as "a setting of the preset" lives here, with the clubs' defaults.
Factors are exact fractions written as strings ("5/4", "1.25"); a float is refused because 1.1 is
not exactly 11/10 in binary.

Plain settings only (names, numbers, fractions), like the judging and poker sections: shared code
imports no discipline (import contract "disciplines"), so the RisiKo! domain turns this section
into its own types on its side (``torneo.risiko.rules.settings.rules_from_preset``). The names
below are the domain's vocabulary written as data; ``tests/risiko/rules/test_settings.py``
checks that they match the domain's registries.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

MIN_TABLE = 3  # RSK-TBL-1: a table seats 3 to 5 players
MAX_TABLE = 5  # RSK-TBL-1
# RSK-PTS-2: the scoring formulas the domain registers (torneo.risiko.rules.formulas.FORMULAS).
FORMULA_NAMES = ("bonus-50", "master", "spartac", "placement")
# RSK-TBL-2: where the players left over by tables of 4 sit (torneo.risiko.rules.TablePolicy).
TablePolicyName = Literal["fours_then_fives", "fours_then_threes"]
# RSK-TBL-2: what a draw avoids (torneo.risiko.rules.Criterion), in the regulation's order.
CriterionName = Literal["repeat_opponents", "same_club", "repeat_off_size", "winners_together"]
CRITERIA: tuple[CriterionName, ...] = get_args(CriterionName)


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
    board_total: int = Field(default=164, ge=1)  # RSK-PTS-1: the whole board's neighbours
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
        if value not in FORMULA_NAMES:
            raise ValueError(f"unknown formula '{value}'; known: {', '.join(FORMULA_NAMES)}")
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
    table_policy: TablePolicyName = "fours_then_fives"  # RSK-TBL-2
    draw_priorities: list[CriterionName] = Field(default_factory=lambda: list(CRITERIA))
    qualifying_games: int = Field(default=2, ge=1)
    semifinal_tables: int = Field(default=4, ge=0)  # 0 = no semifinals
    final_table_size: int = Field(default=4, ge=MIN_TABLE, le=MAX_TABLE)
    shared_titles: bool = False  # RSK-TIE-1: co-winners of the final table share the title
    scoring: RisikoScoring = RisikoScoring()
    roll: RisikoRoll = RisikoRoll()
    season: RisikoSeason = RisikoSeason()

    @field_validator("draw_priorities")
    @classmethod
    def _once_each(cls, value: list[CriterionName]) -> list[CriterionName]:
        for i, name in enumerate(value):
            if name in value[:i]:
                raise ValueError(f"'{name}' is repeated; each criterion at most once")
        return value
