"""The director's page builds a blind structure from nothing (issue 15 item 8; PKR-BTN-1,
PKR-RACE-1): the setup section's step table with ↑ ↓ ✕ on each step, forms to add a level or a
break where wanted, to start again from one level, and to generate the levels. Each handler calls
one service of :mod:`.commands_structure`; the whole-structure text edit stays in
:mod:`.pages_director`."""

from __future__ import annotations

from collections.abc import Callable

from torneo.platform.i18n import N_
from torneo.poker.floor.pages_posted import Outcome, Posted
from torneo.poker.structure import commands as structures

ANCHOR = "#structure-builder"


def _level(p: Posted) -> dict[str, str]:
    return {
        "type": p.get("type", "level") or "level",
        "small_blind": p.get("small_blind", "0") or "0",
        "big_blind": p.get("big_blind", "0") or "0",
        "ante": p.get("ante", "0") or "0",
        "minutes": p.get("minutes", "0") or "0",
        "colour_up": p.get("colour_up"),
    }


def _new(p: Posted) -> Outcome:
    structures.start_over(p.store, p.actor, p.tid, step=_level(p), version=p.version)
    return p.say(N_("A new structure: its first level is saved; add the others.")), ANCHOR


def _add(p: Posted) -> Outcome:
    structures.add_step(
        p.store, p.actor, p.tid, step=_level(p), position=p.get("position"), version=p.version
    )
    return p.say(N_("Structure saved.")), ANCHOR


def _remove(p: Posted) -> Outcome:
    structures.remove_step(p.store, p.actor, p.tid, position=p.get("position"), version=p.version)
    return p.say(N_("Structure saved.")), ANCHOR


def _move(p: Posted) -> Outcome:
    structures.move_step(
        p.store, p.actor, p.tid, position=p.get("position"), to=p.get("to"), version=p.version
    )
    return p.say(N_("Structure saved.")), ANCHOR


def _generate(p: Posted) -> Outcome:
    structures.generate_structure(
        p.store,
        p.actor,
        p.tid,
        start_small_blind=p.get("start_small_blind"),
        level_minutes=p.get("level_minutes"),
        levels=p.get("levels"),
        growth=p.get("growth"),
        break_every=p.get("break_every") or 0,
        break_minutes=p.get("break_minutes") or 10,
        ante=p.get("ante_mode") or "none",
        ante_from_level=p.get("ante_from_level") or 1,
        version=p.version,
    )
    return p.say(N_("Levels generated.")), ANCHOR


STRUCTURE_ACTIONS: dict[str, Callable[[Posted], Outcome]] = {
    "structure_new": _new,
    "structure_add": _add,
    "structure_remove": _remove,
    "structure_move": _move,
    "structure_generate": _generate,
}
