"""A small cache of event read models and rendered sections, checked against the database.

Hundreds of players reload one event page between two results. Each request asks the database
for the event's :func:`~torneo.cards.views.state_token` (one cheap query); while it is
unchanged the read model and the rendered sections are reused. Nothing is trusted without that
check, so the cache never serves a stale page, on one worker or many: it only saves the work of
recomputing what the database says has not changed. Entries are few and bounded (LRU).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from fastapi import Request

from torneo.cards import views as queries
from torneo.cards.views import EventPage
from torneo.platform.web.session import store_of

T = TypeVar("T")


class ReadCache:
    def __init__(self, capacity: int = 128) -> None:
        self.capacity = capacity
        self._items: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get_or_build(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                return self._items[key]  # type: ignore[return-value]
        value = build()  # outside the lock: two builders of one key both compute, one wins
        with self._lock:
            self.misses += 1
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def cached_event_page(
    request: Request, event_id: int, round_no: int | None = None
) -> tuple[EventPage, tuple[int, ...]]:
    """The event's read model and its state token; rebuilt only when the token changed."""
    store = store_of(request)
    token = queries.state_token(store, event_id)
    if token is None:
        queries.event_page(store, event_id, round_no=round_no)  # raises NotFound
        raise AssertionError("unreachable: the event has no state token but exists")
    cache: ReadCache = request.app.state.read_cache
    page = cache.get_or_build(
        ("page", event_id, round_no, token),
        lambda: queries.event_page(store, event_id, round_no=round_no),
    )
    return page, token
