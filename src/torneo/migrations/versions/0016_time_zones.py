"""Every event and tournament keeps its time zone; moments stay stored in UTC (issue 15 item 7)

Revision ID: 0016
Revises: 0014
Create Date: 2026-12-01 23:55:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("events", "poker_tournaments", "risiko_tournaments")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column("time_zone", sa.String(64), nullable=False, server_default="Europe/Rome")
            )


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("time_zone")
