"""Card sets, limited set-ups and live drafts from their rows (store → domain).

:func:`draft_seating` is the one place that decides who sits in which pod and seat of a draft:
today the snake by rating of ``torneo.cards.rules.pods`` over the event's players; when the
event lifecycle seats its pods (issue 16 part A), point it at that table.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import cast

from sqlalchemy import Engine, Table, bindparam, select
from sqlalchemy.orm import Session

from torneo.cards.draft.tables import (
    CardEventSetup,
    CardRow,
    CardSetRow,
    DraftPick,
    DraftPod,
    DraftSeat,
)
from torneo.cards.pods.state import pods_of as seated_pods
from torneo.cards.rules.boosters import draft_booster
from torneo.cards.rules.draft import DraftPlan, Position
from torneo.cards.rules.pods import form_pods
from torneo.cards.rules.sets import Card, CardSet, Recipe
from torneo.cards.tables import Event
from torneo.core.errors import NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_

RUNNING, DONE = "running", "done"


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored moment is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


_sets: dict[tuple[str, int], CardSet] = {}
_sets_lock = threading.Lock()


def card_set(session: Session, set_id: int) -> CardSet:
    """The set with id ``set_id`` (sets are never edited, so each worker keeps it once read)."""
    key = (_database(session), set_id)
    with _sets_lock:
        found = _sets.get(key)
    if found is not None:
        return found
    row = session.get(CardSetRow, set_id)
    if row is None:
        raise NotFound(
            "set", N_("no card set %(id)s"), N_("an imported card set"), params={"id": set_id}
        )
    cards = session.scalars(select(CardRow).where(CardRow.set_id == set_id).order_by(CardRow.id))
    built = CardSet(
        row.code,
        row.name,
        tuple(
            Card(
                c.code,
                c.name,
                c.rarity,
                c.faction,
                c.cost,
                c.kind,
                c.text,
                tuple(c.not_legal_in or ()),
            )
            for c in cards
        ),
        Recipe(tuple((str(r), int(n)) for r, n in row.booster)),
        Recipe(tuple((str(r), int(n)) for r, n in row.starter)),
    )
    with _sets_lock:
        _sets[key] = built
    return built


def set_row_by_code(session: Session, code: str, club_id: int | None = None) -> CardSetRow:
    """The set of ``code`` that club ``club_id`` uses: its own, else the shared one (issue 27:
    codes are unique per club, so another club's set of the same code is never taken). With no
    club, the one set of that code, or a refusal asking for the club when clubs share it."""
    rows = session.scalars(
        select(CardSetRow).where(CardSetRow.code == code.strip()).order_by(CardSetRow.id)
    ).all()
    if club_id is not None:
        rows = [r for r in rows if r.club_id in (club_id, None)]
        rows.sort(key=lambda r: r.club_id is None)  # its own first, then the shared one
        rows = rows[:1]
    if not rows:
        known = ", ".join(
            sorted(
                {
                    c
                    for c, owner in session.execute(select(CardSetRow.code, CardSetRow.club_id))
                    if club_id is None or owner in (club_id, None)
                }
            )
        )
        raise NotFound(
            "set",
            N_("no card set '%(code)s'"),
            N_("the code of an imported set: %(known)s"),
            params={"code": code[:40], "known": known or "-"},
        )
    if len(rows) > 1:
        raise TorneoError(
            "club",
            N_("%(n)s card sets have the code '%(code)s' (each club has its own)"),
            N_("the club whose set it is"),
            params={"n": len(rows), "code": code[:40]},
        )
    return rows[0]


def setup_of(session: Session, event_id: int) -> CardEventSetup | None:
    return session.scalars(
        select(CardEventSetup).where(CardEventSetup.event_id == event_id)
    ).first()


def pools_made(session: Session, event_id: int, pools: str) -> bool:
    """Whether the event's pools exist (issue 30, the desk's step before round 1): every pod
    of the live draft finished (BER-FMT-3), or the sealed pools opened (BER-FMT-2)."""
    if pools == "sealed":
        setup = setup_of(session, event_id)
        return setup is not None and setup.pools_opened_at is not None
    pods = pods_of(session, event_id)
    return bool(pods) and all(p.status == DONE for p in pods)


def draft_seating(event: Event) -> list[list[PlayerId]]:
    """The players of each pod in seat order: the event's pods (BER-POD-1/2, seated by the judge
    or at the start, ``cards.state_pods``), the players still in; before any seating, snake by
    rating over the players still in the event (best rated first, then by registration)."""
    seated = seated_pods(event)
    if seated:
        out = {
            PlayerId(r.player_id)
            for r in event.registrations
            if r.disqualified or r.dropped_after_round is not None
        }
        pods = [[p for p in pod.players if p not in out] for pod in seated]
        return [pod for pod in pods if pod]
    players = [
        r for r in event.registrations if not r.disqualified and r.dropped_after_round is None
    ]
    ranked = sorted(players, key=lambda r: (-(r.player.rating or 0), r.id))
    return [list(pod.players) for pod in form_pods([PlayerId(r.player_id) for r in ranked])]


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat of a pod as read by :func:`pod_state`: a plain row, not an ORM object (issue 32:
    eight ORM objects a pick cost more than the rules that use them). A change to a seat is an
    explicit UPDATE (``commands._disqualify``)."""

    id: int
    pod_id: int
    seat_no: int
    player_id: int
    disqualified: bool
    seen_at: datetime | None
    left_at: datetime | None


