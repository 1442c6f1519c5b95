"""The pods of a card event (BER-POD-1/2) as ordered seat lists: the one way to read them.

The seats live in ``pod_seats`` (:class:`torneo.cards.pods.tables.PodSeat`: event, pod number,
seat number, registration and player). An event is "in pods" when its preset says so
(``[swiss] rounds_rule = "pods"``, berserk-online): the seating is made by the judge before the
start (by hand or automatically) or, at the latest, automatically when the event starts (snake by
rating, BER-POD-2, :func:`torneo.cards.rules.pods.form_pods`). Other code (the draft, the pages,
the exports) reads the pods with:

- :func:`event_pods` ``(session, event_id)`` → ``[Pod(number=1, players=(seat 1, seat 2, …)),
  Pod(number=2, …), …]``: every pod in number order, its players (``PlayerId``) in seat order;
  empty while the event is not seated;
- :func:`pods_of` ``(event)``: the same from an event already loaded (``state.get_event`` loads
  the seats with it);
- :func:`pod_of` ``(event)``: player id → pod number.

A seat keeps its player after a drop or a disqualification (the pod's history stays readable);
who is still playing comes from the registration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.pods.tables import PodSeat
from torneo.cards.rules.pods import Pod
from torneo.cards.tables import Event, Registration
from torneo.core.ids import PlayerId
from torneo.presets import Ruleset

SEATING = "seating"  # event.settings key: "auto" or "manual", how the pods were last seated
POD_ROUNDS = "pod_rounds"  # event.settings key: {pod: rounds}, fixed at the start (BER-POD-3)


def is_in_pods(ruleset: Ruleset) -> bool:
    """The preset seats its events in pods (``[swiss] rounds_rule = "pods"``)."""
    return ruleset.swiss.rounds_rule == "pods"


class _Settled(Protocol):
    """An event as stored or as the read pages load it (torneo.cards.views_lean)."""

    @property
    def settings(self) -> dict[str, Any]: ...


def pod_rounds(event: _Settled) -> dict[int, int]:
    """BER-POD-3: the rounds each pod plays, as fixed at the start (empty before it)."""
    return {int(k): int(v) for k, v in (event.settings.get(POD_ROUNDS) or {}).items()}


def _grouped(seats: Sequence[PodSeat]) -> list[Pod]:
    by_pod: dict[int, list[tuple[int, PlayerId]]] = {}
    for s in seats:
        by_pod.setdefault(s.pod, []).append((s.seat, PlayerId(s.player_id)))
    return [
        Pod(number, tuple(player for _, player in sorted(by_pod[number])))
        for number in sorted(by_pod)
    ]


def event_pods(session: Session, event_id: int) -> list[Pod]:
    """The event's pods, pod 1 first, each its players in seat order (empty: not seated)."""
    seats = session.scalars(
        select(PodSeat).where(PodSeat.event_id == event_id).order_by(PodSeat.pod, PodSeat.seat)
    ).all()
    return _grouped(seats)


def pods_of(event: Event) -> list[Pod]:
    """:func:`event_pods` of an event already loaded with its seats."""
    return _grouped(event.pod_seats)


def pod_of(event: Event) -> dict[PlayerId, int]:
    """Player id → pod number (players without a seat are absent)."""
    return {PlayerId(s.player_id): s.pod for s in event.pod_seats}


def seat_pods(session: Session, event: Event, pods: Sequence[Pod]) -> None:
    """Replace the event's seating with ``pods`` (every player a registration of the event)."""
    regs: dict[int, Registration] = {r.player_id: r for r in event.registrations}
    event.pod_seats.clear()
    session.flush()  # the old seats go first: the new ones reuse their (pod, seat) numbers
    for pod in pods:
        for seat, player in enumerate(pod.players, start=1):
            reg = regs[int(player)]
            add_seat(event, reg.player_id, reg.id, pod.number, seat)


def add_seat(event: Event, player_id: int, registration_id: int, pod: int, seat: int) -> None:
    event.pod_seats.append(
        PodSeat(
            event_id=event.id,
            pod=pod,
            seat=seat,
            registration_id=registration_id,
            player_id=player_id,
        )
    )


__all__ = [
    "POD_ROUNDS",
    "SEATING",
    "add_seat",
    "event_pods",
    "is_in_pods",
    "pod_of",
    "pod_rounds",
    "pods_of",
    "seat_pods",
]
