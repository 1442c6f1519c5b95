"""Self-reporting: players report their own match results from the phone (issue 4).

Who may report a match: one of its two players, identified either by their **match code**
(printed on their pairing slip; six characters) or by a **player account** (a user with the
player role linked to the player). Nobody else: a wrong code or another player's account is
refused (403) and changes nothing. Organizers and judges enter results as before
(``events.report_result``) and decide disputes here (:func:`resolve`).

How a result becomes official:

1. the first player reports ("2-1" as *they* see it: their wins first); the report waits;
2. the opponent reports the same score from their side ("1-2"): the result is recorded in the
   match, in the same transaction, as if a judge had entered it;
3. a different score from the opponent puts the match in the judges' queue (``disputed``);
   a judge decides with :func:`resolve` (the result is recorded, with the judge's reason).

Until the opponent answers, the first player may change their report (a wrong tap). A report
that agrees with a result already recorded is accepted again without change (a double tap);
one that disagrees with it is refused, or, when the result was entered by the staff while the
players were reporting, it goes to the judges' queue. A report repeated by the same player
with the same score, nothing said since, is answered as it was the first time and writes
nothing (issue 27: the retry of a report whose answer was lost); likewise the staff's own result
entered again (``commands_results``).

Decisions where no regulation speaks:

- **Codes are per player and per match**, not one per table: ``HMAC-SHA256(secret, "match
  <id> player <id>")`` read as six symbols of a 32-letter alphabet without look-alikes (no 0/O,
  1/I). A code shared by both players would let one of them "confirm" for the other; with one
  code each, a result needs both. Nothing is stored: the codes follow from the server's secret
  (``TORNEO_SECRET_KEY``), so every worker computes the same ones; changing the secret
  changes them (reprint the slips). 32^6 ≈ 10^9 codes, and the web layer rate-limits wrong
  codes, so guessing one is hopeless.
- **Only the current round** can be self-reported; earlier rounds are the judges' business.
- **Concurrency** (finer locks, issue 14): the locks of every result, in
  ``torneo.cards.commands_results``. A report holds the event's lock shared with the other
  reports and locks its match row; the row of the report is unique per match. Reports of
  different tables of one event therefore run side by side; two simultaneous reports of one
  match are handled one after the other: the first is stored, the second *sees it* and
  confirms or disputes it. Pairing a round and every staff change take the event's lock alone:
  a round is never paired beside a report. On SQLite, whose writers share one
  lock, the loser of a simultaneous write gets 409 (Conflict) and nothing of it is stored; the
  page says so and shows the match again. Either way a result is never lost and never
  recorded twice. The web worker writes the players' reports of one event that arrive together
  in one transaction (``cards.self_report.commands_batch``: the same locks, and each report decided
  here, by :func:`decide`, in its order of arrival).
- **Judges.** The judges' queue and the decisions are for organizers and for judges appointed
  to *this* event (the judging roster): a judge of another event gets 403.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.exc import OperationalError

from torneo.cards.commands_results import (
    concurrent_write,
    lock_event_shared,
    slice_of,
    stage_result,
    write_result,
)
from torneo.cards.rules.tournament import can_report
from torneo.cards.self_report.views import (
    CONFIRMED,
    DISPUTED,
    PENDING,
    RESOLVED,
    Answer,
    Heading,
    Reported,
    ReportView,
    Side,
    check_playable,
    code_owner,
    current_round,
    no_such_table,
    no_table,
    not_in_round,
    not_paired,
    player_of,
    recorded_result,
    report_view_from,
    require_judge,
    seat_from,
    seen_from,
)
from torneo.cards.state import no_event
from torneo.cards.state_locks import share_event
from torneo.cards.state_results import (
    EventHead,
    MatchRow,
    ReportRow,
    Seated,
    event_head,
    lock_seat_at,
    lock_seat_by_table,
    lock_seat_of_player,
    report_of,
    save_report,
)
from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, parse_game_score
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset

# --- writes ----------------------------------------------------------------------------------

SLIP = Actor("player-code")  # who a report by slip code is, in the audit log
CONFIRMED_BY_BOTH = "confirmed by both players"  # the reason of a result the players agreed on


def report_by_code(
    store: Store, event_id: int, table: int, code: str, result: str, *, secret: str
) -> Reported:
    """A player's report, identified by the code on their pairing slip."""

    def who(uow: UnitOfWork) -> tuple[Seated, int]:
        seated = lock_seat_by_table(uow.connection(), event_id, table)
        if seated is None:
            raise table_refusal(uow, event_id, table)
        return seated, code_owner(seated.match, code, secret)

    return _report(store, SLIP, event_id, result, who)


