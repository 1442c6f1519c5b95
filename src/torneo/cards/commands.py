"""Use cases of a card-game event (invasion-it-2012, berserk-online): one transaction each."""

from __future__ import annotations

import random
import secrets
from datetime import date
from typing import Any

from sqlalchemy.orm.attributes import flag_modified

from torneo.cards import progress as engines

# Results live in commands_results (issue 14: finer locks), registration in commands_roster
# (issue 14: bulk rosters); callers keep these names.
from torneo.cards.commands_results import report_result as report_result
from torneo.cards.pods import progress as pod_engines
from torneo.cards.pods.commands import seating_for_start
from torneo.cards.pods.state import POD_ROUNDS, is_in_pods, pod_rounds, pods_of
from torneo.cards.roster.commands import register_player as register_player
from torneo.cards.roster.commands import register_roster as register_roster
from torneo.cards.rules.lifecycle import EventStatus, can_move
from torneo.cards.rules.pods import plan_pods
from torneo.cards.rules.season_risk import ANNOUNCED_ON
from torneo.cards.rules.start import CHOICE_RULE, small_field_warning, start_settings
from torneo.cards.rules.tournament import (
    can_drop,
    can_pair_next_round,
    can_start_top,
    find_match,
    forfeit_on_drop,
)
from torneo.cards.state import get_event, tournament_of
from torneo.cards.state_access import EVENT, authorize_event
from torneo.cards.state_formats import check_field, check_format
from torneo.cards.tables import Event, Match, Round
from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.inputs import clean_name, parse_date
from torneo.core.message_json import dump_message
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.core.zones import check_zone
from torneo.engines.records import MatchRecord, Stage
from torneo.engines.results import ResultKind
from torneo.judging import results as judging_results
from torneo.platform import guards
from torneo.platform.clubs import owning_club
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset


def check_version(event: Event, version: int | None) -> None:
    """A client that read an older version must reload: never overwrite what it did not see."""
    guards.check_version(event, version, "event")


def _snapshot(event: Event) -> dict[str, Any]:
    return {
        "status": event.status,
        "version": event.version,
        "name": event.name,
        "format": event.format,
    }


def _touch(event: Event) -> None:
    # Any change inside the aggregate bumps the event's version, so a stale page is detected.
    flag_modified(event, "settings")


def create_event(
    store: Store,
    actor: Actor,
    *,
    name: str,
    preset: str,
    held_on: str | date,
    location: str | None = None,
    is_major: bool = False,
    seed: int | None = None,
    club: int | str | None = None,
    time_zone: str | None = None,
    format: str | None = None,
    announced_on: str | date | None = None,
) -> int:
    """A new event of ``club`` (an id or name; left out, the one club the actor runs), in
    ``format`` (BER-FMT-1..3: a deck format of the preset; None: the preset's default), in the
    zone ``time_zone`` (an IANA name; left out, Europe/Rome), announced on ``announced_on``
    (INV-LEGAL-1, issue 30: None, never announced; its pages warn while it would be void)."""
    precheck(actor, Action.MANAGE)
    ruleset = load_preset(preset)
    if ruleset.discipline != "card":
        raise TorneoError(
            "preset",
            N_("'%(preset)s' is a %(kind)s preset"),
            N_("a card-game preset such as invasion-it-2012"),
            params={"preset": preset, "kind": ruleset.discipline},
        )
    when = parse_date("held_on", held_on)
    clean = clean_name("name", name)
    zone_name = check_zone("time_zone", time_zone)
    chosen_format = check_format(ruleset, format)
    announced = parse_date("announced_on", announced_on) if announced_on else None
    with store.unit(actor) as uow:
        event = Event(
            club_id=owning_club(uow.session, actor, club, EVENT),
            name=clean,
            preset=preset,
            status=EventStatus.REGISTRATION.value,
            held_on=when,
            time_zone=zone_name,
            location=location.strip() if location else None,
            organizer_id=actor.user_id,
            is_major=is_major,
            seed=seed if seed is not None else secrets.randbelow(2**31),
            format=chosen_format,
            settings={ANNOUNCED_ON: announced.isoformat()} if announced else {},
            created_at=uow.now,
        )
        uow.session.add(event)
        uow.session.flush()
        uow.audit("event.create", "event", event.id, event_id=event.id, after=_snapshot(event))
        return event.id


