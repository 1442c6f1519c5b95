"""A pasted roster into rows in batches: one query per batch of names, not one per line.

Registering 5,000 lines one by one cost a query to find each player, a flush per registration
and a rebuilt domain view per line (issue 14: 1,000 lines took 6.7 s, 3,000 about 150 s). Here
the players are looked up in batches (:func:`torneo.platform.players.known_players`, shared with
RisiKo! and poker), the new ones and the registrations are written with one multi-row INSERT …
RETURNING per batch (SQLAlchemy's "insertmanyvalues"), so the time grows with the lines, not
their square.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from sqlalchemy import Table, insert
from sqlalchemy.orm import Session

from torneo.cards.tables import Registration
from torneo.platform.players import batches

_REGISTRATIONS = cast(Table, Registration.__table__)


def insert_registrations(
    session: Session, event_id: int, player_ids: Sequence[int], joined_round: int
) -> list[int]:
    """Registrations of ``player_ids`` (each once) in the event, in order; their ids."""
    ids: list[int] = []
    stmt = insert(_REGISTRATIONS).returning(Registration.id, Registration.player_id)
    for batch in batches(player_ids):
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
        # RETURNING order is not guaranteed: matched by player (each once in the batch).
        made = {player_id: reg_id for reg_id, player_id in session.execute(stmt, rows)}
        ids += [made[player_id] for player_id in batch]
    return ids
