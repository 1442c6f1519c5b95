"""Many fantasy score rows written at once, in the caller's transaction (issue 32 item 2).

A season's recomputation may write 380,000 rows (38 matchdays × 10,000 teams). Through the
ORM's bulk paths each row cost more in building its parameters than in the database; here the
rows go to the driver as plain tuples: SQLite's ``executemany``, PostgreSQL's ``COPY`` (into a
temporary table for the updates, then one ``UPDATE … FROM``). A few rows (an import's, a
penalty's) go by ``executemany`` on both, which costs less than setting up a copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

INSERTED: tuple[str, ...] = ("team_id", "league_id", "matchday", "total", "eligible")
INSERTED += ("official", "lineup_from", "basis")
CHANGED = ("total", "eligible", "official", "lineup_from", "basis")
COPY_FROM = 2_000  # rows: from this many, PostgreSQL copies them


def write_scores(
    session: Session, inserts: Sequence[tuple[Any, ...]], updates: Sequence[tuple[Any, ...]]
) -> None:
    """``inserts``: rows in :data:`INSERTED`'s order; ``updates``: :data:`CHANGED`'s values,
    then the row's id."""
    connection = session.connection()
    copy = connection.dialect.name == "postgresql"
    mark = "%s" if copy else "?"
    if updates:
        if copy and len(updates) >= COPY_FROM:
            _copy_updates(session, updates)
        else:
            sets = ", ".join(f"{name} = {mark}" for name in CHANGED)
            connection.exec_driver_sql(
                f"UPDATE fantasy_scores SET {sets} WHERE id = {mark}", list(updates)
            )
    if inserts:
        if copy and len(inserts) >= COPY_FROM:
            _copy(session, f"fantasy_scores ({', '.join(INSERTED)})", inserts)
        else:
            connection.exec_driver_sql(
                f"INSERT INTO fantasy_scores ({', '.join(INSERTED)}) "
                f"VALUES ({', '.join([mark] * len(INSERTED))})",
                list(inserts),
            )


def _copy(session: Session, target: str, rows: Sequence[tuple[Any, ...]]) -> None:
    raw: Any = session.connection().connection.driver_connection  # psycopg's, same transaction
    with raw.cursor() as cursor, cursor.copy(f"COPY {target} FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def _copy_updates(session: Session, updates: Sequence[tuple[Any, ...]]) -> None:
    connection = session.connection()
    connection.exec_driver_sql(
        "CREATE TEMPORARY TABLE fantasy_scores_new (total varchar(20), eligible boolean, "
        "official boolean, lineup_from integer, basis varchar(32), id integer) ON COMMIT DROP"
    )
    _copy(session, f"fantasy_scores_new ({', '.join(CHANGED)}, id)", updates)
    sets = ", ".join(f"{name} = n.{name}" for name in CHANGED)
    connection.exec_driver_sql(
        f"UPDATE fantasy_scores SET {sets} FROM fantasy_scores_new n WHERE fantasy_scores.id = n.id"
    )
    connection.exec_driver_sql("DROP TABLE fantasy_scores_new")
