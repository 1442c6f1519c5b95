"""The Top X as match records and back: the store keeps only ``MatchRecord`` rows.

A Top match is stored with ``stage=Stage.TOP`` at its table, 1..n in each round of the Top (the
slot's place in its round, ``bracket.slot_table``); the 3rd/4th-place match with
``stage=Stage.THIRD_PLACE`` at table 2, beside the final (see ``bracket.py``). The
better seed is ``player_a`` and the score reads from that side. :func:`bracket_from_records`
checks that the rows form a bracket (the first round complete, every later match between the
winners of the two matches under it) before handing it back.
"""

from __future__ import annotations

from collections.abc import Sequence

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.knockout.bracket import (
    FINAL_SLOT,
    THIRD_PLACE_TABLE,
    Bracket,
    TopMatch,
    check_size,
    make_match,
    table_slot,
)
from torneo.engines.knockout.rules import STANDARD_TOP, TopRules
from torneo.engines.records import MatchRecord, Stage


def match_record(match: TopMatch, *, round_no: int) -> MatchRecord:
    """The row to store for ``match``, played as the event's round ``round_no``."""
    return MatchRecord(
        round_no=round_no,
        table=match.table,
        player_a=match.player_a,
        player_b=match.player_b,
        score=match.score,
        stage=match.stage,
    )


def round_records(bracket: Bracket, round_no: int) -> list[MatchRecord]:
    """The rows to store for the latest round built (the final comes with the 3rd/4th place).

    Call it after :func:`~torneo.engines.knockout.seeding.seed_bracket` (the first round) and
    after each :func:`~torneo.engines.knockout.progress.next_round`.
    """
    rows = [match_record(m, round_no=round_no) for m in bracket.current_round]
    if bracket.third_place is not None and bracket.final is not None:
        rows.append(match_record(bracket.third_place, round_no=round_no))
    return rows


def bracket_from_records(
    seeds: Sequence[PlayerId], records: Sequence[MatchRecord], *, rules: TopRules | None = None
) -> Bracket:
    """Rebuild the bracket of the Top ``len(seeds)`` (``seeds`` best first) from its rows.

    Swiss rows are ignored, so the whole event's matches may be passed.
    """
    rules = rules or STANDARD_TOP
    top = tuple(seeds)
    size = len(top)
    check_size(size)
    if len(set(top)) != size:
        raise TorneoError("seeds", N_("a player is seeded twice"), N_("each player once"))
    by_slot: dict[int, TopMatch] = {}
    third: TopMatch | None = None
    top_rounds = sorted({r.round_no for r in records if r.stage is Stage.TOP})
    for r in records:
        if r.stage is Stage.SWISS:
            continue
        where = {"round": r.round_no, "table": r.table, "size": size}
        if r.player_b is None or r.player_a not in top or r.player_b not in top:
            raise TorneoError(
                "records",
                N_("round %(round)s table %(table)s: a Top match between two seeded players"),
                params=where,
            )
        if r.stage is Stage.THIRD_PLACE:
            if third is not None or r.table != THIRD_PLACE_TABLE:
                raise TorneoError(
                    "records",
                    N_(
                        "round %(round)s table %(table)s: a second or misplaced 3rd/4th-place match"
                    ),
                    params=where,
                )
            third = make_match(
                FINAL_SLOT,
                r.stage,
                top,
                r.player_a,
                r.player_b,
                die_rule=False,  # INV-TOP-2: the first round only
                score=r.score,
            )
            continue
        # The k-th round of the Top (0-based) has size / 2^(k+1) matches at tables 1..n.
        n = size >> (top_rounds.index(r.round_no) + 1)
        slot = table_slot(r.table, n)
        if not 1 <= r.table <= n or slot in by_slot:
            raise TorneoError(
                "records",
                N_(
                    "round %(round)s table %(table)s: the table is taken or outside the "
                    "round's tables of a Top %(size)s"
                ),
                f"1-{max(n, 1)}",
                params=where,
            )
        first = slot >= size // 2  # INV-TOP-2: the die rule belongs to the first round
        by_slot[slot] = make_match(
            slot,
            r.stage,
            top,
            r.player_a,
            r.player_b,
            die_rule=rules.die_rule and first,
            score=r.score,
        )
    _check_tree(by_slot, size, third)
    ordered = tuple(by_slot[s] for s in sorted(by_slot, key=lambda s: (-s.bit_length(), s)))
    return Bracket(size, top, ordered, third, rules.third_place_match, rules.die_rule)


def _check_tree(by_slot: dict[int, TopMatch], size: int, third: TopMatch | None) -> None:
    first = range(size // 2, size)
    if any(s not in by_slot for s in first):
        raise TorneoError(
            "records",
            N_("the first round of the Top %(size)s is incomplete"),
            params={"size": size},
        )
    seen: set[PlayerId] = set()
    for s in first:
        m = by_slot[s]
        if m.player_a in seen or m.player_b in seen:
            raise TorneoError(
                "records",
                N_("slot %(slot)s: a player appears twice in the first round"),
                params={"slot": s},
            )
        seen.update((m.player_a, m.player_b))
    for s, m in by_slot.items():
        if s >= size // 2:
            continue
        left, right = by_slot.get(2 * s), by_slot.get(2 * s + 1)
        winners = {left.winner if left else None, right.winner if right else None}
        if winners != {m.player_a, m.player_b}:
            raise TorneoError(
                "records",
                N_("slot %(slot)s is not played by the winners of slots %(left)s and %(right)s"),
                params={"slot": s, "left": 2 * s, "right": 2 * s + 1},
            )
    if third is not None:
        semis = [by_slot.get(2), by_slot.get(3)]
        losers = {m.loser if m else None for m in semis}
        if losers != {third.player_a, third.player_b}:
            raise TorneoError(
                "records", N_("the 3rd/4th-place match is not between the semifinal losers")
            )
