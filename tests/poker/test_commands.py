"""A whole poker evening through the services (issue 8, "done when"), on SQLite and PostgreSQL:
a 60-player freezeout with a late entry, two rebuys and an add-on; the seats drawn; the tables
balanced and broken with every move announced; the final table; the finishing order and the
payouts right to the euro. And the clock read back after a restart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from torneo.core.errors import Conflict, Forbidden, TorneoError
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.poker import commands as poker
from torneo.poker import commands_floor as poker_floor
from torneo.poker import views as poker_views
from torneo.poker.tables import PokerTournament

TUESDAY = "2025-12-02"


def fingerprint(store: Store, tournament_id: int) -> tuple[int, int]:
    """(audit rows, tournament version): both unchanged after a refused action."""
    with store.read() as s:
        audits = s.scalar(select(func.count()).select_from(AuditEntry)) or 0
        row = s.get(PokerTournament, tournament_id)
        assert row is not None
        return audits, row.version


def tuesday(store: Store, org: Actor, players: int = 60, seed: int = 2025) -> int:
    tid = poker.create_tournament(store, org, template="tue", held_on=TUESDAY, seed=seed)
    poker.set_entry_options(
        store, org, tid, max_rebuys=1, rebuy_price="90+10", add_on_price="50", add_on_chips=5000
    )
    if players:
        poker.register_roster(
            store, org, tid, [f"Giocatore {i:02d}" for i in range(1, players + 1)]
        )
    return tid


def open_counts(view: poker_views.TournamentView) -> list[int]:
    return sorted(t.count for t in view.open_tables)


def test_PKR_END_1_sixty_player_evening_through_the_services(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-TBL-1, PKR-LATE-1, PKR-BAL-1, PKR-BAL-2, PKR-BRK-1, PKR-END-1: the issue's evening."""
    tid = tuesday(store, organizer)
    poker.book_player(store, organizer, tid, name="Ritardatario")
    seats = poker.draw_seats_now(store, organizer, tid)
    assert len(seats) == 60
    assert len({(s.table, s.seat) for s in seats}) == 60
    view = poker_views.tournament_view(store, tid)
    assert open_counts(view) == [10] * 6

    poker.start_clock(store, organizer, tid)
    clock.advance(minutes=20)  # level 2 of the 15-minute Tuesday structure
    late = poker.register_player(store, organizer, tid, name="Ritardatario")
    assert late.kind == "late_entry"
    assert late.level == 2
    assert late.penalty == 1000  # PKR-LATE-1: 500 chips per level started
    assert late.chips == 9000
    assert late.seat is not None
    assert late.seat.table == 7  # every table was full: a table opened for the late entry
    assert late.moves  # and the room rebalanced onto it, every move announced
    assert all(m.to_table == 7 and "→ Table 7" in m.announcement for m in late.moves)
    view = poker_views.tournament_view(store, tid)
    assert open_counts(view) == [8, 8, 9, 9, 9, 9, 9]

    ids = {p.name: p.player_id for p in view.players}
    poker_floor.rebuy(store, organizer, tid, player_id=ids["Giocatore 05"], stack=0)
    poker_floor.rebuy(store, organizer, tid, player_id=ids["Giocatore 06"], stack=800)
    clock.advance(minutes=15)  # level 3
    poker_floor.add_on(store, organizer, tid, player_id=ids["Giocatore 07"])
    view = poker_views.tournament_view(store, tid)
    assert view.cash.prize_pool == 61 * 9000 + 2 * 9000 + 5000
    assert view.cash.chips_in_play == 60 * 10_000 + 9000 + 20_000 + 5000
    assert view.clock.level_number == 3
    assert view.clock.players_left == 61
    assert view.clock.average_stack == view.cash.chips_in_play // 61

    rng = random.Random(8)
    announced: list[str] = []
    broken: list[int] = []
    while view.status != "finished":
        out = rng.choice([p.player_id for p in view.alive])
        result = poker_floor.bust_out(store, organizer, tid, players=[out])
        announced += [m.announcement for m in result.moves]
        if result.broken_table is not None:
            broken.append(result.broken_table)
            # PKR-BRK-1: the broken table's players drew the free seats elsewhere
            assert all(
                m.from_table == result.broken_table for m in result.moves if m.reason == "break"
            )
        view = poker_views.tournament_view(store, tid)
        counts = open_counts(view)
        assert counts[-1] - counts[0] < view.balance_threshold  # PKR-BAL-1
        if len(view.alive) <= 10:
            assert len(view.open_tables) == 1  # the final table is reached
    assert broken == [7, 6, 5, 4, 3, 2]  # highest-numbered first (the preset's order)
    assert announced
    assert all(" → Table " in a for a in announced)

    assert view.winner is not None
    assert [f.place for f in view.finishing] == list(range(1, 62))
    prizes = [f.cents for f in view.finishing if f.cents]
    # 572,000 cents, 61 entries → the row "up to 80": 11 places, rounded to the euro, nothing lost
    assert prizes == [
        160200,
        100100,
        68700,
        54300,
        42900,
        34300,
        28600,
        22900,
        20000,
        20000,
        20000,
    ]
    assert sum(prizes) == view.cash.prize_pool
    assert not view.clock.is_running  # the clock stops at the end


