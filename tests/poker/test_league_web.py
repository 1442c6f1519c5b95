"""A poker club's season through the JSON API (issue 17): the preset's week imported, the past
tournaments entered, both leaderboards and jackpots as the regulation says (PKR-LEAGUE-1..4),
the qualifier with exactly the eligible players, the final table with its players and stacks."""

from __future__ import annotations

import random
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from torneo.platform.store.tables import AuditEntry
from torneo.platform.store.uow import Store
from torneo.poker.rules.leagues import PlayerResult, TournamentResult, leaderboard
from torneo.poker.rules.points_formula import parse_formula
from torneo.poker.rules.schedules import Recurrence
from torneo.poker.tables import PokerPurchase

API = "/api/v1/poker"
START, END = date(2025, 9, 1), date(2026, 8, 31)


def _ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text[:400]
    return response.json()


def _week(org: TestClient) -> tuple[dict[str, int], dict[str, int]]:
    made = _ok(
        org.post(f"{API}/week", json={"starts_on": START.isoformat(), "ends_on": END.isoformat()}),
        201,
    )
    schedules = {s["name"]: s["id"] for s in _ok(org.get(f"{API}/schedules"))}
    leagues = {lg["name"]: lg["id"] for lg in _ok(org.get(f"{API}/leagues"))}
    assert sorted(leagues.values()) == sorted(made["leagues"])
    return schedules, leagues


def _dates(
    org: TestClient, names: list[str], schedules: dict[str, int], count: int
) -> list[tuple[int, date]]:
    """The first ``count`` days of these entries from the season's start, in order."""
    views = {s["id"]: s for s in _ok(org.get(f"{API}/schedules"))}
    days: list[tuple[date, int]] = []
    for name in names:
        v = views[schedules[name]]
        rec = Recurrence(v["weekday"], v["week_of_month"])
        days += [(d, v["id"]) for d in rec.dates(START, END)]
    return [(sid, d) for d, sid in sorted(days)[:count]]


def _season(
    org: TestClient, entries: list[tuple[int, date]], pool: list[str], size: int, seed: int
) -> list[list[str]]:
    rng = random.Random(seed)
    orders = []
    for sid, day in entries:
        order = rng.sample(pool, size)
        body = {"held_on": day.isoformat(), "results": [{"player": p} for p in order]}
        state = _ok(org.post(f"{API}/schedules/{sid}/past", json=body), 201)
        assert state["status"] == "finished"
        orders.append(order)
    return orders


CAMPIONE = ["Torneo del Martedì", "Torneo del Venerdì", "Torneo della prima Domenica del mese"]
MISTER = [
    "Torneo del Lunedì",
    "Torneo del Mercoledì “Con la Vita”",
    "Torneo del Giovedì",
    "Torneo del Sabato",
    "Torneo della Domenica pomeriggio",
    "Torneo della Domenica sera",
]


def test_pkr_league_2_jackpot_examples_from_tournaments_entered_through_the_app(
    org: TestClient,
) -> None:
    """PKR-LEAGUE-2 Examples: 20 × 20 players × 36 tournaments = 14,400 (a part of each buy-in)
    and 50 × 89 tournaments = 4,450 (a fixed levy), read on the leagues' ledgers, every
    contribution listed with its running total."""
    schedules, leagues = _week(org)
    campione = _dates(org, CAMPIONE, schedules, 36)
    _season(org, campione, [f"Giocatore {i:02d}" for i in range(1, 31)], 20, 1)
    mister = _dates(org, MISTER, schedules, 89)
    _season(org, mister, [f"Amico {i:02d}" for i in range(1, 9)], 3, 2)
    champion = _ok(org.get(f"{API}/leagues/{leagues['Jackpot Campione']}"))
    assert champion["jackpot_cents"] == 1_440_000
    assert len(champion["jackpot"]) == 36
    assert champion["jackpot"][0]["cents"] == 20 * 2000
    assert champion["jackpot"][-1]["total_cents"] == 1_440_000
    assert champion["projected_jackpot_cents"] == 1_440_000  # issue 28 item 6
    allin_id = leagues["Jackpot Mister All'in"]
    allin = _ok(org.get(f"{API}/leagues/{allin_id}"))
    assert allin["jackpot_cents"] == 445_000
    assert [e["cents"] for e in allin["jackpot"]] == [5000] * 89
    assert allin["projected_jackpot_cents"] == 445_000
    assert allin["tournaments_played"] == 89


def _board_from(
    orders: list[list[str]], entries: list[tuple[int, date]], buy_in: dict[int, int]
) -> Any:
    """The regulation's leaderboard computed independently from the same results."""
    ids = {n: n for o in orders for n in o}
    tournaments = [
        TournamentResult(
            str(i),
            day,
            len(order),
            buy_in[sid],
            tuple(PlayerResult(ids[n], place) for place, n in enumerate(order, start=1)),  # type: ignore[arg-type]
        )
        for i, ((sid, day), order) in enumerate(zip(entries, orders, strict=True))
    ]
    return leaderboard(tournaments, parse_formula("10*sqrt(n/f)*(1+log(b+0.25))", 2))


