"""The director's phone ``/poker/{id}/director`` (issue 8): clock, seat draw, bust-out buttons
per seat, the moves announced, the floor's log with an "Undo" on each entry (issue 15 item 8),
entries, sanctions, chip counts, payouts and the chop.

Each form posts to ``/poker/{id}/director/<action>``. :data:`ACTIONS` names the handler of every
action: it calls one service and says what happened (a flash message in the page's language) and
where to come back to; a refusal redirects to the page too, which shows it with the values typed
and nothing changed (Post/Redirect/Get, issue 26 item 3: :mod:`torneo.platform.web.prg`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from torneo.core.errors import Forbidden, NotFound, TorneoError
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.store.uow import Actor
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.prg import act_then_get, take_refusal
from torneo.platform.web.session import store_of
from torneo.platform.web.templating import add_templates, render, say_count
from torneo.poker import commands as poker
from torneo.poker import commands_clock as poker_clock
from torneo.poker import commands_entries as poker_entries
from torneo.poker import commands_seats as poker_seats
from torneo.poker import commands_setup as poker_setup
from torneo.poker import views as poker_views
from torneo.poker.floor import commands as poker_floor
from torneo.poker.floor import commands_chop as poker_chop
from torneo.poker.floor import commands_purchases as poker_purchases
from torneo.poker.floor import commands_sanctions as poker_sanctions
from torneo.poker.floor import commands_undo as poker_undo
from torneo.poker.floor.pages_posted import Outcome, Posted, lines
from torneo.poker.floor.views_log import LogRow, floor_log
from torneo.poker.pages_labels import helpers
from torneo.poker.state_access import floor_reader
from torneo.poker.structure.pages import STRUCTURE_ACTIONS

add_templates("torneo.poker.floor", "poker")  # its own templates/, as "poker/<name>"

router = APIRouter(include_in_schema=False)


def _director(
    request: Request,
    tid: int,
    actor: Actor,
    *,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    context = {
        "view": view,
        "log": _log(request, tid, actor),
        "error": error,
        "form": dict(form or {}),
        **helpers(),
    }
    return render(request, "poker/director.html", context)


def _log(request: Request, tid: int, actor: Actor) -> tuple[LogRow, ...]:
    """The floor's log names who did what: shown to the tournament's floor and organizers."""
    try:
        floor_reader(store_of(request), actor, tid)
    except Forbidden:
        return ()
    return floor_log(store_of(request), tid)


@router.get("/poker/{tid}/director", response_class=HTMLResponse)
def poker_director(request: Request, tid: int, actor: PageActor) -> Response:
    # A refused form, brought back with its values; the page's own live re-read (htmx) leaves
    # a pending refusal for the page the browser is about to show.
    refused = take_refusal(request)  # nothing for an htmx re-read (torneo.platform.web.prg)
    if refused.error is None:
        return _director(request, tid, actor)
    return _director(request, tid, actor, error=refused.error, form=refused.form)


def _page(tid: int) -> str:
    return f"/poker/{tid}/director"


# --- reading the forms ------------------------------------------------------------------------


def _structure_step(n: int, line: str) -> dict[str, Any]:
    """One step a line: "SB BB [ante] minutes" or "break minutes [colour-up chips]"."""
    words = line.replace("/", " ").replace(",", " ").split()
    if words[0].lower() in {"break", "pausa"}:
        minutes = words[1] if len(words) > 1 else ""
        return {"type": "break", "minutes": minutes, "colour_up": words[2:]}
    if len(words) == 3:
        return {"small_blind": words[0], "big_blind": words[1], "minutes": words[2]}
    if len(words) == 4:
        keys = ("small_blind", "big_blind", "ante", "minutes")
        return dict(zip(keys, words, strict=True))
    raise TorneoError(
        f"structure[{n}]",
        N_("'%(line)s'"),
        N_("SB BB [ante] minutes, or break minutes [chips]"),
        params={"line": line},
    )


def _structure_steps(text: str) -> list[dict[str, Any]]:
    return [_structure_step(n, line) for n, line in enumerate(lines(text, "structure"), start=1)]


def _payout_rows(text: str) -> list[tuple[str | None, list[str]]]:
    """One row a line: "10: 50 30 20" (up to 10 entries) or "*: 27 16.5 ..." (any larger)."""
    rows: list[tuple[str | None, list[str]]] = []
    for n, line in enumerate(lines(text, "payouts"), start=1):
        head, sep, tail = line.partition(":")
        if not sep:
            raise TorneoError(
                f"payouts[{n}]",
                N_("'%(line)s'"),
                N_("entries: percentages, e.g. 10: 50 30 20"),
                params={"line": line},
            )
        limit = head.strip()
        rows.append((None if limit in {"*", ""} else limit, tail.replace(";", " ").split()))
    return rows


# --- the action handlers ----------------------------------------------------------------------


def _book(p: Posted) -> Outcome:
    poker_entries.book_player(p.store, p.actor, p.tid, name=p.get("name"), version=p.version)
    return p.say(N_("Booked: %(name)s."), name=p.get("name")), "#entries"


def _enter(p: Posted) -> Outcome:
    out = poker_entries.register_player(
        p.store,
        p.actor,
        p.tid,
        name=p.get("name"),
        version=p.version,
        player=p.get("player") or None,
    )
    if out.seat is None:
        return p.say(N_("%(name)s entered."), name=p.get("name")), "#entries"
    text = p.say(
        N_("%(name)s entered with %(chips)s chips: table %(table)s, seat %(seat)s."),
        name=p.get("name"),
        chips=f"{out.chips:,}",
        table=out.seat.table,
        seat=out.seat.seat,
    )
    return text, "#moves"


def _roster(p: Posted) -> Outcome:
    ids = poker_entries.register_roster(p.store, p.actor, p.tid, lines(p.get("names")))
    n = len(ids)
    return say_count(
        p.request,
        lambda: i18n.ngettext("%(num)s player entered.", "%(num)s players entered.", n),
        num=n,
    ), "#entries"


def _draw(p: Posted) -> Outcome:
    seats = poker_seats.draw_seats_now(p.store, p.actor, p.tid, version=p.version)
    n = len(seats)
    return say_count(
        p.request,
        lambda: i18n.ngettext(
            "Seats drawn for %(num)s player.", "Seats drawn for %(num)s players.", n
        ),
        num=n,
    ), "#tables"


def _clock(change: Callable[..., None]) -> Callable[[Posted], Outcome]:
    """Start, pause or resume the clock (PKR-BTN-1)."""

    def handler(p: Posted) -> Outcome:
        change(p.store, p.actor, p.tid, version=p.version)
        return p.say(N_("Clock updated.")), "#clock"

    return handler


def _jump(p: Posted) -> Outcome:
    poker_clock.jump_to_level(p.store, p.actor, p.tid, level=p.get("level"), version=p.version)
    return p.say(N_("Clock moved to level %(n)s."), n=p.get("level")), "#clock"


def _time(p: Posted) -> Outcome:
    poker_clock.add_time(p.store, p.actor, p.tid, seconds=p.get("seconds"), version=p.version)
    return p.say(N_("Clock updated.")), "#clock"


def _bust(p: Posted) -> Outcome:
    """PKR-END-1: one or several players out in one hand, with their chips at its start."""
    listed = [str(v) for v in p.raw.getlist("players") if str(v).strip()]
    players = listed or [p.get("player_id")]
    chips = {k: v for k, v in p.counts("chips_").items() if k in players}
    bust = poker_floor.bust_out(
        p.store, p.actor, p.tid, players=players, chips_at_start=chips or None, version=p.version
    )
    if bust.finished:
        return p.say(N_("The tournament is over.")), "#results"
    text = p.say(N_("Bust-out recorded."))
    if bust.moves:
        text += " " + p.say(N_("%(n)s move(s) to announce."), n=len(bust.moves))
    return text, "#moves"


def _button(p: Posted) -> Outcome:
    """PKR-BTN-1 / PKR-BAL-2 (issue 28 item 5): one tap a hand ("Hand dealt"), or the seat of
    the dealer button tapped once an orbit; the next hand's blinds and the moves follow it."""
    table = p.get("table")
    poker_floor.record_button(
        p.store, p.actor, p.tid, table=table, button=p.get("button") or None, version=p.version
    )
    return p.say(N_("Table %(n)s: button recorded."), n=table), f"#table-{table}"


