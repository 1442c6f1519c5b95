"""The load run's checks, read from the database at the end (bench/load/run.py): every table
reported by both players holds its result exactly once, and how many transactions wrote them."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from torneo.cards.self_report.tables import SelfReport
from torneo.cards.tables import Match
from torneo.platform.store.db import make_engine
from torneo.platform.store.tables import AuditEntry


def check_database(url: str, event_id: int, tables: list[int]) -> dict[str, Any]:
    engine = make_engine(url)
    with engine.connect() as c:
        rows = c.execute(
            select(Match.table_no, Match.wins_a, Match.wins_b, Match.reported_at).where(
                Match.event_id == event_id, Match.round_no == 1
            )
        ).all()
        reports = dict(
            c.execute(
                select(AuditEntry.entity_id, func.count(AuditEntry.id))
                .where(AuditEntry.event_id == event_id, AuditEntry.action == "match.report")
                .group_by(AuditEntry.entity_id)
            ).all()
        )
        statuses = dict(
            c.execute(
                select(SelfReport.status, func.count(SelfReport.id))
                .where(SelfReport.event_id == event_id)
                .group_by(SelfReport.status)
            ).all()
        )
        # The players' reports share a transaction when the worker wrote them together
        # (group commit, cards/commands_self_report_batch): one timestamp per transaction.
        transactions = c.execute(
            select(func.count(func.distinct(AuditEntry.at))).where(
                AuditEntry.event_id == event_id, AuditEntry.action.like("self_report.%")
            )
        ).scalar_one()
        match_ids = dict(
            c.execute(
                select(Match.table_no, Match.id).where(
                    Match.event_id == event_id, Match.round_no == 1
                )
            ).all()
        )
    engine.dispose()
    wanted = set(tables)
    recorded = {t: (a, b, at) for t, a, b, at in rows if a is not None}
    lost = [t for t in wanted if t not in recorded]
    wrong = [t for t in wanted if t in recorded and recorded[t][:2] != (2, 1)]
    strays = [t for t in recorded if t not in wanted]
    doubled = [t for t in wanted if reports.get(match_ids[t], 0) > 1]
    return {
        "lost": lost,
        "wrong": wrong,
        "strays": strays,
        "doubled": doubled,
        "statuses": statuses,
        "transactions": transactions,
        "reported_at": {t: recorded[t][2] for t in wanted if t in recorded},
    }
