"""A fantasy score remembers the digest of what it was computed from (issue 32 item 2)

A season's recomputation (``torneo.fantasy.state_scores``) writes only the scores whose inputs
changed: the matchday's data, the rules, the lineup that stood, the roster at the deadline, the
penalties and the scoring code. Existing rows start at NULL ("not known"), which never matches,
so the first recomputation writes them all.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-03 13:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.add_column(sa.Column("basis", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.drop_column("basis")
