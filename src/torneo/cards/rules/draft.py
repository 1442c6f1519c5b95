"""Live draft picking (BER-DRAFT-1/2): who holds which booster, what is in it, who may pick.

BER-DRAFT-1: the judge starts; every seat opens its first booster; each player picks one card;
when every seat of the pod has picked, every booster passes to the next seat of the same pod;
when the boosters are empty the next booster is opened, until the format's boosters are drafted
(BER-FMT-3: 1, 2 or 4). **Resolution** (RULES.md): the boosters pass the same way every time
(seat 1 → 2 → … → n → 1, the text); the event's ``alternate`` option passes the even boosters
the other way (n → … → 1), as many clubs play.

BER-DRAFT-2: one minute per pick (the event may set another time); at the timeout the server
picks a random card for every seat still without one, drawn from the event's seeded generator
(:func:`timeout_pick`); a player not connected at that moment is disqualified (the pod goes on:
their seat keeps being picked for at random, so the pod never stalls).

The state is rebuilt from the opened boosters (a function of the seed) and the picks made, so
nothing but the picks needs to be stored: seats are numbered 1..n, boosters 1..B, picks 1..7.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from torneo.core.errors import Refusal
from torneo.core.messages import N_
from torneo.presets.judging import DeckFormat

PICK_SECONDS = 60  # BER-DRAFT-2: one minute per pick
# How a limited format's pools are made before round 1: opened sealed (BER-FMT-2) or drafted
# live (BER-FMT-3); the preset names the rule of each of its deck formats.
SEALED, DRAFTED = "BER-FMT-2", "BER-FMT-3"
POOLS_BY_RULE = {SEALED: "sealed", DRAFTED: "draft"}


def pools_of_format(fmt: DeckFormat) -> str | None:
    """ "draft" or "sealed": how ``fmt``'s pools are made (issue 30: the desk's step before
    round 1, the links to the draft); None for a format played with the player's own cards.

    >>> from torneo.presets import load_preset
    >>> formats = load_preset("berserk-online").judging.deck_formats
    >>> [pools_of_format(formats[k]) for k in ("constructed", "sealed_boosters", "draft_standard")]
    [None, 'sealed', 'draft']
    """
    return POOLS_BY_RULE.get(fmt.rule) if fmt.is_limited else None


MIN_PICK_SECONDS, MAX_PICK_SECONDS = 1, 600

# How a pick was made: by its player, by the server at the timeout, by the server for a
# disqualified seat.
BY_PLAYER, AT_TIMEOUT, FOR_DISQUALIFIED = "player", "timeout", "disqualified"


@dataclass(frozen=True, slots=True, order=True)
class Position:
    booster: int
    pick: int


@dataclass(frozen=True, slots=True)
class DraftPlan:
    seats: int
    boosters: int
    booster_size: int = 7
    alternate: bool = False

    def direction(self, booster: int) -> int:
        """+1: to the next seat; -1 for even boosters when passing alternates (module doc)."""
        return -1 if self.alternate and booster % 2 == 0 else 1

    def holder(self, opener: int, position: Position) -> int:
        """The seat holding, at ``position``, the booster that ``opener`` opened."""
        step = (position.pick - 1) * self.direction(position.booster)
        return (opener - 1 + step) % self.seats + 1

    def opener(self, seat: int, position: Position) -> int:
        """The seat that opened the booster ``seat`` holds at ``position``."""
        step = (position.pick - 1) * self.direction(position.booster)
        return (seat - 1 - step) % self.seats + 1

    def first(self) -> Position:
        return Position(1, 1)

    def after(self, position: Position) -> Position | None:
        """The next pick, or None when the last booster is empty (the draft is over)."""
        if position.pick < self.booster_size:
            return Position(position.booster, position.pick + 1)
        if position.booster < self.boosters:
            return Position(position.booster + 1, 1)
        return None

    @property
    def picks_per_seat(self) -> int:
        return self.boosters * self.booster_size


Opened = Mapping[tuple[int, int], Sequence[str]]  # (seat, booster) → the card ids it opened
Picks = Mapping[tuple[int, int, int], str]  # (seat, booster, pick) → the card id picked


def pack(
    plan: DraftPlan, opened: Opened, picks: Picks, seat: int, position: Position
) -> tuple[str, ...]:
    """BER-DRAFT-1: the cards left in the booster ``seat`` holds at ``position``."""
    opener = plan.opener(seat, position)
    left = list(opened[(opener, position.booster)])
    for earlier in range(1, position.pick):
        before = Position(position.booster, earlier)
        taken = picks.get((plan.holder(opener, before), position.booster, earlier))
        if taken is not None and taken in left:
            left.remove(taken)
    return tuple(left)


def everyone_picked(plan: DraftPlan, picks: Picks, position: Position) -> bool:
    return all((s, position.booster, position.pick) in picks for s in range(1, plan.seats + 1))


def timeout_pick(pack_left: Sequence[str], rng: random.Random) -> str:
    """BER-DRAFT-2: the server's random card from the pack (the event's seeded generator)."""
    return rng.choice(list(pack_left))


def can_pick(
    *,
    running: bool,
    current: Position | None,
    asked: Position | None,
    disqualified: bool,
    already: str | None,
    pack_left: Sequence[str],
    card: str,
    now: datetime,
    deadline: datetime | None,
) -> Refusal | None:
    """Why this pick is refused (None: it may be made). ``asked`` is the booster and pick the
    player's page showed (None: whatever is current); ``already`` their pick there, if any."""
    if not running or current is None:
        return Refusal(
            "draft",
            N_("the draft is not running") if current is None else N_("the draft is over"),
            N_("a pick while the judge's draft runs"),
        )
    if disqualified:
        return Refusal(
            "seat",
            N_("this seat is disqualified; the server picks for it"),
            N_("a pick by a player still in the draft [BER-DRAFT-2]"),
        )
    if asked is not None and asked != current:
        return Refusal(
            "pick",
            N_(
                "pick %(pick)s of booster %(booster)s is over; now it is pick %(now_pick)s of booster %(now_booster)s"
            ),
            N_("a card of the pack you hold now (reload the page)"),
            params={
                "pick": asked.pick,
                "booster": asked.booster,
                "now_pick": current.pick,
                "now_booster": current.booster,
            },
        )
    if already is not None:
        return Refusal(
            "pick",
            N_("you already picked %(card)s for this pick"),
            N_("one card a pick; wait for the next pack"),
            params={"card": already},
        )
    if deadline is not None and now >= deadline:
        return Refusal(
            "pick",
            N_("the time for this pick ran out; the server picks a random card [BER-DRAFT-2]"),
            N_("a pick before the timer ends"),
        )
    if card not in pack_left:
        return Refusal(
            "card",
            N_("'%(card)s' is not in your pack"),
            N_("one of %(pack)s"),
            params={"card": card[:40], "pack": ", ".join(pack_left)},
        )
    return None
