"""Minimum bet and raise calculator for one betting round (PKR-BET-1, art. 9, 10, 13.3).

The floor follows the action of one round and asks, before each decision, what the smallest
legal bet or raise is and whether a player may still raise. Amounts are "to" amounts: the
player's total bet in this round after the action.

- The minimum bet is the big blind (art. 10.13), also when the big blind is short of chips.
- A raise is at least the previous bet or raise increment of the round (art. 10.15): 50/100,
  call 100, raise 300, reraise 500; bet 300, raise 600, 900, 1200.
- An all-in for less than a full raise: at least 50% of a full raise reopens the betting, less
  does not — who already acted may only call or fold (art. 10.10).
- A raise short of the minimum that is not all-in: at least 50% of the full raise must be
  completed to the minimum; less is a call (art. 10.8, 10.11).
- An all-in for less than the minimum bet: a raise must still reach twice the big blind
  (art. 10.13: big blind 100, all-in 20, a raise is at least 200).

Decisions where the regulation is silent: after an all-in that reopens without being a full
raise, the smallest raise increment stays the last full one; the big blind keeps the option to
raise pre-flop (art. 13.3) because posting a blind is not acting.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from torneo.core.errors import Conflict, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_


class Ruling(StrEnum):
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"  # a full raise
    ALL_IN_REOPENS = "all_in_reopens"  # short all-in of at least 50% of a full raise
    ALL_IN_NO_REOPEN = "all_in_no_reopen"  # short all-in under 50%: no re-raise for who acted
    COMPLETED = "completed"  # short raise ≥ 50%: completed to the minimum (art. 10.11)
    CALL_INSTEAD = "call_instead"  # short raise < 50%: it is a call (art. 10.8)


@dataclass(frozen=True, slots=True)
class BettingRound:
    big_blind: int
    current_bet: int  # the amount to match
    min_increment: int  # the last full bet or raise increment, never below the big blind
    bets: Mapping[PlayerId, int]  # each player's total bet in this round
    stacks: Mapping[PlayerId, int]  # chips still behind
    acted: frozenset[PlayerId] = frozenset()  # acted since the last full raise: call or fold only

    @property
    def min_bet(self) -> int:
        """PKR-BET-1: the smallest opening bet is the big blind."""
        return self.big_blind

    @property
    def min_raise_to(self) -> int:
        """PKR-BET-1: the smallest total a raise must reach (the smallest bet when none yet)."""
        if self.current_bet == 0:
            return self.big_blind
        return max(self.current_bet, self.big_blind) + self.min_increment

    def to_call(self, player: PlayerId) -> int:
        return min(self.current_bet - self.bets.get(player, 0), self.stacks[player])

    def can_raise(self, player: PlayerId) -> bool:
        """Art. 10.10: a player who acted since the last full raise may not raise again."""
        return player not in self.acted and self.stacks[player] > self.to_call(player)


@dataclass(frozen=True, slots=True)
class Action:
    player: PlayerId
    to: int  # the player's total bet in the round after the action
    ruling: Ruling
    is_all_in: bool
    reopens: bool  # whether the players who already acted may raise again


def open_round(
    big_blind: int, stacks: Mapping[PlayerId, int], posted: Mapping[PlayerId, int] | None = None
) -> BettingRound:
    """A betting round. Pre-flop ``posted`` holds the blinds (the big blind opens the betting).

    ``stacks`` are the chips each player had before posting.
    """
    if big_blind < 1:
        raise TorneoError(
            "big_blind", N_("%(big_blind)s"), N_("1 or more chips"), params={"big_blind": big_blind}
        )
    posted = dict(posted or {})
    for player, amount in posted.items():
        if player not in stacks:
            raise TorneoError(
                "posted",
                N_("player %(player)s has no stack"),
                N_("players in the hand"),
                params={"player": player},
            )
        if not 0 <= amount <= stacks[player]:
            raise TorneoError(
                "posted",
                N_("%(amount)s from a stack of %(stack)s"),
                N_("the stack"),
                params={"amount": amount, "stack": stacks[player]},
            )
    behind = {p: s - posted.get(p, 0) for p, s in stacks.items()}
    # Art. 10.13: a short big blind still makes the full big blind the amount to call.
    current = big_blind if posted else 0
    return BettingRound(big_blind, current, big_blind, posted, behind)


def _check_amount(state: BettingRound, player: PlayerId, to: int) -> int:
    """A total the player can reach: in the hand, at most all-in, no less than already bet.
    Returns the player's all-in total."""
    if player not in state.stacks:
        raise TorneoError(
            "player",
            N_("player %(player)s is not in the hand"),
            N_("a player in the hand"),
            params={"player": player},
        )
    already = state.bets.get(player, 0)
    all_in_to = already + state.stacks[player]
    if to > all_in_to:
        raise TorneoError(
            "amount",
            N_("%(to)s is more than the player has"),
            N_("at most %(all_in_to)s"),
            params={"to": to, "all_in_to": all_in_to},
        )
    if to < already:
        raise TorneoError(
            "amount",
            N_("%(to)s is less than already bet"),
            N_("at least %(already)s"),
            params={"to": to, "already": already},
        )
    return all_in_to


