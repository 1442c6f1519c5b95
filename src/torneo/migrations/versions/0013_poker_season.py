"""Poker club seasons (issue 17): schedules, the tournaments they opened, jackpot leagues, their
results and jackpot ledger, and the floor's rulings

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01 23:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("poker_tournaments", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "balance_seat",
                sa.String(length=20),
                server_default="big_blind_soonest",
                nullable=False,
            )
        )
    op.create_table(
        "poker_schedules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("weekday", sa.String(length=3), nullable=False),
        sa.Column("week_of_month", sa.Integer(), nullable=True),
        sa.Column("start", sa.String(length=5), nullable=False),
        sa.Column("buy_in", sa.JSON(), nullable=False),
        sa.Column("starting_stack", sa.Integer(), nullable=False),
        sa.Column("level_minutes", sa.Integer(), nullable=False),
        sa.Column("start_big_blind", sa.Integer(), nullable=True),
        sa.Column("re_entries", sa.Integer(), nullable=False),
        sa.Column("add_on", sa.JSON(), nullable=True),
        sa.Column("jackpot_levy_cents", sa.Integer(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_poker_schedules_club_id", "poker_schedules", ["club_id"])
    op.create_table(
        "poker_schedule_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("schedule_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.ForeignKeyConstraint(["schedule_id"], ["poker_schedules.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["tournament_id"], ["poker_tournaments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("schedule_id", "held_on"),
        sa.UniqueConstraint("tournament_id"),
    )
    op.create_index("ix_poker_schedule_runs_schedule_id", "poker_schedule_runs", ["schedule_id"])
    op.create_table(
        "poker_leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("schedules", sa.JSON(), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        sa.Column("planned_tournaments", sa.Integer(), nullable=False),
        sa.Column("points_formula", sa.Text(), nullable=False),
        sa.Column("points_decimals", sa.Integer(), nullable=False),
        sa.Column("best_results", sa.Integer(), nullable=True),
        sa.Column("jackpot_per_entry_cents", sa.Integer(), nullable=True),
        sa.Column("jackpot_per_tournament_cents", sa.Integer(), nullable=True),
        sa.Column("final", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("cut", sa.JSON(), nullable=False),
        sa.Column("qualifier_id", sa.Integer(), nullable=True),
        sa.Column("final_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"]),
        sa.ForeignKeyConstraint(["qualifier_id"], ["poker_tournaments.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["final_id"], ["poker_tournaments.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_poker_leagues_club_id", "poker_leagues", ["club_id"])
    op.create_table(
        "poker_league_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("entrants", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("buy_in_cents", sa.Integer(), nullable=False),
        sa.Column("rebuys", sa.Integer(), nullable=False),
        sa.Column("addons", sa.Integer(), nullable=False),
        sa.Column("bounties", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["poker_leagues.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["tournament_id"], ["poker_tournaments.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "tournament_id", "player_id"),
    )
    op.create_index("ix_poker_league_results_league_id", "poker_league_results", ["league_id"])
    op.create_index(
        "ix_poker_league_results_tournament_id", "poker_league_results", ["tournament_id"]
    )
    op.create_table(
        "poker_jackpot_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("entries", sa.Integer(), nullable=False),
        sa.Column("cents", sa.Integer(), nullable=False),
        sa.Column("basis", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["poker_leagues.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["tournament_id"], ["poker_tournaments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("league_id", "tournament_id"),
    )
    op.create_index("ix_poker_jackpot_entries_league_id", "poker_jackpot_entries", ["league_id"])
    op.create_table(
        "poker_rulings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("procedure", sa.String(length=20), nullable=False),
        sa.Column("case", sa.String(length=40), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=True),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("decision", sa.Text(), nullable=False),
        sa.Column("article", sa.String(length=10), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("by", sa.String(length=120), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["poker_tournaments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_poker_rulings_tournament_id", "poker_rulings", ["tournament_id"])


def downgrade() -> None:
    op.drop_table("poker_rulings")
    op.drop_table("poker_jackpot_entries")
    op.drop_table("poker_league_results")
    op.drop_table("poker_leagues")
    op.drop_table("poker_schedule_runs")
    op.drop_table("poker_schedules")
    with op.batch_alter_table("poker_tournaments", schema=None) as batch_op:
        batch_op.drop_column("balance_seat")
