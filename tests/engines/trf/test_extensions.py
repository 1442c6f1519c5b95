"""TRF files from the wild (issue 14): omitted entries, pre-set byes and absences for the round
being paired, and the extension lines pairing engines read (XXR, XXC, XXA, XXP, 240, 260)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from torneo.core.errors import TorneoError
from torneo.engines.trf import export_trf, pair_trf, parse_trf

GEN_TRF = Path(__file__).resolve().parents[3] / "bench" / "gen_trf.py"


def _player(start: int, points: str, games: list[tuple[int, str, str]], rank: int = 0) -> str:
    """A canonical 001 line (TRF-2016 columns); opponent 0 is written 0000."""
    line = (
        f"001 {start:4d}      {'P' + str(start):<33} {'':4}     {'':11} {'':10} {points:>4} "
        f"{rank or start:4d}"
    )
    for opp, colour, result in games:
        line += f"  {opp:04d} {colour} {result}" if opp == 0 else f"  {opp:4d} {colour} {result}"
    return line + "\n"


def _pairs(out: str) -> list[tuple[int, int]]:
    lines = out.splitlines()
    count = int(lines[0])
    return [(int(w), int(b)) for w, b in (line.split() for line in lines[1 : 1 + count])]


def _paired(out: str) -> set[int]:
    return {x for pair in _pairs(out) for x in pair if x}


def _five_after_two_rounds(extra: dict[int, str] | None = None) -> str:
    """Five players after two rounds: 1-2, 3-4, 5 bye; then 1-3, 2-5, 4 bye."""
    rows = {
        1: ("2.0", [(2, "w", "1"), (3, "b", "1")]),
        2: ("1.0", [(1, "b", "0"), (5, "w", "1")]),
        3: ("1.0", [(4, "w", "1"), (1, "w", "0")]),
        4: ("1.0", [(3, "b", "0"), (0, "-", "U")]),
        5: ("1.0", [(0, "-", "U"), (2, "b", "0")]),
    }
    text = ""
    for start, (points, games) in rows.items():
        line = _player(start, points, games)
        if extra and start in extra:
            line = line.rstrip("\n") + "  " + extra[start] + "\n"
        text += line
    return text + "XXR 5\n"


def test_issue_shape_omitted_entry_and_zero_bye_for_the_round_being_paired() -> None:
    """The file of issue 14: one player's entry for round 2 is omitted, another is marked
    absent for round 3 with ``0000 - Z``. It used to say "round 3 is missing"; now it pairs the
    others and leaves the absent player out."""
    text = (
        _player(1, "2.0", [(2, "w", "1"), (3, "b", "1")])
        + _player(2, "1.0", [(1, "b", "0"), (4, "w", "1")])
        + _player(3, "1.0", [(4, "w", "1"), (1, "w", "0")])
        + _player(4, "0.0", [(3, "b", "0"), (2, "b", "0")])
        + _player(5, "1.0", [(6, "w", "1")])  # round 2 omitted: not paired then
        + _player(6, "0.0", [(5, "b", "0"), (0, "-", "Z"), (0, "-", "Z")])  # absent in round 3
        + "XXR 5\n"
    )
    tournament = parse_trf(text)
    assert tournament.rounds_played == 2
    assert tournament.unpaired == frozenset({6})
    assert export_trf(tournament) == text
    out = pair_trf(text, 1, True)
    assert _paired(out) == {1, 2, 3, 4, 5}
    assert (6, 0) not in _pairs(out)
    assert int(out.splitlines()[0]) == 3  # two boards and a bye among the five


@pytest.mark.parametrize("entry", ["0000 - H", "0000 - F", "0000 - U", "0000 - Z", "     - Z"])
def test_preset_bye_or_absence_for_the_next_round_is_not_paired(entry: str) -> None:
    """A half-point bye, full-point bye, allocated bye or zero-point absence requested for the
    round being paired takes the player out of that pairing."""
    text = _five_after_two_rounds({3: entry})
    tournament = parse_trf(text)
    assert tournament.rounds_played == 2
    assert tournament.unpaired == frozenset({3})
    assert export_trf(tournament) == text
    for seed in range(5):
        out = pair_trf(text, seed, False)
        assert _paired(out) == {1, 2, 4, 5}
        assert all(0 not in pair for pair in _pairs(out))  # four players: no bye


def test_a_240_line_is_an_absence_for_its_round() -> None:
    """``240 kind round players``: those players are not paired in that round."""
    text = _five_after_two_rounds() + "240 H   3    2    5\n240 Z   4    1\n"
    tournament = parse_trf(text)
    assert tournament.unpaired == frozenset({2, 5})
    assert _paired(pair_trf(text, 0, False)) == {1, 3, 4}
    assert export_trf(tournament) == text


def test_xxr_or_142_with_every_round_played_is_refused() -> None:
    """Nothing left to pair: a clear error naming XXR, nothing paired."""
    text = _five_after_two_rounds().replace("XXR 5", "XXR 2")
    with pytest.raises(TorneoError) as err:
        pair_trf(text, 0, False)
    assert err.value.field == "XXR"
    assert err.value.reason == "all 2 rounds of the tournament are played"
    assert parse_trf(text.replace("XXR 2", "142 7")).total_rounds == 7


def _round_one(lines: str, players: int = 4) -> str:
    return "".join(_player(s, "0.0", []) for s in range(1, players + 1)) + lines


def test_xxc_black1_flips_the_first_round_colours() -> None:
    """Round 1: odd start numbers white by default (white1), black with ``XXC black1``."""
    white1 = _pairs(pair_trf(_round_one("XXR 5\n"), 0, False))
    black1 = _pairs(pair_trf(_round_one("XXR 5\nXXC black1\n"), 0, False))
    assert {frozenset(p) for p in white1} == {frozenset(p) for p in black1}
    assert all(w % 2 == 1 for w, _ in white1) or all(w % 2 == 0 for w, _ in white1)
    assert [(b, w) for w, b in white1] == black1


def test_xxc_rank_orders_equal_points_by_the_rank_column() -> None:
    """``XXC rank``: among equal points the rank column decides who is placed first, so the
    bye (lowest-ranked, INV-BYE-1) goes to the player ranked last, not the last start number."""
    text = "".join(_player(s, "0.0", [], rank=r) for s, r in [(1, 2), (2, 3), (3, 1)]) + "XXR 5\n"
    assert _pairs(pair_trf(text, 0, False))[-1] == (3, 0)
    assert _pairs(pair_trf(text + "XXC rank\n", 0, False))[-1] == (2, 0)


def test_xxa_acceleration_counts_in_this_rounds_score_groups() -> None:
    """``XXA``: virtual points for the round being paired split round 1 into two groups."""
    text = _round_one("XXR 5\nXXA    1  1.0  0.0\nXXA    2  1.0\n")
    for seed in range(8):
        pairs = {frozenset(p) for p in _pairs(pair_trf(text, seed, False))}
        assert pairs == {frozenset({1, 2}), frozenset({3, 4})}
    # Round 2 of the same acceleration lines: player 1 has 0.0 there, player 2 nothing.
    assert parse_trf(text).extensions.accelerations == {1: (2, 0), 2: (2,)}


def test_xxp_and_260_forbidden_pairs_are_never_paired_while_avoidable() -> None:
    """``XXP`` (every round) and ``260 first last`` (those rounds): pairs that must not meet."""
    text = _round_one("XXR 5\nXXP 1 2\n260   1   3    3    4\n")
    for seed in range(8):
        pairs = {frozenset(p) for p in _pairs(pair_trf(text, seed, False))}
        assert frozenset({1, 2}) not in pairs
        assert frozenset({3, 4}) not in pairs
    outside = _round_one("XXR 5\n260   2   3    1    2    3    4\n")
    assert parse_trf(outside).extensions.forbidden_pairs(1) == {}


def test_other_extension_lines_are_kept_verbatim_and_change_nothing() -> None:
    """Point systems and engine settings (XXS, BBW, 162, 192) are kept in place on export."""
    base = _five_after_two_rounds()
    extra = "XXS WW=1.0 BW=1.0 WD=0.5\nBBW  1.0\n162  W 1.0    D 0.5\n192 FIDE_DUTCH_2025\n"
    text = "012 Torneo di prova\n" + base + extra
    assert export_trf(parse_trf(text)) == text
    assert pair_trf(text, 3, False) == pair_trf(base, 3, False)


@pytest.mark.parametrize(
    ("line", "field", "reason"),
    [
        ("XXA   17  1.0\n", "line 7, column 5", "start number 17 is not a player of this file"),
        ("XXA    1  1.2\n", "line 7, column 10", "points '1.2' are not whole or half points"),
        ("XXP 1 x\n", "line 7", "start number 'x' is not a number"),
        ("240 H\n", "line 7", "a 240 line needs the round"),
        ("260   1\n", "line 7", "a 260 line needs its first and last round"),
        ("XXR five\n", "line 7, column 5", "number of rounds 'five' is not a number"),
    ],
)
def test_bad_extension_lines_name_line_column_and_reason(
    line: str, field: str, reason: str
) -> None:
    with pytest.raises(TorneoError) as err:
        parse_trf(_five_after_two_rounds() + line)
    assert (err.value.field, err.value.reason) == (field, reason)
    assert err.value.accepted


@pytest.mark.parametrize(("n", "rounds"), [(2, 1), (7, 0), (9, 3), (33, 7), (64, 5), (301, 9)])
def test_every_generated_file_pairs_and_so_do_its_wild_variants(
    n: int, rounds: int, tmp_path: Path
) -> None:
    """Every shape the project's generator writes pairs (everybody once, at most one bye), and
    so does the same file with a trailing entry dropped and pre-set absences added."""
    out = tmp_path / "t.trf"
    subprocess.run(
        [sys.executable, str(GEN_TRF), str(n), str(rounds), "--seed", "5", "-o", str(out)],
        check=True,
    )
    text = out.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    player_lines = [k for k, line in enumerate(lines) if line.startswith("001")]
    variants = [text]
    if rounds:
        wild = list(lines)
        # Player 1's last game omitted on both lines (a bye on one): not paired in that round.
        last = parse_trf(text).player(1).games[-1].opponent
        for k in player_lines:
            if lines[k][4:8].strip() in ("1", str(last)):
                wild[k] = wild[k].rstrip("\n")[:-10] + "\n"
        for k in player_lines[1:3]:
            wild[k] = wild[k].rstrip("\n") + "  0000 - H\n"  # half-point bye requested
        variants.append("".join(wild))
    for variant in variants:
        tournament = parse_trf(variant)
        assert export_trf(tournament) == variant
        result = pair_trf(variant, 1, True)
        listed = [x for pair in _pairs(result) for x in pair if x]
        assert len(listed) == len(set(listed))
        expected = {p.start for p in tournament.players} - tournament.unpaired
        assert set(listed) == expected
        assert sum(1 for _, b in _pairs(result) if b == 0) == len(expected) % 2
