"""A closed tournament as the season sees it: who placed where and the points each took home.

This is the unit the season table is built from and corrected by: correcting a result in a past
tournament means scoring that tournament again and putting its new outcome in the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from torneo.cards.rules.points import Placement, tournament_points
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Message
from torneo.presets.models import SeasonPointsRules


@dataclass(frozen=True, slots=True)
class SeasonResult:
    """One player's result in one tournament, as the season ranking uses it."""

    player_id: PlayerId
    place: int
    points: int
    final_bonus: Fraction = Fraction(0)  # INV-MAJOR-5
    # INV-MAJOR-6: False when the player dropped or skipped a round at a Major, so the Major
    # counts neither for MW nor for MP.
    has_major_benefits: bool = True
    explanation: str = ""  # "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"


@dataclass(frozen=True, slots=True)
class TournamentOutcome:
    key: str  # unique in the season
    date: date | None
    is_major: bool
    results: tuple[SeasonResult, ...]
    void: bool = False  # INV-LEGAL-8: stays visible, gives no points
    breaches: tuple[str, ...] = ()  # why it is void, e.g. "INV-LEGAL-1: announced 9 days before"


def score_tournament(
    key: str,
    placements: Sequence[Placement],
    *,
    field_size: int,
    is_major: bool,
    rules: SeasonPointsRules,
    day: date | None = None,
    breaches: Sequence[str] = (),
    top_size: int | None = None,
) -> TournamentOutcome:
    """Score every placement (INV-PTS-*, INV-MAJOR-*); any breach makes the outcome void."""
    scored = tournament_points(
        placements, field_size=field_size, is_major=is_major, rules=rules, top_size=top_size
    )
    results = tuple(
        SeasonResult(
            player_id=p.player_id,
            place=p.place,
            points=b.total,
            final_bonus=b.final_bonus,
            has_major_benefits=not p.dropped and p.played_every_round,
            explanation=b.text,
        )
        for p, b in zip(placements, scored, strict=True)
    )
    return TournamentOutcome(key, day, is_major, results, bool(breaches), tuple(breaches))


def void_breakdown(breakdown: str | Message) -> Message:
    """INV-LEGAL-8: a void tournament gives 0; the would-be sum stays readable beside it."""
    return Message(N_("void (INV-LEGAL-8): 0, not %(sum)s"), {"sum": breakdown})
