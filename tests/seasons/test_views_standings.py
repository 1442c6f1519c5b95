"""The season table as the CLI reads it (INV-RANK-1..3): dense ranks, tiebreaks and the cut of
an imported season; an unknown season is not found."""

from __future__ import annotations

import pytest

from tests.seasons.test_commands import PRESET, rank_example_csv, standing
from torneo.core.errors import NotFound
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views_standings


def test_INV_RANK_EX1_dense_ranks_of_an_imported_season(store: Store, organizer: Actor) -> None:
    """INV-RANK-EX1: Tizio 71, Caio 65, Sempronio 54, Platone 54, Aristotele 42, Ulisse 42
    → 1, 2, 3, 3, 4, 4; INV-RANK-1 orders the ties by tournaments won (W)."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    rows = views_standings.season_standings(store, "Stagione")
    top = [(r.player, r.points, r.rank) for r in rows[:6]]
    assert top == [
        ("Tizio", 71, 1),
        ("Caio", 65, 2),
        ("Sempronio", 54, 3),
        ("Platone", 54, 3),
        ("Aristotele", 42, 4),
        ("Ulisse", 42, 4),
    ]
    assert [r.position for r in rows[:6]] == [1, 2, 3, 4, 5, 6]
    assert standing(rows, "Sempronio").wins == 1 > standing(rows, "Platone").wins
    assert all(r.points < 42 for r in rows[6:])
    assert all(r.qualified for r in rows)  # 12 players, a cut of 35 (INV-RANK-3)
    assert standing(rows, "Tizio").as_dict()["T"] == 5


def test_INV_RANK_3_cut_line_is_configurable(store: Store, organizer: Actor) -> None:
    """INV-RANK-3: the best-ranked players qualify; the cut size is the season's setting."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv(), cut_size=3)
    rows = views_standings.season_standings(store, "Stagione")
    assert [r.player for r in rows if r.qualified] == ["Tizio", "Caio", "Sempronio"]


def test_unknown_season_is_not_found(store: Store) -> None:
    with pytest.raises(NotFound):
        views_standings.season_standings(store, "nessuna")
