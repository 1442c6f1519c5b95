"""A tournament of a season (issue 5 items 2–4): its results with the points each took, and
why it is void (INV-LEGAL-8)."""

from __future__ import annotations

from tests.seasons.test_commands import PRESET, csv_text, field_rows
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views as season_views
from torneo.seasons import views_tournament


def test_a_tournament_page_lists_results_and_reasons(store: Store, organizer: Actor) -> None:
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5, names={1: "Tizio"})
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    page = season_views.season_page(store, "Stagione")
    t = views_tournament.tournament_page(store, page.id, page.tournaments[0].id)
    assert t.line.void
    assert t.line.breaches[0].rule_id == "INV-LEGAL-2"
    assert [r.place for r in t.results] == [1, 2, 3, 4, 5]
    assert t.results[0].player == "Tizio"
    assert t.results[0].points == 0
    assert t.results[0].explanation.startswith("void (INV-LEGAL-8): 0, not ")
