"""Events in pods (BER-POD-1/2: the pods' seats) and the event's format (BER-FMT-1..3)

The format a card event's judges set (``judging_configs.deck_format``) becomes the event's own
``events.format``; the judges' setting now writes it there.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 23:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("format", sa.String(length=40), nullable=True))
    op.execute(
        "UPDATE events SET format = (SELECT deck_format FROM judging_configs"
        " WHERE judging_configs.event_id = events.id)"
    )
    op.create_table(
        "pod_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("pod", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("registration_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_pod_seats_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["registration_id"],
            ["registrations.id"],
            name=op.f("fk_pod_seats_registration_id_registrations"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_pod_seats_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pod_seats")),
        sa.UniqueConstraint("event_id", "pod", "seat", name="uq_pod_seats_event_pod_seat"),
        sa.UniqueConstraint("event_id", "player_id", name="uq_pod_seats_event_player"),
    )
    with op.batch_alter_table("pod_seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_pod_seats_event_id"), ["event_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("pod_seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_pod_seats_event_id"))
    op.drop_table("pod_seats")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("format")
