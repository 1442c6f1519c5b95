"""Seasons through the services: imported results, the docs/rules.md §1 Examples, void tournaments,
corrections, and every bad input of issue 5 (nothing changed). Finished events entering a season
are in ``test_commands_events``, the table as the CLI reads it in ``test_views_standings``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest
from sqlalchemy import func, select

from torneo.core.errors import Conflict, TorneoError
from torneo.platform.store.tables import AuditEntry, Player
from torneo.platform.store.uow import Actor, Store
from torneo.seasons import commands as seasons
from torneo.seasons import views_standings
from torneo.seasons.rules.import_issues import SeasonImportError
from torneo.seasons.state import SeasonStanding
from torneo.seasons.tables import Season, SeasonResult, SeasonTournament

PRESET = "invasion-it-2012"
HEADER = "tournament,date,store,major,player,place,swiss_points,topcut_wins,dropped"


def top_wins(place: int, players: int) -> int:
    """Top X wins a place means (INV-STRUCT-1: Top 4 up to 12 players, else Top 8): the winner
    of a Top 8 has 3, 2nd 2, 3rd–4th 1, 5th–8th 0 (the 3rd/4th-place match is not counted)."""
    top = 4 if players <= 12 else 8
    if place > top:
        return 0
    return (top.bit_length() - 1) - (place - 1).bit_length()


def field_rows(
    name: str,
    day: str,
    shop: str,
    *,
    players: int,
    major: bool = False,
    swiss: dict[int, int] | None = None,
    wins: dict[int, int] | None = None,
    names: dict[int, str] | None = None,
) -> list[str]:
    """One CSV row per place 1..players of a tournament."""
    rows = []
    for place in range(1, players + 1):
        player = (names or {}).get(place, f"{name} giocatore {place:02d}")
        sp = (swiss or {}).get(place, 0)
        tw = (wins or {}).get(place, top_wins(place, players))
        rows.append(f"{name},{day},{shop},{'yes' if major else 'no'},{player},{place},{sp},{tw},no")
    return rows


def csv_text(rows: Iterable[str]) -> str:
    return "\n".join([HEADER, *rows]) + "\n"


def counts(store: Store) -> tuple[int, int, int, int, int]:
    """(seasons, tournaments, results, players, audit rows): all unchanged after a refusal."""
    with store.read() as s:
        return tuple(  # type: ignore[return-value]
            s.scalar(select(func.count()).select_from(model)) or 0
            for model in (Season, SeasonTournament, SeasonResult, Player, AuditEntry)
        )


def standing(rows: Sequence[SeasonStanding], player: str) -> SeasonStanding:
    return next(r for r in rows if r.player == player)


def test_INV_PTS_EX1_25_players_podium_and_the_rest(store: Store, organizer: Actor) -> None:
    """INV-PTS-EX1: 25 players → 1st +12, 2nd +10, 3rd +9, everyone else +4.

    Swiss points are 0 for everyone, so each total is 3 × Top 8 wins plus those bonuses.
    """
    seasons.import_season_csv(
        store,
        organizer,
        "Stagione 2011/12",
        PRESET,
        csv_text(field_rows("Torneo A", "2012-01-14", "Negozio A", players=25)),
    )
    rows = views_standings.season_standings(store, "Stagione 2011/12")
    by_place = {int(r.player[-2:]): r.points for r in rows}
    assert by_place[1] == 3 * 3 + 12
    assert by_place[2] == 3 * 2 + 10
    assert by_place[3] == 3 * 1 + 9
    assert by_place[4] == 3 * 1 + 4
    assert {by_place[p] for p in range(5, 26)} == {4}
    assert len(rows) == 25


def test_INV_PTS_EX2_26_players_winner_takes_34(store: Store, organizer: Actor) -> None:
    """INV-PTS-EX2: 26 players; 13 Swiss points, wins the Top 8 (3 wins = 9) → 22 + 4 + 8 = 34."""
    seasons.import_season_csv(
        store,
        organizer,
        "Stagione",
        PRESET,
        csv_text(
            field_rows(
                "Torneo B",
                "2012-02-11",
                "Negozio B",
                players=26,
                swiss={1: 13},
                names={1: "Tizio"},
            )
        ),
    )
    rows = views_standings.season_standings(store, "Stagione")
    assert standing(rows, "Tizio").points == 34
    history = views_standings.player_history(store, "Stagione", standing(rows, "Tizio").player_id)
    assert history[0].explanation == "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34"


def test_INV_MAJOR_EX1_major_winner_takes_42(store: Store, organizer: Actor) -> None:
    """INV-MAJOR-EX1: Major, 26 players; 13 Swiss, wins the Top 8 → 22 + 10 + (8 + 2) = 42."""
    seasons.import_season_csv(
        store,
        organizer,
        "Stagione",
        PRESET,
        csv_text(
            field_rows(
                "Tappa di Roma",
                "2012-03-17",
                "Arcadia",
                players=26,
                major=True,
                swiss={1: 13},
                names={1: "Caio"},
            )
        ),
    )
    rows = views_standings.season_standings(store, "Stagione")
    caio = standing(rows, "Caio")
    assert caio.points == 42
    assert (caio.wins, caio.major_wins, caio.best_major_place) == (1, 1, 1)
    assert str(caio.final_bonus) == "3/2"  # INV-MAJOR-5, a separate tally


# INV-RANK-EX1 built from five 12-player tournaments (4 rounds + Top 4, INV-STRUCT-1):
# 1st = Swiss + 6 (2 Top wins) + 4 + 1 (X); 2nd = Swiss + 3 + 2 + 1; everyone else Swiss + 2.
RANK_PLACES = [  # Tizio, Caio, Sempronio, Platone, Aristotele, Ulisse
    (1, 2, 3, 4, 5, 6),
    (3, 1, 2, 6, 4, 5),
    (1, 3, 5, 2, 6, 4),
    (4, 2, 1, 3, 5, 6),
    (2, 4, 6, 3, 1, 5),
]
RANK_SWISS = [
    (9, 9, 7, 9, 4, 6),
    (6, 9, 8, 6, 6, 7),
    (9, 7, 3, 9, 3, 6),
    (7, 6, 9, 7, 5, 6),
    (8, 7, 4, 9, 5, 7),
]
RANK_NAMES = ("Tizio", "Caio", "Sempronio", "Platone", "Aristotele", "Ulisse")
FILLERS = ("Mevio", "Calpurnio", "Seneca", "Cicerone", "Catone", "Lucrezio")


def rank_example_csv() -> str:
    rows: list[str] = []
    for i, (places, swiss) in enumerate(zip(RANK_PLACES, RANK_SWISS, strict=True)):
        name, day, shop = f"Torneo {i + 1}", f"2012-0{i + 1}-21", f"Negozio {i + 1}"
        top4 = {1: 2, 2: 1}
        for player, place, sp in zip(RANK_NAMES, places, swiss, strict=True):
            rows.append(f"{name},{day},{shop},no,{player},{place},{sp},{top4.get(place, 0)},no")
        for j, filler in enumerate(FILLERS):
            rows.append(f"{name},{day},{shop},no,{filler},{7 + j},{3 if j < 3 else 0},0,no")
    return csv_text(rows)


def test_INV_LEGAL_8_void_tournament_keeps_its_reasons_and_gives_no_points(
    store: Store, organizer: Actor
) -> None:
    """INV-LEGAL-8 / INV-LEGAL-2: 5 players is void; it stays visible with its reason, 0 points."""
    rows = field_rows("Piccolo", "2012-01-07", "Negozio C", players=5, names={1: "Tizio"})
    rows += field_rows("Grande", "2012-02-04", "Negozio C", players=9, names={1: "Tizio"})
    summary = seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    assert summary.tournaments == 2
    assert [name for name, _ in summary.void] == ["Piccolo"]
    reasons = summary.void[0][1]
    assert reasons == ("INV-LEGAL-2: 5 players took part; at least 6 required",)
    tizio = standing(views_standings.season_standings(store, "Stagione"), "Tizio")
    assert tizio.played == 1  # the void one is not counted (T)
    history = views_standings.player_history(store, "Stagione", tizio.player_id)
    assert [(h.tournament, h.void, h.points) for h in history] == [
        ("Piccolo", True, 0),
        ("Grande", False, tizio.points),
    ]
    assert history[0].explanation.startswith("void (INV-LEGAL-8): 0")
    info = views_standings.season_info(store, "Stagione")
    assert info.void == summary.void


def test_INV_LEGAL_6_a_third_tournament_in_a_month_is_void(store: Store, organizer: Actor) -> None:
    """INV-LEGAL-6: one store, at most 2 tournaments a month, 14 days apart: the third is void."""
    rows = field_rows("Uno", "2012-03-01", "Negozio D", players=6)
    rows += field_rows("Due", "2012-03-15", "Negozio D", players=6)
    rows += field_rows("Tre", "2012-03-29", "Negozio D", players=6)
    summary = seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    assert [name for name, _ in summary.void] == ["Tre"]
    assert summary.void[0][1][0].startswith("INV-LEGAL-6: Negozio D already holds 2 tournaments")


def test_import_adds_to_an_existing_season(store: Store, organizer: Actor) -> None:
    """A second file adds its tournaments; the table is ranked over both."""
    first = csv_text(field_rows("Uno", "2012-01-14", "A", players=6, names={1: "Tizio"}))
    second = csv_text(field_rows("Due", "2012-02-11", "B", players=6, names={1: "Tizio"}))
    one = seasons.import_season_csv(store, organizer, "Stagione", PRESET, first)
    two = seasons.import_season_csv(store, organizer, "Stagione", PRESET, second)
    assert one.season_created
    assert not two.season_created
    assert standing(views_standings.season_standings(store, "Stagione"), "Tizio").played == 2


def test_INV_SEASON_1_default_dates_come_from_the_preset(store: Store, organizer: Actor) -> None:
    """INV-SEASON-1: the invasion-it-2012 season runs 2011-09-18 – 2012-06-30 (31 June fixed)."""
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    info = views_standings.season_info(store, "Stagione")
    assert (info.starts_on.isoformat(), info.ends_on.isoformat()) == ("2011-09-18", "2012-06-30")
    assert info.cut_size == 35  # INV-RANK-3: the Regional's 35 places


def test_INV_SEASON_1_june_31_is_refused(store: Store, organizer: Actor) -> None:
    """INV-SEASON-1: "2012-06-31" does not exist: the end field is named, nothing created."""
    before = counts(store)
    with pytest.raises(TorneoError) as err:
        seasons.create_season(store, organizer, name="S", preset=PRESET, end="2012-06-31")
    assert err.value.field == "end"
    assert "does not exist" in err.value.reason
    assert counts(store) == before


def test_INV_SEASON_1_a_season_ending_before_it_starts_is_refused(
    store: Store, organizer: Actor
) -> None:
    """INV-SEASON-1: an end before the start is refused, nothing created (import included)."""
    before = counts(store)
    with pytest.raises(TorneoError) as err:
        seasons.import_season_csv(
            store,
            organizer,
            "S",
            PRESET,
            csv_text(field_rows("Uno", "2012-01-14", "A", players=6)),
            start="2012-06-30",
            end="2011-09-18",
        )
    assert err.value.field == "end"
    assert counts(store) == before


def test_bad_rows_are_all_reported_and_nothing_is_imported(store: Store, organizer: Actor) -> None:
    """Issue 5 bad input: every wrong row at once, nothing imported (not even the season)."""
    rows = field_rows("Buono", "2012-01-14", "A", players=6)
    rows += [
        "Data,2012-06-31,B,no,Tizio,1,3,2,no",  # a day that does not exist
        "Fuori,2012-08-04,C,no,Caio,1,3,2,no",  # outside the season (INV-SEASON-1)
        "Doppio,2012-02-04,D,no,Sempronio,1,3,2,no",
        "Doppio,2012-02-04,D,no,Sempronio,2,3,1,no",  # the same player twice
        "Doppio,2012-02-04,D,no,Platone,7,3,0,no",  # place 7 in a field of 4
        "Doppio,2012-02-04,D,no,Ulisse,3,13,0,no",  # 13 Swiss points in 3 rounds
    ]
    before = counts(store)
    with pytest.raises(SeasonImportError) as err:
        seasons.import_season_csv(store, organizer, "Stagione", PRESET, csv_text(rows))
    columns = [(i.row, i.column) for i in err.value.issues]
    assert (8, "date") in columns
    assert (9, "date") in columns
    assert (11, "player") in columns
    assert (12, "place") in columns
    assert (13, "swiss_points") in columns
    assert counts(store) == before


def test_a_tournament_already_in_the_season_is_refused(store: Store, organizer: Actor) -> None:
    """Importing the same file twice would count it twice: refused, nothing changed."""
    text = csv_text(field_rows("Uno", "2012-01-14", "A", players=6))
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, text)
    before = counts(store)
    with pytest.raises(TorneoError) as err:
        seasons.import_season_csv(store, organizer, "Stagione", PRESET, text)
    assert "already in season" in err.value.reason
    assert counts(store) == before


def test_the_preset_of_an_existing_season_cannot_change(store: Store, organizer: Actor) -> None:
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    with pytest.raises(TorneoError) as err:
        seasons.import_season_csv(
            store,
            organizer,
            "Stagione",
            "berserk-online",
            csv_text([]),
            start="2012-01-01",
            end="2012-12-31",
        )
    assert err.value.field == "preset"


def test_season_names_are_unique(store: Store, organizer: Actor) -> None:
    seasons.create_season(store, organizer, name="Stagione", preset=PRESET)
    with pytest.raises(Conflict):
        seasons.create_season(store, organizer, name="stagione", preset=PRESET)


def test_recompute_gives_the_same_table(store: Store, organizer: Actor) -> None:
    """Issue 5 item 3: recomputing a season from its tournaments always gives the same table."""
    seasons.import_season_csv(store, organizer, "Stagione", PRESET, rank_example_csv())
    before = views_standings.season_standings(store, "Stagione")
    seasons.recompute_season(store, organizer, "Stagione")
    assert views_standings.season_standings(store, "Stagione") == before
