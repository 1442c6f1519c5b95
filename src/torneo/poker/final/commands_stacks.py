"""Per-player starting stacks (issue 17, PKR-LEAGUE-3): a tournament whose players start with
their own chips, as the final table does (the leaderboard's points as chips + 10,000).

Set before the clock starts; an entry already paid takes its player's stack at once. Each stack
is a whole number of the smallest chip in play (a stack the chips cannot make is refused, the
class of mistake of PKR-POT-1 and PKR-RACE-1). An empty mapping returns every player to the
entry's stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.poker.commands import before_start, not_finished, parse_int, topic
from torneo.poker.rules.entries import PurchaseKind
from torneo.poker.state import check_version, get_tournament, options_of
from torneo.poker.state_access import authorize_tournament

_ENTRIES = (PurchaseKind.ENTRY.value, PurchaseKind.LATE_ENTRY.value, PurchaseKind.RE_ENTRY.value)


def set_starting_stacks(
    store: Store,
    actor: Actor,
    tournament_id: int,
    *,
    stacks: Mapping[Any, Any],
    version: int | None = None,
) -> dict[int, int]:
    """Each listed player's starting stack (player id → chips); the stacks now in force."""
    precheck(actor, Action.MANAGE)
    wanted = {
        PlayerId(parse_int("stacks", k, low=1)): parse_int(f"stacks[{k}]", v, low=1)
        for k, v in stacks.items()
    }
    with store.unit(actor) as uow:
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        check_version(row, version)
        not_finished(row)
        before_start(row, "starting_stacks")
        smallest = min(row.structure.get("chip_set") or [1])
        for player, chips in wanted.items():
            if chips % smallest:
                raise TorneoError(
                    f"stacks[{player}]",
                    N_("%(chips)s is not a number of %(smallest_chip)s chips"),
                    N_("multiples of the smallest chip in play, %(smallest_chip)s"),
                    params={"chips": chips, "smallest_chip": smallest},
                )
        options = dict(row.options)
        before = options.get("starting_stacks", [])
        options["starting_stacks"] = [[int(p), c] for p, c in sorted(wanted.items())]
        parsed = options_of(options)  # the domain checks the whole
        row.options = options
        for purchase in row.purchases:
            if purchase.kind in _ENTRIES:
                chips = parsed.stack_of(PlayerId(purchase.player_id))
                purchase.price_chips = chips
                purchase.chips = chips - purchase.penalty
        uow.audit(
            "poker.starting_stacks",
            "poker_tournament",
            row.id,
            before={"stacks": before},
            after={"stacks": options["starting_stacks"]},
        )
        uow.notify(topic(row.id), "entries")
        return {int(p): c for p, c in wanted.items()}
