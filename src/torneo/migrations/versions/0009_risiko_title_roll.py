"""RisiKo! results: the referee's roll between players still tied for the title at the final
table (issue 13 item 12, RSK-TIE-1)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 21:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("risiko_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("tiebreak", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("risiko_results", schema=None) as batch_op:
        batch_op.drop_column("tiebreak")
