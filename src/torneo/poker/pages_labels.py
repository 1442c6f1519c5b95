"""What the poker templates show by code: weekday, move, sanction, status and ruling names, money
and the clock, in the page's language (every page passes :func:`helpers` to its template)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from babel.numbers import format_currency

from torneo.platform import i18n
from torneo.platform.i18n import N_

REFRESH_SECONDS = 5

WEEKDAY_NAMES = {
    "mon": N_("Monday"),
    "tue": N_("Tuesday"),
    "wed": N_("Wednesday"),
    "thu": N_("Thursday"),
    "fri": N_("Friday"),
    "sat": N_("Saturday"),
    "sun": N_("Sunday"),
}
REASONS = {
    "balance": N_("balancing"),
    "break": N_("table broken"),
    "director": N_("director"),
    "undo": N_("undone"),
    "seat": N_("seat drawn"),
}
LOG_KINDS = {  # the floor's log (issue 15 item 8)
    "bust": N_("Bust-out"),
    "move": N_("Director's move"),
    "late_entry": N_("Late entry"),
    "re_entry": N_("Re-entry"),
    "rebuy": N_("Rebuy"),
    "add_on": N_("Add-on"),
    "warning": N_("Warning"),  # PKR-PEN-1: a sanction's entry has the sanction's name
    "missed_hands": N_("Missed hands"),
    "disqualification": N_("Disqualification"),
    "chop": N_("Chop"),
    "ruling": N_("Floor ruling"),  # PKR-PROC-1..4
}
CHOP_METHODS = {
    "equal": N_("equal deal"),
    "chips": N_("deal by chips"),
    "icm": N_("deal by ICM"),
}
SANCTIONS = {
    "warning": N_("Warning"),
    "missed_hands": N_("Missed hands"),
    "disqualification": N_("Disqualification"),
}
STATUSES = {
    "registration": N_("registration"),
    "running": N_("running"),
    "finished": N_("finished"),
}
RULINGS = {
    "check": N_("check"),
    "call": N_("call"),
    "bet": N_("bet"),
    "raise": N_("raise"),
    "all_in_reopens": N_("all-in: reopens the betting"),
    "all_in_no_reopen": N_("all-in: does not reopen the betting"),
    "completed": N_("completed to the minimum raise"),
    "call_instead": N_("less than half a raise: a call"),
}


def _label(table: Mapping[str, str], key: str) -> str:
    return i18n.gettext(table[key]) if key in table else key


def euros(cents: int) -> str:
    """Money as the club reads it: "1.602 €" / "€1,602" (cents only when there are any)."""
    fmt = "#,##0 ¤" if cents % 100 == 0 else "#,##0.00 ¤"
    if i18n.current_language() == "en":
        fmt = "¤#,##0" if cents % 100 == 0 else "¤#,##0.00"
    return format_currency(
        cents / 100, "EUR", format=fmt, locale=i18n.current_language(), currency_digits=False
    )


def plain_euros(cents: int) -> str:
    """Euros as typed in a form field: "90", "12.50"."""
    return str(cents // 100) if cents % 100 == 0 else f"{cents / 100:.2f}"


def clock_text(seconds: int | None) -> str:
    if seconds is None:
        return "–"
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def helpers() -> dict[str, Any]:
    return {
        "euros": euros,
        "plain_euros": plain_euros,
        "clock_text": clock_text,
        "weekday_name": lambda k: _label(WEEKDAY_NAMES, k),
        "reason_name": lambda k: _label(REASONS, k),
        "sanction_name": lambda k: _label(SANCTIONS, k),
        "log_kind": lambda k: _label(LOG_KINDS, k),
        "chop_method": lambda k: _label(CHOP_METHODS, k),
        "poker_status": lambda k: _label(STATUSES, k),
        "ruling_name": lambda k: _label(RULINGS, k),
        "refresh": REFRESH_SECONDS,
    }
