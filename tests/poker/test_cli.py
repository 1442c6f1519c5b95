"""``torneo poker``: a Tuesday tournament read from the terminal as it runs and once it is over
(tables and --json), and an unknown tournament (exit 2, the field named)."""

from __future__ import annotations

import json
from zoneinfo import ZoneInfo

from tests.support.cli import Cli
from tests.support.poker import tuesday
from torneo.platform.store.uow import Actor
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_seats as poker_seats
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_chop as chops
from torneo.poker.floor import commands_rulings as rulings
from torneo.poker.floor import commands_sanctions as sanctions
from torneo.poker.floor import commands_undo as undos
from torneo.poker.floor import views_log as views_log

ORGANIZER = Actor("org", frozenset({(1, "organizer"), (1, "judge")}))


def running(cli: Cli, players: int = 14, busts: int = 3) -> int:
    """Seats drawn, the clock started, the first ``busts`` players alphabetically out."""
    tid = tuesday(cli.store, ORGANIZER, players=players)
    poker_seats.draw_seats_now(cli.store, ORGANIZER, tid)
    poker_clock.start_clock(cli.store, ORGANIZER, tid)
    for _ in range(busts):
        out = poker_views.tournament_view(cli.store, tid).alive[0].player_id
        poker_floor.bust_out(cli.store, ORGANIZER, tid, players=[out])
    return tid


def test_PKR_BTN_1_a_running_tournament_clock_seats_payouts(cli: Cli) -> None:
    """The level and its blinds, players left, every seat with the next hand's positions, the
    places paid and who is out so far."""
    tid = running(cli)
    view = poker_views.tournament_view(cli.store, tid)
    text = cli.ok("poker", "show", str(tid)).stdout
    assert f"Torneo del Martedì (id {tid}) — 2025-12-02: running, template tue" in text
    assert "Level 1: blinds 50/100 — " in text
    assert "next 75/150" in text
    assert "Players left: 11 of 14" in text
    assert "Entries 14, re-entries 0, rebuys 0, add-ons 0" in text
    assert f"prize pool {view.cash.prize_pool // 100} €" in text
    assert "Tables" in text
    for table in view.open_tables:
        for seat in table.seats:
            if seat.name is not None:
                assert seat.name in text
    assert text.count("button") == len(view.open_tables)
    assert "Payouts (4 places paid)" in text
    # Issue 26: nothing decided in the money yet, the whole prize pool is left to win.
    assert f"Left to win: {view.cash.prize_pool // 100} €" in text
    assert "Finishing order" in text
    for line in view.finishing:
        assert f"│    {line.place} │ {line.name}" in text

    data = cli.json("poker", "show", str(tid))
    assert {"id", "status", "clock", "tables", "players", "payouts", "finishing", "cash"} <= set(
        data
    )
    assert data["clock"]["players_left"] == 11
    assert data["clock"]["level_number"] == 1
    assert (data["clock"]["small_blind"], data["clock"]["big_blind"]) == (50, 100)
    assert [f["place"] for f in data["finishing"]] == [12, 13, 14]
    seats = [s for t in data["tables"] for s in t["seats"] if s["player_id"] is not None]
    assert len(seats) == 11
    assert {"seat", "player_id", "name", "role", "chips"} == set(seats[0])
    assert [p["place"] for p in data["payouts"]] == [1, 2, 3, 4]
    assert sum(p["cents"] for p in data["payouts"]) == data["cash"]["prize_pool"]


def test_PKR_END_1_a_finished_tournament_names_the_winner_and_the_prizes(cli: Cli) -> None:
    tid = running(cli, players=6, busts=5)
    view = poker_views.tournament_view(cli.store, tid)
    assert view.status == "finished"
    text = cli.ok("poker", "show", str(tid)).stdout
    assert f"Winner: {view.winner}" in text
    assert "Level" not in text  # no clock once it is over
    paid = list(view.payouts)
    assert paid
    for p in paid:
        assert p.name is not None
        assert f"│     {p.place} │ {p.cents // 100}" in text
        assert p.name in text
    data = cli.json("poker", "show", str(tid))
    assert data["winner"] == view.winner
    assert [f["place"] for f in data["finishing"]] == [1, 2, 3, 4, 5, 6]
    assert data["finishing"][0]["name"] == view.winner


def test_before_the_seat_draw(cli: Cli) -> None:
    tid = tuesday(cli.store, ORGANIZER, players=4)
    text = cli.ok("poker", "show", str(tid)).stdout
    assert "registration" in text
    assert "Clock not started." in text
    assert "Seats not drawn yet." in text
    assert "Finishing order" not in text
    data = cli.json("poker", "show", str(tid))
    assert data["tables"] == []
    assert data["clock"]["is_started"] is False


def test_list_newest_first(cli: Cli) -> None:
    first = tuesday(cli.store, ORGANIZER, players=4)
    second = tuesday(cli.store, ORGANIZER, players=0)
    text = cli.ok("poker", "list").stdout
    assert "Poker tournaments" in text
    assert "Torneo del Martedì" in text
    rows = cli.json("poker", "list")
    assert [(r["id"], r["players"], r["status"]) for r in rows] == [
        (second, 0, "registration"),
        (first, 4, "registration"),
    ]
    assert set(rows[0]) == {"id", "name", "held_on", "status", "template", "players"}


