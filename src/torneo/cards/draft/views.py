"""Read models of a limited event: the player's draft (pack, picks, timer), the judges' overview,
the pick log (per player, exportable as CSV) and the card sets.

The player's view is what a reconnecting page gets back: the pack they hold now, the picks
they made, the deadline as the server keeps it and the server's clock (the page counts down
from the difference, never from the phone's own clock).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.draft.commands_presence import is_connected
from torneo.cards.draft.state import (
    PodState,
    aware,
    card_set,
    draft_facts,
    pod_state,
    pods_of,
    set_row_by_code,
    setup_of,
)
from torneo.cards.draft.tables import CardEventSetup, CardSetRow, DraftPick, DraftPod, DraftSeat
from torneo.cards.rules.draft import Position, pack
from torneo.cards.rules.sets import Card, CardSet
from torneo.cards.state import get_event, no_event
from torneo.cards.state_access import authorize_event
from torneo.cards.state_formats import pools_of_event
from torneo.cards.tables import Event
from torneo.core.csv_cells import safe_row
from torneo.core.policy import Action
from torneo.judging.commands_pools import format_key_of
from torneo.platform.guards import require_player
from torneo.platform.store.tables import Player
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

NOT_STARTED, WAITING, PICKING, DONE, OUT = "not_started", "waiting", "picking", "done", "out"


@dataclass(frozen=True, slots=True)
class PickLine:
    player_id: int
    player: str
    pod: int
    seat: int
    booster: int
    pick: int
    card: Card
    how: str
    picked_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerDraft:
    event_id: int
    event_name: str
    state: str  # not_started | waiting (picked, the others not yet) | picking | done | out
    pod: int | None
    seat: int | None
    seats: int
    boosters: int
    position: Position | None
    deadline: datetime | None
    server_now: datetime
    pick_seconds: int
    pack: tuple[Card, ...]
    picks: tuple[PickLine, ...]
    ready: tuple[int, ...]  # the seats that picked at the current position

    def as_json(self) -> dict[str, object]:
        return {
            "event": self.event_id,
            "state": self.state,
            "pod": self.pod,
            "seat": self.seat,
            "seats": self.seats,
            "boosters": self.boosters,
            "booster": self.position.booster if self.position else None,
            "pick": self.position.pick if self.position else None,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "server_now": self.server_now.isoformat(),
            "pick_seconds": self.pick_seconds,
            "pack": [c.as_dict() for c in self.pack],
            "picks": [
                {**p.card.as_dict(), "booster": p.booster, "pick": p.pick, "how": p.how}
                for p in self.picks
            ],
            "ready": list(self.ready),
        }


def _card(cards: CardSet, code: str) -> Card:
    return cards.card(code) or Card(code, code, "", "")


def player_draft(store: Store, actor: Actor, event_id: int) -> PlayerDraft:
    """The actor's own seat: pack, picks, timer (403 for an account that is not a player)."""
    player_id = require_player(actor)
    with store.read() as session:
        return player_draft_in(session, store.clock(), event_id, player_id)


def player_draft_in(session: Session, now: datetime, event_id: int, player_id: int) -> PlayerDraft:
    return seat_draft(session, now, event_id, player_id)[0]


def seat_draft(
    session: Session, now: datetime, event_id: int, player_id: int
) -> tuple[PlayerDraft, DraftSeat | None, CardSet | None]:
    """The player's draft, with their seat and the set (the live page keeps both). A page asks
    this at every (re)connect, 512 of them at a draft's start: it reads the event's name and
    the player's own rows, never the event's registrations (issue 16: loading 512 of them for
    each page held the start and the reconnects after a worker's loss for seconds)."""
    head = session.execute(
        select(Event.name, CardEventSetup)
        .outerjoin(CardEventSetup, CardEventSetup.event_id == Event.id)
        .where(Event.id == event_id)
    ).first()
    if head is None:
        raise no_event(event_id)
    event_name, setup = head
    found = session.execute(
        select(DraftSeat, DraftPod, Player.name)
        .join(DraftPod, DraftPod.id == DraftSeat.pod_id)
        .join(Player, Player.id == DraftSeat.player_id)
        .where(DraftSeat.event_id == event_id, DraftSeat.player_id == player_id)
    ).first()
    seat, pod, name = found if found is not None else (None, None, "")
    base = {
        "event_id": event_id,
        "event_name": event_name,
        "server_now": now,
        "pick_seconds": setup.pick_seconds if setup else 60,
    }
    if seat is None or setup is None:
        empty = PlayerDraft(
            state=NOT_STARTED,
            pod=None,
            seat=None,
            seats=0,
            boosters=0,
            position=None,
            deadline=None,
            pack=(),
            picks=(),
            ready=(),
            **base,  # type: ignore[arg-type]
        )
        return empty, seat, card_set(session, setup.set_id) if setup else None
    assert pod is not None
    facts = draft_facts(session, event_id)  # the pods exist: the started draft's facts
    state = pod_state(session, pod, facts.seed, facts)
    position = state.position
    mine = session.execute(
        select(DraftPick)
        .where(DraftPick.pod_id == pod.id, DraftPick.seat_no == seat.seat_no)
        .order_by(DraftPick.booster_no, DraftPick.pick_no)
    ).scalars()
    picks = tuple(_line(p, state, player_id, name, pod.pod_no) for p in mine)
    ready = tuple(
        s for s in state.seats if position and (s, position.booster, position.pick) in state.picks
    )
    held: tuple[Card, ...] = ()
    if position is not None:
        held = tuple(
            _card(state.cards, c)
            for c in pack(state.plan, state.opened, state.picks, seat.seat_no, position)
        )
    if seat.disqualified:
        kind = OUT
    elif position is None:
        kind = DONE
    else:
        kind = WAITING if seat.seat_no in ready else PICKING
    view = PlayerDraft(
        state=kind,
        pod=pod.pod_no,
        seat=seat.seat_no,
        seats=len(state.seats),
        boosters=pod.boosters,
        position=position,
        deadline=state.deadline,
        pack=held if kind == PICKING else (),
        picks=picks,
        ready=ready,
        **base,  # type: ignore[arg-type]
    )
    return view, seat, state.cards


