"""A fantasy score's one foreign key: its team in its league (issue 32 item 2)

``fantasy_scores`` had two foreign keys, the team and the league. PostgreSQL checks the foreign
keys of a ``COPY`` once it ends, one lookup per row and key: with 380,000 rows written by a
season's recomputation the league's key cost 1.5 s that could not overlap the computing. One
composite key (team, league) -> ``fantasy_teams (id, league_id)`` replaces both, and says more
(a score's league is its team's). Deleting a league still deletes its teams and their scores.

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
    with op.batch_alter_table("fantasy_teams", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_fantasy_teams_id_league", ["id", "league_id"])
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.drop_constraint("fk_fantasy_scores_league_id_fantasy_leagues", type_="foreignkey")
        batch_op.drop_constraint("fk_fantasy_scores_team_id_fantasy_teams", type_="foreignkey")
        batch_op.create_foreign_key(
            "fk_fantasy_scores_team_league",
            "fantasy_teams",
            ["team_id", "league_id"],
            ["id", "league_id"],
            ondelete="CASCADE",
        )


def downgrade() -> None:
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.drop_constraint("fk_fantasy_scores_team_league", type_="foreignkey")
        batch_op.create_foreign_key(
            "fk_fantasy_scores_team_id_fantasy_teams",
            "fantasy_teams",
            ["team_id"],
            ["id"],
            ondelete="CASCADE",
        )
        batch_op.create_foreign_key(
            "fk_fantasy_scores_league_id_fantasy_leagues",
            "fantasy_leagues",
            ["league_id"],
            ["id"],
            ondelete="CASCADE",
        )
    with op.batch_alter_table("fantasy_teams", schema=None) as batch_op:
        batch_op.drop_constraint("uq_fantasy_teams_id_league", type_="unique")
