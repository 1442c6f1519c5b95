"""Seating an event's pods (BER-POD-1/2): automatically (snake by rating) or by the judge.

- :func:`seat_pods` is the judge's action (API, page, CLI): ``pods`` None seats automatically;
  a list of pods (each a list of player ids, seat order) is the judge's own seating, checked by
  :func:`torneo.cards.rules.pods.check_seating`. Allowed before the start and after it until
  round 1 is paired (a draft seats its pods before the first pick); one transaction, audited.
- :func:`seating_for_start` is what the start does: it keeps the judge's seating when it seats
  exactly the active players, re-seats automatically when the last seating was automatic (or
  none was made), and refuses a hand seating that no longer matches the field (a player
  registered or dropped since), naming the players, so the judge's balance is never undone
  silently.
- :func:`seat_late_entries`: a late entry sits at the last seat of the smallest pod.

Automatic order (BER-POD-2 Resolution): rating, best first (no rating last), then the order of
registration.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm.attributes import flag_modified

from torneo.cards.pods.state import POD_ROUNDS, SEATING, add_seat, is_in_pods, pods_of
from torneo.cards.pods.state import seat_pods as write_seats
from torneo.cards.rules.lifecycle import EventStatus
from torneo.cards.rules.pods import Pod, check_seating, form_pods, plan_pods, seat_late_entry
from torneo.cards.state import get_event
from torneo.cards.state_access import authorize_event
from torneo.cards.tables import Event, Registration
from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.core.uploads import UploadLimits, text_lines
from torneo.platform import guards
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork
from torneo.presets import Ruleset, load_preset


def _active(event: Event) -> list[Registration]:
    return [r for r in event.registrations if r.dropped_after_round is None and not r.disqualified]


def ranked_field(event: Event) -> list[PlayerId]:
    """BER-POD-2: the active players, best rating first (no rating last), then registration."""
    regs = sorted(
        _active(event),
        key=lambda r: (r.player.rating is None, -(r.player.rating or 0), r.id),
    )
    return [PlayerId(r.player_id) for r in regs]


def automatic_pods(event: Event, ruleset: Ruleset) -> list[Pod]:
    return form_pods(ranked_field(event), ruleset.swiss.max_pod_size)


def _check_can_seat(event: Event, ruleset: Ruleset) -> None:
    if not is_in_pods(ruleset):
        raise TorneoError(
            "pods",
            N_("preset %(preset)s does not seat its events in pods"),
            N_("an event of a preset in pods, such as berserk-online"),
            params={"preset": ruleset.id},
        )
    status = EventStatus(event.status)
    if status not in (EventStatus.DRAFT, EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise Conflict(
            "status",
            N_("the event is %(status)s: its pods can no longer change"),
            N_("before round 1 is paired"),
            params={"status": status.value},
        )
    if event.matches:
        raise Conflict(
            "pods",
            N_("round 1 is paired: the pods can no longer change"),
            N_("before round 1 is paired"),
            rule="BER-POD-2",
        )


def seat_pods(
    store: Store,
    actor: Actor,
    event_id: int,
    *,
    pods: Sequence[Sequence[int | str]] | None = None,
    version: int | None = None,
) -> list[Pod]:
    """Seat the pods: automatically (``pods`` None) or as the judge lists them, each player by id
    or by name (any case; the page and the CLI take a line a pod)."""
    precheck(actor, Action.OFFICIATE)
    with store.unit(actor) as uow:
        event = get_event(uow.session, event_id, for_update=True)
        authorize_event(uow.session, actor, event, Action.OFFICIATE)  # a judge seats (BER-POD-2)
        guards.check_version(event, version, "event")
        ruleset = load_preset(event.preset)
        _check_can_seat(event, ruleset)
        field = ranked_field(event)
        if pods is None:
            seated = form_pods(field, ruleset.swiss.max_pod_size)
            mode = "auto"
        else:
            given = [[_player(event, p) for p in pod] for pod in pods]
            seated = check_seating(given, field, ruleset.swiss.max_pod_size)
            mode = "manual"
        before = [list(p.players) for p in pods_of(event)]
        _write(uow, event, seated, mode)
        uow.audit(
            "pods.seat",
            "event",
            event.id,
            event_id=event.id,
            before={"pods": before} if before else None,
            after={"seating": mode, "pods": [[int(p) for p in pod.players] for pod in seated]},
        )
        return seated


def _player(event: Event, ref: int | str) -> PlayerId:
    """A player of the judge's seating: an id, or the name of a registered player."""
    if isinstance(ref, int) or (ref.strip().isascii() and ref.strip().isdigit()):
        return PlayerId(int(ref))
    wanted = " ".join(ref.split()).casefold()
    for r in event.registrations:
        if " ".join(r.player.name.split()).casefold() == wanted:
            return PlayerId(r.player_id)
    raise TorneoError(
        "pods",
        N_("no player named '%(name)s' in the event"),
        N_("a registered player's name or id"),
        params={"name": ref.strip()},
    )


