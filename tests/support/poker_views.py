"""Read a poker tournament's places and prizes off every view (issue 26 item 4): the API's JSON,
the printed payout sheet, the TV, the CSV and XLSX downloads, ``torneo poker show`` (text and --json), so
a test can check they all say the same after a change.

A view's figures are ``(place, name, cents)`` lines: the paid places (a place without a player
has the name ""), and, where the view has them, the placed players with their prizes.
"""

from __future__ import annotations

import csv
import html
import io
import re
from decimal import Decimal
from typing import Any

from fastapi.testclient import TestClient
from openpyxl import load_workbook

from tests.support.cli import Cli

Line = tuple[int, str, int]

_ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
_CELL = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)
_LI = re.compile(r"<li[^>]*>(.*?)</li>", re.S)
_SPAN = re.compile(r"<(?:span|b)[^>]*>(.*?)</(?:span|b)>", re.S)
_TAG = re.compile(r"<[^>]+>")


def cents_of(text: str) -> int:
    """ "€1,602" / "€165.50" (the English pages) in cents."""
    digits = text.replace("€", "").replace(",", "").strip()
    return int(Decimal(digits) * 100)


def _text(fragment: str) -> str:
    return html.unescape(_TAG.sub("", fragment)).strip()


def api_lines(client: TestClient, tid: int) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/v1/poker/tournaments/{tid}").json()
    return body


def json_paid(state: dict[str, Any]) -> list[Line]:
    return [(p["place"], p["name"] or "", p["cents"]) for p in state["payouts"]]


def json_placed(state: dict[str, Any]) -> list[Line]:
    """Every placed player with a prize, from ``players`` (what the CSV is made of)."""
    return sorted(
        (p["place"], p["name"], p["prize"]) for p in state["players"] if p["place"] is not None
    )


def print_paid(client: TestClient, tid: int) -> list[Line]:
    """The printed payout sheet's "Paid places" table (the one with the signature column)."""
    page = client.get(f"/poker/{tid}/print/payouts?lang=en").text
    body = page.split("<h2>Paid places</h2>", 1)[1]
    lines: list[Line] = []
    for row in _ROW.findall(body.split("<tbody>", 1)[1].split("</tbody>", 1)[0]):
        place, name, prize, _signature = (_text(c) for c in _CELL.findall(row))
        lines.append((int(place), name, cents_of(prize)))
    return lines


_CASH = re.compile(r'<tr data-cash="(\w+)">(.*?)</tr>', re.S)


def print_cash(client: TestClient, tid: int) -> dict[str, int]:
    """The printed payout sheet's money (issue 30 item 7): what was collected, the club's fee,
    the jackpot (its buy-in parts and levy) and the prize pool, in cents by the API's names."""
    page = client.get(f"/poker/{tid}/print/payouts?lang=en").text
    return {key: cents_of(_text(_CELL.findall(row)[-1])) for key, row in _CASH.findall(page)}


def tv_paid(client: TestClient, tid: int) -> tuple[list[Line], str]:
    """The TV's payouts panel, and its whole text."""
    page = client.get(f"/poker/{tid}/tv?fragment=live&lang=en").text
    panel = page.split('id="tv-payouts"', 1)[1].split("</section>", 1)[0]
    lines: list[Line] = []
    for item in _LI.findall(panel):
        place, name, prize = (_text(s) for s in _SPAN.findall(item))
        lines.append((int(place.rstrip("º")), name, cents_of(prize)))
    return lines, _text(page)


def csv_placed(client: TestClient, tid: int) -> list[Line]:
    text = client.get(f"/poker/{tid}/results.csv").text
    rows = list(csv.DictReader(io.StringIO(text)))
    return sorted(
        (int(r["place"]), r["player"], int(Decimal(r["prize"]) * 100)) for r in rows if r["place"]
    )


def xlsx_placed(client: TestClient, tid: int) -> list[Line]:
    """The XLSX download's placed players: columns place, player_id, player, status, prize …"""
    book = load_workbook(io.BytesIO(client.get(f"/poker/{tid}/results.xlsx").content))
    rows = list(book.active.iter_rows(min_row=2, values_only=True))  # type: ignore[union-attr]
    return sorted(
        (int(str(r[0])), str(r[2]), int(Decimal(str(r[4])) * 100)) for r in rows if r[0] is not None
    )


def cli_paid(cli: Cli, tid: int) -> tuple[list[Line], list[Line], int]:
    """``torneo poker show``'s two tables, the paid places and the finishing order, and what it
    says is left to win (cents)."""
    text = cli.ok("poker", "show", str(tid)).stdout
    left = re.search(r"^Left to win: ([\d.]+) €$", text, re.M)
    paid: list[Line] = []
    finishing: list[Line] = []
    section: list[Line] | None = None
    for raw in text.splitlines():
        if raw.strip().startswith("Payouts ("):
            section = paid
        elif raw.strip().startswith("Finishing order"):
            section = finishing
        elif section is not None and raw.startswith("│"):
            cells = [c.strip() for c in raw.strip("│").split("│")]
            if not cells[0].isdigit():
                continue  # the header
            if section is paid:
                paid.append((int(cells[0]), cells[2], int(Decimal(cells[1]) * 100)))
            else:
                cents = int(Decimal(cells[2]) * 100) if cells[2] else 0
                finishing.append((int(cells[0]), cells[1], cents))
    return paid, finishing, int(Decimal(left.group(1)) * 100) if left else 0


def every_view_agrees(cli: Cli, client: TestClient, tid: int) -> dict[str, Any]:
    """Assert that every view shows the same places and prizes; the API's state."""
    state = api_lines(client, tid)
    paid = json_paid(state)
    assert sum(c for _, _, c in paid) == state["cash"]["prize_pool"]
    assert sum(c for _, n, c in paid if not n) == state["to_win"]
    assert print_paid(client, tid) == paid, "the printed payout sheet"
    figures = {k: state["cash"][k] for k in ("collected", "fees", "jackpot", "prize_pool")}
    assert print_cash(client, tid) == figures, "the printed payout sheet's money"
    tv, _ = tv_paid(client, tid)
    assert tv == paid, "the TV"
    cli_json = cli.json("poker", "show", str(tid))
    assert json_paid(cli_json) == paid, "torneo poker show --json"
    assert cli_json["finishing"] == state["finishing"], "torneo poker show --json"
    cli_text, cli_finishing, cli_left = cli_paid(cli, tid)
    assert cli_text == paid, "torneo poker show"
    assert cli_left == state["to_win"], "torneo poker show (left to win)"
    finishing = [(f["place"], f["name"], f["cents"]) for f in state["finishing"]]
    assert cli_finishing == finishing, "torneo poker show (finishing order)"
    placed = json_placed(state)
    assert placed == sorted(finishing), "the players' places and prizes"
    assert csv_placed(client, tid) == placed, "the CSV download"
    assert xlsx_placed(client, tid) == placed, "the XLSX download"
    # The paid places that are decided are exactly the placed players with a prize.
    assert sorted(x for x in paid if x[1]) == sorted(x for x in placed if x[2])
    return state