def test_pkr_league_3_qualifier_and_final_table_from_a_season_entered_through_the_app(
    org: TestClient, web_store: Store
) -> None:
    """PKR-LEAGUE-1/3/4: the Campione season of 36 tournaments; the leaderboard by the league's
    formula; each player's status; the qualifier with exactly the players not in the top 6 who
    played at least 25 of the 36; the final table with the top 6 (their points as chips) and
    the qualifier's 4 winners (the 7th's points as chips), 10,000 extra each."""
    schedules, leagues = _week(org)
    lid = leagues["Jackpot Campione"]
    entries = _dates(org, CAMPIONE, schedules, 36)
    core = [f"Fisso {i:02d}" for i in range(1, 15)]  # 14 regulars, most play 25 or more
    guests = [f"Ospite {i:02d}" for i in range(1, 13)]
    rng = random.Random(7)
    orders = []
    for k, (sid, day) in enumerate(entries):
        regulars = [p for i, p in enumerate(core) if (k + i) % 7 != 0 or i < 4]
        field = regulars + rng.sample(guests, 20 - len(regulars))
        rng.shuffle(field)
        body = {"held_on": day.isoformat(), "results": [{"player": p} for p in field]}
        _ok(org.post(f"{API}/schedules/{sid}/past", json=body), 201)
        orders.append(field)
    league = _ok(org.get(f"{API}/leagues/{lid}"))
    board = league["board"]
    # The leaderboard reads as the regulation's formula computes it (points, played, best).
    views = {s["id"]: s for s in _ok(org.get(f"{API}/schedules"))}
    expected = _board_from(orders, entries, {sid: views[sid]["buy_in_cents"] for sid, _ in entries})
    assert [(r["name"], Fraction(r["points"])) for r in board] == [
        (str(r.player), r.points) for r in expected
    ]
    played = {r["name"]: r["played"] for r in board}
    direct = [r["name"] for r in board[:6]]
    eligible = {n for n, p in played.items() if p >= 25 and n not in direct}
    assert eligible, "the season must leave players for the qualifier"
    status = {r["name"]: r["status"] for r in board}
    assert all(status[n]["status"] == "qualified" for n in direct)
    assert {n for n, s in status.items() if s["status"] == "qualifier"} == eligible
    short = next(n for n, p in played.items() if p < 25)
    assert status[short]["status"] == "needs"
    assert status[short]["missing"] == 25 - played[short]
    # One player's points explained: every result, the formula's value, which count.
    pid = board[0]["player_id"]
    why = _ok(org.get(f"{API}/leagues/{lid}/players/{pid}"))
    assert len(why["results"]) == board[0]["played"]
    assert Fraction(why["total"]) == Fraction(board[0]["points"])
    # The qualifier: exactly the eligible players, each booked; nobody else may enter.
    qualifier = _ok(org.post(f"{API}/leagues/{lid}/qualifier", json={"held_on": "2026-06-20"}), 201)
    assert {p["name"] for p in qualifier["players"]} == eligible
    qid = qualifier["id"]
    stranger = org.post(
        f"{API}/tournaments/{qid}/entries", json={"name": "Ospite 01", "player": "new"}
    )
    assert stranger.status_code in (409, 422), stranger.text
    names = sorted(eligible)
    _ok(org.post(f"{API}/tournaments/{qid}/roster", json={"names": names}), 201)
    _ok(org.post(f"{API}/tournaments/{qid}/seat-draw"))
    state = _ok(org.post(f"{API}/tournaments/{qid}/clock/start"))
    ids = {p["name"]: p["player_id"] for p in state["players"]}
    finish = list(reversed(names))  # the last name busts first: names[0] wins
    for name in finish[:-1]:
        state = _ok(
            org.post(f"{API}/tournaments/{qid}/bust-outs", json={"players": [ids[name]]}), 201
        )
    assert state["status"] == "finished"
    winners = names[:4]
    # The final table: the top 6 and the 4 winners, with their stacks.
    final = _ok(org.post(f"{API}/leagues/{lid}/final", json={"held_on": "2026-06-21"}), 201)
    assert {p["name"] for p in final["players"]} == set(direct) | set(winners)
    seventh = Fraction(board[6]["points"])
    with web_store.read() as s:
        chips = {
            p.player_id: p.chips
            for p in s.scalars(
                select(PokerPurchase).where(PokerPurchase.tournament_id == final["id"])
            )
        }
        lots = s.scalars(select(AuditEntry).where(AuditEntry.action == "poker.league.lots")).all()
    assert len(lots) == 1  # the cut is decided once, at the qualifier, and recorded
    by_name = {p["name"]: chips[p["player_id"]] for p in final["players"]}

    def stack(points: Fraction) -> int:
        return int((points / 25 + Fraction(1, 2)) // 1) * 25 + 10_000

    for r in board[:6]:
        assert by_name[r["name"]] == stack(Fraction(r["points"]))
    for name in winners:
        assert by_name[name] == stack(seventh)
    # Issue 26: the stacks are on every view of the final, not only in its rows: the API's
    # players[].chips and starting_stack, and the league's board, which follows the final's own
    # stacks once it exists (a stack the director changes included).
    assert {p["name"]: p["chips"] for p in final["players"]} == by_name
    assert {p["name"]: p["starting_stack"] for p in final["players"]} == by_name
    fid = final["id"]
    changed = {p["player_id"]: by_name[p["name"]] for p in final["players"]}
    first_id = final["players"][0]["player_id"]
    changed[first_id] += 1_000
    state = _ok(org.put(f"{API}/tournaments/{fid}/starting-stacks", json={"stacks": changed}))
    assert {p["player_id"]: p["chips"] for p in state["players"]} == changed
    after = {
        r["player_id"]: r["final_chips"] for r in _ok(org.get(f"{API}/leagues/{lid}"))["board"]
    }
    assert {pid: after[pid] for pid in changed} == changed
    # Its own structure: 30-minute levels from 50/100 (PKR-LEAGUE-3).
    first = final["steps"][0]
    assert (first["small_blind"], first["big_blind"], first["minutes"]) == (50, 100, 30)


def test_pkr_league_1_a_correction_rescores_the_league(org: TestClient) -> None:
    """PKR-LEAGUE-1: a finished tournament's finishing order corrected; the league re-scores."""
    schedules, leagues = _week(org)
    lid = leagues["Jackpot Mister All'in"]
    ((sid, day),) = _dates(org, ["Torneo del Giovedì"], schedules, 1)
    state = _ok(
        org.post(
            f"{API}/schedules/{sid}/past",
            json={"held_on": day.isoformat(), "results": [{"player": "Anna"}, {"player": "Bruno"}]},
        ),
        201,
    )
    board = _ok(org.get(f"{API}/leagues/{lid}"))["board"]
    assert [(r["name"], r["points"]) for r in board] == [("Anna", "105"), ("Bruno", "85")]
    ids = {p["name"]: p["player_id"] for p in state["players"]}
    _ok(
        org.post(
            f"{API}/tournaments/{state['id']}/correction",
            json={"order": [ids["Bruno"], ids["Anna"]]},
        )
    )
    board = _ok(org.get(f"{API}/leagues/{lid}"))["board"]
    assert [(r["name"], r["points"]) for r in board] == [("Bruno", "105"), ("Anna", "85")]


def test_pkr_sched_1_a_tournament_opens_from_its_entry_on_its_day_once(org: TestClient) -> None:
    """PKR-SCHED-1: one click opens the entry's tournament with its buy-in, stack and levels; on
    another weekday it is refused naming the date; a second click the same day is refused."""
    schedules, _ = _week(org)
    sid = schedules["Torneo del Martedì"]
    made = _ok(org.post(f"{API}/schedules/{sid}/tournaments", json={"held_on": "2025-12-02"}), 201)
    assert made["name"] == "Torneo del Martedì"
    again = org.post(f"{API}/schedules/{sid}/tournaments", json={"held_on": "2025-12-02"})
    assert again.status_code == 409
    assert again.json()["field"] == "held_on"
    wrong = org.post(f"{API}/schedules/{sid}/tournaments", json={"held_on": "2025-12-03"})
    assert wrong.status_code == 422
    assert wrong.json()["field"] == "held_on"
    first = schedules["Torneo della prima Domenica del mese"]
    second_sunday = org.post(f"{API}/schedules/{first}/tournaments", json={"held_on": "2025-12-14"})
    assert second_sunday.status_code == 422
    ok = org.post(f"{API}/schedules/{first}/tournaments", json={"held_on": "2025-12-07"})
    assert ok.status_code == 201, ok.text
    assert (date(2025, 12, 7) - timedelta(days=7)).month == 11


def test_pkr_league_3_a_tournament_takes_per_player_starting_stacks(org: TestClient) -> None:
    """PKR-LEAGUE-3: any tournament may give players their own starting stacks before the
    start; a stack not made of the smallest chip (25) is refused with the player named; once
    the clock runs they are fixed."""
    made = _ok(
        org.post(f"{API}/tournaments", json={"template": "tue", "held_on": "2025-12-02"}), 201
    )
    tid = made["id"]
    _ok(
        org.post(f"{API}/tournaments/{tid}/roster", json={"names": ["Anna", "Bruno", "Carla"]}), 201
    )
    ids = {p["name"]: p["player_id"] for p in _ok(org.get(f"{API}/tournaments/{tid}"))["players"]}
    state = _ok(
        org.put(f"{API}/tournaments/{tid}/starting-stacks", json={"stacks": {ids["Anna"]: 12_300}})
    )
    assert state["cash"]["chips_in_play"] == 12_300 + 2 * 10_000
    odd = org.put(
        f"{API}/tournaments/{tid}/starting-stacks", json={"stacks": {ids["Anna"]: 12_310}}
    )
    assert odd.status_code == 422
    assert odd.json()["field"] == f"stacks[{ids['Anna']}]"
    _ok(org.post(f"{API}/tournaments/{tid}/seat-draw"))
    _ok(org.post(f"{API}/tournaments/{tid}/clock/start"))
    late = org.put(f"{API}/tournaments/{tid}/starting-stacks", json={"stacks": {}})
    assert late.status_code == 409
