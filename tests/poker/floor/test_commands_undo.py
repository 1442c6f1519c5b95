"""Undo of a floor action by its log entry (issue 15 item 8) through the services: a bust-out
with the moves it caused (PKR-END-1, PKR-BAL-1, PKR-BRK-1), a move, a re-entry (PKR-REG-1), a
late entry (PKR-LATE-1), a rebuy; what depends on it is named; a stale phone, a second undo and
a judge undoing a payment are refused and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from tests.conftest import FakeClock
from tests.support.poker import (
    fingerprint,
    player_row,
    running_tuesday,
    scheduled_running,
    seated_at,
    tuesday,
)
from torneo.core.errors import Conflict, Forbidden, NotFound
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import commands_setup as poker_setup
from torneo.poker import views as poker_views
from torneo.poker.final import commands as finals
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_purchases as poker_purchases
from torneo.poker.floor import commands_undo as poker_undo
from torneo.poker.floor.views_log import floor_log
from torneo.poker.league import commands as leagues
from torneo.poker.league import views as views_league


def test_PKR_END_1_undo_a_mistaken_bust_puts_back_the_player_and_the_moves(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-END-1 / PKR-BAL-1: the bust that caused a balancing move is undone by the floor: the
    player sits again where they were, the moved player goes back, a later bust keeps its order
    and its place follows (one lower: a player more was in when it happened)."""
    tid = running_tuesday(store, organizer)
    one = seated_at(store, tid, 0)
    two = seated_at(store, tid, 1)
    poker_floor.bust_out(store, organizer, tid, players=[one[0]])
    seated = player_row(store, tid, one[1])
    mistaken = poker_floor.bust_out(store, organizer, tid, players=[one[1]])
    assert len(mistaken.moves) == 1
    moved = mistaken.moves[0]
    later = poker_floor.bust_out(store, organizer, tid, players=[two[-1]])
    assert later.places == ((two[-1], 18),)
    out = poker_undo.undo_entry(store, judge, tid, entry=mistaken.entry)
    assert out.kind == "bust"
    assert not out.reopened
    back = player_row(store, tid, one[1])
    assert (back.status, back.table, back.seat) == ("in", seated.table, seated.seat)
    again = player_row(store, tid, moved.player_id)
    assert (again.table, again.seat) == (moved.from_table, moved.from_seat)
    assert player_row(store, tid, two[-1]).place == 19
    assert player_row(store, tid, one[0]).place == 20
    view = poker_views.tournament_view(store, tid)
    assert view.clock.players_left == 18
    announced = [m for m in view.announcements if m.reason == "undo"]
    assert (announced[0].from_table, announced[0].to_table) == (moved.to_table, moved.from_table)
    rows = {r.number: r for r in floor_log(store, tid)}
    assert rows[mistaken.entry].undone
    assert rows[mistaken.entry].undone_by == judge.name
    assert rows[later.entry].undone is False
    with store.read() as s:
        audit = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.undo")).one()
    assert audit.before is not None
    assert audit.after is not None
    assert audit.after["entry"] == mistaken.entry
    assert audit.before["seating"] != audit.after["seating"]


def test_an_entry_is_undone_once(store: Store, organizer: Actor, clock: FakeClock) -> None:
    tid = running_tuesday(store, organizer)
    bust = poker_floor.bust_out(store, organizer, tid, players=[seated_at(store, tid, 0)[0]])
    poker_undo.undo_entry(store, organizer, tid, entry=bust.entry)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=bust.entry)
    assert err.value.field == "log_entry"
    assert "already undone" in err.value.reason
    with pytest.raises(NotFound):
        poker_undo.undo_entry(store, organizer, tid, entry=99)
    assert fingerprint(store, tid) == before


def test_a_stale_phone_cannot_undo(store: Store, organizer: Actor, clock: FakeClock) -> None:
    tid = running_tuesday(store, organizer)
    seen = poker_views.tournament_view(store, tid).version
    bust = poker_floor.bust_out(store, organizer, tid, players=[seated_at(store, tid, 0)[0]])
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=bust.entry, version=seen)
    assert err.value.status == 409
    assert fingerprint(store, tid) == before


