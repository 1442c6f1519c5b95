"""Every table of Torneo, imported together so ``Base.metadata`` is complete.

Alembic's target metadata, the models-and-migrations test and the transfer of a whole database
need every table, whichever discipline module happened to be imported first.
"""

from torneo.cards import tables as cards_tables
from torneo.cards.draft import tables as cards_draft_tables
from torneo.cards.pods import tables as cards_pods_tables
from torneo.cards.self_report import tables as cards_self_report_tables
from torneo.fantasy import tables as fantasy_tables
from torneo.judging import tables as judging_tables
from torneo.platform.store import tables as platform_tables
from torneo.poker import tables as poker_tables
from torneo.poker.league import tables as poker_league_tables
from torneo.risiko import tables as risiko_tables
from torneo.seasons import tables as seasons_tables
from torneo.seasons.calendar import tables as seasons_calendar_tables
from torneo.seasons.ladders import tables as seasons_ladders_tables

__all__ = [
    "cards_draft_tables",
    "cards_pods_tables",
    "cards_self_report_tables",
    "cards_tables",
    "fantasy_tables",
    "judging_tables",
    "platform_tables",
    "poker_league_tables",
    "poker_tables",
    "risiko_tables",
    "seasons_calendar_tables",
    "seasons_ladders_tables",
    "seasons_tables",
]