def start_event(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    one_round_fewer: bool = False,
    choice_rule: bool | None = None,
    deck_checks: bool | None = None,
    version: int | None = None,
) -> tuple[int, int]:
    """Close registration, fix the number of Swiss rounds and the Top X (INV-STRUCT-1/2), the
    choice rule (INV-TOP-3) and the deck checks (INV-DECK-1); warn of a field too small for the
    season (INV-LEGAL-2, INV-MAJOR-2: ``settings["season_warning"]``). None: the preset's."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.MANAGE)
        check_version(event, version)
        refusal = can_move(EventStatus(event.status), EventStatus.RUNNING)
        if refusal:
            raise refusal.raise_as(Conflict)
        ruleset = load_preset(event.preset)
        players = sum(1 for r in event.registrations if not r.disqualified)
        check_field(ruleset, event.format, players)  # BER-FMT-1..3: at least 4 in every format
        before = _snapshot(event)
        if is_in_pods(ruleset):
            # BER-POD-1..3: the judge's pods, or the automatic seating; rounds per pod
            plan = plan_pods(seating_for_start(uow, event, ruleset))
            rounds, top = plan.swiss_rounds, plan.top
            if one_round_fewer:
                raise TorneoError(
                    "one_round_fewer", N_("this preset has no short option"), N_("false")
                )
            event.settings = {
                **event.settings,
                POD_ROUNDS: {str(n): r for n, r in plan.rounds.items()},
            }
        else:
            rounds, top = engines.plan(ruleset, players, one_round_fewer)
        fixed = start_settings(ruleset, choice_rule=choice_rule, deck_checks=deck_checks)
        warning = small_field_warning(ruleset, players=players, is_major=event.is_major)
        if warning is not None:
            fixed["season_warning"] = dump_message(warning)
        event.settings = {**event.settings, **fixed}
        event.status = EventStatus.RUNNING.value
        event.swiss_rounds, event.top_size, event.one_round_fewer = rounds, top, one_round_fewer
        uow.notify(f"event:{event.id}", "status", status="running")
        uow.audit(
            "event.start",
            "event",
            event.id,
            event_id=event.id,
            before=before,
            after={**_snapshot(event), "swiss_rounds": rounds, "top": top, **fixed},
        )
        return rounds, top


def pair_next_round(
    store: Store, actor: Actor, event_id: int, *, version: int | None = None
) -> int:
    """Pair the next Swiss round, or the next Top X round once the Top X has started."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.MANAGE)
        check_version(event, version)
        ruleset = load_preset(event.preset)
        t = tournament_of(event, ruleset)
        round_no = t.current_round + 1
        round_seed = random.Random(f"{event.seed}:{round_no}").randrange(2**31)
        if t.has_top:
            new = engines.next_top_round(t, event.settings["top_seeds"], ruleset)
            stage = Stage.TOP
        else:
            refusal = can_pair_next_round(t)
            if refusal:
                raise refusal.raise_as(Conflict)
            warnings = judging_results.warnings_map(uow.session, event)  # BER-TIE-1
            pods = pods_of(event)
            if pods:  # BER-PAIR-1 inside each pod that plays this round (BER-POD-3)
                rounds = pod_rounds(event)
                new = pod_engines.pair_pods(
                    t, pods, rounds, ruleset, round_no, round_seed, event.seed, warnings
                )
            else:
                new = engines.pair_swiss(
                    t, ruleset, round_no, random.Random(round_seed), event.seed, warnings
                )
            stage = Stage.SWISS
        _add_round(uow, event, round_no, stage, round_seed, new, ruleset)
        _touch(event)
        uow.notify(f"event:{event.id}", "round", round=round_no)
        uow.audit(
            "round.pair",
            "round",
            round_no,
            event_id=event.id,
            after={
                "round": round_no,
                "stage": stage.value,
                "matches": len(new),
                "seed": round_seed,
            },
        )
        return round_no


