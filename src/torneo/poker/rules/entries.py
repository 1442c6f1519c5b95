"""Buy-ins, entries, re-entries, rebuys, add-ons and late entries (PKR-REG-1, PKR-SCHED-1, PKR-LATE-1).

Every purchase pays a :class:`Price` split in named parts (PKR-SCHED-1: "90+10+20" is 90 to the
prize pool, 10 to the club, 20 to the league jackpot) and gives chips. The :class:`Ledger` is
the list of purchases: the prize pool, the fees, the jackpot share and the chips in play all
come from it, exactly, in cents and chips.

- PKR-REG-1: an entry pays once for a fixed stack; busting out ends the entry. A new entry
  after a bust is a re-entry, and only where the tournament offers one ("con la vita" = one
  re-entry, PKR-SCHED-1 Resolution).
- PKR-LATE-1: a late player who had booked may enter paying a chip penalty, never after level
  3; a player who busted may never come back this way.
- The Saturday "6,000+6,000" is a starting stack plus an equal add-on (PKR-SCHED-1 Resolution).

Decisions where the regulation is silent (each is a tournament option):
- the chip penalty of a late entry is ``late_penalty_per_level`` chips for every level started;
- re-entries, rebuys and add-ons close with late registration (after level 3) by default;
- a rebuy is allowed when the stack is at most ``rebuy_max_stack`` (None: any stack);
- an add-on is one per entry, for players still in;
- a fixed jackpot levy per tournament (PKR-LEAGUE-2, "prelievo fisso") comes out of the prize
  pool, since the Mister All'in buy-ins have no separate jackpot part.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_

LATE_REGISTRATION_LAST_LEVEL = 3  # PKR-LATE-1


class PartKind(StrEnum):
    PRIZE_POOL = "prize_pool"
    FEE = "fee"  # the club's share
    JACKPOT = "jackpot"  # PKR-LEAGUE-2: per-entry share of the league jackpot
    BOUNTY = "bounty"


@dataclass(frozen=True, slots=True)
class BuyInPart:
    kind: PartKind
    cents: int
    name: str = ""  # the club's own word ("montepremi", "quota club", "jackpot")

    def __post_init__(self) -> None:
        if self.cents < 0:
            raise TorneoError(
                "buy_in",
                N_("a part of %(cents)s cents"),
                N_("0 cents or more"),
                params={"cents": self.cents},
            )


@dataclass(frozen=True, slots=True)
class Price:
    parts: tuple[BuyInPart, ...]
    chips: int

    def __post_init__(self) -> None:
        if self.chips < 1:
            raise TorneoError(
                "chips",
                N_("%(chips)s chips for a purchase"),
                N_("1 chip or more"),
                params={"chips": self.chips},
            )

    @property
    def cents(self) -> int:
        return sum(p.cents for p in self.parts)

    def part(self, kind: PartKind) -> int:
        return sum(p.cents for p in self.parts if p.kind is kind)

    @property
    def label(self) -> str:
        """PKR-SCHED-1 notation: "90+10+20" (euros)."""
        return "+".join(_euros(p.cents) for p in self.parts)


def _euros(cents: int) -> str:
    return str(cents // 100) if cents % 100 == 0 else f"{cents / 100:.2f}"


def price(*parts: tuple[PartKind, int], chips: int) -> Price:
    """``price((PartKind.PRIZE_POOL, 9000), (PartKind.FEE, 1000), chips=10_000)``."""
    return Price(tuple(BuyInPart(kind, cents) for kind, cents in parts), chips)


@dataclass(frozen=True, slots=True)
class EntryOptions:
    entry: Price
    re_entry: Price | None = None
    max_re_entries: int = 0  # "con la vita": 1
    rebuy: Price | None = None
    max_rebuys: int = 0
    rebuy_max_stack: int | None = None
    add_on: Price | None = None  # Sat "6,000+6,000": the add-on gives the stack once more
    late_last_level: int = LATE_REGISTRATION_LAST_LEVEL  # PKR-LATE-1
    late_penalty_per_level: int = 0  # chips, for each level started
    re_entry_last_level: int = LATE_REGISTRATION_LAST_LEVEL
    rebuy_last_level: int = LATE_REGISTRATION_LAST_LEVEL
    add_on_last_level: int = LATE_REGISTRATION_LAST_LEVEL
    jackpot_levy_cents: int = 0  # PKR-LEAGUE-2 fixed levy per tournament
    field: tuple[PlayerId, ...] = ()  # PKR-LEAGUE-3: only these may enter (empty: anyone)
    starting_stacks: tuple[tuple[PlayerId, int], ...] = ()  # per player (the final table)

    def stack_of(self, player: PlayerId) -> int:
        """The chips an entry gives ``player``: their own starting stack, else the entry's."""
        for who, chips in self.starting_stacks:
            if who == player:
                return chips
        return self.entry.chips

    def __post_init__(self) -> None:
        for who, chips in self.starting_stacks:
            if chips < 1:
                raise TorneoError(
                    "starting_stacks",
                    N_("player %(player)s with %(chips)s chips"),
                    N_("1 chip or more"),
                    params={"player": who, "chips": chips},
                )
        if self.late_last_level > LATE_REGISTRATION_LAST_LEVEL:
            raise TorneoError(
                "late_last_level",
                N_("late entries until level %(late_last_level)s"),
                N_("level 3 at the latest (PKR-LATE-1)"),
                params={"late_last_level": self.late_last_level},
            )
        if self.max_re_entries and self.re_entry is None:
            raise TorneoError("re_entry", N_("re-entries without a price"), N_("a re-entry price"))
        if self.max_rebuys and self.rebuy is None:
            raise TorneoError("rebuy", N_("rebuys without a price"), N_("a rebuy price"))
        if self.late_penalty_per_level < 0 or self.jackpot_levy_cents < 0:
            raise TorneoError("late_penalty_per_level", N_("a negative amount"), N_("0 or more"))


