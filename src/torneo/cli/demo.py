"""``torneo demo``: load the demo club, players, events and season (services/demo.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from torneo.cli.common import JsonFlag, console, edge, open_store, print_json, print_table
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.demo import DEMO_PASSWORD, DEMO_USERNAMES, demo_accounts_left, load_demo
from torneo.platform.web.settings import WebSettings


def demo(
    if_empty: Annotated[
        bool, typer.Option("--if-empty", help="Do nothing when the database holds any event.")
    ] = False,
    as_json: JsonFlag = False,
) -> None:
    """Load a demo: 26 players, a finished event, a tournament in round 3, a season."""
    with edge(as_json=as_json):
        if WebSettings.from_env().is_production:  # issue 12: its passwords are public
            raise TorneoError(
                "TORNEO_ENV",
                N_("the demo is never loaded in production (its passwords are public)"),
                N_("a development or test server"),
            )
        summary = load_demo(open_store(), if_empty=if_empty)
    if summary is None:
        # Issue 30 item 9: `make run` says the logins every time, not only the first.
        left = sorted(demo_accounts_left(open_store()), key=_demo_order)
        if as_json:
            print_json(
                {"loaded": False, "demo_logins": left, "password": DEMO_PASSWORD if left else None}
            )
        else:
            console().print("The database already holds events: demo not loaded.")
            if left:
                console().print(
                    f"Demo logins at http://127.0.0.1:8000, password {DEMO_PASSWORD}: "
                    + ", ".join(left)
                )
        return
    if as_json:
        print_json(
            {
                "loaded": True,
                "accounts": [
                    {"username": a.username, "role": a.role, "password": a.password}
                    for a in summary.accounts
                ],
                "players": summary.players,
                "finished_event_id": summary.finished_event_id,
                "running_event_id": summary.running_event_id,
                "running_round": summary.running_round,
                "season": summary.season,
            }
        )
        return
    out = console()
    out.print(
        f"Demo loaded: {summary.players} players; event {summary.running_event_id} is in round "
        f"{summary.running_round}, event {summary.finished_event_id} is finished; "
        f"season '{summary.season}'."
    )
    print_table(
        "Demo accounts (log in at http://127.0.0.1:8000)",
        ["username", "role", "password"],
        [
            (a.username, a.role, a.password or "(existing account, password unchanged)")
            for a in summary.accounts
        ],
    )
    out.print(
        "Draft: 'Draft del giovedì' is ready to start (/events/<id>/draft/judge); its players "
        "log in as drafter1 … drafter8 with the same password."
    )


def _demo_order(username: str) -> int:
    """The organizer first, then the judge, the fantasy manager, the drafters."""
    return DEMO_USERNAMES.index(username) if username in DEMO_USERNAMES else len(DEMO_USERNAMES)
