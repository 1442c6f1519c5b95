"""A finished card event enters a season (issue 5 item 3): its placements and points, a
correction refreshing them, and the refusals (an unfinished event; INV-LEGAL-6 on one day)."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, select

from tests.seasons.test_commands import PRESET, counts, standing
from tests.support.events import report_round, roster
from torneo.cards import commands as events
from torneo.core.errors import Conflict
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, views_standings
from torneo.seasons.tables import SeasonResult, SeasonTournament


def _finished_event(store: Store, org: Actor, players: int, seed: int) -> int:
    rng = random.Random(seed)
    event_id = events.create_event(
        store,
        org,
        name="Torneo di club",
        preset=PRESET,
        held_on="2012-03-10",
        location="Circolo",
        seed=seed,
    )
    events.register_roster(store, org, event_id, roster(players))
    rounds, _top = events.start_event(store, org, event_id)
    for _ in range(rounds):
        events.pair_next_round(store, org, event_id)
        report_round(store, org, event_id, rng)
    events.start_top(store, org, event_id)
    report_round(store, org, event_id, rng, top=True)
    events.pair_next_round(store, org, event_id)
    report_round(store, org, event_id, rng, top=True)
    events.close_event(store, org, event_id)
    return event_id


def test_INV_PTS_1_a_finished_event_enters_the_season(store: Store, organizer: Actor) -> None:
    """INV-PTS-1..4: an 8-player event (3 rounds + Top 4) gives its placements and points."""
    from torneo.cards import views as queries

    event_id = _finished_event(store, organizer, 8, seed=11)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    summary = commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    assert (summary.tournaments, summary.results, summary.void) == (1, 8, ())
    rows = views_standings.season_standings(store, "Stagione")
    final = queries.final_results(store, event_id)
    assert final is not None
    expected = {f.name: f.total for f in final.lines}
    assert {r.player: r.points for r in rows} == expected
    winner = final.lines[0]
    assert winner.topcut_wins == 2  # semifinal and final of the Top 4
    assert standing(rows, winner.name).wins == 1


def test_a_corrected_event_updates_the_season(store: Store, organizer: Actor) -> None:
    """Issue 5 item 3: adding the event again after a correction replaces its results."""
    event_id = _finished_event(store, organizer, 8, seed=5)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    with store.unit(organizer) as uow:  # a judge's late correction: a Swiss draw becomes a win
        from torneo.cards.tables import Match

        match = uow.session.scalars(
            select(Match).where(Match.event_id == event_id, Match.round_no == 1)
        ).first()
        assert match is not None
        match.wins_a, match.wins_b, match.draws, match.result_kind = 2, 0, 0, "played"
    again = commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    assert again.results == 8
    with store.read() as s:
        assert s.scalar(select(func.count()).select_from(SeasonTournament)) == 1
        assert s.scalar(select(func.count()).select_from(SeasonResult)) == 8


def test_an_unfinished_event_cannot_enter_a_season(store: Store, organizer: Actor) -> None:
    event_id = events.create_event(
        store, organizer, name="In corso", preset=PRESET, held_on="2012-03-10"
    )
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    before = counts(store)
    with pytest.raises(Conflict) as err:
        commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    assert err.value.field == "event_id"
    assert counts(store) == before


def test_INV_LEGAL_6_two_events_of_one_store_on_one_day(store: Store, organizer: Actor) -> None:
    """INV-LEGAL-6: two same-named events of one store on one day: both enter the season, the
    second under its date, void (less than two weeks apart); the first keeps its points."""
    first = _finished_event(store, organizer, 8, seed=1)
    second = _finished_event(store, organizer, 8, seed=2)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    commands_events.add_finished_event_to_season(store, organizer, "Stagione", first)
    summary = commands_events.add_finished_event_to_season(store, organizer, "Stagione", second)
    assert [name for name, _ in summary.void] == ["Torneo di club (2012-03-10)"]
    assert "INV-LEGAL-6" in summary.void[0][1][0]
    again = commands_events.add_finished_event_to_season(store, organizer, "Stagione", second)
    assert [name for name, _ in again.void] == ["Torneo di club (2012-03-10)"]
    assert views_standings.season_info(store, "Stagione").tournaments == 2
