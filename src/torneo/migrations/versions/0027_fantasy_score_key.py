"""A fantasy score's league has no foreign key of its own (issue 32 item 2)

``fantasy_scores`` had two foreign keys, the team and the league. PostgreSQL checks the foreign
keys of a ``COPY`` once it ends, one lookup per row and key: with 380,000 rows written by a
season's recomputation the league's key cost 1.5 s that could not overlap the computing. The
league repeats the team's (the recomputation writes it from the team), and deleting a league
deletes its teams and their scores through the team's key: the league's key goes, its index
stays (a league's scores are read by it).

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-04 22:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.drop_constraint("fk_fantasy_scores_league_id_fantasy_leagues", type_="foreignkey")


def downgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.create_foreign_key(
            "fk_fantasy_scores_league_id_fantasy_leagues",
            "fantasy_leagues",
            ["league_id"],
            ["id"],
            ondelete="CASCADE",
        )
