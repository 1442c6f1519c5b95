"""Automatic substitutions from the bench (FAN-SUB-1).

Starters without a score are replaced by bench players with one, in bench order, at most
``max_substitutions`` (3): first by players of the same role; then, for those still missing,
by the first bench player of another role with which the formation stays valid, re-checked
after each entry (3-4-3 missing a forward, no forward on the bench with a score: 4-4-2 with a
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


def _first_bench(
    bench_roles: Sequence[str], bench_scored: Sequence[bool], used: set[int], role: str
) -> int | None:
    for b, candidate in enumerate(bench_roles):
        if candidate == role and bench_scored[b] and b not in used:
            return b
    return None


def _first_keeping_shape(
    counts: dict[str, int],
    out_role: str,
    bench_roles: Sequence[str],
    bench_scored: Sequence[bool],
    used: set[int],
    formations: Sequence[str] | frozenset[str],
) -> tuple[int, str] | None:
    for b, role in enumerate(bench_roles):
        if role in (GK, out_role) or not bench_scored[b] or b in used:
            continue
        counts[out_role] -= 1
        counts[role] += 1
        shape = _shape(counts)
        counts[out_role] += 1
        counts[role] -= 1
        if shape is not None and shape in formations:
            return b, shape
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
    done: list[Substitution] = []
    for slot in missing:  # the same role first
        if len(done) >= most:
            break
        b = _first_bench(bench_roles, bench_scored, used, starter_roles[slot])
        if b is not None:
            used.add(b)
            done.append(Substitution(slot, b, SAME_ROLE, _shape(counts) or ""))
    filled = {s.slot for s in done}
    for slot in missing:  # then another role, if the formation stays valid
        if len(done) >= most:
            break
        out_role = starter_roles[slot]
        if slot in filled or out_role == GK:
            continue
        found = _first_keeping_shape(counts, out_role, bench_roles, bench_scored, used, formations)
        if found is not None:
            b, shape = found
            counts[out_role] -= 1
            counts[bench_roles[b]] += 1
            used.add(b)
            done.append(Substitution(slot, b, OTHER_ROLE, shape))
    done.sort(key=lambda s: s.bench)
    return done, _shape(counts)