def report_as_player(store: Store, actor: Actor, event_id: int, result: str) -> Reported:
    """A logged-in player's report of their own match of the current round."""

    def who(uow: UnitOfWork) -> tuple[Seated, int]:
        player = player_of(uow.session, actor)
        seated = lock_seat_of_player(uow.connection(), event_id, player)
        if seated is None:
            raise round_refusal(uow, event_id)
        return seated, player

    return _report(store, actor, event_id, result, who)


def _current_round(uow: UnitOfWork, event_id: int) -> int:
    """Why no match was found: the event's current round (404 when there is no event)."""
    if event_head(uow.connection(), event_id) is None:
        raise no_event(event_id)
    return current_round(uow.session, event_id)[0]


def round_refusal(uow: UnitOfWork, event_id: int) -> TorneoError:
    """Why a player has no match in the current round (no event, or not paired in it)."""
    return not_in_round(_current_round(uow, event_id))


def table_refusal(uow: UnitOfWork, event_id: int, table: int) -> TorneoError:
    """Why the current round has no match at ``table`` (no event, no round yet, no table)."""
    current = _current_round(uow, event_id)
    return not_paired() if current == 0 else no_such_table(current, table)


MAX_REASON = 1000  # characters of a judge's reason, kept in the audit log

# Who reports: their match of the current round (locked for update, with the event's row)
# and their player id.
Who = Callable[[UnitOfWork], tuple[Seated, int]]


def _report(store: Store, actor: Actor, event_id: int, result: str, who: Who) -> Reported:
    try:
        with store.unit(actor) as uow:
            # The event's lock first (shared with the other reports: state_locks), so that the
            # current round read by ``who`` stays current until the commit: a pairing waits.
            share_event(uow.connection(), event_id)
            seated, player = who(uow)  # its match row locked for update
            event = seated.event
            check_playable(seated.match)
            answer, row, match = _apply(uow, event, seated.match, player, result)
    except OperationalError as exc:
        # SQLite: another writer held the database at the same instant (module doc).
        raise concurrent_write() from exc
    # The rows as written: no second read.
    best_of = load_preset(event.preset).match.best_of
    heading = Heading(event.id, event.name, event.status, event.preset, match.round_no, best_of)
    return Reported(answer, seat_from(event, match, row, player, seated.names), heading)


def _ruleset_check(
    event: EventHead, match: MatchRow, score: GameScore, ruleset: Ruleset, *, recorded: bool
) -> None:
    t = slice_of(event, match, ruleset)  # can_report looks at this one match only
    refusal = can_report(t, match.round_no, match.table_no, score, correction=recorded)
    if refusal:
        raise refusal.raise_as(Conflict if refusal.field in {"round", "status"} else TorneoError)


def decide(
    uow: UnitOfWork,
    event: EventHead,
    match: MatchRow,
    before: ReportRow | None,
    player: int,
    result: str,
) -> tuple[Answer, ReportRow, GameScore]:
    """The decision table of the module doc for one report on the locked ``match`` whose
    report row is ``before`` (as it is now): the answer, the report row after it, and the
    score as side A sees it. Nothing is written when the row after it *is* ``before`` (a repeat:
    :func:`repeated`), nor on a refusal."""
    ruleset = load_preset(event.preset)
    side: Side = "a" if player == match.player_a_id else "b"
    mine = parse_game_score(result, ruleset.match.best_of, ruleset.match.rule)
    score = mine if side == "a" else mine.swapped()
    said = score.written()  # its kind too (BER-RES-1)
    if before is not None and (again := repeated(before, player, said)) is not None:
        return again, before, score
    recorded = recorded_result(match)
    _ruleset_check(event, match, score, ruleset, recorded=recorded is not None)
    if before is not None and before.status != PENDING:
        return _on_settled(before, match, said, recorded, side), before, score
    after, answer = _step(uow, match, before, player, said, recorded)
    return answer, after, score


