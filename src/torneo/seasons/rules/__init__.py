"""Seasons and championships (docs/rules.md §1 INV-SEASON/LEGAL/PTS/MAJOR/RANK, §2 BER-RANK-1).

Pure: dates, calendars, rankings and ratings from values passed in. One concept a module:

- ``dates``       SeasonDates (INV-SEASON-1), strict ISO day parsing
- ``calendar``    CalendarEntry, Majors fixed at season start (INV-SEASON-2), bookable days
- ``legality``    TournamentFacts → every Breach (INV-LEGAL-1..8, INV-MAJOR-1/2)
- ``outcome``     a scored tournament, the unit the season table is built from; a void one
                  gives 0 (INV-LEGAL-8)
- ``ranking``     SeasonTable / rank_season (INV-RANK-1..3), incremental corrections
- ``ladders``     professional / amateur ladders fed by formats (BER-RANK-1)
- ``glicko2``     one-on-one ratings; ``multiplayer_rating`` table-game ratings (openskill)
- ``import_csv``  a season's past results from a spreadsheet: ``import_rows`` reads each cell,
                  ``import_issues`` lists every problem
- ``settings``    sanctioning limits the preset model does not hold yet

The points a player takes home from one tournament (INV-PTS-1..4, INV-MAJOR-3..6) are the card
event's rule, :mod:`torneo.cards.rules.points`: a season sums what each tournament gave.
"""

from torneo.seasons.rules.calendar import (
    CalendarEntry,
    MajorSchedule,
    add_major,
    bookable_days,
    can_add_major,
    can_fix_majors,
    fix_majors,
)
from torneo.seasons.rules.dates import SeasonDates, parse_day
from torneo.seasons.rules.glicko2 import Glicko2Match, Glicko2Rating, rate_period
from torneo.seasons.rules.import_csv import ImportedSeason, ImportedTournament, parse_season_csv
from torneo.seasons.rules.import_issues import ImportIssue, SeasonImportError
from torneo.seasons.rules.ladders import FORMAT_LADDERS, Format, Ladder, ladder_table
from torneo.seasons.rules.legality import Breach, TournamentFacts, check_legality, is_void
from torneo.seasons.rules.multiplayer_rating import TableRating, rate_table
from torneo.seasons.rules.outcome import SeasonResult, TournamentOutcome, score_tournament
from torneo.seasons.rules.ranking import HistoryEntry, SeasonRow, SeasonTable, rank_season
from torneo.seasons.rules.settings import SanctioningRules

__all__ = [
    "FORMAT_LADDERS",
    "Breach",
    "CalendarEntry",
    "Format",
    "Glicko2Match",
    "Glicko2Rating",
    "HistoryEntry",
    "ImportIssue",
    "ImportedSeason",
    "ImportedTournament",
    "Ladder",
    "MajorSchedule",
    "SanctioningRules",
    "SeasonDates",
    "SeasonImportError",
    "SeasonResult",
    "SeasonRow",
    "SeasonTable",
    "TableRating",
    "TournamentFacts",
    "TournamentOutcome",
    "add_major",
    "bookable_days",
    "can_add_major",
    "can_fix_majors",
    "check_legality",
    "fix_majors",
    "is_void",
    "ladder_table",
    "parse_day",
    "parse_season_csv",
    "rank_season",
    "rate_period",
    "rate_table",
    "score_tournament",
]
