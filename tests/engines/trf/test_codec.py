"""FIDE TRF-2016 import/export, pairing a TRF's next round, and the bad-input errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.engines.trf import decode_trf, export_trf, pair_trf, parse_trf, trf_entrants
from torneo.engines.trf.pairing import allocate_colours

DATA = Path(__file__).parent / "data"
# The project's own TRF-2016 generator (a script; bench/pairing.py imports it too).
GEN_TRF = Path(__file__).resolve().parents[3] / "bench" / "gen_trf.py"

SMALL = (
    "012 Club test\n"
    "001    1      Rossi Mario                       1800                             2.0    1"
    "     2 w 1     3 b 1\n"
    "001    2      Bianchi Luca                      1700                             1.0    2"
    "     1 b 0  0000 - U\n"
    "001    3      Verdi Anna                        1600                             0.5    3"
    "  0000 - U     1 w 0\n"
    "XXR 5\n"
)


def _player(start: int, points: str, games: list[tuple[int, str, str]]) -> str:
    """A canonical 001 line (columns of TRF-2016) for hand-made cases."""
    line = f"001 {start:4d}      {'P' + str(start):<33} {'':4}     {'':11} {'':10} {points:>4} {start:4d}"
    for opp, colour, result in games:
        line += f"  {opp:04d} {colour} {result}" if opp == 0 else f"  {opp:4d} {colour} {result}"
    return line + "\n"


@pytest.mark.parametrize("name", ["gen_9_3.trf", "gen_64_5.trf", "gen_65_9.trf"])
def test_trf_round_trip_gives_the_same_text(name: str) -> None:
    """TRF interop (issue 3): import then export reproduces a gen_trf.py file byte for byte."""
    text = (DATA / name).read_text(encoding="utf-8")
    assert export_trf(parse_trf(text)) == text


@pytest.mark.parametrize(("n", "rounds", "seed"), [(2, 1, 1), (7, 0, 2), (33, 7, 3), (300, 9, 4)])
def test_trf_round_trip_on_fresh_gen_trf_files(
    n: int, rounds: int, seed: int, tmp_path: Path
) -> None:
    """TRF interop: fresh files of several sizes, odd and even, round-trip exactly, and every
    player's games are consistent (the parser checks both sides of each game) with no rematch."""
    out = tmp_path / "t.trf"
    subprocess.run(
        [sys.executable, str(GEN_TRF), str(n), str(rounds), "--seed", str(seed), "-o", str(out)],
        check=True,
    )
    text = out.read_text(encoding="utf-8")
    tournament = parse_trf(text)
    assert export_trf(tournament) == text
    assert (len(tournament.players), tournament.rounds_played) == (n, rounds)
    for player in tournament.players:
        played = [g.opponent for g in player.games if g.is_played]
        assert len(played) == len(set(played))


def test_trf_fields_are_read_from_their_columns() -> None:
    """TRF interop: start number, name, rating, points (half points), rank and rounds."""
    tournament = parse_trf(SMALL)
    assert tournament.rounds_played == 2
    assert tournament.total_rounds == 5
    rossi = tournament.player(1)
    assert (rossi.name, rossi.rating, rossi.points2, rossi.rank) == ("Rossi Mario", 1800, 4, 1)
    assert rossi.opponents == frozenset({2, 3})
    bianchi = tournament.player(2)
    assert bianchi.byes == 1
    assert bianchi.games[1].opponent is None
    assert bianchi.games[1].result == "U"
    assert export_trf(tournament) == SMALL


def test_trf_entrants_use_half_points_and_rank_by_points_then_start_number() -> None:
    """TRF interop: scores doubled (win 2, draw 1); standings by points, then start number."""
    entrants = trf_entrants(parse_trf(SMALL))
    by_id = {e.id: e for e in entrants}
    assert by_id[PlayerId(1)].score == 4
    assert by_id[PlayerId(3)].score == 1
    assert [e.id for e in sorted(entrants, key=lambda e: e.rank)] == [1, 2, 3]
    assert by_id[PlayerId(2)].opponents == frozenset({PlayerId(1)})


def test_trf_forfeits_do_not_count_as_met() -> None:
    """TRF interop: a forfeit is not a game played, so the two may meet again."""
    text = _player(1, "1.0", [(2, "w", "+")]) + _player(2, "0.0", [(1, "b", "-")])
    tournament = parse_trf(text)
    assert tournament.player(1).opponents == frozenset()
    assert tournament.player(1).byes == 1  # a forfeit win blocks the pairing-allocated bye
    assert pair_trf(text, 0, False) == "1\n1 2\n"


