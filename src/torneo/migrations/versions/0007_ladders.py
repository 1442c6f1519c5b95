"""Rating ladders (issue 5 item 5, BER-RANK-1) and tournaments announced on a season's calendar
(issue 5 item 2)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ladders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=False),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("ladder", sa.String(length=20), nullable=True),
        sa.Column("season_id", sa.Integer(), nullable=True),
        sa.Column("starts_on", sa.Date(), nullable=True),
        sa.Column("ends_on", sa.Date(), nullable=True),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["season_id"],
            ["seasons.id"],
            name=op.f("fk_ladders_season_id_seasons"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ladders")),
        sa.UniqueConstraint("name", name=op.f("uq_ladders_name")),
    )
    with op.batch_alter_table("ladders", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_ladders_season_id"), ["season_id"], unique=False)

    op.create_table(
        "ladder_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ladder_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=True),
        sa.Column("shown", sa.Float(), nullable=False),
        sa.Column("history", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["ladder_id"],
            ["ladders.id"],
            name=op.f("fk_ladder_entries_ladder_id_ladders"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_ladder_entries_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ladder_entries")),
        sa.UniqueConstraint("ladder_id", "player_id", name=op.f("uq_ladder_entries_ladder_id")),
    )
    with op.batch_alter_table("ladder_entries", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_ladder_entries_ladder_id"), ["ladder_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_ladder_entries_player_id"), ["player_id"], unique=False
        )

    op.create_table(
        "season_announcements",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("store", sa.String(length=200), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("is_major", sa.Boolean(), nullable=False),
        sa.Column("announced_on", sa.Date(), nullable=False),
        sa.Column("judge", sa.String(length=120), nullable=False),
        sa.Column("public_place", sa.Boolean(), nullable=False),
        sa.Column("prizes_for_top", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["season_id"],
            ["seasons.id"],
            name=op.f("fk_season_announcements_season_id_seasons"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_season_announcements")),
        sa.UniqueConstraint("season_id", "name", name=op.f("uq_season_announcements_season_id")),
    )
    with op.batch_alter_table("season_announcements", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_season_announcements_season_id"), ["season_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("season_announcements", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_season_announcements_season_id"))
    op.drop_table("season_announcements")
    with op.batch_alter_table("ladder_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ladder_entries_player_id"))
        batch_op.drop_index(batch_op.f("ix_ladder_entries_ladder_id"))
    op.drop_table("ladder_entries")
    with op.batch_alter_table("ladders", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ladders_season_id"))
    op.drop_table("ladders")
