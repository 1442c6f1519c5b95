"""``torneo event seat|pods`` and the pods in ``start``/``standings --json`` (BER-POD-1/2)."""

from __future__ import annotations

from tests.support.cli import Cli

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elisa", "Franco", "Gina", "Ugo"]


def _event(cli: Cli, fmt: str = "sealed_boosters") -> int:
    data = cli.json(
        "event",
        "create",
        "--name",
        "Sealed del lunedì",
        "--preset",
        "berserk-online",
        "--date",
        "2026-12-07",
        "--seed",
        "7",
        "--format",
        fmt,
    )
    assert data["format"] == fmt
    for k, name in enumerate(NAMES):
        cli.ok("event", "register", str(data["id"]), name, "--rating", str(1600 - 10 * k))
    return int(data["id"])


def test_BER_POD_2_the_judge_seats_from_the_terminal_and_start_lists_the_pods(cli: Cli) -> None:
    event_id = _event(cli)
    seated = cli.json(
        "event",
        "seat",
        str(event_id),
        "--pod",
        "Anna, Dario, Elisa, Ugo",
        "--pod",
        "bruno,carla,franco,gina",
    )
    assert [[p["name"] for p in pod["players"]] for pod in seated["pods"]] == [
        ["Anna", "Dario", "Elisa", "Ugo"],
        ["Bruno", "Carla", "Franco", "Gina"],
    ]
    started = cli.json("event", "start", str(event_id))
    assert (started["swiss_rounds"], started["top"]) == (2, 4)  # BER-POD-3: pods of 4
    assert [pod["pod"] for pod in started["pods"]] == [1, 2]
    cli.ok("event", "pair", str(event_id))
    standings = cli.json("event", "standings", str(event_id))["standings"]
    assert {line["name"]: line["pod"] for line in standings["lines"]}["Ugo"] == 1
    assert [p["pod"] for p in standings["pods"]] == [1, 2]
    table = cli.ok("event", "pods", str(event_id)).stdout
    assert "Gina" in table


def test_BER_POD_1_a_bad_seating_from_the_terminal_changes_nothing(cli: Cli) -> None:
    event_id = _event(cli)
    result = cli.refused(
        "event", "seat", str(event_id), "--pod", "Anna, Bruno, Carla", "--pod", "Dario"
    )
    assert "pods" in result.stdout + result.stderr
    cli.refused(
        "event",
        "seat",
        str(event_id),
        "--pod",
        "Anna, Nessuno, Carla, Dario",
        "--pod",
        "Elisa, Franco, Gina, Ugo",
    )
    automatic = cli.json("event", "seat", str(event_id))
    # the fewest pods: one pod of 8, best rating first
    assert [[p["name"] for p in pod["players"]] for pod in automatic["pods"]] == [NAMES]
