"""A blind structure built from nothing, step by step or generated (issue 15 item 8; PKR-BTN-1,
PKR-RACE-1), one transaction each, before the clock starts, like the whole-structure edit of
:mod:`.commands_setup` (the template's levels edited as text), with the same checks.

Each action reads the tournament's structure, changes it with :mod:`.rules.structure_builder`
and saves the whole, audited with before and after: add a level or a break at a position,
remove one, move one, start again from one level, or generate the levels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, cast

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker import state_changes as changes
from torneo.poker.commands import before_start, parse_int, parse_steps, topic
from torneo.poker.rules import structure_builder as builder
from torneo.poker.rules.structure import Break, Step, Structure
from torneo.poker.state import get_tournament, structure_of, structure_to_json
from torneo.poker.state_access import authorize_tournament

ANTES = ("none", "classic", "big_blind")


def _change(
    store: Store,
    actor: Actor,
    tournament_id: int,
    version: int | None,
    change: Callable[[Structure], Structure],
    how: str,
) -> None:
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        changes.changing(row, version, changes.STRUCTURE)
        before_start(row, "structure")  # PKR-BTN-1: published before the start
        before = row.structure
        row.structure = structure_to_json(change(structure_of(before)))
        uow.audit(
            "poker.structure",
            "poker_tournament",
            row.id,
            before=before,
            after={**row.structure, "how": how},
        )
        uow.notify(topic(row.id), "structure")


def _one_step(raw: Mapping[str, Any], steps: Sequence[Step], position: int | None) -> Step:
    """One typed step; a refusal names it where it would be: ``levels[4].big_blind`` (the
    level it would become) or ``steps[7].minutes`` (a break, by its position)."""
    at = len(steps) + 1 if position is None else position
    level = sum(1 for s in steps[: at - 1] if not isinstance(s, Break)) + 1
    try:
        (step,) = parse_steps([raw])
    except TorneoError as err:
        field = err.field.replace("levels[1]", f"levels[{level}]")
        field = field.replace("steps[1]", f"steps[{at}]")
        raise TorneoError(field, err.reason_message, err.accepted_message, rule=err.rule) from err
    return step


def add_step(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    step: Mapping[str, Any],
    position: int | str | None = None,
    version: int | None = None,
) -> None:
    """A level (small blind, big blind, ante, minutes) or a break (minutes, colour-up) at
    ``position`` (1 = first; empty = last)."""
    where = parse_int("position", position, low=1) if position not in (None, "") else None

    def change(s: Structure) -> Structure:
        new = _one_step(step, s.steps, where)
        return Structure(builder.insert_step(s.steps, new, s.chip_set, where), s.chip_set)

    _change(store, actor, tournament_id, version, change, "add")


def remove_step(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    position: int | str,
    version: int | None = None,
) -> None:
    where = parse_int("position", position, low=1)

    def change(s: Structure) -> Structure:
        return Structure(builder.remove_step(s.steps, where, s.chip_set), s.chip_set)

    _change(store, actor, tournament_id, version, change, "remove")


def move_step(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    position: int | str,
    to: int | str,
    version: int | None = None,
) -> None:
    where = parse_int("position", position, low=1)
    target = parse_int("to", to, low=1)

    def change(s: Structure) -> Structure:
        return Structure(builder.move_step(s.steps, where, target, s.chip_set), s.chip_set)

    _change(store, actor, tournament_id, version, change, "move")


def start_over(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    step: Mapping[str, Any],
    version: int | None = None,
) -> None:
    """From nothing: the structure becomes this one level (then add the others)."""

    def change(s: Structure) -> Structure:
        first = _one_step({**step, "type": "level"}, (), None)
        return Structure(builder.insert_step((), first, s.chip_set), s.chip_set)

    _change(store, actor, tournament_id, version, change, "new")


def parse_growth(value: Any) -> Fraction:
    """ "1.5", "1,5" or "150%" → 3/2."""
    text = str(value).strip().replace(",", ".")
    percent = text.endswith("%")
    try:
        number = Decimal(text.rstrip("%").strip())
    except InvalidOperation:
        raise TorneoError(
            "growth",
            N_("'%(value)s' is not a number"),
            N_("between 1.1 and 3, e.g. 1.5"),
            params={"value": value},
        ) from None
    if not number.is_finite():
        raise TorneoError(
            "growth",
            N_("'%(value)s' is not a number"),
            N_("between 1.1 and 3, e.g. 1.5"),
            params={"value": value},
        )
    growth = Fraction(number)
    return growth / 100 if percent else growth


def generate_structure(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    start_small_blind: int | str,
    level_minutes: int | str,
    levels: int | str,
    growth: str | float,
    break_every: int | str = 0,
    break_minutes: int | str = 10,
    ante: str = "none",
    ante_from_level: int | str = 1,
    version: int | None = None,
) -> None:
    """The levels generated (:func:`.rules.structure_builder.generate`) with the tournament's
    chips; the structure they replace stays in the audit log."""
    if ante not in ANTES:
        raise TorneoError(
            "ante", N_("'%(ante)s'"), N_("none, classic or big_blind"), params={"ante": ante}
        )
    values = {
        "start_small_blind": parse_int("start_small_blind", start_small_blind, low=1),
        "level_minutes": parse_int("level_minutes", level_minutes, low=1),
        "levels": parse_int("levels", levels, low=1),
        "break_every": parse_int("break_every", break_every or 0, low=0),
        "break_minutes": parse_int("break_minutes", break_minutes or 10, low=1),
        "ante_from_level": parse_int("ante_from_level", ante_from_level or 1, low=1),
    }
    rate = parse_growth(growth)

    def change(s: Structure) -> Structure:
        return builder.generate(
            values["start_small_blind"],
            values["level_minutes"],
            values["levels"],
            rate,
            s.chip_set,
            values["break_every"],
            values["break_minutes"],
            cast(builder.AnteMode, ante),  # checked against ANTES above
            values["ante_from_level"],
        )

    _change(store, actor, tournament_id, version, change, "generate")
