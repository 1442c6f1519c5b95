"""Slip reports written together (commands_self_report_batch), on SQLite and PostgreSQL: a
batch answers and writes exactly what the same reports would, one after the other."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from tests.cards.self_report.test_commands import ORG, SECRET, Table, running_event
from tests.cards.self_report.test_commands_concurrency import _holding, _short_lock_waits
from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import commands_batch as batch
from torneo.cards.self_report import views as srv
from torneo.cards.self_report.commands_batch import (
    AccountReport,
    Report,
    SlipReport,
    report_batch,
)
from torneo.cards.self_report.tables import SelfReport
from torneo.cards.tables import Event, Match, Registration
from torneo.core.errors import Conflict, TorneoError
from torneo.judging import commands as judging
from torneo.judging import commands_rulings as judging_rulings
from torneo.platform import accounts
from torneo.platform.live.broker import Notice
from torneo.platform.store.tables import AuditEntry, User
from torneo.platform.store.uow import Actor, Store

RESULTS = ("2-1", "1-2", "2-0", "0-2", "1-1-1", "0-0-3", "7-7")


def _event(store: Store, name: str) -> tuple[int, list[Table], int]:
    """A running event of 9 players: 4 tables and a bye (its table number last)."""
    event_id, tables = running_event(store, players=9, name=name)
    with store.read() as s:
        bye = s.scalar(
            select(Match.table_no).where(Match.event_id == event_id, Match.player_b_id.is_(None))
        )
    assert bye is not None
    return event_id, tables, bye


def _script(seed: int, n: int) -> list[tuple[str, int, str]]:
    """Reports as (who, table index, result): a side, a wrong code, the bye or no table."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        who = rng.choice(
            ("a", "b", "a", "b", "a", "b", "wrong", "bye", "none", "acct_a", "acct_b", "acct_none")
        )
        out.append((who, rng.randrange(4), rng.choice(RESULTS)))
    return out


def _accounts(store: Store, event_id: int) -> dict[int, Actor]:
    """A player account for every player of the event (and its Actor, as a session has it),
    plus one linked to no player (key 0). Stored directly: no password is checked here."""
    with store.unit(Actor.system()) as uow:
        players = uow.session.scalars(
            select(Registration.player_id).where(Registration.event_id == event_id)
        ).all()
        users = {}
        for player in [*players, None]:
            user = User(
                username=f"u{event_id}-{player or 0}",
                display_name=f"u{player}",
                password_hash="-",
                player_id=player,
                created_at=uow.now,
            )
            uow.session.add(user)
            users[player or 0] = user
        uow.session.flush()
        # The account without a player is named alike in both twins: its refusal names it.
        return {
            p: Actor(u.username if p else "nolink", user_id=u.id, player_id=u.player_id)
            for p, u in users.items()
        }


def _items(
    script: Sequence[tuple[str, int, str]],
    tables: list[Table],
    bye: tuple[int, str],
    accounts: dict[int, Actor],
) -> list[Report]:
    items: list[Report] = []
    for who, index, result in script:
        t = tables[index]
        if who == "acct_a":
            items.append(AccountReport(accounts[t.a], result))
        elif who == "acct_b":
            items.append(AccountReport(accounts[t.b], result))
        elif who == "acct_none":
            items.append(AccountReport(accounts[0], result))
        elif who == "a":
            items.append(SlipReport(t.number, t.code_a, result))
        elif who == "b":
            items.append(SlipReport(t.number, t.code_b, result))
        elif who == "wrong":
            items.append(SlipReport(t.number, "ZZZZZZ", result))
        elif who == "bye":
            items.append(SlipReport(bye[0], bye[1], result))
        else:
            items.append(SlipReport(99, t.code_a, result))
    return items


def _bye_code(store: Store, event_id: int, table: int) -> str:
    with store.read() as s:
        m = s.scalars(
            select(Match).where(Match.event_id == event_id, Match.table_no == table)
        ).one()
        return srv.match_code(SECRET, m.id, m.player_a_id)


def _seen(outcome: object) -> tuple[Any, ...]:
    """An outcome as a player sees it: the answer and their seat, or the refusal."""
    if isinstance(outcome, TorneoError):
        return (type(outcome).__name__, outcome.field, outcome.reason)
    assert isinstance(outcome, srv.Reported)
    seat, report = outcome.seat, outcome.seat.report
    return (
        outcome.answer,
        seat.table,
        seat.side,
        report.status,
        seat.mine(report.recorded),
        seat.mine(report.first_result),
        seat.mine(report.second_result),
    )


