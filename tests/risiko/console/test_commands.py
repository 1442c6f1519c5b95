"""The referee console of a table, persisted: army rulings (RSK-ARMY-1), the end-of-game roll
(RSK-ROLL-1..3), exclusions and withdrawals (RSK-OUT-1/2); what one phone does another sees."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from tests.support.risiko import current_tables, fingerprint, tournament
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_swaps as risiko_swaps
from torneo.risiko import views_tables
from torneo.risiko.commands_results import enter_result
from torneo.risiko.console import commands as risiko_console
from torneo.risiko.tables import RisikoGame


@pytest.fixture
def table(store: Store, organizer: Actor) -> tuple[int, list[int]]:
    tid = tournament(store, organizer, 8)
    risiko.draw_round(store, organizer, tid)
    return tid, current_tables(store, tid)[1][0]


def _act(store: Store, who: Actor, tid: int, **action: Any) -> views_tables.ConsoleView:
    risiko_console.act(store, who, tid, 1, 1, action)
    return views_tables.console_view(store, tid, 1, 1)


def _game_print(store: Store, tid: int) -> tuple[int, int, int]:
    """(audit rows, console version, actions) of table 1: unchanged after a refused action."""
    with store.read() as s:
        audits = s.scalar(select(func.count()).select_from(AuditEntry)) or 0
        game = s.scalars(
            select(RisikoGame).where(RisikoGame.tournament_id == tid, RisikoGame.table_no == 1)
        ).first()
        return audits, game.version if game else 0, len(game.actions) if game else 0


def _to_first_roll(store: Store, judge: Actor, tid: int) -> None:
    _act(store, judge, tid, kind="time_over")  # during the 1st's turn of round 1
    for _ in range(4 + 3):  # round 1, then the 1st-3rd of round 2 (the last round)
        _act(store, judge, tid, kind="end_turn", conquered=1)


def test_RSK_ARMY_EX1_board_excess_found_by_an_opponent(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ARMY-EX1: cap 130, 134 on the board found by an opponent → remove 8, cap 126."""
    tid, seats = table
    view = _act(
        store,
        judge,
        tid,
        kind="army",
        player=seats[1],
        case="board",
        on_board=134,
        found_by="opponent",
    )
    ruling = view.army[-1]
    assert (ruling.excess, ruling.remove, ruling.cap) == (4, 8, 126)
    assert next(s.cap for s in view.seats if s.person.player_id == seats[1]) == 126
    # RSK-ARMY-1: the lowered cap holds for the rest of the game (a second phone sees it).
    again = _act(
        store,
        judge,
        tid,
        kind="army",
        player=seats[1],
        case="board",
        on_board=127,
        found_by="player_declared",
    )
    assert (again.army[-1].excess, again.army[-1].remove, again.army[-1].cap) == (1, 1, 126)


