"""A list of entries before the start (PKR-REG-1), checked and priced as a whole (issue 14).

:func:`torneo.poker.rules.entries.register` takes one player at a time and returns a new ledger,
looking through every purchase so far: a list of 5,000 players would cost 12 million look-ups.
Here each player goes through :func:`register` itself against a ledger of their own purchases
only (the only ones its rule, :func:`can_register`, reads for an entry before the start); the
purchases are then numbered after the ledger's. Every refusal is kept,
so the organizer sees all the bad lines at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.poker.rules.entries import EntryOptions, Ledger, Purchase, register


def register_all(
    ledger: Ledger, options: EntryOptions, players: Sequence[PlayerId]
) -> tuple[Ledger, list[Purchase], list[tuple[int, TorneoError]]]:
    """Entries of ``players`` (each once) before the start: the new ledger, the purchases in
    the order of ``players``, and (position, refusal) for every player refused; when any is
    refused the ledger is returned unchanged with no purchases."""
    own: dict[PlayerId, list[Purchase]] = {}
    for purchase in ledger.purchases:
        own.setdefault(purchase.player, []).append(purchase)
    made: list[Purchase] = []
    refused: list[tuple[int, TorneoError]] = []
    for k, player in enumerate(players):
        try:
            _, purchase = register(Ledger(tuple(own.get(player, ()))), options, player, None)
        except TorneoError as err:
            refused.append((k, err))
            continue
        made.append(replace(purchase, number=len(ledger.purchases) + len(made) + 1))
    if refused:
        return ledger, [], refused
    return replace(ledger, purchases=(*ledger.purchases, *made)), made, refused
