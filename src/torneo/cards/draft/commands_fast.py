"""A player's pick on PostgreSQL in one round trip (issue 32 item 1: the workers' CPU per pick).

The pick of ``commands.pick_card`` costs a unit of work: a session, BEGIN, the pod's lock (an
ORM object), its seats and picks, the rules, two INSERTs, COMMIT: seven round trips and the
ORM's bookkeeping, most of a worker's time per pick under load. Yet the rules that judge a pick
need nothing a worker cannot know without the database: the pack a seat holds at a pick is its
opener's booster (a function of the seed, cached) less the cards picked from that booster
before, and those were all stored before the pod reached this pick; and the pass that the last
pick of a round makes (BER-DRAFT-1) moves the pod's row to a pick the plan names, the next packs
following from the booster's picks.

So :func:`try_picks` sends the picks of a batch (``commands_batch``: the picks that arrived
together) in one statement on a kept connection in autocommit: a call of the PL/pgSQL function
``torneo_draft_picks`` (migration 0028), which PostgreSQL runs as one implicit transaction (a
failure rolls all of it back). Its first statement locks the pods' rows in id order, as every
change to a pod does (``commands`` module doc: two batches never deadlock); then, for each pick
in order, a data-modifying CTE inserts the pick and its audit row only if the usual path would
take the pick, and when every other seat has picked there it passes the packs as
``commands._advance`` does (the pod's pick, booster and deadline, its row's version) and returns
the booster's picks, from which the pass's notice (every seat's next pack) is made here. The
lock is a statement of its own: under READ COMMITTED a statement reads the snapshot taken when
it began, so a CTE that waited for the lock inside itself would judge the pick on picks read
before the pass it waited for was committed (a card taken just before could be taken twice). A
VOLATILE function takes a new snapshot at each statement it runs (PostgreSQL manual, Function
Volatility Categories), so each pick's statement begins once the locks are held and sees
everything committed before, and the batch's own earlier picks and passes.

One statement, not one per pick (issue 32): under load the picks of a worker queue behind each
other (a batch of 30 picks one after the other fell behind the timer), and each statement cost
the worker psycopg's Python work (a cursor, the execution, some twenty parameters to dump, the
fetch; a pipeline of a lock and one CTE a pick before migration 0028): the call has five
parameters whatever the batch, the picks one JSON text made by one ``json.dumps``. It is
prepared once per connection (planned anew, the CTE cost the server 0.3 ms a pick; the
function keeps its statements' plans for the connection's life), and the connection is kept
for the next batch, out of the pool (its check-out pings the server: a round trip and a third
of a lone pick's CPU; a dead connection fails the batch, which the usual path then takes on a
pooled one).

The CTE inserts only when, exactly as ``rules.draft.can_pick`` and ``commands.take_pick`` judge:
the pod runs at the pick the page showed, the seat is the player's and not disqualified, the
pick's time (when the socket read it, ``at``) is before the deadline (BER-DRAFT-2), the seat has
no pick there yet, the card is still in the booster it holds (as many copies picked from it
before as it opened with, fewer), and no disqualified seat waits for the server's pick there
(``commands._advance`` would make it). A pick that ends its pass is taken only if another pick
follows (the draft's last records the pools, BER-FMT-3) and no seat of the pod is disqualified
(the server would pick for it at once at the next pick, BER-DRAFT-2). Anything else — a
refusal, those passes, a pick with no booster or pick named, a player with no seat, the
database away — returns None and the caller takes the usual path (``commands.pick_card``, or a
batch's), which gives the same answer a pick always got, its refusal in words, or passes the
packs: nothing was stored by the attempt.

SQLite (the default install: one worker, one writer) keeps the usual path.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from torneo.cards.draft.commands_notices import topic
from torneo.cards.draft.state import RUNNING, card_set, database_of, draft_facts, opened_booster
from torneo.cards.rules.draft import BY_PLAYER, DraftPlan, Position, pack
from torneo.cards.rules.sets import CardSet
from torneo.platform.live.broker import Notice
from torneo.platform.logs import log_audits
from torneo.platform.store.uow import Actor, Store

log = logging.getLogger(__name__)

ENABLED = True  # a test of the usual path on PostgreSQL turns it off

# The batch in one statement: migration 0028's function locks the pods' rows in a statement of
# its own (module doc), then for each pick, in order, inserts the pick and its audit row and,
# when it is the pass's last, moves the pod to the next pick, each only if the usual path would
# take the pick the same way. As bytes, once: psycopg encoded the text and hashed the new bytes
# at every batch to find its prepared statement.
_BATCH_SQL = (
    b"SELECT stored, passed, booster_picks"
    b" FROM torneo_draft_picks(%s::int[], %s::int, %s::timestamptz, %s, %s::json)"
)


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
    pick_seconds: int


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
                pod_id, pod_no, seat_no, seat_id, facts.seed, plan, cards, facts.pick_seconds
            )
    return _seats.get(key)


@dataclass(frozen=True, slots=True)
class FastPick:
    """A pick as ``commands.pick_card`` takes it (``card`` stripped)."""

    actor: Actor
    card: str
    booster: int | None
    pick: int | None
    at: datetime | None


class Taken(NamedTuple):
    """A pick the statement stored: the seat, its position, and the pod's position after it
    (another than ``position`` when the pick ended the pass)."""

    seat: int
    position: Position
    now: Position


# the pick's index in the batch, its seat and position, the pod's next position if the pick ends
# the pass, and the pick's row of the function's JSON array (migration 0028)
_Tried = tuple[int, _Seat, Position, Position | None, tuple[object, ...]]
# stored, passed the packs, the booster's picks after a pass within it ([seat, pick, card] rows)
_Stored = tuple[bool, bool, list[list[object]] | None]
_NOT_STORED: _Stored = (False, False, None)


def try_picks(store: Store, event_id: int, picks: Sequence[FastPick]) -> list[Taken | None]:
    """Each pick stored in the batch's one round trip; None: that pick was not stored, and the
    usual path judges it (module doc)."""
    out: list[Taken | None] = [None] * len(picks)
    if not ENABLED or store.engine.dialect.name != "postgresql":
        return out
    database = database_of(store.engine)
    now = store.clock()
    tried: list[_Tried] = []
    for index, p in enumerate(picks):
        found = _candidate(store, database, event_id, p, now)
        if found is not None:
            tried.append((index, *found))
    if not tried:
        return out
    stored = _run(store, event_id, now, sorted({t[1].pod_id for t in tried}), tried)
    audits: list[dict[str, object]] = []
    notices: list[Notice] = []
    for (index, seat, position, following, _), (done, moved, others) in zip(
        tried, stored, strict=True
    ):
        if not done:
            continue
        audits.append(
            {
                "action": "draft.pick",
                "entity": "draft_pick",
                "entity_id": seat.pod_id,
                "event_id": event_id,
                "actor": picks[index].actor.name,
            }
        )
        if moved and following is not None:
            out[index] = Taken(seat.seat_no, position, following)
            # as commands._advance says a pass: every seat's next pack, and the event's page
            mine = (seat.seat_no, position.pick, picks[index].card)
            notices.append(
                Notice(
                    topic(event_id),
                    "pass",
                    _pass_notice(database, seat, following, now, [*(others or ()), mine]),
                )
            )
            notices.append(Notice(f"event:{event_id}", "draft", {"pod": seat.pod_no}))
            continue
        out[index] = Taken(seat.seat_no, position, position)
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


def _pass_notice(
    database: str,
    seat: _Seat,
    following: Position,
    now: datetime,
    booster_picks: Sequence[Sequence[object]],
) -> dict[str, object]:
    """``commands_notices.pass_notice`` of the pod after the pass: the picks of its booster
    (none when a new booster opens) are [seat, pick, card] rows."""
    plan = seat.plan
    picks = {
        (int(str(s)), following.booster, int(str(n))): str(card) for s, n, card in booster_picks
    }
    opened = {
        (s, following.booster): opened_booster(
            database, seat.cards, seat.seed, seat.pod_no, s, following.booster
        )
        for s in range(1, plan.seats + 1)
    }
    return {
        "pod": seat.pod_id,
        "status": RUNNING,
        "booster": following.booster,
        "pick": following.pick,
        "deadline": (now + timedelta(seconds=seat.pick_seconds)).isoformat(),
        "packs": {
            str(s): list(pack(plan, opened, picks, s, following)) for s in range(1, plan.seats + 1)
        },
    }


def _candidate(
    store: Store, database: str, event_id: int, p: FastPick, now: datetime
) -> tuple[_Seat, Position, Position | None, tuple[object, ...]] | None:
    """The pick's row of the function's JSON array, or None when it could not take it."""
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
    opener = plan.opener(seat.seat_no, position)
    holders = (str(plan.holder(opener, Position(booster, e))) for e in range(1, pick))
    opened = opened_booster(database, seat.cards, seat.seed, seat.pod_no, opener, booster)
    copies = opened.count(p.card)
    if not copies:
        return None  # not in the booster: the usual path refuses it in words
    # where the pod goes if this pick ends the pass (None: the draft ends, the usual path's)
    following = plan.after(position)
    after = {
        "pod": seat.pod_no,
        "seat": seat.seat_no,
        "booster": booster,
        "pick": pick,
        "card": p.card,
        "how": BY_PLAYER,
    }
    # in the order migration 0028's function reads them (its doc); the times and the holders
    # as text: psycopg's dumpers were a tenth of the statement (issue 32)
    row = (
        seat.pod_id,
        seat.seat_no,
        seat.seat_id,
        player_id,
        booster,
        pick,
        p.card,
        # BER-DRAFT-2: when the socket read it (the function takes now if later, or null)
        None if p.at is None else p.at.isoformat(),
        plan.seats,
        copies,
        # who held this booster at each earlier pick of it: the cards taken from it
        "{" + ",".join(holders) + "}",
        p.actor.name,
        after,  # the audit row's, its text as json.dumps writes it
        following.booster if following else None,
        following.pick if following else None,
        seat.pick_seconds,  # BER-DRAFT-2: the next deadline, if the pick passes
    )
    return seat, position, following, row


# How many connections a worker's engine keeps for the batches between them (module doc): one
# group commit a draft runs one batch at a time; a second batch meanwhile takes the pool's.
KEPT_CONNECTIONS = 1


def _checkout(store: Store) -> Any:
    """A connection for a batch, in autocommit: the one kept from the batch before if any
    (issue 32: the pool's check-out pings the server first, a round trip and a tenth of a
    batch's CPU, where a dead connection is met by the batch anyway), else the pool's."""
    kept: list[tuple[int, Any]] = store.engine.__dict__.setdefault("_torneo_fast_kept", [])
    while kept:
        try:
            pid, raw = kept.pop()
        except IndexError:  # another thread took it
            break
        if pid == os.getpid():  # not a parent's, before a fork
            return raw
    fresh: Any = store.engine.raw_connection()
    fresh.driver_connection.autocommit = True  # the statements until the sync: one transaction
    return fresh


def _check_in(store: Store, raw: Any, *, keep: bool = True) -> None:
    """The batch's connection kept for the next one, or given back to the pool as it was."""
    kept: list[tuple[int, Any]] = store.engine.__dict__.setdefault("_torneo_fast_kept", [])
    if keep and len(kept) < KEPT_CONNECTIONS:
        kept.append((os.getpid(), raw))
        return
    raw.driver_connection.autocommit = False
    raw.close()


def _arguments(
    event_id: int, now: datetime, pods: list[int], tried: Sequence[_Tried]
) -> tuple[object, ...]:
    """The function's five arguments, whatever the batch (issue 32: a cursor, an execution and
    twenty parameters a pick were a sixth of a worker's CPU): the pods and the picks as text
    (a list's dumper cost 15 µs a batch), the picks' rows in one JSON array."""
    return (
        "{" + ",".join(map(str, pods)) + "}",
        event_id,
        now.isoformat(),
        BY_PLAYER,
        json.dumps([t[4] for t in tried]),
    )


def _run(
    store: Store, event_id: int, now: datetime, pods: list[int], tried: Sequence[_Tried]
) -> list[_Stored]:
    """Which picks the batch's one statement stored, which of them passed the packs, and the
    booster's picks after such a pass. Any failure stored none (one transaction) and is the
    usual path's to meet; a connection that failed is closed, neither kept nor given back to
    the pool."""
    import psycopg

    raw = _checkout(store)
    try:
        connection = raw.driver_connection
        assert isinstance(connection, psycopg.Connection)
        # one statement, prepared once per connection (PostgreSQL planned the pick's CTE anew
        # at every pick: 0.3 ms of the server's CPU; the function keeps its statements' plans
        # for the connection's life)
        rows = connection.execute(
            _BATCH_SQL, _arguments(event_id, now, pods, tried), prepare=True
        ).fetchall()
        stored: list[_Stored] = [
            (True, moved == 1, others) if done == 1 else _NOT_STORED for done, moved, others in rows
        ]
    except psycopg.OperationalError:
        log.info("draft: a batch's connection failed; the usual path takes it", exc_info=True)
        raw.invalidate()
        raw.close()
    except psycopg.Error:
        log.warning("draft: a batch's statement failed; the usual path takes it", exc_info=True)
        _check_in(store, raw, keep=False)  # the pool's reset rolls back whatever is left
    except BaseException:
        raw.invalidate()
        raw.close()
        raise
    else:
        _check_in(store, raw)
        return stored
    return [_NOT_STORED] * len(tried)
