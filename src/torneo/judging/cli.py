"""``torneo judging``: read a card event's rulings and judge roster from a terminal.

Reads only: judges give rulings on the judge's desk (``/events/{id}/judge``) and the organizer
sets the roster on the event's judging page, or both through the JSON API
(``/api/v1/events/{id}/judging``). The API shows the rulings to the event's judges only; the CLI
acts as the system organizer with the database at hand, like ``torneo event``, so it reads them
with the same loader and read model as the judge's desk (:func:`load_context`,
:func:`ruling_lines`) without being on the roster. ``--json`` prints the API's models
(:mod:`torneo.judging.schemas`), each ruling with its effects.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from torneo.cards.cli_events import resolve_event
from torneo.cli.common import JsonFlag, console, edge, open_store, print_json, print_table
from torneo.core.messages import english
from torneo.judging.schemas import RosterOut, RulingOut
from torneo.judging.state import load_context
from torneo.judging.views import EffectLine, RulingLine, ruling_lines
from torneo.judging.views_roster import roster_page

app = typer.Typer(
    help="Judging of card events, read only: rulings and the judge roster.\n\n"
    "Judges give rulings on the judge's desk (/events/ID/judge) and the organizer sets the "
    "roster on the event's judging page, or both through the API (/api/v1/events/ID/judging)."
)

EventArg = Annotated[str, typer.Argument(metavar="EVENT", help="Event id or exact name.")]


@app.command("rulings")
def rulings(event: EventArg, as_json: JsonFlag = False) -> None:
    """Every ruling of the event in order, with what each changed.

    Penalties (INV-PEN-1/2), a judge's awarded wins and replays, and the head judge's overrules
    (INV-JUDGE-1).
    """
    with edge(as_json=as_json):
        store = open_store()
        event_id = resolve_event(store, event)
        with store.read() as session:
            ctx = load_context(session, event_id)
            name = ctx.event.name
            lines = ruling_lines(ctx)
    if as_json:
        print_json([_ruling_json(line) for line in lines])
        return
    if not lines:
        console().print(f"No rulings in event {event_id} ({name}).", markup=False)
        return
    print_table(
        f"Rulings of event {event_id}: {name}",
        ["#", "at (UTC)", "round", "judge", "player", "ruling", "infraction", "reason", "effect"],
        [
            (
                r.seq,
                r.at.strftime("%Y-%m-%d %H:%M"),
                r.round_no,
                r.judge,
                r.player,
                _ruling_text(r),
                r.infraction_label or r.infraction,
                r.reason,
                "; ".join(_effect_text(e) for e in r.effects),
            )
            for r in lines
        ],
    )


@app.command("judges")
def judges(event: EventArg, as_json: JsonFlag = False) -> None:
    """The event's judges, the head judge marked, and the staffing advice.

    The advice is INV-JUDGE-1's; a problem is what would make the event irregular (INV-LEGAL-3).
    """
    with edge(as_json=as_json):
        store = open_store()
        page = roster_page(store, resolve_event(store, event))
    if as_json:
        print_json(RosterOut.of(page).model_dump(mode="json"))
        return
    print_table(
        f"Judges of event {page.event_id}: {page.event_name} ({page.players} players)",
        ["user id", "judge", "head judge", "also plays as"],
        [(j.user_id, j.name, "✓" if j.is_head else "", j.player) for j in page.roster],
    )
    out = console()
    if not page.roster:
        out.print("No judge appointed yet.")
    advice = english(page.advice)
    if advice:
        out.print(f"Advice: {advice}", markup=False)
    for problem in page.problems:
        out.print(f"Problem: {problem.text}", markup=False)
    submitted = sum(1 for d in page.decks if d[2] is not None)
    out.print(
        f"Deck lists: {submitted} of {len(page.decks)} submitted"
        + (f", format {page.deck_format}" if page.deck_format else "")
        + (", published" if page.published else ", not published"),
        markup=False,
    )


def _ruling_json(line: RulingLine) -> dict[str, Any]:
    """The API's ruling (``GET .../judging/rulings``) with what it changed."""
    body: dict[str, Any] = RulingOut.model_validate(line).model_dump(mode="json")
    body["effects"] = [
        {
            "kind": e.kind,
            "round_no": e.round_no,
            "table": e.table,
            "before": e.before,
            "after": e.after,
            "games": e.games,
            "player": e.player,
            "seq": e.seq,
        }
        for e in line.effects
    ]
    return body


def _ruling_text(r: RulingLine) -> str:
    text = r.kind.replace("_", " ") + (f" [{r.rule}]" if r.rule else "")
    if r.escalated_from is not None:  # INV-PEN-1: the warning that made it a disqualification
        text += f", from #{r.escalated_from}"
    if r.overruled_by is not None:
        text += f", overruled by #{r.overruled_by}"
    return text


def _effect_text(e: EffectLine) -> str:
    where = f"round {e.round_no}" + (f" table {e.table}" if e.table is not None else "")
    games = f"{e.games} game{'s' if e.games != 1 else ''}"
    texts = {
        "result": f"{where}: {e.before or '—'} → {e.after or '—'}",
        "game_loss": f"{e.player} loses {games} ({where})",
        "game_loss_pending": f"{e.player} loses {games} in their next match"
        + (f" from round {e.round_no}" if e.round_no is not None else ""),
        "disqualified": f"{e.player} disqualified",
        "reinstated": f"{e.player} reinstated",
        "deck_list": f"{e.player}'s deck list corrected",
        "reverted": f"undoes #{e.seq}",
    }
    return texts.get(e.kind, e.kind)
