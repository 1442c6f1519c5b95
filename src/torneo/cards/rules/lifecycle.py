"""Event lifecycle: draft → registration → running → finished; void from anywhere but void.

>>> can_move(EventStatus.REGISTRATION, EventStatus.RUNNING) is None
True
>>> refusal = can_move(EventStatus.FINISHED, EventStatus.RUNNING)
>>> refusal.text
'an event that is finished cannot become running'
>>> refusal.accepted_message.english()
'void'
"""

from __future__ import annotations

from enum import StrEnum

from torneo.core.errors import Refusal
from torneo.core.messages import N_, Term


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

# What each status may become, said as one message (the sorted targets of ``_NEXT``), so the
# list of states is translated as a whole.
_ALLOWED: dict[EventStatus, str] = {
    EventStatus.DRAFT: N_("registration, void"),
    EventStatus.REGISTRATION: N_("draft, running, void"),
    EventStatus.RUNNING: N_("finished, void"),
    EventStatus.FINISHED: N_("void"),
    EventStatus.VOID: N_("none (final state)"),
}


def can_move(current: EventStatus, target: EventStatus) -> Refusal | None:
    if target in _NEXT[current]:
        return None
    return Refusal(
        "status",
        N_("an event that is %(status)s cannot become %(target)s"),
        _ALLOWED[current],
        params={"status": Term(current), "target": Term(target)},
    )
