"""Card-set codes and season names are unique per club, not server-wide (issue 27)

One club could squat another's names: the first club to import a set "CORE" or to create a
season "Inverno 2026" took the code or the name from every other club. Each club now has its
own (the shared card sets, club NULL, are kept unique among themselves by the application).

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-03 14:10:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.drop_constraint("uq_seasons_name", type_="unique")
        batch_op.create_unique_constraint("uq_seasons_club_id", ["club_id", "name"])
    with op.batch_alter_table("card_sets", schema=None) as batch_op:
        batch_op.drop_constraint("uq_card_sets_code", type_="unique")
        batch_op.create_unique_constraint("uq_card_sets_club_id", ["club_id", "code"])


def downgrade() -> None:
    with op.batch_alter_table("card_sets", schema=None) as batch_op:
        batch_op.drop_constraint("uq_card_sets_club_id", type_="unique")
        batch_op.create_unique_constraint("uq_card_sets_code", ["code"])
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.drop_constraint("uq_seasons_club_id", type_="unique")
        batch_op.create_unique_constraint("uq_seasons_name", ["name"])
