"""Sanctions, the chop and floor rulings in the floor's log, and their undo by entry, through the
services (PKR-PEN-1, PKR-END-1, PKR-BAL-1, PKR-PROC-1): each is an entry of its own kind; a
sanction or a disqualification issued in error is undone by the floor, the chop by the organizer;
what depends on it is named; a ruling, an unknown entry, an entry undone twice, a stale phone and
another club's staff are refused and change nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.conftest import FakeClock
from tests.support.poker import (
    fingerprint,
    player_row,
    running_tuesday,
    scheduled_running,
    seated_at,
)
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.platform import clubs
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_chop as poker_chop
from torneo.poker.floor import commands_rulings as poker_rulings
from torneo.poker.floor import commands_sanctions as poker_sanctions
from torneo.poker.floor import commands_undo as poker_undo
from torneo.poker.floor.views_log import LogRow, floor_log
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league


def _entry(store: Store, tid: int, number: int) -> LogRow:
    return next(r for r in floor_log(store, tid) if r.number == number)


def _warn(store: Store, actor: Actor, tid: int, pid: int, what: str = "Linguaggio") -> int:
    out = poker_sanctions.sanction_player(
        store, actor, tid, player_id=pid, kind="warning", infraction=what
    )
    return out.entry


def _disqualify(store: Store, actor: Actor, tid: int, pid: int) -> poker_sanctions.SanctionOut:
    return poker_sanctions.sanction_player(
        store,
        actor,
        tid,
        player_id=pid,
        kind="disqualification",
        infraction="Chip passing",
        ruling="art. 20.12",
        stack=10_000,
    )


def _stranger(store: Store) -> Actor:
    """The floor of another club: refused on this club's tournaments."""
    other = clubs.create_club(store, Actor.system(), "Altro circolo")
    return Actor("mario", frozenset({(other, "floor"), (other, "organizer")}))


def test_PKR_PEN_1_each_sanction_is_an_entry_of_its_own_kind(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-PEN-1: a warning, missed hands and a disqualification are in the log, newest first,
    with the infraction, the hands to miss, the chips removed and where the player sat."""
    tid = running_tuesday(store, organizer, players=8)
    pid = seated_at(store, tid, 0)[0]
    seat = player_row(store, tid, pid)
    _warn(store, judge, tid, pid)
    poker_sanctions.sanction_player(
        store, judge, tid, player_id=pid, kind="missed_hands", orbits=2, infraction="Carte esposte"
    )
    dq = _disqualify(store, judge, tid, pid)
    rows = floor_log(store, tid)
    assert [r.kind for r in rows] == ["disqualification", "missed_hands", "warning"]
    assert rows[0].number == dq.entry
    assert (rows[0].chips_removed, rows[0].infraction, rows[0].ruling) == (
        10_000,
        "Chip passing",
        "art. 20.12",
    )
    assert (rows[0].table, rows[0].seat) == (seat.table, seat.seat)
    assert (rows[1].orbits, rows[1].hands, rows[1].infraction) == (2, 16, "Carte esposte")
    assert (rows[2].hands, rows[2].chips_removed, rows[2].infraction) == (0, 0, "Linguaggio")
    assert all(r.name == seat.name and r.actor == judge.name and r.undoable for r in rows)


def test_PKR_PEN_1_undo_a_warning_issued_in_error(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """The floor's judge undoes the warning: it leaves the sanctions, so the next warning to the
    same player is no longer an escalation; the undo is audited with what it undid."""
    tid = running_tuesday(store, organizer)
    pid = seated_at(store, tid, 0)[0]
    entry = _warn(store, judge, tid, pid)
    out = poker_undo.undo_entry(store, judge, tid, entry=entry)
    assert (out.kind, out.moves, out.reopened) == ("warning", (), False)
    assert poker_views.tournament_view(store, tid).sanctions == ()
    row = _entry(store, tid, entry)
    assert (row.undone, row.undone_by) == (True, judge.name)
    with store.read() as s:
        audit = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.undo")).one()
    assert audit.after is not None
    assert (audit.after["entry"], audit.after["kind"]) == (entry, "warning")
    _warn(store, judge, tid, pid, "Di nuovo")  # a first warning again: not refused
    assert len(poker_views.tournament_view(store, tid).sanctions) == 1


def test_PKR_PEN_1_a_later_sanction_of_the_player_is_named_first(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Repeats escalate: the missed hands were given because of the warning, so the warning's
    undo names them; once they are undone, the warning can be. Another player's sanction does
    not stand in the way."""
    tid = running_tuesday(store, organizer)
    pid, other = seated_at(store, tid, 0)[:2]
    warning = _warn(store, judge, tid, pid)
    _warn(store, judge, tid, other)
    missed = poker_sanctions.sanction_player(
        store, judge, tid, player_id=pid, kind="missed_hands", orbits=1, infraction="Ancora"
    )
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, judge, tid, entry=warning)
    assert err.value.field == "log_entry"
    assert err.value.accepted == f"undo entry {missed.entry} first"
    assert fingerprint(store, tid) == before
    poker_undo.undo_entry(store, judge, tid, entry=missed.entry)
    poker_undo.undo_entry(store, judge, tid, entry=warning)
    left = poker_views.tournament_view(store, tid).sanctions
    assert [s.name for s in left] == [player_row(store, tid, other).name]


