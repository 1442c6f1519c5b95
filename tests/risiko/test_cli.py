"""``torneo risiko``: a RisiKo! night and its season read from the terminal (tables and --json),
and an unknown tournament or season (exit 2, the field named)."""

from __future__ import annotations

import json
import random
import re

from tests.support.cli import Cli
from tests.support.risiko import play_round, tournament
from torneo.platform.store.uow import Actor
from torneo.risiko import commands as risiko
from torneo.risiko import views as risiko_views

ORGANIZER = Actor("org", frozenset({(1, "organizer"), (1, "judge")}))


def club_night(cli: Cli) -> int:
    """16 players: two qualifying games, four semifinal tables, the final table; closed."""
    rng = random.Random(16)
    tid = tournament(cli.store, ORGANIZER, 16, season="2026")
    for _ in range(4):
        risiko.draw_round(cli.store, ORGANIZER, tid)
        play_round(cli.store, ORGANIZER, tid, rng)
    risiko.close_tournament(cli.store, ORGANIZER, tid)
    return tid


def test_RSK_PTS_2_a_finished_night_shown_whole(cli: Cli) -> None:
    """Rounds with every table's seats and results, the standings by the formula, the final."""
    tid = club_night(cli)
    page = risiko_views.tournament_page(cli.store, tid)
    text = cli.ok("risiko", "show", str(tid)).stdout
    assert f"Serata RisiKo! (id {tid}) — 2026-11-27, season 2026 (club): finished" in text
    assert "formula bonus-50" in text
    for heading in (
        "Round 1 — qualifying, random draw (4/4 results)",
        "Round 2 — qualifying, random draw (4/4 results)",
        "Round 3 — semifinal, bands draw (4/4 results)",
        "Round 4 — final, final draw (1/1 results)",
        "Standings — bonus-50",
        "Final ranking",
    ):
        assert heading in text, heading
    winner = page.final[0].person.name
    assert f"│     1 │ {winner}" in text
    first = page.standings[0]
    assert f"│  1 │ {first.person.name}" in text
    assert "No draw now" not in text  # finished: nothing more to draw

    data = cli.json("risiko", "show", str(tid))
    assert {"summary", "rules", "rounds", "standings", "final", "next_draw", "why_no_draw"} <= set(
        data
    )
    assert data["summary"]["status"] == "finished"
    assert [r["stage"] for r in data["rounds"]] == [
        "qualifying",
        "qualifying",
        "semifinal",
        "final",
    ]
    seat = data["rounds"][0]["tables"][0]["seats"][0]
    assert set(seat) == {
        "person",
        "table_points",
        "status",
        "eliminated",
        "position",
        "won",
        "points",
        "turn",  # the turn order and army colour of the table sheets (RSK-TBL-1)
        "colour",
    }
    assert isinstance(seat["points"], str)  # exact points, a fraction as text
    assert [f["position"] for f in data["final"]] == list(range(1, 17))
    assert data["final"][0]["person"]["name"] == winner


def test_RSK_TIE_1_standings_table_and_json(cli: Cli) -> None:
    """The standings command: points by the formula, ties by RSK-TIE-1, then the final."""
    tid = club_night(cli)
    page = risiko_views.tournament_page(cli.store, tid)
    text = cli.ok("risiko", "standings", str(tid)).stdout
    assert "Standings — bonus-50" in text
    assert "Round 1" not in text  # the standings only, not the draws
    assert "Final ranking" in text
    data = cli.json("risiko", "standings", str(tid))
    assert set(data) == {"rules", "standings", "final"}
    assert data["rules"]["formula"] == "bonus-50"
    assert [(s["person"]["player_id"], s["total"]) for s in data["standings"]] == [
        (line.person.player_id, str(line.total)) for line in page.standings
    ]
    line = data["standings"][0]
    assert [g["round_no"] for g in line["games"]] == [1, 2]
    assert len(data["final"]) == 16


def test_a_running_night_waits_for_results(cli: Cli) -> None:
    """Tables without a result say so, and why no round can be drawn yet."""
    tid = tournament(cli.store, ORGANIZER, 8)
    risiko.draw_round(cli.store, ORGANIZER, tid)
    text = cli.ok("risiko", "show", str(tid)).stdout
    assert "Round 1 — qualifying, random draw (0/2 results)" in text
    assert "no result yet" in text
    assert "No draw now: round 1 still has tables without a result (1, 2)" in text
    assert "Final ranking" not in text
    data = cli.json("risiko", "show", str(tid))
    assert data["why_no_draw"]["field"] == "round_no"
    assert data["final"] == []


