"""A player's pick on PostgreSQL in one round trip (issue 32 item 1: the workers' CPU per pick).

The pick of ``commands.pick_card`` costs a unit of work: a session, BEGIN, the pod's lock (an
ORM object), its seats and picks, the rules, two INSERTs, COMMIT: seven round trips and the
ORM's bookkeeping, most of a worker's time per pick under load. Yet most picks only add a row:
they are not the last of their pass (7 of 8), nothing is wrong with them, and the rules that
judge them need nothing a worker cannot know without the database: the pack a seat holds at a
pick is its opener's booster (a function of the seed, cached) less the cards picked from that
booster before, and those were all stored before the pod reached this pick.

So :func:`try_picks` sends the picks of a batch (``commands_batch``: the picks that arrived
together) in one round trip on a pooled connection in autocommit, as a pipeline, which
PostgreSQL runs as one implicit transaction (every statement until the pipeline's sync; a
failure rolls all of them back). Its first statement locks the pods' rows in id order, as every
change to a pod does (``commands`` module doc: two batches never deadlock); then, for each
pick, a data-modifying CTE inserts the pick and its audit row only if the usual path would take
the pick *and* it does not end the pass. Not one statement: under READ COMMITTED a statement
reads the snapshot taken when it began, so a CTE that waited for the lock inside itself would
judge the pick on picks read before the pass it waited for was committed (a card taken just
before could be taken twice); each later statement begins once the locks are held and sees
everything committed before, and the batch's own earlier picks. One round trip, not one per
pick: under load the picks of a worker queue behind each other (a batch of 30 picks one after
the other fell behind the timer). The statements are prepared once per connection (planned
anew, the CTE cost the server 0.3 ms a pick).

The CTE inserts only when, exactly as ``rules.draft.can_pick`` and ``commands.take_pick`` judge:
the pod runs at the pick the page showed, the seat is the player's and not disqualified, the
pick's time (when the socket read it, ``at``) is before the deadline (BER-DRAFT-2), the seat has
no pick there yet, the card is still in the booster it holds (as many copies picked from it
before as it opened with, fewer), and the pass does not end with it: every other seat is not
yet picked, and no disqualified seat waits for the server's pick there (``commands._advance``
would make it). Anything else — a refusal, the last pick of a pass, a pick with no booster or
pick named, a player with no seat, the database away — returns None and the caller takes the
usual path (``commands.pick_card``, or a batch's), which gives the same answer a pick always
got, its refusal in words, or passes the packs: nothing was stored by the attempt.

SQLite (the default install: one worker, one writer) keeps the usual path.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from torneo.cards.draft.commands_notices import topic
from torneo.cards.draft.state import card_set, database_of, draft_facts, opened_booster
from torneo.cards.rules.draft import BY_PLAYER, DraftPlan, Position
from torneo.cards.rules.sets import CardSet
from torneo.platform.live.broker import Notice
from torneo.platform.logs import log_audits
from torneo.platform.store.uow import Actor, Store

log = logging.getLogger(__name__)

ENABLED = True  # a test of the usual path on PostgreSQL turns it off

# The pod's row first (its own statement: module doc), then the pick and its audit row in one
# statement, each only if the pick is one the usual path would take without passing the packs.
_LOCK = "SELECT id FROM draft_pods WHERE id = ANY(%(pods)s) ORDER BY id FOR UPDATE"
_PICK = """
WITH ok AS (
    SELECT 1
    FROM draft_pods p JOIN draft_seats s ON s.pod_id = p.id
    WHERE p.id = %(pod)s AND s.id = %(seat_id)s AND s.player_id = %(player)s
      AND p.status = 'running' AND p.booster_no = %(booster)s AND p.pick_no = %(pick)s
      AND NOT s.disqualified
      AND (p.deadline IS NULL OR p.deadline > %(when)s::timestamptz)
      AND NOT EXISTS (
          SELECT 1 FROM draft_picks k
          WHERE k.pod_id = p.id AND k.seat_no = %(seat)s
            AND k.booster_no = %(booster)s AND k.pick_no = %(pick)s)
      AND (SELECT count(*) FROM draft_picks k
           WHERE k.pod_id = p.id AND k.booster_no = %(booster)s AND k.pick_no = %(pick)s)
          < %(seats)s - 1
      AND NOT EXISTS (
          SELECT 1 FROM draft_seats d
          WHERE d.pod_id = p.id AND d.disqualified AND NOT EXISTS (
              SELECT 1 FROM draft_picks k
              WHERE k.pod_id = p.id AND k.seat_no = d.seat_no
                AND k.booster_no = %(booster)s AND k.pick_no = %(pick)s))
      AND (SELECT count(*) FROM draft_picks k
           WHERE k.pod_id = p.id AND k.booster_no = %(booster)s AND k.card_code = %(card)s
             AND k.pick_no < %(pick)s AND k.seat_no = (%(holders)s::int[])[k.pick_no])
          < %(copies)s
), pick AS (
    INSERT INTO draft_picks (pod_id, seat_no, booster_no, pick_no, card_code, how, picked_at)
    SELECT %(pod)s, %(seat)s, %(booster)s, %(pick)s, %(card)s, %(how)s, %(now)s::timestamptz FROM ok
    ON CONFLICT DO NOTHING
    RETURNING id
), audit AS (
    INSERT INTO audit_log (at, actor, action, entity, entity_id, event_id, before, after, reason)
    SELECT %(now)s::timestamptz, %(actor)s, 'draft.pick', 'draft_pick', %(pod)s, %(event)s,
           'null'::json, %(after)s::json, NULL
    FROM pick
    RETURNING id
)
SELECT count(*) FROM audit
"""


@dataclass(frozen=True, slots=True)
class _Seat:
    """What a worker keeps of a player's seat: none of it changes once the draft started (the
    seating is made at the start, ``commands.start_draft``; a disqualification is read by the
    statement itself)."""

    pod_id: int
    pod_no: int
    seat_no: int
    seat_id: int
    seed: int
    plan: DraftPlan
    cards: CardSet


_seats: dict[tuple[str, int, int], _Seat] = {}  # (database, event, player) → the seat
_seats_lock = threading.Lock()
MAX_SEATS = 50_000

_SEATS_OF = """
SELECT s.player_id, s.pod_id, p.pod_no, s.seat_no, s.id, p.boosters,
       (SELECT count(*) FROM draft_seats n WHERE n.pod_id = s.pod_id)