def _undo(p: Posted) -> Outcome:
    poker_floor.undo_last_move(p.store, p.actor, p.tid, version=p.version)
    return p.say(N_("Last move undone.")), "#moves"


def _log_undo(p: Posted) -> Outcome:
    """Issue 15 item 8: an entry of the floor's log undone, with what it caused."""
    out = poker_undo.undo_entry(p.store, p.actor, p.tid, entry=p.get("entry"), version=p.version)
    text = p.say(N_("Entry %(n)s undone."), n=out.entry)
    if out.moves:
        text += " " + p.say(N_("%(n)s move(s) to announce."), n=len(out.moves))
    return text, "#log"


def _move(p: Posted) -> Outcome:
    poker_floor.move_player_to(
        p.store,
        p.actor,
        p.tid,
        player_id=p.get("player_id"),
        table=p.get("table"),
        seat=p.get("seat"),
        version=p.version,
    )
    return p.say(N_("Player moved.")), "#moves"


def _rebuy(p: Posted) -> Outcome:
    stack = p.get("stack", "0") or "0"
    poker_purchases.rebuy(
        p.store, p.actor, p.tid, player_id=p.get("player_id"), stack=stack, version=p.version
    )
    return p.say(N_("Payment recorded.")), "#entries"


def _add_on(p: Posted) -> Outcome:
    poker_purchases.add_on(p.store, p.actor, p.tid, player_id=p.get("player_id"), version=p.version)
    return p.say(N_("Payment recorded.")), "#entries"


def _re_entry(p: Posted) -> Outcome:
    poker_purchases.re_enter(
        p.store, p.actor, p.tid, player_id=p.get("player_id"), version=p.version
    )
    return p.say(N_("Payment recorded.")), "#entries"


