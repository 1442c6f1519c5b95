"""The URL space and the command line, listed and compared with ``tests/data/surface.txt``.

Issue 25 moved sub-features into packages of their own: the moves must not change a route (method,
path, name used by ``url_for``) or a command (its path and its parameters). Any later change to
the surface is deliberate: rewrite the file with ``TORNEO_WRITE_SURFACE=1 pytest
tests/test_surface.py`` and commit it with the change, so a review sees the surface move.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer
from fastapi.routing import APIRoute, APIWebSocketRoute, iter_route_contexts
from starlette.routing import Mount, Route, WebSocketRoute

from tests.support.web import make_client
from torneo.cli.main import app as cli_app
from torneo.platform.store.uow import Store

SURFACE = Path(__file__).parent / "data" / "surface.txt"


def route_lines(app: Any) -> list[str]:
    """One line a route: kind, methods, path and the name ``url_for`` knows it by."""
    lines = []
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        path, name = context.path, context.name
        if isinstance(route, (APIWebSocketRoute, WebSocketRoute)):
            lines.append(f"websocket {path} {name}")
        elif isinstance(route, (APIRoute, Route)):
            methods = ",".join(sorted(m for m in (context.methods or ()) if m != "HEAD"))
            lines.append(f"route {methods} {path} {name}")
        elif isinstance(route, Mount):
            lines.append(f"mount {path} {name}")
        else:  # a new kind of route must be listed here
            raise AssertionError(f"unlisted route kind {type(route).__name__}")
    return sorted(lines)


def command_lines(command: Any, path: str, ctx: Any) -> list[str]:
    """One line a command, with its parameters, walking groups (lazy ones loaded)."""
    params = " ".join(
        sorted("/".join(sorted(p.opts)) if p.opts else str(p.name) for p in command.params)
    )
    lines = [f"command {path} [{params}]"]
    if hasattr(command, "list_commands"):  # a group (Typer's own click)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, f"{path} {name} cannot be loaded"
            sub_ctx = type(ctx)(sub, info_name=name, parent=ctx)
            lines.extend(command_lines(sub, f"{path} {name}", sub_ctx))
    return lines


def surface(store: Store) -> list[str]:
    with make_client(store) as client:
        routes = route_lines(client.app)
    root = typer.main.get_command(cli_app)
    commands = command_lines(
        root, "torneo", root.make_context("torneo", [], resilient_parsing=True)
    )
    return [*routes, *sorted(commands)]


def test_the_url_space_and_the_commands_are_as_listed(sqlite_store: Store) -> None:
    found = surface(sqlite_store)
    if os.environ.get("TORNEO_WRITE_SURFACE"):
        SURFACE.write_text("\n".join(found) + "\n", "utf-8")
    listed = SURFACE.read_text("utf-8").splitlines()
    added = sorted(set(found) - set(listed))
    gone = sorted(set(listed) - set(found))
    assert (added, gone) == ([], []), "surface changed: (added, gone)"
