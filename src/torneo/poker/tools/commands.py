"""The floor's stateless tools (issue 8 §6): side pots and odd chips (PKR-POT-1), minimum bet
and raise (PKR-BET-1), the chip race (PKR-RACE-1) and colour-up chip counts.

Nothing is stored: each tool parses what the floor typed (names, seats, chips, cards), runs the
pure domain and returns a result with the players' names, ready for the page or the API. Bad
input names its row and field: ``players[2].chips``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_
from torneo.poker.commands import parse_int
from torneo.poker.rules.betting import act, open_round
from torneo.poker.rules.chip_race import run_chip_race
from torneo.poker.rules.colour_up import ColourUp, stack_in_chips
from torneo.poker.rules.hands import evaluate
from torneo.poker.rules.pots import Contribution, settle

# The three-way all-in (tests/domain/poker/test_pots.py, PKR-POT-1): prefilled on the
# floor tools page so the director sees at once how odd chips are settled.
THREE_WAY_EXAMPLE: tuple[dict[str, Any], ...] = (
    {"name": "Anna", "seat": 2, "chips": 1000, "folded": False, "rank": 1, "hole": ""},
    {"name": "Bruno", "seat": 4, "chips": 2525, "folded": False, "rank": 1, "hole": ""},
    {"name": "Carla", "seat": 7, "chips": 2525, "folded": False, "rank": 1, "hole": ""},
    {"name": "Dario", "seat": 1, "chips": 100, "folded": True, "rank": None, "hole": ""},
)
THREE_WAY_BUTTON = 6
THREE_WAY_SMALLEST_CHIP = 25


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() in {"1", "on", "true", "yes", "si", "sì"}


@dataclass(frozen=True, slots=True)
class PotOut:
    name: str  # "main pot" / "side pot 1"
    index: int
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]  # from the first seat left of the button
    shares: tuple[tuple[str, int], ...]
    odd_chips: int


@dataclass(frozen=True, slots=True)
class SidePotsOut:
    pots: tuple[PotOut, ...]  # in settling order: the last side pot first (art. 12.7)
    returned: tuple[str, int] | None  # the uncalled bet, back to its owner
    totals: tuple[tuple[str, int], ...]  # what each player takes, in seat order
    hands: tuple[tuple[str, str], ...]  # hand names when cards were given
    put_in: int
    button_seat: int
    smallest_chip: int


def side_pots(
    players: Sequence[Mapping[str, Any]],
    *,
    button_seat: int | str,
    smallest_chip: int | str,
    board: str = "",
) -> SidePotsOut:
    """PKR-POT-1: pots from each player's contribution; each pot to its best hand (from the
    cards when given with the board, else from the showdown order typed: 1 = best, equal
    numbers split); odd chips at the smallest chip from the first seat left of the button."""
    button = parse_int("button_seat", button_seat, low=1, high=11)
    chip = parse_int("smallest_chip", smallest_chip, low=1)
    rows = [p for p in players if str(p.get("name", "")).strip() or str(p.get("chips", "")).strip()]
    if len(rows) < 2:
        raise TorneoError(
            "players",
            Np_("%(n)s player", "%(n)s players"),
            N_("two or more players in the hand"),
            params={"n": len(rows)},
        )
    contributions: list[Contribution] = []
    names: dict[PlayerId, str] = {}
    ranks: dict[PlayerId, int] = {}
    hands: list[tuple[str, str]] = []
    use_cards = bool(board.strip())
    for i, p in enumerate(rows, start=1):
        pid = PlayerId(i)
        name = " ".join(str(p.get("name", "")).split()) or f"#{i}"
        if name.casefold() in {n.casefold() for n in names.values()}:
            raise TorneoError(
                f"players[{i}].name",
                N_("%(name)s is listed twice"),
                N_("each player of the hand once"),
                params={"name": name},
            )
        names[pid] = name
        seat = parse_int(f"players[{i}].seat", p.get("seat", ""), low=1, high=11)
        chips = parse_int(f"players[{i}].chips", p.get("chips", ""), low=0)
        if chips % chip:
            raise TorneoError(
                f"players[{i}].chips",
                N_("%(chips)s is not a number of %(smallest_chip)s chips"),
                N_("multiples of the smallest chip in play, %(smallest_chip)s"),
                rule="PKR-POT-1",
                params={"chips": chips, "smallest_chip": chip},
            )
        folded = _truthy(p.get("folded", False))
        contributions.append(Contribution(pid, seat, chips, folded))
        if folded:
            continue
        hole = str(p.get("hole", "") or "").strip()
        if use_cards:
            if not hole:
                raise TorneoError(
                    f"players[{i}].hole", N_("no hole cards"), N_("two cards, e.g. As Kd")
                )
            value = evaluate(hole, board)
            ranks[pid] = value.strength
            hands.append((name, value.name))
        else:
            rank = p.get("rank")
            if rank is None or not str(rank).strip():
                raise TorneoError(
                    f"players[{i}].rank",
                    N_("no showdown place"),
                    N_("1 = best hand, equal numbers split"),
                )
            ranks[pid] = -parse_int(f"players[{i}].rank", rank, low=1)
    if len({c.seat for c in contributions}) != len(contributions):
        raise TorneoError("players", N_("two players in one seat"), N_("one player per seat"))
    result = settle(contributions, ranks, button, chip)
    pots = tuple(
        PotOut(
            a.pot.name,
            a.pot.index,
            a.pot.amount,
            tuple(names[p] for p in a.pot.eligible),
            tuple(names[p] for p in a.winners),
            tuple((names[p], c) for p, c in a.shares),
            a.odd_chips,
        )
        for a in result.awards
    )
    totals = result.totals
    order = sorted(contributions, key=lambda c: (0 if c.seat > button else 1, c.seat))
    return SidePotsOut(
        pots=pots,
        returned=(names[result.returned[0]], result.returned[1]) if result.returned else None,
        totals=tuple((names[c.player], totals.get(c.player, 0)) for c in order),
        hands=tuple(hands),
        put_in=sum(c.chips for c in contributions),
        button_seat=button,
        smallest_chip=chip,
    )


# --- minimum bet and raise (PKR-BET-1) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetStep:
    player: str
    to: int
    ruling: str
    is_all_in: bool
    reopens: bool
    min_raise_after: int


@dataclass(frozen=True, slots=True)
class BettingOut:
    big_blind: int
    min_bet: int
    min_raise_to: int  # after the last action
    steps: tuple[BetStep, ...]
    can_raise: tuple[tuple[str, bool], ...]


def _pairs(field: str, text: str) -> list[tuple[str, int]]:
    """ "Anna 300" a line (or comma-separated): a name and a number."""
    out: list[tuple[str, int]] = []
    for n, line in enumerate(text.replace(",", "\n").splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) < 2:
            raise TorneoError(
                f"{field}[{n}]",
                N_("'%(line)s'"),
                N_("a name and an amount"),
                params={"line": line.strip()},
            )
        out.append((" ".join(parts[:-1]), parse_int(f"{field}[{n}]", parts[-1], low=0)))
    return out


def betting(
    *, big_blind: int | str, blinds: str = "", actions: str = "", stacks: str = ""
) -> BettingOut:
    """PKR-BET-1: rule on a betting round action by action; ``blinds`` posted pre-flop ("Anna
    50, Bruno 100"), ``actions`` each player's total bet after acting ("Carla 300"), optional
    ``stacks`` ("Carla 1140"; anyone not listed has plenty)."""
    bb = parse_int("big_blind", big_blind, low=1)
    posted = _pairs("blinds", blinds)
    moves = _pairs("actions", actions)
    listed = dict(_pairs("stacks", stacks))
    players = list(dict.fromkeys([n for n, _ in posted] + [n for n, _ in moves] + list(listed)))
    ids = {name: PlayerId(i) for i, name in enumerate(players, start=1)}
    deep = 10**12
    round_ = open_round(
        bb,
        {ids[n]: listed.get(n, deep) for n in players},
        {ids[n]: a for n, a in posted} or None,
    )
    steps: list[BetStep] = []
    for n, (name, to) in enumerate(moves, start=1):
        try:
            round_, action = act(round_, ids[name], to)
        except TorneoError as err:
            raise type(err)(f"actions[{n}]", f"{name}: {err.reason}", err.accepted) from err
        steps.append(
            BetStep(
                name,
                action.to,
                action.ruling.value,
                action.is_all_in,
                action.reopens,
                round_.min_raise_to,
            )
        )
    return BettingOut(
        bb,
        round_.min_bet,
        round_.min_raise_to,
        tuple(steps),
        tuple((n, round_.can_raise(ids[n])) for n in players),
    )


# --- chip race and colour-up (PKR-RACE-1) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RaceOut:
    removed: int
    replacement: int
    exchanges: tuple[tuple[str, int, int, int], ...]  # name, low chips, exchanged, odd
    middle_value: int
    race_chips: int
    deals: tuple[tuple[tuple[tuple[str, str], ...], str], ...]  # (cards dealt, winner)
    winners: tuple[str, ...]
    topped_up: tuple[str, ...]
    stacks_after: tuple[tuple[str, int, int], ...]  # name, before, after
    chips_removed: int
    chips_added: int
    replacement_chips_needed: int
    seed: int


def chip_race(
    *, removed: int | str, replacement: int | str, players: str, seed: int | str = 1
) -> RaceOut:
    """PKR-RACE-1 at one table: ``players`` one a line from the small blind of the last hand,
    "name stack low-chips" ("Anna 12350 3")."""
    colour = ColourUp(parse_int("removed", removed, low=1), parse_int("replacement", replacement))
    order: list[str] = []
    stacks: dict[PlayerId, int] = {}
    low: dict[PlayerId, int] = {}
    for n, line in enumerate(players.splitlines(), start=1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) < 3:
            raise TorneoError(
                f"players[{n}]",
                N_("'%(line)s'"),
                N_("name, stack, low chips"),
                params={"line": line.strip()},
            )
        who = " ".join(parts[:-2])
        if who.casefold() in {n.casefold() for n in order}:
            raise TorneoError(
                f"players[{n}]",
                N_("%(name)s is listed twice"),
                N_("each player of the table once"),
                rule="PKR-RACE-1",
                params={"name": who},
            )
        order.append(who)
        pid = PlayerId(len(order))
        stacks[pid] = parse_int(f"players[{n}].stack", parts[-2], low=0)
        low[pid] = parse_int(f"players[{n}].low_chips", parts[-1], low=0)
    if len(order) < 2:
        raise TorneoError(
            "players",
            Np_("%(n)s player", "%(n)s players"),
            N_("the players at the table"),
            params={"n": len(order)},
        )
    number = parse_int("seed", seed)
    race = run_chip_race(colour, list(stacks), stacks, low, random.Random(number))
    name = {PlayerId(i): n for i, n in enumerate(order, start=1)}
    return RaceOut(
        colour.removed,
        colour.replacement,
        tuple((name[e.player], e.low_chips, e.exchanged, e.odd_chips) for e in race.plan.exchanges),
        race.plan.middle_value,
        race.plan.race_chips,
        tuple((tuple((name[p], c) for p, c in d.cards), name[d.winner]) for d in race.deals),
        tuple(name[p] for p in race.winners),
        tuple(name[p] for p in race.topped_up),
        tuple((name[p], stacks[p], race.stacks_after[p]) for p in stacks),
        race.chips_removed,
        race.chips_added,
        race.plan.replacement_chips_needed,
        number,
    )


def chips_for(amount: int | str, chip_values: Sequence[int | str]) -> dict[int, int]:
    """Colour-up counts: the fewest chips of the values in play that make ``amount``."""
    values = tuple(sorted({parse_int("chip_values", v, low=1) for v in chip_values}))
    if not values:
        raise TorneoError("chip_values", N_("no chip values"), N_("the chip values in play"))
    return stack_in_chips(parse_int("amount", amount, low=0), values)
