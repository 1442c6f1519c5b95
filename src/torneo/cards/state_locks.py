"""The lock of a card event: results share it, staff changes take it alone (issue 14 item 3).

On PostgreSQL it is a transaction-scoped advisory lock keyed by the event id, in a namespace of
its own (:data:`EVENT_LOCKS`): a result takes it shared (:func:`share_event`), so results of one
event never wait for one another; pairing a round and every other staff change take it
exclusively (:func:`hold_event`, from ``state.get_event(for_update=True)``) before they lock the
event row ``FOR UPDATE``, so they wait for the results in flight and make new ones wait. It is
released at the commit or the rollback.

Why not the event row itself (``FOR KEY SHARE``, as before): every result wrote a lock into the
row's header, and many results at once made PostgreSQL build a new multixact (the list of
lockers) for each of them, all on one hot row: about a millisecond of the server's CPU per
report in the load bench. An advisory lock lives in the lock manager's memory only. The order
never changes (this lock, then rows), so a result and a staff change cannot deadlock.

SQLite has one writer at a time and no such locks: there these do nothing.
"""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, func, select
from sqlalchemy.orm import Session

EVENT_LOCKS = 1  # the advisory lock namespace of card events (the first of two int4 keys)

_SHARE = select(func.pg_advisory_xact_lock_shared(EVENT_LOCKS, bindparam("event_id")))
_HOLD = select(func.pg_advisory_xact_lock(EVENT_LOCKS, bindparam("event_id")))


def share_event(db: Connection | Session, event_id: int) -> None:
    """The event's lock in the shared mode (a result), until the transaction ends."""
    if _is_postgresql(db):
        db.execute(_SHARE, {"event_id": event_id})


def hold_event(db: Connection | Session, event_id: int) -> None:
    """The event's lock alone (a staff change), until the transaction ends."""
    if _is_postgresql(db):
        db.execute(_HOLD, {"event_id": event_id})


def _is_postgresql(db: Connection | Session) -> bool:
    bind = db.get_bind() if isinstance(db, Session) else db
    return bind.dialect.name == "postgresql"
