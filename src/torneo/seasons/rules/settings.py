"""Season settings the preset model does not (yet) hold, as defaults in one place.

``torneo.presets.models.SeasonPointsRules`` carries the point tables (INV-PTS-*, INV-MAJOR-*);
the sanctioning limits below are the numbers of docs/rules.md §1 that the model lacks. They are plain
data so a future ``[season]`` preset section can fill them without touching the engines.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SanctioningRules:
    """INV-LEGAL-1/5/6/7 and INV-SEASON-2 limits (defaults: the 2011/12 regulation)."""

    announce_days: int = 14  # INV-LEGAL-1: published at least 14 days before
    min_prize_places: int = 2  # INV-LEGAL-5: a prize for at least the first 2
    store_max_per_month: int = 2  # INV-LEGAL-6: at most 2 a calendar month per store
    store_min_gap_days: int = 14  # INV-LEGAL-6: "uno ogni due settimane"
    major_quiet_days: int = 7  # INV-LEGAL-7 / INV-MAJOR-1: none *less than* 7 days from a Major
    majors_per_season: int = 5  # INV-SEASON-2: five "tappe"


DEFAULT_SANCTIONING = SanctioningRules()

# INV-RANK-3: the Regional takes the best 35 of the season table.
REGIONAL_CUT = 35
