"""A RisiKo! club night through the services (issue 7 "done when"), on SQLite and PostgreSQL.

40 players, two qualifying games, semifinals by bands, a final table; the spartac and the bonus-50
formulas; the army and roll assistants used at a table; the standings and the final ranking as
the formula says.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from tests.support.risiko import (
    current_tables,
    fingerprint,
    invented_seats,
    play_round,
    tournament,
)
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko import commands_swaps as risiko_swaps
from torneo.risiko import views as risiko_views
from torneo.risiko import views_tables
from torneo.risiko.commands_results import enter_result, parse_seats
from torneo.risiko.console import commands as risiko_console
from torneo.risiko.rules.criteria import DEFAULT_PRIORITIES
from torneo.risiko.rules.formulas import ScoringRules, game_points
from torneo.risiko.rules.history import History
from torneo.risiko.rules.random_draw import draw_tables
from torneo.risiko.rules.results import record_table_result
from torneo.risiko.state import get_tournament, results_of


def _console_game(store: Store, judge: Actor, tid: int, round_no: int, seats: list[int]) -> None:
    """A table played on the console: army ruling, time over, the end-of-game roll, a result."""
    act = risiko_console.act
    a, b, c, d = seats
    # RSK-ARMY-EX1 at the table: 134 on the board found by an opponent.
    view = act(
        store,
        judge,
        tid,
        round_no,
        1,
        {"kind": "army", "player": b, "case": "board", "on_board": 134, "found_by": "opponent"},
    )
    assert view.caps[PlayerId(b)] == 126
    for _ in range(2):  # two turns, then the 3rd player eliminates the 4th
        act(store, judge, tid, round_no, 1, {"kind": "end_turn", "conquered": 1})
    act(store, judge, tid, round_no, 1, {"kind": "eliminate", "player": d})
    act(store, judge, tid, round_no, 1, {"kind": "time_over"})  # in round 1: penultimate
    for _ in range(1 + 3):  # the 3rd ends round 1, then round 2 (the last): 1st, 2nd, 3rd
        act(store, judge, tid, round_no, 1, {"kind": "end_turn", "conquered": 0})
    # RSK-ROLL-1: the 4th is out, so the 3rd (now last) rolls first, with 4.
    cv = views_tables.console_view(store, tid, round_no, 1)
    assert cv.pending
    assert cv.pending[0].roller.player_id == c
    assert cv.pending[0].threshold == 4
    act(store, judge, tid, round_no, 1, {"kind": "roll", "total": 9})
    act(store, judge, tid, round_no, 1, {"kind": "end_turn", "conquered": 4})  # 1st: no roll
    act(store, judge, tid, round_no, 1, {"kind": "end_turn", "conquered": 0})  # 2nd rolls
    end = act(store, judge, tid, round_no, 1, {"kind": "roll", "total": 3})
    assert end.state.ended is not None
    assert end.state.ended.value == "roll"
    form = views_tables.result_form(store, tid, round_no, 1)
    assert form.from_console
    assert [(s.person.player_id, s.status, s.eliminated) for s in form.seats] == [
        (a, "survived", None),
        (b, "survived", None),
        (c, "survived", None),
        (d, "eliminated", 1),
    ]
    seats_in = [
        {
            "player": s.person.player_id,
            "table_points": pts,
            "status": s.status,
            "eliminated": s.eliminated,
        }
        for s, pts in zip(form.seats, [42, 33, 20, 0], strict=True)
    ]
    enter_result(store, judge, tid, round_no, 1, seats_in)


@pytest.mark.parametrize("formula", ["spartac", "bonus-50"])
def test_RSK_PTS_2_a_40_player_club_night_from_draw_to_final(
    store: Store, organizer: Actor, judge: Actor, formula: str
) -> None:
    """RSK-PTS-2 / RSK-TBL-2 / RSK-TIE-1: two games, semifinals by bands, a final table."""
    rng = random.Random(40)
    tid = tournament(store, organizer, 40, formula=formula)
    assert risiko.draw_round(store, organizer, tid) == 1
    _number, tables = current_tables(store, tid)
    assert [len(t) for t in tables] == [4] * 10
    play_round(store, judge, tid, rng)

    assert risiko.draw_round(store, organizer, tid) == 2
    page = risiko_views.tournament_page(store, tid)
    assert page.current is not None
    assert page.current.criteria.repeat_opponents == 0
    _, tables = current_tables(store, tid)
    _console_game(store, judge, tid, 2, tables[0])
    for t, seats in enumerate(tables[1:], start=2):
        enter_result(store, judge, tid, 2, t, invented_seats(seats, rng))

    # The standings are the formula's, game by game (RSK-PTS-2), ranked by RSK-TIE-1.
    with store.read() as s:
        row = get_tournament(s, tid)
        games = results_of(row)
    scoring = ScoringRules(formula)
    expected: dict[int, Fraction] = {}
    for g in games:
        for player, pts in game_points(g, scoring).items():
            expected[int(player)] = expected.get(int(player), Fraction(0)) + pts
    page = risiko_views.tournament_page(store, tid)
    totals = {line.person.player_id: line.total for line in page.standings}
    assert totals == expected
    assert [line.total for line in page.standings] == sorted(totals.values(), reverse=True)
    console_table = next(g for g in games if g.round_no == 2 and g.table == 1)
    points = game_points(console_table, scoring)
    a, b = console_table.seats[0].player, console_table.seats[1].player
    if formula == "spartac":  # RSK-PTS-EX1: winner 42, second 33 → 142 and 91
        assert (points[a], points[b]) == (Fraction(142), Fraction(91))
    else:
        assert (points[a], points[b]) == (Fraction(92), Fraction(33))

    # Semifinals by bands: the best 16, one of each quarter at every table.
    assert risiko.draw_round(store, organizer, tid) == 3
    page = risiko_views.tournament_page(store, tid)
    ranking = [line.person.player_id for line in page.standings]
    semis = page.rounds[-1]
    assert semis.stage == "semifinal"
    assert [t.size for t in semis.tables] == [4, 4, 4, 4]
    for table in semis.tables:
        bands = sorted(ranking.index(s.person.player_id) // 4 for s in table.seats)
        assert bands == [0, 1, 2, 3]
    play_round(store, judge, tid, rng)

    assert risiko.draw_round(store, organizer, tid) == 4
    with store.read() as s:
        row = get_tournament(s, tid)
        semi_winners = {int(w) for r in row.results if r.round_no == 3 for w in r.winners}
    _, final = current_tables(store, tid)
    assert len(final) == 1
    assert set(final[0]) == semi_winners
    play_round(store, judge, tid, rng)
    with pytest.raises(Conflict) as err:
        risiko.draw_round(store, organizer, tid)
    assert err.value.field == "round_no"

    page = risiko_views.tournament_page(store, tid)
    assert [f.position for f in page.final] == list(range(1, 41))
    with store.read() as s:
        final_result = next(r for r in get_tournament(s, tid).results if r.round_no == 4)
    assert page.final[0].person.player_id == final_result.winners[0]
    assert {f.person.player_id for f in page.final[:4]} == semi_winners
    assert [f.person.player_id for f in page.final[16:]] == ranking[16:]
    risiko.close_tournament(store, organizer, tid)
    assert risiko_views.tournament_page(store, tid).summary.status == "finished"


def test_RSK_TBL_2_draws_are_seeded_and_recorded(store: Store, organizer: Actor) -> None:
    """RSK-TBL-2: the recorded seed reproduces the draw exactly."""
    tid = tournament(store, organizer, 24)
    risiko.draw_round(store, organizer, tid)
    with store.read() as s:
        row = get_tournament(s, tid)
        rnd = row.rounds[0]
        players = [PlayerId(e.player_id) for e in row.entrants]
        clubs = {PlayerId(e.player_id): e.player.club or "" for e in row.entrants}
    again = draw_tables(players, History((), clubs), random.Random(rnd.seed), round_no=1)
    assert [list(t.seats) for t in again.tables] == rnd.tables


def test_RSK_TBL_2_alla_greca_and_alla_svizzera(store: Store, organizer: Actor) -> None:
    """RSK-TBL-2: the second game drawn alla greca (winner stays) and the third alla svizzera."""
    rng = random.Random(3)
    tid = tournament(store, organizer, 16, qualifying_games=3, semifinal_tables=0)
    risiko.draw_round(store, organizer, tid)
    play_round(store, organizer, tid, rng)
    with store.read() as s:
        first = results_of(get_tournament(s, tid))
    risiko.draw_round(store, organizer, tid, method="greca")
    _, tables = current_tables(store, tid)
    for r in first:
        assert r.winners[0] in tables[r.table - 1]  # the winner stays at the table
    play_round(store, organizer, tid, rng)
    risiko.draw_round(store, organizer, tid, method="svizzera")
    page = risiko_views.tournament_page(store, tid)
    ranking = [line.person.player_id for line in page.standings]
    assert {s.person.player_id for s in page.rounds[-1].tables[0].seats} == set(ranking[:4])


def test_RSK_TBL_2_alla_greca_at_3_tables_says_it_cannot_avoid_repeats(
    store: Store, organizer: Actor
) -> None:
    """RSK-TBL-2: 12 players at 3 tables drawn alla greca: nobody goes back to their own table
    but the winner, the round says the repeats cannot be avoided (one pair a table, the least)
    and offers the swaps that improve the rest of the criteria (here: club mates together)."""
    rng = random.Random(3)
    tid = tournament(store, organizer, 12, qualifying_games=3, semifinal_tables=0)
    risiko.draw_round(store, organizer, tid)
    play_round(store, organizer, tid, rng)
    with store.read() as s:
        first = results_of(get_tournament(s, tid))
    risiko.draw_round(store, organizer, tid, method="greca")
    _, tables = current_tables(store, tid)
    for r in first:
        for p in r.players:
            back = p in tables[r.table - 1]
            assert back == (p == r.winners[0]), (p, r.table)
    shown = risiko_views.tournament_page(store, tid).rounds[-1]
    assert shown.repeats_unavoidable
    assert shown.criteria.repeat_opponents == 3  # one pair a table: the least possible
    assert shown.advice
    now = shown.criteria.vector(DEFAULT_PRIORITIES)
    for x in shown.advice:
        assert x.after.repeat_opponents == 3
        assert x.after.vector(DEFAULT_PRIORITIES) < now


def test_RSK_TBL_2_a_hand_swap_shows_the_criteria_change(store: Store, organizer: Actor) -> None:
    """RSK-TBL-2: the organizer previews a swap (nothing saved), then confirms it."""
    rng = random.Random(5)
    tid = tournament(store, organizer, 16, semifinal_tables=0)
    risiko.draw_round(store, organizer, tid)
    play_round(store, organizer, tid, rng)
    risiko.draw_round(store, organizer, tid)
    with store.read() as s:
        row = get_tournament(s, tid)
        first = row.rounds[0].tables[0]
        second = row.rounds[1].tables
    # Bring two players who met in round 1 together: the repeats go up.
    a, partner = first[0], first[1]
    b = next(p for t in second if partner in t for p in t if p != partner)
    if any(a in t and partner in t for t in second):
        pytest.skip("already together")
    before = fingerprint(store, tid)
    preview = risiko_swaps.preview_swap(store, tid, 2, a, b)
    assert preview.after.repeat_opponents > preview.before.repeat_opponents
    assert fingerprint(store, tid) == before
    done = risiko_swaps.swap_players(store, organizer, tid, 2, a, b)
    assert done.after == preview.after
    page = risiko_views.tournament_page(store, tid)
    assert page.current is not None
    assert page.current.criteria == preview.after
    assert page.current.swaps[0][0].player_id == a


def test_RSK_REG_1_publishing_without_a_part_is_refused(store: Store, organizer: Actor) -> None:
    """RSK-REG-1: a regulation lacking a part is refused, naming the part; nothing changes."""
    tid = tournament(store, organizer, 8, publish=False)
    before = fingerprint(store, tid)
    parts = {"formula": "Two games.", "referees": "  ", "not_allowed": "x", "sanctions": "y"}
    with pytest.raises(TorneoError) as err:
        risiko_settings.save_regulation(store, organizer, tid, parts, publish=True)
    assert err.value.field == "regulation.referees"
    assert "RSK-REG-1" in err.value.reason
    assert fingerprint(store, tid) == before
    # A draft may be saved; the first draw still needs a published regulation.
    assert risiko_settings.save_regulation(store, organizer, tid, parts) is False
    with pytest.raises(Conflict) as err2:
        risiko.draw_round(store, organizer, tid)
    assert err2.value.field == "regulation"


def test_rules_are_fixed_after_the_first_draw(store: Store, organizer: Actor) -> None:
    tid = tournament(store, organizer, 8)
    risiko_settings.update_settings(store, organizer, tid, formula="master", open_variant=True)
    page = risiko_views.tournament_page(store, tid)
    assert page.rules.formula == "master"
    assert page.rules.open_variant
    risiko.draw_round(store, organizer, tid)
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        risiko_settings.update_settings(store, organizer, tid, formula="spartac")
    assert err.value.field == "rules"
    assert fingerprint(store, tid) == before


def test_bad_settings_name_their_field(store: Store, organizer: Actor) -> None:
    before = fingerprint(store)
    with pytest.raises(TorneoError) as err:
        risiko.create_tournament(store, organizer, name="X", held_on="2026-11-27", formula="nope")
    assert err.value.field == "formula"
    with pytest.raises(TorneoError) as err:
        risiko.create_tournament(
            store, organizer, name="X", held_on="2026-11-27", draw_priorities=["same_club"] * 2
        )
    assert err.value.field == "priorities"
    with pytest.raises(TorneoError) as err:
        risiko.create_tournament(store, organizer, name="X", held_on="2026-11-27", kind="mondiale")
    assert err.value.field == "kind"
    with pytest.raises(NotFound):
        risiko.create_tournament(store, organizer, name="X", held_on="2026-11-27", preset="x")
    with pytest.raises(TorneoError) as err:
        risiko.create_tournament(
            store, organizer, name="X", held_on="2026-11-27", preset="invasion-it-2012"
        )
    assert err.value.field == "preset"
    assert fingerprint(store) == before


def test_only_an_organizer_sets_up(store: Store, judge: Actor, organizer: Actor) -> None:
    with pytest.raises(Forbidden):
        risiko.create_tournament(store, judge, name="X", held_on="2026-11-27")
    tid = tournament(store, organizer, 8)
    with pytest.raises(Forbidden):
        risiko.draw_round(store, judge, tid)


def test_a_stale_version_is_refused(store: Store, organizer: Actor) -> None:
    tid = tournament(store, organizer, 8)
    page = risiko_views.tournament_page(store, tid)
    risiko.register_player(store, organizer, tid, name="Late Comer", club="Club X")
    before = fingerprint(store, tid)
    with pytest.raises(Conflict) as err:
        risiko.draw_round(store, organizer, tid, version=page.summary.version)
    assert err.value.field == "version"
    assert fingerprint(store, tid) == before


def test_undo_a_draw_and_draw_again_with_a_new_seed(store: Store, organizer: Actor) -> None:
    tid = tournament(store, organizer, 12)
    risiko.draw_round(store, organizer, tid)
    with store.read() as s:
        first_seed = get_tournament(s, tid).rounds[0].seed
    risiko.register_player(store, organizer, tid, name="Late Comer")
    risiko.register_player(store, organizer, tid, name="Later Comer")
    risiko.register_player(store, organizer, tid, name="Latest Comer")
    risiko.register_player(store, organizer, tid, name="Very Late")
    risiko_swaps.undo_draw(store, organizer, tid, 1)
    risiko.draw_round(store, organizer, tid)
    with store.read() as s:
        rnd = get_tournament(s, tid).rounds[0]
    assert rnd.seed != first_seed
    assert sum(len(t) for t in rnd.tables) == 16


def test_a_player_who_leaves_is_not_drawn_again(store: Store, organizer: Actor) -> None:
    rng = random.Random(9)
    tid = tournament(store, organizer, 13)
    risiko.draw_round(store, organizer, tid)
    play_round(store, organizer, tid, rng)
    with store.read() as s:
        leaver = get_tournament(s, tid).entrants[0].player_id
    risiko.withdraw_player(store, organizer, tid, leaver, reason="went home")
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    assert leaver not in {p for t in tables for p in t}
    assert sum(map(len, tables)) == 12


def test_RSK_OUT_2_an_expelled_player_leaves_the_tournament(store: Store, organizer: Actor) -> None:
    """RSK-OUT-2: a seat recorded as expelled: out of the ranking and of the next draws."""
    rng = random.Random(11)
    tid = tournament(store, organizer, 12, semifinal_tables=0)
    risiko.draw_round(store, organizer, tid)
    number, tables = current_tables(store, tid)
    seats = tables[0]
    game: list[dict[str, Any]] = [
        {"player": seats[0], "table_points": 50},
        {"player": seats[1], "table_points": 30},
        {"player": seats[2], "table_points": 20},
        {"player": seats[3], "table_points": 0, "status": "expelled"},
    ]
    enter_result(store, organizer, tid, number, 1, game)
    for t, s in enumerate(tables[1:], start=2):
        enter_result(store, organizer, tid, number, t, invented_seats(s, rng))
    page = risiko_views.tournament_page(store, tid)
    last = page.standings[-1]
    assert last.person.player_id == seats[3]
    assert last.expelled
    assert last.position is None
    risiko_settings.update_settings(store, organizer, tid, name="Serata RisiKo! (11 giocatori)")
    # 11 players at tables of 4 and 5 (RSK-TBL-1): 4 + 4 + 3; the expelled player is gone.
    risiko.draw_round(store, organizer, tid)
    _, tables = current_tables(store, tid)
    assert sorted(map(len, tables)) == [3, 4, 4]
    assert seats[3] not in {p for t in tables for p in t}


def test_RSK_PTS_1_results_parse_and_check_like_the_domain() -> None:
    """RSK-PTS-1: the service's parsing gives the domain's own seat results."""
    seats = parse_seats(
        [
            {"player": "1", "table_points": "40"},
            {"player": 2, "table_points": 20, "status": "withdrawn"},
            {"player": 3, "status": "eliminated", "eliminated": "1"},
        ]
    )
    from torneo.risiko.rules.results import TableResult

    recorded = record_table_result(TableResult(1, 1, seats))
    assert recorded.winners == (PlayerId(1),)


def test_RSK_TIE_1_equal_on_everything_share_the_place(store: Store, organizer: Actor) -> None:
    """RSK-TIE-1: total, then wins, then the best game, the second best…; equal on all of these
    share the place (spartac: 140 + 90 against 90 + 140)."""
    tid = tournament(store, organizer, 4, formula="spartac", semifinal_tables=0)
    risiko.draw_round(store, organizer, tid)
    _, (seats,) = current_tables(store, tid)
    a, b, c, d = seats

    def game(points: dict[int, int]) -> list[dict[str, int]]:
        return [{"player": p, "table_points": points[p]} for p in points]

    enter_result(store, organizer, tid, 1, 1, game({a: 40, b: 30, c: 20, d: 10}))
    risiko.draw_round(store, organizer, tid)
    enter_result(store, organizer, tid, 2, 1, game({a: 30, b: 40, c: 20, d: 10}))
    page = risiko_views.tournament_page(store, tid)
    rows = [(s.position, s.person.player_id, int(s.total), s.wins) for s in page.standings]
    assert rows[:2] == sorted([(1, a, 230, 1), (1, b, 230, 1)], key=lambda r: r[1])
    assert rows[2:] == [(3, c, 160, 0), (4, d, 140, 0)]
