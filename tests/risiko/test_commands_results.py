"""Entering RisiKo! table results: every bad input of issue 7 refused naming the field, nothing
changed (audit rows and the tournament's version are the same after the refusal)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.risiko import current_tables, fingerprint, play_round, tournament
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import views as risiko_views
from torneo.risiko.commands_results import enter_result, record_title_roll


def _running(
    store: Store, org: Actor, players: int = 12, **settings: Any
) -> tuple[int, list[list[int]]]:
    tid = tournament(store, org, players, **settings)
    risiko.draw_round(store, org, tid)
    return tid, current_tables(store, tid)[1]


def _seats(players: list[int], points: list[int]) -> list[dict[str, Any]]:
    return [{"player": p, "table_points": pts} for p, pts in zip(players, points, strict=True)]


def _refused(
    store: Store, tid: int, call: Any, kind: type[TorneoError] = TorneoError
) -> TorneoError:
    before = fingerprint(store, tid)
    with pytest.raises(kind) as err:
        call()
    assert fingerprint(store, tid) == before
    return err.value


def test_RSK_PTS_1_table_points_above_the_objectives_maximum(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-PTS-1: 87 table points is above the objective's 86 (100 only for RisiKo!)."""
    tid, tables = _running(store, organizer)
    err = _refused(
        store,
        tid,
        lambda: enter_result(store, judge, tid, 1, 1, _seats(tables[0], [87, 30, 20, 10])),
    )
    assert err.field == "table_points"
    assert "above the objective's maximum of 86" in err.reason
    assert "RSK-PTS-1" in err.reason
    assert "(Giocatore" in err.reason  # the player is named for the referee
    result = enter_result(store, judge, tid, 1, 1, _seats(tables[0], [100, 30, 20, 10]))
    assert result.winners == (tables[0][0],)


def test_RSK_PTS_1_two_winners_when_the_event_forces_a_sole_winner(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-PTS-1: a tie on the most table points must be broken when a sole winner is forced."""
    tid, tables = _running(store, organizer, sole_winner=True)
    seats = _seats(tables[0], [40, 40, 20, 10])
    err = _refused(
        store, tid, lambda: enter_result(store, judge, tid, 1, 1, seats, winners=tables[0][:2])
    )
    assert err.field == "winners"
    assert "sole winner" in err.reason
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, seats))
    assert err.field == "winners"
    # Issue 30 item 8: the tied players by their names, never "one of 24, 22".
    assert err.accepted is not None
    assert "Giocatore" in err.accepted
    assert f"{tables[0][0]}, {tables[0][1]}" not in err.accepted
    result = enter_result(store, judge, tid, 1, 1, seats, winners=[tables[0][1]])
    assert result.winners == (tables[0][1],)


def test_RSK_PTS_1_co_winners_when_the_event_allows_them(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-PTS-1 / RSK-PTS-2: a tie on the most points without a forced sole winner: co-winners."""
    tid, tables = _running(store, organizer)
    result = enter_result(store, judge, tid, 1, 1, _seats(tables[0], [40, 40, 20, 10]))
    assert set(result.winners) == set(tables[0][:2])


def test_RSK_PTS_1_an_elimination_order_with_gaps(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-PTS-1: eliminated 1st and 3rd with no 2nd is refused."""
    tid, tables = _running(store, organizer)
    a, b, c, d = tables[0]
    seats: list[dict[str, Any]] = [
        {"player": a, "table_points": 50},
        {"player": b, "table_points": 30},
        {"player": c, "status": "eliminated", "eliminated": 1},
        {"player": d, "status": "eliminated", "eliminated": 3},
    ]
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, seats))
    assert err.field == "eliminated"
    assert "gaps" in err.reason


def test_RSK_TBL_1_a_player_at_two_tables_in_one_round(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-TBL-1: a player of table 2 in the result of table 1 is refused, naming both tables."""
    tid, tables = _running(store, organizer)
    intruder = tables[1][0]
    seats = _seats([*tables[0][:3], intruder], [40, 30, 20, 10])
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, seats))
    assert err.field == "players"
    assert f"player {intruder}" in err.reason
    assert "at table 2 in round 1, not at table 1" in err.reason


