"""FAN-DATA-1: the matchday's vote file, as XLSX and as CSV; every wrong row reported at once."""

from __future__ import annotations

from fractions import Fraction as Q

import pytest

from torneo.core.errors import TorneoError
from torneo.fantasy.rules import samples
from torneo.fantasy.rules.calendar import parse_fixtures, parse_prices
from torneo.fantasy.rules.extras import parse_extras
from torneo.fantasy.rules.vote_file import read_rows
from torneo.fantasy.rules.votes import HEADER, parse_sheet
from torneo.presets.fantasy import FantasyRules

RULES = FantasyRules()
H = list(HEADER)


def block(*players: list[str], club: str = "Aquile") -> list[list[str]]:
    coach = ["9001", "ALL", "Allenatore", "6", *["0"] * 9]
    return [[club], H, *players, coach]


def row(code: str, role: str = "C", vote: str = "6", *events: str) -> list[str]:
    counts = list(events) + ["0"] * (9 - len(events))
    return [code, role, f"Giocatore {code}", vote, *counts]


def test_fan_data_1_layout_clubs_header_players_coach_disclaimer() -> None:
    rows = [
        ["Voti"],
        [],
        *block(row("1", "A", "6*", "1"), row("2", "P", "6,5", "0", "2")),
        *block(row("3"), club="Bisonti"),
        [],
        ["I dati sono indicativi."],
    ]
    sheet = parse_sheet(rows, RULES)
    assert sheet.clubs == ("Aquile", "Bisonti")
    assert [(v.code, v.club, v.vote, v.goals, v.conceded) for v in sheet.lines] == [
        ("1", "Aquile", None, 1, 0),
        ("2", "Aquile", Q(13, 2), 0, 2),
        ("3", "Bisonti", Q(6), 0, 0),
    ]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_fan_data_1_generated_files_read_the_same(kind: str) -> None:
    season = samples.season(seed=3)
    rows = samples.vote_rows(season, 1, seed=3)
    data = samples.rows_csv(rows) if kind == "csv" else samples.rows_xlsx(rows)
    sheet = parse_sheet(read_rows(data), RULES)
    assert len(sheet.clubs) == 20
    assert sheet == parse_sheet(rows, RULES)


def _problems(rows: list[list[str]]) -> list[str]:
    with pytest.raises(TorneoError) as caught:
        parse_sheet(rows, RULES)
    assert caught.value.field == "file"
    assert caught.value.rule == "FAN-DATA-1"
    return caught.value.reason_message.english().split("; ")


def test_fan_data_1_bad_file_lists_every_bad_row() -> None:
    rows = [
        *block(row("1", "C", "11"), row("2", "X"), row("1", "D"), row("4", "D", "6", "a")),
        ["Bisonti"],
        row("5"),  # the header is missing
    ]
    assert _problems(rows) == [
        "line 3: vote '11': a number from 1 to 10, or 6*",
        "line 4: role 'X': P, D, C, A or ALL accepted",
        "line 5: code 1 is already on line 3",
        "line 6: Gf 'a': a whole number, 0 or more",
        "line 9: a player's row before any header (Cod. | Ruolo | Nome | Voto | Gf | Gs | Rp | "
        "Rs | Rf | Au | Amm | Esp | Ass)",
    ]


def test_fan_data_1_a_wrong_header_is_named() -> None:
    rows = [["Aquile"], ["Cod.", "Ruolo", "Nome", "Voto", "Gf"], row("1")]
    assert _problems(rows)[0].startswith(
        "line 2: the header reads Cod. | Ruolo | Nome | Voto | Gf:"
    )


def test_fan_data_1_not_a_workbook() -> None:
    with pytest.raises(TorneoError) as caught:
        read_rows(b"PK\x03\x04 broken")
    assert caught.value.field == "file"


def test_fan_post_1_extras_minutes_postponed_suspended() -> None:
    extras = parse_extras(
        [
            ["Tipo", "Valore", "Minuti"],
            ["minuti", "101", "30"],
            ["rinviata", "Aquile"],
            ["squalificato", "102"],
        ]
    )
    assert extras.minutes == {"101": 30}
    assert extras.postponed == {"Aquile"}
    assert extras.suspended == {"102"}
    with pytest.raises(TorneoError) as caught:
        parse_extras([["minuti", "101", "x"], ["boh", "1"]])
    assert caught.value.reason_message.english() == (
        "line 1: minutes 'x': a whole number from 0 to 130; "
        "line 2: 'boh': minuti, rinviata or squalificato accepted"
    )


def test_fixtures_and_prices_files() -> None:
    season = samples.season(seed=1)
    fixtures = parse_fixtures(read_rows(samples.fixtures_csv(season).encode()))
    assert len(fixtures) == 380
    assert fixtures[0].kickoff.isoformat() == "2025-08-23T16:30:00+00:00"  # 18:30 in Italy
    prices = parse_prices(read_rows(samples.prices_csv(season.players).encode()))
    assert len(prices) == 500
    with pytest.raises(TorneoError) as caught:
        parse_prices([["1", "X", "Rossi", "Aquile", "0"], ["1", "A", "", "", "5"]])
    assert caught.value.reason_message.english() == (
        "line 1: role 'X': P, D, C or A accepted; line 1: price '0': whole credits from 1 to "
        "1000; line 2: code 1 is already on line 1; line 2: Nome and Squadra are needed"
    )
