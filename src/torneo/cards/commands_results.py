"""Recording a match result without holding the event (issue 14 item 3: finer locks).

Every result of a card event is written here, whoever enters it: the organizer or a judge
(:func:`report_result`, from the API, the pages, the desk, the CLI) and the players' own reports
once both agree or a judge decides (``commands_self_report``).

**Locks** (PostgreSQL; SQLite has one writer at a time). A result holds

1. the event row in the shared ``FOR KEY SHARE`` mode (:func:`lock_event_shared`): results of
   other tables hold it the same way and do not wait for one another, while pairing a round,
   starting the Top X, a drop, a ruling or any other staff change, which lock the event row
   ``FOR UPDATE``, wait for the results in flight and make new ones wait;
2. its match row ``FOR UPDATE`` (always after the event, so two writers cannot deadlock): two
   results of one table are written one after the other, and the second sees the first;
3. at the very end, the event's version moved by one in the database (``state.bump_version``,
   ``version = version + 1 ... RETURNING``), so no bump is lost. That UPDATE takes the row's
   ``NO KEY UPDATE`` lock, which does not conflict with the other results' shared locks; it
   queues only the results' last step (the bump and the commit) one behind the other.

So a report racing a pairing either commits before the pairing reads the results (the pairing
waits for its lock) or runs after the pairing, finds its round over and is refused: a round is
never paired on a stale result. A result reads only its match, the event row and the round rows
(what the rules need): its cost does not grow with the event.

**What a client's ``version`` means for a result (decision).** It is the event version the
client saw (the API's ``version``, unchanged). It is checked against the *match* it writes, not
against the whole event: every match keeps the event version at which it was paired or last
changed (``matches.changed_in``), and a result is refused (409) only when that match changed
after the version the client saw (``changed_in > version``), or when the version is one the event
never had. A result entered at table 12 is therefore not refused because table 3 reported in
the meantime, while a correction typed over a result the judge never saw still is. A version
becomes visible in the same commit as the change that made it, so a client that saw version
``v`` saw every match changed up to ``v``.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.tournament import Tournament, can_report
from torneo.cards.state import bump_version, no_event, record_of
from torneo.cards.state_access import authorize_event
from torneo.cards.tables import Event, Match
from torneo.cards.views_self_report import current_round, recorded_result
from torneo.core.errors import Conflict, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, parse_game_score
from torneo.judging import results as judging_results
from torneo.platform import guards
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset


def concurrent_write() -> Conflict:
    """The refusal of a report that met another writer (SQLite) or waited past the server's lock
    timeout (PostgreSQL): nothing of it was saved."""
    return Conflict(
        "match",
        N_("another report was being saved at the same moment; nothing of yours was saved"),
        N_("look at the match again and report if it still needs you"),
    )


def lock_event_shared(session: Session, event_id: int) -> Event:
    """The event row only (no children), in the shared mode of the module doc, as it is now."""
    stmt = (
        select(Event)
        .where(Event.id == event_id)
        .with_for_update(read=True, key_share=True)
        .execution_options(populate_existing=True)  # the version as it is now, under the lock
    )
    event = session.scalars(stmt).first()
    if event is None:
        raise no_event(event_id)
    return event


def lock_match(session: Session, event_id: int, round_no: int, table: int) -> Match | None:
    """The match row locked for update, as it is now (None: the round has no such table)."""
    stmt = (
        select(Match)
        .where(Match.event_id == event_id, Match.round_no == round_no, Match.table_no == table)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return session.scalars(stmt).first()


def check_match_version(event: Event, match: Match, version: int | None) -> None:
    """409 when the match changed after the event version the client saw (module doc)."""
    if version is None:
        return
    if version > event.version:
        guards.check_version(event, version, "event")  # a version the event never had
    if match.changed_in is not None and match.changed_in > version:
        raise Conflict(
            "version",
            N_(
                "table %(table)s of round %(round)s changed after the version you loaded "
                "(yours %(mine)s, changed at %(changed)s)"
            ),
            N_("reload the page and try again"),
            params={
                "table": match.table_no,
                "round": match.round_no,
                "mine": version,
                "changed": match.changed_in,
            },
        )


def slice_of(event: Event, match: Match | None, ruleset: Ruleset, round_now: int) -> Tournament:
    """The event as the rules of one result need it: its state and this one match."""
    return Tournament(
        status=EventStatus(event.status),
        best_of=ruleset.match.best_of,
        entrants=(),
        matches=(record_of(match),) if match is not None else (),
        swiss_rounds=event.swiss_rounds,
        top_size=event.top_size,
        round_now=round_now,
    )


def write_result(
    uow: UnitOfWork,
    event: Event,
    match: Match,
    played: GameScore,
    ruleset: Ruleset,
    *,
    correction: bool,
    reason: str | None,
) -> GameScore:
    """Store ``played`` in the locked match (penalty games first), audit it, announce it, and
    move the event's version last (module doc); the stored score is returned."""
    # INV-PEN-2: games lost by penalty come first; INV-ID-1: a late draw is refused.
    score = judging_results.score_for_report(uow.session, event, match, played, ruleset, uow.now)
    before = {"result": recorded_result(match)}
    match.wins_a, match.wins_b, match.draws = score.wins_a, score.wins_b, score.draws
    match.result_kind = score.kind.value
    match.reported_at = uow.now
    uow.notify(f"event:{event.id}", "result", round=match.round_no, table=match.table_no)
    uow.audit(
        "match.correct" if correction else "match.report",
        "match",
        match.id,
        event_id=event.id,
        before=before,
        after={
            "result": score.written(),
            "kind": score.kind.value,
            "round": match.round_no,
            "table": match.table_no,
        },
        reason=reason,
    )
    uow.session.flush()  # every other row first: the event's version is the last thing locked
    match.changed_in = bump_version(uow.session, event.id)
    return score


