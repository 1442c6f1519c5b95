"""Many players' reports of one event in one transaction (issue 14 item 3: group commit).

At a round's end hundreds of phones report within seconds. Alone, each report is its own
transaction of 5 to 7 statements plus BEGIN and COMMIT, and most of a report's cost (the
server's and PostgreSQL's) is in those round trips, not in the decision. The web worker hands
the reports that arrive while one is being written to :class:`~torneo.platform.store.
group_commit.GroupCommit`, which brings them here together:

- one transaction, with the same locks as a lone report (``commands_results``): the event's
  lock shared, then every match of the batch ``FOR UPDATE`` in the order of their ids (two
  batches lock their common matches in the same order: no deadlock);
- the report rows of those matches read once, after their locks;
- each report decided in its order of arrival by the very decision table of a lone report
  (``cards.self_report.commands.decide``) against the rows as the reports before it in the batch left
  them: two players of one table in one batch are the first report and its confirmation, as
  they would be one after the other;
- the rows written once per match (new ones in one INSERT, changed ones in one batch of
  checked UPDATEs), the audit rows in one INSERT, and the results the players agreed on stored
  last, with one move of the event's version for the batch;
- each report gets its own answer: its match as that report left it, or its own refusal (a
  wrong code, a bye, a disputed table...), which writes nothing and does not stop the others.

If the batch as a whole fails (a write met another writer: SQLite's version checks, a lock
timeout), nothing of it is kept and every report is run again alone, so each gets the answer it
would have had alone. A batch of one is a lone report.

Both ways a player reports are batched: by the code on their slip (:class:`SlipReport`) and
from their player account (:class:`AccountReport`); each audit row and report row names its own
author, as a lone transaction would (``UnitOfWork.acting_as``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from torneo.cards.commands_results import any_ruling, stage_result
from torneo.cards.self_report.commands import (
    CONFIRMED_BY_BOTH,
    SLIP,
    announce,
    decide,
    report_as_player,
    report_by_code,
    round_refusal,
    table_refusal,
)
from torneo.cards.self_report.views import (
    Answer,
    Heading,
    Reported,
    check_playable,
    code_owner,
    not_linked,
    players_of,
    seat_from,
)
from torneo.cards.state_locks import share_event
from torneo.cards.state_results import (
    MatchRow,
    ReportRow,
    Seated,
    lock_seats_for,
    reports_of,
    save_reports,
    store_results,
    with_result,
)
from torneo.core.errors import TorneoError
from torneo.engines.results import GameScore
from torneo.platform.store.group_commit import GroupCommit
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import load_preset


@dataclass(frozen=True, slots=True)
class SlipReport:
    """One player's report by the code on their pairing slip."""

    table: int
    code: str
    result: str


@dataclass(frozen=True, slots=True)
class AccountReport:
    """A logged-in player's report of their own match."""

    actor: Actor
    result: str


Report = SlipReport | AccountReport
Outcome = Reported | BaseException

MAX_BATCH = 64  # reports in one transaction: its locks are held a few milliseconds at most


def batcher(store: Store, secret: str) -> GroupCommit[int, Report, Reported]:
    """A web worker's group commit of players' reports, keyed by event."""

    def run(event_id: int, items: Sequence[Report]) -> list[Outcome]:
        return report_batch(store, event_id, items, secret=secret)

    return GroupCommit(run, max_batch=MAX_BATCH)


def report_batch(
    store: Store, event_id: int, items: Sequence[Report], *, secret: str
) -> list[Outcome]:
    """Each report's answer or refusal, in order (module doc)."""
    if len(items) == 1:
        return [_alone(store, event_id, items[0], secret)]
    try:
        return _together(store, event_id, items, secret)
    except Exception:  # the batch failed as a whole: nothing kept, each again on its own
        return [_alone(store, event_id, item, secret) for item in items]


def _alone(store: Store, event_id: int, item: Report, secret: str) -> Outcome:
    try:
        if isinstance(item, AccountReport):
            return report_as_player(store, item.actor, event_id, item.result)
        return report_by_code(store, event_id, item.table, item.code, item.result, secret=secret)
    except TorneoError as exc:
        return exc


@dataclass
class _Table:
    """One match of the batch as its reports so far left it."""

    seated: Seated
    before: ReportRow | None  # as read: what the writes check
    row: ReportRow | None
    match: MatchRow
    record: GameScore | None = None  # the result the players agreed on, to store


@dataclass(frozen=True, slots=True)
class _Done:
    """A report that passed: its answer, and its match as it left them."""

    answer: Answer
    table: _Table
    row: ReportRow
    match: MatchRow
    player: int


