"""A match remembers the event version of its last change (issue 14 item 3: finer locks)

A result no longer holds the event row; a client's ``version`` for a result is checked against
the match it writes (``torneo.cards.commands_results``), so each match keeps the event version
at which it was paired or last changed. Existing matches start at NULL: "not changed since the
event's versions began to be stamped", which every client's version passes.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02 02:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("changed_in", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("changed_in")
