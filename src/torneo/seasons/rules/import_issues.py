"""What is wrong with a season's spreadsheet, cell by cell (issue 5 item 6; docs/season-import.md).

Every problem of the file is an :class:`ImportIssue` (row, column, what is wrong, what is
accepted), and they are all reported at once in one :class:`SeasonImportError`: nothing is
imported when any row is wrong. Row numbers are spreadsheet line numbers: the header is row 1,
the first result row 2. The reasons are messages, so a page shows them in its language and the
CLI and the API in English.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message

COLUMNS = (
    "tournament",
    "date",
    "store",
    "major",
    "player",
    "place",
    "swiss_points",
    "topcut_wins",
    "dropped",
)


SHOWN_ISSUES = 5  # the error's own text names the first five; ``issues`` has them all


def _message(text: str | Message) -> Message:
    return text if isinstance(text, Message) else Message(text)


@dataclass(frozen=True, slots=True, init=False)
class ImportIssue:
    """One wrong cell or row: where, what is wrong and what is accepted, as messages."""

    row: int  # spreadsheet line: header = 1
    column: str
    reason_message: Message
    accepted_message: Message

    def __init__(
        self, row: int, column: str, reason: str | Message, accepted: str | Message
    ) -> None:
        object.__setattr__(self, "row", row)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "reason_message", _message(reason))
        object.__setattr__(self, "accepted_message", _message(accepted))

    @property
    def reason(self) -> str:
        return self.reason_message.english()

    @property
    def accepted(self) -> str:
        return self.accepted_message.english()

    def message(self) -> Message:
        return Message(
            N_("row %(row)s, %(column)s: %(reason)s (accepted: %(accepted)s)"),
            {
                "row": self.row,
                "column": self.column,
                "reason": self.reason_message,
                "accepted": self.accepted_message,
            },
        )

    def text(self) -> str:
        return self.message().english()


class SeasonImportError(TorneoError):
    """Some rows are wrong; ``issues`` lists every problem. Nothing was imported."""

    def __init__(self, issues: list[ImportIssue]) -> None:
        self.issues = tuple(sorted(issues, key=_issue_order))
        count = len(self.issues)
        shown = [i.message() for i in self.issues[:SHOWN_ISSUES]]
        if count == 1:
            reason = N_("1 problem, nothing imported: %(shown)s")
        elif count > SHOWN_ISSUES:
            reason = N_("%(count)s problems, nothing imported: %(shown)s; … %(more)s more")
        else:
            reason = N_("%(count)s problems, nothing imported: %(shown)s")
        super().__init__(
            "file",
            reason,
            N_("a CSV as described in docs/season-import.md"),
            params={"count": count, "shown": shown, "more": count - SHOWN_ISSUES},
        )


def _issue_order(issue: ImportIssue) -> tuple[int, int]:
    order = {c: i for i, c in enumerate(("header", "row", *COLUMNS))}
    return (issue.row, order.get(issue.column, len(order)))


__all__ = ["COLUMNS", "SHOWN_ISSUES", "ImportIssue", "SeasonImportError"]