# Issue 27 hole 2: a typed seating, a line a pod, counted while read.
PODS_LIMITS = UploadLimits(rows=5000)


def pods_from_text(text: str) -> list[list[str]]:
    """A seating typed by the judge: a line a pod, its players (names or ids) in seat order,
    separated by commas or semicolons; empty lines are skipped."""
    lines = [line for line in text_lines("pods", text, PODS_LIMITS) if line.strip()]
    return [[p.strip() for p in line.replace(";", ",").split(",") if p.strip()] for line in lines]


def _write(uow: UnitOfWork, event: Event, pods: Sequence[Pod], mode: str) -> None:
    write_seats(uow.session, event, pods)
    settings = {**event.settings, SEATING: mode}
    if event.status == EventStatus.RUNNING.value:  # seated again before round 1: plan again
        plan = plan_pods(pods)
        settings[POD_ROUNDS] = {str(n): r for n, r in plan.rounds.items()}
        event.swiss_rounds, event.top_size = plan.swiss_rounds, plan.top
    event.settings = settings
    flag_modified(event, "settings")
    uow.notify(f"event:{event.id}", "pods")


def seating_for_start(uow: UnitOfWork, event: Event, ruleset: Ruleset) -> list[Pod]:
    """The pods the event starts with (written); see the module doc."""
    field = ranked_field(event)
    current = pods_of(event)
    seated = {p for pod in current for p in pod.players}
    if current and seated == set(field):
        # the seats kept may have lost players since (an unregistration): BER-POD-1 still holds
        return check_seating([p.players for p in current], field, ruleset.swiss.max_pod_size)
    if current and event.settings.get(SEATING) == "manual":
        missing = [p for p in field if p not in seated]
        gone = sorted(seated - set(field))
        names = {r.player_id: r.player.name for r in event.registrations}
        listed = ", ".join(names.get(int(p), f"#{p}") for p in missing) or "-"
        left = ", ".join(names.get(int(p), f"#{p}") for p in gone) or "-"
        raise Conflict(
            "pods",
            N_(
                "the judge's pods no longer match the players: not seated %(missing)s; left %(gone)s"
            ),
            N_("seat the pods again (by hand or automatically), then start"),
            rule="BER-POD-2",
            params={"missing": listed, "gone": left},
        )
    pods = form_pods(field, ruleset.swiss.max_pod_size)
    _write(uow, event, pods, "auto")
    return pods


def seat_late_entries(event: Event, entries: Sequence[tuple[int, int]]) -> None:
    """Late entries ``(player id, registration id)`` of a running event in pods: each at the
    last seat of the smallest pod (BER-POD-1: sizes stay within one)."""
    pods = pods_of(event)
    if not pods:
        return
    for pid, reg_id in entries:
        number, seat = seat_late_entry(pods, PlayerId(pid))
        add_seat(event, pid, reg_id, number, seat)
        pods = [
            Pod(p.number, (*p.players, PlayerId(pid))) if p.number == number else p for p in pods
        ]


__all__ = [
    "automatic_pods",
    "pods_from_text",
    "ranked_field",
    "seat_late_entries",
    "seat_pods",
    "seating_for_start",
]