def started_seat(
    before: PlayerDraft, player_id: int, now: datetime, cards: CardSet, notice: dict[str, object]
) -> tuple[PlayerDraft, list[int]] | None:
    """The page's state at the draft's start, from the start's notice
    (``commands_notices.start_notice``) and the page's state before it (the event's name, the time per
    pick), without the database (issue 32: 512 pages reading theirs at once held the start);
    with the seat's ``[pod id, pod number, seat number, seats, seat id]``. None when the
    notice has no seat for the player: the page reads its state instead."""
    seating, packs = notice.get("seating"), notice.get("packs")
    deadline, boosters = notice.get("deadline"), notice.get("boosters")
    if not isinstance(seating, dict) or not isinstance(packs, dict):
        return None
    seat, codes = seating.get(str(player_id)), packs.get(str(player_id))
    if not isinstance(seat, list) or not isinstance(codes, list) or not isinstance(deadline, str):
        return None
    view = PlayerDraft(
        event_id=before.event_id,
        event_name=before.event_name,
        state=PICKING,
        pod=seat[1],
        seat=seat[2],
        seats=seat[3],
        boosters=boosters if isinstance(boosters, int) else 0,
        position=Position(1, 1),
        deadline=datetime.fromisoformat(deadline),
        server_now=now,
        pick_seconds=before.pick_seconds,
        pack=tuple(_card(cards, c) for c in codes),
        picks=(),
        ready=(),
    )
    return view, [int(x) for x in seat]


def _line(p: DraftPick, state: PodState, player_id: int, name: str, pod_no: int) -> PickLine:
    return PickLine(
        player_id,
        name,
        pod_no,
        p.seat_no,
        p.booster_no,
        p.pick_no,
        _card(state.cards, p.card_code),
        p.how,
        aware(p.picked_at),
    )


@dataclass(frozen=True, slots=True)
class SeatLine:
    seat: int
    player_id: int
    player: str
    picks: int
    picked_now: bool
    connected: bool
    disqualified: bool


@dataclass(frozen=True, slots=True)
class PodLine:
    pod: int
    status: str
    position: Position | None
    deadline: datetime | None
    boosters: int
    seats: tuple[SeatLine, ...]


@dataclass(frozen=True, slots=True)
class DraftOverview:
    event_id: int
    event_name: str
    set_code: str | None
    format_key: str | None
    pick_seconds: int
    alternate: bool
    pools_opened: bool
    server_now: datetime
    pods: tuple[PodLine, ...]


def _judge(session: Session, actor: Actor, event_id: int) -> Event:
    event = get_event(session, event_id)
    authorize_event(session, actor, event, Action.OFFICIATE)
    return event


