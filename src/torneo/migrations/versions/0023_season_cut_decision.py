"""A season records how a tie at the Regional cut was settled, and its placement bonus

INV-RANK-3 (issue 29 items 9 and 12): ``seasons.cut_decision`` keeps the organizer's decision or
the drawn lot for players tied on every criterion across the cut (NULL: none recorded);
``seasons.placement_bonus`` the National Final bonus of the season's best placements (a JSON
list, position 1 first; empty: none).

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-03 13:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cut_decision", sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column("placement_bonus", sa.JSON(), nullable=False, server_default="[]")
        )


def downgrade() -> None:
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.drop_column("placement_bonus")
        batch_op.drop_column("cut_decision")
