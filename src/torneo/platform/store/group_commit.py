"""Group commit: requests of one key that arrive while an earlier batch of that key is being
written are written together, in one transaction (issue 14 item 3: reports per second).

How it works (leader and followers, the way databases group their log flushes): a thread that
submits an item when no batch of its key is running becomes the *leader*: it takes every item
queued for the key (its own first) and runs them as one batch. Threads that submit while it
runs queue their items and wait. When the batch is done the leader hands each waiting thread of
its batch its own outcome, and wakes the first thread still queued to lead the next batch. So

- a lone request is written at once, alone, as before: nothing waits for a timer;
- under a burst, each batch holds what arrived while the previous one was being written, and
  a transaction's fixed costs (the connection, BEGIN, the locks, the audit INSERT, COMMIT) are
  paid once per batch instead of once per request;
- one batch per key runs at a time in a process: batches of one key never contend with each
  other here (workers in other processes run theirs side by side, under the database's locks).

Why not a library: the libraries that batch do it with a timer (wait N ms to fill a batch), which
adds that wait to every lone request; this one adds none, and it runs in the caller's thread
(the web worker's thread pool), so it needs no thread of its own.

``run`` returns one outcome per item, in order: a value, or the exception that item raises in
its own thread. An exception out of ``run`` itself is raised in every thread of the batch.

A caller on an event loop (:meth:`GroupCommit.submit_async`, issue 32 item 4) waits for its
outcome on the loop, with no thread of its own: handing each report to a thread of the worker's
pool and back cost more than 0.1 ms of the worker. Its item is queued as any other; the batch
that holds it runs in a thread of the group commit's own (:data:`BATCH_THREADS`), started by
whoever would have woken that caller to lead, and its outcome comes back to the loop in one
wake-up per batch and loop. A caller that stops waiting (its client left) leaves its item in
the queue: it is written all the same, as a thread's would be.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
I = TypeVar("I")  # noqa: E741 - the item type
R = TypeVar("R")
BATCH_THREADS = 4  # threads running the batches of callers on an event loop (module doc)


_LOOP = threading.Event()  # the ``woken`` of a caller on an event loop: never waited on


class _Slot(Generic[I, R]):
    __slots__ = ("done", "error", "future", "item", "lead", "value", "woken")

    def __init__(self, item: I, future: asyncio.Future[None] | None = None) -> None:
        self.item = item
        self.future = future  # a caller on an event loop: set when done
        # a thread's caller waits on it; one on a loop has its future (issue 32: an Event is
        # a Condition and two locks, made for every pick of a draft)
        self.woken = threading.Event() if future is None else _LOOP
        self.lead = False  # woken to lead the next batch
        self.done = False  # woken with its outcome
        self.value: R | None = None
        self.error: BaseException | None = None


class GroupCommit(Generic[K, I, R]):
    """Batches of ``run(key, items)``, at most ``max_batch`` items each (module doc)."""

    def __init__(
        self, run: Callable[[K, Sequence[I]], Sequence[R | BaseException]], max_batch: int = 64
    ) -> None:
        if max_batch < 1:
            raise ValueError(f"max_batch is {max_batch}: at least 1")
        self._run = run
        self._max = max_batch
        self._lock = threading.Lock()
        self._queued: dict[K, list[_Slot[I, R]]] = {}
        self._busy: set[K] = set()
        self.batches = 0  # batches run, and items in them (the bench prints their ratio)
        self.items = 0
        self._threads: ThreadPoolExecutor | None = None  # made with the first async caller
        self._threads_lock = threading.Lock()

    def _in_thread(self, key: K) -> None:
        """Lead the next batch of ``key`` in a thread of the group commit's own."""
        with self._threads_lock:  # not self._lock: _hand_over calls this holding it
            if self._threads is None:
                self._threads = ThreadPoolExecutor(BATCH_THREADS, "group-commit")
        # The caller's context (its request id, for the batch's log lines), as a thread of the
        # worker's pool would have had it.
        self._threads.submit(contextvars.copy_context().run, self._lead, key)

    def _enqueue(self, key: K, slot: _Slot[I, R]) -> bool:
        """Queue ``slot`` under ``key``; True when no batch of ``key`` runs: the caller leads."""
        with self._lock:
            self._queued.setdefault(key, []).append(slot)
            lead = key not in self._busy
            if lead:
                self._busy.add(key)
        return lead

    async def submit_async(self, key: K, item: I) -> R:
        """:meth:`submit` for a caller on an event loop: it waits on the loop, and its batch
        runs in a thread of the group commit's (module doc)."""
        slot: _Slot[I, R] = _Slot(item, asyncio.get_running_loop().create_future())
        if self._enqueue(key, slot):
            self._in_thread(key)
        assert slot.future is not None
        await slot.future
        if slot.error is not None:
            raise slot.error
        return slot.value  # type: ignore[return-value] # set with done, error None

    def submit(self, key: K, item: I) -> R:
        """Write ``item`` (with others of ``key``, if they came at the same time); its outcome."""
        slot: _Slot[I, R] = _Slot(item)
        if self._enqueue(key, slot):
            self._lead(key)
        else:
            slot.woken.wait()
            if slot.lead:  # handed the lead: the next batch starts with this slot
                slot.woken.clear()
                self._lead(key)
        if slot.error is not None:
            raise slot.error
        return slot.value  # type: ignore[return-value] # set with done, error None

    def _lead(self, key: K) -> None:
        with self._lock:
            queue = self._queued[key]
            batch, self._queued[key] = queue[: self._max], queue[self._max :]
            self.batches += 1
            self.items += len(batch)
        try:
            outcomes: Sequence[R | BaseException] = self._run(key, [s.item for s in batch])
            if len(outcomes) != len(batch):
                raise RuntimeError(f"{len(outcomes)} outcomes for a batch of {len(batch)}")
        except BaseException as exc:  # every thread of the batch learns it
            outcomes = [exc] * len(batch)
        finally:
            self._hand_over(key)
        waiting: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
        for slot, outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                slot.error = outcome
            else:
                slot.value = outcome
            slot.done = True
            if slot.future is None:
                slot.woken.set()
            else:
                waiting.setdefault(slot.future.get_loop(), []).append(slot.future)
        for loop, futures in waiting.items():  # one wake-up of each loop for the whole batch
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits there now
                loop.call_soon_threadsafe(_resolve, futures)

    def _hand_over(self, key: K) -> None:
        """The next batch of ``key`` to its first queued thread, or the key is idle again."""
        with self._lock:
            queue = self._queued.get(key)
            if queue and queue[0].future is not None:
                self._in_thread(key)  # a caller on a loop: its batch runs in our thread
            elif queue:
                queue[0].lead = True
                queue[0].woken.set()
            else:
                self._queued.pop(key, None)
                self._busy.discard(key)


def _resolve(futures: list[asyncio.Future[None]]) -> None:
    for future in futures:
        if not future.done():  # not given up by its caller
            future.set_result(None)
