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
from torneo.core.messages import N_, Message
from torneo.judging.rules.decks.cards import restricted_keys
from torneo.judging.rules.decks.decklist import DeckList
from torneo.presets.judging import DeckFormat, JudgingRules


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One breach of the format: its rule id and what is wrong (a message)."""

    rule: str
    reason: Message
    card: str | None = None

    def message(self) -> Message:
        # The rule id follows the reason untranslated, in every language (docs/rules.md ids).
        return Message(N_("%(reason)s [%(rule)s]"), {"reason": self.reason, "rule": self.rule})

    def describe(self) -> str:
        return self.message().english()


class DeckInvalid(TorneoError):
    """A deck that breaks its format; ``problems`` holds every breach with its rule id."""

    def __init__(self, problems: tuple[DeckProblem, ...], accepted: str | Message) -> None:
        self.problems = problems
        reasons = Message(N_("%(problems)s"), {"problems": [p.message() for p in problems]})
        super().__init__("deck", reasons, accepted)


def _breach(rule: str, reason: str, card: str | None = None, **params: object) -> DeckProblem:
    return DeckProblem(rule, Message(reason, params), card)


def _listed(parts: list[Message]) -> Message:
    """Parts of one sentence joined with ", " (a list parameter would join with "; ")."""
    joined = parts[0]
    for part in parts[1:]:
        joined = Message(N_("%(first)s, %(then)s"), {"first": joined, "then": part})
    return joined


def deck_format(rules: JudgingRules, key: str | None = None) -> tuple[str, DeckFormat]:
    """The named format of the preset, or its default; an unknown name lists the known ones."""
    chosen = key or rules.default_deck_format
    if chosen is None or chosen not in rules.deck_formats:
        raise TorneoError(
            "format",
            N_("unknown deck format '%(format)s'") if chosen else N_("no deck format given"),
            ", ".join(sorted(rules.deck_formats)) or N_("this preset has no deck formats"),
            params={"format": chosen},
        )
    return chosen, rules.deck_formats[chosen]


def describe_format(rules: JudgingRules, fmt: DeckFormat) -> Message:
    """What the format accepts, in one line (the ``accepted`` of a refusal)."""
    if fmt.max_cards == fmt.min_cards:
        size = Message(N_("%(n)s cards"), {"n": fmt.min_cards})
    elif fmt.max_cards is not None:
        size = Message(N_("%(min)s–%(max)s cards"), {"min": fmt.min_cards, "max": fmt.max_cards})
    else:
        size = Message(N_("at least %(n)s cards"), {"n": fmt.min_cards})
    parts = [size]
    if fmt.max_copies is not None:
        parts.append(Message(N_("at most %(n)s copies of a card"), {"n": fmt.max_copies}))
    if fmt.max_restricted is not None:
        parts.append(
            Message(
                N_("at most %(n)s restricted card (any copies of it)"), {"n": fmt.max_restricted}
            )
        )
    if fmt.is_limited:
        parts.append(Message(N_("only cards from your pool of %(n)s"), {"n": rules.pool_size(fmt)}))
    return Message(N_("%(label)s: %(parts)s"), {"label": fmt.label, "parts": _listed(parts)})


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
            _breach(
                fmt.rule,
                N_("the deck has %(total)s cards; at least %(n)s"),
                total=total,
                n=fmt.min_cards,
            )
        )
    if fmt.max_cards is not None and total > fmt.max_cards:
        problems.append(
            _breach(
                fmt.rule,
                N_("the deck has %(total)s cards; at most %(n)s"),
                total=total,
                n=fmt.max_cards,
            )
        )
    if fmt.max_copies is not None:
        problems.extend(
            _breach(
                fmt.rule,
                N_("%(count)s× %(name)s; at most %(n)s copies of a card"),
                entry.name,
                count=entry.count,
                name=entry.name,
                n=fmt.max_copies,
            )
            for entry in deck.entries
            if entry.count > fmt.max_copies
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
        _breach(
            fmt.restricted_rule,
            N_(
                "%(n)s restricted cards (%(cards)s); at most %(limit)s (any number of copies of it)"
            ),
            n=len(found),
            cards=", ".join(found),
            limit=limit,
        )
    ]


def _pool_problems(
    deck: DeckList, fmt: DeckFormat, rules: JudgingRules, pool: DeckList | None
) -> list[DeckProblem]:
    expected = rules.pool_size(fmt)
    if pool is None:
        return [
            _breach(
                fmt.rule,
                N_("%(label)s builds from your pool, and none is recorded"),
                label=fmt.label,
            )
        ]
    problems: list[DeckProblem] = []
    if pool.total != expected:
        problems.append(
            _breach(
                fmt.rule,
                N_("the pool has %(total)s cards; this format's is %(expected)s"),
                total=pool.total,
                expected=expected,
            )
        )
    available = pool.counts()
    for entry in deck.entries:
        have = available.get(entry.key, 0)
        if entry.count > have:
            problems.append(
                _breach(
                    fmt.rule,
                    N_("%(count)s× %(name)s, but your pool has %(have)s")
                    if have
                    else N_("%(count)s× %(name)s, but it is not in your pool"),
                    entry.name,
                    count=entry.count,
                    name=entry.name,
                    have=have,
                )
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
