"""Ruleset presets as validated data (DESIGN.md: rules as data).

A rule that varies between regulations is a setting here, never an ``if preset == ...``.
Disciplines other than the one-on-one card games add their own section models beside these.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from torneo.presets.fantasy import FantasyRules
from torneo.presets.judging import JudgingRules
from torneo.presets.poker import PokerRules
from torneo.presets.risiko import RisikoRules


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PointsScheme(_Strict):
    """Match points (INV-PTS-1 / INV-BYE-1; BER-PTS-1 / BER-BYE-1)."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3
    # BER-BYE-1: an auto-win counts 30 but only 20 when ties are broken for the Top.
    bye_for_tiebreak: int | None = None
    double_loss: int = 0


class StructureRow(_Strict):
    """One row of INV-STRUCT-1: players up to ``max_players`` play ``rounds`` then a Top ``top``."""

    max_players: int | None = Field(default=None, description="None = no upper bound")
    rounds: int = Field(ge=1)
    top: int = Field(ge=0)
    # INV-STRUCT-2: with at least this many players the organizer may play one round fewer
    # and a Top ``short_top`` instead.
    short_min_players: int | None = None
    short_top: int | None = None


class MatchRules(_Strict):
    best_of: int = Field(default=3, ge=1)
    # The rule ids a refused result cites (issue 29 item 5: a Berserk refusal named an
    # Invasion rule): the match's format (INV-STRUCT-3 best of three; BER-RES-1), and a Top
    # match with no winner (INV-STRUCT-3; BER-TOP-3 single elimination).
    rule: str = "INV-STRUCT-3"
    top_rule: str = "INV-STRUCT-3"
    round_minutes: int | None = 55  # INV-STRUCT-3; None = untimed
    player_judge_round_minutes: int | None = 60  # INV-STRUCT-5
    extra_turns: int = 2  # INV-STRUCT-3
    top_round_minutes: int | None = None  # INV-STRUCT-3: Top X has no limit


class SwissRules(_Strict):
    first_round: Literal["random", "rating"] = "random"
    bye: Literal["lowest_ranked", "fewest_points"] = "lowest_ranked"  # INV-BYE-1 / BER-BYE-1
    bye_rule: str = "INV-BYE-1"  # the rule id a refusal about the bye cites (BER-BYE-1)
    max_byes_per_player: int = 1
    avoid_same_club_rounds: int = 0  # secondary wish: avoid same-club pairs in the first N rounds
    min_players: int = 2
    # "table": rounds and Top from the preset's ``structure`` rows (INV-STRUCT-1);
    # "log2": BER-POD-3 rounds = ceil(log2(players rounded up to even)), Top 4 (BER-TOP-1);
    # "pods": the field seated in pods (BER-POD-1/2), each pod its own Swiss of BER-POD-3
    # rounds, then the cross-pod Top (BER-TOP-1/2).
    rounds_rule: Literal["table", "log2", "pods"] = "table"
    log2_top: int = 4
    max_pod_size: int = Field(default=8, ge=2, le=8)  # BER-POD-1
    # BER-BYE-1: the player without an opponent gets an auto-win, recorded as such
    bye_is_auto_win: bool = False


class TopRules(_Strict):
    seeding: Literal["standard", "cross_pod"] = "standard"  # INV-TOP-1 / BER-TOP-2
    third_place_match: bool = True  # INV-STRUCT-4
    die_rule: bool = True  # INV-TOP-2
    choice_rule: bool = False  # INV-TOP-3, optional, announced at the start
    # INV-TOP-3: the organizer may announce the choice rule at the start (issue 30: a preset
    # without it, berserk-online, offers no such choice on its start card).
    choice_rule_optional: bool = False


class SeasonPointsRules(_Strict):
    """INV-PTS-* and INV-MAJOR-* tables."""

    size_points: list[tuple[int, int]] = Field(
        default_factory=list, description="(max players, X) rows of INV-PTS-2, ascending"
    )
    size_points_step: int = 10  # INV-PTS-2: +1 for each started ten beyond the table
    podium_bonus: list[int] = Field(default_factory=lambda: [4, 2, 1])  # INV-PTS-3
    participation_group: int = 8  # INV-PTS-4: 1 point per started group of 8
    major_podium_bonus: list[int] = Field(default_factory=lambda: [10, 8, 7])  # INV-MAJOR-3
    major_size_extra: int = 2  # INV-MAJOR-3: X + 2
    major_top8_extra: int = 1  # INV-MAJOR-4
    final_bonus: list[str] = Field(default_factory=lambda: ["3/2", "1", "1/2"])  # INV-MAJOR-5
    min_players: int = 6  # INV-LEGAL-2
    major_min_players: int = 12  # INV-MAJOR-2
    count_third_place_match: bool = False  # INV-PTS-1 Resolution


class Ruleset(_Strict):
    id: str
    name: str
    discipline: Literal["card", "risiko", "poker", "fanta"]
    regulation: str = Field(description="the seed file this preset reads")
    points: PointsScheme = PointsScheme()
    match: MatchRules = MatchRules()
    swiss: SwissRules = SwissRules()
    top: TopRules = TopRules()
    structure: list[StructureRow] = Field(default_factory=list)
    tiebreaks: list[str] = Field(default_factory=list)
    season: SeasonPointsRules | None = None
    judging: JudgingRules | None = None  # INV-PEN-*, INV-DECK-*, BER-FMT-*, BER-JUDGE-1
    risiko: RisikoRules | None = None  # RSK-*
    poker: PokerRules | None = None  # PKR-*
    fantasy: FantasyRules | None = None  # FAN-*

    @model_validator(mode="after")
    def _structure_is_ascending(self) -> Ruleset:
        last = 0
        for i, row in enumerate(self.structure):
            if row.max_players is None:
                if i != len(self.structure) - 1:
                    raise ValueError("structure: only the last row may have no max_players")
            elif row.max_players <= last:
                raise ValueError("structure: max_players must grow row by row")
            else:
                last = row.max_players
        return self
