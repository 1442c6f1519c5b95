"""Card sets as data: the cards of a set and the recipes of its boosters and starters.

A set is what an online card game publishes: every card with its id, name, rarity, faction and
cost, a **booster** recipe (BER-FMT-2: a booster holds 7 cards, drawn by rarity slots) and a
**starter** recipe (BER-FMT-2: a starter holds 30). Sets come from a file (CSV or JSON, read by
:mod:`torneo.cards.rules.set_files`); this module checks them, all at once: every bad row is
listed with its number, field and reason, and a set with any problem is not imported at all.

Decisions where the regulation is silent:

- Rarities are the game's four: ``common``, ``uncommon``, ``rare``, ``ultra-rare``; a recipe is
  a count per rarity (booster ``common=4, uncommon=2, rare=1`` by default). A booster or starter
  never holds the same card twice (cards are drawn without replacement within each rarity), so
  a set must hold at least as many cards of each rarity as a recipe asks for.
- A card id is the set's own code for it (``DEMO-001``); two cards may share neither an id nor
  a name (names are compared as deck lists compare them: case, apostrophes and spacing aside),
  since decks are written by name.
- A card may be banned from some formats (``not_legal_in``: deck-format keys of the preset, e.g.
  ``constructed``); a constructed deck list is checked against the set's legal cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message
from torneo.judging.rules.decks.cards import card_key

COMMON, UNCOMMON, RARE, ULTRA_RARE = "common", "uncommon", "rare", "ultra-rare"
RARITIES = (COMMON, UNCOMMON, RARE, ULTRA_RARE)
BOOSTER_SIZE = 7  # BER-FMT-2: a booster holds 7 cards
STARTER_SIZE = 30  # BER-FMT-2: a starter holds 30
DEFAULT_BOOSTER = ((COMMON, 4), (UNCOMMON, 2), (RARE, 1))
DEFAULT_STARTER = ((COMMON, 20), (UNCOMMON, 7), (RARE, 3))
CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
MAX_CARDS = 5000
MAX_NAME = 120
MAX_REPORTED = 30


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    rarity: str
    faction: str
    cost: int | None = None
    kind: str = ""
    text: str = ""
    not_legal_in: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "rarity": self.rarity,
            "faction": self.faction,
            "cost": self.cost,
            "kind": self.kind,
            "text": self.text,
            "not_legal_in": list(self.not_legal_in),
        }


@dataclass(frozen=True, slots=True)
class Recipe:
    """How many cards of each rarity a booster (or a starter) holds, in slot order."""

    slots: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.slots)

    def text(self) -> str:
        return ", ".join(f"{rarity}={n}" for rarity, n in self.slots)


@dataclass(frozen=True, slots=True)
class CardSet:
    code: str
    name: str
    cards: tuple[Card, ...]
    booster: Recipe
    starter: Recipe
    _by_id: dict[str, Card] = field(default_factory=dict, compare=False, repr=False)
    _by_rarity: dict[str, tuple[Card, ...]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({c.id: c for c in self.cards})
        for rarity in RARITIES:
            chosen = (c for c in self.cards if c.rarity == rarity)
            self._by_rarity[rarity] = tuple(sorted(chosen, key=lambda c: c.id))

    def card(self, card_id: str) -> Card | None:
        return self._by_id.get(card_id)

    def of_rarity(self, rarity: str) -> tuple[Card, ...]:
        """The cards of one rarity, by id (the order every seeded draw starts from)."""
        return self._by_rarity.get(rarity, ())

    def legal_names(self, format_key: str | None) -> tuple[str, ...]:
        """The names of the cards a deck of ``format_key`` may hold (BER-FMT-1: the set's)."""
        return tuple(c.name for c in self.cards if format_key not in c.not_legal_in)


@dataclass(frozen=True, slots=True)
class SetProblem:
    """One fault of a set: the row (1-based; None for the set itself), the field, the reason."""

    row: int | None
    field: str
    reason: Message

    def message(self) -> Message:
        if self.row is None:
            return Message(
                N_("%(field)s: %(reason)s"), {"field": self.field, "reason": self.reason}
            )
        return Message(
            N_("row %(row)s, %(field)s: %(reason)s"),
            {"row": self.row, "field": self.field, "reason": self.reason},
        )


ACCEPTED = N_(
    "a set as documented in docs/card-sets.md: id, name, rarity (common, uncommon, rare, "
    "ultra-rare), faction, cost; a booster of 7 and a starter of 30 cards by rarity"
)


class SetInvalid(TorneoError):
    """A set with faults; ``problems`` lists every one; nothing of it is imported."""

    def __init__(self, problems: Sequence[SetProblem]) -> None:
        self.problems = tuple(problems)
        shown: Message = Message(
            N_("%(problems)s"), {"problems": [p.message() for p in self.problems[:MAX_REPORTED]]}
        )
        if len(self.problems) > MAX_REPORTED:
            shown = Message(
                N_("%(problems)s; and %(n)s more"),
                {"problems": shown, "n": len(self.problems) - MAX_REPORTED},
            )
        super().__init__("card_set", shown, ACCEPTED)


def _problem(row: int | None, name: str, reason: str, **params: object) -> SetProblem:
    return SetProblem(row, name, Message(reason, params))


def parse_recipe(field_name: str, text: str) -> tuple[tuple[str, int], ...]:
    """``"common=4, uncommon=2, rare=1"`` as (rarity, count) pairs (checked by :func:`build_set`)."""
    slots: list[tuple[str, int]] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        rarity, sep, count = part.partition("=")
        if not sep or not count.strip().isdigit():
            raise TorneoError(
                field_name,
                N_("'%(part)s' is not rarity=count"),
                N_("rarity=count, comma separated, e.g. common=4, uncommon=2, rare=1"),
                params={"part": part[:40]},
            )
        slots.append((rarity.strip().lower(), int(count)))
    return tuple(slots)


def _cost(row: int, raw: object, problems: list[SetProblem]) -> int | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    text = str(raw).strip()
    if isinstance(raw, bool) or not text.isdigit() or int(text) > 99:
        problems.append(_problem(row, "cost", N_("'%(value)s' is not 0-99"), value=text[:20]))
        return None
    return int(text)


def _card(row: int, raw: Mapping[str, object], problems: list[SetProblem]) -> Card | None:
    before = len(problems)
    values = {k: ("" if v is None else str(v).strip()) for k, v in raw.items()}
    card_id, name = values.get("id", ""), " ".join(values.get("name", "").split())
    if not CODE.match(card_id):
        problems.append(
            _problem(
                row,
                "id",
                N_("'%(value)s' is not a card id (letters, digits, . _ -)"),
                value=card_id,
            )
        )
    if not name or len(name) > MAX_NAME:
        problems.append(_problem(row, "name", N_("a name of 1-120 characters is required")))
    rarity = values.get("rarity", "").lower()
    if rarity not in RARITIES:
        problems.append(
            _problem(
                row,
                "rarity",
                N_("unknown rarity '%(value)s' (one of %(known)s)"),
                value=rarity[:30],
                known=", ".join(RARITIES),
            )
        )
    faction = values.get("faction", "")
    if not faction or len(faction) > 60:
        problems.append(_problem(row, "faction", N_("a faction of 1-60 characters is required")))
    cost = _cost(row, raw.get("cost"), problems)
    legal = raw.get("not_legal_in") or ()
    banned = tuple(
        p.strip()
        for p in (legal.split("|") if isinstance(legal, str) else [str(x) for x in legal])  # type: ignore[attr-defined]
        if p.strip()
    )
    if len(problems) > before:
        return None
    return Card(
        card_id,
        name,
        rarity,
        faction,
        cost,
        values.get("kind", "")[:60],
        values.get("text", "")[:1000],
        banned,
    )


def _recipe(
    name: str, slots: Iterable[tuple[str, int]], size: int, counts: Mapping[str, int]
) -> tuple[Recipe, list[SetProblem]]:
    problems: list[SetProblem] = []
    seen: dict[str, int] = {}
    for rarity, n in slots:
        if rarity not in RARITIES:
            problems.append(
                _problem(
                    None,
                    name,
                    N_("unknown rarity '%(value)s' (one of %(known)s)"),
                    value=rarity[:30],
                    known=", ".join(RARITIES),
                )
            )
            continue
        seen[rarity] = seen.get(rarity, 0) + n
    recipe = Recipe(tuple((r, n) for r, n in seen.items() if n > 0))
    if recipe.size != size:
        problems.append(
            _problem(None, name, N_("holds %(n)s cards, not %(size)s"), n=recipe.size, size=size)
        )
    for rarity, n in recipe.slots:
        if counts.get(rarity, 0) < n:
            problems.append(
                _problem(
                    None,
                    name,
                    N_("needs %(n)s %(rarity)s cards but the set has %(has)s"),
                    n=n,
                    rarity=rarity,
                    has=counts.get(rarity, 0),
                )
            )
    return recipe, problems


def _cards(
    rows: Sequence[Mapping[str, object]], first_row: int, problems: list[SetProblem]
) -> list[Card]:
    """The good rows; a bad one adds its problems (a repeated id or name too, even on a row
    with other faults, so one pass lists everything)."""
    cards: list[Card] = []
    ids: dict[str, int] = {}
    names: dict[str, int] = {}
    for i, raw in enumerate(rows, start=first_row):
        card = _card(i, raw, problems)
        card_id = str(raw.get("id") or "").strip()
        key = card_key(" ".join(str(raw.get("name") or "").split()))
        repeated = False
        if card_id and card_id in ids:
            problems.append(
                _problem(
                    i,
                    "id",
                    N_("'%(value)s' is also on row %(other)s"),
                    value=card_id,
                    other=ids[card_id],
                )
            )
            repeated = True
        if key and key in names:
            problems.append(
                _problem(
                    i,
                    "name",
                    N_("'%(value)s' is also on row %(other)s"),
                    value=str(raw.get("name"))[:60],
                    other=names[key],
                )
            )
            repeated = True
        ids.setdefault(card_id, i)
        names.setdefault(key, i)
        if card is not None and not repeated:
            cards.append(card)
    return cards


def build_set(
    code: str,
    name: str,
    rows: Sequence[Mapping[str, object]],
    *,
    booster: Iterable[tuple[str, int]] = DEFAULT_BOOSTER,
    starter: Iterable[tuple[str, int]] = DEFAULT_STARTER,
    first_row: int = 1,
) -> CardSet:
    """The set, or :class:`SetInvalid` listing every bad row and recipe (nothing is kept)."""
    problems: list[SetProblem] = []
    code = code.strip()
    if not CODE.match(code):
        problems.append(
            _problem(
                None,
                "code",
                N_("'%(value)s' is not a set code (letters, digits, . _ -)"),
                value=code[:40],
            )
        )
    clean_name = " ".join(name.split())
    if not clean_name or len(clean_name) > MAX_NAME:
        problems.append(_problem(None, "name", N_("a name of 1-120 characters is required")))
    if not rows:
        problems.append(_problem(None, "cards", N_("the set has no cards")))
    if len(rows) > MAX_CARDS:
        problems.append(_problem(None, "cards", N_("more than %(n)s cards"), n=MAX_CARDS))
        rows = rows[:MAX_CARDS]
    cards = _cards(rows, first_row, problems)
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.rarity] = counts.get(card.rarity, 0) + 1
    booster_recipe, faults = _recipe("booster", booster, BOOSTER_SIZE, counts)
    problems += faults
    starter_recipe, faults = _recipe("starter", starter, STARTER_SIZE, counts)
    problems += faults
    if problems:
        raise SetInvalid(problems)
    return CardSet(code, clean_name, tuple(cards), booster_recipe, starter_recipe)
