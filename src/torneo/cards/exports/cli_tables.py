"""How ``torneo event`` prints an event on a terminal: Rich tables of rounds, players, points.

The JSON output (``--json``) is the read models as they are; these tables are for people.
"""

from __future__ import annotations

from typing import Any

from torneo.cards import views as queries
from torneo.cards.views_ranking import FinalView
from torneo.cards.views_rounds import RoundView
from torneo.cli.common import console, print_table


def print_round(view: RoundView | None, title: str) -> None:
    if view is None:
        console().print("No round has been paired yet.")
        return
    stage = "Top X" if view.stage == "top" else "Swiss"
    rows = []
    for line in view.lines:
        seed_a = f"[{line.a.seed}] " if line.a.seed else ""
        pod = f"pod {line.a.pod}" if line.a.pod else ""  # BER-POD-1
        if line.b is None:
            rows.append((line.table, f"{seed_a}{line.a.name}", "BYE", "bye", line.stage, pod))
            continue
        seed_b = f"[{line.b.seed}] " if line.b.seed else ""
        rows.append(
            (
                line.table,
                f"{seed_a}{line.a.name}",
                f"{seed_b}{line.b.name}",
                line.result or "—",
                line.stage,
                pod,
            )
        )
    print_table(
        f"{title} — round {view.number} ({stage}, {view.reported}/{view.total} reported)",
        ["table", "player A", "player B", "result", "stage", "pod"],
        rows,
    )


def final_json(final: FinalView | None) -> dict[str, Any]:
    return {"final": queries.as_jsonable(final)}


def print_final(final: FinalView | None) -> None:
    if final is None:
        return
    rows = [
        (
            f.place,
            f.name,
            f.swiss_points,
            f.topcut_wins,
            "yes" if f.dropped else "",
            f.total,
            " + ".join(f"{v} {label}" for label, v in f.parts if v or label == "Swiss"),
        )
        for f in final.lines
    ]
    print_table(
        f"Final placings and tournament points ({final.field_size} players"
        f"{', Major' if final.is_major else ''})",
        ["place", "player", "Swiss", "Top X wins", "dropped", "points", "breakdown"],
        rows,
    )
    if final.disqualified:  # out of the placings, no points (issue 13 item 3)
        print_table(
            "Disqualified: out of the placings, no tournament points",
            ["player", "reason"],
            [(d.name, d.reason or "") for d in final.disqualified],
        )


def player_status(p: queries.PlayerLine) -> str:
    if p.disqualified:
        return "disqualified"
    if p.dropped_after_round is not None:
        return f"dropped after round {p.dropped_after_round}"
    if p.joined_round > 1:
        return f"late entry (round {p.joined_round})"
    return "playing"


TIEBREAK_LABELS = {
    "bye_last": "byes",
    "mw": "MW%",
    "omw": "OMW%",
    "gw": "GW%",
    "ogw": "OGW%",
    "buchholz": "Buchholz",
    "sonneborn_berger": "S-B",
}


def tiebreak_text(name: str, value: Any) -> str:
    if value is None:
        return ""
    if name in {"omw", "gw", "ogw", "mw"}:
        return f"{float(value) * 100:.2f}%"  # shown to people only; the order used the Fraction
    return str(value)
