"""Issue 26 item 4, one truth on every screen: after each kind of change (a bust, a tie, an undo,
a chop, the end, a correction) the API's JSON, the printed payout sheet, the TV, the CSV and XLSX
download and ``torneo poker show`` (text and --json) show the same places and prizes, read from
one model (:mod:`torneo.poker.rules.places`); and the per-player stacks of a final table
(PKR-LEAGUE-3) are the same on the API, the seat cards and the CLI."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.support.cli import Cli
from tests.support.poker import tuesday
from tests.support.poker_views import every_view_agrees, print_paid, tv_paid
from tests.support.web import add_user, make_client, page_login
from torneo.platform.store.uow import Actor
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.final import commands_stacks as stacks
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_chop as chops
from torneo.poker.floor import commands_undo as undos
from torneo.poker.floor import views_log
from torneo.poker.league import commands as league

ORGANIZER = Actor("org", frozenset({(1, "organizer"), (1, "judge")}))


@pytest.fixture
def client(cli: Cli) -> Iterator[TestClient]:
    """The web app on the CLI's database: the pages and the terminal read the same rows."""
    with make_client(cli.store) as c:
        yield c


def _running(cli: Cli, players: int) -> int:
    tid = tuesday(cli.store, ORGANIZER, players=players)
    poker_seats.draw_seats_now(cli.store, ORGANIZER, tid)
    poker_clock.start_clock(cli.store, ORGANIZER, tid)
    return tid


def _alive(cli: Cli, tid: int) -> list[int]:
    return [p.player_id for p in poker_views.tournament_view(cli.store, tid).alive]


def _name(cli: Cli, tid: int, pid: int) -> str:
    return next(
        p.name for p in poker_views.tournament_view(cli.store, tid).players if p.player_id == pid
    )


def _last_entry(cli: Cli, tid: int, kind: str) -> int:
    return max(
        r.number for r in views_log.floor_log(cli.store, tid) if r.kind == kind and not r.undone
    )


def test_PKR_END_1_issue26_busts_on_every_view(cli: Cli, client: TestClient) -> None:
    """Before any bust every paid place is still to win; each bust into the money names its
    place on every view, with what is left to win."""
    tid = _running(cli, players=12)  # 12 × 90 €: 1,080 € for 4 places
    state = every_view_agrees(cli, client, tid)
    assert state["to_win"] == state["cash"]["prize_pool"] == 108_000
    for pid in _alive(cli, tid)[:8]:
        poker_floor.bust_out(cli.store, ORGANIZER, tid, players=[pid])
    state = every_view_agrees(cli, client, tid)
    assert [p["name"] is None for p in state["payouts"]] == [True] * 4
    poker_floor.bust_out(cli.store, ORGANIZER, tid, players=[_alive(cli, tid)[0]])  # 4th
    state = every_view_agrees(cli, client, tid)
    assert [p["name"] is None for p in state["payouts"]] == [True, True, True, False]
    assert state["to_win"] == 108_000 - state["payouts"][3]["cents"]


def test_PKR_END_1_issue26_a_tie_in_the_money(cli: Cli, client: TestClient) -> None:
    """The issue's night: two players out on the same hand with equal chips in the paid places
    share 3rd and its prize with 4th's (the sheet once showed "3 L 190 €, 4 — 142 €" and left
    the other out); an undo of that bust puts places 3 and 4 back to be won."""
    tid = _running(cli, players=12)
    for pid in _alive(cli, tid)[:8]:
        poker_floor.bust_out(cli.store, ORGANIZER, tid, players=[pid])
    before = every_view_agrees(cli, client, tid)
    amounts = {p["place"]: p["cents"] for p in before["payouts"]}
    l_, f_ = _alive(cli, tid)[:2]
    poker_floor.bust_out(
        cli.store, ORGANIZER, tid, players=[l_, f_], chips_at_start={l_: 8000, f_: 8000}
    )
    state = every_view_agrees(cli, client, tid)
    each = (amounts[3] + amounts[4]) // 2
    tied = sorted((p["place"], p["name"], p["cents"]) for p in state["payouts"] if p["place"] >= 3)
    assert tied == sorted([(3, _name(cli, tid, l_), each), (3, _name(cli, tid, f_), each)])
    assert all(p["shared"] == 2 for p in state["payouts"] if p["place"] == 3)
    assert state["to_win"] == amounts[1] + amounts[2]
    assert sum(1 for x in print_paid(client, tid) if x[0] == 3) == 2

    undos.undo_entry(cli.store, ORGANIZER, tid, entry=_last_entry(cli, tid, "bust"))
    state = every_view_agrees(cli, client, tid)
    assert state["payouts"] == before["payouts"]
    assert state["to_win"] == before["to_win"]


def test_issue26_a_chop_on_every_view(cli: Cli, client: TestClient) -> None:
    """After a chop by chips the payout sheet, the API's payouts, the TV and the CLI list the
    deal's amounts, not the payout table's (the issue's 459/367/245 € against 504/315/252 €),
    the TV and the players' page show the deal, no clock and nobody seated; undoing the chop
    brings the payout table's amounts back everywhere."""
    tid = _running(cli, players=12)
    for pid in _alive(cli, tid)[:9]:
        poker_floor.bust_out(cli.store, ORGANIZER, tid, players=[pid])
    before = every_view_agrees(cli, client, tid)
    left = _alive(cli, tid)
    shares = chops.chop(
        cli.store,
        ORGANIZER,
        tid,
        method="chips",
        stacks={left[0]: 70_000, left[1]: 30_000, left[2]: 20_000},
    )
    state = every_view_agrees(cli, client, tid)
    assert state["to_win"] == 0
    dealt = {p["player_id"]: p["cents"] for p in state["payouts"] if p["chopped"]}
    assert dealt == shares
    assert [p["cents"] for p in state["payouts"][:3]] != [p["cents"] for p in before["payouts"][:3]]
    _, tv = tv_paid(client, tid)
    assert "Deal" in tv
    assert "Next level" not in tv
    assert "Break in" not in tv
    page = client.get(f"/poker/{tid}?fragment=live&lang=en").text
    assert "data-countdown" not in page
    for pid in left:
        assert _name(cli, tid, pid) in page
    assert re.search(r"Table \d+ seat", page) is None  # nobody seated after the deal
    assert all(p["table"] is None for p in state["players"])

    undos.undo_entry(cli.store, ORGANIZER, tid, entry=_last_entry(cli, tid, "chop"))
    state = every_view_agrees(cli, client, tid)
    assert state["payouts"] == before["payouts"]