def test_pair_trf_writes_the_engine_output_format() -> None:
    """`torneo pair`: first line the pairs (bye counted), then 'white black', '0' for the bye."""
    text = (DATA / "gen_9_3.trf").read_text(encoding="utf-8")
    lines = pair_trf(text, 5, False).splitlines()
    assert lines[0] == "5"
    rows = [tuple(int(x) for x in line.split()) for line in lines[1:]]
    assert len(rows) == 5
    players = sorted(x for row in rows for x in row if x)
    assert players == list(range(1, 10))
    bye = [row[0] for row in rows if row[1] == 0]
    assert len(bye) == 1
    # Players 6, 7 and 9 had the bye already: it goes to someone else (INV-BYE-1).
    assert bye[0] not in (6, 7, 9)
    tournament = parse_trf(text)
    for white, black in rows:
        if black:
            assert black not in tournament.player(white).opponents


def test_pair_trf_explain_adds_one_comment_per_pair() -> None:
    """`torneo pair --explain`: one '# white-black: why' line per pair, after the pairs."""
    text = (DATA / "gen_9_3.trf").read_text(encoding="utf-8")
    plain = pair_trf(text, 5, False)
    explained = pair_trf(text, 5, True)
    assert explained.startswith(plain)
    comments = explained[len(plain) :].splitlines()
    assert len(comments) == 5
    assert all(c.startswith("# ") for c in comments)
    assert any("bye to #" in c for c in comments)
    assert any("score group" in c or "floated down" in c for c in comments)


def test_pair_trf_is_reproducible_with_and_without_a_seed() -> None:
    """BER-PAIR-1: the same seed (or, without one, the same file) gives the same pairing."""
    text = (DATA / "gen_64_5.trf").read_text(encoding="utf-8")
    assert pair_trf(text, 9, False) == pair_trf(text, 9, False)
    assert pair_trf(text, None, False) == pair_trf(text, None, False)
    outputs = {pair_trf(text, seed, False) for seed in range(5)}
    assert len(outputs) > 1


def test_pair_trf_field_without_rematch_free_pairing_still_pairs() -> None:
    """Bad input (issue 3): 4 players who all met: pair with the fewest rematches, say so."""
    rows = {1: [(2, "w", "1"), (3, "b", "1"), (4, "w", "1")],
            2: [(1, "b", "0"), (4, "w", "1"), (3, "b", "1")],
            3: [(4, "w", "1"), (1, "w", "0"), (2, "w", "0")],
            4: [(3, "b", "0"), (2, "b", "0"), (1, "b", "0")]}  # fmt: skip
    points = {1: "3.0", 2: "2.0", 3: "1.0", 4: "0.0"}
    text = "".join(_player(start, points[start], games) for start, games in rows.items())
    assert export_trf(parse_trf(text)) == text
    out = pair_trf(text, 0, True).splitlines()
    assert out[0] == "2"
    assert sum("no pairing of this field avoids every rematch" in line for line in out) == 2


def test_trf_duplicate_start_number_names_line_and_column() -> None:
    """Bad input: duplicate start numbers → error at the second line, column 5."""
    lines = SMALL.splitlines()
    text = "\n".join([*lines[:3], lines[2].replace("001    2", "001    1", 1), *lines[3:]]) + "\n"
    text = text.replace("001    2      Bianchi", "001    1      Bianchi")
    with pytest.raises(TorneoError) as err:
        parse_trf(text)
    assert err.value.field == "line 3, column 5"
    assert "already used on line 2" in err.value.reason


def test_trf_result_against_missing_player_names_line_and_column() -> None:
    """Bad input: a result against a start number that is not in the file."""
    text = SMALL.replace("     2 w 1     3 b 1", "    17 w 1     3 b 1")
    with pytest.raises(TorneoError) as err:
        parse_trf(text)
    assert err.value.field == "line 2, column 92"
    assert "opponent 17 is not a player" in err.value.reason


def test_trf_omitted_trailing_entry_is_a_round_not_played() -> None:
    """TRF from the wild (issue 14): a line that stops before the last round played was not
    paired in that round; the file parses, round-trips, and the player is paired next round."""
    text = SMALL.replace("     1 b 0  0000 - U\n", "     1 b 0\n").replace(" 1.0    2", " 0.0    2")
    tournament = parse_trf(text)
    assert tournament.rounds_played == 2
    assert len(tournament.player(2).games) == 1
    assert tournament.player(2).byes == 0
    assert export_trf(tournament) == text
    assert "2" in pair_trf(text, 0, False).split()