def report_result(
    store: Store,
    actor: Actor,
    event_id: int,
    round_no: int,
    table: int,
    result: str,
    *,
    version: int | None = None,
    correction: bool = False,
    reason: str | None = None,
) -> None:
    """Enter a match result; a judge or organizer may correct an earlier one with a reason."""
    precheck(actor, Action.OFFICIATE)
    try:
        _report(store, actor, event_id, round_no, table, result, version, correction, reason)
    except OperationalError as exc:
        # SQLite: another writer held the database at the same instant; PostgreSQL: a lock
        # waited longer than the server allows (a pairing holding the event). Nothing is saved.
        raise concurrent_write() from exc


def _report(
    store: Store,
    actor: Actor,
    event_id: int,
    round_no: int,
    table: int,
    result: str,
    version: int | None,
    correction: bool,
    reason: str | None,
) -> None:
    with store.unit(actor) as uow:
        event = lock_event_shared(uow.session, event_id)
        authorize_event(uow.session, actor, event, Action.OFFICIATE)
        match = lock_match(uow.session, event_id, round_no, table)
        if match is not None:
            check_match_version(event, match, version)
        ruleset = load_preset(event.preset)
        score = parse_game_score(result, ruleset.match.best_of)
        current, has_top = current_round(uow.session, event_id)
        refusal = can_report(
            slice_of(event, match, ruleset, current), round_no, table, score, correction=correction
        )
        if refusal:
            raise refusal.raise_as(
                Conflict if refusal.field in {"round", "status"} else TorneoError
            )
        assert match is not None  # can_report refuses a table the round does not have
        if correction and not reason:
            raise TorneoError(
                "reason", N_("a correction needs a reason"), N_("a short text for the audit log")
            )
        if correction and has_top and match.stage == Stage.SWISS.value:
            raise Conflict(
                "round",
                N_("the Top X has started: Swiss results are final"),
                N_("correct before starting the Top X"),
            )
        write_result(uow, event, match, score, ruleset, correction=correction, reason=reason)
