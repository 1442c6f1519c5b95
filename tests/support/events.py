"""Helpers for service tests: run an event's rounds with seeded random results."""

from __future__ import annotations

import random

from sqlalchemy import func, select

from torneo.cards import commands as events
from torneo.cards.state import get_event
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store

RESULTS = ["2-0", "2-1", "1-2", "0-2", "1-1-1", "2-0", "0-2"]
TOP_RESULTS = ["2-0", "2-1", "1-2", "0-2"]


def roster(n: int) -> str:
    return "\n".join(f"Giocatore {i:02d},Club {i % 5}" for i in range(1, n + 1))


def report_round(
    store: Store,
    actor: Actor,
    event_id: int,
    rng: random.Random,
    *,
    top: bool = False,
    results: list[str] | None = None,
) -> None:
    with store.read() as s:
        event = get_event(s, event_id)
        current = max(m.round_no for m in event.matches)
        tables = [
            m.table_no
            for m in event.matches
            if m.round_no == current and m.player_b_id is not None and m.wins_a is None
        ]
    for table in tables:
        result = rng.choice(results or (TOP_RESULTS if top else RESULTS))
        events.report_result(store, actor, event_id, current, table, result)


def play_swiss_and_top(
    store: Store, actor: Actor, event_id: int, rng: random.Random, *, swiss: int, top: int
) -> None:
    """A started event played on: ``swiss`` rounds paired and reported, then the Top X started
    and its ``top`` rounds reported (each next one paired), random results throughout."""
    for _ in range(swiss):
        events.pair_next_round(store, actor, event_id)
        report_round(store, actor, event_id, rng)
    events.start_top(store, actor, event_id)
    for n in range(top):
        report_round(store, actor, event_id, rng, top=True)
        if n < top - 1:
            events.pair_next_round(store, actor, event_id)


def fingerprint(store: Store, event_id: int | None = None) -> tuple[int, int | None]:
    """(audit rows, event version): both unchanged after a refused action."""
    with store.read() as s:
        audits = s.scalar(select(func.count()).select_from(AuditEntry)) or 0
        version = get_event(s, event_id).version if event_id is not None else None
        return audits, version