def overview(store: Store, actor: Actor, event_id: int) -> DraftOverview:
    """The judges' view of every pod (the event's judges and its organizers)."""
    now = store.clock()
    with store.read() as session:
        event = _judge(session, actor, event_id)
        setup = setup_of(session, event_id)
        names = {r.player_id: r.player.name for r in event.registrations}
        counts: dict[tuple[int, int], int] = {}
        for pod_id, seat_no in session.execute(
            select(DraftPick.pod_id, DraftPick.seat_no)
            .join(DraftPod, DraftPod.id == DraftPick.pod_id)
            .where(DraftPod.event_id == event_id)
        ):
            counts[(pod_id, seat_no)] = counts.get((pod_id, seat_no), 0) + 1
        lines = []
        for pod in pods_of(session, event_id):
            assert setup is not None
            state = pod_state(session, pod, event.seed, setup)
            position = state.position
            seats = tuple(
                SeatLine(
                    n,
                    s.player_id,
                    names.get(s.player_id, str(s.player_id)),
                    counts.get((pod.id, n), 0),
                    bool(position) and (n, position.booster, position.pick) in state.picks,  # type: ignore[union-attr]
                    is_connected(s, now),
                    s.disqualified,
                )
                for n, s in sorted(state.seats.items())
            )
            lines.append(
                PodLine(pod.pod_no, pod.status, position, state.deadline, pod.boosters, seats)
            )
        code = None
        if setup is not None:
            row = session.get(CardSetRow, setup.set_id)
            code = row.code if row else None
        return DraftOverview(
            event_id,
            event.name,
            code,
            format_key_of(session, event_id),
            setup.pick_seconds if setup else 60,
            setup.alternate if setup else False,
            bool(setup and setup.pools_opened_at),
            now,
            tuple(lines),
        )


def pick_log(
    store: Store, actor: Actor, event_id: int, player_id: int | None = None
) -> list[PickLine]:
    """Every pick of the event (or of one player), in draft order: the judges' record."""
    with store.read() as session:
        event = _judge(session, actor, event_id)
        setup = setup_of(session, event_id)
        if setup is None:
            return []
        cards = card_set(session, setup.set_id)
        names = {r.player_id: r.player.name for r in event.registrations}
        stmt = (
            select(DraftPick, DraftSeat.player_id, DraftPod.pod_no)
            .join(DraftPod, DraftPod.id == DraftPick.pod_id)
            .join(
                DraftSeat,
                (DraftSeat.pod_id == DraftPick.pod_id) & (DraftSeat.seat_no == DraftPick.seat_no),
            )
            .where(DraftPod.event_id == event_id)
            .order_by(DraftPod.pod_no, DraftPick.seat_no, DraftPick.booster_no, DraftPick.pick_no)
        )
        if player_id is not None:
            stmt = stmt.where(DraftSeat.player_id == player_id)
        return [
            PickLine(
                pid,
                names.get(pid, str(pid)),
                pod_no,
                p.seat_no,
                p.booster_no,
                p.pick_no,
                _card(cards, p.card_code),
                p.how,
                aware(p.picked_at),
            )
            for p, pid, pod_no in session.execute(stmt)
        ]


CSV_HEADER = (
    "pod",
    "seat",
    "player_id",
    "player",
    "booster",
    "pick",
    "card_id",
    "card",
    "rarity",
    "how",
    "picked_at",
)


def pick_log_csv(lines: list[PickLine]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for p in lines:
        writer.writerow(
            safe_row(
                (
                    p.pod,
                    p.seat,
                    p.player_id,
                    p.player,
                    p.booster,
                    p.pick,
                    p.card.id,
                    p.card.name,
                    p.card.rarity,
                    p.how,
                    p.picked_at.isoformat(),
                )
            )
        )
    return out.getvalue()


@dataclass(frozen=True, slots=True)
class SetLine:
    code: str
    name: str
    cards: int
    booster: str
    starter: str
    shared: bool
    club_id: int | None = None  # whose set it is (issue 27: codes are unique per club)


def card_sets(store: Store, club_id: int | None = None) -> list[SetLine]:
    """The sets an event of ``club_id`` may use (its club's and the shared ones)."""
    with store.read() as session:
        rows = session.scalars(select(CardSetRow).order_by(CardSetRow.code))
        found = []
        for row in rows:
            if club_id is not None and row.club_id not in (None, club_id):
                continue
            cards = card_set(session, row.id)
            found.append(
                SetLine(
                    row.code,
                    row.name,
                    len(cards.cards),
                    cards.booster.text(),
                    cards.starter.text(),
                    row.club_id is None,
                    row.club_id,
                )
            )
        return found


def event_pools(store: Store, event_id: int) -> str | None:
    """BER-FMT-2/3 (issue 30): "draft" or "sealed" when the event's decks come from pools (the
    players' pages link the draft), None otherwise; one small query, whatever the field."""
    with store.read() as session:
        row = session.execute(
            select(Event.preset, Event.format).where(Event.id == event_id)
        ).first()
    return pools_of_event(load_preset(row[0]), row[1]) if row is not None else None


def set_cards(store: Store, code: str, club_id: int | None = None) -> tuple[CardSet, int | None]:
    """The set of ``code`` (of club ``club_id``, or shared) and its club."""
    with store.read() as session:
        row = set_row_by_code(session, code, club_id)
        return card_set(session, row.id), row.club_id
