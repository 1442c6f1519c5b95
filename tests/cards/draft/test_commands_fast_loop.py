"""The picks' one round trip on the worker's event loop (issue 32 item 1, round 2:
``commands_fast_loop``): the same picks, audit rows, answers and notices as in a thread, with no
thread once the seats are known, and a dead kept connection's batch taken the usual way once."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import anyio.to_thread
import pytest
from sqlalchemy import func, select

from tests.faults.test_database_connections import _kill_connections
from tests.support.draft import draft_event, pack_of, player, pod_now, seat_players
from torneo.cards.draft import commands_fast_loop
from torneo.cards.draft.commands import Picked
from torneo.cards.draft.commands_batch import PickIn, pick_cards_async
from torneo.cards.draft.tables import DraftPick
from torneo.platform.live.broker import Notice
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store

pytestmark = pytest.mark.postgres


def _postgres(store: Store) -> None:
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite's picks go the usual way in a thread")


def _counts(store: Store) -> tuple[int, int]:
    with store.read() as s:
        picks = s.scalar(select(func.count()).select_from(DraftPick)) or 0
        audits = s.scalar(
            select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "draft.pick")
        )
        return picks, audits or 0


def _picks(store: Store, event: int, seats: dict[tuple[int, int], int], *nos: int) -> list[PickIn]:
    return [PickIn(player(seats[(1, s)]), pack_of(store, event, s)[0], 1, 1, None) for s in nos]


def test_a_round_on_the_loop_stores_each_pick_once_and_passes_with_no_thread(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    _postgres(store)
    event = draft_event(store, 8, pick_seconds=60)
    seats = seat_players(store, event)
    published: list[str] = []

    def publish(notices: Sequence[Notice]) -> None:
        published.extend(n.kind for n in notices)

    monkeypatch.setattr(store, "publish", publish)
    batches = [_picks(store, event, seats, *nos) for nos in ((1, 2), (3, 4, 5), (6, 7), (8,))]

    async def scenario() -> list[list[Picked | BaseException]]:
        out = [await pick_cards_async(store, event, batches[0])]  # reads the seats: a thread

        async def no_thread(*_: Any) -> Any:
            raise AssertionError("a thread for a batch whose seats are known")

        monkeypatch.setattr(anyio.to_thread, "run_sync", no_thread)
        out += [await pick_cards_async(store, event, b) for b in batches[1:]]
        await commands_fast_loop.close(store)
        return out

    outcomes = asyncio.run(scenario())
    assert all(isinstance(o, Picked) for batch in outcomes for o in batch)
    last = outcomes[-1][0]
    assert isinstance(last, Picked)
    assert last.now is not None
    assert (last.now.booster, last.now.pick) == (1, 2)  # the last pick passed the packs
    assert _counts(store) == (8, 8)
    assert published == ["picked"] * 7 + ["pass", "draft"]
    state = pod_now(store, event)
    assert state.position is not None
    assert (state.position.booster, state.position.pick) == (1, 2)


def test_a_refused_pick_on_the_loop_gets_the_usual_answer(store: Store) -> None:
    _postgres(store)
    event = draft_event(store, 8, pick_seconds=60)
    seats = seat_players(store, event)
    [good] = _picks(store, event, seats, 1)
    twice = PickIn(good.actor, good.card, 1, 1, None)  # the same seat again: refused

    async def scenario() -> list[Picked | BaseException]:
        out = await pick_cards_async(store, event, [good, twice])
        await commands_fast_loop.close(store)
        return out

    first, second = asyncio.run(scenario())
    assert isinstance(first, Picked)
    assert not isinstance(second, Picked)
    assert _counts(store) == (1, 1)


def test_the_loops_kept_connection_dies_between_two_batches(store: Store) -> None:
    """The picks of the batch after are taken the usual way, once each; the dead connection is
    not kept, a new one takes the next batch (BER-DRAFT-1)."""
    _postgres(store)
    event = draft_event(store, 8, pick_seconds=60)
    seats = seat_players(store, event)

    def kept_pid() -> int:
        [connection] = next(iter(store.engine.__dict__["_torneo_fast_loop_kept"].values()))
        return int(connection.info.backend_pid)

    async def scenario() -> list[Picked | BaseException]:
        out = await pick_cards_async(store, event, _picks(store, event, seats, 1, 2, 3))
        dead = kept_pid()
        assert await asyncio.to_thread(_kill_connections, store, dead) == 1
        out += await pick_cards_async(store, event, _picks(store, event, seats, 4, 5, 6))
        out += await pick_cards_async(store, event, _picks(store, event, seats, 7, 8))
        assert kept_pid() != dead
        await commands_fast_loop.close(store)
        return out

    out = asyncio.run(scenario())
    assert all(isinstance(o, Picked) for o in out)
    assert _counts(store) == (8, 8)  # each once
