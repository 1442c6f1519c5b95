"""The live draft's notices (BER-DRAFT-1): what a change tells every worker's pages.

They travel on the draft's internal topic only (:func:`topic`): they carry the packs, which
are private, so never a public ``/live`` topic. Each worker's hub hands a page the part for its
seat (``cards.draft.api_live.Seat.hear``).
"""

from __future__ import annotations

from datetime import datetime

from torneo.cards.draft.state import PodState
from torneo.cards.draft.tables import DraftPod, DraftSeat
from torneo.cards.rules.boosters import draft_booster
from torneo.cards.rules.draft import pack
from torneo.cards.rules.sets import CardSet
from torneo.platform.live.broker import untimed

# no page's stream opens on the draft's topic (its pages have their socket): nobody asks when
# it last changed, and a pick's notice is one Redis command (issue 32)
untimed("draft")


def topic(event_id: int) -> str:
    """The internal topic of an event's draft (packs are private: never a public /live topic)."""
    return f"draft:{event_id}"


def start_notice(
    cards: CardSet, seed: int, pods: list[tuple[DraftPod, list[DraftSeat]]], deadline: datetime
) -> dict[str, object]:
    """What every page needs when the draft starts: its seat and its first pack (issue 32).

    Each page read its whole state at the start, four at a time a worker, while the first
    pick's time ran: with 512 drafters the last pages got their pack seconds late and their
    picks came after the timer's. From this notice a page answers at once, without the
    database (``api_live.Seat.hear``). It travels on the draft's internal topic only (the
    packs are private, BER-DRAFT-1), keyed by player: ``[pod id, pod number, seat number,
    seats in the pod, seat id]`` and the codes of the seat's first booster."""
    seating: dict[str, list[int]] = {}
    packs: dict[str, list[str]] = {}
    for pod, seats in pods:
        for seat in seats:
            key = str(seat.player_id)
            seating[key] = [pod.id, pod.pod_no, seat.seat_no, len(seats), seat.id]
            packs[key] = list(draft_booster(cards, seed, pod.pod_no, seat.seat_no, 1))
    boosters = pods[0][0].boosters if pods else 0
    return {
        "deadline": deadline.isoformat(),
        "boosters": boosters,
        "seating": seating,
        "packs": packs,
    }


def pass_notice(state: PodState) -> dict[str, object]:
    """What every seat of the pod needs after a pass: the pick, the deadline, its own pack."""
    position = state.position
    packs = (
        {
            str(s): list(pack(state.plan, state.opened, state.picks, s, position))
            for s in state.seats
        }
        if position is not None
        else {}
    )
    return {
        "pod": state.pod.id,
        "status": state.pod.status,
        "booster": position.booster if position else None,
        "pick": position.pick if position else None,
        "deadline": state.deadline.isoformat() if state.deadline else None,
        "packs": packs,
    }
