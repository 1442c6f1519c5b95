"""Deck checks (INV-DECK-1..3): the table drawn before a round, the list compared, the deck fixed.

INV-DECK-1: before every round one table is drawn at random and both decks at it are checked; the
bye counts as a table, and if it is drawn the bye player's deck is checked. One draw per round: a
second draw for the same round is refused (the first one stands, it was announced).

INV-DECK-2/3 outcomes, applied exactly by :func:`correct_deck`:
- under the minimum: the player adds face-down blanks up to the minimum;
- over the maximum: the judge removes random cards down to exactly the maximum;
- more distinct restricted cards than allowed (k > 1): one copy of each is taken, shuffled, and
  k−1 are drawn at random; every copy of the drawn cards is replaced by a blank, the last one
  stays (INV-DECK-EX1).
The penalties that go with them (warning, game loss(es)) are issued by
``torneo.judging.rules.deck_check_rulings`` from the infraction keys listed here.

Order when a deck breaks several rules (the regulation is silent; project decision): the
restricted cards are fixed first (blanks replace copies one for one, so the size is unchanged),
then the size. Random removal draws among every physical card, blanks included, because the
judge removes cards from the deck as it is, unseen. Randomness comes only from the caller's
seeded ``rng``, and the cards drawn are recorded on the result.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.records import MatchRecord
from torneo.judging.rules.decks.cards import restricted_keys
from torneo.judging.rules.decks.decklist import BLANK, DeckEntry, DeckList
from torneo.presets.judging import (
    DECK_OVER_MAXIMUM,
    DECK_UNDER_MINIMUM,
    RESTRICTED_LIST_BREACH,
    DeckFormat,
)


@dataclass(frozen=True, slots=True)
class DeckCheckDraw:
    """The recorded draw of one round: which table, among how many (bye included)."""

    round_no: int
    table: int
    tables: int
    players: tuple[PlayerId, ...]  # both players, or the bye player alone


def draw_deck_check_table(tables: int, rng: random.Random) -> int:
    """INV-DECK-1: a table number 1..tables, the bye counted as a table by the caller."""
    if tables < 1:
        raise TorneoError(
            "tables",
            N_("%(n)s tables: nothing to draw"),
            N_("at least 1 table"),
            params={"n": tables},
        )
    return rng.randint(1, tables)


def can_draw_deck_check(round_no: int, draws: Iterable[DeckCheckDraw]) -> Refusal | None:
    for draw in draws:
        if draw.round_no == round_no:
            return Refusal(
                "deck_check",
                N_("round %(round)s already has its deck check: table %(table)s"),
                N_("one draw per round"),
                "INV-DECK-1",
                params={"round": round_no, "table": draw.table},
            )
    return None


def can_draw_before_the_round(
    round_no: int, *, deck_checks: bool, clock_started: bool
) -> Refusal | None:
    """INV-DECK-1: the table is drawn *before the round starts*, and only at an event that
    decided at its start to hold deck checks ("facoltativo, da stabilire a inizio torneo").

    The round has started once its clock has (the judges' "go"). A round run without the clock
    gives the software no go to see (its pairing time is its start for INV-ID-1, but the draw
    needs the pairing): its table may be drawn while it is the current round.
    """
    if not deck_checks:
        return Refusal(
            "deck_checks",
            N_("this event decided at its start to hold no deck checks"),
            N_("an event started with deck checks on"),
            "INV-DECK-1",
        )
    if clock_started:
        return Refusal(
            "round",
            N_("round %(round)s has started: the deck-check table is drawn before it starts"),
            N_("draw it after the pairing, before the round clock starts"),
            "INV-DECK-1",
            params={"round": round_no},
        )
    return None


def draw_deck_check(
    round_no: int,
    matches: Sequence[MatchRecord],
    rng: random.Random,
    draws: Iterable[DeckCheckDraw] = (),
) -> DeckCheckDraw:
    """Draw the round's table among its matches (the bye is one of them, INV-DECK-1).

    ``draws`` are the draws already recorded in the event; a second one for ``round_no`` is
    refused with :class:`Conflict`.
    """
    refusal = can_draw_deck_check(round_no, draws)
    if refusal:
        raise refusal.raise_as(Conflict)
    in_round = sorted((m for m in matches if m.round_no == round_no), key=lambda m: m.table)
    if not in_round:
        raise TorneoError(
            "round",
            N_("round %(round)s has no pairings yet"),
            N_("a paired round"),
            params={"round": round_no},
        )
    drawn = in_round[draw_deck_check_table(len(in_round), rng) - 1]
    players = (drawn.player_a,) if drawn.player_b is None else (drawn.player_a, drawn.player_b)
    return DeckCheckDraw(round_no, drawn.table, len(in_round), players)


@dataclass(frozen=True, slots=True)
class DeckDifference:
    """Physical deck against the registered list: copies missing from it and copies in excess."""

    missing: tuple[tuple[str, int], ...]
    extra: tuple[tuple[str, int], ...]

    @property
    def is_same(self) -> bool:
        return not self.missing and not self.extra

    def describe(self) -> str:
        if self.is_same:
            return "the deck matches the registered list"
        parts = [f"missing {n}× {c}" for c, n in self.missing]
        parts += [f"extra {n}× {c}" for c, n in self.extra]
        return "; ".join(parts)


def compare_decks(registered: DeckList, physical: DeckList) -> DeckDifference:
    """Differences card by card (by card identity, so spelling variants are the same card)."""
    names: dict[str, str] = {}
    for entry in (*registered.entries, *physical.entries):
        names.setdefault(entry.key, entry.name)
    want, have = registered.counts(), physical.counts()
    missing = [(names[k], want[k] - have.get(k, 0)) for k in want if want[k] > have.get(k, 0)]
    extra = [(names[k], have[k] - want.get(k, 0)) for k in have if have[k] > want.get(k, 0)]
    if registered.blanks > physical.blanks:
        missing.append((BLANK, registered.blanks - physical.blanks))
    elif physical.blanks > registered.blanks:
        extra.append((BLANK, physical.blanks - registered.blanks))
    return DeckDifference(tuple(missing), tuple(extra))


@dataclass(frozen=True, slots=True)
class DeckCorrection:
    """What a deck check found and did: infractions, blanks, cards removed, the deck after."""

    infractions: tuple[str, ...]  # preset infraction keys, in the order they were fixed
    restricted_found: tuple[str, ...]  # INV-DECK-3: distinct restricted cards in the deck
    restricted_removed: tuple[str, ...]  # drawn at random to go; their copies became blanks
    kept_restricted: tuple[str, ...]  # the restricted card(s) that stay after a breach
    removed: tuple[tuple[str, int], ...]  # INV-DECK-2: random cards taken out over the maximum
    blanks_added: int  # INV-DECK-2 (to reach the minimum) + INV-DECK-3 (replacing copies)
    deck_before: DeckList
    deck_after: DeckList

    @property
    def is_legal_as_found(self) -> bool:
        return not self.infractions


def correct_deck(
    deck: DeckList,
    fmt: DeckFormat,
    restricted: Iterable[str],
    rng: random.Random,
) -> DeckCorrection:
    """Apply INV-DECK-3 then INV-DECK-2 to the physical deck exactly as the regulation says."""
    infractions: list[str] = []
    entries = list(deck.entries)
    blanks = deck.blanks
    blanks_added = 0
    found: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    if fmt.max_restricted is not None:
        keys = restricted_keys(restricted)
        in_deck = [e for e in entries if e.key in keys]
        found = tuple(e.name for e in in_deck)
        excess = len(in_deck) - fmt.max_restricted
        if excess > 0:
            infractions.append(RESTRICTED_LIST_BREACH)
            # INV-DECK-3: one copy of each, shuffled; k−1 drawn (k − allowed in general).
            # Sorted by key first so the same seed always draws the same cards.
            candidates = sorted(in_deck, key=lambda e: e.key)
            going = rng.sample(candidates, excess)
            going_keys = {e.key for e in going}
            drawn = tuple(e.name for e in going)
            kept = tuple(e.name for e in in_deck if e.key not in going_keys)
            replaced = sum(e.count for e in going)
            entries = [e for e in entries if e.key not in going_keys]
            blanks += replaced
            blanks_added += replaced
    removed: tuple[tuple[str, int], ...] = ()
    total = sum(e.count for e in entries) + blanks
    if total < fmt.min_cards:
        infractions.append(DECK_UNDER_MINIMUM)
        blanks_added += fmt.min_cards - total
        blanks += fmt.min_cards - total
    elif fmt.max_cards is not None and total > fmt.max_cards:
        infractions.append(DECK_OVER_MAXIMUM)
        entries, blanks, removed = _remove_at_random(entries, blanks, total - fmt.max_cards, rng)
    after = DeckList(tuple(entries), blanks)
    return DeckCorrection(
        infractions=tuple(infractions),
        restricted_found=found,
        restricted_removed=drawn,
        kept_restricted=kept,
        removed=removed,
        blanks_added=blanks_added,
        deck_before=deck,
        deck_after=after,
    )


def _remove_at_random(
    entries: list[DeckEntry], blanks: int, how_many: int, rng: random.Random
) -> tuple[list[DeckEntry], int, tuple[tuple[str, int], ...]]:
    """INV-DECK-2: take ``how_many`` physical cards at random, each copy equally likely."""
    copies = [e.name for e in entries for _ in range(e.count)] + [BLANK] * blanks
    gone = sorted(rng.sample(range(len(copies)), how_many))
    taken: dict[str, int] = {}
    for index in gone:
        taken[copies[index]] = taken.get(copies[index], 0) + 1
    kept_entries = [
        DeckEntry(e.name, e.count - taken.get(e.name, 0))
        for e in entries
        if e.count - taken.get(e.name, 0) > 0
    ]
    return kept_entries, blanks - taken.get(BLANK, 0), tuple(taken.items())