def test_trf_non_utf8_text_names_line_and_column() -> None:
    """Bad input: bytes that are not UTF-8 (a Latin-1 'è' in a name)."""
    data = SMALL.replace("Verdi Anna", "Verdi Ann\u00e8").encode("latin-1")
    with pytest.raises(TorneoError) as err:
        decode_trf(data)
    assert err.value.field == "line 4, column 24"
    assert "0xE8" in err.value.reason
    assert decode_trf(SMALL.encode("utf-8")) == SMALL


def test_trf_other_defects_name_line_and_column() -> None:
    """Bad input: points that are not half points, an unknown colour, one-sided games."""
    with pytest.raises(TorneoError) as err:
        parse_trf(SMALL.replace(" 2.0    1", " 2.3    1"))
    assert err.value.field == "line 2, column 81"
    with pytest.raises(TorneoError) as err:
        parse_trf(SMALL.replace("     2 w 1", "     2 x 1"))
    assert err.value.field == "line 2, column 97"
    with pytest.raises(TorneoError) as err:
        parse_trf(SMALL.replace("     1 b 0  0000 - U", "     3 b 0  0000 - U"))
    assert err.value.field == "line 2, column 92"
    assert "both players of a game" in (err.value.accepted or "")
    with pytest.raises(TorneoError) as err:
        parse_trf("012 nothing here\n")
    assert err.value.field == "trf"


def test_colours_follow_fide_absolute_rules() -> None:
    """TRF output: a player who had white twice in a row gets black."""
    text = (
        _player(1, "2.0", [(3, "w", "1"), (4, "w", "1")])
        + _player(2, "2.0", [(4, "b", "1"), (3, "b", "1")])
        + _player(3, "0.0", [(1, "b", "0"), (2, "w", "0")])
        + _player(4, "0.0", [(2, "w", "0"), (1, "b", "0")])
    )
    tournament = parse_trf(text)
    white, black = allocate_colours(tournament.player(1), tournament.player(2))
    assert (white.start, black.start) == (2, 1)
    assert pair_trf(text, 0, False).splitlines()[1] == "2 1"


def test_colour_clashes_are_repaired_inside_a_score_group() -> None:
    """TRF output: two pairs whose players all need the same colour exchange partners (same
    score group, so the pairing stays optimal) and every board becomes colour-legal."""
    rounds = {
        1: [(5, "w", "1"), (6, "w", "1")],
        2: [(6, "w", "1"), (5, "w", "1")],
        3: [(7, "b", "1"), (8, "b", "1")],
        4: [(8, "b", "1"), (7, "b", "1")],
        5: [(1, "b", "0"), (2, "b", "0")],
        6: [(2, "b", "0"), (1, "b", "0")],
        7: [(3, "w", "0"), (4, "w", "0")],
        8: [(4, "w", "0"), (3, "w", "0")],
    }
    text = "".join(
        _player(start, "2.0" if start <= 4 else "0.0", games) for start, games in rounds.items()
    )
    tournament = parse_trf(text)
    exchanged = 0
    for seed in range(30):
        out = pair_trf(text, seed, True).splitlines()
        exchanged += sum("exchanged" in line for line in out)
        for line in out[1:5]:
            white, black = (tournament.player(int(x)) for x in line.split())
            history_w = [g.colour for g in white.games]
            history_b = [g.colour for g in black.games]
            assert history_w[-2:] != ["w", "w"]
            assert history_b[-2:] != ["b", "b"]
    assert exchanged > 0


def test_trf_errors_are_italian_on_a_page_and_english_in_the_cli() -> None:
    """Messages as ids (issue 11): a TRF defect names its column word and value in Italian when
    a page shows it, and stays the CLI's English sentence."""
    from torneo.platform import i18n

    with pytest.raises(TorneoError) as err:
        parse_trf(
            SMALL.replace(
                "Rossi Mario                       1800", "Rossi Mario" + " " * 23 + "18x0"
            )
        )
    assert err.value.field == "line 2, column 49"
    assert err.value.reason == "rating '18x0' is not a number"
    with pytest.raises(TorneoError) as missing:
        parse_trf(SMALL.replace("     1 b 0  0000 - U", "     3 b 0  0000 - U"))
    with i18n.language("it"):
        assert i18n.translate_reason(err.value) == "rating '18x0' non è un numero"
        assert i18n.translate_accepted(err.value) == "cifre"
        assert i18n.translate_reason(missing.value).startswith(
            "turno 1: 1 indica 2 come avversario, ma il"
        )
