"""Preset section ``[fantasy]`` (docs/rules.md §5, FAN-*): a fantasy league's rules as data.

Every number of the regulation is a setting here with the seed's value as the default, so a
league may change any of them when it is created (``torneo.fantasy.commands.create_league``).
Points are exact fractions written as strings ("0.5", "1/2"); a float is refused because a
vote of 6.1 is not exactly 61/10 in binary. The fantasy domain reads this model directly
(``torneo.fantasy.rules``): it is plain data, validated once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

ROLES = ("P", "D", "C", "A")  # goalkeeper, defender, midfielder, forward (FAN-ROSTER-1)
FORMATIONS = ("3-4-3", "3-5-2", "4-3-3", "4-4-2", "4-5-1", "5-3-2", "5-4-1")  # FAN-LINEUP-1


def _exact(value: object) -> object:
    if isinstance(value, float):
        raise ValueError(f'write {value} as a string such as "0.5" or "1/2"')
    return value


Points = Annotated[Fraction, BeforeValidator(_exact)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ModifierStep(_Strict):
    """FAN-MOD-1: an average of at least ``average`` gives ``points``."""

    average: Points
    points: Points


class FantasyRules(_Strict):
    """FAN-ROSTER-1, FAN-MKT-1, FAN-LINEUP-1, FAN-SCORE-1, FAN-SV-1, FAN-MOD-1, FAN-SUB-1,
    FAN-POST-1, FAN-PEN-1."""

    # FAN-ROSTER-1
    budget: int = Field(default=250, ge=1)
    quotas: dict[str, int] = Field(default_factory=lambda: {"P": 3, "D": 8, "C": 8, "A": 6})
    # FAN-MKT-1
    transfers_per_season: int = Field(default=12, ge=0)
    extra_transfers: int = Field(default=3, ge=0)
    extra_transfers_month: int = Field(default=1, ge=1, le=12)  # January
    # FAN-LINEUP-1
    formations: list[str] = Field(default_factory=lambda: list(FORMATIONS))
    bench_size: int = Field(default=7, ge=0, le=20)
    deadline_minutes: int = Field(default=30, ge=0)  # before the matchday's first kickoff
    # FAN-SCORE-1
    vote_min: Points = Fraction(1)
    vote_max: Points = Fraction(10)
    bonus_goal: Points = Fraction(3)
    bonus_assist: Points = Fraction(1)
    bonus_penalty_saved: Points = Fraction(3)
    bonus_penalty_scored: Points = Fraction(0)  # a penalty goal is a goal (already in Gf)
    malus_yellow: Points = Fraction(1, 2)
    malus_red: Points = Fraction(1)
    malus_goal_conceded: Points = Fraction(1)
    malus_own_goal: Points = Fraction(2)
    malus_penalty_missed: Points = Fraction(3)
    # FAN-SV-1
    sv_official_vote: Points = Fraction(6)
    sv_sent_off_score: Points = Fraction(4)
    sv_goalkeeper_minutes: int = Field(default=25, ge=0)
    # FAN-MOD-1
    modifier_defenders: int = Field(default=4, ge=0)  # GK + at least 4 DEF must score
    modifier_best_defenders: int = Field(default=3, ge=1)
    modifier_steps: list[ModifierStep] = Field(
        default_factory=lambda: [
            ModifierStep(average=Fraction(7), points=Fraction(6)),
            ModifierStep(average=Fraction(13, 2), points=Fraction(3)),
            ModifierStep(average=Fraction(6), points=Fraction(1)),
        ]
    )
    # FAN-SUB-1
    max_substitutions: int = Field(default=3, ge=0)
    # FAN-POST-1
    postponed_vote: Points = Fraction(6)
    postponed_hours: int = Field(default=48, ge=0)
    # FAN-PEN-1
    penalty_points: Points = Fraction(10)

    @field_validator("quotas")
    @classmethod
    def _four_roles(cls, value: dict[str, int]) -> dict[str, int]:
        if set(value) != set(ROLES) or any(n < 1 for n in value.values()):
            raise ValueError("quotas: P, D, C and A, each at least 1")
        return value

    @field_validator("formations")
    @classmethod
    def _formations(cls, value: list[str]) -> list[str]:
        for text in value:
            parts = text.split("-")
            if len(parts) != 3 or not all(p.isdigit() for p in parts):
                raise ValueError(f"formation '{text}': three numbers such as 3-4-3")
            if sum(int(p) for p in parts) != 10:
                raise ValueError(f"formation '{text}': ten outfield players")
        if not value:
            raise ValueError("at least one formation")
        return value

    @field_validator("modifier_steps")
    @classmethod
    def _descending(cls, value: list[ModifierStep]) -> list[ModifierStep]:
        averages = [s.average for s in value]
        if averages != sorted(averages, reverse=True):
            raise ValueError("modifier_steps: from the highest average down")
        return value

    @property
    def roster_size(self) -> int:
        return sum(self.quotas.values())
