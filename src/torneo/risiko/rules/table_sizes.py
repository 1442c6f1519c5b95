"""How many tables of which size a round needs (RSK-TBL-1, RSK-TBL-2 table-size policy).

A RisiKo! table seats 3 to 5 players, normally 4. The event chooses what to do with the players
left over by tables of 4: seat them as tables of 5 or as tables of 3. With either policy the
draw uses as few off-size tables as possible, so the field is seated as ``4a + 5b`` (or
``4a + 3b``) with ``b`` the least possible.

Which field sizes can be seated (Frobenius: every n from the largest gap + 1 on works):
- tables of 4 and 5: every n except 1, 2, 3, 6, 7 and 11;
- tables of 4 and 3: every n except 1, 2 and 5.
"""

from __future__ import annotations

from enum import StrEnum

from torneo.core.errors import Refusal
from torneo.core.messages import N_, Message

MIN_TABLE = 3  # RSK-TBL-1
MAX_TABLE = 5  # RSK-TBL-1
STANDARD_TABLE = 4


class TablePolicy(StrEnum):
    FOURS_THEN_FIVES = "fours_then_fives"  # the remainder sits at tables of 5
    FOURS_THEN_THREES = "fours_then_threes"  # the remainder sits at tables of 3

    @property
    def off_size(self) -> int:
        return 5 if self is TablePolicy.FOURS_THEN_FIVES else 3

    @property
    def label(self) -> Message:
        """ "tables of 4 and 5" as a message, so a refusal naming it is translated."""
        return Message(N_("tables of 4 and %(off)s"), {"off": self.off_size})


def _off_tables(n: int, policy: TablePolicy) -> int | None:
    """Least number of off-size tables seating ``n``; None when ``n`` cannot be seated."""
    if n <= 0:
        return None
    off = policy.off_size
    for b in range(STANDARD_TABLE):  # b ≡ the residue that off-size tables must absorb (mod 4)
        if (n - b * off) >= 0 and (n - b * off) % STANDARD_TABLE == 0:
            return b
    return None


def is_seatable(n: int, policy: TablePolicy) -> bool:
    return _off_tables(n, policy) is not None


def seatable_counts(policy: TablePolicy, up_to: int) -> list[int]:
    """Every field size from 1 to ``up_to`` the policy can seat."""
    return [n for n in range(1, up_to + 1) if is_seatable(n, policy)]


def can_seat(n: int, policy: TablePolicy) -> Refusal | None:
    """RSK-TBL-2: refuse a field the policy cannot seat, naming the nearest sizes that work."""
    if is_seatable(n, policy):
        return None
    if n <= 0:
        return Refusal(
            "players",
            N_("%(n)s players: there is nobody to seat"),
            N_("at least 3 players"),
            params={"n": n},
        )
    below = next((m for m in range(n - 1, 0, -1) if is_seatable(m, policy)), None)
    above = next(m for m in range(n + 1, n + 13) if is_seatable(m, policy))
    nearest = Message(N_("%(below)s or %(above)s"), {"below": below, "above": above})
    other = next(p for p in TablePolicy if p is not policy)
    reason = (
        N_("%(n)s players cannot be seated at %(policy)s; %(other)s seat it")
        if is_seatable(n, other)
        else N_("%(n)s players cannot be seated at %(policy)s")
    )
    return Refusal(
        "players",
        reason,
        N_("a field of %(nearest)s players with %(policy)s"),
        "RSK-TBL-2",
        params={
            "n": n,
            "policy": policy.label,
            "other": other.label,
            "nearest": nearest if below else above,
        },
    )


def table_sizes(n: int, policy: TablePolicy) -> tuple[int, ...]:
    """The sizes of the tables for ``n`` players: the tables of 4 first, the off-size ones last."""
    b = _off_tables(n, policy)
    if b is None:
        refusal = can_seat(n, policy)
        assert refusal is not None
        raise refusal.raise_as()
    a = (n - b * policy.off_size) // STANDARD_TABLE
    return (STANDARD_TABLE,) * a + (policy.off_size,) * b
