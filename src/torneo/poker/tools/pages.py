"""The floor tools page ``/poker/tools``: side pots and odd chips (PKR-POT-1, a three-way all-in
prefilled), minimum bet and raise (PKR-BET-1), the chip race (PKR-RACE-1) and colour-up counts.
Stateless: every tool is a GET form; a refusal is shown next to its tool, in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform.web.templating import add_templates, render
from torneo.poker.pages_labels import helpers
from torneo.poker.tools import commands as poker_tools

add_templates("torneo.poker.tools", "poker")  # its own templates/, as "poker/<name>"

router = APIRouter(include_in_schema=False)

_EMPTY_POT_ROW = {"name": "", "seat": "", "chips": "", "folded": "", "rank": "", "hole": ""}


def _pot_rows(params: Mapping[str, str]) -> list[dict[str, Any]]:
    rows = []
    for i in range(1, 11):
        if f"name{i}" not in params and f"chips{i}" not in params:
            continue
        rows.append({key: params.get(f"{key}{i}", "") for key in _EMPTY_POT_ROW})
    return rows


def _forms(params: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """What each tool's form shows: the values typed, or an example to start from."""
    return {
        "pots_form": {
            "button": params.get("button", str(poker_tools.THREE_WAY_BUTTON)),
            "chip": params.get("chip", str(poker_tools.THREE_WAY_SMALLEST_CHIP)),
            "board": params.get("board", ""),
        },
        "bet_form": {
            "big_blind": params.get("big_blind", "100"),
            "blinds": params.get("blinds", "Anna 50, Bruno 100"),
            "actions": params.get("actions", "Carla 100\nDario 300\nElena 500"),
            "stacks": params.get("stacks", ""),
        },
        "race_form": {
            "removed": params.get("removed", "25"),
            "replacement": params.get("replacement", "100"),
            "players": params.get(
                "players", "Anna 12350 3\nBruno 4025 1\nCarla 8000 2\nDario 50 2"
            ),
            "seed": params.get("seed", "1"),
        },
        "colour_form": {
            "amount": params.get("amount", "12350"),
            "chip_values": params.get("values", "25 100 500 1000 5000"),
        },
    }


def _calls(
    pots_rows: list[dict[str, Any]], forms: Mapping[str, dict[str, str]]
) -> dict[str, Callable[[], Any]]:
    pots, colour = forms["pots_form"], forms["colour_form"]
    return {
        "pots": lambda: poker_tools.side_pots(
            [r for r in pots_rows if str(r["name"]).strip() or str(r["chips"]).strip()],
            button_seat=pots["button"],
            smallest_chip=pots["chip"],
            board=pots["board"],
        ),
        "betting": lambda: poker_tools.betting(**forms["bet_form"]),
        "race": lambda: poker_tools.chip_race(**forms["race_form"]),
        "colour": lambda: poker_tools.chips_for(
            colour["amount"], colour["chip_values"].replace(",", " ").split()
        ),
    }


@router.get("/poker/tools", response_class=HTMLResponse)
def poker_tools_page(request: Request, tool: str = "") -> Response:
    params = dict(request.query_params)
    pots_rows = (
        _pot_rows(params) if tool == "pots" else [dict(r) for r in poker_tools.THREE_WAY_EXAMPLE]
    )
    while len(pots_rows) < 6:
        pots_rows.append(dict(_EMPTY_POT_ROW))
    forms = _forms(params)
    calls = _calls(pots_rows, forms)
    errors: dict[str, TorneoError] = {}
    results: dict[str, Any] = {}
    for name in [tool] if tool in calls else ["pots", "betting"]:
        try:
            results[name] = calls[name]()
        except TorneoError as err:
            errors[name] = err
    context = {
        "tool": tool,
        "pots_rows": pots_rows,
        **forms,
        "results": results,
        "errors": errors,
        **helpers(),
    }
    status = next((e.status for e in errors.values()), 200)
    return render(request, "poker/tools.html", context, status=status)
