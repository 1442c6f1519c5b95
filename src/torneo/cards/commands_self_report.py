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
players were reporting, it goes to the judges' queue.

Decisions where no regulation speaks:

- **Codes are per player and per match**, not one per table: ``HMAC-SHA256(secret, "match
  <id> player <id>")`` read as six symbols of a 32-letter alphabet without look-alikes (no 0/O,
  1/I). A code shared by both players would let one of them "confirm" for the other; with one
  code each, a result needs both. Nothing is stored: the codes follow from the server's secret
  (``TORNEO_SECRET_KEY``), so every worker computes the same ones; changing the secret
  changes them (reprint the slips). 32^6 ≈ 10^9 codes, and the web layer rate-limits wrong
  codes, so guessing one is hopeless.
- **Only the current round** can be self-reported; earlier rounds are the judges' business.
- **Concurrency.** Every report locks the event row, then the match row (always in that order,
  so two reports cannot deadlock), and the row of the report is unique per match. On
  PostgreSQL two simultaneous reports of one match are therefore handled one after the other:
  the first is stored, the second *sees it* and confirms or disputes it. On SQLite, whose
  writers share one lock, the loser of a simultaneous write gets 409 (Conflict) and nothing of
  it is stored; the page says so and shows the match again. Either way a result is never lost
  and never recorded twice.
- **Judges.** The judges' queue and the decisions are for organizers and for judges appointed
  to *this* event (the judging roster): a judge of another event gets 403.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified

from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.tournament import Tournament, can_report
from torneo.cards.state import record_of
from torneo.cards.tables import Event, Match, Round
from torneo.cards.tables_self_report import SelfReport
from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, parse_game_score
from torneo.judging import results as judging_results
from torneo.platform.guards import JUDGE, ORGANIZER, require, require_event_staff
from torneo.platform.store.tables import Player, User
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset

CODE_LENGTH = 6
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 symbols: no 0/O, no 1/I

PENDING = "pending"
CONFIRMED = "confirmed"
DISPUTED = "disputed"
RESOLVED = "resolved"

Side = Literal["a", "b"]
Answer = Literal["waiting", "confirmed", "disputed", "unchanged"]


def match_code(secret: str, match_id: int, player_id: int) -> str:
    """The six-character code of one player for one match (module doc: per player)."""
    digest = hmac.new(
        secret.encode(), f"match {match_id} player {player_id}".encode(), hashlib.sha256
    ).digest()
    number = int.from_bytes(digest[:8], "big")
    symbols = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        symbols.append(CODE_ALPHABET[index])
    return "".join(symbols)


def normalize_code(code: str) -> str:
    """What a person types: case, spaces and dashes do not matter; O is 0's look-alike."""
    return "".join(c for c in code.upper() if c.isalnum()).replace("0", "O").replace("1", "I")


# --- views -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportView:
    """Where the self-report of one match stands (for the players and the judges)."""

    event_id: int
    round_no: int
    table: int
    status: str  # "open" (nobody reported yet), pending, confirmed, disputed, resolved
    player_a_id: int
    player_a: str
    player_b_id: int
    player_b: str
    first_player_id: int | None
    first_result: str | None  # as side A sees it
    second_player_id: int | None
    second_result: str | None
    recorded: str | None  # the result in the match row, as side A sees it
    resolution: str | None


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at one match of the current round: what their report page shows."""

    event_id: int
    event_name: str
    round_no: int
    table: int
    side: Side
    player_id: int
    name: str
    opponent_id: int
    opponent: str
    best_of: int
    is_top: bool
    report: ReportView

    def mine(self, result_a: str | None) -> str | None:
        """A result as side A sees it, turned to this player's side."""
        return seen_from(result_a, self.side)


@dataclass(frozen=True, slots=True)
class Reported:
    """The answer to a report: what happened, and where the match stands now."""

    answer: Answer
    seat: Seat


@dataclass(frozen=True, slots=True)
class Slip:
    """A pairing slip of the current round: one per player, with their code."""

    round_no: int
    table: int
    player_id: int
    name: str
    opponent: str | None  # None: a bye
    code: str | None


def seen_from(result_a: str | None, side: Side) -> str | None:
    """ "2-1" for side A is "1-2" for side B (draws stay last)."""
    if result_a is None or side == "a":
        return result_a
    parts = result_a.split("-")
    parts[0], parts[1] = parts[1], parts[0]
    return "-".join(parts)


def _text(score: GameScore) -> str:
    return score.text()


