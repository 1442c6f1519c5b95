"""The group commit of the web workers (torneo.platform.store.group_commit), with threads."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest

from torneo.platform.store.group_commit import GroupCommit


class Recorder:
    """A batch runner that records its batches; the first batch waits for ``release``."""

    def __init__(self) -> None:
        self.batches: list[tuple[str, list[int]]] = []
        self.entered = threading.Event()
        self.release = threading.Event()
        self.release.set()

    def __call__(self, key: str, items: Sequence[int]) -> list[int | BaseException]:
        self.batches.append((key, list(items)))
        self.entered.set()
        self.release.wait(10)
        return [ValueError(f"odd {i}") if i % 2 else i * 10 for i in items]


def _submit_all(
    batches: GroupCommit[str, int, int], items: list[tuple[str, int]]
) -> tuple[list[threading.Thread], dict[int, object]]:
    out: dict[int, object] = {}

    def one(key: str, item: int) -> None:
        try:
            out[item] = batches.submit(key, item)
        except ValueError as exc:
            out[item] = str(exc)

    threads = [threading.Thread(target=one, args=pair) for pair in items]
    for t in threads:
        t.start()
    return threads, out


def _wait_queued(batches: GroupCommit[str, int, int], key: str, n: int) -> None:
    for _ in range(10_000):
        with batches._lock:
            if len(batches._queued.get(key, [])) >= n:
                return
        threading.Event().wait(0.001)
    raise AssertionError(f"{n} items never queued")


def test_a_lone_item_is_run_at_once_alone() -> None:
    run = Recorder()
    batches = GroupCommit(run)
    assert batches.submit("e1", 4) == 40
    assert run.batches == [("e1", [4])]
    assert (batches.batches, batches.items) == (1, 1)


def test_items_that_arrive_while_a_batch_runs_make_the_next_batch_together() -> None:
    run = Recorder()
    run.release.clear()
    batches = GroupCommit(run)
    first, out = _submit_all(batches, [("e1", 2)])
    assert run.entered.wait(5)
    later, out_later = _submit_all(batches, [("e1", i) for i in (4, 5, 6)])
    _wait_queued(batches, "e1", 3)
    run.release.set()
    for t in first + later:
        t.join(10)
    assert run.batches[0] == ("e1", [2])
    assert run.batches[1][0] == "e1"
    assert sorted(run.batches[1][1]) == [4, 5, 6]
    # Each thread gets its own outcome; one item's exception is raised in its thread only.
    assert out == {2: 20}
    assert out_later == {4: 40, 5: "odd 5", 6: 60}
    assert (batches.batches, batches.items) == (2, 4)


def test_batches_hold_at_most_max_batch_items_and_every_item_is_run() -> None:
    run = Recorder()
    run.release.clear()
    batches = GroupCommit(run, max_batch=2)
    first, _ = _submit_all(batches, [("e1", 0)])
    assert run.entered.wait(5)
    later, out = _submit_all(batches, [("e1", i) for i in (2, 4, 6, 8, 10)])
    _wait_queued(batches, "e1", 5)
    run.release.set()
    for t in first + later:
        t.join(10)
    assert [len(items) for _, items in run.batches] == [1, 2, 2, 1]
    assert out == {2: 20, 4: 40, 6: 60, 8: 80, 10: 100}
    assert not batches._busy
    assert not batches._queued


def test_keys_are_batched_apart_and_do_not_wait_for_each_other() -> None:
    held = threading.Event()
    entered = threading.Event()
    seen: list[tuple[str, list[int]]] = []

    def run(key: str, items: Sequence[int]) -> list[int | BaseException]:
        seen.append((key, list(items)))
        if key == "e1":
            entered.set()
            held.wait(10)
        return list(items)

    batches: GroupCommit[str, int, int] = GroupCommit(run)
    first = threading.Thread(target=lambda: batches.submit("e1", 2))
    first.start()
    assert entered.wait(5)
    # e1's batch is still running: e2's lone item runs at once, as a batch of its own.
    assert batches.submit("e2", 4) == 4
    assert first.is_alive()
    held.set()
    first.join(10)
    assert seen == [("e1", [2]), ("e2", [4])]


def test_an_error_of_the_whole_batch_reaches_every_thread_and_the_next_batch_still_runs() -> None:
    calls: list[list[int]] = []
    gate = threading.Event()

    def run(key: str, items: Sequence[int]) -> list[int | BaseException]:
        calls.append(list(items))
        gate.wait(10)
        if len(calls) == 2:
            raise RuntimeError("the database went away")
        return list(items)

    batches: GroupCommit[str, int, int] = GroupCommit(run)
    errors: list[str] = []
    results: list[int] = []

    def one(item: int) -> None:
        try:
            results.append(batches.submit("e1", item))
        except RuntimeError as exc:
            errors.append(str(exc))

    first = threading.Thread(target=one, args=(1,))
    first.start()
    while not calls:
        threading.Event().wait(0.001)
    second = [threading.Thread(target=one, args=(i,)) for i in (2, 3)]
    for t in second:
        t.start()
    _wait_queued(batches, "e1", 2)
    gate.set()
    for t in [first, *second]:
        t.join(10)
    assert results == [1]
    assert errors == ["the database went away"] * 2
    assert batches.submit("e1", 7) == 7  # the key is usable again


def test_a_runner_that_loses_outcomes_is_an_error_for_the_batch() -> None:
    batches: GroupCommit[str, int, int] = GroupCommit(lambda key, items: [])
    with pytest.raises(RuntimeError, match="0 outcomes for a batch of 1"):
        batches.submit("e1", 1)


def test_max_batch_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="max_batch is 0: at least 1"):
        GroupCommit(lambda key, items: list(items), max_batch=0)
