"""Each source of a rating ladder replayed (issue 5 item 5, BER-RANK-1): Glicko-2 from card
events' matches, openskill from RisiKo! tables and from a season's placings; a format feeds the
ladder its preset declares."""

from __future__ import annotations

import random

from sqlalchemy import func, select

from tests.seasons.test_commands import rank_example_csv
from tests.support.events import report_round, roster
from tests.support.risiko import play_round
from tests.support.risiko import tournament as risiko_tournament
from tests.support.seasons import BERSERK, BERSERK_RESULTS, PRESET, play_event
from torneo.cards import commands as events
from torneo.cards import views as queries
from torneo.cards.tables import Match
from torneo.platform.store.uow import Actor, Store
from torneo.risiko import commands as risiko
from torneo.seasons import commands as seasons
from torneo.seasons import views_standings
from torneo.seasons.ladders import commands as ladders
from torneo.seasons.ladders import views as views_ladders


def _line(view: views_ladders.LadderView, name: str) -> views_ladders.LadderLine:
    return next(line for line in view.lines if line.player == name)


def test_glicko2_ratings_move_with_every_match(store: Store, organizer: Actor) -> None:
    """Issue 5 item 5: after one event every player who played has a deviation under 350; the
    event's winner is above 1500 and a player who lost every match below."""
    event_id = play_event(store, organizer, players=8, seed=3)
    ladders.create_ladder(store, organizer, name="Rating", preset=PRESET, source="matches")
    summary = ladders.recompute_ladder(store, organizer, "Rating")
    assert (summary.events, summary.players) == (1, 8)
    view = views_ladders.ladder_view(store, "Rating")
    assert all(line.deviation < 350 for line in view.lines)
    final = queries.final_results(store, event_id)
    assert final is not None
    assert _line(view, final.lines[0].name).rating > 1500
    standings = queries.standings(store, event_id)
    pointless = [s.name for s in standings.lines if s.points == 0]  # lost every match
    assert pointless
    for name in pointless:
        assert _line(view, name).rating < 1500
    # BER-PTS-1 style points column: the Swiss standing's points, summed.
    points = {s.name: s.points for s in standings.lines}
    assert {line.player: line.points for line in view.lines} == points
    assert [line.points for line in view.lines] == sorted(points.values(), reverse=True)
    with store.read() as s:
        played = (
            s.scalar(
                select(func.count())
                .select_from(Match)
                .where(Match.event_id == event_id, Match.player_b_id.is_not(None))
            )
            or 0
        )
    assert summary.games == played
    assert view.card.games == played
    assert sum(line.games for line in view.lines) == 2 * played


def test_a_second_event_moves_the_ratings_again(store: Store, organizer: Actor) -> None:
    play_event(store, organizer, players=8, seed=3)
    ladders.create_ladder(store, organizer, name="Rating", preset=PRESET, source="matches")
    ladders.recompute_ladder(store, organizer, "Rating")
    before = {line.player: line.rating for line in views_ladders.ladder_view(store, "Rating").lines}
    play_event(store, organizer, players=8, seed=4, held_on="2012-03-24")
    ladders.recompute_ladder(store, organizer, "Rating")
    view = views_ladders.ladder_view(store, "Rating")
    assert view.card.events == 2
    assert all(line.events == 2 for line in view.lines)
    assert {line.player: line.rating for line in view.lines} != before
    assert all(len(line.history) == 2 for line in view.lines)


def test_BER_RANK_1_each_format_feeds_its_ladder(store: Store, organizer: Actor) -> None:
    """BER-RANK-1: a Draft (a) event counts only for the amateur ladder, a Constructed one only
    for the professional ladder (the preset's deck formats say which)."""
    amateur_event = play_event(
        store,
        organizer,
        players=6,
        seed=5,
        preset=BERSERK,
        name="Draft del martedì",
        deck_format="draft_one_booster",
        results=BERSERK_RESULTS,
    )
    play_event(
        store,
        organizer,
        players=6,
        seed=6,
        preset=BERSERK,
        name="Constructed del giovedì",
        held_on="2012-03-15",
        deck_format="constructed",
        results=BERSERK_RESULTS,
    )
    ladders.create_ladder(
        store, organizer, name="Amatori", preset=BERSERK, source="matches", ladder="amateur"
    )
    ladders.create_ladder(
        store, organizer, name="Pro", preset=BERSERK, source="matches", ladder="professional"
    )
    amateur = ladders.recompute_ladder(store, organizer, "Amatori")
    pro = ladders.recompute_ladder(store, organizer, "Pro")
    assert (amateur.events, pro.events) == (1, 1)
    points = {s.name: s.points for s in queries.standings(store, amateur_event).lines}
    view = views_ladders.ladder_view(store, "Amatori")
    assert {line.player: line.points for line in view.lines} == points  # 30 a win (BER-PTS-1)
    assert view.card.ladder == "amateur"
    assert view.rating_name == "Glicko-2"