def _recorded(match: Match) -> str | None:
    if match.wins_a is None or match.wins_b is None:
        return None
    return _text(GameScore(match.wins_a, match.wins_b, match.draws or 0))


# --- loading ---------------------------------------------------------------------------------


def _lock_event(session: Session, event_id: int) -> Event:
    # The event row only (no children): cheap, and it orders every writer of this event.
    stmt = (
        select(Event)
        .where(Event.id == event_id)
        .with_for_update()
        .execution_options(populate_existing=True)  # the version as it is now, under the lock
    )
    event = session.scalars(stmt).first()
    if event is None:
        raise NotFound("event_id", f"no event {event_id}", "the id of an existing event")
    return event


def _current_round(session: Session, event_id: int) -> tuple[int, bool]:
    """(current round, whether the Top X has started) of the event.

    Read from the event's few round rows (every pairing writes one beside its matches), not by
    scanning a thousand matches: every report and every report page asks it.
    """
    row = session.execute(
        select(
            func.max(Round.number),
            func.count(Round.id).filter(Round.stage != Stage.SWISS.value),
        ).where(Round.event_id == event_id)
    ).one()
    return int(row[0] or 0), bool(row[1])


def _match_at(
    session: Session, event_id: int, round_no: int, table: int, *, lock: bool = False
) -> Match:
    stmt = select(Match).where(
        Match.event_id == event_id, Match.round_no == round_no, Match.table_no == table
    )
    if lock:  # the row as it is now, even if this session read it before the lock
        stmt = stmt.with_for_update().execution_options(populate_existing=True)
    match = session.scalars(stmt).first()
    if match is None:
        raise NotFound("table", f"round {round_no} has no table {table}", "a table of the round")
    return match


def _names(session: Session, *ids: int) -> dict[int, str]:
    rows = session.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all()
    return {int(i): str(n) for i, n in rows}


def _view(session: Session, match: Match, row: SelfReport | None) -> ReportView:
    assert match.player_b_id is not None
    names = _names(session, match.player_a_id, match.player_b_id)
    return ReportView(
        event_id=match.event_id,
        round_no=match.round_no,
        table=match.table_no,
        status=row.status if row is not None else "open",
        player_a_id=match.player_a_id,
        player_a=names.get(match.player_a_id, f"#{match.player_a_id}"),
        player_b_id=match.player_b_id,
        player_b=names.get(match.player_b_id, f"#{match.player_b_id}"),
        first_player_id=row.first_player_id if row is not None else None,
        first_result=row.first_result if row is not None else None,
        second_player_id=row.second_player_id if row is not None else None,
        second_result=row.second_result if row is not None else None,
        recorded=_recorded(match),
        resolution=row.resolution if row is not None else None,
    )


def _seat(session: Session, event: Event, match: Match, player_id: int) -> Seat:
    view = _view(session, match, _row(session, match.id))
    side: Side = "a" if player_id == match.player_a_id else "b"
    ruleset = load_preset(event.preset)
    return Seat(
        event_id=event.id,
        event_name=event.name,
        round_no=match.round_no,
        table=match.table_no,
        side=side,
        player_id=player_id,
        name=view.player_a if side == "a" else view.player_b,
        opponent_id=view.player_b_id if side == "a" else view.player_a_id,
        opponent=view.player_b if side == "a" else view.player_a,
        best_of=ruleset.match.best_of,
        is_top=match.stage != Stage.SWISS.value,
        report=view,
    )


def _row(session: Session, match_id: int) -> SelfReport | None:
    return session.scalars(select(SelfReport).where(SelfReport.match_id == match_id)).first()


def _check_playable(match: Match) -> None:
    if match.player_b_id is None:
        raise Conflict(
            "table", "this is a bye: it has no result to report", "a table with two players"
        )


def _seat_by_code(
    session: Session, event: Event, table: int, code: str, secret: str
) -> tuple[Match, int]:
    current, _ = _current_round(session, event.id)
    if current == 0:
        raise Conflict("round", "no round has been paired yet", "wait for the pairings")
    try:
        match = _match_at(session, event.id, current, table)
    except NotFound as err:
        raise Forbidden(
            "code", f"no match of round {current} has table {table} and this code", err.accepted
        ) from err
    typed = normalize_code(code)
    for player in (match.player_a_id, match.player_b_id):
        if player is None:
            continue
        expected = normalize_code(match_code(secret, match.id, player))
        if hmac.compare_digest(expected.encode(), typed.encode()):
            return match, player
    raise Forbidden(
        "code",
        f"this code does not belong to table {table} of round {current}",
        "the code printed on your pairing slip for this round",
    )