def test_RSK_ARMY_1_reinforcements_declared_or_found(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ARMY-1: the excess if declared; double if found, from the armies just placed first."""
    tid, seats = table
    declared = _act(
        store,
        judge,
        tid,
        kind="army",
        player=seats[0],
        case="reinforcements",
        placed=9,
        due=7,
        found_by="player_declared",
    ).army[-1]
    assert (declared.excess, declared.remove, declared.from_just_placed) == (2, 2, 2)
    found = _act(
        store,
        judge,
        tid,
        kind="army",
        player=seats[0],
        case="reinforcements",
        placed=5,
        due=2,
        found_by="referee",
    ).army[-1]
    assert (found.remove, found.from_just_placed, found.from_any, found.cap) == (6, 5, 1, None)


def test_RSK_ROLL_1_the_seed_example_on_the_console(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ROLL-1: the 4th rolls with 4, then 1st and 2nd with 4; the 3rd eliminates the 4th and
    rolls with 5 — each roll on the record, the same on a second phone."""
    tid, (p1, p2, p3, p4) = table
    _to_first_roll(store, judge, tid)
    view = views_tables.console_view(store, tid, 1, 1)
    assert view.phase == "last_round"
    assert view.next_roll is not None
    assert (view.next_roll.roller.player_id, view.next_roll.threshold) == (p4, 4)
    for total in (8, 9, 10):  # the 4th, the 1st and the 2nd, all with 4
        _act(store, judge, tid, kind="end_turn", conquered=0)
        _act(store, judge, tid, kind="roll", total=total)
    view = _act(store, judge, tid, kind="eliminate", player=p4)
    assert view.to_play.player_id == p3
    assert view.next_roll is not None
    assert view.next_roll.threshold == 5
    view = _act(store, judge, tid, kind="end_turn", conquered=0)
    assert [(d.roller.player_id, d.threshold) for d in view.pending] == [(p3, 5)]
    view = _act(store, judge, tid, kind="roll", total=5)
    assert view.ended == "roll"
    assert [(r.roller.player_id, r.threshold, r.total, r.outcome) for r in view.rolls] == [
        (p4, 4, 8, "goes_on"),
        (p1, 4, 9, "goes_on"),
        (p2, 4, 10, "goes_on"),
        (p3, 5, 5, "ends_game"),
    ]
    form = views_tables.result_form(store, tid, 1, 1)
    assert [(s.status, s.eliminated) for s in form.seats][-1] == ("eliminated", 1)


def test_RSK_ROLL_3_a_player_who_conquered_more_than_two_does_not_roll(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ROLL-3: more than 2 territories conquered in the turn: no roll, recorded as skipped."""
    tid, seats = table
    _to_first_roll(store, judge, tid)
    view = _act(store, judge, tid, kind="end_turn", conquered=3)
    assert view.pending == ()
    assert view.rolls[-1].outcome == "skipped"
    assert view.rolls[-1].roller.player_id == seats[3]


def test_RSK_ROLL_2_forgotten_roll_warning_then_exclusion(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ROLL-2: the first forgotten roll is a warning, the second an exclusion (RSK-OUT-1)."""
    tid, seats = table
    _to_first_roll(store, judge, tid)
    _act(store, judge, tid, kind="end_turn")  # the 4th owes a roll…
    view = _act(store, judge, tid, kind="end_turn")  # …the 1st's turn ends: it lapses
    assert view.rolls[0].outcome == "forgotten"
    assert [(s.person.player_id, s.kind) for s in view.sanctions] == [(seats[3], "warning")]
    assert next(s.warnings for s in view.seats if s.person.player_id == seats[3]) == 1
    _act(store, judge, tid, kind="roll", total=11)  # the 1st's own roll
    for _ in range(2):  # the 2nd and the 3rd roll
        _act(store, judge, tid, kind="end_turn")
        _act(store, judge, tid, kind="roll", total=12)
    view = _act(store, judge, tid, kind="end_turn")  # the 4th owes a roll again…
    assert view.pending
    assert view.pending[0].roller.player_id == seats[3]
    view = _act(store, judge, tid, kind="end_turn")  # …and forgets it
    assert view.sanctions[-1].kind == "exclusion"
    assert next(s.seat for s in view.seats if s.person.player_id == seats[3]) == "excluded"
    form = views_tables.result_form(store, tid, 1, 1)
    assert next(s.status for s in form.seats if s.person.player_id == seats[3]) == "excluded"


def test_RSK_ROLL_3_a_roll_outside_2_to_12_changes_nothing(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ROLL-3: two dice make 2 to 12; 13, 1 or "sette" are refused, nothing recorded."""
    tid, _ = table
    _to_first_roll(store, judge, tid)
    _act(store, judge, tid, kind="end_turn")
    for total in (13, 1, "sette"):
        before = _game_print(store, tid)
        with pytest.raises(TorneoError) as err:
            risiko_console.act(store, judge, tid, 1, 1, {"kind": "roll", "total": total})
        assert err.value.field == "total"
        assert "2 to 12" in (err.value.accepted or "")
        assert _game_print(store, tid) == before


def test_RSK_ROLL_3_nobody_owes_a_roll_before_the_roll_phase(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ROLL-3: a roll before game time is over is refused as out of phase."""
    tid, _ = table
    _act(store, judge, tid, kind="end_turn")
    before = _game_print(store, tid)
    with pytest.raises(Conflict) as err:
        risiko_console.act(store, judge, tid, 1, 1, {"kind": "roll", "total": 3})
    assert err.value.field == "roll"
    assert _game_print(store, tid) == before


def test_two_phones_at_one_table_do_not_roll_twice(
    store: Store, judge: Actor, organizer: Actor, table: tuple[int, list[int]]
) -> None:
    """The second phone acted on a state it had not seen: conflict, nothing doubled."""
    tid, _ = table
    _to_first_roll(store, judge, tid)
    _act(store, judge, tid, kind="end_turn")
    seen = views_tables.console_view(store, tid, 1, 1).version
    risiko_console.act(store, judge, tid, 1, 1, {"kind": "roll", "total": 9}, version=seen)
    before = _game_print(store, tid)
    with pytest.raises(Conflict) as err:
        risiko_console.act(store, organizer, tid, 1, 1, {"kind": "roll", "total": 9}, version=seen)
    assert err.value.field == "version"
    assert _game_print(store, tid) == before
    with pytest.raises(Conflict):  # a phone that saw no console yet
        risiko_console.act(store, organizer, tid, 1, 1, {"kind": "time_over"}, version=0)


def test_undo_takes_back_the_last_action(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    tid, seats = table
    _act(store, judge, tid, kind="end_turn")
    view = _act(store, judge, tid, kind="eliminate", player=seats[3])
    assert view.seats[3].seat == "eliminated"
    risiko_console.undo(store, judge, tid, 1, 1, version=view.version)
    view = views_tables.console_view(store, tid, 1, 1)
    assert view.seats[3].seat == "active"
    assert len(view.actions) == 1


def test_RSK_OUT_1_and_2_exclusion_withdrawal_and_expulsion(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-OUT-1: undeclared RisiKo! excludes; RSK-OUT-2 a force-majeure withdrawal keeps the
    seat in the game; rejecting a ruling expels."""
    tid, (p1, p2, p3, p4) = table
    _act(store, judge, tid, kind="exclude", player=p2, infraction="undeclared_risiko")
    _act(store, judge, tid, kind="withdraw", player=p3)
    view = _act(store, judge, tid, kind="withdraw", player=p4, rejects_ruling="on")
    assert [s.seat for s in view.seats] == ["active", "excluded", "withdrawn", "expelled"]
    assert view.ended is None  # the 1st plays on against the neutral territories of the 3rd
    assert view.to_play.player_id == p1
    form = views_tables.result_form(store, tid, 1, 1)
    assert [s.status for s in form.seats] == ["survived", "excluded", "withdrawn", "expelled"]


def test_bad_console_actions_name_their_field(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    tid, seats = table
    cases: list[tuple[dict[str, Any], str, type[TorneoError]]] = [
        ({"kind": "dance"}, "kind", TorneoError),
        ({"kind": "eliminate", "player": 99999}, "player", NotFound),
        ({"kind": "eliminate", "player": seats[0]}, "player", Conflict),  # plays their turn
        ({"kind": "end_turn", "conquered": -1}, "conquered", TorneoError),
        (
            {
                "kind": "army",
                "player": seats[0],
                "case": "board",
                "found_by": "nobody",
                "on_board": 3,
            },
            "found_by",
            TorneoError,
        ),
        (
            {"kind": "army", "player": seats[0], "case": "sea", "found_by": "referee"},
            "case",
            TorneoError,
        ),
        (
            {
                "kind": "army",
                "player": seats[0],
                "case": "board",
                "found_by": "referee",
                "on_board": "many",
            },
            "on_board",
            TorneoError,
        ),
        (
            {"kind": "exclude", "player": seats[1], "infraction": "forgotten_roll"},
            "infraction",
            TorneoError,
        ),
    ]
    for action, field, kind in cases:
        before = _game_print(store, tid)
        with pytest.raises(kind) as err:
            risiko_console.act(store, judge, tid, 1, 1, action)
        assert err.value.field == field, action
        assert _game_print(store, tid) == before


def test_the_console_closes_when_the_result_is_entered(
    store: Store, judge: Actor, organizer: Actor, table: tuple[int, list[int]]
) -> None:
    tid, seats = table
    _act(store, judge, tid, kind="end_turn")
    # The draw of a table whose console has started cannot be changed any more.
    with pytest.raises(Conflict):
        risiko_swaps.undo_draw(store, organizer, tid, 1)
    enter_result(
        store,
        judge,
        tid,
        1,
        1,
        [
            {"player": p, "table_points": pts}
            for p, pts in zip(seats, [40, 30, 20, 10], strict=True)
        ],
    )
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        risiko_console.act(store, judge, tid, 1, 1, {"kind": "end_turn"})
    assert err.value.field == "table"
    assert fingerprint(store, tid) == before


def test_RSK_ROLL_2_a_forgotten_roll_reported_by_the_referee(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ROLL-2 for a table not followed turn by turn: the referee reports the forgotten roll;
    a verbal warning, then exclusion (RSK-OUT-1: eliminated first)."""
    tid, seats = table
    view = _act(store, judge, tid, kind="forgotten_roll", player=seats[2])
    assert [(s.person.player_id, s.kind, s.rule) for s in view.sanctions] == [
        (seats[2], "warning", "RSK-ROLL-2")
    ]
    assert view.seats[2].seat == "active"
    view = _act(store, judge, tid, kind="forgotten_roll", player=seats[2])
    assert view.sanctions[-1].kind == "exclusion"
    assert view.seats[2].seat == "excluded"
    before = _game_print(store, tid)
    with pytest.raises(Conflict) as err:
        risiko_console.act(store, judge, tid, 1, 1, {"kind": "forgotten_roll", "player": seats[2]})
    assert err.value.field == "player"
    assert _game_print(store, tid) == before
    form = views_tables.result_form(store, tid, 1, 1)
    assert form.seats[2].status == "excluded"


def test_RSK_ARMY_1_a_count_within_the_limit_is_refused_not_recorded(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    """RSK-ARMY-1 (issue 29 item 12): 130 on the board (the cap) or as many reinforcements as
    due is no infraction: refused, naming the count, and nothing is stored."""
    tid, seats = table
    cases = [
        ({"case": "board", "on_board": 130}, "on_board", "within the cap of 130"),
        ({"case": "reinforcements", "placed": 7, "due": 7}, "placed", "7 armies placed of 7 due"),
    ]
    for fields, field, words in cases:
        before = _game_print(store, tid)
        action = {"kind": "army", "player": seats[1], "found_by": "opponent", **fields}
        with pytest.raises(Conflict) as refused:
            risiko_console.act(store, judge, tid, 1, 1, action)
        assert refused.value.field == field
        assert words in refused.value.reason
        assert refused.value.rule == "RSK-ARMY-1"
        assert _game_print(store, tid) == before
    assert views_tables.console_view(store, tid, 1, 1).army == ()


@pytest.mark.parametrize(
    ("case", "rule"),
    [
        ("void_throw", "RSK-PLAY-1"),
        ("dice_again", "RSK-PLAY-1"),
        ("attack_invalid", "RSK-PLAY-2"),
        ("card_lost", "RSK-PLAY-3"),
    ],
)
def test_RSK_PLAY_1_to_3_the_referee_records_a_casebook_ruling(
    store: Store, judge: Actor, table: tuple[int, list[int]], case: str, rule: str
) -> None:
    """RSK-PLAY-1..3 (issue 29 item 12): a void throw, dice thrown again, an attack ruled
    invalid, a lost card draw are recorded on the table's log with their rule, audited; the
    game goes on as it was."""
    tid, seats = table
    before = views_tables.console_view(store, tid, 1, 1)
    view = _act(store, judge, tid, kind="ruling", player=seats[2], case=case, note="  al tavolo ")
    (ruling,) = view.rulings
    assert (ruling.person.player_id, ruling.case, ruling.rule, ruling.note) == (
        seats[2],
        case,
        rule,
        "al tavolo",
    )
    assert view.actions[0].kind == "ruling"
    assert view.actions[0].detail == case
    assert (view.to_play, view.phase, view.seats) == (before.to_play, before.phase, before.seats)
    with store.read() as s:
        audit = s.scalars(select(AuditEntry).order_by(AuditEntry.id.desc())).first()
        assert audit is not None
        assert "ruling" in str(audit.after)


def test_RSK_PLAY_1_a_ruling_needs_a_case_of_the_casebook_and_a_player_in_the_game(
    store: Store, judge: Actor, table: tuple[int, list[int]]
) -> None:
    tid, seats = table
    _act(store, judge, tid, kind="exclude", player=seats[1], infraction="undeclared_risiko")
    cases: list[tuple[dict[str, Any], str, type[TorneoError]]] = [
        ({"kind": "ruling", "player": seats[0], "case": "bad_luck"}, "case", TorneoError),
        ({"kind": "ruling", "player": seats[1], "case": "void_throw"}, "player", Conflict),
        ({"kind": "ruling", "player": 99999, "case": "card_lost"}, "player", NotFound),
    ]
    for action, field, kind in cases:
        before = _game_print(store, tid)
        with pytest.raises(kind) as err:
            risiko_console.act(store, judge, tid, 1, 1, action)
        assert err.value.field == field, action
        assert _game_print(store, tid) == before
