"""Glue between a :class:`Tournament` and the pure engines (structure, swiss, standings, knockout).

Nothing here decides a rule: it translates the event into each engine's input and its output into
matches to save. It is pure, so the services and the benchmarks share it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from torneo.cards.rules import structure
from torneo.cards.rules.points import Placement
from torneo.cards.rules.tournament import Tournament
from torneo.core.errors import Conflict, Refusal
from torneo.core.ids import PlayerId
from torneo.core.message_json import dump_message
from torneo.core.messages import N_
from torneo.engines import knockout, standings, swiss
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import Outcome
from torneo.engines.standings import StandingRow
from torneo.presets import Ruleset


@dataclass(frozen=True, slots=True)
class NewMatch:
    stage: Stage
    table: int
    player_a: PlayerId
    player_b: PlayerId | None
    explanation: str | None = None


def plan(ruleset: Ruleset, players: int, one_round_fewer: bool) -> tuple[int, int]:
    p = structure.plan_for(ruleset, players, one_round_fewer=one_round_fewer)
    return p.rounds, p.top


def current_standings(
    t: Tournament, ruleset: Ruleset, seed: int, warnings: Mapping[PlayerId, int] | None = None
) -> list[StandingRow]:
    """``warnings``: standing warnings per player (BER-TIE-1 "fewer warnings"; judging)."""
    return standings.compute_standings(
        t.entrants,
        t.matches,
        ruleset.points,
        ruleset.tiebreaks,
        seed=seed,
        warnings=warnings,
        best_of=ruleset.match.best_of,
    )


def pair_swiss(
    t: Tournament,
    ruleset: Ruleset,
    round_no: int,
    rng: random.Random,
    seed: int,
    warnings: Mapping[PlayerId, int] | None = None,
) -> list[NewMatch]:
    rows = current_standings(t, ruleset, seed, warnings)
    opponents: dict[PlayerId, set[PlayerId]] = defaultdict(set)
    byes: dict[PlayerId, int] = defaultdict(int)
    for m in t.matches:
        if m.player_b is None:
            byes[m.player_a] += 1
        else:
            opponents[m.player_a].add(m.player_b)
            opponents[m.player_b].add(m.player_a)
    by_id = {e.id: e for e in t.entrants}
    entrants = [
        swiss.SwissEntrant(
            id=row.player_id,
            score=row.points,
            rank=row.position - 1,
            opponents=frozenset(opponents[row.player_id]),
            byes=byes[row.player_id],
            club=by_id[row.player_id].club,
        )
        for row in rows
        if by_id[row.player_id].is_active and by_id[row.player_id].joined_round <= round_no
    ]
    options = swiss.SwissOptions(
        bye_policy=ruleset.swiss.bye,
        max_byes_per_player=ruleset.swiss.max_byes_per_player,
        avoid_same_club=round_no <= ruleset.swiss.avoid_same_club_rounds,
    )
    pairing = swiss.pair_round(entrants, round_no, rng, options)
    # Each reason is stored as its message id and parameters (issue 3 item 6), so the "why this
    # pair" page renders it in the reader's language; the CSV and the API read it in English.
    new = [NewMatch(Stage.SWISS, p.table, p.a, p.b, dump_message(p.reason)) for p in pairing.pairs]
    if pairing.bye is not None:
        new.append(NewMatch(Stage.SWISS, len(new) + 1, pairing.bye, None, "bye (INV-BYE-1)"))
    return new


def _new_from_top(records: Sequence[MatchRecord]) -> list[NewMatch]:
    return [NewMatch(r.stage, r.table, r.player_a, r.player_b) for r in records]


def start_top(
    t: Tournament,
    ruleset: Ruleset,
    seed: int,
    picks: Sequence[int] | None,
    warnings: Mapping[PlayerId, int] | None = None,
) -> tuple[list[PlayerId], list[NewMatch]]:
    assert t.top_size is not None
    rows = current_standings(t, ruleset, seed, warnings)
    by_id = {e.id: e for e in t.entrants}
    seeds = [r.player_id for r in rows if by_id[r.player_id].is_active][: t.top_size]
    if picks:
        bracket = knockout.choice_bracket(seeds, [PlayerId(p) for p in picks], rules=ruleset.top)
    else:
        bracket = knockout.seed_bracket(seeds, t.top_size, rules=ruleset.top)
    return seeds, _new_from_top(knockout.round_records(bracket, t.current_round + 1))


def _top_records(t: Tournament) -> list[MatchRecord]:
    return [m for m in t.matches if m.stage is not Stage.SWISS]


def _bracket(t: Tournament, seeds: Sequence[int], ruleset: Ruleset) -> knockout.Bracket:
    return knockout.bracket_from_records(
        [PlayerId(s) for s in seeds], _top_records(t), rules=ruleset.top
    )


def next_top_round(t: Tournament, seeds: Sequence[int], ruleset: Ruleset) -> list[NewMatch]:
    bracket = _bracket(t, seeds, ruleset)
    refusal = knockout.can_advance(bracket)
    if refusal:
        raise refusal.raise_as(Conflict)
    # INV-STRUCT-4: a losing semifinalist who dropped is not paired for 3rd place.
    built = knockout.next_round(bracket, _absent(t))
    return _new_from_top(knockout.round_records(built, t.current_round + 1))


def _absent(t: Tournament) -> frozenset[PlayerId]:
    """Players who left the event (dropped or disqualified)."""
    return frozenset(e.id for e in t.entrants if not e.is_active)


def top_bracket(t: Tournament, seeds: Sequence[int], ruleset: Ruleset) -> knockout.Bracket:
    """The Top X as the engine sees it (who chooses to start, INV-TOP-2, for the views)."""
    return _bracket(t, seeds, ruleset)


def can_close(t: Tournament, seeds: Sequence[int] | None, ruleset: Ruleset) -> Refusal | None:
    if t.unreported():
        return Refusal(
            "round", N_("the last round has unreported matches"), N_("report them first")
        )
    if t.top_size:
        if not seeds:
            return Refusal("stage", N_("the Top X has not been played"), N_("start the Top X"))
        if not _bracket(t, seeds, ruleset).is_finished:
            return Refusal("stage", N_("the Top X is not finished"), N_("play the final"))
    elif t.swiss_rounds and t.swiss_rounds_played < t.swiss_rounds:
        return Refusal("round", N_("not every Swiss round has been played"), N_("play them first"))
    return None


def final_order(
    t: Tournament,
    ruleset: Ruleset,
    seed: int,
    seeds: Sequence[int] | None,
    warnings: Mapping[PlayerId, int] | None = None,
) -> tuple[list[PlayerId], dict[PlayerId, int]]:
    """Final placements (Top X first, then Swiss order) and Top X wins per player."""
    rows = current_standings(t, ruleset, seed, warnings)
    swiss_order = [r.player_id for r in rows]
    if not seeds:
        return swiss_order, {}
    bracket = _bracket(t, seeds, ruleset)
    count_third = ruleset.season.count_third_place_match if ruleset.season else False
    return knockout.final_placements(bracket, swiss_order, _absent(t)), knockout.top_wins(
        bracket, include_third_place=count_third
    )


@dataclass(frozen=True, slots=True)
class FinalPlacings:
    """Who placed where at a closed event, as its tournament points read it.

    ``placements`` run 1..len(placements); ``disqualified`` are out of the placings (no place,
    no points); ``field_size`` counts everyone who took part, the disqualified included.
    """

    placements: tuple[Placement, ...]
    disqualified: tuple[Entrant, ...]
    field_size: int


def _last_rounds(t: Tournament, ruleset: Ruleset) -> dict[PlayerId, int]:
    """INV-MAJOR-6: the last round each player's placement allowed them to play.

    Outside the Top: the last Swiss round. In the Top: the round of their last Top match; a
    losing semifinalist's goes on to the 3rd/4th-place match when the preset plays one
    (INV-STRUCT-4), even if they were not paired in it because they dropped.
    """
    last_swiss = t.swiss_rounds_played
    last = {e.id: last_swiss for e in t.entrants}
    third_place = ruleset.top.third_place_match
    # The semifinals are the Top round of two matches (each round sits at tables 1..n).
    per_round: dict[int, int] = defaultdict(int)
    for m in t.matches:
        if m.stage is Stage.TOP:
            per_round[m.round_no] += 1
    for m in t.matches:
        if m.stage is Stage.SWISS or m.player_b is None:
            continue
        semifinal = m.stage is Stage.TOP and per_round[m.round_no] == 2
        for p in (m.player_a, m.player_b):
            reach = m.round_no + 1 if semifinal and third_place else m.round_no
            last[p] = max(last.get(p, 0), reach)
    return last


def final_placings(
    t: Tournament,
    ruleset: Ruleset,
    seed: int,
    seeds: Sequence[int] | None,
    warnings: Mapping[PlayerId, int] | None = None,
) -> FinalPlacings:
    """The placements a closed event's tournament points are computed from — the event's
    results page, its exports and the season all read this one function.

    Decisions where the regulation is silent (docs/rules.md):
    - INV-MAJOR-6: a player "dropped" when they left before the last round their placement
      allowed (:func:`_last_rounds`); a late entry who then plays to the end keeps the Major
      benefits, and so does a player who leaves once their last round is over.
    - Disqualified players (three warnings INV-PEN-1, a late intentional draw INV-ID-1, deck
      problems INV-DECK-*) are out of the tournament's placings and earn no season points, at
      minor tournaments too: the others close up behind them. They took part, so they count in
      the field size (INV-PTS-2/4, INV-LEGAL-2).
    - Top X wins exclude the 3rd/4th-place match (INV-PTS-1); its winner is flagged apart, for
      a preset that counts it (``count_third_place_match``).
    """
    order, _ = final_order(t, ruleset, seed, seeds, warnings)
    swiss = {r.player_id: r.points for r in current_standings(t, ruleset, seed, warnings)}
    top_wins: dict[PlayerId, int] = {}
    third_winner: PlayerId | None = None
    for m in t.matches:
        if m.score is None or m.player_b is None or m.stage is Stage.SWISS:
            continue
        if m.score.outcome is Outcome.WIN_A:
            winner = m.player_a
        elif m.score.outcome is Outcome.WIN_B:
            winner = m.player_b
        else:
            continue
        if m.stage is Stage.TOP:
            top_wins[winner] = top_wins.get(winner, 0) + 1  # INV-PTS-1
        else:
            third_winner = winner
    by_id = {e.id: e for e in t.entrants}
    last = _last_rounds(t, ruleset)
    placed = [p for p in order if not by_id[p].disqualified]
    placements = []
    for place, pid in enumerate(placed, start=1):
        left = by_id[pid].dropped_after_round
        early = left is not None and left < last.get(pid, 0)  # INV-MAJOR-6
        placements.append(
            Placement(
                player_id=pid,
                place=place,
                swiss_points=swiss.get(pid, 0),
                topcut_wins=top_wins.get(pid, 0),
                dropped=early,
                played_every_round=not early,
                third_place_win=pid == third_winner,
            )
        )
    disqualified = tuple(by_id[p] for p in order if by_id[p].disqualified)
    return FinalPlacings(tuple(placements), disqualified, len(order))


__all__ = [
    "FinalPlacings",
    "NewMatch",
    "Outcome",
    "can_close",
    "current_standings",
    "final_order",
    "final_placings",
    "next_top_round",
    "pair_swiss",
    "plan",
    "start_top",
    "top_bracket",
]
