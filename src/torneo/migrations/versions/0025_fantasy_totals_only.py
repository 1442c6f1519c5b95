"""A fantasy score stores its total only, not its breakdown (issue 32 item 2)

A season's recomputation spent most of its time explaining every team's score line by line and
writing that breakdown, which only the team's score page reads. The page now explains the score
when it is read (``torneo.fantasy.state_explain``), from the same inputs and rules; the column
goes. A downgrade brings it back empty, with every score's basis forgotten, so the next
recomputation writes every breakdown again.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-04 17:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.drop_column("breakdown")


def downgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("breakdown", sa.JSON(), nullable=False, server_default='{"lines": []}')
        )
    op.execute("UPDATE fantasy_scores SET basis = NULL")