class PurchaseKind(StrEnum):
    ENTRY = "entry"
    LATE_ENTRY = "late_entry"  # PKR-LATE-1
    RE_ENTRY = "re_entry"
    REBUY = "rebuy"
    ADD_ON = "add_on"


@dataclass(frozen=True, slots=True)
class Purchase:
    number: int  # 1, 2, 3 ... in the order paid
    player: PlayerId
    kind: PurchaseKind
    price: Price
    chips: int  # chips given (after a late penalty)
    level: int | None  # the level running when paid; None before the start
    penalty: int = 0  # PKR-LATE-1 chip penalty


@dataclass(frozen=True, slots=True)
class ChipAdjustment:
    """Chips entering or leaving play outside the purchases (chip race, disqualification)."""

    reason: str
    chips: int  # negative: removed from play


@dataclass(frozen=True, slots=True)
class Ledger:
    purchases: tuple[Purchase, ...] = ()
    adjustments: tuple[ChipAdjustment, ...] = ()
    jackpot_levy_cents: int = 0

    def of(self, player: PlayerId, kind: PurchaseKind | None = None) -> tuple[Purchase, ...]:
        return tuple(
            p for p in self.purchases if p.player == player and (kind is None or p.kind is kind)
        )

    def has_entered(self, player: PlayerId) -> bool:
        return any(p.player == player for p in self.purchases)

    def part_total(self, kind: PartKind) -> int:
        return sum(p.price.part(kind) for p in self.purchases)

    @property
    def collected(self) -> int:
        return sum(p.price.cents for p in self.purchases)

    @property
    def prize_pool(self) -> int:
        """Cents to pay out: the prize-pool parts, less a fixed jackpot levy (PKR-LEAGUE-2)."""
        return max(0, self.part_total(PartKind.PRIZE_POOL) - self.jackpot_levy_cents)

    @property
    def jackpot(self) -> int:
        """Cents this tournament adds to its league jackpot (PKR-LEAGUE-2)."""
        pool = self.part_total(PartKind.PRIZE_POOL)
        return self.part_total(PartKind.JACKPOT) + min(pool, self.jackpot_levy_cents)

    @property
    def fees(self) -> int:
        return self.part_total(PartKind.FEE)

    @property
    def entries(self) -> int:
        """Entries for the payout table: entries, late entries and re-entries (not rebuys)."""
        counted = (PurchaseKind.ENTRY, PurchaseKind.LATE_ENTRY, PurchaseKind.RE_ENTRY)
        return sum(1 for p in self.purchases if p.kind in counted)

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(dict.fromkeys(p.player for p in self.purchases))

    @property
    def chips_in_play(self) -> int:
        return sum(p.chips for p in self.purchases) + sum(a.chips for a in self.adjustments)


def new_ledger(options: EntryOptions) -> Ledger:
    return Ledger(jackpot_levy_cents=options.jackpot_levy_cents)


def adjust_chips(ledger: Ledger, reason: str, chips: int) -> Ledger:
    return replace(ledger, adjustments=(*ledger.adjustments, ChipAdjustment(reason, chips)))


