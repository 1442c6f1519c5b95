"""Fantasy league: leagues, fixtures, players and prices, teams, holdings, transfers, lineups,
matchdays' data, penalties and scores (issue 18, FAN-*)

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 23:15:30.398123
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "fantasy_leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("preset", sa.String(length=80), nullable=False),
        sa.Column("season", sa.String(length=40), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("roster_due", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name=op.f("fk_fantasy_leagues_club_id_clubs")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_leagues")),
    )
    with op.batch_alter_table("fantasy_leagues", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fantasy_leagues_club_id"), ["club_id"], unique=False)

    op.create_table(
        "fantasy_fixtures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("kickoff", sa.DateTime(timezone=True), nullable=False),
        sa.Column("home", sa.String(length=80), nullable=False),
        sa.Column("away", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["fantasy_leagues.id"],
            name=op.f("fk_fantasy_fixtures_league_id_fantasy_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_fixtures")),
        sa.UniqueConstraint(
            "league_id", "matchday", "home", name=op.f("uq_fantasy_fixtures_league_id")
        ),
    )
    with op.batch_alter_table("fantasy_fixtures", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_fantasy_fixtures_league_id"), ["league_id"], unique=False
        )

    op.create_table(
        "fantasy_matchdays",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("official", sa.Boolean(), nullable=False),
        sa.Column("votes", sa.JSON(), nullable=False),
        sa.Column("clubs", sa.JSON(), nullable=False),
        sa.Column("extras", sa.JSON(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=200), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["fantasy_leagues.id"],
            name=op.f("fk_fantasy_matchdays_league_id_fantasy_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_matchdays")),
        sa.UniqueConstraint("league_id", "matchday", name=op.f("uq_fantasy_matchdays_league_id")),
    )
    with op.batch_alter_table("fantasy_matchdays", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_fantasy_matchdays_league_id"), ["league_id"], unique=False
        )

    op.create_table(
        "fantasy_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("norm", sa.String(length=120), nullable=False),
        sa.Column("role", sa.String(length=1), nullable=False),
        sa.Column("club", sa.String(length=80), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("left_on", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["fantasy_leagues.id"],
            name=op.f("fk_fantasy_players_league_id_fantasy_leagues"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_players")),
        sa.UniqueConstraint("league_id", "code", name=op.f("uq_fantasy_players_league_id")),
    )
    with op.batch_alter_table("fantasy_players", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_fantasy_players_league_id"), ["league_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_fantasy_players_norm"), ["norm"], unique=False)

    op.create_table(
        "fantasy_teams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("manager_id", sa.Integer(), nullable=False),
        sa.Column("credits", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["fantasy_leagues.id"],
            name=op.f("fk_fantasy_teams_league_id_fantasy_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["manager_id"], ["users.id"], name=op.f("fk_fantasy_teams_manager_id_users")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_teams")),
        sa.UniqueConstraint("league_id", "manager_id", name="uq_fantasy_teams_league_manager"),
        sa.UniqueConstraint("league_id", "name", name="uq_fantasy_teams_league_name"),
    )
    with op.batch_alter_table("fantasy_teams", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fantasy_teams_league_id"), ["league_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_fantasy_teams_manager_id"), ["manager_id"], unique=False
        )

    op.create_table(
        "fantasy_holdings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("price", sa.Integer(), nullable=False),
        sa.Column("bought_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sold_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sold_price", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["fantasy_players.id"],
            name=op.f("fk_fantasy_holdings_player_id_fantasy_players"),
        ),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["fantasy_teams.id"],
            name=op.f("fk_fantasy_holdings_team_id_fantasy_teams"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_holdings")),
    )
    with op.batch_alter_table("fantasy_holdings", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fantasy_holdings_team_id"), ["team_id"], unique=False)

    op.create_table(
        "fantasy_lineups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("starters", sa.JSON(), nullable=False),
        sa.Column("bench", sa.JSON(), nullable=False),
        sa.Column("as_received", sa.Boolean(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["fantasy_teams.id"],
            name=op.f("fk_fantasy_lineups_team_id_fantasy_teams"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_lineups")),
        sa.UniqueConstraint("team_id", "matchday", name=op.f("uq_fantasy_lineups_team_id")),
    )
    with op.batch_alter_table("fantasy_lineups", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fantasy_lineups_team_id"), ["team_id"], unique=False)

    op.create_table(
        "fantasy_penalties",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("what", sa.String(length=40), nullable=False),
        sa.Column("points", sa.String(length=20), nullable=False),
        sa.Column("note", sa.String(length=500), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["fantasy_teams.id"],
            name=op.f("fk_fantasy_penalties_team_id_fantasy_teams"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_penalties")),
    )
    with op.batch_alter_table("fantasy_penalties", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fantasy_penalties_team_id"), ["team_id"], unique=False)

    op.create_table(
        "fantasy_prices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("price", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["fantasy_players.id"],
            name=op.f("fk_fantasy_prices_player_id_fantasy_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_prices")),
        sa.UniqueConstraint("player_id", "matchday", name=op.f("uq_fantasy_prices_player_id")),
    )
    with op.batch_alter_table("fantasy_prices", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_fantasy_prices_player_id"), ["player_id"], unique=False
        )

    op.create_table(
        "fantasy_scores",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("total", sa.String(length=20), nullable=False),
        sa.Column("eligible", sa.Boolean(), nullable=False),
        sa.Column("official", sa.Boolean(), nullable=False),
        sa.Column("lineup_from", sa.Integer(), nullable=True),
        sa.Column("breakdown", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"],
            ["fantasy_leagues.id"],
            name=op.f("fk_fantasy_scores_league_id_fantasy_leagues"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["fantasy_teams.id"],
            name=op.f("fk_fantasy_scores_team_id_fantasy_teams"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_scores")),
        sa.UniqueConstraint("team_id", "matchday", name=op.f("uq_fantasy_scores_team_id")),
    )
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_fantasy_scores_league_id"), ["league_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_fantasy_scores_team_id"), ["team_id"], unique=False)

    op.create_table(
        "fantasy_transfers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("matchday", sa.Integer(), nullable=False),
        sa.Column("sold_id", sa.Integer(), nullable=False),
        sa.Column("bought_id", sa.Integer(), nullable=False),
        sa.Column("sold_price", sa.Integer(), nullable=False),
        sa.Column("bought_price", sa.Integer(), nullable=False),
        sa.Column("month", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=80), nullable=False),
        sa.ForeignKeyConstraint(
            ["bought_id"],
            ["fantasy_players.id"],
            name=op.f("fk_fantasy_transfers_bought_id_fantasy_players"),
        ),
        sa.ForeignKeyConstraint(
            ["sold_id"],
            ["fantasy_players.id"],
            name=op.f("fk_fantasy_transfers_sold_id_fantasy_players"),
        ),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["fantasy_teams.id"],
            name=op.f("fk_fantasy_transfers_team_id_fantasy_teams"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fantasy_transfers")),
    )
    with op.batch_alter_table("fantasy_transfers", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_fantasy_transfers_team_id"), ["team_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("fantasy_transfers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_transfers_team_id"))

    op.drop_table("fantasy_transfers")
    with op.batch_alter_table("fantasy_scores", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_scores_team_id"))
        batch_op.drop_index(batch_op.f("ix_fantasy_scores_league_id"))

    op.drop_table("fantasy_scores")
    with op.batch_alter_table("fantasy_prices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_prices_player_id"))

    op.drop_table("fantasy_prices")
    with op.batch_alter_table("fantasy_penalties", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_penalties_team_id"))

    op.drop_table("fantasy_penalties")
    with op.batch_alter_table("fantasy_lineups", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_lineups_team_id"))

    op.drop_table("fantasy_lineups")
    with op.batch_alter_table("fantasy_holdings", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_holdings_team_id"))

    op.drop_table("fantasy_holdings")
    with op.batch_alter_table("fantasy_teams", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_teams_manager_id"))
        batch_op.drop_index(batch_op.f("ix_fantasy_teams_league_id"))

    op.drop_table("fantasy_teams")
    with op.batch_alter_table("fantasy_players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_players_norm"))
        batch_op.drop_index(batch_op.f("ix_fantasy_players_league_id"))

    op.drop_table("fantasy_players")
    with op.batch_alter_table("fantasy_matchdays", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_matchdays_league_id"))

    op.drop_table("fantasy_matchdays")
    with op.batch_alter_table("fantasy_fixtures", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_fixtures_league_id"))

    op.drop_table("fantasy_fixtures")
    with op.batch_alter_table("fantasy_leagues", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_fantasy_leagues_club_id"))

    op.drop_table("fantasy_leagues")