FROM draft_seats s JOIN draft_pods p ON p.id = s.pod_id
WHERE s.event_id = %(event)s
"""


def _seat(store: Store, database: str, event_id: int, player_id: int) -> _Seat | None:
    """The player's seat in the event's draft (None: not seated, or the draft not started: the
    usual path says so). The whole event's seating is read at the first miss: the pages of a
    lost worker come back to this one all at once."""
    key = (database, event_id, player_id)
    found = _seats.get(key)
    if found is not None:
        return found
    with store.read() as session:
        rows = session.connection().exec_driver_sql(_SEATS_OF, {"event": event_id}).all()
        if not rows:
            return None
        facts = draft_facts(session, event_id)
        cards = card_set(session, facts.set_id)
    with _seats_lock:
        if len(_seats) + len(rows) >= MAX_SEATS:
            _seats.clear()
        for player, pod_id, pod_no, seat_no, seat_id, boosters, seats in rows:
            plan = DraftPlan(seats, boosters, cards.booster.size, facts.alternate)
            _seats[(database, event_id, player)] = _Seat(
                pod_id, pod_no, seat_no, seat_id, facts.seed, plan, cards
            )
    return _seats.get(key)


# (database, pod id) → (booster, pick, the seats heard to have picked there): the "picked"
# notices this worker's hub hears (``api_hub.DraftHub._deliver``). A pick that ends its pass
# by them goes the usual way at once, not after a statement that would leave it (issue 32: a
# round trip more before every pass). A notice not heard yet costs only that round trip.
_heard: dict[tuple[str, int], tuple[int, int, set[int]]] = {}


def heard(database: str, pod_id: int, seat: int, booster: int, pick: int) -> None:
    """A pick's notice: ``seat`` of the pod picked at (``booster``, ``pick``)."""
    found = _heard.get((database, pod_id))
    if found is not None and found[0] == booster and found[1] == pick:
        found[2].add(seat)
        return
    if len(_heard) >= MAX_SEATS:
        _heard.clear()
    _heard[(database, pod_id)] = (booster, pick, {seat})


def _ends_the_pass(database: str, seat: _Seat, position: Position) -> bool:
    found = _heard.get((database, seat.pod_id))
    if found is None or (found[0], found[1]) != (position.booster, position.pick):
        return False
    others = len(found[2]) - (seat.seat_no in found[2])
    return others >= seat.plan.seats - 1


@dataclass(frozen=True, slots=True)
class FastPick:
    """A pick as ``commands.pick_card`` takes it (``card`` stripped)."""

    actor: Actor
    card: str
    booster: int | None
    pick: int | None
    at: datetime | None