@dataclass(frozen=True, slots=True)
class _Batch:
    """The batch's locked matches, by table and by player, and its accounts' players."""

    event_id: int
    by_table: dict[int, _Table]
    by_player: dict[int, _Table]
    players: dict[int, int]  # user id → player id
    rulings: Callable[[], bool]  # whether the event has rulings (their penalties)


def _together(store: Store, event_id: int, items: Sequence[Report], secret: str) -> list[Outcome]:
    with store.unit(SLIP) as uow:
        conn = uow.connection()
        share_event(conn, event_id)  # first, as a lone report: a pairing waits for the batch
        accounts = [item.actor for item in items if isinstance(item, AccountReport)]
        players = players_of(uow.session, accounts) if accounts else {}
        slips = [item.table for item in items if isinstance(item, SlipReport)]
        seats = lock_seats_for(conn, event_id, slips, list(players.values()))
        rows = reports_of(conn, [seat.match.id for seat in seats])
        tables = [_Table(s, rows.get(s.match.id), rows.get(s.match.id), s.match) for s in seats]
        batch = _Batch(
            event_id,
            {t.match.table_no: t for t in tables},
            {p: t for t in tables for p in (t.match.player_a_id, t.match.player_b_id) if p},
            players,
            cache(lambda: any_ruling(uow, event_id)),  # asked once, only if a result is agreed
        )
        passed: list[_Done | TorneoError] = []
        for item in items:
            try:
                passed.append(_one(uow, batch, item, secret))
            except TorneoError as exc:  # this report only: it changed nothing
                passed.append(exc)
        changed = [(t, t.row) for t in tables if t.row is not None and t.row is not t.before]
        if not changed:
            return [_answer(p, {}, {}) for p in passed]
        event = changed[0][0].seated.event
        saved = save_reports(conn, event, [(t.seated.match, t.before, row) for t, row in changed])
        uow.write_audits()  # every other row first: the event's version is the last thing locked
        agreed = [(t.seated.match, t.record) for t, _ in changed if t.record is not None]
        stored = store_results(conn, event_id, agreed, uow.now) if agreed else {}
    return [_answer(p, saved, stored) for p in passed]


def _one(uow: UnitOfWork, batch: _Batch, item: Report, secret: str) -> _Done:
    """One report of the batch, decided against its table as the batch left it so far."""
    if isinstance(item, AccountReport):
        player = batch.players.get(item.actor.user_id or 0)
        if player is None:
            raise not_linked(item.actor)
        table = batch.by_player.get(player)
        if table is None:
            raise round_refusal(uow, batch.event_id)
        check_playable(table.match)
        with uow.acting_as(item.actor):
            return _decided(uow, batch, table, player, item.result)
    table = batch.by_table.get(item.table)
    if table is None:
        raise table_refusal(uow, batch.event_id, item.table)
    player = code_owner(table.match, item.code, secret)
    check_playable(table.match)
    return _decided(uow, batch, table, player, item.result)


def _decided(uow: UnitOfWork, batch: _Batch, table: _Table, player: int, result: str) -> _Done:
    event = table.seated.event
    answer, after, score = decide(uow, event, table.match, table.row, player, result)
    if after is not table.row:  # a repeat or a double tap writes nothing
        agreed = announce(uow, event, table.match, table.row, after, answer, player, score)
        if agreed is not None:
            stored = stage_result(
                uow,
                event,
                table.match,
                agreed,
                load_preset(event.preset),
                correction=False,
                reason=CONFIRMED_BY_BOTH,
                any_ruling=batch.rulings(),
            )
            table.record = stored
            table.match = with_result(table.match, stored)
        table.row = after
    return _Done(answer, table, after, table.match, player)


def _answer(
    passed: _Done | TorneoError, saved: dict[int, ReportRow], stored: dict[int, MatchRow]
) -> Outcome:
    """A report's answer, with the versions the writes gave its rows (and the ids of rows that
    were there before: a new report row's id is not read back, save_reports)."""
    if isinstance(passed, TorneoError):
        return passed
    table, match = passed.table, passed.match
    event = table.seated.event
    row = passed.row
    final = saved.get(match.id)
    if final is not None:
        row = row.but(id=final.id, version=final.version)
    if match.result_kind is not None and match.id in stored:
        match = match._replace(
            changed_in=stored[match.id].changed_in, version=stored[match.id].version
        )
    best_of = load_preset(event.preset).match.best_of
    heading = Heading(event.id, event.name, event.status, event.preset, match.round_no, best_of)
    seat = seat_from(event, match, row, passed.player, table.seated.names)
    return Reported(passed.answer, seat, heading)