def _add_round(
    uow: UnitOfWork,
    event: Event,
    round_no: int,
    stage: Stage,
    seed: int,
    new: list[engines.NewMatch],
    ruleset: Ruleset,
) -> None:
    """Store a paired round: its row (with the seed that drew it) and its matches.

    BER-BYE-1: where the preset says so, the player without an opponent has an auto-win,
    recorded as such (result kind ``auto_win``) the moment the round is paired."""
    uow.session.add(
        Round(event_id=event.id, number=round_no, stage=stage.value, started_at=uow.now, seed=seed)
    )
    auto_win = ruleset.swiss.bye_is_auto_win
    # The event row is locked FOR UPDATE and this transaction moves its version: the matches
    # are new as of the next version (torneo.cards.commands_results, "version").
    changed_in = event.version + 1
    gone = {r.player_id for r in event.registrations if r.dropped_after_round is not None}
    gone |= {r.player_id for r in event.registrations if r.disqualified}
    for m in new:
        bye = m.player_b is None and auto_win
        row = Match(
            event_id=event.id,
            round_no=round_no,
            stage=m.stage.value,
            table_no=m.table,
            player_a_id=m.player_a,
            player_b_id=m.player_b,
            explanation="auto-win (BER-BYE-1)" if bye else m.explanation,
            result_kind=ResultKind.AUTO_WIN.value if bye else None,
            reported_at=uow.now if bye else None,
            changed_in=changed_in,
        )
        if m.stage is not Stage.SWISS and m.player_b is not None:
            _walkover(row, m.player_a in gone, m.player_b in gone, ruleset, uow)
        event.matches.append(row)


def _walkover(row: Match, a_gone: bool, b_gone: bool, ruleset: Ruleset, uow: UnitOfWork) -> None:
    """A Top match paired with a player who left the event is decided when it is paired
    (issue 29 item 3, every state has a way forward): the one still in wins, as a player without
    an opponent does (BER-BYE-1: an auto-win where the preset has them, else the leaver's
    concession, INV-MAJOR-6). With both gone the better seed (player A) goes on, so the bracket
    still reaches its final."""
    if not (a_gone or b_gone):
        return
    need = ruleset.match.best_of // 2 + 1
    a_wins = b_gone or a_gone == b_gone
    row.wins_a, row.wins_b, row.draws = (need, 0, 0) if a_wins else (0, need, 0)
    kind = ResultKind.AUTO_WIN if ruleset.swiss.bye_is_auto_win else ResultKind.CONCESSION
    row.result_kind = kind.value
    row.reported_at = uow.now


def drop_player(
    store: Store,
    actor: Actor,
    event_id: int,
    player_id: int,
    *,
    reason: str | None = None,
    disqualify: bool = False,
    version: int | None = None,
) -> None:
    """INV-DROP-1 drop (or a disqualification): the player is no longer paired."""
    action = Action.OFFICIATE if disqualify else Action.MANAGE  # a judge may disqualify
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, action)
        check_version(event, version)
        t = tournament_of(event)
        refusal = can_drop(t, PlayerId(player_id))
        if refusal:
            raise refusal.raise_as(
                NotFound
                if refusal.field == "player" and t.entrant(PlayerId(player_id)) is None
                else Conflict
            )
        reg = next(r for r in event.registrations if r.player_id == player_id)
        forfeited = None
        if event.status == EventStatus.RUNNING.value:
            reg.dropped_after_round = t.current_round
            # INV-MAJOR-6: a drop with the current match unplayed is leaving before that round;
            # the match is a forfeit. A disqualification leaves the same way (INV-PEN-1).
            forfeited = forfeit_on_drop(t, PlayerId(player_id))
            if forfeited is not None:
                _record_forfeit(uow, event, forfeited)
                reg.dropped_after_round = t.current_round - 1
        elif not disqualify:
            event.registrations.remove(reg)  # before the start, a drop is an unregistration
        if disqualify:
            reg.disqualified, reg.dq_reason = True, reason
        _touch(event)
        uow.notify(f"event:{event.id}", "players")
        uow.audit(
            "player.disqualify" if disqualify else "player.drop",
            "registration",
            reg.id,
            event_id=event.id,
            after={
                "player_id": player_id,
                "after_round": reg.dropped_after_round,
                "forfeit": None
                if forfeited is None
                else {"round": forfeited.round_no, "table": forfeited.table},
            },
            reason=reason,
        )


