"""What the organizer can do next on an event, each with the refusal that says why not.

Every refusal comes from the rules' own ``can_*`` checks (DESIGN.md: a check and a do), so the
page greys out a button for exactly the reason the service would refuse it.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.cards import progress as engines
from torneo.cards.rules.lifecycle import EventStatus, can_move
from torneo.cards.rules.pods import plan_pods
from torneo.cards.rules.tournament import can_pair_next_round, can_register, can_start_top
from torneo.cards.views_load import Loaded
from torneo.core.errors import Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.presets import Ruleset


@dataclass(frozen=True, slots=True)
class StructurePlan:
    rounds: int
    top: int


@dataclass(frozen=True, slots=True)
class Actions:
    """What the organizer can do next, each with the reason it cannot when it cannot."""

    register: Refusal | None
    start: Refusal | None
    pair: Refusal | None  # the next Swiss round, or the next Top X round once it started
    start_top: Refusal | None
    close: Refusal | None
    is_top_running: bool
    plan: StructurePlan | None  # INV-STRUCT-1 for the players registered now
    short_plan: StructurePlan | None  # INV-STRUCT-2: one round fewer + Top 16, when allowed


def _plan(ruleset: Ruleset, players: int, short: bool) -> StructurePlan | None:
    try:
        rounds, top = engines.plan(ruleset, players, short)
    except TorneoError:
        return None
    return StructurePlan(rounds, top)


def actions_of(ld: Loaded) -> Actions:
    t, e = ld.t, ld.event
    status = EventStatus(e.status)
    players = sum(1 for r in e.registrations if not r.disqualified)
    start = can_move(status, EventStatus.RUNNING)
    if start is None and players < ld.ruleset.swiss.min_players:
        start = Refusal(
            "players",
            N_("registered: %(n)s"),
            N_("at least %(least)s"),
            params={"n": players, "least": ld.ruleset.swiss.min_players},
        )
    close = can_move(status, EventStatus.FINISHED) or engines.can_close(
        t, ld.top_seeds or None, ld.ruleset
    )
    plan, short = _plans(ld, status, players)
    return Actions(
        register=can_register(t, PlayerId(0)),  # no player has id 0: only the state is checked
        start=start,
        pair=_can_pair_top(ld, status, close) if t.has_top else can_pair_next_round(t),
        start_top=can_start_top(t),
        close=close,
        is_top_running=t.has_top,
        plan=plan,
        short_plan=short,
    )


def _plans(
    ld: Loaded, status: EventStatus, players: int
) -> tuple[StructurePlan | None, StructurePlan | None]:
    """INV-STRUCT-1 for the players registered now, and the INV-STRUCT-2 option if it differs;
    once the event started, the plan it fixed."""
    e = ld.event
    seated = {p for pod in ld.pods for p in pod.players}
    active = {
        r.player_id for r in e.registrations if r.dropped_after_round is None and not r.disqualified
    }
    if status is EventStatus.REGISTRATION and ld.pods and seated == active:
        # BER-POD-1..3: the judge's pods as seated, not the automatic seating's
        try:
            pods = plan_pods(ld.pods)
        except TorneoError:
            return None, None
        return StructurePlan(pods.swiss_rounds, pods.top), None
    if status in (EventStatus.DRAFT, EventStatus.REGISTRATION) and players:
        plan = _plan(ld.ruleset, players, False)
        short = _plan(ld.ruleset, players, True)
        return plan, (None if short == plan else short)
    if e.swiss_rounds is not None and e.top_size is not None:
        return StructurePlan(e.swiss_rounds, e.top_size), None
    return None, None


def _can_pair_top(ld: Loaded, status: EventStatus, close: Refusal | None) -> Refusal | None:
    """The next Top X round: the event runs, the current round is complete, a round is left."""
    if status is not EventStatus.RUNNING:
        return Refusal(
            "status",
            N_("the event is %(status)s, not running"),
            N_("a running event"),
            params={"status": Term(status)},
        )
    if ld.t.unreported():
        return Refusal(
            "round",
            N_("the current Top X round has unreported matches"),
            N_("report every result"),
        )
    if close is None:  # the final is played: nothing left to pair
        return Refusal("round", N_("the Top X is complete"), N_("close the event"))
    return None