def _player_of(session: Session, actor: Actor) -> int:
    user = session.get(User, actor.user_id) if actor.user_id is not None else None
    if user is None or user.player_id is None:
        raise Forbidden(
            "player",
            f"{actor.name} is not linked to a player",
            "a player account, or the code on your pairing slip",
        )
    return user.player_id


def _seat_of_player(session: Session, event: Event, player_id: int) -> Match:
    current, _ = _current_round(session, event.id)
    match = session.scalars(
        select(Match).where(
            Match.event_id == event.id,
            Match.round_no == current,
            (Match.player_a_id == player_id) | (Match.player_b_id == player_id),
        )
    ).first()
    if match is None:
        raise NotFound(
            "player", f"you have no match in round {current} of this event", "a paired player"
        )
    return match


# --- reads -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Heading:
    """What a self-report page shows of its event: two small queries, whatever its size."""

    id: int
    name: str
    status: str
    preset: str
    current_round: int
    best_of: int


def heading(store: Store, event_id: int) -> Heading:
    with store.read() as session:
        event = _get_event(session, event_id)
        current, _ = _current_round(session, event_id)
        best_of = load_preset(event.preset).match.best_of
        return Heading(event.id, event.name, event.status, event.preset, current, best_of)


def seat_by_code(store: Store, event_id: int, table: int, code: str, *, secret: str) -> Seat:
    """Who the code belongs to, and their match (403 for a wrong code)."""
    with store.read() as session:
        event = _get_event(session, event_id)
        match, player = _seat_by_code(session, event, table, code, secret)
        _check_playable(match)
        return _seat(session, event, match, player)


def my_seat(store: Store, actor: Actor, event_id: int) -> Seat:
    """The logged-in player's match of the current round."""
    with store.read() as session:
        event = _get_event(session, event_id)
        player = _player_of(session, actor)
        match = _seat_of_player(session, event, player)
        _check_playable(match)
        return _seat(session, event, match, player)


def _get_event(session: Session, event_id: int) -> Event:
    event = session.get(Event, event_id)
    if event is None:
        raise NotFound("event_id", f"no event {event_id}", "the id of an existing event")
    return event


def slips(store: Store, actor: Actor, event_id: int, *, secret: str) -> list[Slip]:
    """The current round's pairing slips with each player's code (organizers and judges)."""
    with store.read() as session:
        event = _get_event(session, event_id)
        _require_judge(session, actor, event)
        current, _ = _current_round(session, event_id)
        matches = session.scalars(
            select(Match)
            .where(Match.event_id == event_id, Match.round_no == current)
            .order_by(Match.table_no)
        ).all()
        ids = {m.player_a_id for m in matches} | {m.player_b_id for m in matches if m.player_b_id}
        names = _names(session, *ids)
        out: list[Slip] = []
        for m in matches:
            a = names.get(m.player_a_id, "?")
            if m.player_b_id is None:
                out.append(Slip(m.round_no, m.table_no, m.player_a_id, a, None, None))
                continue
            b = names.get(m.player_b_id, "?")
            out.append(
                Slip(
                    m.round_no,
                    m.table_no,
                    m.player_a_id,
                    a,
                    b,
                    match_code(secret, m.id, m.player_a_id),
                )
            )
            out.append(
                Slip(
                    m.round_no,
                    m.table_no,
                    m.player_b_id,
                    b,
                    a,
                    match_code(secret, m.id, m.player_b_id),
                )
            )
        return out


def judge_queue(store: Store, actor: Actor, event_id: int) -> list[ReportView]:
    """Disputed reports first, then those waiting for the opponent, by table."""
    with store.read() as session:
        event = _get_event(session, event_id)
        _require_judge(session, actor, event)
        rows = session.scalars(
            select(SelfReport)
            .where(SelfReport.event_id == event_id, SelfReport.status.in_((DISPUTED, PENDING)))
            .order_by(SelfReport.round_no, SelfReport.table_no)
        ).all()
        views = [_view(session, session.get_one(Match, r.match_id), r) for r in rows]
    return sorted(views, key=lambda v: (v.status != DISPUTED, v.round_no, v.table))


def report_view(store: Store, event_id: int, round_no: int, table: int) -> ReportView:
    with store.read() as session:
        match = _match_at(session, event_id, round_no, table)
        _check_playable(match)
        return _view(session, match, _row(session, match.id))


