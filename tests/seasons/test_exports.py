"""Exports of a season (issue 5 item 4): the table, tournaments and results as CSV and JSON;
a season exported in the import format imports into another season with the same table."""

from __future__ import annotations

import csv
import io

from tests.seasons.test_commands import PRESET, csv_text, field_rows, rank_example_csv
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import exports
from torneo.seasons import views as season_views


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_season_table_and_tournaments_csv(store: Store, organizer: Actor) -> None:
    """INV-RANK-1..3 columns as the regulation names them; a void tournament lists its rule."""
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5, names={1: "Tizio"})
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    table = _rows(exports.season_table_csv(store, "Stagione"))
    assert list(table[0]) == list(exports.SEASON_TABLE_HEADER)
    assert [(r["player"], r["points"], r["rank"]) for r in table[:3]] == [
        ("Tizio", "71", "1"),
        ("Caio", "65", "2"),
        ("Sempronio", "54", "3"),
    ]
    assert table[0]["qualified"] == "yes"
    tournaments = _rows(exports.season_tournaments_csv(store, "Stagione"))
    piccolo = next(t for t in tournaments if t["tournament"] == "Piccolo")
    assert piccolo["void"] == "yes"
    assert piccolo["breaches"] == "INV-LEGAL-2: 5 players took part; at least 6 required"
    data = exports.season_json(store, "Stagione")
    assert data["standings"][0]["W"] == 2  # Tizio won Torneo 1 and Torneo 3
    void = next(t for t in data["tournaments"] if t["void"])
    assert void["breaches"] == [
        {"rule": "INV-LEGAL-2", "sentence": "5 players took part; at least 6 required"}
    ]


def test_a_season_exported_imports_into_another_with_the_same_table(
    store: Store, organizer: Actor
) -> None:
    """Issue 5 item 6: the results CSV is the import format; importing it gives the same table."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    exported = exports.season_results_csv(store, "Stagione")
    seasons.import_season_csv(store, organizer, "Copia", PRESET, exported)

    def table(name: str) -> list[tuple[object, ...]]:
        return [
            (r.rank, r.player, r.points, r.wins, r.seconds, r.played)
            for r in season_views.season_table(store, name)
        ]

    assert table("Copia") == table("Stagione")