@dataclass
class PodState:
    """One pod as the draft rules see it, rebuilt from its rows (and the seed)."""

    pod: DraftPod
    seats: dict[int, SeatRow]  # seat number → seat
    plan: DraftPlan
    opened: dict[tuple[int, int], tuple[str, ...]]
    picks: dict[tuple[int, int, int], str]
    cards: CardSet
    # picks made by the transaction at hand, not written yet (commands_draft._write_picks)
    added: list[dict[str, object]] = field(default_factory=list)

    @property
    def position(self) -> Position | None:
        return (
            Position(self.pod.booster_no, self.pod.pick_no) if self.pod.status == RUNNING else None
        )

    @property
    def deadline(self) -> datetime | None:
        return aware(self.pod.deadline) if self.pod.deadline is not None else None

    def seat_of(self, player_id: int) -> SeatRow | None:
        return next((s for s in self.seats.values() if s.player_id == player_id), None)


@dataclass(frozen=True, slots=True)
class DraftFacts:
    """What a started draft never changes: the event's seed and preset, the set, the timer, the
    passing (the set-up is refused once pods exist), so a worker keeps them once read."""

    event_id: int
    seed: int
    preset: str
    set_id: int
    pick_seconds: int
    alternate: bool


_facts: dict[tuple[str, int], DraftFacts] = {}


def _database(session: Session) -> str:
    """Which database a cached row came from (ids repeat across databases). Rendering the URL
    cost about 0.1 ms, three times a pick (issue 32): it is kept per engine, on the engine
    (a test's engines come and go, and a new engine never inherits another's key)."""
    return database_of(session.get_bind().engine)


def database_of(engine: Engine) -> str:
    """:func:`_database` of an engine (a pick without a session, ``commands_fast``); on the
    engine itself, not in a weak dictionary: its look-up cost a hundredth of a pick."""
    found: str | None = engine.__dict__.get("_torneo_database")
    if found is None:
        found = engine.__dict__["_torneo_database"] = str(engine.url)
    return found


def no_seat(event_id: int) -> NotFound:
    """The refusal of a pick by an actor with no seat in the event's started draft (a lone pick
    and a batch's pick say the same)."""
    return NotFound(
        "seat",
        N_("you have no seat in the draft of event %(event)s"),
        N_("a player seated in a started draft"),
        params={"event": event_id},
    )