# What a repeat is told, by the status of the row it left (``repeated``).
_SETTLED: dict[str, Answer] = {CONFIRMED: "confirmed", DISPUTED: "disputed"}
_ALONE: dict[str, Answer] = {PENDING: "waiting", **_SETTLED}


def repeated(row: ReportRow, player: int, said: str) -> Answer | None:
    """Issue 27: the retry of a report already committed (same player, same match, same score,
    and nothing said since) answers as that report did: "waiting" while the opponent has not
    answered, "confirmed" or "disputed" when it was the answer that settled the row. It writes
    nothing, and a phone whose first answer was lost (a dropped connection, a restarted worker)
    is told what the first was told, not refused. None when it is not such a repeat: a new
    score, a report after the opponent's, a judge's decision since."""
    if row.second_player_id is not None:  # the opponent's answer is the row's last word
        if row.second_player_id == player and row.second_result == said:
            return _SETTLED.get(row.status)
        return None
    if row.first_player_id != player or row.first_result != said:
        return None
    # Alone on the row: still waiting, or it met a staff result already there (_step).
    return _ALONE.get(row.status)


def announce(
    uow: UnitOfWork,
    event: EventHead,
    match: MatchRow,
    before: ReportRow | None,
    after: ReportRow,
    answer: Answer,
    player: int,
    score: GameScore,
) -> GameScore | None:
    """The audit row and the notice of a report that changed its row; the result to record in
    the match when both players now agree and no staff result is there (its own audit row and
    notice are then queued too: ``commands_results.stage_result``)."""
    where = {"round": match.round_no, "table": match.table_no}
    uow.audit(
        f"self_report.{answer}",
        "match",
        match.id,
        event_id=event.id,
        before=_state(before),
        after={**(_state(after) or {}), "player": player, "result": score.written(), **where},
    )
    # Both players agree and no staff result is there: the result is recorded now, and its
    # "result" notice says it all (no second notice).
    if answer == "confirmed" and recorded_result(match) is None:
        return score
    uow.notify(f"event:{event.id}", "self_report", status=after.status, **where)
    return None


def _apply(
    uow: UnitOfWork, event: EventHead, match: MatchRow, player: int, result: str
) -> tuple[Answer, ReportRow, MatchRow]:
    """One report applied to the locked rows. Only the current round is self-reported:
    ``match`` was found in it under the event's lock."""
    before = report_of(uow.connection(), match.id)  # read after the match's lock: as it is now
    answer, after, score = decide(uow, event, match, before, player, result)
    if after is before:  # a repeat or a double tap: nothing to write
        return answer, after, match
    row = save_report(uow.connection(), event, match, before, after)
    to_record = announce(uow, event, match, before, row, answer, player, score)
    if to_record is not None:  # last: it moves the event's version
        match = _record(uow, event, match, to_record, load_preset(event.preset), CONFIRMED_BY_BOTH)
    return answer, row, match


def _on_settled(
    row: ReportRow, match: MatchRow, said: str, recorded: str | None, side: Side
) -> Answer:
    """A report on a disputed or settled match: only a repeat of the recorded result passes."""
    if row.status == DISPUTED:
        raise Conflict(
            "result",
            N_("table %(table)s is disputed: a judge decides"),
            N_("ask a judge at the judges' desk"),
            params={"table": match.table_no},
        )
    if said == recorded:
        return "unchanged"  # a double tap
    raise Conflict(
        "result",
        N_("the result is already recorded (%(result)s for you)"),
        N_("ask a judge to correct it"),
        params={"result": seen_from(recorded, side)},
    )


