"""One player's season (issue 5 items 2–4): each tournament's points explained part by part
(INV-PTS-EX2, INV-MAJOR-EX1), void ones kept in the history (INV-LEGAL-8), the same page read
with a cached table."""

from __future__ import annotations

from fractions import Fraction

from tests.seasons.test_commands import PRESET, csv_text, field_rows, rank_example_csv
from tests.seasons.test_views import _parts, _row
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views as season_views
from torneo.seasons import views_player


def test_INV_PTS_EX2_the_breakdown_of_34(store: Store, organizer: Actor) -> None:
    """INV-PTS-EX2: 26 players, 13 Swiss points, wins the Top 8 → 13 + 9 + 4 + 8 = 34."""
    rows = field_rows(
        "Torneo B", "2012-02-11", "Negozio B", players=26, swiss={1: 13}, names={1: "Tizio"}
    )
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    page = season_views.season_page(store, "Stagione")
    tizio = views_player.player_page(store, "Stagione", _row(page, "Tizio").player_id)
    (h,) = tizio.history
    assert _parts(h) == [("Swiss", 13), ("Top 8", 9), ("first place", 4), ("size", 8)]
    assert (h.points, h.would_be, h.cumulative) == (34, 34, 34)
    assert h.explanation == "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"
    assert tizio.row is not None
    assert tizio.row.points == 34
    assert tizio.row.rank == 1


def test_INV_MAJOR_EX1_a_major_winner_takes_42_and_a_final_bonus(
    store: Store, organizer: Actor
) -> None:
    """INV-MAJOR-EX1: Major, 26 players, 13 Swiss points, wins the Top 8 → 22 + 10 + (8 + 2) =
    42; INV-MAJOR-5 adds 3/2 to the national-final bonus, apart from the points."""
    rows = field_rows(
        "Tappa di Roma",
        "2012-03-17",
        "Arcadia",
        players=26,
        major=True,
        swiss={1: 13},
        names={1: "Caio"},
    )
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    page = season_views.season_page(store, "Stagione")
    caio = _row(page, "Caio")
    assert (caio.points, caio.wins, caio.major_wins, caio.best_major_place) == (42, 1, 1, 1)
    assert caio.final_bonus == Fraction(3, 2)
    (h,) = views_player.player_page(store, "Stagione", caio.player_id).history
    assert _parts(h) == [
        ("Swiss", 13),
        ("Top 8", 9),
        ("first place", 10),
        ("size", 8),
        ("Major size", 2),
    ]
    assert h.final_bonus == Fraction(3, 2)
    assert h.is_major


def test_a_player_with_only_void_tournaments_keeps_a_history(
    store: Store, organizer: Actor
) -> None:
    """INV-LEGAL-8: no row in the table (no points), but the history page is there."""
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5, names={5: "Mevio"})
    rows += field_rows("Grande", "2012-02-04", "Negozio D", players=9)
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    page = season_views.season_page(store, "Stagione")
    assert all(r.player != "Mevio" for r in page.rows)
    with store.read() as s:
        from sqlalchemy import select

        from torneo.platform.store.tables import Player

        mevio = s.scalars(select(Player.id).where(Player.name == "Mevio")).one()
    player = views_player.player_page(store, "Stagione", mevio)
    assert player.row is None
    assert [h.void for h in player.history] == [True]


def test_the_player_page_reads_the_same_with_a_cached_table(store: Store, organizer: Actor) -> None:
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    page = season_views.season_page(store, "Stagione")
    pid = _row(page, "Caio").player_id
    assert views_player.player_page(store, page.id, pid, rows=page.rows) == (
        views_player.player_page(store, "Stagione", pid)
    )