def _record(
    ledger: Ledger,
    player: PlayerId,
    kind: PurchaseKind,
    paid: Price,
    level: int | None,
    penalty: int = 0,
) -> tuple[Ledger, Purchase]:
    purchase = Purchase(
        len(ledger.purchases) + 1, player, kind, paid, paid.chips - penalty, level, penalty
    )
    return replace(ledger, purchases=(*ledger.purchases, purchase)), purchase


def late_penalty(options: EntryOptions, level: int) -> int:
    """PKR-LATE-1: the chip penalty of a late entry during ``level``."""
    return options.late_penalty_per_level * level


def can_register(
    ledger: Ledger,
    options: EntryOptions,
    player: PlayerId,
    level: int | None,
    booked: bool = True,
    has_busted: bool = False,
) -> Refusal | None:
    """Entry before the start (``level`` None) or a late entry (PKR-LATE-1)."""
    if ledger.has_entered(player):
        return Refusal(
            "player",
            N_("player %(player)s has already entered"),
            N_("a player not entered"),
            params={"player": player},
        )
    if options.field and player not in options.field:
        return Refusal(
            "player",
            N_("player %(player)s is not in this tournament's field"),
            N_("the players it was created for (PKR-LEAGUE-3)"),
            "PKR-LEAGUE-3",
            params={"player": player},
        )
    if level is None:
        return None
    if level > options.late_last_level:
        return Refusal(
            "level",
            N_("late entry during level %(level)s"),
            N_("up to level %(late_last_level)s"),
            "PKR-LATE-1",
            params={"level": level, "late_last_level": options.late_last_level},
        )
    if not booked:
        return Refusal(
            "booked",
            N_("a late entry without a booking"),
            N_("late players who booked by mail or phone"),
            "PKR-LATE-1",
        )
    if has_busted:
        return Refusal(
            "player", N_("a busted player cannot come back as a late entry"), None, "PKR-LATE-1"
        )
    if late_penalty(options, level) >= options.entry.chips:
        return Refusal("level", N_("the penalty would take the whole stack"), None, "PKR-LATE-1")
    return None


def register(
    ledger: Ledger,
    options: EntryOptions,
    player: PlayerId,
    level: int | None,
    booked: bool = True,
    has_busted: bool = False,
) -> tuple[Ledger, Purchase]:
    refusal = can_register(ledger, options, player, level, booked, has_busted)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    paid = options.entry
    if options.starting_stacks:
        paid = replace(paid, chips=options.stack_of(player))  # PKR-LEAGUE-3: its own stack
    if level is None:
        return _record(ledger, player, PurchaseKind.ENTRY, paid, None)
    penalty = late_penalty(options, level)
    return _record(ledger, player, PurchaseKind.LATE_ENTRY, paid, level, penalty)


def can_re_enter(
    ledger: Ledger, options: EntryOptions, player: PlayerId, level: int, is_busted: bool
) -> Refusal | None:
    """A new entry for a busted player, where the tournament offers one (PKR-REG-1)."""
    if options.re_entry is None or options.max_re_entries == 0:
        return Refusal("re_entry", N_("this tournament has no re-entry"), None, "PKR-REG-1")
    if not ledger.has_entered(player):
        return Refusal(
            "player",
            N_("player %(player)s never entered"),
            N_("a player who busted"),
            params={"player": player},
        )
    if not is_busted:
        return Refusal(
            "player",
            N_("player %(player)s is still in"),
            N_("a player who busted"),
            params={"player": player},
        )
    used = len(ledger.of(player, PurchaseKind.RE_ENTRY))
    if used >= options.max_re_entries:
        return Refusal(
            "re_entry",
            N_("%(used)s re-entries used"),
            N_("at most %(max_re_entries)s"),
            "PKR-REG-1",
            params={"used": used, "max_re_entries": options.max_re_entries},
        )
    if level > options.re_entry_last_level:
        return Refusal(
            "level",
            N_("level %(level)s"),
            N_("up to level %(re_entry_last_level)s"),
            params={"level": level, "re_entry_last_level": options.re_entry_last_level},
        )
    return None


def re_enter(
    ledger: Ledger, options: EntryOptions, player: PlayerId, level: int, is_busted: bool
) -> tuple[Ledger, Purchase]:
    refusal = can_re_enter(ledger, options, player, level, is_busted)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    assert options.re_entry is not None
    return _record(ledger, player, PurchaseKind.RE_ENTRY, options.re_entry, level)