def _sanction(p: Posted) -> Outcome:
    """PKR-PEN-1: a warning, missed hands or a disqualification."""
    out = poker_sanctions.sanction_player(
        p.store,
        p.actor,
        p.tid,
        player_id=p.get("player_id"),
        kind=p.get("kind"),
        infraction=p.get("infraction"),
        ruling=p.get("ruling"),
        orbits=p.get("orbits", "0") or "0",
        stack=p.get("stack") or None,
        version=p.version,
    )
    if out.hands:
        return p.say(N_("Sanction recorded: %(n)s hands to miss."), n=out.hands), "#sanctions"
    return p.say(N_("Sanction recorded.")), "#sanctions"


def _counts(p: Posted) -> Outcome:
    poker_chop.record_chip_counts(
        p.store, p.actor, p.tid, counts=p.counts("count_"), version=p.version
    )
    return p.say(N_("Chip counts recorded.")), "#counts"


def _payouts(p: Posted) -> Outcome:
    unit = poker.parse_money("unit", p.get("unit")) if p.get("unit") else None
    poker_setup.set_payouts(
        p.store,
        p.actor,
        p.tid,
        rows=_payout_rows(p.get("rows")),
        unit_cents=unit,
        version=p.version,
    )
    return p.say(N_("Payout table saved.")), "#payouts"


def _chop(p: Posted) -> Outcome:
    stacks = p.counts("count_") if p.get("method") != "equal" else None
    poker_chop.chop(
        p.store, p.actor, p.tid, method=p.get("method"), stacks=stacks, version=p.version
    )
    return p.say(N_("Deal recorded: the tournament is over.")), "#results"


def _structure(p: Posted) -> Outcome:
    steps = _structure_steps(p.get("structure"))
    poker_setup.edit_structure(p.store, p.actor, p.tid, steps=steps, version=p.version)
    return p.say(N_("Structure saved.")), "#structure"


def _options(p: Posted) -> Outcome:
    """PKR-SCHED-1 / PKR-LATE-1: an empty field keeps what the tournament had."""
    given = {
        key: p.get(key) or None
        for key in (
            "max_re_entries",
            "max_rebuys",
            "rebuy_price",
            "rebuy_chips",
            "add_on_price",
            "add_on_chips",
            "late_penalty_per_level",
        )
    }
    poker_setup.set_entry_options(
        p.store,
        p.actor,
        p.tid,
        no_add_on=p.get("no_add_on") in {"1", "on"},
        version=p.version,
        **given,
    )
    return p.say(N_("Entry options saved.")), "#setup"


def _floor(p: Posted) -> Outcome:
    poker_setup.set_floor_options(
        p.store,
        p.actor,
        p.tid,
        balance_threshold=p.get("balance_threshold") or None,
        version=p.version,
    )
    return p.say(N_("Floor options saved.")), "#setup"


# Every action of the director's page: its name in the form's URL -> its handler.
ACTIONS: dict[str, Callable[[Posted], Outcome]] = {
    "book": _book,
    "enter": _enter,
    "roster": _roster,
    "draw": _draw,
    "start": _clock(poker_clock.start_clock),
    "pause": _clock(poker_clock.pause_clock),
    "resume": _clock(poker_clock.resume_clock),
    "jump": _jump,
    "time": _time,
    "bust": _bust,
    "button": _button,
    "undo": _undo,
    "log_undo": _log_undo,
    "move": _move,
    "rebuy": _rebuy,
    "add_on": _add_on,
    "re_entry": _re_entry,
    "sanction": _sanction,
    "counts": _counts,
    "payouts": _payouts,
    "chop": _chop,
    "structure": _structure,
    **STRUCTURE_ACTIONS,
    "options": _options,
    "floor": _floor,
}


def _run(action: str, posted: Posted) -> Outcome:
    handler = ACTIONS.get(action)
    if handler is None:
        raise NotFound(
            "action",
            N_("no action '%(action)s'"),
            N_("an action of the director's page"),
            params={"action": action},
        )
    return handler(posted)


@router.post("/poker/{tid}/director/{action}", response_class=HTMLResponse)
async def poker_director_action(
    request: Request, tid: int, action: str, actor: PageWriter
) -> Response:
    # Who may not act here is told so (403) before the form is read; a refusal of the form
    # itself goes back to the page (act_then_get).
    floor_reader(store_of(request), actor, tid)
    raw = await request.form()
    form = {k: v for k, v in raw.items() if isinstance(v, str)}
    version = poker.parse_int("version", form["version"]) if form.get("version") else None
    posted = Posted(request, store_of(request), actor, tid, raw, form, version)
    # Issue 26 item 3: a refusal too answers with a redirect to the page (shown there with the
    # values typed), so reload and Back never send the form again.
    page = _page(tid)
    return act_then_get(
        request,
        lambda: _run(action, posted),
        success_url=page,
        refused_url=f"{page}#refused",
        form=form,
    )
