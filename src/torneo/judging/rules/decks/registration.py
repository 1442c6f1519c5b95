"""Deck registration: a player submits a list before the event; it is read, checked, recorded.

A check and a do: :func:`can_register_deck` says whether registration is still open,
:func:`register_deck` reads and validates the list and returns the record the service stores.
A list that cannot be read raises :class:`DeckListError` (every bad line); a legal-looking list
that breaks the format raises :class:`DeckInvalid` (every breach with its rule id).
Re-submitting before the deadline replaces the previous list (the service keeps the history).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from torneo.core.errors import Conflict, Refusal
from torneo.core.ids import EventId, PlayerId
from torneo.core.messages import N_
from torneo.judging.rules.decks.cards import CardCatalog
from torneo.judging.rules.decks.decklist import DeckList, parse_deck_list
from torneo.judging.rules.decks.validation import (
    DeckInvalid,
    deck_format,
    describe_format,
    validate_deck,
)
from torneo.presets.judging import JudgingRules


@dataclass(frozen=True, slots=True)
class DeckRegistration:
    event: EventId
    player: PlayerId
    format: str
    deck: DeckList
    submitted_at: datetime


def can_register_deck(*, deadline: datetime | None, now: datetime) -> Refusal | None:
    """Lists are submitted before the event: refused once the deadline has passed."""
    if deadline is not None and now > deadline:
        return Refusal(
            "deck_list",
            N_("deck registration closed at %(deadline)s"),
            N_("ask a judge: a list after the deadline is the judges' decision"),
            params={"deadline": deadline.isoformat(timespec="minutes")},
        )
    return None


def register_deck(
    *,
    event: EventId,
    player: PlayerId,
    text: str,
    rules: JudgingRules,
    now: datetime,
    format_key: str | None = None,
    catalog: CardCatalog | None = None,
    restricted: Iterable[str] | None = None,
    pool: DeckList | None = None,
    deadline: datetime | None = None,
) -> DeckRegistration:
    refusal = can_register_deck(deadline=deadline, now=now)
    if refusal:
        raise refusal.raise_as(Conflict)
    key, fmt = deck_format(rules, format_key)
    deck = parse_deck_list(text, catalog)
    problems = validate_deck(deck, rules, key, restricted=restricted, pool=pool)
    if problems:
        raise DeckInvalid(problems, describe_format(rules, fmt))
    return DeckRegistration(event, player, key, deck, now)
