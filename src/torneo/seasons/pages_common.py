"""What every season page shares: form field types, the season page's cached read model, the
charts, the helpers templates call (ladder names, the CSV header).

The season page's read model is cached under the season's fingerprint
(:func:`~torneo.seasons.views.season_token`): a season of 60,000 results is ranked once
per change, not once per visitor.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import Form, Request

from torneo.cards.public.cache import ReadCache
from torneo.core.errors import NotFound, TorneoError
from torneo.core.message_json import dump_message, load_message
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.prg import Refused
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import add_templates
from torneo.presets import load_preset, preset_ids
from torneo.seasons import views as season_views
from torneo.seasons.chart import Chart, step_chart
from torneo.seasons.rules.import_issues import COLUMNS, ImportIssue

add_templates(
    "torneo.seasons", "seasons"
)  # this discipline's templates/ (platform/web/templating.py)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=500_000)]
MAX_UPLOAD_BYTES = 20 * 1024 * 1024
WEEK_DAYS = tuple(date(2024, 1, d) for d in range(1, 8))  # a Monday-first week, for day names
SHOWN_ROWS = 200
SHOWN_TOURNAMENTS = 40  # the latest first  # the season table shows this many rows (or the cut and 20 more) until "all"

LADDER_SOURCES = {
    "matches": N_("Card events, match by match (Glicko-2)"),
    "tables": N_("RisiKo! tables (openskill)"),
    "placings": N_("A season's tournament placings (openskill)"),
}
LADDER_NAMES = {"professional": N_("Professional"), "amateur": N_("Amateur")}


def text_helpers() -> dict[str, Any]:
    return {
        "ladder_source": _ladder_source,
        "ladder_name": _ladder_name,
        "csv_header": ",".join(COLUMNS),
    }


def _ladder_source(source: str) -> str:
    return i18n.gettext(LADDER_SOURCES[source]) if source in LADDER_SOURCES else source


def _ladder_name(ladder: str | None) -> str:
    return i18n.gettext(LADDER_NAMES[ladder]) if ladder in LADDER_NAMES else ""


def season_presets() -> list[tuple[str, str]]:
    out = []
    for pid in preset_ids():
        try:
            rs = load_preset(pid)
        except TorneoError:
            continue
        if rs.season is not None:
            out.append((pid, rs.name))
    return out


def cached_season_page(request: Request, season_id: int) -> season_views.SeasonPage:
    """The season page's read model, rebuilt only when the season's fingerprint changed."""
    store = store_of(request)
    token = season_views.season_token(store, season_id)
    if token is None:
        raise NotFound(
            "season",
            N_("no season %(id)s"),
            N_("the id of an existing season"),
            params={"id": season_id},
        )
    cache: ReadCache = request.app.state.read_cache
    return cache.get_or_build(
        ("season-page", token), lambda: season_views.season_page(store, season_id)
    )


def charts(
    chart: season_views.SeasonChart, *, wide: int, today: date | None = None
) -> tuple[Chart, Chart]:
    """The chart for a phone (400 wide) and for a wide screen (``wide``): readable labels on both."""
    return (
        step_chart(chart, today=today, width=400, height=260),
        step_chart(chart, today=today, width=wide, height=300 if wide < 900 else 320),
    )


def issue_details(err: TorneoError) -> list[dict[str, str]]:
    """A refused import's wrong rows, for the page it redirects to (Post/Redirect/Get, issue 26
    item 3: :func:`torneo.platform.web.prg.refuse_to` keeps as many as the cookie holds)."""
    return [
        {
            "row": str(i.row),
            "column": i.column,
            "reason": dump_message(i.reason_message),
            "accepted": dump_message(i.accepted_message),
        }
        for i in getattr(err, "issues", ())
    ]


def refused_issues(refused: Refused) -> list[ImportIssue]:
    """The wrong rows a refused import left for this page (:func:`issue_details`)."""
    return [
        ImportIssue(
            int(d.get("row") or 0),
            d.get("column", ""),
            load_message(d.get("reason", "")),
            load_message(d.get("accepted", "")),
        )
        for d in refused.details
    ]