def _state(store: Store, event_id: int) -> tuple[Any, ...]:
    """What is stored: every match's result, every report row, the audit log, the version."""
    with store.read() as s:
        matches = s.scalars(
            select(Match).where(Match.event_id == event_id).order_by(Match.table_no)
        ).all()
        table_of = {m.id: m.table_no for m in matches}
        side_of = {m.player_a_id: "a" for m in matches} | {
            m.player_b_id: "b" for m in matches if m.player_b_id
        }
        results = [(m.table_no, m.wins_a, m.wins_b, m.draws, m.result_kind) for m in matches]

        def author(name: str | None) -> str | None:
            """An author the same in both twins: a slip, or the account of side a or b."""
            if name is None or not name.startswith("u"):
                return name
            return "account of " + side_of[int(name.rsplit("-", 1)[1])]

        reports = [
            (
                table_of[r.match_id],
                r.status,
                side_of[r.first_player_id],
                r.first_result,
                author(r.first_by),
                side_of.get(r.second_player_id or 0),
                r.second_result,
                author(r.second_by),
            )
            for r in s.scalars(
                select(SelfReport)
                .where(SelfReport.event_id == event_id)
                .order_by(SelfReport.table_no)
            )
        ]
        audit = [
            (
                a.action,
                author(a.actor),
                table_of.get(a.entity_id or 0),
                (a.after or {}).get("result"),
            )
            for a in s.scalars(
                select(AuditEntry)
                .where(AuditEntry.event_id == event_id, AuditEntry.action.not_like("event.%"))
                .where(AuditEntry.action.not_like("round.%"))
                .where(AuditEntry.action.not_like("registration%"))
                .where(AuditEntry.action.not_like("judging.%"))  # the staff's, done to both
                .order_by(AuditEntry.id)
            )
        ]
        version = s.scalar(select(Event.version).where(Event.id == event_id))
    return results, reports, audit, version


