"""A RisiKo! round and a table's result remember the tournament version of their last change

Issue 26 item 1: a referee's result (or title roll) is checked against the table it writes, not
the whole tournament (``torneo.risiko.commands_results``), so two referees at two tables never
refuse each other. A round keeps the version at which it was drawn or last swapped by hand, a
result the version at which it was entered or last corrected. Existing rows start at NULL: "not
changed since the versions began to be stamped", which every client's version passes.

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-03 09:55:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("risiko_rounds", "risiko_results"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("changed_in", sa.Integer(), nullable=True))


def downgrade() -> None:
    for table in ("risiko_rounds", "risiko_results"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("changed_in")