def test_RSK_TBL_1_six_players_at_a_table(store: Store, judge: Actor, organizer: Actor) -> None:
    """RSK-TBL-1: a table seats 3 to 5; six seats are refused."""
    tid, tables = _running(store, organizer)
    seats = _seats([*tables[0], *tables[1][:2]], [40, 30, 20, 10, 5, 3])
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, seats))
    assert err.field == "seats"
    assert "6 players" in err.reason
    assert "RSK-TBL-1" in err.reason


def test_a_missing_player_and_bad_values_are_named(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    tid, tables = _running(store, organizer)
    err = _refused(
        store, tid, lambda: enter_result(store, judge, tid, 1, 1, _seats(tables[0][:3], [4, 3, 2]))
    )
    assert err.field == "seats"
    assert "has no result" in err.reason
    bad = _seats(tables[0], [40, 30, 20, 10])
    bad[2]["status"] = "asleep"
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, bad))
    assert err.field == "seats[3].status"
    bad = _seats(tables[0], [40, 30, 20, 10])
    bad[1]["table_points"] = "tanti"
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, bad))
    assert err.field == "seats[2].table_points"
    bad = _seats(tables[0], [40, 30, 20, 10])
    bad[0]["table_points"] = -1
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, bad))
    assert err.field == "table_points"
    bad = [
        *_seats(tables[0][:3], [40, 30, 20]),
        {"player": tables[0][3], "table_points": 5, "status": "eliminated", "eliminated": 1},
    ]
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, bad))
    assert err.field == "table_points"
    assert "holds no territory" in err.reason
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 99, bad), NotFound)
    assert err.field == "table"
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 7, 1, bad), NotFound)
    assert err.field == "round_no"


def test_a_result_is_corrected_with_a_reason_until_the_next_draw(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    tid, tables = _running(store, organizer, players=8, semifinal_tables=0)
    seats = _seats(tables[0], [40, 30, 20, 10])
    enter_result(store, judge, tid, 1, 1, seats)
    again = _seats(tables[0], [10, 30, 20, 40])
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, again), Conflict)
    assert err.field == "table"
    err = _refused(
        store, tid, lambda: enter_result(store, judge, tid, 1, 1, again, correction=True)
    )
    assert err.field == "reason"
    fixed = enter_result(
        store, judge, tid, 1, 1, again, correction=True, reason="points of seats 1 and 4 swapped"
    )
    assert fixed.winners == (tables[0][3],)
    play = _seats(tables[1], [44, 33, 22, 11])
    enter_result(store, judge, tid, 1, 2, play)
    risiko.draw_round(store, organizer, tid)
    err = _refused(
        store,
        tid,
        lambda: enter_result(store, judge, tid, 1, 1, seats, correction=True, reason="late"),
        Conflict,
    )
    assert err.field == "round_no"


def test_the_seats_are_stored_in_turn_order(store: Store, judge: Actor, organizer: Actor) -> None:
    tid, tables = _running(store, organizer, players=8)
    seats = list(reversed(_seats(tables[0], [40, 30, 20, 10])))
    enter_result(store, judge, tid, 1, 1, seats)
    page = risiko_views.tournament_page(store, tid)
    assert page.current is not None
    line = page.current.tables[0]
    assert [s.person.player_id for s in line.seats] == tables[0]
    assert [s.table_points for s in line.seats] == [40, 30, 20, 10]
    assert [s.position for s in line.seats] == [1, 2, 3, 4]