def _step(
    uow: UnitOfWork,
    match: MatchRow,
    row: ReportRow | None,
    player: int,
    said: str,
    recorded: str | None,
) -> tuple[ReportRow, Answer]:
    """One report on an open match: the first, the first player's change, or the answer (the
    report row as it must be saved; nothing is written here)."""
    who, now = uow.actor.name, uow.now
    if row is None:
        first = ReportRow(None, match.id, PENDING, player, said, who, now)
        if recorded is None:
            return first, "waiting"
        return _against(first, said, recorded)  # the staff entered it already
    if row.first_player_id == player:
        if recorded is not None:
            return _against(row, said, recorded)
        # (The same score again was a repeat: ``repeated``.) A wrong tap, corrected before the opponent answered.
        return row.but(first_result=said, first_at=now, first_by=who), "waiting"
    second = row.but(second_player_id=player, second_result=said, second_at=now, second_by=who)
    return _against(second, said, recorded or row.first_result)


def _against(row: ReportRow, said: str, reference: str) -> tuple[ReportRow, Answer]:
    """The same score confirms the reference (the recorded or the first result); else dispute."""
    if said == reference:
        return row.but(status=CONFIRMED), "confirmed"
    return row.but(status=DISPUTED), "disputed"


def _state(row: ReportRow | None) -> dict[str, object] | None:
    if row is None:
        return None
    return {
        "status": row.status,
        "first": row.first_result,
        "first_player": row.first_player_id,
        "second": row.second_result,
        "second_player": row.second_player_id,
    }


def _record(
    uow: UnitOfWork,
    event: EventHead,
    match: MatchRow,
    played: GameScore,
    ruleset: Ruleset,
    reason: str,
    *,
    correction: bool = False,
) -> MatchRow:
    """Write the result in the match row, as the staff's results are (same rules, same locks)."""
    score = stage_result(uow, event, match, played, ruleset, correction=correction, reason=reason)
    return write_result(uow, event, match, score)


def resolve(
    store: Store,
    actor: Actor,
    event_id: int,
    round_no: int,
    table: int,
    result: str,
    *,
    reason: str,
) -> ReportView:
    """A judge decides a reported match (disputed or still waiting): the result is recorded."""
    precheck(actor, Action.OFFICIATE)
    why = " ".join(reason.split())
    if not why:
        raise TorneoError("reason", N_("is empty"), N_("why the judge decided so, for the record"))
    if len(why) > MAX_REASON:
        raise TorneoError(
            "reason",
            N_("is %(n)s characters long"),
            N_("at most %(most)s characters"),
            params={"n": len(why), "most": MAX_REASON},
        )
    with store.unit(actor) as uow:
        event = lock_event_shared(uow, event_id)
        require_judge(uow.session, actor, event)
        seated = lock_seat_at(uow.connection(), event_id, round_no, table)
        if seated is None:
            raise no_table(round_no, table)
        match = seated.match
        check_playable(match)
        row = report_of(uow.connection(), match.id)
        if row is None or row.status not in (PENDING, DISPUTED):
            raise Conflict(
                "table",
                N_("table %(table)s of round %(round)s has no report waiting for a judge"),
                N_("a table in the judges' queue"),
                params={"table": table, "round": round_no},
            )
        ruleset = load_preset(event.preset)
        score = parse_game_score(
            result, ruleset.match.best_of, ruleset.match.rule
        )  # as side A sees it
        recorded = recorded_result(match)
        correction = recorded is not None or round_no != seated.current
        if correction and seated.has_top and match.stage == Stage.SWISS.value:
            raise Conflict(
                "round",
                N_("the Top X has started: Swiss results are final"),
                N_("decide before starting the Top X"),
            )
        _ruleset_check(event, match, score, ruleset, recorded=correction)
        decided = row.but(
            status=RESOLVED, resolution=why, resolved_by=actor.name, resolved_at=uow.now
        )
        saved = save_report(uow.connection(), event, match, row, decided)
        uow.audit(
            "self_report.resolved",
            "match",
            match.id,
            event_id=event_id,
            before=_state(row),
            after={**(_state(saved) or {}), "result": score.written()},
            reason=why,
        )
        uow.notify(f"event:{event_id}", "self_report", status=RESOLVED, round=round_no, table=table)
        # The result last: it moves the event's version (commands_results, "Locks").
        if recorded != score.written():
            match = _record(uow, event, match, score, ruleset, why, correction=recorded is not None)
        return report_view_from(match, saved, seated.names)
