"""CSV export of a Swiss round (issue 3, interop)."""

from __future__ import annotations

import csv
import io
import random

from torneo.core.ids import PlayerId
from torneo.engines.swiss import SwissEntrant, SwissOptions, pair_round
from torneo.engines.swiss.pairing_csv import pairing_csv


def test_pairing_csv_has_one_row_per_table_then_the_bye() -> None:
    """BER-BYE-1: the CSV lists every table in order and the bye with its explanation."""
    names = {
        PlayerId(i): name
        for i, name in enumerate(["Marco", "Carlo", "Luca", "Ivàn", "Aldo, jr"], 1)
    }
    field = [
        SwissEntrant(p, s, r)
        for r, (p, s) in enumerate(zip(names, [60, 50, 30, 30, 0], strict=True))
    ]
    pairing = pair_round(field, 3, random.Random(0), SwissOptions(bye_policy="fewest_points"))
    rows = list(csv.reader(io.StringIO(pairing_csv(pairing, names))))
    assert rows[0][:3] == ["round", "table", "player_a"]
    assert [r[1] for r in rows[1:-1]] == ["1", "2"]
    assert rows[1][3] == "Marco"
    assert rows[1][6] == "Carlo"
    bye = rows[-1]
    assert (bye[1], bye[3], bye[6]) == ("", "Aldo, jr", "bye")
    assert "BER-BYE-1" in bye[8]
    assert {rows[2][3], rows[2][6]} == {"Luca", "Ivàn"}
