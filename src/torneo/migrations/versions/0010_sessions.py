"""Sessions that can be ended (issue 12 item 5): a per-account session generation, and accounts
that can be disabled

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01 21:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("session_generation", sa.Integer(), server_default="0", nullable=False)
        )
        batch_op.add_column(
            sa.Column("disabled", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("disabled")
        batch_op.drop_column("session_generation")
