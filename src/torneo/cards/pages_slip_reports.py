"""Slip reports from the web (the page and the API): through the worker's group commit.

``create_app`` gives every worker one :func:`~torneo.cards.commands_self_report_batch.batcher`
(``app.state.report_batches``); reports of one event that arrive while another batch of it is
being written are written together (issue 14 item 3), a lone report at once and alone.
"""

from __future__ import annotations

from fastapi import Request

from torneo.cards.commands_self_report_batch import SlipReport
from torneo.cards.views_self_report import Reported
from torneo.platform.store.group_commit import GroupCommit


def report_by_slip(request: Request, event_id: int, table: int, code: str, result: str) -> Reported:
    """The player's report by slip code: its answer, or its refusal raised here."""
    batches: GroupCommit[int, SlipReport, Reported] = request.app.state.report_batches
    return batches.submit(event_id, SlipReport(table, code, result))
