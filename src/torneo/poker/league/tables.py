"""Tables of a poker club's season (issue 17, PKR-SCHED-1, PKR-LEAGUE-1..4).

- :class:`PokerSchedule` a recurring tournament of the club's week (weekday, "first Sunday of
  the month", buy-in split, stack, level length, re-entry and add-on);
- :class:`PokerScheduleRun` the tournament opened from a schedule entry on one day (one a day);
- :class:`PokerLeague` a jackpot league: the schedules that feed it, its points formula, best-N,
  jackpot rule, final-table rules, and its qualifier and final once created;
- :class:`PokerLeagueResult` one player's result of a finished tournament in a league: the
  leaderboard is computed from these rows on every read, so a correction re-scores at once;
- :class:`PokerJackpotEntry` one line of the jackpot's ledger (PKR-LEAGUE-2).

A schedule and a league belong to a club (``club_id``); organizers of the club write them.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from torneo.platform.store.tables import Base, Versioned


class PokerSchedule(Versioned, Base):
    """PKR-SCHED-1: "Torneo Martedì: Buyin 90+10+20 – Stack 10.000 – Bui 15m"."""

    __tablename__ = "poker_schedules"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)
    preset: Mapped[str] = mapped_column(String(80))  # the club's ladder, chips and payouts
    name: Mapped[str] = mapped_column(String(200))
    weekday: Mapped[str] = mapped_column(String(3))  # mon … sun
    week_of_month: Mapped[int | None] = mapped_column(Integer, default=None)  # 1 = "prima"
    start: Mapped[str] = mapped_column(String(5))  # "21:00"
    buy_in: Mapped[list[Any]] = mapped_column(JSON)  # [[kind, cents, name], ...]
    starting_stack: Mapped[int] = mapped_column(Integer)
    level_minutes: Mapped[int] = mapped_column(Integer)
    start_big_blind: Mapped[int | None] = mapped_column(Integer, default=None)
    re_entries: Mapped[int] = mapped_column(Integer, default=0)  # "con la vita" = 1
    add_on: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)  # price
    jackpot_levy_cents: Mapped[int] = mapped_column(Integer, default=0)  # PKR-LEAGUE-2
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime]


class PokerScheduleRun(Base):
    """The tournament a schedule entry opened on one day."""

    __tablename__ = "poker_schedule_runs"
    __table_args__ = (UniqueConstraint("schedule_id", "held_on"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    schedule_id: Mapped[int] = mapped_column(
        ForeignKey("poker_schedules.id", ondelete="CASCADE"), index=True
    )
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), unique=True
    )
    held_on: Mapped[date] = mapped_column(Date)


class PokerLeague(Versioned, Base):
    """PKR-LEAGUE-1..4: "Jackpot Campione" fed by Tue, Fri and the first Sunday."""

    __tablename__ = "poker_leagues"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("clubs.id"), index=True)
    preset: Mapped[str] = mapped_column(String(80))
    name: Mapped[str] = mapped_column(String(200))
    schedules: Mapped[list[Any]] = mapped_column(JSON, default=list)  # schedule ids
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    planned_tournaments: Mapped[int] = mapped_column(Integer)
    points_formula: Mapped[str] = mapped_column(Text)
    points_decimals: Mapped[int] = mapped_column(Integer, default=2)
    best_results: Mapped[int | None] = mapped_column(Integer, default=None)
    jackpot_per_entry_cents: Mapped[int | None] = mapped_column(Integer, default=None)
    jackpot_per_tournament_cents: Mapped[int | None] = mapped_column(Integer, default=None)
    final: Mapped[dict[str, Any]] = mapped_column(JSON)  # FinalTableRow's fields
    seed: Mapped[int] = mapped_column(Integer)  # the lots at a cut derive from it (recorded)
    cut: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # direct, draws (fixed)
    qualifier_id: Mapped[int | None] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="SET NULL"), default=None
    )
    final_id: Mapped[int | None] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="SET NULL"), default=None
    )
    created_at: Mapped[datetime]


class PokerLeagueResult(Base):
    """One player's result of one tournament in one league (PKR-LEAGUE-4 inputs)."""

    __tablename__ = "poker_league_results"
    __table_args__ = (UniqueConstraint("league_id", "tournament_id", "player_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("poker_leagues.id", ondelete="CASCADE"), index=True
    )
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    played_on: Mapped[date] = mapped_column(Date)
    entrants: Mapped[int] = mapped_column(Integer)  # n
    place: Mapped[int] = mapped_column(Integer)  # f
    buy_in_cents: Mapped[int] = mapped_column(Integer)  # b
    rebuys: Mapped[int] = mapped_column(Integer, default=0)
    addons: Mapped[int] = mapped_column(Integer, default=0)
    bounties: Mapped[int] = mapped_column(Integer, default=0)


class PokerJackpotEntry(Base):
    """PKR-LEAGUE-2: what one tournament put in the league's jackpot."""

    __tablename__ = "poker_jackpot_entries"
    __table_args__ = (UniqueConstraint("league_id", "tournament_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(
        ForeignKey("poker_leagues.id", ondelete="CASCADE"), index=True
    )
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE")
    )
    played_on: Mapped[date] = mapped_column(Date)
    entries: Mapped[int] = mapped_column(Integer)
    cents: Mapped[int] = mapped_column(Integer)
    basis: Mapped[str] = mapped_column(String(20))  # per_entry | per_tournament


class PokerRuling(Base):
    """A floor procedure of the regulation ruled on the director's phone (art. 12.8, 14, 15,
    18), kept like a sanction: what happened, the decision and its article."""

    __tablename__ = "poker_rulings"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("poker_tournaments.id", ondelete="CASCADE"), index=True
    )
    procedure: Mapped[str] = mapped_column(String(20))  # misdeal|dead_hand|irregularity|showdown
    case: Mapped[str] = mapped_column(String(40))
    table_no: Mapped[int | None] = mapped_column(Integer, default=None)
    answers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    decision: Mapped[str] = mapped_column(Text)  # the decision (its message id)
    article: Mapped[str] = mapped_column(String(10))
    note: Mapped[str] = mapped_column(Text, default="")
    by: Mapped[str] = mapped_column(String(120))
    at: Mapped[datetime]
