"""Event lifecycle: draft → registration → running → finished; void from anywhere but void."""

from __future__ import annotations

from enum import StrEnum

from torneo.core.errors import Refusal


class EventStatus(StrEnum):
    DRAFT = "draft"
    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"
    VOID = "void"  # INV-LEGAL-8: kept visible with its reasons, gives no season points


_NEXT: dict[EventStatus, frozenset[EventStatus]] = {
    EventStatus.DRAFT: frozenset({EventStatus.REGISTRATION, EventStatus.VOID}),
    EventStatus.REGISTRATION: frozenset({EventStatus.DRAFT, EventStatus.RUNNING, EventStatus.VOID}),
    EventStatus.RUNNING: frozenset({EventStatus.FINISHED, EventStatus.VOID}),
    EventStatus.FINISHED: frozenset({EventStatus.VOID}),
    EventStatus.VOID: frozenset(),
}


def can_move(current: EventStatus, target: EventStatus) -> Refusal | None:
    if target in _NEXT[current]:
        return None
    allowed = ", ".join(sorted(_NEXT[current])) or "none (final state)"
    return Refusal("status", f"an event that is {current} cannot become {target}", allowed)
