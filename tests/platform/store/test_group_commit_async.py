"""The group commit's callers on an event loop (issue 32 item 4): they wait on the loop, their
batches run in the group commit's threads, beside callers in threads."""

from __future__ import annotations

import asyncio

import pytest

from tests.platform.store.test_group_commit import Recorder, _submit_all, _wait_queued
from torneo.platform.store.group_commit import GroupCommit


def test_a_lone_item_on_a_loop_is_run_at_once_in_a_thread_of_its_own() -> None:
    run = Recorder()
    batches = GroupCommit(run)

    async def scenario() -> tuple[int, str]:
        value = await batches.submit_async("e1", 4)
        with pytest.raises(ValueError, match="odd 3") as refused:
            await batches.submit_async("e1", 3)
        return value, str(refused.value)

    assert asyncio.run(scenario()) == (40, "odd 3")
    assert run.batches == [("e1", [4]), ("e1", [3])]


def test_loop_and_thread_callers_queued_behind_a_batch_make_the_next_batch_together() -> None:
    run = Recorder()
    run.release.clear()
    batches = GroupCommit(run)
    threads, out = _submit_all(batches, [("e1", 2)])  # a thread leads; its batch is held
    assert run.entered.wait(10)

    async def scenario() -> list[object]:
        waiting = [asyncio.ensure_future(batches.submit_async("e1", i)) for i in (4, 5)]
        await asyncio.sleep(0)
        _wait_queued(batches, "e1", 2)
        more, more_out = _submit_all(batches, [("e1", 6)])  # and a thread behind them
        await asyncio.to_thread(_wait_queued, batches, "e1", 3)
        run.release.set()
        answers = await asyncio.gather(*waiting, return_exceptions=True)
        for t in more:
            await asyncio.to_thread(t.join, 10)
        return [*(str(a) if isinstance(a, ValueError) else a for a in answers), more_out[6]]

    answers = asyncio.run(scenario())
    for t in threads:
        t.join(10)
    assert out == {2: 20}
    assert answers == [40, "odd 5", 60]
    # The queued items, the loop's first, made one batch, led by a thread of the group commit.
    assert run.batches == [("e1", [2]), ("e1", [4, 5, 6])]


def test_a_caller_that_stops_waiting_leaves_its_item_to_be_written() -> None:
    run = Recorder()
    run.release.clear()
    batches = GroupCommit(run)
    threads, _ = _submit_all(batches, [("e1", 2)])
    assert run.entered.wait(10)

    async def scenario() -> int:
        gone = asyncio.ensure_future(batches.submit_async("e1", 4))
        await asyncio.sleep(0)
        _wait_queued(batches, "e1", 1)
        gone.cancel()  # its client left
        run.release.set()
        for t in threads:
            await asyncio.to_thread(t.join, 10)
        return await batches.submit_async("e1", 8)  # the key is not stuck

    assert asyncio.run(scenario()) == 80
    written = [item for _, items in run.batches for item in items]
    assert written == [2, 4, 8]  # 4 written all the same (alone, or with 8)
