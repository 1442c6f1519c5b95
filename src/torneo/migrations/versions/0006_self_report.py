"""self-reporting of match results (issue 4)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "self_reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("first_player_id", sa.Integer(), nullable=False),
        sa.Column("first_result", sa.String(length=20), nullable=False),
        sa.Column("first_by", sa.String(length=120), nullable=False),
        sa.Column("first_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("second_player_id", sa.Integer(), nullable=True),
        sa.Column("second_result", sa.String(length=20), nullable=True),
        sa.Column("second_by", sa.String(length=120), nullable=True),
        sa.Column("second_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("resolved_by", sa.String(length=120), nullable=True),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("resolution", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_self_reports_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_self_reports_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["first_player_id"],
            ["players.id"],
            name=op.f("fk_self_reports_first_player_id_players"),
        ),
        sa.ForeignKeyConstraint(
            ["second_player_id"],
            ["players.id"],
            name=op.f("fk_self_reports_second_player_id_players"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_self_reports")),
        sa.UniqueConstraint("match_id", name=op.f("uq_self_reports_match_id")),
    )
    with op.batch_alter_table("self_reports", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_self_reports_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_self_reports_status"), ["status"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("self_reports", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_self_reports_status"))
        batch_op.drop_index(batch_op.f("ix_self_reports_event_id"))
    op.drop_table("self_reports")