def _record_forfeit(uow: UnitOfWork, event: Event, forfeited: MatchRecord) -> None:
    """Store the conceded match (INV-MAJOR-6); its version moves with the event's."""
    row = next(
        m
        for m in event.matches
        if m.round_no == forfeited.round_no and m.table_no == forfeited.table
    )
    score = forfeited.score
    assert score is not None  # forfeit_on_drop gives the conceded score
    row.wins_a, row.wins_b, row.draws = score.wins_a, score.wins_b, score.draws
    row.result_kind = score.kind.value
    row.reported_at = uow.now
    row.changed_in = event.version + 1


def start_top(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    version: int | None = None,
    picks: list[int] | None = None,
) -> int:
    """Seed the Top X from the final Swiss standings (INV-TOP-1, INV-TOP-3 with ``picks``)."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.MANAGE)
        check_version(event, version)
        ruleset = load_preset(event.preset)
        t = tournament_of(event, ruleset)
        refusal = can_start_top(t, picks, event.settings.get(CHOICE_RULE))  # INV-TOP-3
        if refusal:
            raise refusal.raise_as(Conflict)
        warnings = judging_results.warnings_map(uow.session, event)
        pods = pods_of(event)
        if pods:  # BER-TOP-1/2: the pods' best in the cross-pod bracket
            rounds = pod_rounds(event)
            refusal = pod_engines.can_start_pod_top(t, pods, rounds, event.top_size or 0)
            if refusal:
                raise refusal.raise_as(Conflict)
            seeds, new = pod_engines.start_pod_top(t, pods, ruleset, event.seed, warnings)
        else:
            seeds, new = engines.start_top(t, ruleset, event.seed, picks, warnings=warnings)
        round_no = t.current_round + 1
        _add_round(uow, event, round_no, Stage.TOP, event.seed, new, ruleset)
        event.settings = {**event.settings, "top_seeds": [int(s) for s in seeds]}
        uow.notify(f"event:{event.id}", "round", round=round_no)
        uow.audit(
            "top.start",
            "event",
            event.id,
            event_id=event.id,
            after={"seeds": [int(s) for s in seeds], "round": round_no},
        )
        return round_no


def close_event(store: Store, actor: Actor, event_id: int, *, version: int | None = None) -> None:
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.MANAGE)
        check_version(event, version)
        ruleset = load_preset(event.preset)
        t = tournament_of(event, ruleset)
        refusal = can_move(EventStatus(event.status), EventStatus.FINISHED) or engines.can_close(
            t, event.settings.get("top_seeds"), ruleset
        )
        if refusal:
            raise refusal.raise_as(Conflict)
        before = _snapshot(event)
        event.status = EventStatus.FINISHED.value
        uow.notify(f"event:{event.id}", "status", status="finished")
        uow.audit(
            "event.close",
            "event",
            event.id,
            event_id=event.id,
            before=before,
            after=_snapshot(event),
        )


def void_event(
    store: Store, actor: Actor, event_id: int, *, reason: str, version: int | None = None
) -> None:
    precheck(actor, Action.MANAGE)
    if not reason.strip():
        raise TorneoError("reason", N_("is empty"), N_("why the event is void, for the record"))
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.MANAGE)
        check_version(event, version)
        refusal = can_move(EventStatus(event.status), EventStatus.VOID)
        if refusal:
            raise refusal.raise_as(Conflict)
        before = _snapshot(event)
        event.status = EventStatus.VOID.value
        event.settings = {**event.settings, "void_reason": reason.strip()}
        uow.notify(f"event:{event.id}", "status", status="void")
        uow.audit(
            "event.void",
            "event",
            event.id,
            event_id=event.id,
            before=before,
            after=_snapshot(event),
            reason=reason,
        )


__all__ = [
    "close_event",
    "create_event",
    "drop_player",
    "find_match",
    "pair_next_round",
    "register_player",
    "register_roster",
    "report_result",
    "start_event",
    "start_top",
    "void_event",
]
