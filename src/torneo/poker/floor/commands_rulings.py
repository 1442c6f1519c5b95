"""The floor's procedures ruled on the director's phone (PKR-PROC-1..4, art. 12.8, 14, 15, 18).

One transaction each, like a sanction: the staff on the tournament's roster (or its organizer)
rule; the case, the answers, the decision and its article are stored (:class:`PokerRuling`)
and audited, and the director's page lists them. Each ruling is also an entry of the floor's
log (:mod:`.commands_log`), so the log is the one chronological record of the floor; it is
never undone there (the decision is in :mod:`.commands_undo`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker import state_changes as changes
from torneo.poker.commands import parse_int, topic, touch
from torneo.poker.floor import commands_log as floor_log
from torneo.poker.floor.commands import open_running
from torneo.poker.league.tables import PokerRuling
from torneo.poker.rules.rulings import Procedure, Ruling, procedure_of, rule_on, showdown_order
from torneo.poker.rules.seating import Seating, check_seat_at, open_table_named


def _flag(answers: Mapping[str, Any], key: str) -> bool:
    return str(answers.get(key, "")).strip().lower() in {"1", "true", "yes", "on", "si", "sì"}


def _seats(text: Any) -> list[int]:
    raw = text if isinstance(text, list) else str(text or "").replace(",", " ").split()
    return [parse_int("live_seats", s, low=1, high=11) for s in raw]


def _check_table(
    seating: Seating | None, number: int, ruling: Ruling, answers: Mapping[str, Any]
) -> None:
    """The table a ruling names is one of the tournament's open tables, and the showdown's
    seats are seats of that table (issue 28 item 6: a ruling at table 99 was recorded)."""
    table = open_table_named(seating, number)
    for seat in ruling.order:
        check_seat_at(table, seat, "live_seats")
    if ruling.procedure is Procedure.SHOWDOWN:
        check_seat_at(table, parse_int("button", answers.get("button", ""), low=1), "button")


def ruling_for(procedure: str, case: str, answers: Mapping[str, Any]) -> Ruling:
    """The pure ruling from the director's answers (the page shows it before recording)."""
    proc = procedure_of(procedure)
    if proc is Procedure.SHOWDOWN:
        aggressor = str(answers.get("last_aggressor") or "").strip()
        return showdown_order(
            _seats(answers.get("live_seats")),
            parse_int("button", answers.get("button", ""), low=1, high=11),
            parse_int("last_aggressor", aggressor, low=1, high=11) if aggressor else None,
        )
    acted = str(answers.get("players_acted") or "0").strip()
    return rule_on(
        proc,
        case,
        flop_exposed=_flag(answers, "flop_exposed"),
        players_acted=parse_int("players_acted", acted, low=0, high=11),
        recoverable=_flag(answers, "recoverable"),
    )


def record_ruling(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    procedure: str,
    case: str,
    answers: Mapping[str, Any] | None = None,
    table: int | str | None = None,
    note: str = "",
    version: int | None = None,
) -> Ruling:
    """Rule on a procedure at a table and record it (audited like a sanction)."""
    precheck(actor, Action.OFFICIATE)
    given = dict(answers or {})
    ruling = ruling_for(procedure, case or "last_round", given)
    number = parse_int("table", table, low=1) if str(table or "").strip() else None
    if len(note) > 1000:
        raise TorneoError(
            "note", N_("%(n)s characters"), N_("at most 1000"), params={"n": len(note)}
        )
    with store.unit(actor) as uow:
        at = [changes.table(number)] if number else []
        row, state = open_running(uow, tournament_id, version, Action.OFFICIATE, at)
        if number is not None:
            _check_table(state.seating, number, ruling, given)
        uow.session.add(
            PokerRuling(
                tournament_id=row.id,
                procedure=ruling.procedure.value,
                case=ruling.case,
                table_no=number,
                answers={k: str(v) for k, v in given.items()},
                decision=ruling.decision,
                article=ruling.article,
                note=note.strip(),
                by=actor.name,
                at=uow.now,
            )
        )
        entry = floor_log.log_action(
            uow,
            row,
            floor_log.RULING,
            None,
            procedure=ruling.procedure.value,
            case=ruling.case,
            table=number,
            article=ruling.article,
            decision=ruling.decision,
            players=[],
        )
        touch(row, changes.log_entry(entry))
        uow.audit(
            "poker.ruling",
            "poker_tournament",
            row.id,
            after={
                "procedure": ruling.procedure.value,
                "case": ruling.case,
                "table": number,
                "article": ruling.article,
                "decision": ruling.decision,
                "order": list(ruling.order),
                "note": note.strip(),
                "entry": entry,
            },
        )
        uow.notify(topic(row.id), "ruling")
        return ruling
