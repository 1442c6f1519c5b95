"""Each round of a card event's Top X sits at tables 1..n (issue 30)

The Top X stored each match's bracket slot as its table number, so the semifinals were shown
at tables 2 and 3 with no table 1, the quarterfinals at 4-7. Players report by table number,
so a Top round now sits at tables 1..n in slot order (``engines.knockout.bracket.slot_table``).
This renumbers the stored Top matches (stage ``top``; the 3rd/4th-place match stays at table 2,
beside the final) and what names their table: the players' self-reports, a deck check drawn
in a Top round, and the round clock's per-table durations.

In a round of ``n`` Top matches the slots are ``n .. 2n-1``: table = slot - n + 1. Rows are
moved one at a time in ascending order, so the unique (event, round, table) is never broken.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-04 17:00:00
"""

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _top_rounds(conn: sa.Connection) -> dict[tuple[int, int], int]:
    """(event, round) → the number of Top matches in it."""
    rows = conn.execute(
        sa.text(
            "SELECT event_id, round_no, COUNT(*) FROM matches WHERE stage = 'top' "
            "GROUP BY event_id, round_no"
        )
    ).all()
    return {(int(e), int(r)): int(n) for e, r, n in rows}


def _renumber(to_table: bool) -> None:
    conn = op.get_bind()
    rounds = _top_rounds(conn)

    def moved(n: int, number: int) -> int:
        return number - n + 1 if to_table else number + n - 1

    for (event_id, round_no), n in sorted(rounds.items()):
        key = {"e": event_id, "r": round_no}
        ids = conn.execute(
            sa.text(
                "SELECT id, table_no FROM matches WHERE event_id = :e AND round_no = :r "
                "AND stage = 'top' ORDER BY table_no " + ("ASC" if to_table else "DESC")
            ),
            key,
        ).all()
        for match_id, number in ids:
            new = moved(n, int(number))
            conn.execute(
                sa.text("UPDATE matches SET table_no = :t WHERE id = :id"),
                {"t": new, "id": match_id},
            )
            conn.execute(
                sa.text("UPDATE self_reports SET table_no = :t WHERE match_id = :id"),
                {"t": new, "id": match_id},
            )
        for check_id, number in conn.execute(
            sa.text(
                "SELECT id, table_no FROM judging_deck_checks WHERE event_id = :e AND round_no = :r"
            ),
            key,
        ).all():
            conn.execute(
                sa.text("UPDATE judging_deck_checks SET table_no = :t WHERE id = :id"),
                {"t": moved(n, int(number)), "id": check_id},
            )
        for clock_id, durations in conn.execute(
            sa.text(
                "SELECT id, durations FROM judging_round_clocks "
                "WHERE event_id = :e AND round_no = :r"
            ),
            key,
        ).all():
            listed: list[Any] = json.loads(durations) if isinstance(durations, str) else durations
            fixed = [[moved(n, int(t)), seconds] for t, seconds in listed or []]
            conn.execute(
                sa.text("UPDATE judging_round_clocks SET durations = :d WHERE id = :id").bindparams(
                    sa.bindparam("d", type_=sa.JSON)
                ),
                {"d": fixed, "id": clock_id},
            )


def upgrade() -> None:
    _renumber(to_table=True)


def downgrade() -> None:
    _renumber(to_table=False)
