"""The picks' one round trip (``commands_fast``) on the worker's event loop (issue 32 item 1,
round 2: the workers' CPU per pick).

A batch of picks ran in a thread of the group commit's own: each batch woke that thread (a
futex call while holding the interpreter) and its outcome woke the loop back, most batches
holding one pick. Here the same statements, in the same pipeline (one implicit transaction:
the pods' lock, then each pick's statement, BER-DRAFT-1/2), go through psycopg's async
connection on the loop itself, with the group commit of the loop
(:class:`torneo.platform.store.group_commit_loop.LoopGroupCommit`), and the notices of the
stored picks are published with the broker's async client: no thread at all for a pick.

The connection is kept for the next batch, one per worker's loop (``KEPT``), as the threads'
was; a connection that fails fails its batch, which then takes the usual path in a thread
(``commands_batch``), and is closed, never used again. A pick whose player's seat is not yet
known to the worker is prepared in a thread (its seat is read from the database once).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import anyio.to_thread

from torneo.cards.draft import commands_fast
from torneo.cards.draft.commands_fast import NOT_STORED, FastPick, Stored, Taken, Tried
from torneo.platform.live.broker import Notice, RedisBroker
from torneo.platform.store.uow import Store

log = logging.getLogger(__name__)

KEPT = 1  # connections a loop keeps between batches (one batch per event at a time)


def usable(store: Store) -> bool:
    """Whether the picks' batches go on the loop: PostgreSQL, the fast path on."""
    return commands_fast.ENABLED and store.engine.dialect.name == "postgresql"


async def try_picks(store: Store, event_id: int, picks: Sequence[FastPick]) -> list[Taken | None]:
    """``commands_fast.try_picks`` on the loop (module doc)."""
    out: list[Taken | None] = [None] * len(picks)
    if not usable(store):
        return out
    if commands_fast.seats_known(store, event_id, picks):
        database, now, tried = commands_fast.prepare(store, event_id, picks)
    else:  # a seat to read from the database: not on the loop
        database, now, tried = await anyio.to_thread.run_sync(
            commands_fast.prepare, store, event_id, picks
        )
    if not tried:
        return out
    stored = await _run(store, sorted({t[1].pod_id for t in tried}), tried)
    notices = commands_fast.finish(database, event_id, now, tried, stored, out)
    if notices:
        await publish(store, notices)
    return out


async def publish(store: Store, notices: Sequence[Notice]) -> None:
    """The notices of a committed batch: with the broker's async client on the loop when it is
    Redis (a lost notice costs freshness, never data: logged, not raised, as ``Store.publish``
    does), else as the store publishes (the in-process broker only queues them)."""
    broker = store.broker
    if not isinstance(broker, RedisBroker):
        store.publish(notices)
        return
    try:
        await broker.publish_async(notices)
    except Exception as exc:
        log.warning("%s live notice(s) not published: %s", len(notices), exc)


def _kept(store: Store) -> dict[asyncio.AbstractEventLoop, list[Any]]:
    found: dict[asyncio.AbstractEventLoop, list[Any]] = store.engine.__dict__.setdefault(
        "_torneo_fast_loop_kept", {}
    )
    return found


async def _connection(store: Store) -> Any:
    import psycopg

    kept = _kept(store).setdefault(asyncio.get_running_loop(), [])
    while kept:
        connection = kept.pop()
        if not connection.closed:
            return connection
    url = store.engine.url.set(drivername="postgresql")
    # autocommit: the pipeline's statements until its sync are one implicit transaction
    return await psycopg.AsyncConnection.connect(
        url.render_as_string(hide_password=False), autocommit=True
    )


async def _run(store: Store, pods: list[int], tried: Sequence[Tried]) -> list[Stored]:
    """``commands_fast._run`` with the async connection: which picks the message stored, which
    of them passed the packs, and the booster's picks after such a pass; a failure stored none
    (one transaction) and is the usual path's to meet."""
    import psycopg

    try:
        connection = await _connection(store)
    except psycopg.Error:
        log.info("draft: no connection for a batch; the usual path takes it", exc_info=True)
        return [NOT_STORED] * len(tried)
    try:
        cursors = []
        # The pipeline's end sends its one Sync and reads every result: no sync() of our own
        # before it (that was a second Sync, and a second round trip, at the block's end).
        async with connection.pipeline():
            pods_text = "{" + ",".join(map(str, pods)) + "}"  # as commands_fast._run
            await connection.cursor().execute(
                commands_fast.LOCK_SQL, {"pods": pods_text}, prepare=True
            )
            for *_, params in tried:
                cursor = connection.cursor()
                await cursor.execute(commands_fast.PICK_SQL, params, prepare=True)
                cursors.append(cursor)
        stored: list[Stored] = []
        for cursor in cursors:
            row = await cursor.fetchone()
            stored.append(NOT_STORED if row is None or row[0] != 1 else (True, row[1] == 1, row[2]))
    except psycopg.Error:
        log.info("draft: a batch's connection failed; the usual path takes it", exc_info=True)
        await connection.close()
    except BaseException:  # cancelled mid-pipeline: the connection's state is unknown
        await connection.close()
        raise
    else:
        kept = _kept(store).setdefault(asyncio.get_running_loop(), [])
        if len(kept) < KEPT:
            kept.append(connection)
        else:
            await connection.close()
        return stored
    return [NOT_STORED] * len(tried)


async def close(store: Store) -> None:
    """Close the connections the running loop keeps (a loop that ends: a test's, a worker's)."""
    for connection in _kept(store).pop(asyncio.get_running_loop(), []):
        await connection.close()
