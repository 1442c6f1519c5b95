"""Many fantasy score rows written at once, in the caller's transaction (issue 32 item 2).

A season's recomputation may write 380,000 rows (38 matchdays × 10,000 teams). Through the
ORM's bulk paths each row cost more in building its parameters than in the database; here the
rows go to the driver as plain tuples.

The rows come as an iterator that computes them (``fantasy.state_scores``), and when they are
many, how they are written depends on the database:

- SQLite: every row is computed first, then written by ``executemany`` (an ``UPDATE`` of the
  stored row, or an ``INSERT``), so the write lock is held only for the writes and a lineup
  sent meanwhile waits for them, not for the whole recomputation.
- PostgreSQL: the stored rows being replaced are deleted (the first rows are computed while
  the server deletes), then each row goes into ``COPY fantasy_scores`` as soon as it is
  computed: the server takes the rows and their four indexes in while the process computes
  the next ones, on the other core (the foreign keys' checks, two
  thirds of its work, are ``AFTER`` triggers: they run when the copy ends). Staging the rows
  for one ``UPDATE … FROM`` at the end costs the server less for a season rewritten (an update
  that keeps the keys checks no foreign key: 4.0 s of its CPU for 380,000 rows against 5.8 s),
  but all of it after the computation (docs/deploy.md, "Written while computed"); updating
  the stored rows in place by pipelined batches while computing was tried too (2026-12-05): no
  faster for a season rewritten (9.5-9.9 s) and 5.3 s of the server's CPU against 3.8. Only rows
  are locked: the lineups are another table, and a lineup's check of its team (``FOR KEY
  SHARE``) does not wait for the scores' own.

A few rows (an import's, a penalty's) go by ``executemany`` on both, which costs less than
setting up a copy, and keeps their ids.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain, islice
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from torneo.fantasy.tables import FantasyScore

INSERTED: tuple[str, ...] = ("team_id", "league_id", "matchday", "total", "eligible")
INSERTED += ("official", "lineup_from", "basis")
CHANGED = ("total", "eligible", "official", "lineup_from", "basis")
COPY_FROM = 2_000  # rows: from this many, PostgreSQL copies them
# Rows computed while the DELETE runs, as a share of the rows deleted: computing a row costs
# about six times what deleting one costs the server (bench/fantasy_season.py, stale).
AHEAD = 6

# A row to write: the stored row's id it replaces (None: a new one), and its values in
# INSERTED's order.
Row = tuple[int | None, tuple[Any, ...]]


def write_scores(
    session: Session,
    rows: Iterator[Row],
    count: int,
    replaced: Sequence[int],
    gone: Sequence[int],
) -> None:
    """Write ``count`` rows, computed as ``rows`` is iterated; ``replaced``: the ids of the
    stored rows among them (known before any row is computed); delete the rows of ``gone``
    (teams no longer there)."""
    connection = session.connection()
    if connection.dialect.name == "postgresql" and count >= COPY_FROM:
        _stream(session, rows, [*replaced, *gone])
        return
    listed = list(rows)  # computed before the first write (SQLite: before the write lock)
    if gone:
        session.execute(delete(FantasyScore).where(FantasyScore.id.in_(gone)))
    mark = "%s" if connection.dialect.name == "postgresql" else "?"
    updates = [(*row[3:], old) for old, row in listed if old is not None]
    inserts = [row for old, row in listed if old is None]
    if updates:
        sets = ", ".join(f"{name} = {mark}" for name in CHANGED)
        connection.exec_driver_sql(f"UPDATE fantasy_scores SET {sets} WHERE id = {mark}", updates)
    if inserts:
        connection.exec_driver_sql(
            f"INSERT INTO fantasy_scores ({', '.join(INSERTED)}) "
            f"VALUES ({', '.join([mark] * len(INSERTED))})",
            inserts,
        )


def _stream(session: Session, rows: Iterator[Row], deleted: Sequence[int]) -> None:
    """PostgreSQL: the rows replaced or gone deleted first (the unique ``(team_id, matchday)``
    would refuse their new rows), then every row copied as it is computed.

    The ``DELETE`` is sent in pipeline mode and not waited for: while the server deletes, the
    process computes the first rows (a share of :data:`AHEAD` of the rows deleted, about the
    delete's own time), which go into the copy first. A season rewritten (380,000 rows
    deleted) no longer waits 0.5-0.8 s for its ``DELETE`` before computing."""
    raw: Any = session.connection().connection.driver_connection  # psycopg's, same transaction
    ahead: list[Row] = []
    with raw.cursor() as cursor:
        if deleted:
            with raw.pipeline():  # its end waits for the DELETE (and raises its error)
                cursor.execute("DELETE FROM fantasy_scores WHERE id = ANY(%s)", [list(deleted)])
                ahead = list(islice(rows, len(deleted) // AHEAD))
        with cursor.copy(f"COPY fantasy_scores ({', '.join(INSERTED)}) FROM STDIN") as copy:
            for _, row in chain(ahead, rows):
                copy.write_row(row)
