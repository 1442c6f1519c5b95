"""judging: judges, rulings, deck lists, deck checks, round clocks (issue 6)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _event_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["event_id"], ["events.id"], name=op.f(f"fk_{table}_event_id_events"), ondelete="CASCADE"
    )


def _event_index(table: str) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_event_id"), ["event_id"], unique=False)


def upgrade() -> None:
    op.create_table(
        "judging_judges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("is_head", sa.Boolean(), nullable=False),
        sa.Column("appointed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _event_fk("judging_judges"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_judging_judges_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_judging_judges_user_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judging_judges")),
        sa.UniqueConstraint("event_id", "user_id", name=op.f("uq_judging_judges_event_id")),
    )
    _event_index("judging_judges")

    op.create_table(
        "judging_configs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("restricted_cards", sa.JSON(), nullable=True),
        sa.Column("deck_format", sa.String(length=40), nullable=True),
        sa.Column("deck_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decklists_published", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _event_fk("judging_configs"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judging_configs")),
        sa.UniqueConstraint("event_id", name=op.f("uq_judging_configs_event_id")),
    )

    op.create_table(
        "judging_rulings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("judge_id", sa.Integer(), nullable=False),
        sa.Column("judge_name", sa.String(length=120), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=30), nullable=False),
        sa.Column("rule", sa.String(length=30), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("infraction", sa.String(length=60), nullable=True),
        sa.Column("round_no", sa.Integer(), nullable=True),
        sa.Column("escalated_from", sa.Integer(), nullable=True),
        sa.Column("consequences", sa.JSON(), nullable=False),
        sa.Column("effects", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _event_fk("judging_rulings"),
        sa.ForeignKeyConstraint(
            ["judge_id"], ["users.id"], name=op.f("fk_judging_rulings_judge_id_users")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_judging_rulings_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judging_rulings")),
        sa.UniqueConstraint("event_id", "seq", name=op.f("uq_judging_rulings_event_id")),
    )
    _event_index("judging_rulings")

    op.create_table(
        "judging_deck_lists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("format", sa.String(length=40), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("blanks", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("is_current", sa.Boolean(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("submitted_by", sa.String(length=120), nullable=False),
        sa.Column("source", sa.String(length=200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _event_fk("judging_deck_lists"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_judging_deck_lists_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judging_deck_lists")),
    )
    _event_index("judging_deck_lists")

    op.create_table(
        "judging_deck_checks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("tables", sa.Integer(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("drawn_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("drawn_by", sa.String(length=120), nullable=False),
        sa.Column("outcomes", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _event_fk("judging_deck_checks"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judging_deck_checks")),
        sa.UniqueConstraint("event_id", "round_no", name=op.f("uq_judging_deck_checks_event_id")),
    )
    _event_index("judging_deck_checks")

    op.create_table(
        "judging_round_clocks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.Integer(), nullable=False),
        sa.Column("durations", sa.JSON(), nullable=False),
        sa.Column("extra_turns", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("running_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("banked_us", sa.BigInteger(), nullable=False),
        sa.Column("adjustment_us", sa.BigInteger(), nullable=False),
        sa.Column("extensions", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        _event_fk("judging_round_clocks"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judging_round_clocks")),
        sa.UniqueConstraint("event_id", "round_no", name=op.f("uq_judging_round_clocks_event_id")),
    )
    _event_index("judging_round_clocks")


def downgrade() -> None:
    for table in (
        "judging_round_clocks",
        "judging_deck_checks",
        "judging_deck_lists",
        "judging_rulings",
    ):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{table}_event_id"))
        op.drop_table(table)
    op.drop_table("judging_configs")
    with op.batch_alter_table("judging_judges", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_judging_judges_event_id"))
    op.drop_table("judging_judges")
