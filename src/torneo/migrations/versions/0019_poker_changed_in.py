"""A poker tournament remembers what each of its versions changed (issue 26 item 1)

A staff action's ``version`` is checked against the things it acts on (a player, a seat, a
table, the clock...), not against the whole tournament (``torneo.poker.state_changes``): each
change stamps the keys of what it changed with the version it made. Existing tournaments start
at NULL: "nothing stamped yet", where a stale version is refused as before.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-03 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("poker_tournaments", schema=None) as batch_op:
        batch_op.add_column(sa.Column("changed_in", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("poker_tournaments", schema=None) as batch_op:
        batch_op.drop_column("changed_in")
