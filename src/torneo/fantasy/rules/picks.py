"""What a manager has picked and not yet saved (issue 30 item 2): the roster being chosen from
the league's list, and the lineup being set on the pitch.

Nothing here is stored: the picks travel in the page's address until the manager saves them,
and the services check them with the rules they already apply (FAN-ROSTER-1 when the roster is
saved, FAN-LINEUP-1 when the lineup is). These helpers only tell the manager, while picking,
what the rules will say: the credits left and how many of each role are still wanted; the
formation's slots per role, a proposal filling the empty ones, and the bench in the order it
enters (FAN-SUB-1).

>>> slots_of("4-4-2")
{'P': 1, 'D': 4, 'C': 4, 'A': 2}
>>> moved((1, 2, 3), 2, -1)
(1, 3, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from torneo.fantasy.rules.players import DEF, FWD, GK, MID, ROLES, ListedPlayer
from torneo.fantasy.rules.roster import roster_cost
from torneo.presets.fantasy import FantasyRules

PREFERRED = "4-4-2"  # the first formation proposed when it is one of the league's


@dataclass(frozen=True, slots=True)
class RoleCount:
    role: str
    have: int
    want: int

    @property
    def full(self) -> bool:
        return self.have >= self.want


@dataclass(frozen=True, slots=True)
class RosterTally:
    """FAN-ROSTER-1 while picking: the cost, the credits left, the count of each role."""

    cost: int
    credits_left: int
    counts: tuple[RoleCount, ...]

    @property
    def full_roles(self) -> frozenset[str]:
        return frozenset(c.role for c in self.counts if c.full)

    @property
    def complete(self) -> bool:
        """Every role's quota met exactly and within the budget: it may be saved."""
        return self.credits_left >= 0 and all(c.have == c.want for c in self.counts)


def roster_tally(picked: Sequence[ListedPlayer], rules: FantasyRules) -> RosterTally:
    cost = roster_cost(picked)
    counts = tuple(
        RoleCount(role, sum(1 for p in picked if p.role == role), rules.quotas[role])
        for role in ROLES
    )
    return RosterTally(cost, rules.budget - cost, counts)


def slots_of(formation: str) -> dict[str, int]:
    """The starters of each role a formation ("4-4-2") takes: one goalkeeper (FAN-LINEUP-1)."""
    d, c, a = (int(n) for n in formation.split("-"))
    return {GK: 1, DEF: d, MID: c, FWD: a}


def proposed_formation(current: str | None, allowed: Sequence[str]) -> str:
    if current in allowed:
        assert current is not None
        return current
    return PREFERRED if PREFERRED in allowed else allowed[0]


@dataclass(frozen=True, slots=True)
class LineupDraft:
    """A lineup being set: the formation, each role's slots on the pitch (None: empty) and the
    bench in the order it enters (FAN-SUB-1)."""

    formation: str
    slots: tuple[tuple[str, tuple[int | None, ...]], ...]  # (role, player per slot), P D C A
    bench: tuple[int | None, ...]

    @property
    def starters(self) -> tuple[int, ...]:
        """The starters in lineup order (goalkeeper, defenders, midfielders, forwards)."""
        return tuple(pid for _, ids in self.slots for pid in ids if pid is not None)

    @property
    def bench_ids(self) -> tuple[int, ...]:
        return tuple(pid for pid in self.bench if pid is not None)


def _best_first(roster: Iterable[ListedPlayer]) -> list[ListedPlayer]:
    """The price is the league's measure of a player: the dearest are proposed first."""
    return sorted(roster, key=lambda p: (ROLES.index(p.role), -p.price, p.name, p.id))


def draft_lineup(
    roster: Sequence[ListedPlayer],
    formation: str,
    starters: Sequence[int | None],
    bench: Sequence[int | None],
    bench_size: int,
    *,
    fill: bool,
) -> LineupDraft:
    """The lineup the manager has chosen so far, laid on ``formation``'s slots.

    Starters keep their order within their role; those a smaller line has no room for leave
    the pitch (and may go to the bench). What was chosen stays as chosen, a player twice
    included (the save refuses it, naming him: FAN-LINEUP-1); only players not in the roster
    are left out. An empty slot or bench place stays empty unless ``fill`` (a new page, or a
    new formation picked): then the dearest unused players of the slot's role fill the pitch, and the bench is completed role after role (goalkeeper,
    defender, midfielder, forward, again), so a manager who agrees saves in one click.
    """
    by_id = {p.id: p for p in roster}
    want = slots_of(formation)
    best = _best_first(roster)
    on_pitch = _on_pitch(by_id, want, starters, fill)
    used = {pid for ids in on_pitch.values() for pid in ids}
    places: list[int | None] = [pid if pid in by_id else None for pid in bench]
    if fill:
        _fill_pitch(on_pitch, want, best, used)
        places = _without_repeats(places, used)
    places = (places + [None] * bench_size)[:bench_size]
    if fill:
        _fill_bench(places, best, used)
    slots = tuple(
        (role, tuple(on_pitch[role]) + (None,) * (want[role] - len(on_pitch[role])))
        for role in ROLES
    )
    return LineupDraft(formation, slots, tuple(places))


def _on_pitch(
    by_id: dict[int, ListedPlayer],
    want: dict[str, int],
    starters: Sequence[int | None],
    fill: bool,
) -> dict[str, list[int]]:
    chosen: dict[str, list[int]] = {role: [] for role in ROLES}
    for pid in starters:
        # a player chosen twice stays twice (the save says so): what was chosen is kept
        if pid is not None and pid in by_id and (not fill or pid not in chosen[by_id[pid].role]):
            chosen[by_id[pid].role].append(pid)
    return {role: ids[: want[role]] for role, ids in chosen.items()}


def _fill_pitch(
    on_pitch: dict[str, list[int]], want: dict[str, int], best: list[ListedPlayer], used: set[int]
) -> None:
    for p in best:
        if len(on_pitch[p.role]) < want[p.role] and p.id not in used:
            on_pitch[p.role].append(p.id)
            used.add(p.id)


def _without_repeats(places: list[int | None], used: set[int]) -> list[int | None]:
    seen: set[int] = set()
    out: list[int | None] = []
    for pid in places:
        out.append(None if pid is None or pid in used or pid in seen else pid)
        if pid is not None:
            seen.add(pid)
    return out


def _fill_bench(places: list[int | None], best: list[ListedPlayer], used: set[int]) -> None:
    """The empty places, role after role (P, D, C, A, again), the dearest spare first."""
    taken = used | {pid for pid in places if pid is not None}
    spare = {role: [p.id for p in best if p.role == role and p.id not in taken] for role in ROLES}
    turn = 0
    for i, pid in enumerate(places):
        if pid is not None:
            continue
        for _ in ROLES:
            role = ROLES[turn % len(ROLES)]
            turn += 1
            if spare[role]:
                places[i] = spare[role].pop(0)
                break


def moved(bench: Sequence[int | None], index: int, step: int) -> tuple[int | None, ...]:
    """FAN-SUB-1's order changed by an arrow: the place ``index`` swapped with its neighbour
    ``step`` away (-1 up, +1 down); an arrow past either end changes nothing."""
    out = list(bench)
    other = index + step
    if 0 <= index < len(out) and 0 <= other < len(out):
        out[index], out[other] = out[other], out[index]
    return tuple(out)
