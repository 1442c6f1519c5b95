"""A Typer group whose sub-commands are imported when they run, not when ``torneo`` starts.

``torneo --help`` and ``torneo pair --trf`` must answer at once (issue 14): importing every
discipline's CLI (SQLAlchemy, Alembic, FastAPI, every service) costs a second before anything
happens. Each sub-command is declared here by name, the module that defines it and its one-line
help; the help listing shows that line without importing anything, and only the command that
runs (or whose own ``--help`` is asked for) is imported. ``tests/cli/test_main.py`` checks that
every declared line matches the help of the command it stands for.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup


@dataclass(frozen=True, slots=True)
class LazyCommand:
    """A sub-command of ``torneo``: ``module:attribute`` is a Typer app or a command function."""

    target: str
    help: str
    no_args_is_help: bool = False

    def load(self, name: str) -> Any:
        module, _, attribute = self.target.partition(":")
        obj = getattr(importlib.import_module(module), attribute)
        # Mounted on a throwaway root, as ``add_typer``/``command`` would have mounted it on
        # ours: the command comes out exactly as an eager registration built it.
        root = typer.Typer(add_completion=False)
        root.callback()(_nothing)
        if isinstance(obj, typer.Typer):
            root.add_typer(obj, name=name, no_args_is_help=self.no_args_is_help)
        else:  # a function: one command of its own
            root.command(name)(obj)
        group = typer.main.get_command(root)
        assert isinstance(group, TyperGroup)
        return group.commands[name]


def _nothing() -> None:
    """The throwaway root's callback (a root with a callback is a group)."""


class LazyGroup(TyperGroup):
    """The root group: commands from :attr:`registry`, imported on first use."""

    registry: ClassVar[dict[str, LazyCommand]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self._listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        eager = [name for name in super().list_commands(ctx) if name not in self.registry]
        return [*self.registry, *eager]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        lazy = self.registry.get(cmd_name)
        if command is not None or lazy is None:
            return command
        if self._listing:  # the root's help lists the line, no import
            return TyperCommand(name=cmd_name, help=lazy.help)
        command = lazy.load(cmd_name)
        self.commands[cmd_name] = command
        return command

    @contextmanager
    def _list_only(self) -> Iterator[None]:
        self._listing = True
        try:
            yield
        finally:
            self._listing = False

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with self._list_only():
            super().format_help(ctx, formatter)
