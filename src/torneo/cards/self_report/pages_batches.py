"""Players' reports from the web (the page and the API): through the worker's group commit.

``create_app`` gives every worker one :func:`~torneo.cards.self_report.commands_batch.batcher`
(``app.state.report_batches``); reports of one event that arrive while another batch of it is
being written are written together (issue 14 item 3), a lone report at once and alone. Both
ways a player reports go through it: the code of a slip and a player account.
"""

from __future__ import annotations

from fastapi import Request

from torneo.cards.self_report.commands_batch import AccountReport, Report, SlipReport
from torneo.cards.self_report.views import Reported
from torneo.platform.store.group_commit import GroupCommit
from torneo.platform.store.uow import Actor


def _batches(request: Request) -> GroupCommit[int, Report, Reported]:
    batches: GroupCommit[int, Report, Reported] = request.app.state.report_batches
    return batches


def report_by_slip(request: Request, event_id: int, table: int, code: str, result: str) -> Reported:
    """The player's report by slip code: its answer, or its refusal raised here."""
    return _batches(request).submit(event_id, SlipReport(table, code, result))


async def report_by_slip_async(
    request: Request, event_id: int, table: int, code: str, result: str
) -> Reported:
    """:func:`report_by_slip` awaited on the event loop (issue 32 item 4: no thread of the
    worker's pool for the wait; the batch runs in the group commit's own)."""
    return await _batches(request).submit_async(event_id, SlipReport(table, code, result))


def report_by_account(request: Request, event_id: int, actor: Actor, result: str) -> Reported:
    """The logged-in player's report of their own match: its answer, or its refusal."""
    return _batches(request).submit(event_id, AccountReport(actor, result))
