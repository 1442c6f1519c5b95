"""Scoring and sanctioning the tournaments of a season (INV-PTS-*, INV-MAJOR-*, INV-LEGAL-*).

The stored facts of every result (place, Swiss points, Top X wins, dropped) are the source of
truth; the season points saved beside them are recomputed by the pure domain
(:func:`torneo.seasons.rules.outcome.score_tournament`) whenever a tournament enters the season
or is corrected. These steps run inside a use case's unit of work (:mod:`torneo.seasons.commands`):
they change rows and open no transaction.

Decisions where the rules are silent:
- A tournament that breaks a sanctioning rule known at import or at the close (INV-LEGAL-1..7
  with its announcement's facts, INV-MAJOR-2, INV-SEASON-2) is kept, void, with every breach
  (INV-LEGAL-8).
- The sanctioning check runs over the whole calendar after each change, so adding an earlier
  tournament of a store may void a later one (INV-LEGAL-6 gives precedence to the earlier).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from torneo.cards.rules.points import Placement
from torneo.core.ids import PlayerId
from torneo.presets.models import SeasonPointsRules
from torneo.seasons.calendar.state import SeasonCalendar
from torneo.seasons.rules.legality import check_season
from torneo.seasons.rules.outcome import TournamentOutcome, score_tournament, void_breakdown
from torneo.seasons.state import breach_record, outcome_of, stored_breaches
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament


def _placement(r: SeasonResult) -> Placement:
    return Placement(
        player_id=PlayerId(r.player_id),
        place=r.place,
        swiss_points=r.swiss_points,
        topcut_wins=r.topcut_wins,
        dropped=r.dropped,
        played_every_round=r.played_every_round,
        third_place_win=r.third_place_win,
    )


def _score(t: SeasonTournament, rules: SeasonPointsRules) -> TournamentOutcome:
    """Season points of every result of ``t`` (INV-PTS-*, INV-MAJOR-*), written onto the rows."""
    results = sorted(t.results, key=lambda r: r.place)
    outcome = score_tournament(
        t.name,
        [_placement(r) for r in results],
        field_size=t.field_size,
        is_major=t.is_major,
        rules=rules,
        day=t.held_on,
        breaches=tuple(b.text() for b in stored_breaches(t.void_reasons)),
        top_size=t.top_size,
    )
    for row, scored in zip(results, outcome.results, strict=True):
        bonus = str(scored.final_bonus)
        if outcome.void:
            # INV-LEGAL-8: a void tournament gives no points; the would-be sum stays readable.
            points, text, bonus = 0, void_breakdown(scored.explanation).english(), "0"
        else:
            points, text = scored.points, scored.explanation
        if (row.points, row.breakdown, row.final_bonus) != (points, text, bonus):
            row.points, row.breakdown, row.final_bonus = points, text, bonus
    return outcome


def stored_outcome(t: SeasonTournament) -> TournamentOutcome:
    """The stored (already scored) tournament as the season table reads it."""
    return outcome_of(t.name, t.held_on, t.is_major, t.results, t.void, t.void_reasons)


def sanction(
    session: Session, season: Season, rules: SeasonPointsRules, *, touched: set[str] | None = None
) -> tuple[str, ...]:
    """INV-LEGAL-*/INV-MAJOR-1/2 checked again over the season's calendar, then the points.

    The one legality function (:func:`~torneo.seasons.rules.legality.check_season`) reads the
    calendar (:class:`~torneo.seasons.calendar.state.SeasonCalendar`): the announcements (a
    played tournament has its announcement's facts; an event of the app never announced is
    void, INV-LEGAL-1/3), the Majors fixed at season start (INV-MAJOR-1, INV-SEASON-2) and the
    voids (a void tournament does not count against its store's quota, INV-LEGAL-6). A breach
    voids (INV-LEGAL-8). ``touched`` names (case-folded) the tournaments just added or changed:
    they are scored again; any other only when its verdict changed. Returns the imported
    tournaments whose announcement facts could not be checked (no announcement).
    """
    calendar = SeasonCalendar.load(session, season)
    verdicts = check_season(
        [calendar.facts_of(t) for t in season.tournaments],
        calendar.not_played(),
        calendar.dates,
        rules,
        majors=calendar.majors,
    )
    for t in season.tournaments:
        is_touched = touched is None or t.name.casefold() in touched
        reasons = [breach_record(b) for b in verdicts[t.name]]
        verdict_changed = list(t.void_reasons or ()) != reasons or t.void != bool(reasons)
        if verdict_changed:
            t.void, t.void_reasons = bool(reasons), reasons
        if verdict_changed or is_touched:
            _score(t, rules)
    return calendar.unchecked()


def void_list(season: Season) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The void tournaments with their breaches in English ("INV-LEGAL-2: ...", CLI and API)."""
    return tuple(
        (t.name, tuple(b.text() for b in stored_breaches(t.void_reasons)))
        for t in season.tournaments
        if t.void
    )


__all__ = ["sanction", "stored_outcome", "void_list"]