def test_PKR_END_1_issue26_the_end_and_a_correction_on_every_view(
    cli: Cli, client: TestClient
) -> None:
    """The last bust ends the tournament: every view names every paid place; the TV shows the
    winner with no next level nor break; a corrected finishing order is on every view."""
    tid = _running(cli, players=8)
    while len(_alive(cli, tid)) > 1:
        poker_floor.bust_out(cli.store, ORGANIZER, tid, players=[_alive(cli, tid)[0]])
    state = every_view_agrees(cli, client, tid)
    assert state["status"] == "finished"
    assert state["to_win"] == 0
    _, tv = tv_paid(client, tid)
    assert "Winner" in tv
    assert state["winner"] in tv
    assert "Next level" not in tv
    assert "Break in" not in tv
    order = [f["player_id"] for f in state["finishing"]]
    corrected = [order[1], order[0], *order[2:]]
    league.correct_result(cli.store, ORGANIZER, tid, order=corrected)
    state = every_view_agrees(cli, client, tid)
    assert [f["player_id"] for f in state["finishing"]] == corrected
    assert state["payouts"][0]["player_id"] == order[1]


def test_PKR_LEAGUE_3_issue26_per_player_stacks_on_every_view(cli: Cli, client: TestClient) -> None:
    """A final table's own stacks: the API's players[].chips, the seat cards and the CLI show each
    player's own stack (not the entry's 10,000 for everyone); a chip count then replaces them."""
    tid = tuesday(cli.store, ORGANIZER, players=4)
    ids = [p.player_id for p in poker_views.tournament_view(cli.store, tid).players]
    own = {ids[0]: 36_000, ids[1]: 24_000, ids[2]: 18_000}
    stacks.set_starting_stacks(cli.store, ORGANIZER, tid, stacks=own)
    expected = {pid: own.get(pid, 10_000) for pid in ids}
    poker_seats.draw_seats_now(cli.store, ORGANIZER, tid)
    state = client.get(f"/api/v1/poker/tournaments/{tid}").json()
    assert {p["player_id"]: p["chips"] for p in state["players"]} == expected
    assert {p["player_id"]: p["starting_stack"] for p in state["players"]} == expected
    seats = {
        s["player_id"]: s["chips"] for t in state["tables"] for s in t["seats"] if s["player_id"]
    }
    assert seats == expected
    data = cli.json("poker", "show", str(tid))
    assert {p["player_id"]: p["chips"] for p in data["players"]} == expected
    cards = client.get(f"/poker/{tid}/print/seats?lang=en").text
    for pid, chips in expected.items():
        name = _name(cli, tid, pid)
        card = cards.split(f'<div class="mid">{name}</div>', 1)[1].split("</div>\n  </div>", 1)[0]
        assert f"{chips:,} chips" in card
    poker_clock.start_clock(cli.store, ORGANIZER, tid)
    counts = {ids[0]: 40_000, ids[1]: 20_000, ids[2]: 18_000, ids[3]: 10_000}
    chops.record_chip_counts(cli.store, ORGANIZER, tid, counts=counts)
    state = client.get(f"/api/v1/poker/tournaments/{tid}").json()
    assert {p["player_id"]: p["chips"] for p in state["players"]} == counts
    assert {p["player_id"]: p["starting_stack"] for p in state["players"]} == expected
    assert cli.json("poker", "show", str(tid))["players"] == state["players"]


def test_PKR_LEAGUE_3_issue28_the_director_header_names_each_own_stack(
    cli: Cli, client: TestClient
) -> None:
    """Issue 26's leftover: the director's header said "for 10,000 chips" for everyone at a
    table of per-player stacks. It names each player's own starting stack, the API's
    ``players[].starting_stack``; a weekly tournament keeps the entry's line."""
    tid = tuesday(cli.store, ORGANIZER, players=4)
    ids = [p.player_id for p in poker_views.tournament_view(cli.store, tid).players]
    add_user(cli.store, "org", "organizer")
    page_login(client, "org")
    weekly = client.get(f"/poker/{tid}/director?lang=en").text
    assert "for 10,000 chips" in weekly
    assert "Own starting stacks" not in weekly
    stacks.set_starting_stacks(cli.store, ORGANIZER, tid, stacks={ids[0]: 36_000, ids[1]: 24_000})
    state = client.get(f"/api/v1/poker/tournaments/{tid}").json()
    assert state["options"]["own_stacks"] is True
    head = client.get(f"/poker/{tid}/director?lang=en").text.split('<div class="pk-links">')[0]
    assert "for 10,000 chips" not in head
    own = re.findall(r'<span class="pk-own-stack">(.+?) ([\d,]+) chips</span>', head)
    assert {name: int(chips.replace(",", "")) for name, chips in own} == {
        p["name"]: p["starting_stack"] for p in state["players"]
    }
    assert {p["starting_stack"] for p in state["players"]} == {36_000, 24_000, 10_000}
