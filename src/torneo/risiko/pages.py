"""RisiKo! pages: the tournaments, the public page and printable regulation, the organizer's
control room, a table's result form and the referee console on a phone, the season.

Each form posts to one route that calls one service. Success redirects back (303) with a flash
message; a refusal re-renders the page with the error (its field named) and the values typed,
and nothing is changed (the services guarantee it). The console also answers htmx: its panel is
swapped in place. Live notices of the tournament (``risiko:<id>``, :mod:`torneo.platform.web.live`) make
the public page, the control room's tables and the console re-read themselves; the console asks
with the version the phone shows (``?since=``) and the server answers 204 when that table did
not change, so a second phone at the table follows the first without disturbing forms someone is
using. A slow poll stays as a fallback where a stream is not available.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any

from babel.dates import format_time
from babel.numbers import format_decimal
from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.session import act_and_redirect, flash, store_of
from torneo.platform.web.templating import add_templates, page_language, render
from torneo.risiko import commands as risiko
from torneo.risiko import commands_console as risiko_console
from torneo.risiko import views as risiko_views
from torneo.risiko.commands import SwapPreview
from torneo.risiko.commands_results import enter_result
from torneo.risiko.state import preset_rules

add_templates(
    "torneo.risiko", "risiko"
)  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=500_000)]
LIVE_SECONDS = 120  # the public page's fallback poll (live notices refresh it at once)
CONSOLE_SECONDS = 15  # the console's fallback poll (a second phone follows by live notices)

# Codes the services use, in the page's language.
LABELS: dict[str, str] = {
    # formulas (RSK-PTS-2)
    "bonus-50": N_("Bonus 50 (table points + 50 to the sole winner)"),
    "master": N_("Master (table points / 1000 + 1 to the winner)"),
    "spartac": N_("Spartac (winner 100 + own points, others 100 − the gap)"),
    "placement": N_("Placement (12/7/5/3/2 + table points / 100)"),
    # table-size policy (RSK-TBL-2)
    "fours_then_fives": N_("Tables of 4, the remainder at tables of 5"),
    "fours_then_threes": N_("Tables of 4, the remainder at tables of 3"),
    # draw criteria (RSK-TBL-2)
    "repeat_opponents": N_("Repeated opponents"),
    "same_club": N_("Same-club pairs"),
    "repeat_off_size": N_("Repeat seats at an off-size table"),
    "winners_together": N_("Previous winners together"),
    # stages and draws
    "qualifying": N_("Qualifying game"),
    "semifinal": N_("Semifinals"),
    "final": N_("Final table"),
    "random": N_("Random draw with improving swaps"),
    "greca": N_("Alla greca (the winner stays, the 2nd moves one table on, …)"),
    "svizzera": N_("Alla svizzera (by standing)"),
    "bands": N_("Semifinals by bands (one player of each quarter per table)"),
    "manual": N_("Changed by hand"),
    # seat statuses (RSK-PTS-1, RSK-OUT-1/2)
    "survived": N_("In the game"),
    "eliminated": N_("Eliminated"),
    "excluded": N_("Excluded"),
    "withdrawn": N_("Withdrew (force majeure)"),
    "expelled": N_("Expelled"),
    "active": N_("Playing"),
    # console
    "playing": N_("Game time running"),
    "penultimate_round": N_("Time over: penultimate round"),
    "last_round": N_("Last round"),
    "rolling": N_("End-of-game roll"),
    "ended": N_("Game over"),
    "roll": N_("a roll ended the game"),
    "risiko": N_("RisiKo! declared"),
    "last_player": N_("one player left"),
    "nobody_plays": N_("nobody left to play"),
    "goes_on": N_("goes on"),
    "ends_game": N_("ends the game"),
    "skipped": N_("no roll: conquered more than 2"),
    "forgotten": N_("forgotten"),
    "end_turn": N_("End of turn"),
    "time_over": N_("Game time over"),
    "eliminate": N_("Eliminated"),
    "exclude": N_("Excluded"),
    "withdraw": N_("Withdrew"),
    "army": N_("Army ruling"),
    "warning": N_("Verbal warning"),
    "exclusion": N_("Exclusion from the game"),
    "expulsion": N_("Expulsion from the tournament"),
    "army_removal": N_("Armies removed"),
    "undeclared_risiko": N_("RisiKo! achieved and not declared"),
    "forgotten_roll": N_("Forgotten end-of-game roll"),
    "rejected_ruling": N_("Rejected a referee's ruling"),
    "army_excess": N_("Armies over the allowed number"),
    "force_majeure": N_("force majeure"),
    "rejects_ruling": N_("rejects a ruling"),
    "board": N_("On the board (cap)"),
    "reinforcements": N_("Reinforcements placed"),
    "player_declared": N_("The player declared it"),
    "referee": N_("A referee found it"),
    "opponent": N_("Another player found it"),
    # tournament classes (season)
    "club": N_("Club"),
    "regional": N_("Regional"),
    "national": N_("National"),
    # statuses
    "registration": N_("registration"),
    "running": N_("running"),
    "finished": N_("finished"),
}


# The refusals a referee meets most, in the page's language (the services speak English; the
# rest falls back to the shared table of :mod:`torneo.platform.i18n`). Rule ids are kept as they are.
_REASONS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), m)
    for p, m in [
        (
            r"^player (?P<who>.+?) has (?P<n>-?\d+) table points, above the objective's maximum "
            r"of (?P<max>\d+)$",
            N_("player %(who)s has %(n)s table points, above the objective's maximum of %(max)s"),
        ),
        (
            r"^player (?P<who>.+?) has (?P<n>-?\d+) table points$",
            N_("player %(who)s has %(n)s table points"),
        ),
        (
            r"^player (?P<who>.+?) is (?P<status>\w+) and holds no territory, yet has (?P<n>\d+) "
            r"table points$",
            N_(
                "player %(who)s is out of the game (%(status)s) and holds no territory, yet has "
                "%(n)s table points"
            ),
        ),
        (
            r"^(?P<n>\d+) winners tied on (?P<best>\d+) table points at table (?P<t>\d+) but the "
            r"event forces a sole winner$",
            N_(
                "%(n)s players tied on %(best)s table points at table %(t)s, but a sole winner is "
                "required"
            ),
        ),
        (
            r"^(?P<n>\d+) winners at table (?P<t>\d+) but the event forces a sole winner$",
            N_("%(n)s winners at table %(t)s, but a sole winner is required"),
        ),
        (
            r"^the elimination order (?P<order>[\d, ]*) has gaps or repeats$",
            N_("the elimination order %(order)s has gaps or repeats"),
        ),
        (
            r"^player (?P<who>.+?) is at table (?P<a>\d+) in round (?P<r>\d+), not at table "
            r"(?P<b>\d+): a player plays at one table a round$",
            N_(
                "player %(who)s is at table %(a)s in round %(r)s, not at table %(b)s: a player "
                "plays at one table a round"
            ),
        ),
        (
            r"^player (?P<who>.+?) of table (?P<t>\d+) has no result$",
            N_("player %(who)s of table %(t)s has no result"),
        ),
        (
            r"^(?P<n>\d+) players at table (?P<t>\d+): a RisiKo! table seats 3 to 5$",
            N_("%(n)s players at table %(t)s: a RisiKo! table seats 3 to 5"),
        ),
        (
            r"^table (?P<t>\d+) of round (?P<r>\d+) already has a result$",
            N_("table %(t)s of round %(r)s already has a result"),
        ),
        (
            r"^(?P<total>.+) is not a roll of two dice$",
            N_("%(total)s is not a roll of two dice"),
        ),
        (r"^nobody owes a roll now$", N_("nobody owes a roll now")),
        (
            r"^the (?P<what>tournament|table console) changed since you loaded it \(yours "
            r"(?P<mine>\d+), now (?P<now>\d+)\)$",
            N_("it changed since you loaded it (yours %(mine)s, now %(now)s)"),
        ),
        (
            r"^round (?P<r>\d+) still has tables without a result \((?P<tables>[\d, ]+)\)$",
            N_("round %(r)s still has tables without a result (%(tables)s)"),
        ),
        (
            r"^the regulation has not been published$",
            N_("the regulation has not been published"),
        ),
        (r"^the regulation lacks (?P<parts>.+)$", N_("the regulation lacks: %(parts)s")),
        (
            r"^(?P<n>\d+) players cannot be seated at tables of 4 and (?P<off>\d)(?P<hint>; .*)?$",
            N_("%(n)s players cannot be seated at tables of 4 and %(off)s"),
        ),
        (
            r"^the result of table (?P<t>\d+) of round (?P<r>\d+) is entered: the console is "
            r"closed$",
            N_("the result of table %(t)s of round %(r)s is entered: the console is closed"),
        ),
        (
            r"^player (?P<who>.+?) is playing their turn and cannot be eliminated now$",
            N_("player %(who)s is playing their turn and cannot be eliminated now"),
        ),
        (
            r"^the rules are fixed once the first round is drawn$",
            N_("the rules are fixed once the first round is drawn"),
        ),
    ]
]
_PARTS = {  # the regulation's parts as the domain names them (RSK-REG-1)
    "the tournament formula": N_("The tournament formula"),
    "who is responsible for refereeing": N_("Who is responsible for refereeing"),
    "what is not allowed during the tournament": N_("What is not allowed during the tournament"),
    "the sanctions": N_("Sanctions"),
}
_RULE_SUFFIX = re.compile(r"^(?P<text>.*?)(?P<rule> \[[A-Z]+(?:-[A-Z0-9]+)+\])$")


_ACCEPTED: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), m)
    for p, m in [
        (
            r"^0\.\.(?P<max>\d+) table points \(the objective's territories\), (?P<r>\d+) for "
            r"RisiKo!$",
            N_("0 to %(max)s table points (the objective's territories), %(r)s for RisiKo!"),
        ),
        (r"^2 to 12$", N_("2 to 12")),
        (r"^(?P<a>\d) to (?P<b>\d) players$", N_("%(a)s to %(b)s players")),
        (
            r"^enter every result of the round first$",
            N_("enter every result of the round first"),
        ),
        (r"^one line for each player of the table$", N_("one line for each player of the table")),
        (
            r"^the players of table (?P<t>\d+): (?P<who>.+)$",
            N_("the players of table %(t)s: %(who)s"),
        ),
        (
            r"^name the winner after breaking the tie: one of (?P<who>.+)$",
            N_("name the winner after breaking the tie: one of %(who)s"),
        ),
        (r"^exactly one winner: one of (?P<who>.+)$", N_("exactly one winner: one of %(who)s")),
        (
            r"^each eliminated player numbered once: (?P<order>[\d, ]+)$",
            N_("each eliminated player numbered once: %(order)s"),
        ),
        (
            r"^publish the regulation's four parts before the first draw$",
            N_("publish the regulation's four parts before the first draw"),
        ),
        (r"^a regulation with all four parts: .*$", N_("a regulation with all four parts")),
        (r"^a correction, with a reason$", N_("a correction, with a reason")),
        (
            r"^0 table points for a player no longer in the game$",
            N_("0 table points for a player no longer in the game"),
        ),
    ]
]


def risk_accepted(text: str | None) -> str | None:
    """What is accepted, in the page's language where known."""
    if text is None:
        return None
    rule = ""
    found = _RULE_SUFFIX.match(text)
    core = text
    if found:
        core, rule = found["text"], found["rule"]
    for pattern, message in _ACCEPTED:
        m = pattern.match(core)
        if m:
            return i18n.gettext(message) % m.groupdict() + rule
    return i18n.translate_accepted(text)


