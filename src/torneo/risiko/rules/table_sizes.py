"""How many tables of which size a round needs (RSK-TBL-1, RSK-TBL-2 table-size policy).

A RisiKo! table seats 3 to 5 players, normally 4. The event chooses what to do with the players
left over by tables of 4: seat them as tables of 5 or as tables of 3. With either policy the
draw uses as few off-size tables as possible, so the field is seated as ``4a + 5b`` (or
``4a + 3b``) with ``b`` the least possible.

Which field sizes the policy alone seats (Frobenius: every n from the largest gap + 1 on works):
- tables of 4 and 5: every n except 1, 2, 3, 6, 7 and 11;
- tables of 4 and 3: every n except 1, 2 and 5.

RSK-TBL-1: any field of 3 or more can still be seated, since a table seats 3 to 5. When the
policy alone cannot (11 at tables of 4 and 5, 5 at tables of 4 and 3), the draw mixes in the
other off size: as few tables of it as possible, then as few of the policy's off size (11 sits
at 4 + 4 + 3, 7 at 4 + 3, 6 at 3 + 3, 3 at one table of 3; 5 at one table of 5). Only fewer than
3 players are refused.
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
    def other_size(self) -> int:
        """The off size the policy does not choose, mixed in only when it must be."""
        return 3 if self is TablePolicy.FOURS_THEN_FIVES else 5

    @property
    def label(self) -> Message:
        """ "tables of 4 and 5" as a message, so a refusal naming it is translated."""
        return Message(N_("tables of 4 and %(off)s"), {"off": self.off_size})


def _off_tables(n: int, off: int, *, other: int | None = None) -> tuple[int, int] | None:
    """(tables of ``other``, tables of ``off``), fewest of ``other`` then of ``off``, seating
    ``n`` with tables of 4 for the rest; None when it cannot be done."""
    if n <= 0:
        return None
    for c in range(STANDARD_TABLE if other is not None else 1):
        rest = n - c * (other or 0)
        for b in range(STANDARD_TABLE):  # b ≡ the residue off-size tables absorb (mod 4)
            if rest - b * off >= 0 and (rest - b * off) % STANDARD_TABLE == 0:
                return c, b
    return None


def is_seatable(n: int, policy: TablePolicy) -> bool:
    """Whether the policy alone (tables of 4 and its off size) seats ``n``."""
    return _off_tables(n, policy.off_size) is not None


def seatable_counts(policy: TablePolicy, up_to: int) -> list[int]:
    """Every field size from 1 to ``up_to`` the policy alone can seat."""
    return [n for n in range(1, up_to + 1) if is_seatable(n, policy)]


def can_seat(n: int, policy: TablePolicy) -> Refusal | None:
    """RSK-TBL-1: refuse a field too small for one table (any 3 or more can be seated)."""
    if n >= MIN_TABLE:
        return None
    return Refusal(
        "players",
        N_("%(n)s players cannot be seated: a table seats %(min)s to %(max)s"),
        N_("at least %(min)s players"),
        "RSK-TBL-1",
        params={"n": n, "min": MIN_TABLE, "max": MAX_TABLE, "policy": policy.label},
    )


def table_sizes(n: int, policy: TablePolicy) -> tuple[int, ...]:
    """The sizes of the tables for ``n`` players: the tables of 4 first, then the policy's off
    size, then (only when the policy alone cannot seat ``n``) the other off size."""
    refusal = can_seat(n, policy)
    if refusal is not None:
        raise refusal.raise_as()
    found = _off_tables(n, policy.off_size, other=policy.other_size)
    assert found is not None  # every n ≥ 3 is 4a + 3b + 5c
    c, b = found
    a = (n - b * policy.off_size - c * policy.other_size) // STANDARD_TABLE
    return (STANDARD_TABLE,) * a + (policy.off_size,) * b + (policy.other_size,) * c