def test_placings_ladder_rates_a_season_with_openskill(store: Store, organizer: Actor) -> None:
    """A season's tournaments, each a ranking (openskill Plackett–Luce): the season's winner,
    first in three of five tournaments, rates highest; void tournaments are not rated."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    ladders.create_ladder(
        store,
        organizer,
        name="Rating stagione",
        preset=PRESET,
        source="placings",
        season="Stagione",
    )
    summary = ladders.recompute_ladder(store, organizer, "Rating stagione")
    assert (summary.events, summary.games, summary.players) == (5, 5, 12)
    view = views_ladders.ladder_view(store, "Rating stagione")
    assert view.lines[0].player == "Tizio"
    assert [line.position for line in view.lines] == list(range(1, 13))
    shown = [line.shown for line in view.lines]
    assert shown == sorted(shown, reverse=True)
    assert _line(view, "Tizio").points == 71  # the season points beside the rating
    assert all(line.volatility is None for line in view.lines)
    season_id = views_standings.season_info(store, "Stagione").id
    beside = views_ladders.season_ratings(store, season_id)
    assert beside[_line(view, "Tizio").player_id].ladder == "Rating stagione"


def test_tables_ladder_rates_risiko_tables(store: Store, organizer: Actor, judge: Actor) -> None:
    """RisiKo!: every table is a ranking (winners, survivors by table points, the eliminated
    last first); table winners gain, the points column counts table wins."""
    rng = random.Random(16)
    tid = risiko_tournament(store, organizer, 16)
    for _ in range(4):  # two qualifying games, semifinals by bands, the final table
        risiko.draw_round(store, organizer, tid)
        play_round(store, judge, tid, rng)
    risiko.close_tournament(store, organizer, tid)
    ladders.create_ladder(
        store, organizer, name="RisiKo!", preset="risiko-rtu-2016", source="tables"
    )
    summary = ladders.recompute_ladder(store, organizer, "RisiKo!")
    assert (summary.events, summary.games, summary.players) == (1, 13, 16)
    view = views_ladders.ladder_view(store, "RisiKo!")
    assert sum(line.points for line in view.lines) == 13  # one winner a table here
    top = view.lines[0]
    assert top.points >= 2  # won a qualifying table, the semifinal and/or the final
    assert all(line.deviation < 25 / 3 for line in view.lines)


def test_BER_RES_1_a_played_draw_counts_for_both_ladders(store: Store, organizer: Actor) -> None:
    """BER-RES-1: "0-0-1" in best of one is a played draw (no creatures left on either side):
    its own result kind, not an intentional draw, so it moves the rating of the ladder its
    format feeds (professional for Constructed, amateur for Draft (a)) like any played game."""
    for key, day, ladder in (
        ("constructed", "2012-03-10", "professional"),
        ("draft_one_booster", "2012-03-17", "amateur"),
    ):
        play_event(
            store,
            organizer,
            players=4,
            seed=7,
            preset=BERSERK,
            name=f"Patte {key}",
            held_on=day,
            deck_format=key,
            results=["0-0-1"],
            top_results=["1-0"],
        )
        ladders.create_ladder(
            store, organizer, name=ladder, preset=BERSERK, source="matches", ladder=ladder
        )
        summary = ladders.recompute_ladder(store, organizer, ladder)
        view = views_ladders.ladder_view(store, ladder)
        # 2 Swiss rounds of 2 tables, drawn; the Top 4 cannot draw (two semifinals, a final)
        assert summary.games == 4 + 3
        assert all(line.games >= 2 for line in view.lines)


def test_BER_RANK_1_the_format_chosen_at_creation_feeds_its_ladder(
    store: Store, organizer: Actor
) -> None:
    """BER-RANK-1 / BER-FMT-3: an event created as Draft (b) feeds only the amateur ladder; one
    created as standard Draft (c) only the professional ladder."""
    for fmt, day in (("draft_two_boosters", "2012-04-01"), ("draft_standard", "2012-04-08")):
        event_id = events.create_event(
            store, organizer, name=fmt, preset=BERSERK, held_on=day, seed=3, format=fmt
        )
        events.register_roster(store, organizer, event_id, roster(4))
        rounds, _ = events.start_event(store, organizer, event_id)
        for _ in range(rounds):
            events.pair_next_round(store, organizer, event_id)
            report_round(store, organizer, event_id, random.Random(1), results=["1-0"])
        events.start_top(store, organizer, event_id)
        report_round(store, organizer, event_id, random.Random(1), results=["1-0"])
        events.pair_next_round(store, organizer, event_id)
        report_round(store, organizer, event_id, random.Random(1), results=["1-0"])
        events.close_event(store, organizer, event_id)
    for ladder in ("amateur", "professional"):
        ladders.create_ladder(
            store, organizer, name=ladder, preset=BERSERK, source="matches", ladder=ladder
        )
        assert ladders.recompute_ladder(store, organizer, ladder).events == 1
