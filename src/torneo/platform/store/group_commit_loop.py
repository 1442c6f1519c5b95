"""Group commit on the event loop: ``group_commit``'s batches for a ``run`` that is a coroutine
(issue 32 item 1, round 2: the draft's picks written with psycopg's async connection).

The same idea as :class:`torneo.platform.store.group_commit.GroupCommit` — items of one key
that arrive while a batch of that key is being written go together in the next batch, a lone
item is written at once, one batch per key at a time — with no thread: the batches of a key run
in one task of the loop, started by the item that finds the key idle and ended when the key's
queue is empty. Handing each batch to a thread and its outcome back to the loop cost the
draft's workers a thread's wake-up (a futex call while holding the interpreter) and a wake-up
of the loop per batch, most batches holding one pick.

A caller that stops waiting (its page left, its task cancelled) leaves its item in the batch:
it is written all the same, its outcome dropped. An exception out of ``run`` is every item's
outcome in that batch.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
I = TypeVar("I")  # noqa: E741 - the item type
R = TypeVar("R")


class LoopGroupCommit(Generic[K, I, R]):
    """Batches of ``await run(key, items)``, at most ``max_batch`` items each (module doc)."""

    def __init__(
        self,
        run: Callable[[K, Sequence[I]], Awaitable[Sequence[R | BaseException]]],
        max_batch: int = 64,
    ) -> None:
        if max_batch < 1:
            raise ValueError(f"max_batch is {max_batch}: at least 1")
        self._run = run
        self._max = max_batch
        self._queued: dict[K, list[tuple[I, asyncio.Future[R | BaseException]]]] = {}
        self._leaders: dict[K, asyncio.Task[None]] = {}  # held: the loop keeps weak references
        self.batches = 0  # batches run, and items in them
        self.items = 0

    async def submit_async(self, key: K, item: I) -> R:
        """Write ``item`` (with others of ``key``, if they came at the same time); its outcome,
        or the exception it raised."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[R | BaseException] = loop.create_future()
        self._queued.setdefault(key, []).append((item, future))
        if key not in self._leaders:
            self._leaders[key] = loop.create_task(self._lead(key))
        outcome = await future
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    async def _lead(self, key: K) -> None:
        batch: list[tuple[I, asyncio.Future[R | BaseException]]] = []
        try:
            while queue := self._queued.get(key):
                batch, self._queued[key] = queue[: self._max], queue[self._max :]
                self.batches += 1
                self.items += len(batch)
                try:
                    outcomes = await self._run(key, [item for item, _ in batch])
                    if len(outcomes) != len(batch):
                        raise RuntimeError(f"{len(outcomes)} outcomes for a batch of {len(batch)}")
                except Exception as exc:  # every item of the batch learns it
                    outcomes = [exc] * len(batch)
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    # a result, not an exception: nobody may be left to retrieve it (module doc)
                    if not future.done():
                        future.set_result(outcome)
        finally:
            left = self._queued.pop(key, [])
            del self._leaders[key]
            # a cancelled leader (the loop closing): its batch's callers and the queued ones
            # are cancelled, not left waiting (the batch's transaction is the database's)
            for _, future in [*batch, *left]:
                future.cancel()
