"""Card sets, limited events and live drafts (issue 16 part B): card_sets, card_set_cards,
card_event_setups, draft_pods, draft_seats, draft_picks

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 23:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "card_sets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=True),
        sa.Column("booster", sa.JSON(), nullable=False),
        sa.Column("starter", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("created_by", sa.String(length=120), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_card_sets_club_id_clubs")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_card_sets")),
        sa.UniqueConstraint("code", name=op.f("uq_card_sets_code")),
    )
    op.create_table(
        "card_set_cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("set_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("rarity", sa.String(length=20), nullable=False),
        sa.Column("faction", sa.String(length=60), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=60), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("not_legal_in", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["set_id"],
            ["card_sets.id"],
            name=op.f("fk_card_set_cards_set_id_card_sets"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_card_set_cards")),
        sa.UniqueConstraint("set_id", "code", name=op.f("uq_card_set_cards_set_id")),
    )
    op.create_index(op.f("ix_card_set_cards_set_id"), "card_set_cards", ["set_id"])
    op.create_table(
        "card_event_setups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("set_id", sa.Integer(), nullable=False),
        sa.Column("pick_seconds", sa.Integer(), nullable=False),
        sa.Column("alternate", sa.Boolean(), nullable=False),
        sa.Column("pools_opened_at", WHEN, nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_card_event_setups_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["set_id"], ["card_sets.id"], name=op.f("fk_card_event_setups_set_id_card_sets")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_card_event_setups")),
        sa.UniqueConstraint("event_id", name=op.f("uq_card_event_setups_event_id")),
    )
    op.create_table(
        "draft_pods",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("pod_no", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("boosters", sa.Integer(), nullable=False),
        sa.Column("booster_no", sa.Integer(), nullable=False),
        sa.Column("pick_no", sa.Integer(), nullable=False),
        sa.Column("deadline", WHEN, nullable=True),
        sa.Column("started_at", WHEN, nullable=False),
        sa.Column("finished_at", WHEN, nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_draft_pods_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_draft_pods")),
        sa.UniqueConstraint("event_id", "pod_no", name=op.f("uq_draft_pods_event_id")),
    )
    op.create_index(op.f("ix_draft_pods_event_id"), "draft_pods", ["event_id"])
    op.create_index("ix_draft_pods_status_deadline", "draft_pods", ["status", "deadline"])
    op.create_table(
        "draft_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pod_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("seat_no", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("disqualified", sa.Boolean(), nullable=False),
        sa.Column("seen_at", WHEN, nullable=True),
        sa.Column("left_at", WHEN, nullable=True),
        sa.ForeignKeyConstraint(
            ["pod_id"],
            ["draft_pods.id"],
            name=op.f("fk_draft_seats_pod_id_draft_pods"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_draft_seats_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_draft_seats_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_draft_seats")),
        sa.UniqueConstraint("pod_id", "seat_no", name="uq_draft_seats_pod_seat"),
        sa.UniqueConstraint("pod_id", "player_id", name="uq_draft_seats_pod_player"),
    )
    op.create_index(op.f("ix_draft_seats_pod_id"), "draft_seats", ["pod_id"])
    op.create_index(op.f("ix_draft_seats_event_id"), "draft_seats", ["event_id"])
    op.create_index(op.f("ix_draft_seats_player_id"), "draft_seats", ["player_id"])
    op.create_table(
        "draft_picks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pod_id", sa.Integer(), nullable=False),
        sa.Column("seat_no", sa.Integer(), nullable=False),
        sa.Column("booster_no", sa.Integer(), nullable=False),
        sa.Column("pick_no", sa.Integer(), nullable=False),
        sa.Column("card_code", sa.String(length=40), nullable=False),
        sa.Column("how", sa.String(length=20), nullable=False),
        sa.Column("picked_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(
            ["pod_id"],
            ["draft_pods.id"],
            name=op.f("fk_draft_picks_pod_id_draft_pods"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_draft_picks")),
        sa.UniqueConstraint(
            "pod_id", "seat_no", "booster_no", "pick_no", name=op.f("uq_draft_picks_pod_id")
        ),
    )
    op.create_index(op.f("ix_draft_picks_pod_id"), "draft_picks", ["pod_id"])


def downgrade() -> None:
    for table in (
        "draft_picks",
        "draft_seats",
        "draft_pods",
        "card_event_setups",
        "card_set_cards",
        "card_sets",
    ):
        op.drop_table(table)
