"""A player record remembers the club that created it (issue 27 hole 1: no takeover)

Only that club's organizers (or the admin) hand out the code that links an account to the
record (``torneo.platform.invitations.claim_code``): another club that registered the player in
its own events could stage everything else. Existing records start at NULL ("not known"), and
for them the clubs where the player played a started tournament keep handing out codes.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-03 10:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key("fk_players_club_id_clubs", "clubs", ["club_id"], ["id"])


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_constraint("fk_players_club_id_clubs", type_="foreignkey")
        batch_op.drop_column("club_id")
