"""poker tournament director (issue 8)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 06:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CHILDREN = ("poker_entrants", "poker_purchases", "poker_busts", "poker_moves", "poker_sanctions")


def _tournament_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tournament_id"],
        ["poker_tournaments.id"],
        name=op.f(f"fk_{table}_tournament_id_poker_tournaments"),
        ondelete="CASCADE",
    )


def _player_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["player_id"], ["players.id"], name=op.f(f"fk_{table}_player_id_players")
    )


def _index_tournament(table: str) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f(f"ix_{table}_tournament_id"), ["tournament_id"], unique=False
        )


def upgrade() -> None:
    op.create_table(
        "poker_tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=False),
        sa.Column("template", sa.String(length=40), nullable=True),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("seats_per_table", sa.Integer(), nullable=False),
        sa.Column("balance_threshold", sa.Integer(), nullable=False),
        sa.Column("break_order", sa.JSON(), nullable=False),
        sa.Column("structure", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=False),
        sa.Column("seating", sa.JSON(), nullable=False),
        sa.Column("payouts", sa.JSON(), nullable=False),
        sa.Column("adjustments", sa.JSON(), nullable=False),
        sa.Column("stacks", sa.JSON(), nullable=False),
        sa.Column("chop", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_poker_tournaments")),
    )
    with op.batch_alter_table("poker_tournaments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_poker_tournaments_status"), ["status"], unique=False)

    op.create_table(
        "poker_entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("booked", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _player_fk("poker_entrants"),
        _tournament_fk("poker_entrants"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_poker_entrants")),
        sa.UniqueConstraint(
            "tournament_id", "player_id", name=op.f("uq_poker_entrants_tournament_id")
        ),
    )
    op.create_table(
        "poker_purchases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("parts", sa.JSON(), nullable=False),
        sa.Column("price_chips", sa.Integer(), nullable=False),
        sa.Column("chips", sa.Integer(), nullable=False),
        sa.Column("penalty", sa.Integer(), nullable=False),
        sa.Column("level", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _player_fk("poker_purchases"),
        _tournament_fk("poker_purchases"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_poker_purchases")),
        sa.UniqueConstraint(
            "tournament_id", "number", name=op.f("uq_poker_purchases_tournament_id")
        ),
    )
    op.create_table(
        "poker_busts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("chips_at_start", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("readmitted", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _player_fk("poker_busts"),
        _tournament_fk("poker_busts"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_poker_busts")),
    )
    op.create_table(
        "poker_moves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("from_table", sa.Integer(), nullable=True),
        sa.Column("from_seat", sa.Integer(), nullable=True),
        sa.Column("to_table", sa.Integer(), nullable=False),
        sa.Column("to_seat", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("waits_for_button", sa.Boolean(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _player_fk("poker_moves"),
        _tournament_fk("poker_moves"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_poker_moves")),
        sa.UniqueConstraint("tournament_id", "seq", name=op.f("uq_poker_moves_tournament_id")),
    )
    op.create_table(
        "poker_sanctions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("orbits", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("chips_removed", sa.Integer(), nullable=False),
        sa.Column("infraction", sa.Text(), nullable=False),
        sa.Column("ruling", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _player_fk("poker_sanctions"),
        _tournament_fk("poker_sanctions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_poker_sanctions")),
    )
    for table in _CHILDREN:
        _index_tournament(table)


def downgrade() -> None:
    for table in reversed(_CHILDREN):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{table}_tournament_id"))
        op.drop_table(table)
    with op.batch_alter_table("poker_tournaments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_poker_tournaments_status"))
    op.drop_table("poker_tournaments")
