"""A pasted roster into rows in batches: one query per batch of names, not one per line.

Registering 5,000 lines one by one cost a query to find each player, a flush per registration
and a rebuilt domain view per line (issue 14: 1,000 lines took 6.7 s, 3,000 about 150 s). Here
the players are looked up in batches of :data:`BATCH` names, the new ones and the registrations
are written with one multi-row INSERT … RETURNING per batch (SQLAlchemy's "insertmanyvalues"),
so the time grows with the lines, not their square.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from typing import TypeVar, cast

from sqlalchemy import Table, func, insert, select
from sqlalchemy.orm import Session

from torneo.cards.tables import Registration
from torneo.core.inputs import PlayerInput
from torneo.platform.store.tables import Player

BATCH = 1000  # names per lookup: far below SQLite's and PostgreSQL's parameter limits
T = TypeVar("T")
_PLAYERS = cast(Table, Player.__table__)
_REGISTRATIONS = cast(Table, Registration.__table__)


def _batches(items: Sequence[T]) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), BATCH):
        yield items[start : start + BATCH]


def known_players(session: Session, names: Sequence[str]) -> dict[str, tuple[int, str]]:
    """Existing players by lower-cased name: (id, stored name), the oldest on a tie.

    Matched exactly as a single registration matches a name (``lower(name)`` in SQL against the
    name lower-cased), so a paste and one-by-one entry find the same players.
    """
    found: dict[str, tuple[int, str]] = {}
    keys = sorted({name.lower() for name in names})
    lowered = func.lower(Player.name)
    for batch in _batches(keys):
        rows = session.execute(
            select(lowered, Player.id, Player.name).where(lowered.in_(batch)).order_by(Player.id)
        )
        for key, player_id, name in rows:
            found.setdefault(key, (player_id, name))
    return found


# RETURNING comes back in no guaranteed order (asking for the parameters' order makes SQLite
# send one row per statement), so the rows are matched by a key unique in the batch: a new
# player's exact name (a paste has each name once), a registration's player.


def insert_players(session: Session, now: datetime, players: Sequence[PlayerInput]) -> list[int]:
    """New players (each name once), in order; their ids."""
    ids: list[int] = []
    stmt = insert(_PLAYERS).returning(Player.id, Player.name)
    for batch in _batches(players):
        rows = [
            {"name": p.name, "club": p.club, "rating": p.rating, "created_at": now, "version": 1}
            for p in batch
        ]
        made = {name: player_id for player_id, name in session.execute(stmt, rows)}
        ids += [made[p.name] for p in batch]
    return ids


def insert_registrations(
    session: Session, event_id: int, player_ids: Sequence[int], joined_round: int
) -> list[int]:
    """Registrations of ``player_ids`` (each once) in the event, in order; their ids."""
    ids: list[int] = []
    stmt = insert(_REGISTRATIONS).returning(Registration.id, Registration.player_id)
    for batch in _batches(player_ids):
        rows = [
            {
                "event_id": event_id,
                "player_id": player_id,
                "joined_round": joined_round,
                "disqualified": False,
                "is_judge": False,
                "version": 1,
            }
            for player_id in batch
        ]
        made = {player_id: reg_id for reg_id, player_id in session.execute(stmt, rows)}
        ids += [made[player_id] for player_id in batch]
    return ids
