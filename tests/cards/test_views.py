"""Read models of the pages and the API (torneo.cards.views)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.support.events import report_round, roster
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.views_rounds import allowed_results
from torneo.core.errors import NotFound
from torneo.platform.store.uow import Actor, Store

PRESET = "invasion-it-2012"


def _event(store: Store, org: Actor, players: int, **kw: object) -> int:
    event_id = events.create_event(
        store,
        org,
        name="Prova",
        preset=PRESET,
        held_on="2012-03-10",
        seed=3,
        **kw,  # type: ignore[arg-type]
    )
    if players:
        events.register_roster(store, org, event_id, roster(players))
    return event_id


def _run_to_the_end(store: Store, org: Actor, event_id: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    rounds, _top = events.start_event(store, org, event_id)
    for _ in range(rounds):
        events.pair_next_round(store, org, event_id)
        report_round(store, org, event_id, rng)
    events.start_top(store, org, event_id)
    while True:
        report_round(store, org, event_id, rng, top=True)
        page = queries.event_page(store, event_id)
        if page.actions.close is None:
            break
        events.pair_next_round(store, org, event_id)
    events.close_event(store, org, event_id)


def test_INV_STRUCT_3_allowed_results_are_what_best_of_three_admits() -> None:
    """INV-STRUCT-3: the results offered are exactly the possible best-of-three scores."""
    swiss = allowed_results(3)
    assert swiss[:4] == ["2-0", "2-1", "1-2", "0-2"]
    assert {"1-1-1", "0-0-3", "1-0", "0-1", "1-1", "1-0-1"} <= set(swiss)
    assert not {"3-0", "2-2", "0-0", "3-1", "2-1-1"} & set(swiss)
    top = allowed_results(3, draws=False)
    assert "1-1-1" not in top
    assert "0-0-3" not in top
    assert "2-1" in top


def test_BER_RES_1_allowed_results_of_best_of_one() -> None:
    """BER-RES-1: a win, a played draw (0-0-1), a win by concession or auto-win, and the draw
    by agreement (ID) are the forms offered in best of one; the Top X offers no draw."""
    assert allowed_results(1) == [
        "1-0",
        "0-1",
        "0-0-1",
        "1-0 concession",
        "0-1 concession",
        "1-0 auto",
        "0-1 auto",
        "ID",
    ]
    assert allowed_results(1, draws=False) == [
        "1-0",
        "0-1",
        "1-0 concession",
        "0-1 concession",
        "1-0 auto",
        "0-1 auto",
    ]


def test_event_list_counts_players_and_rounds(sqlite_store: Store, organizer: Actor) -> None:
    first = _event(sqlite_store, organizer, 6)
    second = _event(sqlite_store, organizer, 0)
    events.start_event(sqlite_store, organizer, first)
    events.pair_next_round(sqlite_store, organizer, first)
    rows = queries.list_events(sqlite_store)
    assert [r.id for r in rows] == [second, first]  # same day: newest first
    by_id = {r.id: r for r in rows}
    assert (by_id[first].players, by_id[first].current_round) == (6, 1)
    assert (by_id[second].players, by_id[second].current_round) == (0, 0)
    assert by_id[first].preset_name.startswith("Campionato")
    assert [r.id for r in queries.list_events(sqlite_store, status="running")] == [first]


@pytest.mark.parametrize(
    ("players", "plan", "short"),
    [
        (8, (3, 4), None),
        (16, (4, 8), None),
        (20, (5, 8), None),
        (25, (5, 8), (4, 16)),
        (31, (6, 8), (5, 16)),
    ],
)
def test_INV_STRUCT_1_and_2_the_start_form_offers_the_preset_structure(
    sqlite_store: Store,
    organizer: Actor,
    players: int,
    plan: tuple[int, int],
    short: tuple[int, int] | None,
) -> None:
    """INV-STRUCT-1/2: the plan for the players registered, and the Top 16 option from 24."""
    actions = queries.event_page(sqlite_store, _event(sqlite_store, organizer, players)).actions
    assert actions.start is None
    assert actions.register is None
    assert actions.plan is not None
    assert (actions.plan.rounds, actions.plan.top) == plan
    got = (actions.short_plan.rounds, actions.short_plan.top) if actions.short_plan else None
    assert got == short


def test_INV_BYE_1_pairings_by_table_and_by_name(sqlite_store: Store, organizer: Actor) -> None:
    """INV-BYE-1: with 7 players one gets a bye; by name, each sees the score from their side."""
    event_id = _event(sqlite_store, organizer, 7)
    events.start_event(sqlite_store, organizer, event_id)
    assert queries.pairings(sqlite_store, event_id) is None
    events.pair_next_round(sqlite_store, organizer, event_id)
    events.report_result(sqlite_store, organizer, event_id, 1, 1, "2-1")
    view = queries.pairings(sqlite_store, event_id)
    assert view is not None
    assert view.total == 4
    assert view.reported == 2
    assert not view.is_complete
    first = view.lines[0]
    assert first.b is not None
    assert first.result == "2-1"
    assert first.winner_id == first.a.player_id
    bye = next(line for line in view.lines if line.is_bye)
    assert bye.is_reported
    assert bye.winner_id == bye.a.player_id
    sides = {n.player_id: n for n in view.by_name}
    assert len(sides) == 7
    assert [n.name for n in view.by_name] == sorted(n.name for n in view.by_name)
    assert (sides[first.a.player_id].result, sides[first.a.player_id].outcome) == ("2-1", "win")
    assert (sides[first.b.player_id].result, sides[first.b.player_id].outcome) == ("1-2", "loss")
    assert sides[bye.a.player_id].outcome == "bye"
    assert sides[bye.a.player_id].opponent is None
    pending = view.lines[1]
    assert pending.b is not None
    assert sides[pending.a.player_id].outcome is None
    with pytest.raises(NotFound) as err:
        queries.pairings(sqlite_store, event_id, 2)
    assert err.value.field == "round"


def test_standings_with_names_places_and_tiebreaks(sqlite_store: Store, organizer: Actor) -> None:
    """Places 1..N after the tiebreaks (issue 15), with the tiebreaks and their names."""
    event_id = _event(sqlite_store, organizer, 8)
    events.start_event(sqlite_store, organizer, event_id)
    events.pair_next_round(sqlite_store, organizer, event_id)
    for table, result in zip(range(1, 5), ["2-0", "2-1", "1-1-1", "0-2"], strict=True):
        events.report_result(sqlite_store, organizer, event_id, 1, table, result)
    st = queries.standings(sqlite_store, event_id)
    assert st.after_round == 1
    assert st.tiebreak_names == ("bye_last", "omw", "gw", "ogw")  # match_points is the points
    assert [line.points for line in st.lines] == [3, 3, 3, 1, 1, 0, 0, 0]
    # Two 2-0 winners are equal on everything; the 2-1 winner is 3rd, not "1" (issue 15).
    assert [line.rank for line in st.lines] == [1, 1, 3, 4, 4, 6, 6, 8]
    assert all(line.name.startswith("Giocatore") for line in st.lines)
    top = st.lines[0]
    assert [t.name for t in top.tiebreaks] == list(st.tiebreak_names)
    assert all(isinstance(t.value, Fraction) for t in top.tiebreaks)


def test_actions_explain_what_cannot_be_done_yet(sqlite_store: Store, organizer: Actor) -> None:
    event_id = _event(sqlite_store, organizer, 8)
    page = queries.event_page(sqlite_store, event_id)
    assert page.actions.pair is not None
    assert page.actions.pair.field == "status"
    assert page.actions.close is not None
    events.start_event(sqlite_store, organizer, event_id)
    events.pair_next_round(sqlite_store, organizer, event_id)
    panel = queries.round_panel(sqlite_store, event_id)
    assert panel.actions.pair is not None
    assert "unreported" in panel.actions.pair.text
    assert panel.actions.start_top is not None
    assert panel.actions.register is None
    assert panel.round is not None
    assert panel.round.number == 1
    assert "0-0-3" in panel.swiss_results
    assert "0-0-3" not in panel.top_results


def test_INV_PTS_1_to_4_final_results_with_tournament_points(
    sqlite_store: Store, organizer: Actor
) -> None:
    """INV-PTS-1..4: Swiss points + 3 a Top win; podium X + 4/2/1; the rest ceil(n/8)."""
    event_id = _event(sqlite_store, organizer, 10)
    _run_to_the_end(sqlite_store, organizer, event_id)
    final = queries.final_results(sqlite_store, event_id)
    assert final is not None
    assert final.has_points
    assert final.field_size == 10
    x, rest = 1, 2  # INV-PTS-2: 9-12 players → X = 1; INV-PTS-4: ceil(10/8) = 2
    for line in final.lines:
        base = line.swiss_points + 3 * line.topcut_wins
        bonus = {1: 4 + x, 2: 2 + x, 3: 1 + x}.get(line.place, rest)
        assert line.total == base + bonus, line
    assert final.lines[0].topcut_wins == 2  # Top 4: semifinal and final
    bracket = queries.bracket(sqlite_store, event_id)
    assert bracket is not None
    assert bracket.champion is not None
    assert bracket.champion.player_id == final.lines[0].player_id
    assert bracket.third_place is not None
    assert bracket.third_place.winner_id == final.lines[2].player_id
    as_json = queries.as_jsonable(final)
    assert as_json["lines"][0]["final_bonus"] == "0"


def test_INV_MAJOR_3_a_major_shows_its_podium_and_final_bonus(
    sqlite_store: Store, organizer: Actor
) -> None:
    """INV-MAJOR-3/5: at a Major the winner gets 10 + (X + 2) and a national-final bonus of 3/2."""
    event_id = _event(sqlite_store, organizer, 12, is_major=True)
    _run_to_the_end(sqlite_store, organizer, event_id, seed=4)
    final = queries.final_results(sqlite_store, event_id)
    assert final is not None
    assert final.is_major
    winner = final.lines[0]
    assert winner.total == winner.swiss_points + 3 * winner.topcut_wins + 10 + 1 + 2
    assert winner.final_bonus == Fraction(3, 2)


def test_INV_MAJOR_2_a_void_major_shows_it_is_void_and_no_points(
    sqlite_store: Store, organizer: Actor
) -> None:
    """INV-MAJOR-2 / INV-LEGAL-8 (issue 29 item 12): a Major of 11 players is void for the
    season: its results say so and give no points, Major or otherwise, on the page and in the
    API; the placings stay."""
    from fastapi.testclient import TestClient

    from tests.support.web import make_client

    event_id = _event(sqlite_store, organizer, 11, is_major=True)
    _run_to_the_end(sqlite_store, organizer, event_id, seed=4)
    final = queries.final_results(sqlite_store, event_id)
    assert final is not None
    assert final.void
    assert not final.has_points
    assert final.void_reason is not None
    assert final.void_reason.english() == (
        "11 players: a Major needs at least 12 to count for the season (INV-MAJOR-2)"
    )
    assert [line.place for line in final.lines][:3] == [1, 2, 3]
    assert all(line.total == 0 and line.final_bonus == 0 for line in final.lines)
    client: TestClient
    with make_client(sqlite_store) as client:
        page = client.get(f"/events/{event_id}?lang=en").text
        body = client.get(f"/api/v1/events/{event_id}/results").json()
    assert "Void for the season: no tournament points." in page
    assert "Tournament points of a Major" not in page
    assert body["void"] is True
    assert body["has_points"] is False
    assert body["void_reason"].endswith("(INV-MAJOR-2)")


def test_bracket_shows_empty_slots_for_rounds_not_yet_paired(
    sqlite_store: Store, organizer: Actor
) -> None:
    event_id = _event(sqlite_store, organizer, 8)
    rng = random.Random(2)
    rounds, _ = events.start_event(sqlite_store, organizer, event_id)
    for _ in range(rounds):
        events.pair_next_round(sqlite_store, organizer, event_id)
        report_round(sqlite_store, organizer, event_id, rng)
    assert queries.bracket(sqlite_store, event_id) is None
    events.start_top(sqlite_store, organizer, event_id)
    bracket = queries.bracket(sqlite_store, event_id)
    assert bracket is not None
    assert [r.players for r in bracket.rounds] == [4, 2]
    semis, final = bracket.rounds
    assert all(m.a is not None and m.b is not None for m in semis.matches)
    assert {m.a.seed for m in semis.matches if m.a} | {m.b.seed for m in semis.matches if m.b} == {
        1,
        2,
        3,
        4,
    }
    assert final.matches[0].a is None
    assert final.matches[0].round_no is None
    assert [s.seed for s in bracket.seeds] == [1, 2, 3, 4]
