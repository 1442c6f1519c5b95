"""The match points the standings read (INV-PTS-1, INV-BYE-1, BER-PTS-1, BER-BYE-1).

The engines import nothing above ``torneo.core`` (import contract "engines"), so they do not
name the preset model: they read a preset's points through the :class:`PointsScheme` Protocol,
which ``torneo.presets.models.PointsScheme`` satisfies structurally (pass ``preset.points``).
:class:`MatchPoints` is the engine's own plain value with the same defaults, for examples,
benches and callers without a preset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class PointsScheme(Protocol):
    """What the standings read of a points scheme (read-only, so frozen models satisfy it)."""

    @property
    def win(self) -> int: ...

    @property
    def draw(self) -> int: ...

    @property
    def loss(self) -> int: ...

    @property
    def bye(self) -> int: ...

    # BER-BYE-1: the bye's points when ties are broken; None = the same as ``bye``.
    @property
    def bye_for_tiebreak(self) -> int | None: ...

    @property
    def double_loss(self) -> int: ...


@dataclass(frozen=True, slots=True)
class MatchPoints:
    """A points scheme as a plain value: 3/1/0, a bye worth a win (INV-PTS-1 / INV-BYE-1)."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3
    bye_for_tiebreak: int | None = None
    double_loss: int = 0
