"""One match's result and self-report as plain rows, read and written with Core statements.

Why not the ORM here: a result is the hottest write of a card event (every table reports it,
with self-reporting twice, within minutes of a round's end: issue 14 item 3). Through the ORM
a report cost about 5 ms of a worker's CPU (identity map, unit-of-work flush, optimistic-version
bookkeeping, statements built per call); these statements are built once, at import, and a
report reads and writes plain rows in 5 statements (a first report) to 7 (a confirmation),
about 1 ms. The locks and the order of the statements are ``commands_results``'s (its module
doc); the decisions are the use cases'.

Every read that needs an earlier lock is a statement of its own, run after the one that took
the lock: under PostgreSQL's READ COMMITTED a locking statement that waited sees the locked
row as it is now but the rest of its snapshot as it was when it began, so what the lock
protects (the round rows behind the event's lock, the report row behind the match lock) must be
read by a later statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import Connection, Table, and_, bindparam, func, insert, or_, select, update
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session

from torneo.cards.self_report.tables import SelfReport
from torneo.cards.tables import Event, Match, Round
from torneo.core.errors import Conflict
from torneo.core.messages import N_
from torneo.engines.records import Stage
from torneo.engines.results import GameScore
from torneo.platform.store.tables import Player

_events = cast(Table, Event.__table__)
_matches = cast(Table, Match.__table__)
_rounds = cast(Table, Round.__table__)
_reports = cast(Table, SelfReport.__table__)
_players = cast(Table, Player.__table__)


@dataclass(frozen=True, slots=True)
class EventHead:
    """The event row as a result needs it (no children)."""

    id: int
    club_id: int
    name: str
    preset: str
    status: str
    swiss_rounds: int | None
    top_size: int | None
    version: int


class MatchRow(NamedTuple):
    """A match row: the attributes of :class:`~torneo.cards.tables.Match` a result reads, and
    the pages' read model of a match (``views_lean``)."""

    id: int
    event_id: int
    round_no: int
    stage: str
    table_no: int
    player_a_id: int
    player_b_id: int | None
    wins_a: int | None
    wins_b: int | None
    draws: int | None
    result_kind: str | None
    changed_in: int | None
    version: int  # the ORM's optimistic version: a write checks it (SQLite has no row locks)

    @classmethod
    def of(cls, match: Match) -> MatchRow:
        """The row of an ORM match (the judges' pages read the ORM)."""
        return cls._make(getattr(match, name) for name in cls._fields)


_MATCH_FIELDS = MatchRow._fields


@dataclass(frozen=True, slots=True)
class Seated:
    """A match locked for update, with its event and what a report shows of it."""

    event: EventHead
    match: MatchRow
    names: dict[int, str]  # its players' names
    current: int  # the event's current round
    has_top: bool  # the Top X has started


@dataclass(frozen=True, slots=True)
class ReportRow:
    """A ``self_reports`` row (``id`` None: not stored yet)."""

    id: int | None
    match_id: int
    status: str
    first_player_id: int
    first_result: str
    first_by: str
    first_at: datetime
    second_player_id: int | None = None
    second_result: str | None = None
    second_by: str | None = None
    second_at: datetime | None = None
    resolved_by: str | None = None
    resolved_at: datetime | None = None
    resolution: str | None = None
    version: int = 0

    @classmethod
    def of(cls, row: SelfReport) -> ReportRow:
        return cls(*(getattr(row, name) for name in _REPORT_FIELDS))

    def but(self, **changes: Any) -> ReportRow:
        """This report with ``changes`` (the decision's new state; the version moves on save)."""
        return replace(self, **changes)


_REPORT_FIELDS = tuple(ReportRow.__dataclass_fields__)
_REPORT_WRITTEN = _REPORT_FIELDS[2:-1]  # what a save writes besides the keys and the version


# --- statements, built once ------------------------------------------------------------------

_HEAD_FIELDS = tuple(EventHead.__dataclass_fields__)
_HEAD = select(*(_events.c[f] for f in _HEAD_FIELDS)).where(_events.c.id == bindparam("event_id"))

