"""``torneo judging``: an event's rulings and judge roster read from the terminal (tables and
--json), and an unknown event (exit 2, the field named)."""

from __future__ import annotations

import json

import pytest

from tests.judging.test_results import Crew, crew, paired_players, running_event
from tests.support.cli import Cli
from torneo.judging import commands_rulings as judging_rulings


def penalised(cli: Cli, c: Crew) -> tuple[int, int]:
    """A running event: a warning, a game loss, a second game loss the head judge overrules."""
    event = running_event(cli.store, c)
    player = paired_players(cli.store, event, 1)[0]
    judging_rulings.issue(
        cli.store, c.floor, event, player_id=player, infraction="slow_play", reason="lento"
    )
    for reason in ("sideboard", "di nuovo"):
        issued = judging_rulings.issue(
            cli.store,
            c.floor,
            event,
            player_id=player,
            infraction="deck_list_mismatch",
            reason=reason,
            penalties=["game_loss"],
        )
    judging_rulings.overrule_ruling(cli.store, c.head, event, issued[0].seq, reason="appello")
    return event, player


def test_INV_PEN_2_rulings_with_what_they_changed(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ruling in order, its rule, the game loss it gave, the head judge's overrule."""
    monkeypatch.setenv("COLUMNS", "240")  # the log is wide: one line per ruling
    event, player = penalised(cli, crew(cli.store))
    name = f"Giocatore {player:02d}"
    text = cli.ok("judging", "rulings", str(event)).stdout
    assert f"Rulings of event {event}: Torneo" in text
    assert "warning [INV-PEN-1]" in text
    assert "game loss [INV-DECK-1], overruled by #4" in text
    assert "overrule [INV-JUDGE-1]" in text
    assert f"{name} loses 1 game (round 1 table" in text
    assert "undoes #3" in text
    assert "Arbitro" in text  # the floor judge gave the penalties
    assert "Capo" in text  # the head judge overruled
    assert "appello" in text

    data = cli.json("judging", "rulings", str(event))
    assert [(r["seq"], r["kind"], r["overruled_by"]) for r in data] == [
        (1, "warning", None),
        (2, "game_loss", None),
        (3, "game_loss", 4),
        (4, "overrule", None),
    ]
    assert set(data[0]) == {
        "seq",
        "at",
        "judge",
        "player_id",
        "player",
        "kind",
        "rule",
        "reason",
        "infraction",
        "infraction_label",
        "round_no",
        "escalated_from",
        "overruled_by",
        "effects",
    }
    assert (data[1]["player_id"], data[1]["rule"]) == (player, "INV-DECK-1")
    assert [e["kind"] for e in data[1]["effects"]] == ["game_loss"]
    assert data[1]["effects"][0]["games"] == 1
    assert [e["kind"] for e in data[3]["effects"]] == ["reverted", "result"]
    assert data[3]["effects"][0]["seq"] == 3
    # An event is named by id or by its exact name, as in `torneo event`.
    assert cli.json("judging", "rulings", "torneo") == data


def test_no_rulings_yet(cli: Cli) -> None:
    event = running_event(cli.store, crew(cli.store))
    assert (
        f"No rulings in event {event} (Torneo)." in cli.ok("judging", "rulings", str(event)).stdout
    )
    assert cli.json("judging", "rulings", str(event)) == []


def test_INV_JUDGE_1_the_roster_and_its_advice(cli: Cli) -> None:
    """The judges with the head judge marked; 24 players and 2 judges: a third is advised."""
    event = running_event(cli.store, crew(cli.store), players=24, start=False)
    text = cli.ok("judging", "judges", str(event)).stdout
    assert f"Judges of event {event}: Torneo (24 players)" in text
    assert "│       2 │ Capo    │ ✓" in text
    assert "│       3 │ Arbitro │  " in text
    assert (
        "Advice: 24 players and 2 judge(s): 3 recommended (one for each started ten players)"
        in text
    )
    assert "Deck lists: 0 of 24 submitted, format constructed, not published" in text
    data = cli.json("judging", "judges", str(event))
    assert data["players"] == 24
    assert [(j["name"], j["is_head"], j["player"]) for j in data["roster"]] == [
        ("Capo", True, None),
        ("Arbitro", False, None),
    ]
    assert data["advice"] == (
        "24 players and 2 judge(s): 3 recommended (one for each started ten players)"
    )
    assert data["problems"] == []
    assert set(data) == {
        "players",
        "roster",
        "advice",
        "problems",
        "restricted",
        "deck_format",
        "published",
    }


def test_a_staffed_event_has_no_advice(cli: Cli) -> None:
    event = running_event(cli.store, crew(cli.store))
    text = cli.ok("judging", "judges", str(event)).stdout
    assert "Advice" not in text
    assert cli.json("judging", "judges", str(event))["advice"] is None


def test_unknown_event_exits_2_naming_the_field(cli: Cli) -> None:
    for command in ("rulings", "judges"):
        result = cli.refused("judging", command, "99")
        assert "event" in result.stderr
        assert "no event 99" in result.stderr
        result = cli.refused("judging", command, "Nessuno")
        assert "no event named 'Nessuno'" in result.stderr
    error = json.loads(cli.refused("judging", "rulings", "99", "--json").stderr)
    assert error == {
        "error": "invalid",
        "field": "event",
        "reason": "no event 99",
        "accepted": "an event id or name",
    }


def test_every_command_is_registered(cli: Cli) -> None:
    listed = cli.ok("judging", "--help").stdout
    for command in ("rulings", "judges"):
        assert f"│ {command} " in listed, command
    assert "read only" in listed