# --- writes ----------------------------------------------------------------------------------


def report_by_code(
    store: Store, event_id: int, table: int, code: str, result: str, *, secret: str
) -> Reported:
    """A player's report, identified by the code on their pairing slip."""

    def who(uow: UnitOfWork, event: Event) -> tuple[Match, int]:
        return _seat_by_code(uow.session, event, table, code, secret)

    return _report(store, Actor("player-code", frozenset({"player"})), event_id, result, who)


def report_as_player(store: Store, actor: Actor, event_id: int, result: str) -> Reported:
    """A logged-in player's report of their own match of the current round."""

    def who(uow: UnitOfWork, event: Event) -> tuple[Match, int]:
        player = _player_of(uow.session, actor)
        return _seat_of_player(uow.session, event, player), player

    return _report(store, actor, event_id, result, who)


Who = Callable[[UnitOfWork, Event], tuple[Match, int]]


def _report(store: Store, actor: Actor, event_id: int, result: str, who: Who) -> Reported:
    try:
        with store.unit(actor) as uow:
            # Who reports is read before the locks (it changes nothing), so that the event's
            # lock, which orders every writer of the event, is held only for the write.
            match, player = who(uow, _get_event(uow.session, event_id))
            event = _lock_event(uow.session, event_id)
            match = _match_at(uow.session, event_id, match.round_no, match.table_no, lock=True)
            _check_playable(match)
            answer = _apply(uow, event, match, player, result)
            where = (match.round_no, match.table_no)
    except OperationalError as exc:
        # SQLite: another writer held the database at the same instant (module doc).
        raise Conflict(
            "match",
            "another report was being saved at the same moment; nothing of yours was saved",
            "look at the match again and report if it still needs you",
        ) from exc
    # Read after the commit: the event's lock is held no longer than the write needs.
    with store.read() as session:
        event = _get_event(session, event_id)
        seat = _seat(session, event, _match_at(session, event_id, *where), player)
    return Reported(answer, seat)


def _ruleset_check(
    event: Event, match: Match, score: GameScore, ruleset: Ruleset, *, recorded: bool
) -> None:
    t = Tournament(
        status=EventStatus(event.status),
        best_of=ruleset.match.best_of,
        entrants=(),
        matches=(record_of(match),),  # a slice: can_report looks at this one match only
        swiss_rounds=event.swiss_rounds,
        top_size=event.top_size,
    )
    refusal = can_report(t, match.round_no, match.table_no, score, correction=recorded)
    if refusal:
        raise refusal.raise_as(Conflict if refusal.field in {"round", "status"} else TorneoError)


def _apply(uow: UnitOfWork, event: Event, match: Match, player: int, result: str) -> Answer:
    """The decision table of the module doc, applied to the locked rows."""
    ruleset = load_preset(event.preset)
    current, _ = _current_round(uow.session, event.id)
    if match.round_no != current:
        raise Conflict(
            "round",
            f"round {match.round_no} is over (now round {current})",
            "ask a judge to correct an earlier round",
        )
    side: Side = "a" if player == match.player_a_id else "b"
    mine = parse_game_score(result, ruleset.match.best_of)
    score = mine if side == "a" else mine.swapped()
    recorded = _recorded(match)
    _ruleset_check(event, match, score, ruleset, recorded=recorded is not None)
    said = _text(score)
    row = _row(uow.session, match.id)
    topic = f"event:{event.id}"
    where = {"round": match.round_no, "table": match.table_no}
    before = _state(row)

    if row is not None and row.status == DISPUTED:
        raise Conflict(
            "result",
            f"table {match.table_no} is disputed: a judge decides",
            "ask a judge at the judges' desk",
        )
    if row is not None and row.status in (CONFIRMED, RESOLVED):
        if said == recorded:
            return "unchanged"
        raise Conflict(
            "result",
            f"the result is already recorded ({seen_from(recorded, side)} for you)",
            "ask a judge to correct it",
        )

    answer: Answer
    written = False
    if row is None:
        row = SelfReport(
            event_id=event.id,
            match_id=match.id,
            round_no=match.round_no,
            table_no=match.table_no,
            status=PENDING,
            first_player_id=player,
            first_result=said,
            first_by=uow.actor.name,
            first_at=uow.now,
        )
        uow.session.add(row)
        answer = "waiting"
        if recorded is not None:  # the staff entered it already: agree or dispute it
            answer = _against_recorded(row, said, recorded)
    elif row.first_player_id == player:
        if recorded is not None:
            answer = _against_recorded(row, said, recorded)
        elif said == row.first_result:
            return "unchanged"
        else:  # a wrong tap, corrected before the opponent answered
            row.first_result, row.first_at, row.first_by = said, uow.now, uow.actor.name
            answer = "waiting"
    else:
        row.second_player_id, row.second_result = player, said
        row.second_at, row.second_by = uow.now, uow.actor.name
        reference = recorded or row.first_result
        if said != reference:
            row.status = DISPUTED
            answer = "disputed"
        else:
            row.status = CONFIRMED
            answer = "confirmed"
            if recorded is None:  # its "result" notice says it all: no second notice
                _record(uow, event, match, score, ruleset, "confirmed by both players")
                written = True
    uow.audit(
        f"self_report.{answer}",
        "match",
        match.id,
        event_id=event.id,
        before=before,
        after={**(_state(row) or {}), "player": player, "result": said, **where},
    )
    if not written:
        uow.notify(topic, "self_report", status=row.status, **where)
    return answer