_CURRENT = (
    select(func.max(_rounds.c.number))
    .where(_rounds.c.event_id == bindparam("event_id"))
    .scalar_subquery()
)
_TOP_STARTED = (
    select(func.count(_rounds.c.id))
    .where(_rounds.c.event_id == bindparam("event_id"), _rounds.c.stage != Stage.SWISS.value)
    .scalar_subquery()
)
_a = _players.alias("player_a")
_b = _players.alias("player_b")
_SEAT = (
    select(
        *(_matches.c[f] for f in _MATCH_FIELDS),
        *(_events.c[f] for f in _HEAD_FIELDS),
        _a.c.name.label("name_a"),
        _b.c.name.label("name_b"),
        _CURRENT.label("current"),
        _TOP_STARTED.label("top_rounds"),
    )
    .join(_events, _events.c.id == _matches.c.event_id)
    .join(_a, _a.c.id == _matches.c.player_a_id)
    .outerjoin(_b, _b.c.id == _matches.c.player_b_id)
    .where(_matches.c.event_id == bindparam("event_id"))
    .with_for_update(of=_matches)  # the match only: not the event's row, not the players'
)
_SEAT_BY_TABLE = _SEAT.where(
    _matches.c.round_no == _CURRENT, _matches.c.table_no == bindparam("table")
)
_SEAT_OF_PLAYER = _SEAT.where(
    _matches.c.round_no == _CURRENT,
    or_(
        _matches.c.player_a_id == bindparam("player"),
        _matches.c.player_b_id == bindparam("player"),
    ),
)
_SEAT_AT = _SEAT.where(
    and_(_matches.c.round_no == bindparam("round_no"), _matches.c.table_no == bindparam("table"))
)

_REPORT = select(*(_reports.c[f] for f in _REPORT_FIELDS)).where(
    _reports.c.match_id == bindparam("match_id")
)
# A batch of reports (commands_self_report_batch): its matches locked in the order of their
# ids, so two batches of one event lock their common matches in the same order (no deadlock);
# a slip names its table, an account its player.
_SEATS_FOR = _SEAT.where(
    _matches.c.round_no == _CURRENT,
    or_(
        _matches.c.table_no.in_(bindparam("tables", expanding=True)),
        _matches.c.player_a_id.in_(bindparam("players", expanding=True)),
        _matches.c.player_b_id.in_(bindparam("players", expanding=True)),
    ),
).order_by(_matches.c.id)
_REPORTS = select(*(_reports.c[f] for f in _REPORT_FIELDS)).where(
    _reports.c.match_id.in_(bindparam("match_ids", expanding=True))
)
_INSERT_REPORT = insert(_reports).returning(_reports.c.id)
# Without RETURNING: with it, SQLAlchemy writes the rows as one INSERT ... VALUES of them all, a
# new text for each batch size, which psycopg parses afresh each time (it caches no statement of
# over 50 parameters): 10% of a worker's time in a burst of reports (issue 32 item 4). Without,
# it is one statement sent for every row in a pipeline, parsed once.
_INSERT_REPORTS = insert(_reports)
_UPDATE_REPORT = (
    update(_reports)
    .where(_reports.c.id == bindparam("key"), _reports.c.version == bindparam("seen"))
    .values({**{f: bindparam(f) for f in _REPORT_WRITTEN}, "version": _reports.c.version + 1})
)
_RESULT_VALUES = {
    "wins_a": bindparam("wins_a"),
    "wins_b": bindparam("wins_b"),
    "draws": bindparam("draws"),
    "result_kind": bindparam("result_kind"),
    "reported_at": bindparam("reported_at"),
    "version": _matches.c.version + 1,  # the ORM's optimistic check still sees the change
}
_STORE_RESULT = (
    update(_matches)
    .where(_matches.c.id == bindparam("key"), _matches.c.version == bindparam("seen"))
    .values(**_RESULT_VALUES, changed_in=bindparam("changed_in"))
)
_BUMPED = (
    update(_events)
    .where(_events.c.id == bindparam("bumped_event"))
    .values(version=_events.c.version + 1)
    .returning(_events.c.version)
    .cte("bumped")
)
# PostgreSQL: the event's version moved and the match written in one statement, so the event
# row is locked (from the bump to the commit) for one round trip less.
_STORE_RESULT_BUMPED = (
    update(_matches)
    .add_cte(_BUMPED)
    .where(_matches.c.id == bindparam("key"), _matches.c.version == bindparam("seen"))
    .values(**_RESULT_VALUES, changed_in=select(_BUMPED.c.version).scalar_subquery())
    .returning(_matches.c.changed_in)
)


