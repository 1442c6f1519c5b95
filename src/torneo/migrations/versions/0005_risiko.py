"""RisiKo! tournaments: regulation, players, draws, table results, referee consoles (issue 7)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 08:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_CHILDREN = ("risiko_entrants", "risiko_rounds", "risiko_results", "risiko_games")


def _tournament_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["tournament_id"],
        ["risiko_tournaments.id"],
        name=op.f(f"fk_{table}_tournament_id_risiko_tournaments"),
        ondelete="CASCADE",
    )


def _common(table: str) -> list[sa.schema.SchemaItem]:
    return [
        sa.Column("version", sa.Integer(), nullable=False),
        _tournament_fk(table),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
    ]


def upgrade() -> None:
    op.create_table(
        "risiko_tournaments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("location", sa.String(length=200), nullable=True),
        sa.Column("season", sa.String(length=40), nullable=True),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("regulation", sa.JSON(), nullable=False),
        sa.Column("regulation_published_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_risiko_tournaments")),
    )
    with op.batch_alter_table("risiko_tournaments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_risiko_tournaments_season"), ["season"], unique=False)
        batch_op.create_index(batch_op.f("ix_risiko_tournaments_status"), ["status"], unique=False)

    op.create_table(
        "risiko_entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("left_after_round", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_risiko_entrants_player_id_players")
        ),
        sa.UniqueConstraint(
            "tournament_id", "player_id", name=op.f("uq_risiko_entrants_tournament_id")
        ),
        *_common("risiko_entrants"),
    )
    op.create_table(
        "risiko_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("stage", sa.String(length=20), nullable=False),
        sa.Column("method", sa.String(length=20), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("priorities", sa.JSON(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("swaps", sa.JSON(), nullable=False),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("tournament_id", "number", name=op.f("uq_risiko_rounds_tournament_id")),
        *_common("risiko_rounds"),
    )
    op.create_table(
        "risiko_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("entered_by", sa.String(length=120), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint(
            "tournament_id",
            "round_no",
            "table_no",
            name=op.f("uq_risiko_results_tournament_id"),
        ),
        *_common("risiko_results"),
    )
    op.create_table(
        "risiko_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("turn_order", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("actions", sa.JSON(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint(
            "tournament_id",
            "round_no",
            "table_no",
            name=op.f("uq_risiko_games_tournament_id"),
        ),
        *_common("risiko_games"),
    )
    for table in _CHILDREN:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.create_index(
                batch_op.f(f"ix_{table}_tournament_id"), ["tournament_id"], unique=False
            )


def downgrade() -> None:
    for table in reversed(_CHILDREN):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{table}_tournament_id"))
        op.drop_table(table)
    with op.batch_alter_table("risiko_tournaments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_risiko_tournaments_status"))
        batch_op.drop_index(batch_op.f("ix_risiko_tournaments_season"))
    op.drop_table("risiko_tournaments")
