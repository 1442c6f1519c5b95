"""Automatic substitutions from the bench (FAN-SUB-1).

Starters without a score are replaced by bench players with one, in bench order (the
manager's, never the lineup's), at most ``max_substitutions`` (3): first by players of the same
role; then, for those still missing, by the first bench player of another role with which the
formation stays valid, re-checked after each entry (3-4-3 missing a forward, no forward on the bench with a score: 4-4-2 with a
defender or 3-5-2 with a midfielder, whichever comes first on the bench). A goalkeeper is
replaced only by a goalkeeper. If nobody can enter, the team plays with fewer players.

A starter whose match is still to be played (``None``: a provisional score) is not replaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from torneo.fantasy.rules.players import DEF, FWD, GK, MID

SAME_ROLE = "same_role"
OTHER_ROLE = "other_role"


@dataclass(frozen=True, slots=True)
class Substitution:
    slot: int  # the starter's position in the lineup
    bench: int  # the bench player's position on the bench
    why: str  # SAME_ROLE or OTHER_ROLE
    formation: str  # the formation after the entry


def _counts(roles: Sequence[str]) -> dict[str, int]:
    text = "".join(roles)
    return {role: text.count(role) for role in (GK, DEF, MID, FWD)}


def _shape(counts: dict[str, int]) -> str | None:
    if counts[GK] != 1:
        return None
    return f"{counts[DEF]}-{counts[MID]}-{counts[FWD]}"


def _other_role(
    counts: dict[str, int],
    starter_roles: Sequence[str],
    missing: Sequence[int],
    filled: set[int],
    role: str,
    formations: Sequence[str] | frozenset[str],
) -> tuple[int, str] | None:
    """The first missing starter (not a keeper, not of ``role``) a bench player of ``role``
    replaces with the formation still valid, and that formation; ``counts`` is updated."""
    for slot in missing:
        out_role = starter_roles[slot]
        if slot in filled or out_role in (GK, role):
            continue
        counts[out_role] -= 1
        counts[role] += 1
        shape = _shape(counts)
        if shape is not None and shape in formations:
            return slot, shape
        counts[out_role] += 1
        counts[role] -= 1
    return None


def substitutions(
    starter_roles: Sequence[str],
    starter_scored: Sequence[bool | None],
    bench_roles: Sequence[str],
    bench_scored: Sequence[bool],
    formations: Sequence[str] | frozenset[str],
    most: int,
) -> tuple[list[Substitution], str | None]:
    """FAN-SUB-1: who enters for whom, and the formation the team ends with."""
    counts = _counts(starter_roles)
    missing = [i for i, scored in enumerate(starter_scored) if scored is False]
    if not missing:
        return [], _shape(counts)
    used: set[int] = set()
    filled: set[int] = set()
    done: list[Substitution] = []
    # FAN-SUB-1, issue 28 item 8: the bench is walked in the manager's order, not the lineup's:
    # with four starters missing and three entries allowed, the first three bench players who
    # can enter are the ones who do. A bench player enters for the first (in lineup order)
    # starter still missing whom he can replace.
    for b, role in enumerate(bench_roles):  # the same role first
        if len(done) >= most:
            break
        if not bench_scored[b]:
            continue
        slot = next((i for i in missing if i not in filled and starter_roles[i] == role), None)
        if slot is not None:
            used.add(b)
            filled.add(slot)
            done.append(Substitution(slot, b, SAME_ROLE, _shape(counts) or ""))
    for b, role in enumerate(bench_roles):  # then another role, if the formation stays valid
        if len(done) >= most:
            break
        if b in used or not bench_scored[b] or role == GK:
            continue
        entry = _other_role(counts, starter_roles, missing, filled, role, formations)
        if entry is not None:
            slot, shape = entry
            used.add(b)
            filled.add(slot)
            done.append(Substitution(slot, b, OTHER_ROLE, shape))
    done.sort(key=lambda s: s.bench)
    return done, _shape(counts)
