"""What every fantasy league page shares: the codes of the services in the page's language,
exact points, times, and the one ``page`` response that gives the templates these helpers."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from fractions import Fraction
from typing import Any

from babel.dates import format_datetime
from fastapi import Request
from fastapi.responses import Response

from torneo.fantasy.rules.calendar import ITALY
from torneo.fantasy.rules.players import fraction_text
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.templating import add_templates, render

add_templates("torneo.fantasy", "fantasy")

LABELS: dict[str, str] = {
    # roles (FAN-ROSTER-1)
    "P": N_("Goalkeeper"),
    "D": N_("Defender"),
    "C": N_("Midfielder"),
    "A": N_("Forward"),
    # why a player scores or not (FAN-SV-1, FAN-POST-1)
    "voted": N_("voted"),
    "sv_sent_off": N_("no vote, sent off: 4"),
    "sv_goalkeeper": N_("no vote, goalkeeper who played at least 25 minutes: 6"),
    "sv_bonus": N_("no vote, with a bonus: 6"),
    "sv_malus": N_("no vote, own goal or missed penalty: 6"),
    "sv": N_("no vote: not counted"),
    "sv_booked": N_("no vote, only booked: not counted"),
    "sv_goalkeeper_short": N_("no vote, goalkeeper under 25 minutes: not counted"),
    "sv_goalkeeper_minutes_unknown": N_("no vote, goalkeeper, minutes unknown: not counted"),
    "not_played": N_("did not play"),
    "postponed": N_("match postponed: 6"),
    "suspended": N_("suspended"),
    "pending": N_("match still to come"),
    "sold": N_("sold after the lineup was given: missing"),
    # terms of a score (FAN-SCORE-1)
    "vote": N_("vote"),
    "official_vote": N_("official vote"),
    "sent_off_score": N_("sent off, no vote"),
    "goal": N_("goals"),
    "assist": N_("assists"),
    "penalty_saved": N_("penalties saved"),
    "penalty_scored": N_("penalties scored"),
    "yellow": N_("yellow card"),
    "red": N_("red card"),
    "own_goal": N_("own goals"),
    "penalty_missed": N_("penalties missed"),
    "conceded": N_("goals conceded"),
    # substitutions (FAN-SUB-1) and penalties (FAN-PEN-1)
    "same_role": N_("same role"),
    "other_role": N_("another role, the formation stays valid"),
    "formation": N_("invalid formation"),
    "not_in_roster": N_("player not in the roster"),
    "bench": N_("bench error"),
    "wrong_transfer": N_("wrong transfer"),
    "other": N_("other"),
    # the review list (FAN-DATA-1)
    "by_name": N_("matched by name: check it"),
    "ambiguous": N_("several players of that name"),
    "other_club": N_("that name only in another club"),
    "unknown": N_("not in the league's list"),
    # a matchday's data
    "provisional": N_("provisional"),
    "official": N_("official"),
}


def label(code: str | None) -> str:
    if code is None:
        return ""
    message = LABELS.get(code)
    return i18n.gettext(message) if message else code


def pts(value: Fraction | int | None) -> str:
    """Exact points as people write them (72.5; 6.375)."""
    if value is None:
        return ""
    text = fraction_text(Fraction(value))
    return text.replace(".", ",") if i18n.current_language() == "it" else text


def when(moment: datetime | None) -> str:
    """A moment in Italian time, in the page's language."""
    if moment is None:
        return ""
    return format_datetime(moment.astimezone(ITALY), format="short", locale=i18n.current_language())


def page(
    request: Request,
    template: str,
    context: Mapping[str, Any],
    *,
    status: int = 200,
) -> Response:
    full = {"label": label, "pts": pts, "when": when, "error": None, "form": {}, **context}
    return render(request, template, full, status=status)
