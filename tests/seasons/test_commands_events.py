"""A finished card event enters a season (issue 5 item 3): its placements and points, a
correction refreshing them, and the refusals (an unfinished event; INV-LEGAL-6 on one day)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

from tests.conftest import FakeClock
from tests.seasons.test_commands import PRESET, counts, csv_text, field_rows, standing
from tests.support.events import report_round, roster
from tests.support.seasons import play_event
from torneo.cards import commands as events
from torneo.core.errors import Conflict
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import commands_events, views_standings
from torneo.seasons.calendar import commands as season_calendar
from torneo.seasons.calendar.commands import AnnouncementInput
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


def test_INV_PTS_1_a_finished_event_enters_the_season(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """INV-PTS-1..4: an 8-player event (3 rounds + Top 4) gives its placements and points."""
    from torneo.cards import views as queries

    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    _announce(store, organizer, clock, "Stagione")
    event_id = _finished_event(store, organizer, 8, seed=11)
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


def test_INV_LEGAL_6_two_events_of_one_store_on_one_day(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """INV-LEGAL-6: two same-named events of one store on one day: both enter the season, the
    second under its date, void (less than two weeks apart, and never announced); the first,
    announced, keeps its points."""
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    _announce(store, organizer, clock, "Stagione")
    first = _finished_event(store, organizer, 8, seed=1)
    second = _finished_event(store, organizer, 8, seed=2)
    commands_events.add_finished_event_to_season(store, organizer, "Stagione", first)
    summary = commands_events.add_finished_event_to_season(store, organizer, "Stagione", second)
    assert [name for name, _ in summary.void] == ["Torneo di club (2012-03-10)"]
    assert any(b.startswith("INV-LEGAL-6") for b in summary.void[0][1])
    again = commands_events.add_finished_event_to_season(store, organizer, "Stagione", second)
    assert [name for name, _ in again.void] == ["Torneo di club (2012-03-10)"]
    assert views_standings.season_info(store, "Stagione").tournaments == 2


# --- issue 13 item 1: the season's calendar decides, whatever the surface ---------------------


def _announce(store: Store, org: Actor, clock: FakeClock, season: str, **facts: object) -> None:
    """Announce "Torneo di club" of "Circolo" on 2012-03-10, a month ahead (INV-LEGAL-1)."""
    clock.now = datetime(2012, 2, 1, 10, tzinfo=UTC)
    data: dict[str, object] = {"judge": "Mario Verdi", "prizes_for_top": 3, **facts}
    season_calendar.announce_tournament(
        store,
        org,
        season,
        AnnouncementInput("Torneo di club", "Circolo", "2012-03-10", **data),  # type: ignore[arg-type]
    )
    clock.now = datetime(2012, 3, 10, 18, tzinfo=UTC)


def test_INV_LEGAL_1_an_event_never_announced_earns_no_season_points(
    store: Store, organizer: Actor
) -> None:
    """INV-LEGAL-1 / INV-LEGAL-3 / INV-LEGAL-8: an event of the app that was never announced on
    the season's calendar (so no judge was announced either) is void: no season points."""
    event_id = play_event(store, organizer, players=8, seed=3)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    summary = commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    [(name, breaches)] = summary.void
    assert name == "Torneo di club"
    assert [b.split(":")[0] for b in breaches] == ["INV-LEGAL-1", "INV-LEGAL-3"]
    assert summary.unchecked == ()
    assert all(r.points == 0 for r in views_standings.season_standings(store, "Stagione"))


def test_INV_LEGAL_1_an_announced_event_earns_its_points(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """INV-LEGAL-1/3/4/5: the event takes its announcement's facts; announced 38 days ahead
    with its judge, a public place and three prizes, it is legal."""
    clock.now = datetime(2011, 9, 1, 10, tzinfo=UTC)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    _announce(store, organizer, clock, "Stagione")
    event_id = play_event(store, organizer, players=8, seed=3)
    summary = commands_events.add_finished_event_to_season(store, organizer, "Stagione", event_id)
    assert summary.void == ()
    assert any(r.points > 0 for r in views_standings.season_standings(store, "Stagione"))


def test_INV_LEGAL_6_void_tournament_does_not_count_against_store_limit(
    store: Store, organizer: Actor
) -> None:
    """INV-LEGAL-6: a store's tournament void for too few players (INV-LEGAL-2) is not
    sanctioned: it does not take one of the store's two a month, and a tournament a week later
    stays legal. The import's report says the announcement rules were not checked."""
    rows = [
        *field_rows("Piccolo", "2012-03-03", "Circolo", players=5),
        *field_rows("Grande", "2012-03-10", "Circolo", players=8),
    ]
    summary = seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    assert [name for name, _ in summary.void] == ["Piccolo"]
    assert "INV-LEGAL-2" in summary.void[0][1][0]
    assert summary.unchecked == ("Piccolo", "Grande")
    note = seasons.unchecked_note(summary)
    assert note is not None
    assert note.english() == (
        "not checked (INV-LEGAL-1, INV-LEGAL-3, INV-LEGAL-4, INV-LEGAL-5: imported without an "
        "announcement on the calendar): Piccolo, Grande"
    )


def test_INV_MAJOR_1_minor_within_7_days_of_a_fixed_major_void_before_it_is_played(
    store: Store, organizer: Actor, clock: FakeClock
) -> None:
    """INV-MAJOR-1 / INV-LEGAL-7: the Major fixed at season start voids a minor tournament 3
    days before it, though the Major is not played yet; a Major on a day not fixed is not one
    (INV-SEASON-2)."""
    clock.now = datetime(2011, 9, 1, 10, tzinfo=UTC)
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    season_calendar.announce_tournament(
        store,
        organizer,
        "Stagione",
        AnnouncementInput(
            "Tappa", "FIGU", "2012-03-17", is_major=True, judge="Anna", prizes_for_top=3
        ),
    )
    clock.now = datetime(2012, 4, 1, 10, tzinfo=UTC)
    rows = [
        *field_rows("Vicino", "2012-03-14", "Circolo", players=8),
        *field_rows("Falsa tappa", "2012-05-05", "Altro", players=12, major=True),
    ]
    summary = seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    void = dict(summary.void)
    assert list(void) == ["Vicino", "Falsa tappa"]
    assert void["Vicino"][0].startswith("INV-LEGAL-7: 3 days before the Major of 2012-03-17")
    assert void["Falsa tappa"][0].startswith("INV-SEASON-2: a Major on 2012-05-05 is not one")
