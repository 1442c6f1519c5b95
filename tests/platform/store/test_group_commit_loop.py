"""The group commit of a coroutine's batches on the event loop (issue 32 item 1, round 2):
a lone item at once, the items queued behind a batch together in the next, no thread."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

from torneo.platform.store.group_commit_loop import LoopGroupCommit


class Recorder:
    """A batch's run: tens of each item, an odd item refused; held until ``release``."""

    def __init__(self) -> None:
        self.batches: list[tuple[str, list[int]]] = []
        self.threads: set[int] = set()
        self.release = asyncio.Event()
        self.release.set()
        self.entered = asyncio.Event()

    async def __call__(self, key: str, items: Sequence[int]) -> list[int | BaseException]:
        self.threads.add(threading.get_ident())
        self.batches.append((key, list(items)))
        self.entered.set()
        await self.release.wait()
        return [ValueError(f"odd {i}") if i % 2 else i * 10 for i in items]


def test_a_lone_item_is_run_at_once_on_the_callers_thread() -> None:
    run = Recorder()
    batches = LoopGroupCommit(run)

    async def scenario() -> tuple[int, str]:
        value = await batches.submit_async("e1", 4)
        with pytest.raises(ValueError, match="odd 3") as refused:
            await batches.submit_async("e1", 3)
        return value, str(refused.value)

    assert asyncio.run(scenario()) == (40, "odd 3")
    assert run.batches == [("e1", [4]), ("e1", [3])]
    assert run.threads == {threading.get_ident()}  # no thread of its own (module doc)
    assert (batches.batches, batches.items) == (2, 2)


def test_items_queued_behind_a_batch_make_the_next_batch_together() -> None:
    run = Recorder()
    batches = LoopGroupCommit(run)

    async def scenario() -> list[object]:
        run.release.clear()
        first = asyncio.ensure_future(batches.submit_async("e1", 2))
        await run.entered.wait()
        waiting = [asyncio.ensure_future(batches.submit_async("e1", i)) for i in (4, 5, 6)]
        other = asyncio.ensure_future(batches.submit_async("e2", 8))  # another key: at once
        await asyncio.sleep(0)
        run.release.set()
        answers = await asyncio.gather(first, *waiting, other, return_exceptions=True)
        return [str(a) if isinstance(a, ValueError) else a for a in answers]

    assert asyncio.run(scenario()) == [20, 40, "odd 5", 60, 80]
    assert run.batches == [("e1", [2]), ("e2", [8]), ("e1", [4, 5, 6])]


def test_a_caller_that_stops_waiting_leaves_its_item_to_be_written() -> None:
    run = Recorder()
    batches = LoopGroupCommit(run)

    async def scenario() -> int:
        run.release.clear()
        first = asyncio.ensure_future(batches.submit_async("e1", 2))
        await run.entered.wait()
        gone = asyncio.ensure_future(batches.submit_async("e1", 4))
        await asyncio.sleep(0)
        gone.cancel()  # its page left
        run.release.set()
        return await first

    assert asyncio.run(scenario()) == 20
    assert run.batches == [("e1", [2]), ("e1", [4])]


def test_a_failing_run_is_every_items_outcome_and_the_key_goes_on() -> None:
    calls: list[list[int]] = []

    async def run(key: str, items: Sequence[int]) -> list[int | BaseException]:
        calls.append(list(items))
        if len(calls) == 1:
            raise ConnectionError("away")
        out: list[int | BaseException] = list(items)
        return out

    batches = LoopGroupCommit(run, max_batch=2)

    async def scenario() -> list[object]:
        answers = await asyncio.gather(
            *(batches.submit_async("e1", i) for i in (1, 2, 3)), return_exceptions=True
        )
        return [type(a).__name__ if isinstance(a, Exception) else a for a in answers]

    # all three queued before the leader's task ran: a batch of two (max 2) failed, then the third
    assert asyncio.run(scenario()) == ["ConnectionError", "ConnectionError", 3]
    assert calls == [[1, 2], [3]]


def test_a_cancelled_leader_leaves_no_caller_waiting() -> None:
    run = Recorder()
    batches = LoopGroupCommit(run)

    async def scenario() -> list[bool]:
        run.release.clear()
        first = asyncio.ensure_future(batches.submit_async("e1", 2))
        await run.entered.wait()
        queued = asyncio.ensure_future(batches.submit_async("e1", 4))
        await asyncio.sleep(0)
        batches._leaders["e1"].cancel()  # the loop closing
        await asyncio.wait([first, queued], timeout=10)
        return [first.cancelled(), queued.cancelled()]

    assert asyncio.run(scenario()) == [True, True]
    assert not batches._leaders