def draft_facts(session: Session, event_id: int) -> DraftFacts:
    """The facts of a *started* draft (cached: call it only once the pods exist)."""
    key = (_database(session), event_id)
    found = _facts.get(key)
    if found is not None:
        return found
    event = session.get(Event, event_id)
    setup = setup_of(session, event_id)
    if event is None or setup is None:
        raise NotFound(
            "event_id",
            N_("no draft in event %(id)s"),
            N_("an event whose draft has started"),
            params={"id": event_id},
        )
    found = DraftFacts(
        event_id, event.seed, event.preset, setup.set_id, setup.pick_seconds, setup.alternate
    )
    with _sets_lock:
        _facts[key] = found
    return found


_SEATS = cast(Table, DraftSeat.__table__)
_PICKS = cast(Table, DraftPick.__table__)
# The pod's seats and their picks of the boosters from ``first``, in one statement built once
# (issue 32: building it at every pick cost more than running it) and read as plain rows.
_POD_ROWS = (
    select(
        _SEATS.c.id,
        _SEATS.c.seat_no,
        _SEATS.c.player_id,
        _SEATS.c.disqualified,
        _SEATS.c.seen_at,
        _SEATS.c.left_at,
        _PICKS.c.booster_no,
        _PICKS.c.pick_no,
        _PICKS.c.card_code,
    )
    .outerjoin(
        _PICKS,
        (_PICKS.c.pod_id == _SEATS.c.pod_id)
        & (_PICKS.c.seat_no == _SEATS.c.seat_no)
        & (_PICKS.c.booster_no >= bindparam("first")),
    )
    .where(_SEATS.c.pod_id == bindparam("pod"))
)


def pod_state(
    session: Session,
    pod: DraftPod,
    seed: int,
    setup: CardEventSetup | DraftFacts,
    *,
    all_boosters: bool = False,
) -> PodState:
    """The pod with the boosters opened so far (all of them with ``all_boosters``) and the picks
    of those boosters: its seats and their picks in one statement (every pick, and every page's
    state, asks this: one round trip fewer than two selects)."""
    first = 1 if all_boosters or pod.status != RUNNING else pod.booster_no
    last = pod.boosters if all_boosters or pod.status != RUNNING else pod.booster_no
    rows = session.connection().execute(_POD_ROWS, {"pod": pod.id, "first": first})
    seats: dict[int, SeatRow] = {}
    picks: dict[tuple[int, int, int], str] = {}
    for seat_id, seat_no, player_id, out, seen, left, booster_no, pick_no, code in rows:
        if seat_no not in seats:
            seats[seat_no] = SeatRow(seat_id, pod.id, seat_no, player_id, out, seen, left)
        if booster_no is not None:
            picks[(seat_no, booster_no, pick_no)] = code
    cards = card_set(session, setup.set_id)
    plan = DraftPlan(len(seats), pod.boosters, cards.booster.size, setup.alternate)
    database = _database(session)  # once: rendering the URL is not free, 8 boosters a pick
    opened = {
        (seat, b): opened_booster(database, cards, seed, pod.pod_no, seat, b)
        for seat in seats
        for b in range(first, last + 1)
    }
    return PodState(pod, seats, plan, opened, picks, cards)


_boosters: dict[tuple[str, int, int, int, int], tuple[str, ...]] = {}
MAX_CACHED_BOOSTERS = 50_000


def opened_booster(
    database: str, cards: CardSet, seed: int, pod: int, seat: int, n: int
) -> tuple[str, ...]:
    """A seat's booster (a function of the seed: kept once drawn, as many as a big event has)."""
    key = (database + cards.code, seed, pod, seat, n)
    found = _boosters.get(key)
    if found is None:
        found = draft_booster(cards, seed, pod, seat, n)
        if len(_boosters) >= MAX_CACHED_BOOSTERS:
            _boosters.clear()
        _boosters[key] = found
    return found


def pods_of(session: Session, event_id: int) -> list[DraftPod]:
    return list(
        session.scalars(
            select(DraftPod).where(DraftPod.event_id == event_id).order_by(DraftPod.pod_no)
        )
    )


def seat_of_player(session: Session, event_id: int, player_id: int) -> DraftSeat | None:
    return session.scalars(
        select(DraftSeat).where(DraftSeat.event_id == event_id, DraftSeat.player_id == player_id)
    ).first()
