"""``torneo event seat`` and ``torneo event pods``: the pods of an event (BER-POD-1/2).

``seat EVENT`` seats the pods automatically (snake by rating); ``seat EVENT --pod "Anna, Bruno,
Carla, Dario" --pod "..."`` seats them as the judge lists them, one ``--pod`` a pod, its players
(names or ids) in seat order. ``pods EVENT`` lists them. Both take ``--json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import typer

from torneo.cards import views as queries
from torneo.cards.cli_events import resolve_event
from torneo.cards.pods import commands as pods_cmd
from torneo.cards.views import PodView
from torneo.cli.common import CLI_ACTOR, JsonFlag, edge, open_store, print_json, print_table

EventArg = Annotated[str, typer.Argument(metavar="EVENT", help="Event id or exact name.")]


def pods_json(pods: Sequence[PodView]) -> list[dict[str, object]]:
    return [
        {
            "pod": p.number,
            "size": p.size,
            "rounds": p.rounds,
            "players": [
                {"seat": k, "id": s.player_id, "name": s.name} for k, s in enumerate(p.players, 1)
            ],
        }
        for p in pods
    ]


def print_pods(pods: Sequence[PodView]) -> None:
    rows = [
        (p.number, seat, s.player_id, s.name, p.rounds)
        for p in pods
        for seat, s in enumerate(p.players, start=1)
    ]
    print_table("Pods", ["pod", "seat", "id", "player", "rounds"], rows)


def register(app: typer.Typer) -> None:
    @app.command("seat")
    def seat(
        event: EventArg,
        pod: Annotated[
            list[str] | None,
            typer.Option(
                "--pod",
                help="One pod, its players (names or ids) in seat order, comma separated; "
                "repeat for each pod. Left out: seat automatically (snake by rating).",
            ),
        ] = None,
        as_json: JsonFlag = False,
    ) -> None:
        """Seat the pods (BER-POD-1/2), before round 1 is paired."""
        with edge(as_json=as_json):
            store = open_store()
            event_id = resolve_event(store, event)
            given = pods_cmd.pods_from_text("\n".join(pod)) if pod else None
            pods_cmd.seat_pods(store, CLI_ACTOR, event_id, pods=given)
            pods = queries.event_pods(store, event_id)
        if as_json:
            print_json({"event_id": event_id, "pods": pods_json(pods)})
        else:
            print_pods(pods)

    @app.command("pods")
    def pods(event: EventArg, as_json: JsonFlag = False) -> None:
        """The pods as seated, each its players in seat order (BER-POD-1/2)."""
        with edge(as_json=as_json):
            store = open_store()
            event_id = resolve_event(store, event)
            seated = queries.event_pods(store, event_id)
        if as_json:
            print_json({"event_id": event_id, "pods": pods_json(seated)})
        else:
            print_pods(seated)


__all__ = ["pods_json", "print_pods", "register"]