def test_RSK_PTS_1_a_semifinal_needs_a_sole_winner(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-PTS-1: only one player of a semifinal table goes on: a tie must be broken."""
    rng = random.Random(1)
    tid = tournament(store, organizer, 16, qualifying_games=1, semifinal_tables=2)
    risiko.draw_round(store, organizer, tid)
    play_round(store, judge, tid, rng)
    risiko.draw_round(store, organizer, tid)
    number, tables = current_tables(store, tid)
    seats = _seats(tables[0], [40, 40, 20, 10])
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, number, 1, seats))
    assert err.field == "winners"
    enter_result(store, judge, tid, number, 1, seats, winners=[tables[0][0]])


def test_players_cannot_enter_results(store: Store, organizer: Actor) -> None:
    tid, tables = _running(store, organizer, players=8)
    player = Actor("p")
    with pytest.raises(Forbidden):
        enter_result(store, player, tid, 1, 1, _seats(tables[0], [4, 3, 2, 1]))


def test_RSK_PTS_1_a_result_with_nothing_entered_is_refused(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-PTS-1: a form sent with nothing typed used to save everyone "in the game" with 0.
    A player still in the game needs their table points; a table where nobody in the game holds
    a point is refused as nothing entered."""
    tid, tables = _running(store, organizer, players=8)
    blank = [{"player": p, "table_points": "", "status": "survived"} for p in tables[0]]
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, blank))
    assert err.field == "seats[1].table_points"
    assert "is empty" in err.reason
    assert "player still in the game" in (err.accepted or "")
    missing = [{"player": p} for p in tables[0]]
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, missing))
    assert err.field == "seats[1].table_points"
    zeros = _seats(tables[0], [0, 0, 0, 0])
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, zeros))
    assert err.field == "table_points"
    assert "nothing entered" in err.reason
    assert "RSK-PTS-1" in err.reason
    # Eliminated players need no points typed: theirs are 0.
    seats: list[dict[str, Any]] = [
        *_seats(tables[0][:3], [40, 30, 20]),
        {"player": tables[0][3], "table_points": "", "status": "eliminated", "eliminated": 1},
    ]
    assert enter_result(store, judge, tid, 1, 1, seats).winners == (tables[0][0],)


