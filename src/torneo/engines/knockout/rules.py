"""The Top X settings the knockout engine reads (INV-STRUCT-4, INV-TOP-2).

The engines import nothing above ``torneo.core`` (import contract "engines"), so they do not
name the preset model: they read a preset's Top rules through the :class:`TopRules` Protocol,
which ``torneo.presets.models.TopRules`` satisfies structurally (pass ``preset.top``). Seeding
and the choice rule are picked by the caller (which function it calls), so they are not read
here. :data:`STANDARD_TOP` is what the engine uses when no rules are given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class TopRules(Protocol):
    """What the Top X engine reads of a preset's Top rules (read-only, so frozen models fit)."""

    @property
    def third_place_match(self) -> bool: ...  # INV-STRUCT-4

    @property
    def die_rule(self) -> bool: ...  # INV-TOP-2


@dataclass(frozen=True, slots=True)
class TopSettings:
    """Top rules as a plain value; the defaults are the presets' defaults."""

    third_place_match: bool = True  # INV-STRUCT-4
    die_rule: bool = True  # INV-TOP-2


STANDARD_TOP: TopRules = TopSettings()
