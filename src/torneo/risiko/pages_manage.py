"""The organizer's control room of a RisiKo! tournament: settings and rules, the regulation
(RSK-REG-1), players, the draws and hand swaps (RSK-TBL-2), closing.

Each form posts to one route that calls one service; the browser always ends on the control room
(Post/Redirect/Get, issue 26 item 3): accepted with a flash message, refused with the refusal and
what was typed (``platform.web.prg``), so reload and Back never send a form again. The page shows
each visitor only the forms the one policy lets them use (issue 26 item 2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import TorneoError
from torneo.core.policy import Actor
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.forms import checked, form_int, form_int_required
from torneo.platform.web.prg import act_then_get, refuse_to, take_refusal
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import page_language, say, say_count
from torneo.risiko import commands as risiko
from torneo.risiko import commands_roster as risiko_roster
from torneo.risiko import commands_settings as risiko_settings
from torneo.risiko import commands_swaps as risiko_swaps
from torneo.risiko import views as risiko_views
from torneo.risiko.commands_results import record_title_roll
from torneo.risiko.commands_swaps import SwapPreview
from torneo.risiko.pages_render import page

router = APIRouter(include_in_schema=False)

Text = Annotated[str, Form(max_length=1000)]
LongText = Annotated[str, Form(max_length=500_000)]
FORMULAS = ("bonus-50", "spartac", "master", "placement")  # RSK-PTS-2
POLICIES = ("fours_then_fives", "fours_then_threes")  # RSK-TBL-2


def _version(value: str | None) -> int | None:
    """The version the page was loaded at (none: take the tournament as it is now)."""
    return form_int("version", value, required=False)


def suggested_regulation(rules: risiko_views.RulesView) -> dict[str, str]:
    """Texts to start from, in the page's language, for the parts the organizer left empty.

    Part 1 holds only what the settings do not say: the structure itself (games, table sizes,
    semifinals, final, game time) is written from the current settings wherever the regulation
    is shown (:func:`torneo.risiko.pages_render.formula_text`), so it never goes stale when the
    settings change (issue 26 item 4)."""
    formula = i18n.gettext(
        N_(
            "Draws avoid repeated opponents and same-club pairs. Ties: total points, then wins, "
            "then the best single game, then the second best."
        )
    )
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
    actor: Actor,
    *,
    round_no: int | None = None,
    swap: tuple[int, int] | None = None,
) -> Response:
    """The control room (GET): the refusal a form left here (Post/Redirect/Get, issue 26 item 3)
    with what was typed, the swap asked for previewed, and only the forms the one policy lets
    this visitor use (issue 26 item 2)."""
    refused = take_refusal(request)
    error, form = refused.error, dict(refused.form)
    view = risiko_views.tournament_page(store_of(request), tid, actor)
    preview: SwapPreview | None = None
    if swap is not None and round_no is not None and error is None and view.may_manage:
        form.update(swap_a=str(swap[0]), swap_b=str(swap[1]))
        try:
            preview = risiko_swaps.preview_swap(store_of(request), tid, round_no, *swap)
        except TorneoError as err:
            error = err
    with i18n.language(page_language(request)):
        suggestion = suggested_regulation(view.rules)
    context = {
        "page": view,
        "shown": view.round(round_no),
        "error": error,
        "dropped": refused.dropped,
        "form": form,
        "preview": preview,
        "suggestion": suggestion,
        "formulas": FORMULAS,
        "policies": POLICIES,
        "people": {p.person.player_id: p.person for p in view.players},
    }
    return page(request, "risiko/manage.html", context)


def _act(
    request: Request,
    tid: int,
    form: Mapping[str, Any],
    action: Callable[[], str],
    *,
    anchor: str = "",
) -> Response:
    """Post/Redirect/Get: accepted or refused, the browser ends on the control room (GET)."""
    url = f"/risiko/{tid}/manage{anchor}"
    return act_then_get(request, action, success_url=url, form=form)


@router.get("/risiko/{tid}/manage", response_class=HTMLResponse)
def manage(
    request: Request,
    tid: int,
    actor: PageActor,
    round: Annotated[int | None, Query(ge=1, le=1000)] = None,
    a: Annotated[int | None, Query(ge=1)] = None,
    b: Annotated[int | None, Query(ge=1)] = None,
) -> Response:
    swap = (a, b) if a is not None and b is not None else None
    return _manage(request, tid, actor, round_no=round, swap=swap)


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
                "open_variant": checked(form.get("open_variant")),
                "sole_winner": checked(form.get("sole_winner")),
                "discard_worst": form_int("discard_worst", form.get("discard_worst")),
                "table_policy": form.get("table_policy"),
                "draw_priorities": priorities or None,
                "qualifying_games": form_int("qualifying_games", form.get("qualifying_games")),
                "semifinal_tables": form_int("semifinal_tables", form.get("semifinal_tables")),
                "final_table_size": form_int("final_table_size", form.get("final_table_size")),
                "game_minutes": form_int("game_minutes", form.get("game_minutes")),
            }
        risiko_settings.update_settings(
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
        return say(request, N_("Settings saved."))

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
        published = risiko_settings.save_regulation(
            store_of(request),
            actor,
            tid,
            parts,
            publish=checked(publish),
            version=_version(version),
        )
        if published:
            return say(request, N_("The regulation is published."))
        return say(request, N_("Regulation saved as a draft."))

    form = {f"regulation_{k}": v for k, v in parts.items()}
    return _act(request, tid, form, action, anchor="#regulation")


@router.post("/risiko/{tid}/manage/players", response_class=HTMLResponse)
def register_player(
    request: Request,
    tid: int,
    actor: PageWriter,
    name: Text = "",
    club: Text = "",
    player: Text = "",
) -> Response:
    def action() -> str:
        risiko.register_player(
            store_of(request), actor, tid, name=name, club=club or None, player=player or None
        )
        return say(request, N_("%(name)s is registered."), name=" ".join(name.split()))

    return _act(request, tid, {"name": name, "club": club}, action, anchor="#players")


@router.post("/risiko/{tid}/manage/roster", response_class=HTMLResponse)
def register_roster(
    request: Request, tid: int, actor: PageWriter, roster: LongText = ""
) -> Response:
    def action() -> str:
        ids = risiko_roster.register_roster(store_of(request), actor, tid, roster)
        n = len(ids)
        return say_count(
            request,
            lambda: i18n.ngettext("%(num)s player registered.", "%(num)s players registered.", n),
            num=n,
        )

    return _act(request, tid, {"roster": roster}, action, anchor="#players")


@router.post("/risiko/{tid}/manage/withdraw", response_class=HTMLResponse)
def withdraw_player(
    request: Request, tid: int, actor: PageWriter, player_id: Text = "", reason: Text = ""
) -> Response:
    def action() -> str:
        pid = form_int_required("player_id", player_id)
        risiko.withdraw_player(store_of(request), actor, tid, pid, reason=reason or None)
        return say(request, N_("The player has left the tournament."))

    return _act(request, tid, {}, action, anchor="#players")


@router.post("/risiko/{tid}/manage/draw", response_class=HTMLResponse)
def draw_round(
    request: Request, tid: int, actor: PageWriter, method: Text = "", version: Text = ""
) -> Response:
    def action() -> str:
        number = risiko.draw_round(
            store_of(request), actor, tid, method=method or None, version=_version(version)
        )
        return say(request, N_("Round %(n)s is drawn."), n=number)

    return _act(request, tid, {"method": method}, action, anchor="#round")


@router.post("/risiko/{tid}/manage/undo-draw", response_class=HTMLResponse)
def undo_draw(
    request: Request, tid: int, actor: PageWriter, round_no: Text = "", version: Text = ""
) -> Response:
    def action() -> str:
        number = form_int_required("round_no", round_no)
        risiko_swaps.undo_draw(store_of(request), actor, tid, number, version=_version(version))
        return say(request, N_("The draw of round %(n)s is taken back."), n=number)

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
    """RSK-TBL-2: without ``confirm`` the browser is sent to the control room showing what the
    swap changes (a read, at a GET address); with it, the swap is done."""
    form = {"swap_a": a, "swap_b": b}
    store = store_of(request)
    try:
        number = form_int_required("round_no", round_no)
        pa = form_int_required("a", a)
        pb = form_int_required("b", b)
        if not checked(confirm):
            url = f"/risiko/{tid}/manage?round={number}&a={pa}&b={pb}#swap-preview"
            return RedirectResponse(url, status_code=303)
        risiko_swaps.swap_players(store, actor, tid, number, pa, pb, version=_version(version))
    except TorneoError as err:
        return refuse_to(request, err, f"/risiko/{tid}/manage#round", form)
    flash(request, "ok", say(request, N_("The two players are swapped.")))
    return RedirectResponse(f"/risiko/{tid}/manage#round", status_code=303)


@router.post("/risiko/{tid}/manage/close", response_class=HTMLResponse)
def close(request: Request, tid: int, actor: PageWriter, version: Text = "") -> Response:
    def action() -> str:
        risiko.close_tournament(store_of(request), actor, tid, version=_version(version))
        return say(request, N_("The tournament is closed: the final ranking is fixed."))

    return _act(request, tid, {}, action)


@router.post("/risiko/{tid}/manage/title-roll", response_class=HTMLResponse)
async def title_roll(request: Request, tid: int, actor: PageWriter) -> Response:
    """RSK-TIE-1: the roll for the title, one total of two dice per tied player."""
    raw = await request.form()
    form = {k: str(v) for k, v in raw.items()}
    rolls = [
        {"player": key.removeprefix("roll-"), "total": value}
        for key, value in form.items()
        if key.startswith("roll-")
    ]

    def action() -> str:
        record_title_roll(
            store_of(request), actor, tid, rolls, version=_version(form.get("version"))
        )
        return say(request, N_("The roll for the title is recorded."))

    return _act(request, tid, form, action, anchor="#final")


@router.post("/risiko/{tid}/manage/structure", response_class=HTMLResponse)
def change_structure(
    request: Request,
    tid: int,
    actor: PageWriter,
    semifinal_tables: Text = "",
    final_table_size: Text = "",
    reason: Text = "",
    version: Text = "",
) -> Response:
    """RSK-TBL-2: the structure changed between rounds, with a reason."""

    def action() -> str:
        risiko_settings.change_structure(
            store_of(request),
            actor,
            tid,
            reason=reason,
            version=_version(version),
            semifinal_tables=form_int("semifinal_tables", semifinal_tables, required=False),
            final_table_size=form_int("final_table_size", final_table_size, required=False),
        )
        return say(request, N_("The structure is changed."))

    form = {
        "semifinal_tables": semifinal_tables,
        "final_table_size": final_table_size,
        "reason": reason,
    }
    return _act(request, tid, form, action, anchor="#round")
