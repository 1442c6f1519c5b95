"""The preset's ``[risiko]`` section in the domain's types (RSK-TBL-2, RSK-PTS-1/2, RSK-ROLL-2/3).

The preset section (``torneo.presets.risiko.RisikoRules``) holds plain settings: names, numbers
and exact fractions, validated when the preset is read. Presets are shared by every discipline
and import none (import contract "disciplines"), so the conversion to this package's types lives
here, on the discipline's side: :func:`rules_from_preset`.

>>> from torneo.presets.risiko import RisikoRules
>>> rules = rules_from_preset(RisikoRules(table_policy="fours_then_threes"))
>>> rules.table_policy.off_size, rules.draw_priorities[0].value
(3, 'repeat_opponents')
>>> rules.scoring_rules().formula, rules.roll_rules().max_threshold
('bonus-50', 7)
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import Criterion, check_priorities
from torneo.risiko.rules.formulas import ScoringRules
from torneo.risiko.rules.results import ResultRules
from torneo.risiko.rules.roll import RollRules
from torneo.risiko.rules.season import SeasonRules
from torneo.risiko.rules.table_sizes import TablePolicy


@dataclass(frozen=True, slots=True)
class RisikoSettings:
    """One tournament's RisiKo! settings as the draw, the scoring and the console read them."""

    table_policy: TablePolicy  # RSK-TBL-2
    draw_priorities: tuple[Criterion, ...]  # RSK-TBL-2, most important first
    section: RisikoRules  # the plain settings the rules below are built from

    def result_rules(self) -> ResultRules:
        """RSK-PTS-1: the objective's cap, the points of a RisiKo!, whether one player wins."""
        s = self.section.scoring
        return ResultRules(s.objective_max, s.risiko_points, s.sole_winner, s.board_total)

    def scoring_rules(self) -> ScoringRules:
        """RSK-PTS-2 / RSK-TIE-1: the formula and its factors, discards and bonuses."""
        s = self.section.scoring
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
        """RSK-ROLL-2/3: the end-of-game roll."""
        r = self.section.roll
        return RollRules(
            r.first_threshold, r.max_threshold, r.max_conquests, r.warnings_before_exclusion
        )

    def season_rules(self) -> SeasonRules:
        """The season across tournaments: best results counted, factor of each class."""
        return SeasonRules(
            self.section.season.best_results, dict(self.section.season.class_factors)
        )


def rules_from_preset(section: RisikoRules) -> RisikoSettings:
    """The domain's reading of a preset section (or of a tournament's stored copy of one)."""
    return RisikoSettings(
        TablePolicy(section.table_policy), check_priorities(section.draw_priorities), section
    )