def risk_reason(text: str) -> str:
    """A refusal's reason in the page's language, keeping its rule id."""
    rule = ""
    found = _RULE_SUFFIX.match(text)
    core = text
    if found:
        core, rule = found["text"], found["rule"]
    for pattern, message in _REASONS:
        m = pattern.match(core)
        if m:
            values = {k: v or "" for k, v in m.groupdict().items()}
            if "parts" in values:  # RSK-REG-1: the missing parts by their names
                values["parts"] = ", ".join(
                    i18n.gettext(_PARTS.get(part, part)) for part in values["parts"].split(", ")
                )
            return i18n.gettext(message) % values + rule
    return i18n.translate_reason(text)


def label(code: str | None) -> str:
    if code is None:
        return ""
    message = LABELS.get(code)
    return i18n.gettext(message) if message else code


def pts(value: Fraction | int | None) -> str:
    """Tournament points, exact until shown: up to three decimals (master's thousandths)."""
    if value is None:
        return ""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            value = value.numerator
        else:
            exact = Decimal(value.numerator) / Decimal(value.denominator)
            return format_decimal(exact, format="#,##0.###", locale=i18n.current_language())
    return format_decimal(value, locale=i18n.current_language())


def clock(moment: datetime) -> str:
    """A time of day in the page's language ("21:30")."""
    return format_time(moment, format="short", locale=i18n.current_language())