def act(state: BettingRound, player: PlayerId, to: int) -> tuple[BettingRound, Action]:
    """Rule on one action: ``to`` is the player's total in the round (a fold is not an action
    here). Calls and checks below the amount to match that are not all-in are refused (art.
    10.9: they must be made good)."""
    all_in_to = _check_amount(state, player, to)
    already = state.bets.get(player, 0)
    is_all_in = to == all_in_to and state.stacks[player] > 0
    current = state.current_bet
    if to <= current:
        if to < current and not is_all_in:
            raise TorneoError(
                "amount",
                N_("%(to)s does not match the bet of %(current)s"),
                N_("%(current)s or all-in"),
                params={"to": to, "current": current},
            )
        ruling = Ruling.CHECK if to == already else Ruling.CALL
        return _record(state, player, to, ruling, is_all_in, reopens=False)
    if player in state.acted:
        raise Conflict(
            "amount",
            N_("the betting was not reopened for this player (PKR-BET-1)"),
            N_("call %(amount)s or fold"),
            params={"amount": min(current, all_in_to)},
        )
    full = state.min_raise_to
    opening = current == 0
    if to >= full:
        ruling = Ruling.BET if opening else Ruling.RAISE
        increment = to - (0 if opening else max(current, state.big_blind))
        new = replace(state, min_increment=max(increment, state.big_blind))
        return _record(new, player, to, ruling, is_all_in, reopens=True)
    if opening and is_all_in:
        # Any opening bet, even an all-in below the big blind, is a bet everyone faces anew.
        return _record(state, player, to, Ruling.BET, True, reopens=True)
    # Art. 10.9: an opening bet below the minimum (not all-in) is made good to the minimum.
    half_or_more = opening or 2 * (to - current) >= full - current
    if is_all_in:
        ruling = Ruling.ALL_IN_REOPENS if half_or_more else Ruling.ALL_IN_NO_REOPEN
        return _record(state, player, to, ruling, True, reopens=half_or_more)
    if half_or_more:
        completed, action = act(state, player, min(full, all_in_to))
        return completed, replace(action, ruling=Ruling.COMPLETED)
    called, action = act(state, player, min(current, all_in_to))
    return called, replace(action, ruling=Ruling.CALL_INSTEAD)


def _record(
    state: BettingRound, player: PlayerId, to: int, ruling: Ruling, is_all_in: bool, reopens: bool
) -> tuple[BettingRound, Action]:
    already = state.bets.get(player, 0)
    bets = {**state.bets, player: to}
    stacks = {**state.stacks, player: state.stacks[player] - (to - already)}
    acted = frozenset({player}) if reopens else state.acted | {player}
    new = replace(
        state, bets=bets, stacks=stacks, acted=acted, current_bet=max(state.current_bet, to)
    )
    return new, Action(player, to, ruling, is_all_in, reopens)
