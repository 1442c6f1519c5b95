"""The market (FAN-MKT-1): always open, transfers within one role, credits never below zero.

A season has ``transfers_per_season`` transfers (12) plus ``extra_transfers`` (3) usable only
in ``extra_transfers_month`` (January). Decision: a January transfer uses an extra one first,
so the twelve are kept for the rest of the season. A player who left the league is replaced
with the same transfers; he cannot be bought. Every transfer is priced on the matchday it
applies to (prices are versioned by matchday, :func:`price_on`).

>>> from torneo.presets.fantasy import FantasyRules
>>> transfers_left([10, 11, 1, 1], 1, FantasyRules())
(10, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from torneo.core.errors import Refusal
from torneo.core.messages import N_
from torneo.fantasy.rules.players import ListedPlayer
from torneo.presets.fantasy import FantasyRules

RULE = "FAN-MKT-1"


def transfers_left(months: Sequence[int], month: int, rules: FantasyRules) -> tuple[int, int]:
    """(regular transfers left, extra ones left in ``month``) after transfers made in
    ``months``: the extras only count in the extra month and are used first there."""
    extra_month = rules.extra_transfers_month
    in_extra = sum(1 for m in months if m == extra_month)
    regular_used = sum(1 for m in months if m != extra_month)
    regular_used += max(0, in_extra - rules.extra_transfers)
    regular = max(0, rules.transfers_per_season - regular_used)
    extra = max(0, rules.extra_transfers - in_extra) if month == extra_month else 0
    return regular, extra


def price_on(prices: Mapping[int, int], matchday: int) -> int | None:
    """The price of the last version published on or before ``matchday``."""
    best = None
    for day in sorted(prices):
        if day <= matchday:
            best = prices[day]
    if best is None and prices:
        best = prices[min(prices)]  # a list published later than the matchday: its first price
    return best


def transfer_refusal(
    sold: ListedPlayer,
    bought: ListedPlayer,
    *,
    credits: int,
    owned: frozenset[int],
    months: Sequence[int],
    month: int,
    rules: FantasyRules,
) -> Refusal | None:
    """FAN-MKT-1: why selling ``sold`` for ``bought`` (both priced today) is refused."""
    if sold.id not in owned:
        return Refusal(
            "sell",
            N_("%(name)s is not in the roster"),
            N_("a player of the roster"),
            params={"name": sold.name},
            rule=RULE,
        )
    if bought.id in owned:
        return Refusal(
            "buy",
            N_("%(name)s is already in the roster"),
            N_("a player not in the roster"),
            params={"name": bought.name},
            rule=RULE,
        )
    if bought.role != sold.role:
        return Refusal(
            "buy",
            N_("%(bought)s is of role %(new)s, %(sold)s of role %(old)s"),
            N_("a player of the same role"),
            params={"bought": bought.name, "new": bought.role, "sold": sold.name, "old": sold.role},
            rule=RULE,
        )
    if not bought.active:
        return Refusal(
            "buy",
            N_("%(name)s has left the league: not for sale"),
            N_("a player still in the league"),
            params={"name": bought.name},
            rule=RULE,
        )
    after = credits + sold.price - bought.price
    if after < 0:
        return Refusal(
            "buy",
            N_("the transfer would leave %(after)s credits"),
            N_("a player of at most %(most)s credits"),
            params={"after": after, "most": credits + sold.price},
            rule=RULE,
        )
    regular, extra = transfers_left(months, month, rules)
    if regular + extra < 1:
        return Refusal(
            "transfers",
            N_("all %(n)s transfers of the season are used"),
            N_("%(season)s transfers a season, %(extra)s more in month %(month)s"),
            params={
                "n": len(months),
                "season": rules.transfers_per_season,
                "extra": rules.extra_transfers,
                "month": rules.extra_transfers_month,
            },
            rule=RULE,
        )
    return None
