"""What ``torneo event export`` writes: the whole event as JSON, or the season-import CSV.

The CSV has the columns ``torneo season import`` reads, one row per player; the place is the
final placing once the event is finished, the Swiss standing before that.
"""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum

from torneo.cards import views as queries
from torneo.cards.views_rounds import RoundView
from torneo.core.csv_cells import safe_cell


class ExportFormat(StrEnum):
    JSON = "json"
    CSV = "csv"


SEASON_COLUMNS = [
    "tournament",
    "date",
    "store",
    "major",
    "player",
    "place",
    "swiss_points",
    "topcut_wins",
    "dropped",
]


def export_json(page: queries.EventPage, rounds: list[RoundView | None]) -> str:
    data = {
        "event": queries.as_jsonable(page.summary),
        "swiss_rounds": page.swiss_rounds,
        "top_size": page.top_size,
        "one_round_fewer": page.one_round_fewer,
        "void_reason": page.void_reason,
        "players": queries.as_jsonable(page.players),
        "rounds": [queries.as_jsonable(r) for r in rounds if r is not None],
        "standings": queries.as_jsonable(page.standings),
        "bracket": queries.as_jsonable(page.bracket),
        "final": queries.as_jsonable(page.final),
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def export_csv(page: queries.EventPage) -> str:
    s = page.summary
    common = {
        "tournament": s.name,
        "date": s.held_on.isoformat(),
        "store": s.location or s.name,
        "major": "yes" if s.is_major else "no",
    }
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=SEASON_COLUMNS, lineterminator="\n")
    writer.writeheader()
    rows: list[dict[str, object]] = []
    if page.final is not None:
        for f in page.final.lines:
            rows.append(
                {
                    **common,
                    "player": f.name,
                    "place": f.place,
                    "swiss_points": f.swiss_points,
                    "topcut_wins": f.topcut_wins,
                    "dropped": "yes" if f.dropped else "no",
                }
            )
    else:
        for line in page.standings.lines:
            rows.append(
                {
                    **common,
                    "player": line.name,
                    "place": line.position,
                    "swiss_points": line.points,
                    "topcut_wins": 0,
                    "dropped": "no" if line.is_active else "yes",
                }
            )
    for row in rows:  # no formula injection (torneo.core.csv_cells)
        writer.writerow({k: safe_cell(v) for k, v in row.items()})
    return out.getvalue()