def test_PKR_BAL_1_undo_refused_while_a_later_entry_depends_on_it(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """The player moved by the bust's balancing busted since: the undo names that entry; once
    it is undone first, the bust can be undone too."""
    tid = running_tuesday(store, organizer)
    one = seated_at(store, tid, 0)
    poker_floor.bust_out(store, organizer, tid, players=[one[0]])
    mistaken = poker_floor.bust_out(store, organizer, tid, players=[one[1]])
    moved = mistaken.moves[0].player_id
    dependent = poker_floor.bust_out(store, organizer, tid, players=[moved])
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=mistaken.entry)
    assert err.value.field == "log_entry"
    assert err.value.accepted == f"undo entry {dependent.entry} first"
    assert fingerprint(store, tid) == before
    poker_undo.undo_entry(store, organizer, tid, entry=dependent.entry)
    poker_undo.undo_entry(store, organizer, tid, entry=mistaken.entry)
    assert player_row(store, tid, moved).status == "in"
    assert player_row(store, tid, one[1]).status == "in"


def test_undo_a_directors_move(store: Store, organizer: Actor, clock: FakeClock) -> None:
    tid = running_tuesday(store, organizer, players=12)
    pid = seated_at(store, tid, 0)[0]
    seat = player_row(store, tid, pid)
    poker_floor.move_player_to(store, organizer, tid, player_id=pid, table=2, seat=10)
    entry = floor_log(store, tid)[0]
    assert entry.kind == "move"
    poker_undo.undo_entry(store, organizer, tid, entry=entry.number)
    back = player_row(store, tid, pid)
    assert (back.table, back.seat) == (seat.table, seat.seat)


def test_PKR_END_1_undo_the_last_bust_reopens_the_tournament(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """The runner-up's bust was a mistake: the tournament runs again, nobody has won."""
    tid = running_tuesday(store, organizer, players=3)
    players = seated_at(store, tid, 0)
    poker_floor.bust_out(store, organizer, tid, players=[players[0]])
    last = poker_floor.bust_out(store, organizer, tid, players=[players[1]])
    assert last.finished
    before = fingerprint(store, tid)
    bad = floor_log(store, tid)[-1].number  # the first bust: not while finished
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=bad)
    assert err.value.field == "status"
    assert fingerprint(store, tid) == before
    out = poker_undo.undo_entry(store, organizer, tid, entry=last.entry)
    assert out.reopened
    view = poker_views.tournament_view(store, tid)
    assert view.status == poker.RUNNING
    assert view.winner is None
    assert player_row(store, tid, players[1]).status == "in"