def seats_by_name(shown: risiko_views.RoundLine) -> list[tuple[str, int, int]]:
    """Everyone of a round alphabetically, with their table and seat (turn order)."""
    rows = [
        (seat.person.name, table.number, i)
        for table in shown.tables
        for i, seat in enumerate(table.seats, start=1)
    ]
    return sorted(rows, key=lambda r: r[0].casefold())


def _say(request: Request, message: str, **values: Any) -> str:
    with i18n.language(page_language(request)):
        text = i18n.gettext(message)
        return text % values if values else text


def _page(
    request: Request,
    template: str,
    context: Mapping[str, Any],
    *,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> Response:
    full = {
        "label": label,
        "pts": pts,
        "clock": clock,
        "risk_reason": risk_reason,
        "risk_accepted": risk_accepted,
        "seats_by_name": seats_by_name,
        "error": None,
        "form": {},
        **context,
    }
    return render(request, template, full, status=status, headers=headers)


def _int(field: str, value: str | None, *, optional: bool = False) -> int | None:
    raw = (value or "").strip()
    if not raw:
        if optional:
            return None
        raise TorneoError(field, "is empty", "a whole number")
    try:
        return int(raw)
    except ValueError as exc:
        raise TorneoError(field, f"'{value}' is not a whole number", "a whole number") from exc


def _req(field: str, value: str | None) -> int:
    number = _int(field, value)
    if number is None:  # pragma: no cover - _int raises on an empty required value
        raise TorneoError(field, "is empty", "a whole number")
    return number


def _version(value: str | None) -> int | None:
    return _int("version", value, optional=True)


def _checked(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "on", "true", "yes", "si", "sì"}


# --- public -----------------------------------------------------------------------------------


@router.get("/risiko", response_class=HTMLResponse)
def tournaments(request: Request) -> Response:
    store = store_of(request)
    context = {
        "tournaments": risiko_views.list_tournaments(store),
        "seasons": risiko_views.seasons(store),
    }
    return _page(request, "risiko/list.html", context)


def _new_form(
    request: Request, form: Mapping[str, Any], error: TorneoError | None, status: int = 200
) -> Response:
    rules = preset_rules(risiko.DEFAULT_PRESET)
    context = {
        "form": dict(form),
        "error": error,
        "rules": risiko_views.rules_view(rules),
        "formulas": ("bonus-50", "spartac", "master", "placement"),
        "policies": ("fours_then_fives", "fours_then_threes"),
    }
    return _page(request, "risiko/new.html", context, status=status)


@router.get("/risiko/new", response_class=HTMLResponse)
def new_tournament(request: Request, actor: PageActor) -> Response:
    return _new_form(
        request, {"formula": "bonus-50", "table_policy": "fours_then_fives", "kind": "club"}, None
    )


@router.post("/risiko/new", response_class=HTMLResponse)
def create_tournament(
    request: Request,
    actor: PageWriter,
    name: Text = "",
    held_on: Text = "",
    location: Text = "",
    season: Text = "",
    kind: Text = "club",
    formula: Text = "bonus-50",
    open_variant: Text = "",
    table_policy: Text = "fours_then_fives",
    seed: Text = "",
) -> Response:
    form = {
        "name": name,
        "held_on": held_on,
        "location": location,
        "season": season,
        "kind": kind,
        "formula": formula,
        "open_variant": _checked(open_variant),
        "table_policy": table_policy,
        "seed": seed,
    }
    try:
        tid = risiko.create_tournament(
            store_of(request),
            actor,
            name=name,
            held_on=held_on,
            location=location or None,
            season=season or None,
            kind=kind,
            formula=formula,
            open_variant=_checked(open_variant),
            table_policy=table_policy,
            seed=_int("seed", seed, optional=True),
        )
    except TorneoError as err:
        return _new_form(request, form, err, err.status)
    flash(
        request,
        "ok",
        _say(request, N_("Tournament created: write the regulation and register the players.")),
    )
    return RedirectResponse(f"/risiko/{tid}/manage", status_code=303)


@router.get("/risiko/seasons/{season}", response_class=HTMLResponse)
def season_page(request: Request, season: str) -> Response:
    view = risiko_views.season_view(store_of(request), season)
    return _page(request, "risiko/season.html", {"season": view})


@router.get("/risiko/{tid}", response_class=HTMLResponse)
def public_page(
    request: Request,
    tid: int,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
    fragment: Annotated[str | None, Query(max_length=10)] = None,
) -> Response:
    page = risiko_views.tournament_page(store_of(request), tid)
    context = {"page": page, "shown": page.round(round), "refresh": LIVE_SECONDS}
    if fragment == "live":
        return _page(request, "risiko/_live.html", context)
    return _page(request, "risiko/public.html", context)


@router.get("/risiko/{tid}/regulation", response_class=HTMLResponse)
def regulation_page(request: Request, tid: int) -> Response:
    page = risiko_views.tournament_page(store_of(request), tid)
    return _page(request, "risiko/regulation.html", {"page": page})


# --- the control room -------------------------------------------------------------------------


def suggested_regulation(rules: risiko_views.RulesView) -> dict[str, str]:
    """Texts to start from, in the page's language, for the parts the organizer left empty."""
    off = "5" if rules.table_policy == "fours_then_fives" else "3"
    formula = i18n.gettext(
        N_(
            "Scoring formula: %(formula)s. %(games)s qualifying games at tables of 4 (the "
            "remainder at tables of %(off)s), drawn to avoid repeated opponents and same-club "
            "pairs."
        )
    ) % {"formula": label(rules.formula), "games": rules.qualifying_games, "off": off}
    if rules.semifinal_tables:
        formula += " " + i18n.gettext(
            N_(
                "Then %(tables)s semifinal tables by bands (one player of each quarter of the "
                "ranking per table) and a final table of %(final)s with the semifinal winners."
            )
        ) % {"tables": rules.semifinal_tables, "final": rules.final_table_size}
    else:
        formula += " " + i18n.gettext(
            N_("Then a final table of %(final)s with the best of the ranking.")
        ) % {"final": rules.final_table_size}
    formula += " " + i18n.gettext(
        N_(
            "Ties: total points, then wins, then the best single game, then the second best. "
            "Each game lasts %(minutes)s minutes, then the end-of-game roll."
        )
    ) % {"minutes": rules.game_minutes}
    sanctions = i18n.gettext(
        N_(
            "As the RTU 2016 referee regulation: armies over the allowed number (reinforcements, "
            "or more than %(cap)s on the board) are removed, double if a referee or another "
            "player finds them, and the cap is lowered by the excess; a forgotten end-of-game "
            "roll is a verbal warning, the second time exclusion from the game; RisiKo! achieved "
            "and not declared is exclusion (ranked as eliminated first); withdrawing because a "
            "ruling is rejected is expulsion from the tournament."
        )
    ) % {"cap": rules.army_cap}
    return {"formula": formula, "referees": "", "not_allowed": "", "sanctions": sanctions}


def _manage(
    request: Request,
    tid: int,
    *,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
    status: int = 200,
    round_no: int | None = None,
    preview: SwapPreview | None = None,
) -> Response:
    page = risiko_views.tournament_page(store_of(request), tid)
    with i18n.language(page_language(request)):
        suggestion = suggested_regulation(page.rules)
    context = {
        "page": page,
        "shown": page.round(round_no),
        "error": error,
        "form": dict(form or {}),
        "preview": preview,
        "suggestion": suggestion,
        "formulas": ("bonus-50", "spartac", "master", "placement"),
        "policies": ("fours_then_fives", "fours_then_threes"),
        "people": {p.person.player_id: p.person for p in page.players},
    }
    return _page(request, "risiko/manage.html", context, status=status)


def _act(
    request: Request,
    tid: int,
    form: Mapping[str, Any],
    action: Callable[[], str],
    *,
    anchor: str = "",
) -> Response:
    return act_and_redirect(
        request,
        action,
        success_url=f"/risiko/{tid}/manage{anchor}",
        on_error=lambda err: _manage(request, tid, error=err, form=form, status=err.status),
    )


@router.get("/risiko/{tid}/manage", response_class=HTMLResponse)
def manage(
    request: Request,
    tid: int,
    actor: PageActor,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
) -> Response:
    return _manage(request, tid, round_no=round)


@router.post("/risiko/{tid}/manage/settings", response_class=HTMLResponse)
async def save_settings(request: Request, tid: int, actor: PageWriter) -> Response:
    raw = await request.form()
    form = {k: str(v) for k, v in raw.items()}
    priorities = [str(v) for v in raw.getlist("draw_priorities") if str(v)]

    def action() -> str:
        store = store_of(request)
        changes: dict[str, Any] = {}
        if "formula" in form:  # the rules part of the form (shown until the first draw)
            changes = {
                "formula": form.get("formula"),
                "open_variant": _checked(form.get("open_variant")),
                "sole_winner": _checked(form.get("sole_winner")),
                "discard_worst": _int("discard_worst", form.get("discard_worst")),
                "table_policy": form.get("table_policy"),
                "draw_priorities": priorities or None,
                "qualifying_games": _int("qualifying_games", form.get("qualifying_games")),
                "semifinal_tables": _int("semifinal_tables", form.get("semifinal_tables")),
                "final_table_size": _int("final_table_size", form.get("final_table_size")),
                "game_minutes": _int("game_minutes", form.get("game_minutes")),
            }
        risiko.update_settings(
            store,
            actor,
            tid,
            version=_version(form.get("version")),
            name=form.get("name"),
            held_on=form.get("held_on"),
            location=form.get("location", ""),
            season=form.get("season", ""),
            kind=form.get("kind"),
            **changes,
        )
        return _say(request, N_("Settings saved."))

    return _act(request, tid, form, action, anchor="#settings")


@router.post("/risiko/{tid}/manage/regulation", response_class=HTMLResponse)
def save_regulation(
    request: Request,
    tid: int,
    actor: PageWriter,
    formula: LongText = "",
    referees: LongText = "",
    not_allowed: LongText = "",
    sanctions: LongText = "",
    publish: Text = "",
    version: Text = "",
) -> Response:
    parts = {
        "formula": formula,
        "referees": referees,
        "not_allowed": not_allowed,
        "sanctions": sanctions,
    }

    def action() -> str:
        published = risiko.save_regulation(
            store_of(request),
            actor,
            tid,
            parts,
            publish=_checked(publish),
            version=_version(version),
        )
        if published:
            return _say(request, N_("The regulation is published."))
        return _say(request, N_("Regulation saved as a draft."))

    form = {f"regulation_{k}": v for k, v in parts.items()}
    return _act(request, tid, form, action, anchor="#regulation")


@router.post("/risiko/{tid}/manage/players", response_class=HTMLResponse)
def register_player(
    request: Request, tid: int, actor: PageWriter, name: Text = "", club: Text = ""
) -> Response:
    def action() -> str:
        risiko.register_player(store_of(request), actor, tid, name=name, club=club or None)
        return _say(request, N_("%(name)s is registered."), name=" ".join(name.split()))

    return _act(request, tid, {"name": name, "club": club}, action, anchor="#players")


@router.post("/risiko/{tid}/manage/roster", response_class=HTMLResponse)
def register_roster(
    request: Request, tid: int, actor: PageWriter, roster: LongText = ""
) -> Response:
    def action() -> str:
        ids = risiko.register_roster(store_of(request), actor, tid, roster)
        return _say(request, N_("%(n)s players registered."), n=len(ids))

    return _act(request, tid, {"roster": roster}, action, anchor="#players")


@router.post("/risiko/{tid}/manage/withdraw", response_class=HTMLResponse)
def withdraw_player(
    request: Request, tid: int, actor: PageWriter, player_id: Text = "", reason: Text = ""
) -> Response:
    def action() -> str:
        pid = _req("player_id", player_id)
        risiko.withdraw_player(store_of(request), actor, tid, pid, reason=reason or None)
        return _say(request, N_("The player has left the tournament."))

    return _act(request, tid, {}, action, anchor="#players")


@router.post("/risiko/{tid}/manage/draw", response_class=HTMLResponse)
def draw_round(
    request: Request, tid: int, actor: PageWriter, method: Text = "", version: Text = ""
) -> Response:
    def action() -> str:
        number = risiko.draw_round(
            store_of(request), actor, tid, method=method or None, version=_version(version)
        )
        return _say(request, N_("Round %(n)s is drawn."), n=number)

    return _act(request, tid, {"method": method}, action, anchor="#round")


@router.post("/risiko/{tid}/manage/undo-draw", response_class=HTMLResponse)
def undo_draw(
    request: Request, tid: int, actor: PageWriter, round_no: Text = "", version: Text = ""
) -> Response:
    def action() -> str:
        number = _req("round_no", round_no)
        risiko.undo_draw(store_of(request), actor, tid, number, version=_version(version))
        return _say(request, N_("The draw of round %(n)s is taken back."), n=number)

    return _act(request, tid, {}, action, anchor="#round")


@router.post("/risiko/{tid}/manage/swap", response_class=HTMLResponse)
def swap(
    request: Request,
    tid: int,
    actor: PageWriter,
    round_no: Text = "",
    a: Text = "",
    b: Text = "",
    confirm: Text = "",
    version: Text = "",
) -> Response:
    """RSK-TBL-2: without ``confirm`` the page shows what the swap changes; with it, it is done."""
    form = {"swap_a": a, "swap_b": b}
    store = store_of(request)
    try:
        number = _req("round_no", round_no)
        pa = _req("a", a)
        pb = _req("b", b)
        if not _checked(confirm):
            preview = risiko.preview_swap(store, tid, number, pa, pb)
            return _manage(request, tid, form=form, preview=preview, round_no=number)
        risiko.swap_players(store, actor, tid, number, pa, pb, version=_version(version))
    except TorneoError as err:
        return _manage(request, tid, error=err, form=form, status=err.status)
    flash(request, "ok", _say(request, N_("The two players are swapped.")))
    return RedirectResponse(f"/risiko/{tid}/manage#round", status_code=303)


@router.post("/risiko/{tid}/manage/close", response_class=HTMLResponse)
def close(request: Request, tid: int, actor: PageWriter, version: Text = "") -> Response:
    def action() -> str:
        risiko.close_tournament(store_of(request), actor, tid, version=_version(version))
        return _say(request, N_("The tournament is closed: the final ranking is fixed."))

    return _act(request, tid, {}, action)


# --- a table's result -------------------------------------------------------------------------


def _table_url(tid: int, round_no: int, table: int) -> str:
    return f"/risiko/{tid}/rounds/{round_no}/tables/{table}"


def _result_page(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    *,
    error: TorneoError | None = None,
    typed: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    view = risiko_views.result_form(store_of(request), tid, round_no, table)
    context = {"v": view, "error": error, "typed": dict(typed or {})}
    return _page(request, "risiko/result.html", context, status=status)


@router.get("/risiko/{tid}/rounds/{round_no}/tables/{table}/result", response_class=HTMLResponse)
def result_form(
    request: Request, tid: int, round_no: int, table: int, actor: PageActor
) -> Response:
    return _result_page(request, tid, round_no, table)


@router.post("/risiko/{tid}/rounds/{round_no}/tables/{table}/result", response_class=HTMLResponse)
async def save_result(
    request: Request, tid: int, round_no: int, table: int, actor: PageWriter
) -> Response:
    raw = await request.form()
    typed = {k: str(v) for k, v in raw.items()}
    winners = [str(w) for w in raw.getlist("winner") if str(w).strip()]
    typed["winners"] = ",".join(winners)
    seats = []
    i = 1
    while f"seat-{i}-player" in raw:
        seats.append(
            {
                "player": typed.get(f"seat-{i}-player"),
                "table_points": typed.get(f"seat-{i}-points", ""),
                "status": typed.get(f"seat-{i}-status", "survived"),
                "eliminated": typed.get(f"seat-{i}-eliminated", ""),
            }
        )
        i += 1
    try:
        winner_ids = [_int("winners", w) for w in winners]
        enter_result(
            store_of(request),
            actor,
            tid,
            round_no,
            table,
            seats,
            [w for w in winner_ids if w is not None],
            correction=_checked(typed.get("correction")),
            reason=typed.get("reason") or None,
        )
    except TorneoError as err:
        return _result_page(
            request, tid, round_no, table, error=err, typed=typed, status=err.status
        )
    flash(request, "ok", _say(request, N_("Result of table %(n)s saved."), n=table))
    return RedirectResponse(f"/risiko/{tid}/manage?round={round_no}#table-{table}", status_code=303)


# --- the referee console ----------------------------------------------------------------------


def _console(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    *,
    panel_only: bool = False,
    error: TorneoError | None = None,
    status: int = 200,
) -> Response:
    view = risiko_views.console_view(store_of(request), tid, round_no, table)
    context = {
        "v": view,
        "error": error,
        "poll": CONSOLE_SECONDS,
        "url": _table_url(tid, round_no, table),
    }
    template = "risiko/_console_panel.html" if panel_only else "risiko/console.html"
    return _page(request, template, context, status=status)


@router.get("/risiko/{tid}/rounds/{round_no}/tables/{table}/console", response_class=HTMLResponse)
def console(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    actor: PageActor,
    fragment: Annotated[str | None, Query(max_length=10)] = None,
    since: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    if fragment == "panel":
        if since is not None:
            view = risiko_views.console_view(store_of(request), tid, round_no, table)
            if view.version == since:
                return Response(status_code=204)  # nothing new: htmx keeps the panel
        return _console(request, tid, round_no, table, panel_only=True)
    return _console(request, tid, round_no, table)


async def _console_post(
    request: Request,
    tid: int,
    round_no: int,
    table: int,
    actor: Any,
    call: Callable[[Mapping[str, str], int | None], None],
) -> Response:
    raw = await request.form()
    form = {k: str(v) for k, v in raw.items()}
    is_htmx = request.headers.get("HX-Request") == "true"
    error: TorneoError | None = None
    try:
        call(form, _version(form.get("version")))
    except TorneoError as err:
        error = err
    if is_htmx:
        return _console(
            request,
            tid,
            round_no,
            table,
            panel_only=True,
            error=error,
            status=error.status if error else 200,
        )
    if error is not None:
        return _console(request, tid, round_no, table, error=error, status=error.status)
    return RedirectResponse(_table_url(tid, round_no, table) + "/console", status_code=303)


@router.post("/risiko/{tid}/rounds/{round_no}/tables/{table}/console", response_class=HTMLResponse)
async def console_action(
    request: Request, tid: int, round_no: int, table: int, actor: PageWriter
) -> Response:
    def call(form: Mapping[str, str], version: int | None) -> None:
        risiko_console.act(store_of(request), actor, tid, round_no, table, form, version=version)

    return await _console_post(request, tid, round_no, table, actor, call)


@router.post(
    "/risiko/{tid}/rounds/{round_no}/tables/{table}/console/undo", response_class=HTMLResponse
)
async def console_undo(
    request: Request, tid: int, round_no: int, table: int, actor: PageWriter
) -> Response:
    def call(form: Mapping[str, str], version: int | None) -> None:
        risiko_console.undo(store_of(request), actor, tid, round_no, table, version=version)

    return await _console_post(request, tid, round_no, table, actor, call)
