"""``torneo event``: a whole event from the terminal, and every bad input of issue 2 (exit 2)."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from tests.support.cli import Cli
from torneo.cards import views as queries
from torneo.platform.store.uow import Actor

PRESET = "invasion-it-2012"
NAMES = [
    "Marco Bianchi",
    "Giulia Russo",
    "Alessandro Ferrari",
    "Francesca Esposito",
    "Lorenzo Romano",
    "Chiara Colombo",
    "Matteo Ricci",
    "Sara Marino",
    "Davide Greco",
    "Elena Bruno",
]
RESULTS = ["2-0", "2-1", "1-2", "0-2", "1-1-1"]
TOP_RESULTS = ["2-0", "2-1", "1-2", "0-2"]


def create(cli: Cli, name: str = "Torneo del giovedì") -> int:
    data = cli.json(
        "event",
        "create",
        "--name",
        name,
        "--preset",
        PRESET,
        "--date",
        "2012-03-10",
        "--location",
        "Circolo Ludico",
        "--seed",
        "42",
    )
    return int(data["id"])


def registered(cli: Cli, players: int = 10) -> int:
    event_id = create(cli)
    for i, name in enumerate(NAMES[:players]):
        cli.ok("event", "register", str(event_id), name, "--club", f"Club {i % 3}")
    return event_id


def report_all(cli: Cli, event_id: int, rng: random.Random, results: list[str]) -> None:
    view = cli.json("event", "pairings", str(event_id))
    for line in view["lines"]:
        if line["b"] is not None and line["result"] is None:
            cli.ok(
                "event",
                "report",
                str(event_id),
                str(view["number"]),
                str(line["table"]),
                rng.choice(results),
            )


def test_a_whole_10_player_event_from_the_terminal(cli: Cli, tmp_path: Path) -> None:
    """INV-STRUCT-1: 10 players → 4 Swiss rounds + Top 4, then the final and the 3rd/4th match."""
    rng = random.Random(3)
    event_id = registered(cli)
    assert cli.json("event", "start", str(event_id)) == {
        "event_id": event_id,
        "swiss_rounds": 4,
        "top": 4,
        "warnings": [],
        "pods": [],
    }
    for round_no in range(1, 5):
        view = cli.json("event", "pair", str(event_id))
        assert view["number"] == round_no
        assert len(view["lines"]) == 5  # 10 players: five tables, no bye
        report_all(cli, event_id, rng, RESULTS)
    semis = cli.json("event", "top", str(event_id))
    seeds = [(line["a"]["seed"], line["b"]["seed"]) for line in semis["lines"]]
    assert seeds == [(1, 4), (2, 3)]  # INV-TOP-1
    report_all(cli, event_id, rng, TOP_RESULTS)
    finals = cli.json("event", "pair", str(event_id))
    assert sorted(line["stage"] for line in finals["lines"]) == ["third_place", "top"]
    report_all(cli, event_id, rng, TOP_RESULTS)
    closed = cli.json("event", "close", str(event_id))
    assert closed["status"] == "finished"
    final = closed["final"]["lines"]
    assert [f["place"] for f in final] == list(range(1, 11))
    assert final[0]["topcut_wins"] == 2
    # INV-PTS-2/3: 10 players → X = 1; the winner gets Swiss + 6 + 4 + 1.
    assert final[0]["total"] == final[0]["swiss_points"] + 6 + 4 + 1
    standings = cli.json("event", "standings", str(event_id))
    assert len(standings["standings"]["lines"]) == 10
    assert standings["final"]["lines"] == final
    # Rich tables for people.
    table = cli.ok("event", "standings", str(event_id)).stdout
    assert "Standings after round 4" in table
    assert "Final placings and tournament points" in table
    assert "Pairings" in cli.ok("event", "pairings", str(event_id), "--round", "1").stdout
    # Export: JSON has everything, CSV is the season-import format.
    exported = json.loads(cli.ok("event", "export", str(event_id)).stdout)
    assert exported["event"]["status"] == "finished"
    assert len(exported["rounds"]) == 6
    out = tmp_path / "torneo.csv"
    cli.ok("event", "export", str(event_id), "--format", "csv", "--output", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text("utf-8"))))
    assert len(rows) == 10
    assert rows[0]["place"] == "1"
    assert rows[0]["player"] == final[0]["name"]
    assert rows[0]["topcut_wins"] == "2"
    assert rows[0]["store"] == "Circolo Ludico"


def test_event_by_name_list_players_and_roster_csv(cli: Cli, tmp_path: Path) -> None:
    event_id = create(cli, "Torneo di prova")
    roster = tmp_path / "roster.csv"
    roster.write_text("name,club,rating\nMarco Bianchi,Arcadia,1500\nGiulia Russo,,\n", "utf-8")
    added = cli.json("event", "register", "Torneo di prova", "--csv", str(roster))
    assert [p["name"] for p in added] == ["Marco Bianchi", "Giulia Russo"]
    assert added[0]["rating"] == 1500
    players = cli.json("event", "players", str(event_id))
    assert {p["name"] for p in players} == {"Marco Bianchi", "Giulia Russo"}
    listed = cli.json("event", "list")
    assert [e["id"] for e in listed] == [event_id]
    assert "Torneo di prova" in cli.ok("event", "list").stdout


def test_INV_DROP_1_drop_and_INV_BYE_1_bye_from_the_terminal(cli: Cli) -> None:
    """INV-DROP-1: a dropped player is not paired; INV-BYE-1: 9 players → one bye."""
    event_id = registered(cli)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    report_all(cli, event_id, random.Random(1), RESULTS)
    player = cli.json("event", "players", str(event_id))[0]["id"]
    dropped = cli.json("event", "drop", str(event_id), str(player), "--reason", "malato")
    assert dropped["player"]["dropped_after_round"] == 1
    view = cli.json("event", "pair", str(event_id))
    ids = {line["a"]["player_id"] for line in view["lines"]}
    ids |= {line["b"]["player_id"] for line in view["lines"] if line["b"]}
    assert player not in ids
    assert sum(1 for line in view["lines"] if line["b"] is None) == 1


def test_correction_needs_a_reason(cli: Cli) -> None:
    event_id = registered(cli)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    cli.ok("event", "report", str(event_id), "1", "1", "2-0")
    result = cli.refused("event", "report", str(event_id), "1", "1", "0-2", "--correct")
    assert "reason" in result.stderr
    fixed = cli.json(
        "event", "report", str(event_id), "1", "1", "0-2", "--correct", "--reason", "errore"
    )
    assert fixed["match"]["result"] == "0-2"


# --- bad input (issue 2): exit 2, a message naming the field, nothing changed ---------------


def test_unknown_preset_exits_2(cli: Cli) -> None:
    result = cli.refused(
        "event", "create", "--name", "X", "--preset", "magic-2099", "--date", "2012-03-10"
    )
    assert "preset" in result.stderr
    assert "unknown preset 'magic-2099'" in result.stderr
    assert "invasion-it-2012" in result.stderr  # what is accepted


def test_INV_SEASON_1_june_31_exits_2(cli: Cli) -> None:
    """INV-SEASON-1: 2012-06-31 does not exist."""
    result = cli.refused(
        "event", "create", "--name", "X", "--preset", PRESET, "--date", "2012-06-31"
    )
    assert "held_on" in result.stderr
    assert "does not exist" in result.stderr


def test_result_reported_twice_exits_2(cli: Cli) -> None:
    event_id = registered(cli)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    cli.ok("event", "report", str(event_id), "1", "1", "2-1")
    result = cli.refused("event", "report", str(event_id), "1", "1", "2-0")
    assert "already reported" in result.stderr


def test_result_for_a_match_not_in_the_current_round_exits_2(cli: Cli) -> None:
    event_id = registered(cli)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    result = cli.refused("event", "report", str(event_id), "1", "9", "2-0")
    assert "table" in result.stderr


def test_INV_STRUCT_3_impossible_scores_exit_2(cli: Cli) -> None:
    """INV-STRUCT-3: best of three: 3-0 and 2-2 are impossible."""
    event_id = registered(cli)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    for score in ("3-0", "2-2"):
        result = cli.refused("event", "report", str(event_id), "1", "1", score)
        assert "result" in result.stderr
        assert "impossible" in result.stderr or "games" in result.stderr
        assert "accepted" in result.stderr


def test_same_player_twice_exits_2(cli: Cli) -> None:
    event_id = create(cli)
    cli.ok("event", "register", str(event_id), "Marco Bianchi")
    result = cli.refused("event", "register", str(event_id), "marco bianchi")
    assert "already registered" in result.stderr


def test_pairing_with_unreported_matches_exits_2(cli: Cli) -> None:
    event_id = registered(cli)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    cli.ok("event", "report", str(event_id), "1", "1", "2-0")
    result = cli.refused("event", "pair", str(event_id))
    assert "unreported" in result.stderr
    assert "round" in result.stderr


def test_errors_as_json_on_stderr(cli: Cli) -> None:
    result = cli.refused(
        "event", "create", "--name", "X", "--preset", PRESET, "--date", "2012-06-31", "--json"
    )
    error = json.loads(result.stderr)
    assert error["field"] == "held_on"
    assert "does not exist" in error["reason"]
    assert result.stdout == ""


def test_unknown_event_exits_2(cli: Cli) -> None:
    assert "no event 99" in cli.refused("event", "standings", "99").stderr
    assert "no event named" in cli.refused("event", "standings", "Nessuno").stderr


def test_name_and_csv_together_exit_2(cli: Cli, tmp_path: Path) -> None:
    event_id = create(cli)
    roster = tmp_path / "r.csv"
    roster.write_text("Marco Bianchi\n", "utf-8")
    cli.refused("event", "register", str(event_id), "Giulia", "--csv", str(roster))
    cli.refused("event", "register", str(event_id))
    missing = cli.refused("event", "register", str(event_id), "--csv", str(tmp_path / "no.csv"))
    assert "cannot read" in missing.stderr


def test_a_bad_roster_line_registers_no_one(cli: Cli, tmp_path: Path) -> None:
    event_id = create(cli)
    roster = tmp_path / "r.csv"
    roster.write_text("Marco Bianchi\nGiulia Russo,Club,duemila\nMarco Bianchi\n", "utf-8")
    result = cli.refused("event", "register", str(event_id), "--csv", str(roster))
    assert "line 2" in result.stderr
    assert "line 3" in result.stderr


def test_unmigrated_database_is_named(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TORNEO_DATABASE_URL", f"sqlite:///{tmp_path / 'empty.db'}")
    result = cli("event", "list")
    assert result.exit_code == 2
    assert "torneo db upgrade" in result.stderr


def test_INV_STRUCT_2_one_round_fewer_and_a_top_16(cli: Cli, tmp_path: Path) -> None:
    """INV-STRUCT-2 Example: 25 players → 4 rounds + Top 16 with --one-round-fewer."""
    event_id = create(cli)
    roster = tmp_path / "roster.csv"
    roster.write_text("\n".join(f"Giocatore {i:02d}" for i in range(1, 26)), "utf-8")
    assert len(cli.json("event", "register", str(event_id), "--csv", str(roster))) == 25
    started = cli.json("event", "start", str(event_id), "--one-round-fewer")
    assert (started["swiss_rounds"], started["top"]) == (4, 16)


def test_export_of_a_running_event_lists_the_standings(cli: Cli) -> None:
    """Before the close the CSV's place is the Swiss standing, in the season-import columns."""
    event_id = registered(cli, 6)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    report_all(cli, event_id, random.Random(2), RESULTS)
    text = cli.ok("event", "export", str(event_id), "--format", "csv").stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == [
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
    assert [int(r["place"]) for r in rows] == list(range(1, 7))
    standings = cli.json("event", "standings", str(event_id))["standings"]["lines"]
    assert [r["player"] for r in rows] == [s["name"] for s in standings]
    assert [int(r["swiss_points"]) for r in rows] == [s["points"] for s in standings]


def test_INV_ID_1_a_late_intentional_draw_is_refused_from_the_cli(cli: Cli) -> None:
    """INV-ID-1: a round run from the terminal has no round clock; it starts when it is
    paired, so an intentional draw reported ten minutes later is refused (exit 2)."""
    from datetime import timedelta

    from torneo.cards.tables import Round

    event_id = registered(cli, players=8)
    cli.ok("event", "start", str(event_id))
    cli.ok("event", "pair", str(event_id))
    with cli.store.unit(Actor.system()) as uow:  # ten minutes pass
        row = uow.session.query(Round).filter_by(event_id=event_id, number=1).one()
        row.started_at = row.started_at - timedelta(minutes=10)
    result = cli.refused("event", "report", str(event_id), "1", "1", "ID")
    assert "INV-ID-1" in result.stderr
    assert "a late declaration disqualifies both" in result.stderr
    cli.ok("event", "report", str(event_id), "1", "1", "2-1")  # a played result is fine


def test_INV_LEGAL_2_a_small_field_warns_at_the_start_from_the_cli(cli: Cli) -> None:
    """INV-LEGAL-2: 5 players may play, but the start warns that it will be void."""
    event_id = registered(cli, players=5)
    data = cli.json("event", "start", str(event_id))
    assert data["warnings"] == [
        "5 players: a tournament needs at least 6 to count for the season (INV-LEGAL-2); "
        "it will be void"
    ]
    warning = queries.event_summary(cli.store, event_id).season_warning
    assert warning is not None
    assert warning.english().startswith("5 players")


def test_event_create_takes_the_club_on_a_server_with_two_clubs(cli: Cli) -> None:
    """Issue 29 item 5: with two clubs the CLI says which one the event belongs to (--club, an
    id or a name), as the API and the pages do; left out, it is refused naming the field. The
    season's `create` and `import` take it too."""
    from torneo.cards.tables import Event
    from torneo.core.policy import Actor
    from torneo.platform import clubs
    from torneo.seasons.tables import Season

    other = clubs.create_club(cli.store, Actor.system(), "Altro circolo")
    args = ("event", "create", "--name", "Due", "--preset", PRESET, "--date", "2012-03-10")
    refused = cli.refused(*args)
    assert "say which club the event belongs to" in refused.stderr
    made = cli.json(*args, "--club", "Altro circolo")
    by_id = cli.json(*args[:3], "Tre", *args[4:], "--club", "1")
    with cli.store.read() as s:
        assert s.get(Event, made["id"]).club_id == other  # type: ignore[union-attr]
        assert s.get(Event, by_id["id"]).club_id == 1  # type: ignore[union-attr]
    cli.refused("season", "create", "Stagione", "--preset", PRESET)
    cli.ok("season", "create", "Stagione", "--preset", PRESET, "--club", "Altro circolo")
    with cli.store.read() as s:
        assert s.query(Season).one().club_id == other
