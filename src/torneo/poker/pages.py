"""Pages of the poker tournament director (issue 8): the director's phone, the TV, the players'
page and the floor tools.

- ``/poker`` the club's tournaments and its week (PKR-SCHED-1), with "create" for organizers;
- ``/poker/{id}/director`` the director's phone: clock, seat draw, bust-out buttons per seat,
  the moves announced with their undo, entries, sanctions, chip counts, payouts and the chop;
  each form posts to ``/poker/{id}/director/<action>``, which calls one service and comes back
  (303) with a flash message, or shows the refusal with the values typed and nothing changed;
- ``/poker/{id}/tv`` the clock for the club's TV: big numbers, readable across the room; it
  counts down every second in the browser and re-reads the stored state every 5 seconds (htmx
  polling of ``?fragment=live``: no server-sent events endpoint exists yet), so a restarted
  server or a second TV never drifts;
- ``/poker/{id}`` the players' page: find your table and seat, the clock, the payouts;
- ``/poker/tools`` side pots and odd chips (PKR-POT-1, a three-way all-in prefilled), minimum
  bet and raise (PKR-BET-1), the chip race (PKR-RACE-1) and colour-up counts: stateless, GET.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from torneo.core.errors import NotFound, TorneoError
from torneo.platform import i18n
from torneo.platform.i18n import N_
from torneo.platform.web.auth import PageActor, PageWriter
from torneo.platform.web.session import flash, store_of
from torneo.platform.web.templating import add_templates, page_language, render
from torneo.poker import commands as poker
from torneo.poker import commands_floor as poker_floor
from torneo.poker import commands_tools as poker_tools
from torneo.poker import views as poker_views

add_templates("torneo.poker", "poker")  # this discipline's templates/ (platform/web/templating.py)

router = APIRouter(include_in_schema=False)

REFRESH_SECONDS = 5
Text = Annotated[str, Form(max_length=1000)]

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


def _say(request: Request, message: str, **values: Any) -> str:
    with i18n.language(page_language(request)):
        return i18n.gettext(message) % values if values else i18n.gettext(message)


def _label(table: Mapping[str, str], key: str) -> str:
    return i18n.gettext(table[key]) if key in table else key


def euros(cents: int) -> str:
    """Money as the club reads it: "1.602 €" / "€1,602" (cents only when there are any)."""
    from babel.numbers import format_currency

    fmt = "#,##0 ¤" if cents % 100 == 0 else "#,##0.00 ¤"
    if i18n.current_language() == "en":
        fmt = "¤#,##0" if cents % 100 == 0 else "¤#,##0.00"
    return format_currency(
        cents / 100, "EUR", format=fmt, locale=i18n.current_language(), currency_digits=False
    )


def clock_text(seconds: int | None) -> str:
    if seconds is None:
        return "–"
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def _helpers() -> dict[str, Any]:
    return {
        "euros": euros,
        "plain_euros": lambda c: str(c // 100) if c % 100 == 0 else f"{c / 100:.2f}",
        "clock_text": clock_text,
        "weekday_name": lambda k: _label(WEEKDAY_NAMES, k),
        "reason_name": lambda k: _label(REASONS, k),
        "sanction_name": lambda k: _label(SANCTIONS, k),
        "poker_status": lambda k: _label(STATUSES, k),
        "ruling_name": lambda k: _label(RULINGS, k),
        "refresh": REFRESH_SECONDS,
    }


# --- the list and creating a tournament -------------------------------------------------------


def _list(
    request: Request, form: Mapping[str, Any], error: TorneoError | None, status: int = 200
) -> Response:
    context = {
        "tournaments": poker_views.list_tournaments(store_of(request)),
        "templates": poker_views.templates(poker.DEFAULT_PRESET, date.today()),
        "form": dict(form),
        "error": error,
        **_helpers(),
    }
    return render(request, "poker/list.html", context, status=status)


@router.get("/poker", response_class=HTMLResponse)
def poker_list(request: Request) -> Response:
    return _list(request, {}, None)


@router.post("/poker/new", response_class=HTMLResponse)
def poker_create(
    request: Request,
    actor: PageWriter,
    template: Text = "",
    held_on: Text = "",
    name: Text = "",
    balance_threshold: Text = "",
    seed: Text = "",
) -> Response:
    form = {"template": template, "held_on": held_on, "name": name}
    try:
        tid = poker.create_tournament(
            store_of(request),
            actor,
            template=template,
            held_on=held_on,
            name=name or None,
            balance_threshold=poker.parse_int("balance_threshold", balance_threshold)
            if balance_threshold.strip()
            else None,
            seed=poker.parse_int("seed", seed) if seed.strip() else None,
        )
    except TorneoError as err:
        return _list(request, form, err, err.status)
    flash(request, "ok", _say(request, N_("Tournament created: register the players.")))
    return RedirectResponse(f"/poker/{tid}/director", status_code=303)


# --- the floor tools --------------------------------------------------------------------------


def _pot_rows(params: Mapping[str, str]) -> list[dict[str, Any]]:
    rows = []
    for i in range(1, 11):
        if f"name{i}" not in params and f"chips{i}" not in params:
            continue
        rows.append(
            {
                "name": params.get(f"name{i}", ""),
                "seat": params.get(f"seat{i}", ""),
                "chips": params.get(f"chips{i}", ""),
                "folded": params.get(f"folded{i}", ""),
                "rank": params.get(f"rank{i}", ""),
                "hole": params.get(f"hole{i}", ""),
            }
        )
    return rows


@router.get("/poker/tools", response_class=HTMLResponse)
def poker_tools_page(request: Request, tool: str = "") -> Response:
    params = dict(request.query_params)
    pots_rows = (
        _pot_rows(params) if tool == "pots" else [dict(r) for r in poker_tools.THREE_WAY_EXAMPLE]
    )
    while len(pots_rows) < 6:
        pots_rows.append(
            {"name": "", "seat": "", "chips": "", "folded": "", "rank": "", "hole": ""}
        )
    errors: dict[str, TorneoError] = {}
    results: dict[str, Any] = {}
    pots_form = {
        "button": params.get("button", str(poker_tools.THREE_WAY_BUTTON)),
        "chip": params.get("chip", str(poker_tools.THREE_WAY_SMALLEST_CHIP)),
        "board": params.get("board", ""),
    }
    bet_form = {
        "big_blind": params.get("big_blind", "100"),
        "blinds": params.get("blinds", "Anna 50, Bruno 100"),
        "actions": params.get("actions", "Carla 100\nDario 300\nElena 500"),
        "stacks": params.get("stacks", ""),
    }
    race_form = {
        "removed": params.get("removed", "25"),
        "replacement": params.get("replacement", "100"),
        "players": params.get("players", "Anna 12350 3\nBruno 4025 1\nCarla 8000 2\nDario 50 2"),
        "seed": params.get("seed", "1"),
    }
    colour_form = {
        "amount": params.get("amount", "12350"),
        "chip_values": params.get("values", "25 100 500 1000 5000"),
    }
    calls: dict[str, Callable[[], Any]] = {
        "pots": lambda: poker_tools.side_pots(
            [r for r in pots_rows if str(r["name"]).strip() or str(r["chips"]).strip()],
            button_seat=pots_form["button"],
            smallest_chip=pots_form["chip"],
            board=pots_form["board"],
        ),
        "betting": lambda: poker_tools.betting(**bet_form),
        "race": lambda: poker_tools.chip_race(**race_form),
        "colour": lambda: poker_tools.chips_for(
            colour_form["amount"], colour_form["chip_values"].replace(",", " ").split()
        ),
    }
    chosen = [tool] if tool in calls else ["pots", "betting"]
    for name in chosen:
        try:
            results[name] = calls[name]()
        except TorneoError as err:
            errors[name] = err
    context = {
        "tool": tool,
        "pots_rows": pots_rows,
        "pots_form": pots_form,
        "bet_form": bet_form,
        "race_form": race_form,
        "colour_form": colour_form,
        "results": results,
        "errors": errors,
        **_helpers(),
    }
    status = next((e.status for e in errors.values()), 200)
    return render(request, "poker/tools.html", context, status=status)


# --- public pages -----------------------------------------------------------------------------


@router.get("/poker/{tid}", response_class=HTMLResponse)
def poker_players(
    request: Request,
    tid: int,
    name: Annotated[str, Query(max_length=120)] = "",
    fragment: Annotated[str | None, Query(max_length=10)] = None,
) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    key = " ".join(name.split()).casefold()
    found = [p for p in view.players if key and key in p.name.casefold()] if key else []
    context = {"view": view, "name": name, "found": found, **_helpers()}
    if fragment == "live":
        return render(request, "poker/_players_live.html", context)
    return render(request, "poker/players.html", context)


@router.get("/poker/{tid}/tv", response_class=HTMLResponse)
def poker_tv(
    request: Request, tid: int, fragment: Annotated[str | None, Query(max_length=10)] = None
) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    context = {"view": view, **_helpers()}
    if fragment == "live":
        return render(request, "poker/_tv_live.html", context)
    return render(request, "poker/tv.html", context)


# --- the director's phone ---------------------------------------------------------------------


def _director(
    request: Request,
    tid: int,
    *,
    error: TorneoError | None = None,
    form: Mapping[str, Any] | None = None,
    status: int = 200,
) -> Response:
    view = poker_views.tournament_view(store_of(request), tid)
    context = {"view": view, "error": error, "form": dict(form or {}), **_helpers()}
    return render(request, "poker/director.html", context, status=status)


@router.get("/poker/{tid}/director", response_class=HTMLResponse)
def poker_director(request: Request, tid: int, actor: PageActor) -> Response:
    return _director(request, tid)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _structure_steps(text: str) -> list[dict[str, Any]]:
    """One step a line: "SB BB [ante] minutes" or "break minutes [colour-up chips]"."""
    steps: list[dict[str, Any]] = []
    for n, line in enumerate(_lines(text), start=1):
        words = line.replace("/", " ").replace(",", " ").split()
        head = words[0].lower()
        if head in {"break", "pausa"}:
            steps.append(
                {
                    "type": "break",
                    "minutes": words[1] if len(words) > 1 else "",
                    "colour_up": words[2:],
                }
            )
            continue
        if len(words) == 3:
            steps.append({"small_blind": words[0], "big_blind": words[1], "minutes": words[2]})
        elif len(words) == 4:
            steps.append(
                {
                    "small_blind": words[0],
                    "big_blind": words[1],
                    "ante": words[2],
                    "minutes": words[3],
                }
            )
        else:
            raise TorneoError(
                f"structure[{n}]", f"'{line}'", "SB BB [ante] minutes, or break minutes [chips]"
            )
    return steps


def _payout_rows(text: str) -> list[tuple[str | None, list[str]]]:
    """One row a line: "10: 50 30 20" (up to 10 entries) or "*: 27 16.5 ..." (any larger)."""
    rows: list[tuple[str | None, list[str]]] = []
    for n, line in enumerate(_lines(text), start=1):
        head, sep, tail = line.partition(":")
        if not sep:
            raise TorneoError(
                f"payouts[{n}]", f"'{line}'", "entries: percentages, e.g. 10: 50 30 20"
            )
        limit = head.strip()
        rows.append((None if limit in {"*", ""} else limit, tail.replace(";", " ").split()))
    return rows


def _pairs(field: str, text: str) -> dict[str, str]:
    """ "player-id chips" a line (the form of chip counts and chop stacks)."""
    out: dict[str, str] = {}
    for n, line in enumerate(_lines(text), start=1):
        parts = line.replace(":", " ").split()
        if len(parts) != 2:
            raise TorneoError(f"{field}[{n}]", f"'{line}'", "a player number and chips")
        out[parts[0]] = parts[1]
    return out


def _counts_from_form(form: Mapping[str, Any], prefix: str) -> dict[str, str]:
    return {
        key.removeprefix(prefix): str(value)
        for key, value in form.items()
        if key.startswith(prefix) and str(value).strip()
    }


@router.post("/poker/{tid}/director/{action}", response_class=HTMLResponse)
async def poker_director_action(
    request: Request, tid: int, action: str, actor: PageWriter
) -> Response:
    raw = await request.form()
    form = {k: v for k, v in raw.items() if isinstance(v, str)}
    store = store_of(request)
    version = poker.parse_int("version", form["version"]) if form.get("version") else None

    def f(key: str, default: str = "") -> str:
        return form.get(key, default).strip()

    def run() -> tuple[str, str]:
        """The service call of ``action``: (flash message, anchor to come back to)."""
        if action == "book":
            poker.book_player(store, actor, tid, name=f("name"), version=version)
            return _say(request, N_("Booked: %(name)s."), name=f("name")), "#entries"
        if action == "enter":
            out = poker.register_player(store, actor, tid, name=f("name"), version=version)
            if out.seat is not None:
                return _say(
                    request,
                    N_("%(name)s entered with %(chips)s chips: table %(table)s, seat %(seat)s."),
                    name=f("name"),
                    chips=f"{out.chips:,}",
                    table=out.seat.table,
                    seat=out.seat.seat,
                ), "#moves"
            return _say(request, N_("%(name)s entered."), name=f("name")), "#entries"
        if action == "roster":
            ids = poker.register_roster(store, actor, tid, _lines(f("names")))
            return _say(request, N_("%(n)s players entered."), n=len(ids)), "#entries"
        if action == "draw":
            seats = poker.draw_seats_now(store, actor, tid, version=version)
            return _say(request, N_("Seats drawn for %(n)s players."), n=len(seats)), "#tables"
        if action in {"start", "pause", "resume"}:
            {"start": poker.start_clock, "pause": poker.pause_clock, "resume": poker.resume_clock}[
                action
            ](store, actor, tid, version=version)
            return _say(request, N_("Clock updated.")), "#clock"
        if action == "jump":
            poker.jump_to_level(store, actor, tid, level=f("level"), version=version)
            return _say(request, N_("Clock moved to level %(n)s."), n=f("level")), "#clock"
        if action == "time":
            poker.add_time(store, actor, tid, seconds=f("seconds"), version=version)
            return _say(request, N_("Clock updated.")), "#clock"
        if action == "bust":
            listed = [str(v) for v in raw.getlist("players") if str(v).strip()]
            players = listed or [f("player_id")]
            chips = {k: v for k, v in _counts_from_form(form, "chips_").items() if k in players}
            bust = poker_floor.bust_out(
                store, actor, tid, players=players, chips_at_start=chips or None, version=version
            )
            if bust.finished:
                return _say(request, N_("The tournament is over.")), "#results"
            text = _say(request, N_("Bust-out recorded."))
            if bust.moves:
                text += " " + _say(request, N_("%(n)s move(s) to announce."), n=len(bust.moves))
            return text, "#moves"
        if action == "undo":
            poker_floor.undo_last_move(store, actor, tid, version=version)
            return _say(request, N_("Last move undone.")), "#moves"
        if action == "move":
            poker_floor.move_player_to(
                store,
                actor,
                tid,
                player_id=f("player_id"),
                table=f("table"),
                seat=f("seat"),
                version=version,
            )
            return _say(request, N_("Player moved.")), "#moves"
        if action in {"rebuy", "add_on", "re_entry"}:
            if action == "rebuy":
                poker_floor.rebuy(
                    store,
                    actor,
                    tid,
                    player_id=f("player_id"),
                    stack=f("stack", "0") or "0",
                    version=version,
                )
            elif action == "add_on":
                poker_floor.add_on(store, actor, tid, player_id=f("player_id"), version=version)
            else:
                poker_floor.re_enter(store, actor, tid, player_id=f("player_id"), version=version)
            return _say(request, N_("Payment recorded.")), "#entries"
        if action == "sanction":
            out_s = poker_floor.sanction_player(
                store,
                actor,
                tid,
                player_id=f("player_id"),
                kind=f("kind"),
                infraction=f("infraction"),
                ruling=f("ruling"),
                orbits=f("orbits", "0") or "0",
                stack=f("stack") or None,
                version=version,
            )
            if out_s.hands:
                return _say(
                    request, N_("Sanction recorded: %(n)s hands to miss."), n=out_s.hands
                ), "#sanctions"
            return _say(request, N_("Sanction recorded.")), "#sanctions"
        if action == "counts":
            poker_floor.record_chip_counts(
                store, actor, tid, counts=_counts_from_form(form, "count_"), version=version
            )
            return _say(request, N_("Chip counts recorded.")), "#counts"
        if action == "payouts":
            poker.set_payouts(
                store,
                actor,
                tid,
                rows=_payout_rows(f("rows")),
                unit_cents=poker.parse_money("unit", f("unit")) if f("unit") else None,
                version=version,
            )
            return _say(request, N_("Payout table saved.")), "#payouts"
        if action == "chop":
            stacks = _counts_from_form(form, "count_") if f("method") != "equal" else None
            poker_floor.chop(store, actor, tid, method=f("method"), stacks=stacks, version=version)
            return _say(request, N_("Deal recorded: the tournament is over.")), "#results"
        if action == "structure":
            poker.edit_structure(
                store, actor, tid, steps=_structure_steps(f("structure")), version=version
            )
            return _say(request, N_("Structure saved.")), "#structure"
        if action == "options":
            poker.set_entry_options(
                store,
                actor,
                tid,
                max_re_entries=f("max_re_entries") or None,
                max_rebuys=f("max_rebuys") or None,
                rebuy_price=f("rebuy_price") or None,
                rebuy_chips=f("rebuy_chips") or None,
                add_on_price=f("add_on_price") or None,
                add_on_chips=f("add_on_chips") or None,
                no_add_on=f("no_add_on") in {"1", "on"},
                late_penalty_per_level=f("late_penalty_per_level") or None,
                version=version,
            )
            return _say(request, N_("Entry options saved.")), "#setup"
        if action == "floor":
            poker.set_floor_options(
                store, actor, tid, balance_threshold=f("balance_threshold") or None, version=version
            )
            return _say(request, N_("Floor options saved.")), "#setup"
        raise NotFound("action", f"no action '{action}'", "an action of the director's page")

    try:
        message, anchor = run()
    except TorneoError as err:
        return _director(request, tid, error=err, form=form, status=err.status)
    flash(request, "ok", message)
    return RedirectResponse(f"/poker/{tid}/director{anchor}", status_code=303)
