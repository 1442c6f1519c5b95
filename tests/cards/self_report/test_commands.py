"""Self-reporting of match results by the players (services/self_report.py), SQLite and PG."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from sqlalchemy import select

from tests.support.events import fingerprint
from torneo.cards import commands as events
from torneo.cards.self_report import commands as sr
from torneo.cards.self_report import views as srv
from torneo.cards.tables import Match
from torneo.core.errors import Conflict, Forbidden, TorneoError
from torneo.judging import commands as judging
from torneo.platform import accounts
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store

SECRET = "a-secret-for-the-codes-of-this-test-0123456789"
ORG = Actor("org", frozenset({(1, "organizer")}))


@dataclass(frozen=True)
class Table:
    number: int
    match_id: int
    a: int
    b: int
    code_a: str
    code_b: str


def running_event(store: Store, players: int = 8, name: str = "Self") -> tuple[int, list[Table]]:
    event_id = events.create_event(
        store, ORG, name=name, preset="invasion-it-2012", held_on="2012-03-10", seed=3
    )
    events.register_roster(
        store, ORG, event_id, "\n".join(f"{name} Giocatore {i:02d}" for i in range(players))
    )
    events.start_event(store, ORG, event_id)
    events.pair_next_round(store, ORG, event_id)
    with store.read() as s:
        rows = s.scalars(
            select(Match).where(Match.event_id == event_id).order_by(Match.table_no)
        ).all()
        tables = [
            Table(
                m.table_no,
                m.id,
                m.player_a_id,
                m.player_b_id,
                srv.match_code(SECRET, m.id, m.player_a_id),
                srv.match_code(SECRET, m.id, m.player_b_id),
            )
            for m in rows
            if m.player_b_id is not None
        ]
    return event_id, tables


def recorded(store: Store, event_id: int, table: int) -> str | None:
    with store.read() as s:
        m = s.scalars(
            select(Match).where(Match.event_id == event_id, Match.table_no == table)
        ).one()
        if m.wins_a is None:
            return None
        return f"{m.wins_a}-{m.wins_b}" + (f"-{m.draws}" if m.draws else "")


def by_code(store: Store, event_id: int, t: Table, side: str, result: str) -> srv.Reported:
    code = t.code_a if side == "a" else t.code_b
    return sr.report_by_code(store, event_id, t.number, code, result, secret=SECRET)


# --- codes -----------------------------------------------------------------------------------


def test_codes_are_six_unambiguous_symbols_per_player_and_match() -> None:
    code = srv.match_code(SECRET, 12, 7)
    assert len(code) == 6
    assert set(code) <= set(srv.CODE_ALPHABET)
    assert not set(code) & set("01OI")
    assert code == srv.match_code(SECRET, 12, 7)  # every worker computes the same
    assert code != srv.match_code(SECRET, 12, 8)  # the opponent has their own
    assert code != srv.match_code(SECRET, 13, 7)  # and the next round another
    assert code != srv.match_code("another secret of the server 0123456789", 12, 7)
    many = {srv.match_code(SECRET, m, p) for m in range(50) for p in range(40)}
    assert len(many) == 2000


def test_a_code_is_read_without_regard_to_case_spaces_or_look_alikes() -> None:
    assert srv.normalize_code(" k7q-2md ") == "K7Q2MD"
    assert srv.normalize_code("AB0C1D") == srv.normalize_code("ABOCID")


# --- the two confirmations -------------------------------------------------------------------


def test_both_players_agree_and_the_result_is_recorded(store: Store) -> None:
    event_id, tables = running_event(store)
    t = tables[0]
    first = by_code(store, event_id, t, "a", "2-1")
    assert first.answer == "waiting"
    assert first.seat.report.status == srv.PENDING
    assert recorded(store, event_id, t.number) is None
    second = by_code(store, event_id, t, "b", "1-2")  # the same score, from B's side
    assert second.answer == "confirmed"
    assert second.seat.report.status == srv.CONFIRMED
    assert second.seat.mine(second.seat.report.recorded) == "1-2"
    assert recorded(store, event_id, t.number) == "2-1"
    with store.read() as s:
        actions = s.scalars(
            select(AuditEntry.action).where(AuditEntry.event_id == event_id).order_by(AuditEntry.id)
        ).all()
    assert actions[-3:] == ["self_report.waiting", "self_report.confirmed", "match.report"]


def test_the_first_player_may_correct_a_wrong_tap_until_the_opponent_answers(
    store: Store,
) -> None:
    event_id, tables = running_event(store)
    t = tables[0]
    by_code(store, event_id, t, "b", "2-0")
    changed = by_code(store, event_id, t, "b", "0-2")
    assert changed.answer == "waiting"
    assert changed.seat.report.first_result == "2-0"  # as side A sees B's 0-2
    assert by_code(store, event_id, t, "a", "2-0").answer == "confirmed"
    assert recorded(store, event_id, t.number) == "2-0"


def test_a_double_tap_changes_nothing(store: Store) -> None:
    event_id, tables = running_event(store)
    t = tables[0]
    by_code(store, event_id, t, "a", "1-1-1")
    before = fingerprint(store, event_id)
    assert by_code(store, event_id, t, "a", "1-1-1").answer == "waiting"  # as the first was told
    assert fingerprint(store, event_id) == before
    assert by_code(store, event_id, t, "b", "1-1-1").answer == "confirmed"
    after = fingerprint(store, event_id)
    assert after[1] != before[1]  # recorded once
    assert by_code(store, event_id, t, "b", "1-1-1").answer == "confirmed"  # a retry
    assert by_code(store, event_id, t, "a", "1-1-1").answer == "unchanged"  # confirmed since
    assert fingerprint(store, event_id) == after


def test_a_mismatch_goes_to_the_judges_and_a_judge_decides(store: Store) -> None:
    event_id, tables = running_event(store)
    t = tables[1]
    by_code(store, event_id, t, "a", "2-0")
    disputed = by_code(store, event_id, t, "b", "2-1")  # B says B won
    assert disputed.answer == "disputed"
    assert recorded(store, event_id, t.number) is None
    queue = srv.judge_queue(store, ORG, event_id)
    assert [(v.table, v.status, v.first_result, v.second_result) for v in queue] == [
        (t.number, srv.DISPUTED, "2-0", "1-2")
    ]
    before = fingerprint(store, event_id)
    with pytest.raises(Conflict) as err:
        by_code(store, event_id, t, "a", "2-0")
    assert err.value.field == "result"
    assert fingerprint(store, event_id) == before
    view = sr.resolve(store, ORG, event_id, 1, t.number, "1-2", reason="the slip says 1-2")
    assert view.status == srv.RESOLVED
    assert view.recorded == "1-2"
    assert recorded(store, event_id, t.number) == "1-2"
    assert srv.judge_queue(store, ORG, event_id) == []


def test_a_judge_may_decide_a_report_the_opponent_never_answered(store: Store) -> None:
    event_id, tables = running_event(store)
    t = tables[0]
    by_code(store, event_id, t, "a", "2-0")
    assert [v.status for v in srv.judge_queue(store, ORG, event_id)] == [srv.PENDING]
    sr.resolve(store, ORG, event_id, 1, t.number, "2-0", reason="B left, A's slip signed")
    assert recorded(store, event_id, t.number) == "2-0"


def test_a_result_entered_by_the_staff_meanwhile_is_confirmed_or_disputed(store: Store) -> None:
    event_id, tables = running_event(store)
    t0, t1 = tables[0], tables[1]
    by_code(store, event_id, t0, "a", "2-0")
    events.report_result(store, ORG, event_id, 1, t0.number, "2-0")
    assert by_code(store, event_id, t0, "b", "0-2").answer == "confirmed"
    events.report_result(store, ORG, event_id, 1, t1.number, "2-1")
    assert by_code(store, event_id, t1, "b", "2-0").answer == "disputed"
    assert recorded(store, event_id, t1.number) == "2-1"  # the staff's result stands meanwhile
    sr.resolve(store, ORG, event_id, 1, t1.number, "0-2", reason="both slips say B won")
    assert recorded(store, event_id, t1.number) == "0-2"


def test_a_report_against_a_confirmed_result_is_refused(store: Store) -> None:
    event_id, tables = running_event(store)
    t = tables[0]
    by_code(store, event_id, t, "a", "2-0")
    by_code(store, event_id, t, "b", "0-2")
    before = fingerprint(store, event_id)
    with pytest.raises(Conflict, match="already recorded"):
        by_code(store, event_id, t, "b", "2-0")
    assert fingerprint(store, event_id) == before


# --- who may report --------------------------------------------------------------------------


def test_a_wrong_code_is_forbidden_and_changes_nothing(store: Store) -> None:
    event_id, tables = running_event(store)
    t, other = tables[0], tables[1]
    before = fingerprint(store, event_id)
    for table, code in [(t.number, "AAAAAA"), (t.number, other.code_a), (99, t.code_a)]:
        with pytest.raises(Forbidden) as err:
            sr.report_by_code(store, event_id, table, code, "2-0", secret=SECRET)
        assert err.value.field == "code"
    with pytest.raises(Forbidden):
        sr.report_by_code(store, event_id, t.number, t.code_a, "2-0", secret="another secret")
    assert fingerprint(store, event_id) == before


def test_a_player_account_reports_only_its_own_match(store: Store) -> None:
    event_id, tables = running_event(store)
    t = tables[0]
    accounts.create_user(
        store,
        Actor.system(),
        username="anna",
        password="password-uno-1",
        role="player",
        player_id=t.a,
    )
    accounts.create_user(
        store, Actor.system(), username="nolink", password="password-uno-1", role="player"
    )
    anna = accounts.authenticate(store, "anna", "password-uno-1")
    seat = srv.my_seat(store, anna, event_id)
    assert (seat.table, seat.side, seat.player_id) == (t.number, "a", t.a)
    assert sr.report_as_player(store, anna, event_id, "2-1").answer == "waiting"
    # Anna's account cannot confirm for her opponent: her second report is hers again.
    assert sr.report_as_player(store, anna, event_id, "2-1").answer == "waiting"  # a retry
    assert recorded(store, event_id, t.number) is None
    nolink = accounts.authenticate(store, "nolink", "password-uno-1")
    before = fingerprint(store, event_id)
    with pytest.raises(Forbidden) as err:
        sr.report_as_player(store, nolink, event_id, "2-0")
    assert err.value.field == "player"
    with pytest.raises(Forbidden):
        sr.report_as_player(store, ORG, event_id, "2-0")  # organizers use events.report_result
    assert fingerprint(store, event_id) == before
    assert by_code(store, event_id, t, "b", "1-2").answer == "confirmed"


def test_judges_queue_is_for_organizers_and_judges_of_this_event(store: Store) -> None:
    event_a, tables = running_event(store, name="A")
    event_b, _ = running_event(store, name="B")
    for name in ("judge-a", "judge-b"):
        accounts.create_user(
            store, Actor.system(), username=name, password="password-uno-1", role="judge"
        )
    judging.appoint_judge(store, ORG, event_a, username="judge-a")
    judging.appoint_judge(store, ORG, event_b, username="judge-b")
    judge_a = accounts.authenticate(store, "judge-a", "password-uno-1")
    judge_b = accounts.authenticate(store, "judge-b", "password-uno-1")
    player = Actor("p")
    t = tables[0]
    by_code(store, event_a, t, "a", "2-0")
    by_code(store, event_a, t, "b", "2-0")
    assert len(srv.judge_queue(store, judge_a, event_a)) == 1
    before = fingerprint(store, event_a)
    for actor in (judge_b, player):
        with pytest.raises(Forbidden):
            srv.judge_queue(store, actor, event_a)
        with pytest.raises(Forbidden):
            sr.resolve(store, actor, event_a, 1, t.number, "2-0", reason="x")
        with pytest.raises(Forbidden):
            srv.slips(store, actor, event_a, secret=SECRET)
    assert fingerprint(store, event_a) == before
    sr.resolve(store, judge_a, event_a, 1, t.number, "2-0", reason="A's deck check")
    assert recorded(store, event_a, t.number) == "2-0"


def test_slips_give_each_player_their_own_code(store: Store) -> None:
    event_id, tables = running_event(store, players=7)  # 7 players: one bye
    slips = srv.slips(store, ORG, event_id, secret=SECRET)
    assert len(slips) == 7
    bye = [s for s in slips if s.opponent is None]
    assert len(bye) == 1
    assert bye[0].code is None
    t = tables[0]
    codes = {(s.table, s.player_id): s.code for s in slips}
    assert codes[(t.number, t.a)] == t.code_a
    assert codes[(t.number, t.b)] == t.code_b


# --- bad input (each: the field named, nothing changed) ---------------------------------------


@pytest.mark.parametrize(
    ("result", "field"), [("3-0", "result"), ("2-2", "result"), ("vinto", "result")]
)
def test_INV_STRUCT_3_an_impossible_score_is_refused(store: Store, result: str, field: str) -> None:
    """INV-STRUCT-3: best of three admits no 3-0 nor 2-2, from a phone as from the desk."""
    event_id, tables = running_event(store)
    before = fingerprint(store, event_id)
    with pytest.raises(TorneoError) as err:
        by_code(store, event_id, tables[0], "a", result)
    assert err.value.field == field
    assert fingerprint(store, event_id) == before


def test_a_bye_has_nothing_to_report(store: Store) -> None:
    event_id, _ = running_event(store, players=7)
    with store.read() as s:
        bye = s.scalars(
            select(Match).where(Match.event_id == event_id, Match.player_b_id.is_(None))
        ).one()
        code = srv.match_code(SECRET, bye.id, bye.player_a_id)
        table = bye.table_no
    with pytest.raises(Conflict) as err:
        sr.report_by_code(store, event_id, table, code, "2-0", secret=SECRET)
    assert err.value.field == "table"


def test_a_judge_decision_needs_a_reason_and_a_waiting_report(store: Store) -> None:
    event_id, tables = running_event(store)
    with pytest.raises(TorneoError) as err:
        sr.resolve(store, ORG, event_id, 1, tables[0].number, "2-0", reason="  ")
    assert err.value.field == "reason"
    with pytest.raises(Conflict) as err2:
        sr.resolve(store, ORG, event_id, 1, tables[0].number, "2-0", reason="why")
    assert err2.value.field == "table"


def test_an_earlier_round_is_not_self_reported(store: Store) -> None:
    event_id, tables = running_event(store)
    for t in tables:
        events.report_result(store, ORG, event_id, 1, t.number, "2-0")
    events.pair_next_round(store, ORG, event_id)
    t = tables[0]
    with pytest.raises(Forbidden):  # round 1's codes do not open round 2's tables
        by_code(store, event_id, t, "a", "2-0")
