"""The result buttons of the player's match section (self_report/pages.py, issue 15): every
result the player may tap, seen from their side, the likely ones first, or the one result to
confirm.

Issue 32 item 4: the buttons were a third of the CPU of a report's htmx answer, and they depend
only on the match's format (best of, Top X), the result to confirm and the page's language, not
on the player: the choices are worked out once per format and the buttons' HTML once per format,
result and language (:func:`result_buttons`), then kept for the worker's life.
"""

from __future__ import annotations

import functools

from jinja2 import Environment, Template, pass_environment
from markupsafe import Markup

from torneo.cards.self_report import views as srv
from torneo.cards.views_rounds import allowed_results, likely_results
from torneo.platform import i18n


def result_choices(seat: srv.Seat) -> list[tuple[str, str]]:
    """(value, kind) of every result the player may tap, seen from their side."""
    return list(_choices(seat.best_of, seat.is_top))


@functools.cache
def _choices(best_of: int, is_top: bool) -> tuple[tuple[str, str], ...]:
    # The same for every match of a format: worked out once per process (issue 32 item 4).
    out = []
    for text in allowed_results(best_of, draws=not is_top):
        parts = [int(p) for p in text.split("-")]
        mine, theirs = parts[0], parts[1]
        draws = parts[2] if len(parts) > 2 else 0
        if mine == theirs == 0 and draws == best_of:
            kind = "id"
        elif mine > theirs:
            kind = "won"
        elif mine < theirs:
            kind = "lost"
        else:
            kind = "draw"
        out.append((text, kind))
    return tuple(out)


def split_choices(seat: srv.Seat) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Issue 15: the likely results first (2-0, 2-1, 1-2, 0-2, 1-1-1), the rest behind "other"."""
    likely, others = _split(seat.best_of, seat.is_top)
    return list(likely), list(others)


@functools.cache
def _split(best_of: int, is_top: bool) -> tuple[tuple[tuple[str, str], ...], ...]:
    likely = set(likely_results(best_of, draws=not is_top))
    choices = _choices(best_of, is_top)
    first = tuple(c for c in choices if c[0] in likely)
    rest = tuple(c for c in choices if c[0] not in likely)
    return first, rest


def confirm_choice(seat: srv.Seat) -> str | None:
    """The one result the opponent of the first reporter confirms, seen from their side."""
    report = seat.report
    if report.status != "pending" or report.first_player_id in (None, seat.player_id):
        return None
    return seat.mine(report.first_result)


@pass_environment
def result_buttons(env: Environment, seat: srv.Seat | None, confirm: str | None) -> Markup:
    """The section's result buttons (report_buttons.html), called by the template in the page's
    language. Issue 32 item 4: they were a third of a report's answer, and depend only on the
    match's format, the result to confirm and the language: rendered once per those, then kept.
    The template object is part of the key, so an edited template (development's auto-reload)
    is rendered again."""
    if seat is None:
        return Markup()
    template = env.get_template("self_report/report_buttons.html")
    lang = i18n.current_language()
    return _buttons(template, lang, seat.best_of, seat.is_top, confirm)


@functools.lru_cache(maxsize=512)  # languages x formats x results to confirm: a few dozen
def _buttons(
    template: Template, lang: str, best_of: int, is_top: bool, confirm: str | None
) -> Markup:
    likely, others = _split(best_of, is_top)
    choices = _choices(best_of, is_top)
    context = {"choices": choices, "likely": likely, "others": others, "confirm": confirm}
    return Markup(template.render(context))
