"""The Top X bracket as a value: matches keyed by heap slot, rebuilt from match records alone.

Slots number the bracket like a binary heap: the final is slot 1, the semifinals 2 and 3, the
quarterfinals 4-7, the round of 16 8-15, and so on; the match in slot ``s`` is played by the
winners of slots ``2s`` and ``2s + 1``. The first round of a Top ``size`` fills slots
``size/2 .. size-1`` in bracket order (top to bottom of the drawn bracket).

Players report by table, so each round of the Top sits at tables 1..n in slot order (issue 30:
semifinals at tables 2 and 3 with no table 1 confused the room): the table is the slot's place
in its round (:func:`slot_table`), and a bracket is rebuilt from its records by the round each
row belongs to (:func:`table_slot`, ``records.bracket_from_records``) without any other column.
The 3rd/4th-place match (INV-STRUCT-4) is told apart by its stage (``Stage.THIRD_PLACE``) and
sits at table :data:`THIRD_PLACE_TABLE`, beside the final (table 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, Outcome

FINAL_SLOT = 1
THIRD_PLACE_TABLE = 2  # played beside the final (table 1); its stage tells it from a semifinal


def slot_table(slot: int) -> int:
    """The table of the match in ``slot``: its place in its round, from 1 (slots 4-7 → 1-4)."""
    return slot - (1 << (slot.bit_length() - 1)) + 1


def table_slot(table: int, matches_in_round: int) -> int:
    """The slot of the match at ``table`` in a round of ``matches_in_round`` matches."""
    return matches_in_round + table - 1


@dataclass(frozen=True, slots=True)
class TopMatch:
    """One Top X match. ``player_a`` is always the better seed; ``score`` reads from its side."""

    slot: int
    stage: Stage  # Stage.TOP or Stage.THIRD_PLACE
    player_a: PlayerId
    player_b: PlayerId
    seed_a: int  # 1-based seeds, for the bracket view
    seed_b: int
    # INV-TOP-2 die rule: "per il primo accoppiamento" of the Top X the better seed at every
    # table chooses whether to start, as if they had won the die roll. Only the first round of
    # the Top has it; later rounds, the 3rd/4th-place match and a preset without the die rule
    # leave it None (the players roll for it).
    chooses_to_start: PlayerId | None
    score: GameScore | None = None

    @property
    def is_decided(self) -> bool:
        return self.score is not None

    @property
    def winner(self) -> PlayerId | None:
        if self.score is None:
            return None
        return self.player_a if self.score.outcome is Outcome.WIN_A else self.player_b

    @property
    def loser(self) -> PlayerId | None:
        if self.score is None:
            return None
        return self.player_b if self.score.outcome is Outcome.WIN_A else self.player_a

    @property
    def round_size(self) -> int:
        """Players left in this match's round: 2 for the final (and the 3rd/4th place), 4 ..."""
        if self.stage is Stage.THIRD_PLACE:
            return 2
        return 1 << self.slot.bit_length()

    @property
    def table(self) -> int:
        return THIRD_PLACE_TABLE if self.stage is Stage.THIRD_PLACE else slot_table(self.slot)

    def involves(self, player: PlayerId) -> bool:
        return player in (self.player_a, self.player_b)


@dataclass(frozen=True, slots=True)
class Bracket:
    """A single-elimination Top ``size`` (BER-TOP-3: the loser is out)."""

    size: int
    seeds: tuple[PlayerId, ...]  # seed 1 first
    matches: tuple[TopMatch, ...]  # Stage.TOP matches, ordered by round then bracket order
    third_place: TopMatch | None = None  # INV-STRUCT-4
    third_place_match: bool = True  # INV-STRUCT-4: the preset plays it
    die_rule: bool = True  # INV-TOP-2

    def match_at(self, slot: int, stage: Stage = Stage.TOP) -> TopMatch | None:
        if stage is Stage.THIRD_PLACE:
            return self.third_place
        return next((m for m in self.matches if m.slot == slot), None)

    def seed_of(self, player: PlayerId) -> int:
        return self.seeds.index(player) + 1

    def rounds(self) -> list[list[TopMatch]]:
        """The Top matches round by round, first round first, each in bracket order."""
        by_size: dict[int, list[TopMatch]] = {}
        for m in self.matches:
            by_size.setdefault(m.round_size, []).append(m)
        return [sorted(by_size[k], key=lambda m: m.slot) for k in sorted(by_size, reverse=True)]

    @property
    def current_round(self) -> list[TopMatch]:
        """The latest round built (the final once it exists), without the 3rd/4th-place match."""
        rounds = self.rounds()
        return rounds[-1] if rounds else []

    @property
    def final(self) -> TopMatch | None:
        return self.match_at(FINAL_SLOT)

    @property
    def is_finished(self) -> bool:
        """The final is decided, and so is the 3rd/4th-place match when there is one."""
        final = self.final
        if final is None or not final.is_decided:
            return False
        return self.third_place is None or self.third_place.is_decided

    def replace_match(self, new: TopMatch) -> Bracket:
        if new.stage is Stage.THIRD_PLACE:
            return _copy(self, matches=self.matches, third_place=new)
        return _copy(
            self,
            matches=tuple(new if m.slot == new.slot else m for m in self.matches),
            third_place=self.third_place,
        )


def _copy(b: Bracket, *, matches: tuple[TopMatch, ...], third_place: TopMatch | None) -> Bracket:
    return Bracket(b.size, b.seeds, matches, third_place, b.third_place_match, b.die_rule)


def check_size(size: int) -> None:
    """A Top X has 2, 4, 8, 16, ... players (single elimination needs a power of two)."""
    if size < 2 or size & (size - 1):
        raise TorneoError(
            "size",
            N_("Top %(size)s is not a bracket size"),
            "2, 4, 8, 16, 32, ...",
            params={"size": size},
        )


def make_match(
    slot: int,
    stage: Stage,
    seeds: tuple[PlayerId, ...],
    one: PlayerId,
    other: PlayerId,
    *,
    die_rule: bool,
    score: GameScore | None = None,
) -> TopMatch:
    """A match with the better seed as ``player_a`` (``score`` is read from ``one``'s side)."""
    seed_one, seed_other = seeds.index(one) + 1, seeds.index(other) + 1
    if seed_other < seed_one:
        one, other = other, one
        seed_one, seed_other = seed_other, seed_one
        score = score.swapped() if score is not None else None
    return TopMatch(
        slot=slot,
        stage=stage,
        player_a=one,
        player_b=other,
        seed_a=seed_one,
        seed_b=seed_other,
        chooses_to_start=one if die_rule else None,
        score=score,
    )


def first_round(
    seeds: tuple[PlayerId, ...],
    pairs: list[tuple[PlayerId, PlayerId]],
    *,
    third_place_match: bool,
    die_rule: bool,
) -> Bracket:
    """A bracket whose first round is ``pairs`` in bracket order (top to bottom)."""
    size = len(seeds)
    check_size(size)
    if len(set(seeds)) != size:
        raise TorneoError("seeds", N_("a player is seeded twice"), N_("each player once"))
    if len(pairs) != size // 2:
        raise TorneoError(
            "pairs",
            N_("%(n)s first-round matches for a Top %(size)s"),
            params={"n": len(pairs), "size": size},
        )
    matches = tuple(
        make_match(size // 2 + k, Stage.TOP, seeds, a, b, die_rule=die_rule)
        for k, (a, b) in enumerate(pairs)
    )
    return Bracket(size, seeds, matches, None, third_place_match, die_rule)
