"""Deck legality per format, every problem at once with its rule id.

The format is data (``[judging.deck_formats.*]`` in the preset): INV-DECK-2 (50–100 cards),
INV-DECK-3 (at most one distinct restricted card, any number of copies of it), BER-FMT-1
(30–50, at most 3 copies), BER-FMT-2 sealed and BER-FMT-3 draft (exact sizes, cards only from
the player's own pool, no copy limit in draft).

Decisions where the regulations are silent:
- a limited format (sealed, draft) without a stated maximum is bounded by the pool itself;
- the pool is checked against the format's size (starter + boosters × booster size) so a pool
  recorded wrong by the draft/sealed step is caught here, not at the table;
- blanks added by a judge (INV-DECK-2/3) count towards the deck size and are no card of the pool.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.judging.rules.decks.cards import restricted_keys
from torneo.judging.rules.decks.decklist import DeckList
from torneo.presets.judging import DeckFormat, JudgingRules


@dataclass(frozen=True, slots=True)
class DeckProblem:
    rule: str
    reason: str
    card: str | None = None

    def describe(self) -> str:
        return f"{self.reason} [{self.rule}]"


class DeckInvalid(TorneoError):
    """A deck that breaks its format; ``problems`` holds every breach with its rule id."""

    def __init__(self, problems: tuple[DeckProblem, ...], accepted: str) -> None:
        self.problems = problems
        super().__init__("deck", "; ".join(p.describe() for p in problems), accepted)


def deck_format(rules: JudgingRules, key: str | None = None) -> tuple[str, DeckFormat]:
    """The named format of the preset, or its default; an unknown name lists the known ones."""
    chosen = key or rules.default_deck_format
    if chosen is None or chosen not in rules.deck_formats:
        raise TorneoError(
            "format",
            f"unknown deck format '{chosen}'" if chosen else "no deck format given",
            ", ".join(sorted(rules.deck_formats)) or "this preset has no deck formats",
        )
    return chosen, rules.deck_formats[chosen]


def describe_format(rules: JudgingRules, fmt: DeckFormat) -> str:
    """What the format accepts, in one line (the ``accepted`` of a refusal)."""
    size = (
        f"{fmt.min_cards} cards"
        if fmt.max_cards == fmt.min_cards
        else f"{fmt.min_cards}–{fmt.max_cards} cards"
        if fmt.max_cards is not None
        else f"at least {fmt.min_cards} cards"
    )
    parts = [size]
    if fmt.max_copies is not None:
        parts.append(f"at most {fmt.max_copies} copies of a card")
    if fmt.max_restricted is not None:
        parts.append(f"at most {fmt.max_restricted} restricted card (any copies of it)")
    if fmt.is_limited:
        parts.append(f"only cards from your pool of {rules.pool_size(fmt)}")
    return f"{fmt.label}: " + ", ".join(parts)


def validate_deck(
    deck: DeckList,
    rules: JudgingRules,
    format_key: str | None = None,
    *,
    restricted: Iterable[str] | None = None,
    pool: DeckList | None = None,
) -> tuple[DeckProblem, ...]:
    """Every breach of the format; empty when the deck is legal.

    ``restricted`` overrides the preset's restricted list (an event's current list); ``pool``
    is the player's sealed or draft pool, required by a limited format.
    """
    _, fmt = deck_format(rules, format_key)
    problems: list[DeckProblem] = []
    total = deck.total
    if total < fmt.min_cards:
        problems.append(
            DeckProblem(fmt.rule, f"the deck has {total} cards; at least {fmt.min_cards}")
        )
    if fmt.max_cards is not None and total > fmt.max_cards:
        problems.append(
            DeckProblem(fmt.rule, f"the deck has {total} cards; at most {fmt.max_cards}")
        )
    if fmt.max_copies is not None:
        for entry in deck.entries:
            if entry.count > fmt.max_copies:
                problems.append(
                    DeckProblem(
                        fmt.rule,
                        f"{entry.count}× {entry.name}; at most {fmt.max_copies} copies of a card",
                        entry.name,
                    )
                )
    if fmt.max_restricted is not None:
        problems.extend(_restricted_problems(deck, fmt, rules, restricted))
    if fmt.is_limited:
        problems.extend(_pool_problems(deck, fmt, rules, pool))
    return tuple(problems)


def restricted_in(deck: DeckList, restricted: Iterable[str]) -> tuple[str, ...]:
    """INV-DECK-3: the distinct restricted cards in the deck, in list order."""
    keys = restricted_keys(restricted)
    return tuple(e.name for e in deck.entries if e.key in keys)


def _restricted_problems(
    deck: DeckList, fmt: DeckFormat, rules: JudgingRules, restricted: Iterable[str] | None
) -> list[DeckProblem]:
    found = restricted_in(deck, rules.restricted_cards if restricted is None else restricted)
    limit = fmt.max_restricted or 0
    if len(found) <= limit:
        return []
    return [
        DeckProblem(
            fmt.restricted_rule,
            f"{len(found)} restricted cards ({', '.join(found)}); at most {limit} "
            "(any number of copies of it)",
        )
    ]


def _pool_problems(
    deck: DeckList, fmt: DeckFormat, rules: JudgingRules, pool: DeckList | None
) -> list[DeckProblem]:
    expected = rules.pool_size(fmt)
    if pool is None:
        return [DeckProblem(fmt.rule, f"{fmt.label} builds from your pool, and none is recorded")]
    problems: list[DeckProblem] = []
    if pool.total != expected:
        problems.append(
            DeckProblem(fmt.rule, f"the pool has {pool.total} cards; this format's is {expected}")
        )
    available = pool.counts()
    for entry in deck.entries:
        have = available.get(entry.key, 0)
        if entry.count > have:
            where = f"your pool has {have}" if have else "it is not in your pool"
            problems.append(
                DeckProblem(fmt.rule, f"{entry.count}× {entry.name}, but {where}", entry.name)
            )
    return problems


def is_legal(
    deck: DeckList,
    rules: JudgingRules,
    format_key: str | None = None,
    *,
    restricted: Iterable[str] | None = None,
    pool: DeckList | None = None,
) -> bool:
    return not validate_deck(deck, rules, format_key, restricted=restricted, pool=pool)
