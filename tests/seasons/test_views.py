"""The season's read models (issue 5 items 2–4): an imported season's table with its tiebreaks,
dense ranks and cut; void tournaments with every broken rule; the chart's series; the cache
fingerprint. docs/rules.md §1 Examples reproduced through them (a player's page:
``test_views_player``; a tournament's: ``test_views_tournament``)."""

from __future__ import annotations

import pytest

from tests.seasons.test_commands import PRESET, csv_text, field_rows, rank_example_csv
from torneo.core.errors import NotFound
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views as season_views
from torneo.seasons import views_player, views_tournament


def _row(page: season_views.SeasonPage, name: str) -> season_views.TableRow:
    return next(r for r in page.rows if r.player == name)


def _parts(history: views_player.HistoryLine) -> list[tuple[str, int]]:
    return [(p.label, p.value) for p in history.parts]


def test_INV_PTS_EX1_25_players_on_the_season_page(store: Store, organizer: Actor) -> None:
    """INV-PTS-EX1: 25 players → 1st +12, 2nd +10, 3rd +9, everyone else +4 (0 Swiss points,
    3 for each Top 8 win)."""
    seasons.import_season_csv(
        store,
        organizer,
        "Stagione",
        PRESET,
        csv_text(field_rows("Torneo A", "2012-01-14", "Negozio A", players=25)),
    )
    page = season_views.season_page(store, "Stagione")
    by_place = {int(r.player[-2:]): r.points for r in page.rows}
    assert (by_place[1], by_place[2], by_place[3]) == (9 + 12, 6 + 10, 3 + 9)
    assert by_place[4] == 3 + 4
    assert {by_place[p] for p in range(5, 26)} == {4}
    first = views_player.player_page(
        store, "Stagione", _row(page, "Torneo A giocatore 01").player_id
    )
    assert _parts(first.history[0]) == [("Swiss", 0), ("Top 8", 9), ("first place", 4), ("size", 8)]
    last = views_player.player_page(
        store, "Stagione", _row(page, "Torneo A giocatore 25").player_id
    )
    assert _parts(last.history[0]) == [("Swiss", 0), ("participation", 4)]


def test_INV_RANK_EX1_dense_ranks_tiebreaks_and_the_cut(store: Store, organizer: Actor) -> None:
    """INV-RANK-EX1: 71, 65, 54, 54, 42, 42 → 1, 2, 3, 3, 4, 4; INV-RANK-1 orders the ties by
    W; INV-RANK-3: with a cut of 3 the first three positions qualify."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv(), cut_size=3)
    page = season_views.season_page(store, "Stagione")
    assert [(r.player, r.points, r.rank) for r in page.rows[:6]] == [
        ("Tizio", 71, 1),
        ("Caio", 65, 2),
        ("Sempronio", 54, 3),
        ("Platone", 54, 3),
        ("Aristotele", 42, 4),
        ("Ulisse", 42, 4),
    ]
    assert _row(page, "Sempronio").wins > _row(page, "Platone").wins  # W breaks the tie
    assert [r.player for r in page.rows if r.qualified] == ["Tizio", "Caio", "Sempronio"]
    assert page.qualified == 3
    assert page.cut_size == 3
    assert page.cut_tie == ()
    assert page.rows[0].as_dict()["T"] == 5
    assert [t.name for t in page.tournaments] == [f"Torneo {i}" for i in range(1, 6)]
    assert page.tournaments[0].winner == "Tizio"


def test_INV_LEGAL_8_a_void_tournament_lists_each_broken_rule(
    store: Store, organizer: Actor
) -> None:
    """INV-LEGAL-8: a void tournament stays on the page with every breach (rule id and
    sentence) and gives no points; the player's history shows what it would have given."""
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5, names={1: "Tizio"})
    rows += field_rows("Grande", "2012-02-04", "Negozio C", players=9, names={1: "Tizio"})
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    page = season_views.season_page(store, "Stagione")
    (void,) = page.void_tournaments
    assert void.name == "Piccolo"
    assert void.breaches == (
        season_views.BreachLine("INV-LEGAL-2", "5 players took part; at least 6 required"),
    )
    tizio = views_player.player_page(store, "Stagione", _row(page, "Tizio").player_id)
    piccolo, grande = tizio.history
    assert piccolo.void
    assert piccolo.points == 0
    assert piccolo.would_be > 0
    assert piccolo.breaches[0].rule_id == "INV-LEGAL-2"
    assert grande.cumulative == grande.points == _row(page, "Tizio").points
    assert [p.void for p in tizio.chart.series[0].points] == [False, True, False]


def test_the_chart_shows_the_top_five_cumulative_points(store: Store, organizer: Actor) -> None:
    """Issue 5 item 4: each of the top 5 starts at 0 on the season's first day and ends at
    their points; the totals only grow."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    page = season_views.season_page(store, "Stagione")
    chart = page.chart
    assert [s.name for s in chart.series] == [r.player for r in page.rows[:5]]
    for series, row in zip(chart.series, page.rows, strict=False):
        totals = [p.total for p in series.points]
        assert series.points[0].day == page.starts_on
        assert totals[0] == 0
        assert totals == sorted(totals)
        assert totals[-1] == row.points
        assert sum(p.gained for p in series.points) == row.points


def test_the_fingerprint_changes_with_the_season_only(store: Store, organizer: Actor) -> None:
    """The pages' cache key: unchanged by reads, changed by an import or a recompute."""
    first = csv_text(field_rows("Uno", "2012-01-14", "A", players=6))
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, first)
    token = season_views.season_token(store, "Stagione")
    season_views.season_page(store, "Stagione")
    assert season_views.season_token(store, "stagione") == token
    second = csv_text(field_rows("Due", "2012-02-11", "B", players=6))
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, second)
    assert season_views.season_token(store, "Stagione") != token
    assert season_views.season_token(store, "Nessuna") is None


def test_list_of_seasons_counts_without_loading_results(store: Store, organizer: Actor) -> None:
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5)
    rows += field_rows("Grande", "2012-02-04", "Negozio C", players=9)
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows), cut_size=8)
    seasons.create_season(store, organizer, name="Vuota", preset=PRESET)
    cards = {c.name: c for c in season_views.list_season_cards(store)}
    assert (cards["Stagione"].tournaments, cards["Stagione"].void) == (2, 1)
    assert (cards["Stagione"].players, cards["Stagione"].cut_size) == (14, 8)
    assert (cards["Vuota"].tournaments, cards["Vuota"].players) == (0, 0)


def test_unknown_season_player_or_tournament_is_not_found(store: Store, organizer: Actor) -> None:
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    seasons.create_season(store, organizer, name="Altra", preset=PRESET)
    page = season_views.season_page(store, "Stagione")
    other = season_views.season_page(store, "Altra")
    with pytest.raises(NotFound) as err:
        season_views.season_page(store, "Nessuna")
    assert err.value.field == "season"
    with pytest.raises(NotFound) as err:
        season_views.season_page(store, 9999)
    assert err.value.field == "season"
    with pytest.raises(NotFound) as err:
        views_player.player_page(store, other.id, page.rows[0].player_id)
    assert err.value.field == "player"
    with pytest.raises(NotFound) as err:
        views_tournament.tournament_page(store, other.id, page.tournaments[0].id)
    assert err.value.field == "tournament"