# --- reads and writes ------------------------------------------------------------------------


_BUMP = (
    update(_events)
    .where(_events.c.id == bindparam("event_id"))
    .values(version=_events.c.version + 1)
    .returning(_events.c.version)
)


def bump_version(db: Session | Connection, event_id: int) -> int:
    """Move the event's version by one, as an increment in the database, and return the new
    one: concurrent results of one event each add theirs (a write of a version read earlier
    would lose some), and the row is locked (PostgreSQL ``NO KEY UPDATE``) only from here to
    the commit, so callers do it last. The ORM's own check of the version (an UPDATE ``WHERE
    version = loaded``) stays for every other change."""
    return int(db.execute(_BUMP, {"event_id": event_id}).scalar_one())


def event_head(conn: Connection, event_id: int) -> EventHead | None:
    """The event row (no lock: its lock is ``state_locks``'s)."""
    row = conn.execute(_HEAD, {"event_id": event_id}).first()
    return EventHead(*row) if row is not None else None


def _seated(row: Row[*tuple[Any, ...]] | None) -> Seated | None:
    if row is None:
        return None
    n, e = len(_MATCH_FIELDS), len(_MATCH_FIELDS) + len(_HEAD_FIELDS)
    match = MatchRow(*row[:n])
    names = {match.player_a_id: row.name_a}
    if match.player_b_id is not None:
        names[match.player_b_id] = row.name_b
    return Seated(EventHead(*row[n:e]), match, names, int(row.current or 0), bool(row.top_rounds))


def lock_seat_by_table(conn: Connection, event_id: int, table: int) -> Seated | None:
    """The match at ``table`` of the current round, locked for update (after the event's lock),
    with the event row: one round trip."""
    return _seated(conn.execute(_SEAT_BY_TABLE, {"event_id": event_id, "table": table}).first())


def lock_seat_of_player(conn: Connection, event_id: int, player: int) -> Seated | None:
    """The player's match of the current round, locked for update (after the event)."""
    params = {"event_id": event_id, "player": player}
    return _seated(conn.execute(_SEAT_OF_PLAYER, params).first())


def lock_seat_at(conn: Connection, event_id: int, round_no: int, table: int) -> Seated | None:
    """The match at ``table`` of ``round_no``, locked for update (after the event)."""
    params = {"event_id": event_id, "round_no": round_no, "table": table}
    return _seated(conn.execute(_SEAT_AT, params).first())


def lock_seats_for(
    conn: Connection, event_id: int, tables: Sequence[int], players: Sequence[int]
) -> list[Seated]:
    """The matches of the current round at ``tables`` or of ``players``, each locked for update
    (after the event's lock) in the order of their ids, in one statement: one round trip for a
    batch, and two batches lock their common matches in the same order (no deadlock)."""
    params = {"event_id": event_id, "tables": sorted(set(tables)), "players": sorted(set(players))}
    seats = (_seated(row) for row in conn.execute(_SEATS_FOR, params))
    return [seat for seat in seats if seat is not None]


def reports_of(conn: Connection, match_ids: Sequence[int]) -> dict[int, ReportRow]:
    """The report rows of ``match_ids``, as committed now (read after the matches' locks)."""
    rows = conn.execute(_REPORTS, {"match_ids": sorted(set(match_ids))})
    return {row.match_id: ReportRow(*row) for row in rows}


def report_of(conn: Connection, match_id: int) -> ReportRow | None:
    """The match's report row, as committed now (read after the match's lock)."""
    row = conn.execute(_REPORT, {"match_id": match_id}).first()
    return ReportRow(*row) if row is not None else None


def _changed_first() -> Conflict:
    """Another writer changed the row since it was read (the ORM's version check says so too):
    on SQLite, whose reads take no row lock, two reports of one table can both read it."""
    return Conflict(
        "version",
        N_("someone else changed this first; nothing was saved"),
        N_("reload and retry"),
    )


