"""How a command line names a card event: by its id (``12``) or its exact name (any case).

Shared by ``torneo event``, ``torneo export``, ``torneo transfer`` and ``torneo season`` (which
adds finished card events to a season). It reads the cards' ``events`` table, so it lives here
and not in ``torneo.cli.common``, which holds only what every discipline shares.
"""

from __future__ import annotations

from sqlalchemy import func, select

from torneo.cards.tables import Event
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform.store.uow import Store


def resolve_event(store: Store, ref: str) -> int:
    """An event given by id (``12``) or by its exact name (any case)."""
    text = ref.strip()
    with store.read() as session:
        if text.isdigit():
            if session.get(Event, int(text)) is None:
                raise TorneoError(
                    "event", N_("no event %(id)s"), N_("an event id or name"), params={"id": text}
                )
            return int(text)
        ids = session.scalars(
            select(Event.id).where(func.lower(Event.name) == text.lower()).order_by(Event.id)
        ).all()
    if not ids:
        raise TorneoError(
            "event",
            N_("no event named '%(name)s'"),
            N_("an event id or its exact name"),
            params={"name": ref},
        )
    if len(ids) > 1:
        raise TorneoError(
            "event",
            N_("%(n)s events are named '%(name)s' (ids %(ids)s)"),
            N_("the id"),
            params={"n": len(ids), "name": ref, "ids": ", ".join(str(i) for i in ids)},
        )
    return ids[0]
