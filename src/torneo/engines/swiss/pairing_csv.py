"""CSV export of a Swiss round: one row per table, then the bye (RFC 4180, UTF-8).

Cells go through :func:`torneo.core.csv_cells.safe_cell` (no formula injection).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from torneo.core.csv_cells import safe_row
from torneo.core.ids import PlayerId
from torneo.engines.swiss import SwissPairing

HEADER = (
    "round",
    "table",
    "player_a",
    "name_a",
    "score_a",
    "player_b",
    "name_b",
    "score_b",
    "explanation",
)


def pairing_csv(pairing: SwissPairing, names: Mapping[PlayerId, str]) -> str:
    """Tables in order; the bye as a last row with no table and no opponent."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HEADER)
    scores: dict[PlayerId, int] = {}
    for p in pairing.pairs:
        scores[p.a], scores[p.b] = p.score_a, p.score_b
        writer.writerow(
            safe_row(
                (
                    pairing.round_no,
                    p.table,
                    p.a,
                    names.get(p.a, ""),
                    p.score_a,
                    p.b,
                    names.get(p.b, ""),
                    p.score_b,
                    p.explanation,
                )
            )
        )
    if pairing.bye is not None:
        writer.writerow(
            safe_row(
                (
                    pairing.round_no,
                    "",
                    pairing.bye,
                    names.get(pairing.bye, ""),
                    "",
                    "",
                    "bye",
                    "",
                    pairing.bye_explanation,
                )
            )
        )
    return out.getvalue()