def _notices(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[Notice]:
    heard: list[Notice] = []
    publish = store.broker.publish

    def record(notice: Notice) -> None:
        heard.append(notice)
        publish(notice)

    monkeypatch.setattr(store.broker, "publish", record)
    return heard


def _twins(store: Store) -> tuple[tuple[int, list[Table], int], tuple[int, list[Table], int]]:
    return _event(store, "Soli"), _event(store, "Insieme")


def _alone_then_together(
    store: Store,
    script: list[tuple[str, int, str]],
    monkeypatch: pytest.MonkeyPatch,
    split: int | None = None,
    prepare: Callable[[int, list[Table]], object] | None = None,
) -> tuple[Any, Any]:
    """The script alone, then in one batch (or two: before and from ``split``), compared;
    ``prepare`` is done to both events first."""
    (solo, solo_tables, solo_bye), (many, many_tables, many_bye) = _twins(store)
    if prepare is not None:
        prepare(solo, solo_tables)
        prepare(many, many_tables)
    heard = _notices(store, monkeypatch)
    solo_bye_code = _bye_code(store, solo, solo_bye)
    alone_items = _items(script, solo_tables, (solo_bye, solo_bye_code), _accounts(store, solo))
    alone: list[object] = []
    for item in alone_items:
        try:
            if isinstance(item, AccountReport):
                alone.append(sr.report_as_player(store, item.actor, solo, item.result))
            else:
                alone.append(
                    sr.report_by_code(
                        store, solo, item.table, item.code, item.result, secret=SECRET
                    )
                )
        except TorneoError as exc:
            alone.append(exc)
    alone_heard = [(n.kind, n.data) for n in heard]
    heard.clear()
    many_bye_code = _bye_code(store, many, many_bye)
    items = _items(script, many_tables, (many_bye, many_bye_code), _accounts(store, many))
    cut = len(items) if split is None else split
    together = [
        *report_batch(store, many, items[:cut], secret=SECRET),
        *(report_batch(store, many, items[cut:], secret=SECRET) if items[cut:] else []),
    ]
    together_heard = [(n.kind, n.data) for n in heard]
    solo_state, many_state = _state(store, solo), _state(store, many)
    # One move of the event's version for the whole batch, one per result alone: the rest
    # is the same.
    assert [_seen(o) for o in together] == [_seen(o) for o in alone]
    assert many_state[:3] == solo_state[:3]
    assert together_heard == alone_heard
    return solo_state, many_state


@pytest.mark.parametrize("seed", range(6))
def test_a_batch_answers_and_writes_what_the_same_reports_would_one_after_the_other(
    store: Store, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14 item 3: the reports of a batch are decided in their order of arrival by the
    decision table of a lone report (first report, confirmation, dispute, a wrong tap changed,
    a double tap, refusals: a wrong code, the bye, no such table, an impossible score), each
    against its table as the reports before it left it; each refusal writes nothing and does
    not stop the others."""
    _alone_then_together(store, _script(seed, 24), monkeypatch)


@pytest.mark.parametrize("seed", range(6, 10))
def test_a_batch_after_another_updates_the_report_rows_it_finds(
    store: Store, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second batch finds the rows the first wrote: changed rows are saved with their
    version checked, and the answers are still those of the reports one after the other."""
    _alone_then_together(store, _script(seed, 24), monkeypatch, split=10)


def test_both_players_of_a_table_in_one_batch_record_its_result_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    solo_state, many_state = _alone_then_together(
        store, [("a", 0, "2-1"), ("b", 0, "1-2"), ("a", 1, "2-0"), ("b", 1, "0-2")], monkeypatch
    )
    results = many_state[0]
    assert [r[1:3] for r in results[:2]] == [(2, 1), (2, 0)]
    # Alone, each result moves the event's version; together the batch moves it once.
    assert solo_state[3] - many_state[3] == 1


def test_INV_PEN_2_a_batch_counts_game_losses_first_as_a_lone_report_does(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """INV-PEN-2 in a batch: the event has rulings, so the result the players agree on is
    composed with the penalty games as a lone report's is (the batch asks once whether there
    are rulings)."""

    accounts.create_user(
        store, Actor.system(), username="arbitro", password="password-uno-1", role="judge"
    )
    judge = accounts.authenticate(store, "arbitro", "password-uno-1")

    def game_loss(event_id: int, tables: list[Table]) -> None:
        judging.appoint_judge(store, ORG, event_id, username="arbitro")
        judging_rulings.issue(
            store,
            judge,
            event_id,
            player_id=tables[0].a,
            infraction="deck_list_mismatch",
            reason="sideboard",
            penalties=["game_loss"],
        )

    script = [("a", 0, "2-0"), ("b", 0, "0-2"), ("a", 1, "2-1"), ("b", 1, "1-2")]
    _, many_state = _alone_then_together(store, script, monkeypatch, prepare=game_loss)
    assert [r[1:3] for r in many_state[0][:2]] == [(2, 1), (2, 1)]  # 0-1 penalty, then 2-0


def test_a_batch_that_fails_as_a_whole_runs_each_report_alone(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write of the batch meets another writer: nothing of the batch is kept and each report
    is run again alone, with the answer it would have had alone."""
    event_id, tables, _ = _event(store, "Guasto")
    t = tables[0]

    def fail(*args: object, **kwargs: object) -> None:
        raise OperationalError("UPDATE self_reports", {}, Exception("database is locked"))

    monkeypatch.setattr(batch, "save_reports", fail)
    out = report_batch(
        store,
        event_id,
        [SlipReport(t.number, t.code_a, "2-1"), SlipReport(t.number, t.code_b, "1-2")],
        secret=SECRET,
    )
    assert [o.answer for o in out if isinstance(o, srv.Reported)] == ["waiting", "confirmed"]
    with store.read() as s:
        m = s.get_one(Match, t.match_id)
        assert (m.wins_a, m.wins_b) == (2, 1)


def test_a_batch_of_one_is_a_lone_report(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    event_id, tables, _ = _event(store, "Uno")
    monkeypatch.setattr(batch, "_together", lambda *a: pytest.fail("a batch of one is alone"))
    t = tables[0]
    [out] = report_batch(store, event_id, [SlipReport(t.number, t.code_a, "2-0")], secret=SECRET)
    assert isinstance(out, srv.Reported)
    assert out.answer == "waiting"


def test_a_batch_waits_for_a_pairing_and_writes_nothing_when_it_cannot(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The batch takes the event's lock shared, as a lone report: a pairing holding the event
    makes it wait (here past the lock timeout); every report is refused, nothing written."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: lock waits are PostgreSQL's")
    event_id, tables, _ = _event(store, "Attesa")
    _short_lock_waits(store)
    before = _state(store, event_id)
    release = _holding(store, event_id, shared=False)
    try:
        out = report_batch(
            store,
            event_id,
            [SlipReport(t.number, t.code_a, "2-0") for t in tables[:3]],
            secret=SECRET,
        )
    finally:
        release()
    assert all(isinstance(o, Conflict) for o in out)
    assert _state(store, event_id) == before


def test_batches_of_one_event_with_common_tables_never_deadlock_lose_or_double(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two workers' batches at once, their tables in opposite orders: the matches are locked in
    the order of their ids, so neither waits for the other forever (no batch falls back to
    lone reports); every table ends with its one result."""
    if store.engine.dialect.name != "postgresql":
        pytest.skip("SQLite has one writer at a time: row locks are PostgreSQL's")
    event_id, tables, _ = _event(store, "Incrocio")
    alone: list[SlipReport] = []
    lone = batch._alone

    def counted(s: Store, e: int, item: SlipReport, secret: str) -> object:
        alone.append(item)
        return lone(s, e, item, secret)

    monkeypatch.setattr(batch, "_alone", counted)
    firsts = [SlipReport(t.number, t.code_a, "2-1") for t in tables]
    seconds = [SlipReport(t.number, t.code_b, "1-2") for t in reversed(tables)]
    barrier = threading.Barrier(2)
    outs: list[list[object]] = [[], []]

    def run(i: int, items: list[SlipReport]) -> None:
        barrier.wait()
        outs[i] = list(report_batch(store, event_id, items, secret=SECRET))

    threads = [
        threading.Thread(target=run, args=(i, items)) for i, items in enumerate((firsts, seconds))
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert alone == []
    answers = sorted(o.answer for out in outs for o in out if isinstance(o, srv.Reported))
    assert answers == ["confirmed"] * len(tables) + ["waiting"] * len(tables)
    results, _reports, audit, _ = _state(store, event_id)
    assert [r[1:3] for r in results if r[0] in {t.number for t in tables}] == [(2, 1)] * len(tables)
    recorded = sorted((a[2], a[3]) for a in audit if a[0] == "match.report")
    assert recorded == [(t.number, "2-1") for t in tables]  # once each