def test_PKR_PEN_1_undo_a_disqualification_puts_the_player_back(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-PEN-1 / PKR-BAL-1: the disqualification took the player out, removed their chips and
    moved a player to balance; undone, the player sits where they were with their chips in
    play, the moved player goes back (announced) and the sanction is gone."""
    tid = running_tuesday(store, organizer)
    one = seated_at(store, tid, 0)
    poker_floor.bust_out(store, organizer, tid, players=[one[0]])
    chips = poker_views.tournament_view(store, tid).cash.chips_in_play
    seat = player_row(store, tid, one[1])
    dq = _disqualify(store, judge, tid, one[1])
    assert len(dq.moves) == 1
    moved = dq.moves[0]
    assert _entry(store, tid, dq.entry).moves[0].player_id == moved.player_id
    assert player_row(store, tid, one[1]).status == "disqualified"
    out = poker_undo.undo_entry(store, judge, tid, entry=dq.entry)
    assert out.kind == "disqualification"
    back = player_row(store, tid, one[1])
    assert (back.status, back.table, back.seat) == ("in", seat.table, seat.seat)
    again = player_row(store, tid, moved.player_id)
    assert (again.table, again.seat) == (moved.from_table, moved.from_seat)
    view = poker_views.tournament_view(store, tid)
    assert view.cash.chips_in_play == chips
    assert view.sanctions == ()
    assert view.clock.players_left == 19
    undone = [m for m in view.moves if m.reason == "undo"]  # announced on the screens
    assert {m.player_id for m in undone} == {moved.player_id, one[1]}
    assert _entry(store, tid, dq.entry).undone


def test_PKR_PEN_1_a_disqualification_undo_names_the_entry_in_the_way(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """The player its balancing moved busted since, or the director sat someone in the
    disqualified player's seat: the undo names that entry and changes nothing."""
    tid = running_tuesday(store, organizer)
    one = seated_at(store, tid, 0)
    poker_floor.bust_out(store, organizer, tid, players=[one[0]])
    dq = _disqualify(store, judge, tid, one[1])
    moved = dq.moves[0].player_id
    bust = poker_floor.bust_out(store, organizer, tid, players=[moved])
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, judge, tid, entry=dq.entry)
    assert (err.value.field, err.value.accepted) == ("log_entry", f"undo entry {bust.entry} first")
    assert fingerprint(store, tid) == before
    poker_undo.undo_entry(store, judge, tid, entry=bust.entry)
    seat = _entry(store, tid, dq.entry)
    assert seat.table is not None
    assert seat.seat is not None
    other = seated_at(store, tid, 1)[0]
    poker_floor.move_player_to(
        store, organizer, tid, player_id=other, table=seat.table, seat=seat.seat
    )
    move = floor_log(store, tid)[0]
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, judge, tid, entry=dq.entry)
    assert err.value.accepted == f"undo entry {move.number} first"