def test_PKR_LATE_1_late_entry_refused_after_level_3(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LATE-1: a booked player arriving in level 4 is refused; nothing changes."""
    tid = tuesday(store, organizer, players=10)
    poker.book_player(store, organizer, tid, name="Tardi")
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    poker.jump_to_level(store, organizer, tid, level=4)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker.register_player(store, organizer, tid, name="Tardi")
    assert err.value.field == "level"
    assert "PKR-LATE-1" in err.value.reason
    assert fingerprint(store, tid) == before


def test_PKR_LATE_1_late_entry_refused_without_booking(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LATE-1: only players who booked may enter late."""
    tid = tuesday(store, organizer, players=10)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker.register_player(store, organizer, tid, name="Sconosciuto")
    assert err.value.field == "booked"
    assert fingerprint(store, tid) == before


def test_PKR_LATE_1_a_busted_player_cannot_enter_again_late(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-LATE-1: a player who busted may not come back as a late entry."""
    tid = tuesday(store, organizer, players=10)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    out = view.players[0]
    poker_floor.bust_out(store, organizer, tid, players=[out.player_id])
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker.register_player(store, organizer, tid, name=out.name)
    assert err.value.field == "player"
    assert fingerprint(store, tid) == before


def test_PKR_BTN_1_big_blind_smaller_than_small_blind(store: Store, organizer: Actor) -> None:
    """PKR-BTN-1: a level with BB < SB is refused, naming the level and the field."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker.edit_structure(
            store,
            organizer,
            tid,
            steps=[
                {"small_blind": 25, "big_blind": 50, "minutes": 15},
                {"small_blind": 100, "big_blind": 50, "minutes": 15},
            ],
        )
    assert err.value.field == "levels[2].big_blind"
    assert fingerprint(store, tid) == before


def test_structure_with_no_levels_is_refused(store: Store, organizer: Actor) -> None:
    """A structure of breaks only (or nothing) has no levels: refused, nothing changed."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    for steps in ([], [{"type": "break", "minutes": 10}]):
        with pytest.raises(TorneoError) as err:
            poker.edit_structure(store, organizer, tid, steps=steps)
        assert err.value.field == "levels"
    assert fingerprint(store, tid) == before


def test_structure_edit_before_start_and_refused_after(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    tid = tuesday(store, organizer, players=4)
    poker.edit_structure(
        store,
        organizer,
        tid,
        steps=[
            {"small_blind": "50", "big_blind": "100", "minutes": "20"},
            {"type": "break", "minutes": 10, "colour_up": "25"},
            {"small_blind": 100, "big_blind": 200, "ante": 100, "minutes": 20},
        ],
        chip_set=[25, 100, 500],
    )
    view = poker_views.tournament_view(store, tid)
    assert [s.big_blind for s in view.steps] == [100, 0, 200]
    assert view.steps[1].colour_up == (25,)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker.edit_structure(
            store, organizer, tid, steps=[{"small_blind": 1, "big_blind": 2, "minutes": 5}]
        )
    assert err.value.field == "structure"
    assert fingerprint(store, tid) == before


def test_PKR_END_1_bust_out_of_a_player_not_seated(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-END-1: only a seated player can bust; a booked player who never sat is refused."""
    tid = tuesday(store, organizer, players=10)
    booked = poker.book_player(store, organizer, tid, name="Prenotato")
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_floor.bust_out(store, organizer, tid, players=[booked])
    assert err.value.field == "player"
    assert "not seated" in err.value.reason
    assert fingerprint(store, tid) == before


def test_PKR_TBL_1_two_players_in_one_seat(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-TBL-1: moving a player onto a taken seat is refused; nothing moves."""
    tid = tuesday(store, organizer, players=12)
    poker.draw_seats_now(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    a = view.tables[0].seats[0]
    b = view.tables[1].seats[0]
    assert a.player_id is not None
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_floor.move_player_to(
            store, organizer, tid, player_id=a.player_id, table=2, seat=b.seat
        )
    assert err.value.field == "seat"
    assert fingerprint(store, tid) == before


def test_payout_table_not_adding_to_100(store: Store, organizer: Actor) -> None:
    """Payout percentages that add up to 99% are refused, naming the row."""
    tid = tuesday(store, organizer, players=0)
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker.set_payouts(store, organizer, tid, rows=[(10, ["50", "30", "19"]), (None, ["100"])])
    assert err.value.field == "payouts[1].percentages"
    assert "99" in err.value.reason
    assert fingerprint(store, tid) == before
    poker.set_payouts(store, organizer, tid, rows=[(10, ["50", "30", "20"]), (None, ["60", "40"])])
    assert poker_views.tournament_view(store, tid).payout_rows[0] == (10, ("50", "30", "20"))


def test_chip_counts_not_adding_up(store: Store, organizer: Actor, clock: FakeClock) -> None:
    """Chip counts must add up to the chips in play; otherwise refused, nothing recorded."""
    tid = tuesday(store, organizer, players=3)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_floor.record_chip_counts(
            store, organizer, tid, counts={ids[0]: 10_000, ids[1]: 10_000, ids[2]: 9_000}
        )
    assert err.value.field == "chip_counts"
    assert "29,000" in err.value.reason
    assert fingerprint(store, tid) == before
    poker_floor.record_chip_counts(
        store, organizer, tid, counts={ids[0]: 15_000, ids[1]: 10_000, ids[2]: 5_000}
    )
    assert poker_views.tournament_view(store, tid).players[0].chips == 15_000


def test_clock_controls_and_a_stale_phone(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """Pause, resume, add time, jump; a phone that saw an older version is refused (409)."""
    tid = tuesday(store, organizer, players=6)
    poker.draw_seats_now(store, judge, tid)
    poker.start_clock(store, judge, tid)
    clock.advance(minutes=5)
    poker.pause_clock(store, judge, tid)
    clock.advance(minutes=30)  # paused: no time passes for the levels
    view = poker_views.tournament_view(store, tid)
    assert view.clock.seconds_left == 10 * 60
    assert not view.clock.is_running
    poker.resume_clock(store, judge, tid)
    poker.add_time(store, judge, tid, seconds=120)
    view = poker_views.tournament_view(store, tid)
    assert view.clock.seconds_left == 12 * 60
    seen = view.version
    poker.jump_to_level(store, judge, tid, level=3, version=seen)
    view = poker_views.tournament_view(store, tid)
    assert view.clock.level_number == 3
    assert view.clock.seconds_left == 15 * 60
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker.pause_clock(store, judge, tid, version=seen)  # the other phone's old page
    assert err.value.field == "version"
    assert fingerprint(store, tid) == before
    with pytest.raises(Forbidden):
        poker.set_payouts(store, judge, tid, rows=[(None, ["100"])])


def test_clock_restart_shows_the_same_time_left(
    tmp_path: Path, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-BTN-1: the clock is computed from stored timestamps: a new Store on the same
    database (a restarted worker) shows the same level and time left, to the second."""
    url = f"sqlite:///{tmp_path / 'clock.db'}"
    engine = make_engine(url)
    upgrade(engine)
    first = Store(engine, clock)
    tid = tuesday(first, organizer, players=8)
    poker.draw_seats_now(first, organizer, tid)
    poker.start_clock(first, organizer, tid)
    clock.advance(minutes=17, seconds=25)
    poker.pause_clock(first, organizer, tid)
    clock.advance(minutes=3)
    poker.resume_clock(first, organizer, tid)
    clock.advance(minutes=1)
    shown = poker_views.tournament_view(first, tid).clock
    engine.dispose()

    second = Store(make_engine(url), clock)
    again = poker_views.tournament_view(second, tid).clock
    assert again == shown
    assert (again.level_number, again.seconds_left) == (2, 15 * 60 - (2 * 60 + 25 + 60))
    second.engine.dispose()


def test_PKR_BAL_1_threshold_three_moves_later(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-BAL-1: with the art. 16.2 threshold of 3, a difference of 2 stays; 3 is balanced."""
    tid = poker.create_tournament(
        store, organizer, template="tue", held_on=TUESDAY, seed=3, balance_threshold=3
    )
    poker.register_roster(store, organizer, tid, [f"P{i}" for i in range(1, 21)])
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    table_one = [s.player_id for s in view.tables[0].seats if s.player_id]
    first = poker_floor.bust_out(store, organizer, tid, players=[table_one[0]])
    second = poker_floor.bust_out(store, organizer, tid, players=[table_one[1]])
    assert first.moves == ()
    assert second.moves == ()
    third = poker_floor.bust_out(store, organizer, tid, players=[table_one[2]])
    assert len(third.moves) == 1  # 7 v 10: one player moves (PKR-BAL-2)
    move = third.moves[0]
    assert (move.from_table, move.to_table) == (2, 1)
    assert move.reason == "balance"


def test_PKR_END_1_same_hand_busts_need_their_chips(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """PKR-END-1: two out in one hand rank by their chips at the start of the hand."""
    tid = tuesday(store, organizer, players=5)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    before = fingerprint(store, tid)
    with pytest.raises(TorneoError) as err:
        poker_floor.bust_out(store, organizer, tid, players=ids[:2])
    assert err.value.field == "chips_at_start"
    assert fingerprint(store, tid) == before
    result = poker_floor.bust_out(
        store, organizer, tid, players=ids[:2], chips_at_start={ids[0]: 3000, ids[1]: 8000}
    )
    assert dict(result.places) == {ids[1]: 4, ids[0]: 5}


def test_undo_last_move_puts_the_player_back(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """A balancing move undone: the player goes back to their seat, announced as a move."""
    tid = tuesday(store, organizer, players=20)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    table_one = [s.player_id for s in view.tables[0].seats if s.player_id]
    poker_floor.bust_out(store, organizer, tid, players=[table_one[0]])
    moved = poker_floor.bust_out(store, organizer, tid, players=[table_one[1]]).moves
    assert len(moved) == 1
    back = poker_floor.undo_last_move(store, organizer, tid)
    assert (back.from_table, back.from_seat) == (moved[0].to_table, moved[0].to_seat)
    assert (back.to_table, back.to_seat) == (moved[0].from_table, moved[0].from_seat)
    assert back.reason == "undo"
    view = poker_views.tournament_view(store, tid)
    seat = next(p for p in view.players if p.player_id == moved[0].player_id)
    assert (seat.table, seat.seat) == (moved[0].from_table, moved[0].from_seat)
    with pytest.raises(Conflict) as err:
        poker_floor.undo_last_move(store, organizer, tid)
    assert err.value.field == "moves"


def test_PKR_PEN_1_sanctions_escalate_and_disqualify(
    store: Store, organizer: Actor, judge: Actor, clock: FakeClock
) -> None:
    """PKR-PEN-1: a warning, then missed hands (orbits × players at the table), then a
    disqualification that removes the chips from play."""
    tid = tuesday(store, organizer, players=8)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    view = poker_views.tournament_view(store, tid)
    pid = view.players[0].player_id
    poker_floor.sanction_player(
        store, judge, tid, player_id=pid, kind="warning", infraction="Linguaggio"
    )
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        poker_floor.sanction_player(
            store, judge, tid, player_id=pid, kind="warning", infraction="Ancora"
        )
    assert err.value.field == "kind"
    assert fingerprint(store, tid) == before
    missed = poker_floor.sanction_player(
        store, judge, tid, player_id=pid, kind="missed_hands", orbits=2, infraction="Carte esposte"
    )
    assert missed.hands == 2 * 8  # one table of eight
    dq = poker_floor.sanction_player(
        store,
        judge,
        tid,
        player_id=pid,
        kind="disqualification",
        infraction="Chip passing",
        stack=10_000,
    )
    assert dq.chips_removed == 10_000
    view = poker_views.tournament_view(store, tid)
    assert view.cash.chips_in_play == 70_000
    assert next(p for p in view.players if p.player_id == pid).status == "disqualified"
    assert len(view.sanctions) == 3


def test_re_entry_con_la_vita(store: Store, organizer: Actor, clock: FakeClock) -> None:
    """PKR-SCHED-1 "con la vita": one re-entry; the earlier bust leaves the finishing order."""
    wednesday = "2025-12-03"
    tid = poker.create_tournament(store, organizer, template="wed", held_on=wednesday, seed=1)
    poker.register_roster(store, organizer, tid, [f"P{i}" for i in range(1, 7)])
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    pid = poker_views.tournament_view(store, tid).players[0].player_id
    poker_floor.bust_out(store, organizer, tid, players=[pid])
    again = poker_floor.re_enter(store, organizer, tid, player_id=pid)
    assert again.kind == "re_entry"
    assert again.seat is not None
    view = poker_views.tournament_view(store, tid)
    assert view.cash.entries == 6
    assert view.cash.re_entries == 1
    row = next(p for p in view.players if p.player_id == pid)
    assert row.status == "in"
    assert row.place is None
    poker_floor.bust_out(store, organizer, tid, players=[pid])
    with pytest.raises(Conflict) as err:
        poker_floor.re_enter(store, organizer, tid, player_id=pid)
    assert err.value.field == "re_entry"


def test_weekday_template_on_the_wrong_day(store: Store, organizer: Actor) -> None:
    """PKR-SCHED-1: the Tuesday tournament on a Wednesday is refused, naming the date."""
    with pytest.raises(TorneoError) as err:
        poker.create_tournament(store, organizer, template="tue", held_on="2025-12-03")
    assert err.value.field == "held_on"
    with pytest.raises(TorneoError) as err:
        poker.create_tournament(store, organizer, template="sun-first", held_on="2025-12-14")
    assert err.value.field == "held_on"
    with pytest.raises(TorneoError) as err:
        poker.create_tournament(store, organizer, template="xyz", held_on=TUESDAY)
    assert err.value.field == "template"


@pytest.mark.parametrize("method", ["equal", "chips", "icm"])
def test_chop_at_the_final_three(
    sqlite_store: Store, organizer: Actor, clock: FakeClock, method: str
) -> None:
    """Chops share the prizes of the places left, to the euro, and end the tournament."""
    store = sqlite_store
    tid = tuesday(store, organizer, players=12)
    poker.draw_seats_now(store, organizer, tid)
    poker.start_clock(store, organizer, tid)
    ids = [p.player_id for p in poker_views.tournament_view(store, tid).players]
    for pid in ids[:9]:
        poker_floor.bust_out(store, organizer, tid, players=[pid])
    left = ids[9:]
    stacks = {left[0]: 70_000, left[1]: 30_000, left[2]: 20_000}
    shares = poker_floor.chop(store, organizer, tid, method=method, stacks=stacks)
    view = poker_views.tournament_view(store, tid)
    pool = view.cash.prize_pool  # 12 × 90 € = 1,080 €: the row up to 20 pays 4 places
    assert pool == 108_000
    fourth = next(f.cents for f in view.finishing if f.place == 4)
    assert sum(shares.values()) == pool - fourth
    assert all(v % 100 == 0 for v in shares.values())
    assert view.status == "finished"
    assert sum(f.cents for f in view.finishing) == pool
    if method == "equal":
        assert len(set(shares.values())) <= 2
    else:
        assert shares[left[0]] > shares[left[1]] > shares[left[2]]