def test_RSK_PTS_2_master_points_shown_in_thousandths(cli: Cli) -> None:
    """The master formula scores table points / 1000: the table shows decimals as the pages do,
    --json keeps the exact fraction."""
    tid = tournament(cli.store, ORGANIZER, 8, formula="master")
    risiko.draw_round(cli.store, ORGANIZER, tid)
    play_round(cli.store, ORGANIZER, tid, random.Random(3))
    page = risiko_views.tournament_page(cli.store, tid)
    seat = next(s for s in page.rounds[0].tables[0].seats if s.points and s.points.denominator > 1)
    assert seat.points is not None
    shown = f"{float(seat.points):.3f}".rstrip("0")
    text = cli.ok("risiko", "show", str(tid)).stdout
    assert re.search(rf"│ +{re.escape(shown)} +│", text)  # e.g. 537/500 is 1.074
    data = cli.json("risiko", "show", str(tid))
    seats = data["rounds"][0]["tables"][0]["seats"]
    assert str(seat.points) in [s["points"] for s in seats]


def test_RSK_REG_1_an_unpublished_regulation_is_shown(cli: Cli) -> None:
    tid = tournament(cli.store, ORGANIZER, 8, publish=False)
    text = cli.ok("risiko", "show", str(tid)).stdout
    assert "Regulation not published; missing: formula, referees, not_allowed, sanctions" in text


def test_list_newest_first(cli: Cli) -> None:
    first = tournament(cli.store, ORGANIZER, 8, season="2026")
    second = tournament(cli.store, ORGANIZER, 12)
    text = cli.ok("risiko", "list").stdout
    assert "RisiKo! tournaments" in text
    assert "Serata RisiKo!" in text
    rows = cli.json("risiko", "list")
    assert [(r["id"], r["players"], r["season"]) for r in rows] == [
        (second, 12, None),
        (first, 8, "2026"),
    ]
    assert set(rows[0]) >= {"id", "name", "held_on", "status", "players", "rounds", "formula"}
    assert cli.json("risiko", "list", "--limit", "1") == rows[:1]


def test_season_table_and_json(cli: Cli) -> None:
    """The season: finished tournaments labelled with it, best results weighted by class."""
    tid = club_night(cli)
    winner = risiko_views.tournament_page(cli.store, tid).final[0].person.name
    text = cli.ok("risiko", "season", "2026").stdout
    assert "Season 2026: best 5 results count (club ×1, regional ×1.5, national ×2)" in text
    assert f"│  1 │ {winner}" in text
    data = cli.json("risiko", "season", "2026")
    assert set(data) == {"season", "best_results", "class_factors", "tournaments", "lines"}
    assert [t["id"] for t in data["tournaments"]] == [tid]
    assert data["lines"][0]["person"]["name"] == winner
    assert data["lines"][0]["position"] == 1
    assert data["lines"][0]["results"][0]["counted"] is True


def test_unknown_tournament_or_season_exits_2_naming_the_field(cli: Cli) -> None:
    for command in ("show", "standings"):
        result = cli.refused("risiko", command, "99")
        assert "tournament_id" in result.stderr
        assert "no RisiKo! tournament 99" in result.stderr
    error = json.loads(cli.refused("risiko", "show", "99", "--json").stderr)
    assert error == {
        "error": "not-found",
        "field": "tournament_id",
        "reason": "no RisiKo! tournament 99",
        "accepted": "the id of a RisiKo! tournament",
    }
    result = cli.refused("risiko", "season", "1999")
    assert "season" in result.stderr
    assert "no RisiKo! season '1999'" in result.stderr
    assert "'ID'" in cli.refused("risiko", "show", "0").stderr  # ids start at 1


def test_every_command_is_registered(cli: Cli) -> None:
    listed = cli.ok("risiko", "--help").stdout
    for command in ("list", "show", "standings", "season"):
        assert f"│ {command} " in listed, command
    assert "read only" in listed