def test_PKR_END_1_undo_the_disqualification_that_ended_the_tournament(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Two left, one disqualified: the tournament is over. An earlier entry is refused naming
    the disqualification; undoing it, the tournament runs again and nobody has won."""
    tid = running_tuesday(store, organizer, players=3)
    players = seated_at(store, tid, 0)
    bust = poker_floor.bust_out(store, organizer, tid, players=[players[0]])
    dq = _disqualify(store, judge, tid, players[1])
    assert poker_views.tournament_view(store, tid).status == poker.FINISHED
    assert _entry(store, tid, dq.entry).finished
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=bust.entry)
    assert (err.value.field, err.value.accepted) == ("status", f"undo entry {dq.entry} first")
    assert fingerprint(store, tid) == before
    out = poker_undo.undo_entry(store, judge, tid, entry=dq.entry)
    assert out.reopened
    view = poker_views.tournament_view(store, tid)
    assert (view.status, view.winner) == (poker.RUNNING, None)
    assert player_row(store, tid, players[1]).status == "in"


def _final_three(store: Store, org: Actor) -> tuple[int, list[int]]:
    tid = running_tuesday(store, org, players=12)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    for pid in ids[:9]:
        poker_floor.bust_out(store, org, tid, players=[pid])
    return tid, ids[9:]


def test_the_chop_is_in_the_log_and_the_organizer_undoes_it(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """The chop's entry shows its method and each share; the floor's judge and another club's
    staff may not undo it (taking it is the organizer's); an earlier bust is refused naming it;
    the organizer's undo reopens the tournament with the earlier chip counts and no deal."""
    tid, left = _final_three(store, organizer)
    counts = {left[0]: 60_000, left[1]: 40_000, left[2]: 20_000}
    poker_chop.record_chip_counts(store, organizer, tid, counts=counts)
    shares = poker_chop.chop(
        store,
        organizer,
        tid,
        method="chips",
        stacks={left[0]: 70_000, left[1]: 30_000, left[2]: 20_000},
    )
    chop = floor_log(store, tid)[0]
    stranger = _stranger(store)  # (creating its club is audited: before the fingerprint)
    names = {p.player_id: p.name for p in poker_views.tournament_view(store, tid).players}
    assert (chop.kind, chop.method, chop.finished, chop.name) == ("chop", "chips", True, "")
    assert dict(chop.shares) == {names[p]: c for p, c in shares.items()}
    before = fingerprint(store, tid)
    with pytest.raises(Forbidden):
        poker_undo.undo_entry(store, judge, tid, entry=chop.number)
    with pytest.raises(Forbidden):
        poker_undo.undo_entry(store, stranger, tid, entry=chop.number)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=chop.number - 1)
    assert (err.value.field, err.value.accepted) == ("status", f"undo entry {chop.number} first")
    assert fingerprint(store, tid) == before
    out = poker_undo.undo_entry(store, organizer, tid, entry=chop.number)
    assert (out.kind, out.reopened) == ("chop", True)
    view = poker_views.tournament_view(store, tid)
    assert (view.status, view.chop) == (poker.RUNNING, None)
    assert {p.player_id: p.chips for p in view.players if p.player_id in counts} == counts
    poker_floor.bust_out(store, organizer, tid, players=[left[2]])  # the play goes on
    assert poker_views.tournament_view(store, tid).clock.players_left == 2


def test_PKR_PROC_1_a_ruling_is_in_the_log_and_is_not_undone(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-PROC-1: the ruling is an entry with its table, decision and article; its undo is
    refused naming the field, and its entry stays as it was."""
    tid = running_tuesday(store, organizer)
    ruling = poker_rulings.record_ruling(
        store, judge, tid, procedure="misdeal", case="first_cards_exposed", table=2
    )
    row = floor_log(store, tid)[0]
    assert (row.kind, row.table, row.decision, row.article) == (
        "ruling",
        2,
        ruling.decision,
        "15.1",
    )
    assert not row.undoable
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=row.number)
    assert err.value.field == "log_entry"
    assert "ruling" in err.value.reason
    assert fingerprint(store, tid) == before
    assert not floor_log(store, tid)[0].undone


def test_PKR_PROC_1_a_ruling_at_a_table_or_seat_that_does_not_exist_is_refused(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Issue 28 item 6: a ruling for table 99 was recorded. A table the tournament has not
    open, or a showdown seat its table does not have, is refused naming the field and what
    exists; nothing is written."""
    tid = running_tuesday(store, organizer)
    tables = [t.number for t in poker_views.tournament_view(store, tid).open_tables]
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as missing:
        poker_rulings.record_ruling(
            store, judge, tid, procedure="misdeal", case="first_cards_exposed", table=99
        )
    assert missing.value.status == 422
    assert missing.value.field == "table"
    assert "no table 99" in missing.value.reason
    assert missing.value.accepted is not None
    assert ", ".join(str(n) for n in tables) in str(missing.value.accepted)
    showdown = {"live_seats": "2 11", "button": "1", "last_aggressor": ""}
    with pytest.raises(TorneoError) as seat:
        poker_rulings.record_ruling(
            store, judge, tid, procedure="showdown", case="", answers=showdown, table=tables[0]
        )
    assert seat.value.field == "live_seats"
    assert f"seat 11 at table {tables[0]}" in seat.value.reason
    assert fingerprint(store, tid) == before
    assert not floor_log(store, tid)


def test_bad_entries_are_refused_naming_the_field(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """An unknown entry, one undone already, a number that is not one, a stale phone and the
    floor of another club: refused, the field named, nothing changed."""
    tid = running_tuesday(store, organizer)
    pid = seated_at(store, tid, 0)[0]
    seen = poker_views.tournament_view(store, tid).version
    entry = _warn(store, judge, tid, pid)
    stranger = _stranger(store)
    before = fingerprint(store, tid)
    with pytest.raises(NotFound) as missing:
        poker_undo.undo_entry(store, judge, tid, entry=entry + 1)
    assert missing.value.field == "log_entry"
    with pytest.raises(TorneoError) as bad:
        poker_undo.undo_entry(store, judge, tid, entry="due")
    assert bad.value.field == "log_entry"
    with pytest.raises(Conflict) as stale:
        poker_undo.undo_entry(store, judge, tid, entry=entry, version=seen)
    assert stale.value.field == "version"
    with pytest.raises(Forbidden):
        poker_undo.undo_entry(store, stranger, tid, entry=entry)
    assert fingerprint(store, tid) == before
    poker_undo.undo_entry(store, judge, tid, entry=entry)
    after = fingerprint(store, tid)
    with pytest.raises(Conflict) as twice:
        poker_undo.undo_entry(store, judge, tid, entry=entry)
    assert twice.value.field == "log_entry"
    assert f"entry {entry} of the log is already undone" in twice.value.reason
    assert fingerprint(store, tid) == after


def test_PKR_LEAGUE_1_undoing_the_chop_takes_the_results_out_of_the_league(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LEAGUE-1: the chop ended a league tournament and fed the leaderboard; undone, its
    results and jackpot share leave the league until the tournament ends again."""
    made = leagues.import_week(store, organizer, starts_on="2025-09-01", ends_on="2026-08-31")
    tue, campione = made["schedules"][0], made["leagues"][0]
    tid = scheduled_running(store, organizer, tue, "2025-12-02", ["Anna", "Bruno", "Carla"])
    poker_chop.chop(store, organizer, tid, method="equal")
    assert len(views_league.league_view(store, campione).board) == 3
    poker_undo.undo_entry(store, organizer, tid, entry=floor_log(store, tid)[0].number)
    view = views_league.league_view(store, campione)
    assert (view.board, view.jackpot_cents) == ((), 0)