def can_rebuy(
    ledger: Ledger, options: EntryOptions, player: PlayerId, level: int, stack: int
) -> Refusal | None:
    if options.rebuy is None or options.max_rebuys == 0:
        return Refusal("rebuy", N_("this tournament has no rebuys"))
    if not ledger.has_entered(player):
        return Refusal(
            "player",
            N_("player %(player)s never entered"),
            N_("a player in the tournament"),
            params={"player": player},
        )
    used = len(ledger.of(player, PurchaseKind.REBUY))
    if used >= options.max_rebuys:
        return Refusal(
            "rebuy",
            N_("%(used)s rebuys used"),
            N_("at most %(max_rebuys)s"),
            params={"used": used, "max_rebuys": options.max_rebuys},
        )
    if level > options.rebuy_last_level:
        return Refusal(
            "level",
            N_("level %(level)s"),
            N_("up to level %(rebuy_last_level)s"),
            params={"level": level, "rebuy_last_level": options.rebuy_last_level},
        )
    if options.rebuy_max_stack is not None and stack > options.rebuy_max_stack:
        return Refusal(
            "stack",
            N_("a stack of %(stack)s"),
            N_("at most %(rebuy_max_stack)s"),
            params={"stack": stack, "rebuy_max_stack": options.rebuy_max_stack},
        )
    return None


def rebuy(
    ledger: Ledger, options: EntryOptions, player: PlayerId, level: int, stack: int
) -> tuple[Ledger, Purchase]:
    refusal = can_rebuy(ledger, options, player, level, stack)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    assert options.rebuy is not None
    return _record(ledger, player, PurchaseKind.REBUY, options.rebuy, level)


def _entries_since_last_entry(ledger: Ledger, player: PlayerId) -> Iterable[Purchase]:
    """Purchases of the player's current entry (from their last entry or re-entry on)."""
    mine = ledger.of(player)
    starts = [
        i
        for i, p in enumerate(mine)
        if p.kind in (PurchaseKind.ENTRY, PurchaseKind.LATE_ENTRY, PurchaseKind.RE_ENTRY)
    ]
    return mine[starts[-1] :] if starts else ()


def can_add_on(
    ledger: Ledger, options: EntryOptions, player: PlayerId, level: int, is_busted: bool
) -> Refusal | None:
    if options.add_on is None:
        return Refusal("add_on", N_("this tournament has no add-on"))
    if not ledger.has_entered(player) or is_busted:
        return Refusal(
            "player",
            N_("player %(player)s is not in the tournament"),
            N_("a player still in"),
            params={"player": player},
        )
    if any(p.kind is PurchaseKind.ADD_ON for p in _entries_since_last_entry(ledger, player)):
        return Refusal(
            "add_on", N_("this entry already took the add-on"), N_("one add-on per entry")
        )
    if level > options.add_on_last_level:
        return Refusal(
            "level",
            N_("level %(level)s"),
            N_("up to level %(add_on_last_level)s"),
            params={"level": level, "add_on_last_level": options.add_on_last_level},
        )
    return None


def add_on(
    ledger: Ledger, options: EntryOptions, player: PlayerId, level: int, is_busted: bool
) -> tuple[Ledger, Purchase]:
    refusal = can_add_on(ledger, options, player, level, is_busted)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    assert options.add_on is not None
    return _record(ledger, player, PurchaseKind.ADD_ON, options.add_on, level)


@dataclass(frozen=True, slots=True)
class Summary:
    """The cashier's sheet of one tournament."""

    entries: int
    re_entries: int
    rebuys: int
    add_ons: int
    collected: int
    prize_pool: int
    fees: int
    jackpot: int
    chips_in_play: int
    by_part: dict[str, int] = field(default_factory=dict)


def summary(ledger: Ledger) -> Summary:
    count = {k: sum(1 for p in ledger.purchases if p.kind is k) for k in PurchaseKind}
    names: dict[str, int] = {}
    for p in ledger.purchases:
        for part in p.price.parts:
            key = part.name or part.kind.value
            names[key] = names.get(key, 0) + part.cents
    return Summary(
        entries=count[PurchaseKind.ENTRY] + count[PurchaseKind.LATE_ENTRY],
        re_entries=count[PurchaseKind.RE_ENTRY],
        rebuys=count[PurchaseKind.REBUY],
        add_ons=count[PurchaseKind.ADD_ON],
        collected=ledger.collected,
        prize_pool=ledger.prize_pool,
        fees=ledger.fees,
        jackpot=ledger.jackpot,
        chips_in_play=ledger.chips_in_play,
        by_part=names,
    )