def test_unknown_tournament_exits_2_naming_the_field(cli: Cli) -> None:
    result = cli.refused("poker", "show", "99")
    assert "tournament_id" in result.stderr
    assert "no poker tournament 99" in result.stderr
    error = json.loads(cli.refused("poker", "show", "99", "--json").stderr)
    assert error["error"] == "not-found"
    assert error["field"] == "tournament_id"
    assert "'ID'" in cli.refused("poker", "show", "0").stderr


def test_every_command_is_registered(cli: Cli) -> None:
    listed = cli.ok("poker", "--help").stdout
    for command in ("list", "show"):
        assert f"│ {command} " in listed, command
    assert "read only" in listed


def test_pkr_league_1_a_league_read_from_the_terminal(cli: Cli) -> None:
    """PKR-LEAGUE-1/2: `torneo poker leagues` and `poker league ID` (table and --json)."""
    from torneo.poker.league import commands as leagues

    made = leagues.import_week(cli.store, ORGANIZER, starts_on="2025-09-01", ends_on="2026-08-31")
    thu = made["schedules"][5]
    leagues.record_past_tournament(
        cli.store,
        ORGANIZER,
        thu,
        held_on="2025-09-04",
        results=[{"player": "Anna"}, {"player": "Bruno"}],
    )
    allin = made["leagues"][1]
    assert "Jackpot Mister All'in" in cli.ok("poker", "leagues").stdout
    text = cli.ok("poker", "league", str(allin)).stdout
    assert "jackpot 50 €" in text
    assert "Anna" in text
    body = json.loads(cli.ok("poker", "league", str(allin), "--json").stdout)
    assert [(r["name"], r["points"]) for r in body["board"]] == [("Anna", "105"), ("Bruno", "85")]
    assert body["jackpot_cents"] == 5000


def test_the_floor_log_lists_busts_with_their_moves_and_what_was_undone(cli: Cli) -> None:
    """Issue 15 item 8: `torneo poker log` shows the floor's log as the director's page does,
    newest first, with local times (the tournament's zone), who acted, and the undone entries."""
    tid = running(cli, players=14, busts=3)
    rows = views_log.floor_log(cli.store, tid)
    assert [r.kind for r in rows] == ["bust", "bust", "bust"]
    undos.undo_entry(cli.store, ORGANIZER, tid, entry=rows[0].number)
    rows = views_log.floor_log(cli.store, tid)
    assert rows[0].undone_at is not None
    text = cli.ok("poker", "log", str(tid)).stdout
    assert f"Floor log of tournament {tid} (Europe/Rome)" in text
    assert text.count("bust-out") == 3
    assert rows[0].name in text
    assert rows[2].name in text
    rome = ZoneInfo("Europe/Rome")
    assert rows[2].at.astimezone(rome).strftime("%H:%M:%S") in text
    undone = rows[0].undone_at.astimezone(rome).strftime("%H:%M:%S")
    assert f"{undone} by org" in text  # the newest bust was undone, and by whom
    data = cli.json("poker", "log", str(tid))
    assert [d["number"] for d in data] == [r.number for r in rows]
    assert data[0]["undone_by"] == "org"
    assert data[1]["undone_by"] is None
    assert "no poker tournament 999" in cli.refused("poker", "log", "999").stderr


def test_PKR_PEN_1_the_floor_log_shows_sanctions_and_the_chop(cli: Cli) -> None:
    """`torneo poker log`: a warning with its infraction, missed hands with their hands, a
    disqualification with the chips removed, a floor ruling with its article, the chop with
    each share; the JSON carries the same kinds."""
    tid = running(cli, players=4, busts=0)
    pid = poker_views.tournament_view(cli.store, tid).alive[0].player_id
    for kind, orbits in (("warning", 0), ("missed_hands", 1)):
        sanctions.sanction_player(
            cli.store,
            ORGANIZER,
            tid,
            player_id=pid,
            kind=kind,
            infraction="Linguaggio",
            orbits=orbits,
        )
    rulings.record_ruling(
        cli.store, ORGANIZER, tid, procedure="misdeal", case="first_cards_exposed", table=1
    )
    sanctions.sanction_player(
        cli.store,
        ORGANIZER,
        tid,
        player_id=pid,
        kind="disqualification",
        infraction="Furto",
        stack=6000,
    )
    chops.chop(cli.store, ORGANIZER, tid, method="equal")
    text = cli.ok("poker", "log", str(tid)).stdout
    assert "warning (Linguaggio)" in text
    assert "missed hands (1 orbit(s), 4 hands; Linguaggio)" in text
    assert "disqualification (6,000 chips removed; Furto)" in text
    assert "floor ruling (art. 15.1: Misdeal" in text
    assert "chop (equal: " in text
    assert "(the last)" in text
    kinds = [d["kind"] for d in cli.json("poker", "log", str(tid))]
    assert kinds == ["chop", "disqualification", "ruling", "missed_hands", "warning"]