def test_RSK_OUT_1_a_result_contradicting_the_console_is_refused_unless_overridden(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-OUT-1: the console excluded the 4th player (an undeclared RisiKo!): the result used to
    accept them as the last eliminated, ranking them above the first eliminated. Refused naming
    the difference; the referee may override the console with a reason, on the audit log."""
    from sqlalchemy import select

    from torneo.platform.store.tables import AuditEntry
    from torneo.risiko.console.commands import act

    tid, tables = _running(store, organizer, players=8)
    a, b, c, d = tables[0]
    act(
        store, judge, tid, 1, 1, {"kind": "exclude", "player": d, "infraction": "undeclared_risiko"}
    )
    act(store, judge, tid, 1, 1, {"kind": "eliminate", "player": c})
    wrong: list[dict[str, Any]] = [
        *_seats([a, b], [40, 30]),
        {"player": c, "status": "eliminated", "eliminated": 1},
        {"player": d, "status": "eliminated", "eliminated": 2},
    ]
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, wrong))
    assert err.field == "seats"
    assert f"player {d} (Giocatore" in err.reason
    assert "records excluded, the result says eliminated" in err.reason
    assert "override" in (err.accepted or "")
    err = _refused(
        store, tid, lambda: enter_result(store, judge, tid, 1, 1, wrong, override_console=True)
    )
    assert err.field == "reason"
    enter_result(
        store,
        judge,
        tid,
        1,
        1,
        wrong,
        override_console=True,
        reason="the exclusion was tapped on the wrong player",
    )
    with store.read() as s:
        row = s.scalars(
            select(AuditEntry).where(AuditEntry.action == "risiko.result").order_by(AuditEntry.id)
        ).all()[-1]
        assert row.after is not None
        assert "records excluded" in row.after["console_overridden"]["difference"]
        assert row.reason == "the exclusion was tapped on the wrong player"
    # The console's record, entered as it says, needs no override.
    right: list[dict[str, Any]] = [
        *_seats(tables[1][:2], [40, 30]),
        {"player": tables[1][2], "status": "eliminated", "eliminated": 1},
        {"player": tables[1][3], "status": "excluded"},
    ]
    act(store, judge, tid, 1, 2, {"kind": "exclude", "player": tables[1][3]})
    act(store, judge, tid, 1, 2, {"kind": "eliminate", "player": tables[1][2]})
    recorded = enter_result(store, judge, tid, 1, 2, right)
    assert recorded.positions()[PlayerId(tables[1][3])] == 4


def test_RSK_ROLL_3_a_table_still_in_its_final_rolls_has_no_result(
    store: Store, judge: Actor, organizer: Actor
) -> None:
    """RSK-ROLL-3: game time over and the roll under way on the console: no result yet."""
    from torneo.risiko.console.commands import act

    tid, tables = _running(store, organizer, players=8)
    act(store, judge, tid, 1, 1, {"kind": "time_over"})
    for _ in range(8):
        act(store, judge, tid, 1, 1, {"kind": "end_turn"})
    act(store, judge, tid, 1, 1, {"kind": "roll", "total": 9})
    seats = _seats(tables[0], [40, 30, 20, 10])
    err = _refused(store, tid, lambda: enter_result(store, judge, tid, 1, 1, seats))
    assert err.field == "table"
    assert "still in its final rolls" in err.reason
    act(store, judge, tid, 1, 1, {"kind": "end_turn"})
    act(store, judge, tid, 1, 1, {"kind": "roll", "total": 4})
    assert enter_result(store, judge, tid, 1, 1, seats).winners == (tables[0][0],)


def test_RSK_TIE_1_one_champion_by_the_ranking_then_the_referees_roll(
    store: Store, organizer: Actor, judge: Actor
) -> None:
    """RSK-TIE-1: co-winners of the final table used to share first place. The qualifying
    ranking decides first; two players equal on it too roll before the referee, and the event
    cannot close until the roll is recorded (audited); a corrected final rolls again."""
    tid = tournament(store, organizer, 8, qualifying_games=1, semifinal_tables=0)
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    for t, seats in enumerate(tables, start=1):  # both tables alike: the winners tie on all
        points = [40, 30, 20, 10]
        enter_result(store, judge, tid, 1, t, _line(seats, points))
    risiko.draw_round(store, organizer, tid)
    number, (final,) = current_tables(store, tid)
    winners = {tables[0][0], tables[1][0]}
    seats = sorted(final, key=lambda p: (p not in winners, p))
    enter_result(store, judge, tid, number, 1, _line(seats, [40, 40, 20, 10]))
    page = risiko_views.tournament_page(store, tid)
    assert {p.player_id for p in page.title_tie} == winners
    assert not page.can_close
    assert [f.position for f in page.final[:2]] == [1, 1]
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        risiko.close_tournament(store, organizer, tid)
    assert err.value.field == "title"
    assert "RSK-TIE-1" in err.value.reason
    bad = [{"player": p, "total": 8} for p in sorted(winners)]
    with pytest.raises(TorneoError) as refused:
        record_title_roll(store, judge, tid, bad)
    assert refused.value.field == "rolls"
    assert "roll again" in refused.value.reason
    assert fingerprint(store, tid) == before
    low, high = sorted(winners)
    order = record_title_roll(
        store, judge, tid, [{"player": low, "total": 5}, {"player": high, "total": 11}]
    )
    assert order == (high, low)
    page = risiko_views.tournament_page(store, tid)
    assert [(f.person.player_id, f.position) for f in page.final[:2]] == [(high, 1), (low, 2)]
    assert page.can_close
    assert page.title_tie == ()
    risiko.close_tournament(store, organizer, tid)


def _line(seats: list[int], points: list[int]) -> list[dict[str, Any]]:
    return [{"player": p, "table_points": n} for p, n in zip(seats, points, strict=True)]