def save_report(
    conn: Connection, event: EventHead, match: MatchRow, before: ReportRow | None, after: ReportRow
) -> ReportRow:
    """Insert the first report of a match, or update it from ``before`` (checked: 409 when
    another writer changed it since it was read)."""
    values = {f: getattr(after, f) for f in _REPORT_WRITTEN}
    if before is None or before.id is None:
        new_id = conn.execute(
            _INSERT_REPORT,
            {
                **values,
                "event_id": event.id,
                "match_id": match.id,
                "round_no": match.round_no,
                "table_no": match.table_no,
                "version": 1,
            },
        ).scalar_one()
        return after.but(id=int(new_id), version=1)
    done = conn.execute(_UPDATE_REPORT, {**values, "key": before.id, "seen": before.version})
    if done.rowcount != 1:
        raise _changed_first()
    return after.but(id=before.id, version=before.version + 1)


def save_reports(
    conn: Connection,
    event: EventHead,
    saves: Sequence[tuple[MatchRow, ReportRow | None, ReportRow]],
) -> dict[int, ReportRow]:
    """:func:`save_report` for many matches, ``(match, before, after)`` each: the new rows in
    one batch of INSERTs, the changed ones in one batch of checked UPDATEs (409 when another
    writer changed one since it was read). The rows as saved, by match id; a new row's id stays
    unknown (None): what a report answers never shows it, and the next transaction reads the
    row again after its lock."""
    saved: dict[int, ReportRow] = {}
    inserts, updates = [], []
    for match, before, after in saves:
        values = {f: getattr(after, f) for f in _REPORT_WRITTEN}
        if before is None or before.id is None:
            inserts.append(
                {
                    **values,
                    "event_id": event.id,
                    "match_id": match.id,
                    "round_no": match.round_no,
                    "table_no": match.table_no,
                    "version": 1,
                }
            )
            saved[match.id] = after.but(version=1)
        else:
            updates.append({**values, "key": before.id, "seen": before.version})
            saved[match.id] = after.but(id=before.id, version=before.version + 1)
    if inserts:
        conn.execute(_INSERT_REPORTS, inserts)
    if updates and conn.execute(_UPDATE_REPORT, updates).rowcount != len(updates):
        raise _changed_first()
    return saved


def store_results(
    conn: Connection, event_id: int, results: Sequence[tuple[MatchRow, GameScore]], at: datetime
) -> dict[int, MatchRow]:
    """:func:`store_result` for many matches of one event: the event's version moved once for
    them all (one change of the event, as a transaction of several results is), then the
    matches written with it in one batch of checked UPDATEs. The matches as stored, by id."""
    changed_in = bump_version(conn, event_id)
    params = [
        {**_result_values(match, score, at), "changed_in": changed_in} for match, score in results
    ]
    if params and conn.execute(_STORE_RESULT, params).rowcount != len(params):
        raise _changed_first()
    return {match.id: with_result(match, score, changed_in) for match, score in results}


def _result_values(match: MatchRow, score: GameScore, at: datetime) -> dict[str, Any]:
    return {
        "key": match.id,
        "seen": match.version,
        "wins_a": score.wins_a,
        "wins_b": score.wins_b,
        "draws": score.draws,
        "result_kind": score.kind.value,
        "reported_at": at,
    }


def with_result(match: MatchRow, score: GameScore, changed_in: int | None = None) -> MatchRow:
    """``match`` holding ``score``; with ``changed_in``, as stored (its version moved on)."""
    held = match._replace(
        wins_a=score.wins_a,
        wins_b=score.wins_b,
        draws=score.draws,
        result_kind=score.kind.value,
    )
    if changed_in is None:
        return held
    return held._replace(changed_in=changed_in, version=match.version + 1)


def store_result(
    conn: Connection, event_id: int, match: MatchRow, score: GameScore, at: datetime
) -> MatchRow:
    """Move the event's version by one and write ``score`` in the (locked) match with it
    (``commands_results``: the last writes of a result), checked against the match's version
    as read: 409 when another writer got there first."""
    values = _result_values(match, score, at)
    if conn.dialect.name == "postgresql":
        stamped = conn.execute(_STORE_RESULT_BUMPED, {**values, "bumped_event": event_id}).first()
        if stamped is None:
            raise _changed_first()
        changed_in = int(stamped[0])
    else:
        changed_in = bump_version(conn, event_id)
        if conn.execute(_STORE_RESULT, {**values, "changed_in": changed_in}).rowcount != 1:
            raise _changed_first()
    return with_result(match, score, changed_in)