def test_PKR_REG_1_undo_a_re_entry_and_the_bust_waits_for_it(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-REG-1: undoing the bust of a player who re-entered since is refused naming the
    re-entry; undoing the re-entry frees the seat, takes the payment out and the earlier bust
    counts again. A payment's undo is the organizer's: the floor judge is refused."""
    tid = tuesday(store, organizer, players=12)
    poker_setup.set_entry_options(store, organizer, tid, max_re_entries=1)
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    pid = seated_at(store, tid, 0)[0]
    bust = poker_floor.bust_out(store, organizer, tid, players=[pid])
    poker_purchases.re_enter(store, organizer, tid, player_id=pid)
    re_entry = floor_log(store, tid)[0]
    assert re_entry.kind == "re_entry"
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=bust.entry)
    assert err.value.accepted == f"undo entry {re_entry.number} first"
    with pytest.raises(Forbidden):
        poker_undo.undo_entry(store, judge, tid, entry=re_entry.number)
    assert fingerprint(store, tid) == before
    poker_undo.undo_entry(store, organizer, tid, entry=re_entry.number)
    view = poker_views.tournament_view(store, tid)
    assert view.cash.re_entries == 0
    row = player_row(store, tid, pid)
    assert (row.status, row.table, row.place) == ("out", None, 12)


def test_PKR_LATE_1_undo_a_late_entry(store: Store, organizer: Actor, clock: FakeClock) -> None:
    tid = tuesday(store, organizer, players=10)
    poker_entries.book_player(store, organizer, tid, name="Tardi")
    poker_seats.draw_seats_now(store, organizer, tid)
    poker_clock.start_clock(store, organizer, tid)
    late = poker_entries.register_player(store, organizer, tid, name="Tardi")
    entry = floor_log(store, tid)[0]
    assert (entry.kind, entry.player_id) == ("late_entry", late.player_id)
    poker_undo.undo_entry(store, organizer, tid, entry=entry.number)
    view = poker_views.tournament_view(store, tid)
    assert view.cash.entries == 10
    row = player_row(store, tid, late.player_id)
    assert (row.status, row.table) == ("booked", None)


def test_undo_a_rebuy(store: Store, organizer: Actor, clock: FakeClock) -> None:
    tid = running_tuesday(store, organizer, players=10)
    pid = seated_at(store, tid, 0)[0]
    pool = poker_views.tournament_view(store, tid).cash.prize_pool
    poker_purchases.rebuy(store, organizer, tid, player_id=pid)
    entry = floor_log(store, tid)[0]
    assert entry.kind == "rebuy"
    assert entry.cents == 10000
    poker_undo.undo_entry(store, organizer, tid, entry=entry.number)
    view = poker_views.tournament_view(store, tid)
    assert (view.cash.rebuys, view.cash.prize_pool) == (0, pool)
    assert floor_log(store, tid)[0].cents is None


class _Recorder:
    def __init__(self) -> None:
        self.notices: list[Any] = []

    def publish(self, notice: Any) -> None:
        self.notices.append(notice)


def test_an_undo_is_announced_live_to_the_screens(
    store: Store, organizer: Actor, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TV and the phones follow the tournament's topic: an undo publishes on it (after the
    commit), a refused one publishes nothing."""
    tid = running_tuesday(store, organizer)
    bust = poker_floor.bust_out(store, organizer, tid, players=[seated_at(store, tid, 0)[0]])
    recorder = _Recorder()
    monkeypatch.setattr(store, "broker", recorder)
    with pytest.raises(Conflict):
        poker_undo.undo_entry(store, organizer, tid, entry=bust.entry, version=1)
    assert recorder.notices == []
    poker_undo.undo_entry(store, organizer, tid, entry=bust.entry)
    assert [(n.topic, n.kind) for n in recorder.notices] == [(poker.topic(tid), "undo")]


def test_PKR_LEAGUE_1_undoing_the_last_bust_takes_the_results_out_of_the_league(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LEAGUE-1: a finished tournament fed its league; its last bust undone, it runs again
    and its results and jackpot share leave the league until it ends again (then fed anew)."""
    made = leagues.import_week(store, organizer, starts_on="2025-09-01", ends_on="2026-08-31")
    tue, campione = made["schedules"][0], made["leagues"][0]
    tid = scheduled_running(store, organizer, tue, "2025-12-02", ["Anna", "Bruno", "Carla"])
    ids = {p.name: p.player_id for p in poker_views.tournament_view(store, tid).players}
    poker_floor.bust_out(store, organizer, tid, players=[ids["Carla"]])
    last = poker_floor.bust_out(store, organizer, tid, players=[ids["Bruno"]])
    assert len(views_league.league_view(store, campione).board) == 3
    poker_undo.undo_entry(store, organizer, tid, entry=last.entry)
    view = views_league.league_view(store, campione)
    assert (view.board, view.jackpot_cents) == ((), 0)
    poker_floor.bust_out(store, organizer, tid, players=[ids["Anna"]])
    board = views_league.league_view(store, campione).board
    assert [r.name for r in board] == ["Bruno", "Anna", "Carla"]


def _league_to_its_final(store: Store, organizer: Actor) -> tuple[int, int, int, dict[str, int]]:
    """A league of Tuesdays whose one tournament ended on the floor, its final created from the
    board: (schedule, league, tournament, ids), the ids being the players' by name and, under
    "last", the log entry of the bust that ended it."""
    made = leagues.import_week(store, organizer, starts_on="2025-09-01", ends_on="2026-08-31")
    tue = made["schedules"][0]
    league = leagues.create_league(
        store,
        organizer,
        name="Finale secca",
        schedules=[tue],
        starts_on="2025-09-01",
        ends_on="2026-08-31",
        planned_tournaments=1,
        points_formula="pick(f, 100, 50, 25)",
        jackpot_per_tournament="10",
        final={"direct_seats": 2, "qualifier_seats": 0, "final_level_minutes": 20},
        seed=5,
    )
    tid = _tuesday_played(store, organizer, tue, "2025-12-02", ["Anna", "Bruno", "Carla"])
    ids = {p.name: p.player_id for p in poker_views.tournament_view(store, tid).players}
    ids["last"] = max(e.number for e in floor_log(store, tid))
    finals.create_final(store, organizer, league, held_on="2026-06-20")
    return tue, league, tid, ids


def _tuesday_played(store: Store, organizer: Actor, tue: int, day: str, names: list[str]) -> int:
    """A Tuesday tournament played to its end on the floor: the last name busts first, the first
    name wins."""
    tid = scheduled_running(store, organizer, tue, day, names)
    ids = {p.name: p.player_id for p in poker_views.tournament_view(store, tid).players}
    for name in names[:0:-1]:
        poker_floor.bust_out(store, organizer, tid, players=[ids[name]])
    return tid


def test_PKR_LEAGUE_3_results_that_drew_the_leagues_final_are_final(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LEAGUE-3: once the league has created its final from the leaderboard (its seats and
    stacks drawn from it), the tournaments that fed it keep their results: undoing the bust
    that ended one, correcting its order, or recording a past tournament into the league is
    refused naming the league; nothing changes."""
    tue, league, tid, ids = _league_to_its_final(store, organizer)
    before = fingerprint(store, tid)
    board = views_league.league_view(store, league).board
    with pytest.raises(Conflict) as undo:
        poker_undo.undo_entry(store, organizer, tid, entry=ids["last"])
    assert undo.value.field == "log_entry"
    with pytest.raises(Conflict) as corrected:
        leagues.correct_result(
            store, organizer, tid, order=[ids["Bruno"], ids["Anna"], ids["Carla"]]
        )
    assert corrected.value.field == "order"
    with pytest.raises(Conflict) as past:
        leagues.record_past_tournament(
            store,
            organizer,
            tue,
            held_on="2025-12-09",
            results=[{"player": "Anna"}, {"player": "Bruno"}],
        )
    assert past.value.field == "held_on"
    assert fingerprint(store, tid) == before
    assert views_league.league_view(store, league).board == board


def test_PKR_LEAGUE_3_a_tournament_ending_after_the_final_was_drawn_leaves_its_board_alone(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """A Tuesday played after the league created its final ends normally, but the league's
    board (closed) does not take its results."""
    tue, league, _, _ = _league_to_its_final(store, organizer)
    board = views_league.league_view(store, league).board
    later = _tuesday_played(store, organizer, tue, "2026-01-13", ["Dario", "Elena", "Anna"])
    assert poker_views.tournament_view(store, later).status == "finished"
    assert views_league.league_view(store, league).board == board


def test_undo_last_move_marks_the_directors_move_undone_in_the_log(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """The older "undo the last move" and the log agree: the entry is struck, not undoable."""
    tid = running_tuesday(store, organizer, players=12)
    pid = seated_at(store, tid, 0)[0]
    poker_floor.move_player_to(store, organizer, tid, player_id=pid, table=2, seat=10)
    poker_floor.undo_last_move(store, organizer, tid)
    entry = floor_log(store, tid)[0]
    assert entry.undone
    with pytest.raises(Conflict):
        poker_undo.undo_entry(store, organizer, tid, entry=entry.number)


def test_PKR_END_1_the_busted_players_seat_given_since_names_that_move(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """The director sat someone in the busted player's seat: undoing the bust names that move."""
    tid = running_tuesday(store, organizer, players=12)
    out = seated_at(store, tid, 0)[0]
    seat = player_row(store, tid, out)
    bust = poker_floor.bust_out(store, organizer, tid, players=[out])
    other = seated_at(store, tid, 1)[0]
    assert seat.table is not None
    assert seat.seat is not None
    poker_floor.move_player_to(
        store, organizer, tid, player_id=other, table=seat.table, seat=seat.seat
    )
    move = floor_log(store, tid)[0]
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_undo.undo_entry(store, organizer, tid, entry=bust.entry)
    assert err.value.accepted == f"undo entry {move.number} first"
    assert fingerprint(store, tid) == before
