"""The rows of the event page's long tables, rendered once per content and language.

Issue 14 item 2: a result changes one pairing, two lines of "by name" and the standings lines
whose place, points or tiebreaks moved; the other rows of a 2,000-player page are the same text
as before. Each row is a macro of ``partials/rows.html`` called through :class:`RowCache`, keyed
by the row's whole read model (frozen dataclasses: equal content, equal HTML) and the language,
so the page after a change renders only the rows that changed. A standings line's rank and
cut line are written outside its cached HTML: a result moves the rank of every line between the
winner's old and new places (hundreds at 2,000 players) and nothing else of them. Nothing is keyed by id or
version: a row is never shown for content other than its own, on any worker.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from torneo.cards.views_ranking import StandingLine

ROWS = "partials/rows.html"


class RowCache:
    """Rendered rows by key, in two generations: when the young one is full the old one is
    dropped, so the rows of the pages in use stay and the rest go (bounded memory, no lock:
    a race renders a row twice, never wrongly)."""

    def __init__(self, capacity: int = 20_000) -> None:
        self.capacity = capacity
        self._young: dict[Hashable, Markup] = {}
        self._old: dict[Hashable, Markup] = {}
        self.rendered = 0

    def get(self, key: Hashable) -> Markup | None:
        found = self._young.get(key)
        if found is None:
            found = self._old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: Hashable, html: Markup) -> None:
        if len(self._young) >= self.capacity:
            self._old, self._young = self._young, {}
        self._young[key] = html

    def clear(self) -> None:
        self._young, self._old = {}, {}


def _standings_key(r: StandingLine, pods: bool) -> tuple[object, ...]:
    """What ``standings_row`` shows of a line, as plain values: a line's own hash and equality
    go through every tiebreak Fraction (Python code), ten times slower on 2,000 lines. The rank
    and the cut line are not in it: ``rows`` writes them (:func:`_standings_opening`)."""
    values = tuple((tb.name, tb.value.numerator, tb.value.denominator) for tb in r.tiebreaks)
    shown = (r.player_id, r.name, r.club, r.is_active, r.points, r.wins, r.losses)
    return (*shown, r.draws, r.byes, r.pod, bool(pods), values)


def _standings_opening(r: StandingLine, cut: bool) -> str:
    """The line's ``<tr>`` and rank cell, as ``standings_row`` wrote them before (issue 15's
    rank is an int: nothing to escape)."""
    css = ("" if r.is_active else "inactive") + (" cut" if cut else "")
    return f'    <tr class="{css}">\n      <td class="num rank">{int(r.rank)}</td>\n'


# Keys of the macros whose arguments are slow to hash; the others are keyed by their arguments.
_KEYS: dict[str, Callable[..., tuple[object, ...]]] = {"standings_row": _standings_key}


def row_renderer(cache: RowCache, env: Environment, lang: str) -> Callable[..., Markup]:
    """``rows(macro, items, *args, cut=0)`` for a template: one table's rows, each the macro's
    HTML for ``(item, *args)`` rendered at most once per (macro, language, args). Called while
    the page renders, in the page's language. ``cut`` (standings only) is the position of the
    Top X cut line. One call per table, not per row: a Jinja loop calling back per row cost
    more than the rows it found in the cache (issue 14 item 2: 640 rows per 256-player page)."""
    macros = env.get_template(ROWS).module
    get, put = cache.get, cache.put

    def rows(macro: str, items: Iterable[Any], *args: Any, cut: int = 0) -> Markup:
        keyed = _KEYS.get(macro)
        render = getattr(macros, macro)
        standings = macro == "standings_row"
        out: list[str] = []
        for position, item in enumerate(items, start=1):
            full = (item, *args)
            key = (macro, lang, *(keyed(*full) if keyed else full))
            html = get(key)
            if html is None:
                html = Markup(render(*full))
                put(key, html)
                cache.rendered += 1
            if standings:
                out.append(_standings_opening(item, position == cut))
            out.append(html)
        return Markup("".join(out))

    return rows