def try_picks(
    store: Store, event_id: int, picks: Sequence[FastPick]
) -> list[tuple[int, Position] | None]:
    """Each pick stored in the batch's one round trip, as (seat, position); None: that pick
    was not stored, and the usual path judges it (module doc)."""
    out: list[tuple[int, Position] | None] = [None] * len(picks)
    if not ENABLED or store.engine.dialect.name != "postgresql":
        return out
    database = database_of(store.engine)
    now = store.clock()
    tried: list[tuple[int, _Seat, Position, dict[str, object]]] = []
    for index, p in enumerate(picks):
        found = _candidate(store, database, event_id, p, now)
        if found is not None:
            tried.append((index, *found))
    if not tried:
        return out
    stored = _run(store, sorted({seat.pod_id for _, seat, _, _ in tried}), tried)
    audits, notices = [], []
    for (index, seat, position, params), done in zip(tried, stored, strict=True):
        if not done:
            continue
        out[index] = (seat.seat_no, position)
        audits.append(
            {
                "action": "draft.pick",
                "entity": "draft_pick",
                "entity_id": seat.pod_id,
                "event_id": event_id,
                "actor": params["actor"],
            }
        )
        # "seat N is ready", as the usual path says it after its commit (commands.take_pick)
        notices.append(
            Notice(
                topic(event_id),
                "picked",
                {
                    "pod": seat.pod_id,
                    "seat": seat.seat_no,
                    "booster": position.booster,
                    "pick": position.pick,
                },
            )
        )
    log_audits(audits)
    if notices:
        store.publish(notices)
    return out


def _candidate(
    store: Store, database: str, event_id: int, p: FastPick, now: datetime
) -> tuple[_Seat, Position, dict[str, object]] | None:
    """The pick's statement's parameters, or None when the statement could not take it."""
    player_id, booster, pick = p.actor.player_id, p.booster, p.pick
    if player_id is None or booster is None or pick is None:
        return None
    seat = _seat(store, database, event_id, player_id)
    if seat is None:
        return None
    plan = seat.plan
    if not (1 <= booster <= plan.boosters and 1 <= pick <= plan.booster_size):
        return None
    position = Position(booster, pick)
    if _ends_the_pass(database, seat, position):
        return None  # the usual path passes the packs
    opener = plan.opener(seat.seat_no, position)
    holders = (str(plan.holder(opener, Position(booster, e))) for e in range(1, pick))
    opened = opened_booster(database, seat.cards, seat.seed, seat.pod_no, opener, booster)
    copies = opened.count(p.card)
    if not copies:
        return None  # not in the booster: the usual path refuses it in words
    after = {
        "pod": seat.pod_no,
        "seat": seat.seat_no,
        "booster": booster,
        "pick": pick,
        "card": p.card,
        "how": BY_PLAYER,
    }
    params: dict[str, object] = {
        "pod": seat.pod_id,
        "seat": seat.seat_no,
        "seat_id": seat.seat_id,
        "player": player_id,
        "booster": booster,
        "pick": pick,
        "card": p.card,
        "how": BY_PLAYER,
        # as text, and the holders below: psycopg's dumpers were a tenth of the statement
        "when": (min(p.at, now) if p.at is not None else now).isoformat(),  # BER-DRAFT-2
        "now": now.isoformat(),
        "seats": plan.seats,
        "copies": copies,
        # who held this booster at each earlier pick of it: the cards taken from it
        "holders": "{" + ",".join(holders) + "}",
        "actor": p.actor.name,
        "event": event_id,
        "after": json.dumps(after),
    }
    return seat, position, params


def _run(
    store: Store, pods: list[int], tried: Sequence[tuple[int, _Seat, Position, dict[str, object]]]
) -> list[bool]:
    """Which picks the message stored. Any failure stored none (one transaction) and is the
    usual path's to meet; a connection that failed is not given back to the pool."""
    import psycopg

    raw = store.engine.raw_connection()
    try:
        connection = raw.driver_connection
        assert isinstance(connection, psycopg.Connection)
        connection.autocommit = True  # the statements until the sync are one transaction
        try:
            # a pipeline: one round trip, the statements prepared once per connection
            # (PostgreSQL planned the CTE anew at every pick: 0.3 ms of the server's CPU)
            with connection.pipeline() as pipeline:
                connection.cursor().execute(_LOCK, {"pods": pods}, prepare=True)
                cursors = []
                for *_, params in tried:
                    cursor = connection.cursor()
                    cursor.execute(_PICK, params, prepare=True)
                    cursors.append(cursor)
                pipeline.sync()
                stored = []
                for cursor in cursors:
                    row = cursor.fetchone()
                    stored.append(row is not None and row[0] == 1)
        finally:
            connection.autocommit = False
        return stored
    except psycopg.OperationalError:
        log.info("draft: a batch's connection failed; the usual path takes it", exc_info=True)
        raw.invalidate()
    except psycopg.Error:
        log.warning("draft: a batch's statement failed; the usual path takes it", exc_info=True)
    finally:
        raw.close()
    return [False] * len(tried)
