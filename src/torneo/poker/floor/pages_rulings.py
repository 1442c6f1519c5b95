"""The floor's procedures on the director's phone ``/poker/{id}/rulings`` (PKR-PROC-1..4,
art. 12.8, 14, 15, 18): the questions of each procedure, the decision, the rulings so far."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.prg import act_then_get, take_refusal
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import add_templates, render, say
from torneo.poker import views as poker_views
from torneo.poker.floor import commands_rulings as rulings
from torneo.poker.league import views as views_league
from torneo.poker.league.views import decimal_text
from torneo.poker.pages_labels import helpers
from torneo.poker.rules.rulings import CASES, Procedure
from torneo.poker.state_access import floor_reader

add_templates("torneo.poker.floor", "poker")  # its own templates/, as "poker/<name>"

router = APIRouter(include_in_schema=False)


CASE_LABELS = {
    "first_cards_exposed": N_("the first or second hole card exposed"),
    "other_card_exposed": N_("another hole card exposed by the dealer"),
    "several_cards_exposed": N_("more than one card exposed"),
    "one_extra_card": N_("one extra card to the first player"),
    "several_extra_cards": N_("more than one extra card"),
    "flop_too_many_cards": N_("a flop with too many cards"),
    "burn_error": N_("no burn card, or two, before the flop"),
    "turn_too_early": N_("the turn dealt too early"),
    "fold_facing_bet": N_("folded, or announced a fold, facing a bet"),
    "mucked_out_of_reach": N_("cards thrown out of the player's area"),
    "exposed_before_acting": N_("cards exposed or moved off the table before acting"),
    "beyond_limit": N_("a bet or raise beyond the limit"),
    "passed_to_player": N_("cards passed to another player"),
    "away_from_seat": N_("away from the seat when the cards were dealt"),
    "unprotected_swept": N_("unprotected cards collected by the dealer"),
    "different_back": N_("a card with a different back"),
    "duplicate_card": N_("two identical cards"),
    "card_face_up_in_deck": N_("a card face up in the deck"),
    "missing_cards": N_("cards missing from the deck"),
    "deck_irregular": N_("the deck made irregular"),
    "chips_hidden": N_("high-value chips kept out of view"),
    "last_round": N_("showdown order"),
}


def _helpers() -> dict[str, Any]:
    return {
        **helpers(),
        "points": decimal_text,
        "ruling_case": lambda k: i18n.gettext(CASE_LABELS[k]) if k in CASE_LABELS else k,
    }


# --- the floor's procedures ---------------------------------------------------------------------


def _rulings(request: Request, tid: int, **extra: Any) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    context = {
        "view": view,
        "cases": {p.value: CASES[p] for p in Procedure},
        "rulings": views_league.rulings_of(store_of(request), tid),
        "ruling": None,
        "error": None,
        "form": {},
        **extra,
        **_helpers(),
    }
    return render(request, "poker/rulings.html", context)


RULED = "ruled"  # the session key of the ruling just recorded, shown once on the GET page


@router.get("/poker/{tid}/rulings", response_class=HTMLResponse)
def rulings_page(request: Request, tid: int, actor: PageActor) -> Response:
    page = f"/poker/{tid}/rulings"
    refused = take_refusal(request)
    if refused.error is not None:
        return _rulings(request, tid, error=refused.error, form=refused.form)
    ruled = request.session.pop(RULED, None)
    if isinstance(ruled, dict) and ruled.get("page") == page:
        # the pure ruling again from the answers recorded (the same decision, its order)
        answers = dict(ruled.get("answers") or {})
        return _rulings(request, tid, ruling=rulings.ruling_for(ruled["p"], ruled["c"], answers))
    return _rulings(request, tid)


@router.post("/poker/{tid}/rulings", response_class=HTMLResponse)
async def rulings_post(request: Request, tid: int, actor: PageWriter) -> Response:
    """Post/Redirect/Get (issue 26 item 3): the ruling, or the refusal, shows on the GET page."""
    floor_reader(store_of(request), actor, tid)  # 403 before the form is read
    form = {k: str(v) for k, v in (await request.form()).items() if k != "csrf_token"}
    procedure = form.pop("procedure", "")
    case = form.pop("case", "") or "last_round"
    table = form.pop("table", "")
    note = form.pop("note", "")
    page = f"/poker/{tid}/rulings"

    def act() -> tuple[str, str]:
        ruling = rulings.record_ruling(
            store_of(request),
            actor,
            tid,
            procedure=procedure,
            case=case,
            answers=form,
            table=table,
            note=note,
        )
        answers = {k: v[:200] for k, v in form.items()}
        request.session[RULED] = {"page": page, "p": procedure, "c": case, "answers": answers}
        return say(request, N_("Ruling recorded: art. %(article)s."), article=ruling.article), ""

    kept = {**form, "procedure": procedure, "case": case, "table": table, "note": note}
    return act_then_get(request, act, success_url=page, refused_url=f"{page}#refused", form=kept)