def _against_recorded(row: SelfReport, said: str, recorded: str) -> Answer:
    if said == recorded:
        row.status = CONFIRMED
        return "confirmed"
    row.status = DISPUTED
    return "disputed"


def _state(row: SelfReport | None) -> dict[str, object] | None:
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
    event: Event,
    match: Match,
    played: GameScore,
    ruleset: Ruleset,
    reason: str,
    *,
    correction: bool = False,
) -> None:
    """Write the result in the match row, as ``events.report_result`` does (same rules)."""
    # INV-PEN-2: games lost by penalty come first; INV-ID-1: a late draw is refused.
    score = judging_results.score_for_report(uow.session, event, match, played, ruleset, uow.now)
    before = {"result": _recorded(match)}
    match.wins_a, match.wins_b, match.draws = score.wins_a, score.wins_b, score.draws
    match.result_kind = score.kind.value
    match.reported_at = uow.now
    flag_modified(event, "settings")  # the event's version moves: stale pages are detected
    uow.notify(f"event:{event.id}", "result", round=match.round_no, table=match.table_no)
    uow.audit(
        "match.correct" if correction else "match.report",
        "match",
        match.id,
        event_id=event.id,
        before=before,
        after={"result": score.text(), "round": match.round_no, "table": match.table_no},
        reason=reason,
    )


def _require_judge(session: Session, actor: Actor, event: Event) -> None:
    """Organizers, and judges on this event's roster (module doc)."""
    require_event_staff(session, actor, event.id)


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
    require(actor, ORGANIZER, JUDGE)
    why = " ".join(reason.split())
    if not why:
        raise TorneoError("reason", "is empty", "why the judge decided so, for the record")
    if len(why) > 1000:
        raise TorneoError("reason", f"is {len(why)} characters long", "at most 1000 characters")
    with store.unit(actor) as uow:
        event = _lock_event(uow.session, event_id)
        _require_judge(uow.session, actor, event)
        match = _match_at(uow.session, event_id, round_no, table, lock=True)
        _check_playable(match)
        row = _row(uow.session, match.id)
        if row is None or row.status not in (PENDING, DISPUTED):
            raise Conflict(
                "table",
                f"table {table} of round {round_no} has no report waiting for a judge",
                "a table in the judges' queue",
            )
        ruleset = load_preset(event.preset)
        score = parse_game_score(result, ruleset.match.best_of)  # as side A sees it
        recorded = _recorded(match)
        current, has_top = _current_round(uow.session, event_id)
        correction = recorded is not None or round_no != current
        if correction and has_top and match.stage == Stage.SWISS.value:
            raise Conflict(
                "round",
                "the Top X has started: Swiss results are final",
                "decide before starting the Top X",
            )
        _ruleset_check(event, match, score, ruleset, recorded=correction)
        before = _state(row)
        if recorded != _text(score):
            _record(uow, event, match, score, ruleset, why, correction=recorded is not None)
        row.status, row.resolution = RESOLVED, why
        row.resolved_by, row.resolved_at = actor.name, uow.now
        uow.audit(
            "self_report.resolved",
            "match",
            match.id,
            event_id=event_id,
            before=before,
            after={**(_state(row) or {}), "result": _text(score)},
            reason=why,
        )
        uow.notify(f"event:{event_id}", "self_report", status=RESOLVED, round=round_no, table=table)
        uow.session.flush()
        return _view(uow.session, match, row)
