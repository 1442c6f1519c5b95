"""Per-player aggregates of a Swiss stage, computed once in one pass over the matches.

Every tiebreak reads these lists (indexed by the entrant's position in the input) instead of
walking the matches again, so a whole standings table costs O(matches + players × tiebreaks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import ResultKind
from torneo.engines.standings.scheme import PointsScheme

# Outcome codes stored per match, from the player's side. WIN/DRAW/LOSS are also twice the
# share of the match won (Sonneborn-Berger reads them so).
WIN = 2
DRAW = 1
LOSS = 0
DOUBLE_LOSS = -1


def earned_points(points: PointsScheme) -> dict[int, int]:
    """Match points earned for each outcome code."""
    return {WIN: points.win, DRAW: points.draw, LOSS: points.loss, DOUBLE_LOSS: points.double_loss}


@dataclass(frozen=True, slots=True)
class Tally:
    """What each player did in the Swiss stage. Lists are indexed like ``ids``."""

    ids: tuple[PlayerId, ...]
    index: Mapping[PlayerId, int]
    scheme: PointsScheme
    best_of: int
    seed: int
    points: Sequence[int]
    tiebreak_points: Sequence[int]  # BER-BYE-1: a bye counted at ``bye_for_tiebreak``
    wins: Sequence[int]  # matches won (byes not included)
    losses: Sequence[int]  # matches lost, double losses and missed rounds of a late entry
    draws: Sequence[int]
    byes: Sequence[int]
    matches_played: Sequence[int]  # against an opponent, byes not included
    rounds: Sequence[int]  # matches + byes + missed rounds: the MW% denominator
    game_wins: Sequence[int]  # a bye adds best_of // 2 + 1 (MTR: 2-0)
    game_losses: Sequence[int]
    game_draws: Sequence[int]
    opponents: Sequence[Sequence[int]]  # indices of the opponents met, one per match
    outcomes: Sequence[Sequence[int]]  # WIN/DRAW/LOSS/DOUBLE_LOSS of each of those matches
    warnings: Sequence[int]

    def __len__(self) -> int:
        return len(self.ids)


def tally(
    entrants: Sequence[Entrant],
    matches: Sequence[MatchRecord],
    points: PointsScheme,
    *,
    seed: int = 0,
    warnings: Mapping[PlayerId, int] | None = None,
    best_of: int = 3,
) -> Tally:
    """Aggregate the reported Swiss matches of ``entrants`` (O(matches + players))."""
    ids = tuple(e.id for e in entrants)
    index = _index(ids)
    played = _played(matches, index)
    byes, outcomes = played.byes, played.outcomes
    earned_by_code = earned_points(points)
    bye_p = points.bye
    bye_tb = points.bye if points.bye_for_tiebreak is None else points.bye_for_tiebreak
    bye_games = best_of // 2 + 1
    count = [len(o) for o in outcomes]
    from_matches = [sum(map(earned_by_code.__getitem__, o)) for o in outcomes]
    pts = [p + bye_p * y for p, y in zip(from_matches, byes, strict=True)]
    tb_pts = [p + bye_tb * y for p, y in zip(from_matches, byes, strict=True)]
    losses = [o.count(LOSS) + o.count(DOUBLE_LOSS) for o in outcomes]
    rounds = [p + y for p, y in zip(count, byes, strict=True)]
    _count_missed_rounds(entrants, matches, index, rounds, losses, pts, tb_pts, points.loss)
    return Tally(
        ids=ids,
        index=index,
        scheme=points,
        best_of=best_of,
        seed=seed,
        points=pts,
        tiebreak_points=tb_pts,
        wins=[o.count(WIN) for o in outcomes],
        losses=losses,
        draws=[o.count(DRAW) for o in outcomes],
        byes=byes,
        matches_played=count,
        rounds=rounds,
        # MTR: a bye is won 2-0 (best of three), so it adds game wins.
        game_wins=[g + bye_games * y for g, y in zip(played.game_wins, byes, strict=True)],
        game_losses=played.game_losses,
        game_draws=played.game_draws,
        opponents=played.opponents,
        outcomes=outcomes,
        warnings=_warnings(warnings, index),
    )


def _index(ids: tuple[PlayerId, ...]) -> dict[PlayerId, int]:
    index = {pid: i for i, pid in enumerate(ids)}
    if len(index) != len(ids):
        twice = sorted({pid for pid in ids if ids.count(pid) > 1})
        raise TorneoError(
            "entrants",
            N_("players %(players)s are listed twice"),
            N_("each player once"),
            params={"players": str(twice)},
        )
    return index


@dataclass(frozen=True, slots=True)
class _Played:
    """Raw counts from one pass over the matches, indexed like the entrants."""

    byes: list[int]
    game_wins: list[int]
    game_losses: list[int]
    game_draws: list[int]
    opponents: list[list[int]]
    outcomes: list[list[int]]


def _not_an_entrant(pid: PlayerId | None, m: MatchRecord) -> TorneoError:
    return TorneoError(
        "matches",
        N_("round %(round)s table %(table)s names player %(player)s, who is not an entrant"),
        N_("matches between registered entrants only"),
        params={"round": m.round_no, "table": m.table, "player": pid},
    )


def _played(matches: Sequence[MatchRecord], index: Mapping[PlayerId, int]) -> _Played:
    """The hot loop of the standings (issue 3: 10,000 players x 15 rounds): only what cannot be
    derived later per player at C speed (counts and sums over the outcome lists)."""
    n = len(index)
    byes = [0] * n
    gw = [0] * n
    gl = [0] * n
    gd = [0] * n
    opponents: list[list[int]] = [[] for _ in range(n)]
    outcomes: list[list[int]] = [[] for _ in range(n)]
    swiss = Stage.SWISS
    double_loss = ResultKind.DOUBLE_LOSS
    for m in matches:
        if m.stage is not swiss:
            continue
        try:
            a = index[m.player_a]
        except KeyError:
            raise _not_an_entrant(m.player_a, m) from None
        pb = m.player_b
        if pb is None:  # INV-BYE-1 / BER-BYE-1: a win, not a played match
            byes[a] += 1
            continue
        try:
            b = index[pb]
        except KeyError:
            raise _not_an_entrant(pb, m) from None
        score = m.score
        if score is None:
            continue
        wa = score.wins_a
        wb = score.wins_b
        dr = score.draws
        gw[a] += wa
        gl[a] += wb
        gd[a] += dr
        gw[b] += wb
        gl[b] += wa
        gd[b] += dr
        opponents[a].append(b)
        opponents[b].append(a)
        if score.kind is double_loss:
            outcomes[a].append(DOUBLE_LOSS)
            outcomes[b].append(DOUBLE_LOSS)
        elif wa > wb:
            outcomes[a].append(WIN)
            outcomes[b].append(LOSS)
        elif wb > wa:
            outcomes[a].append(LOSS)
            outcomes[b].append(WIN)
        else:
            outcomes[a].append(DRAW)
            outcomes[b].append(DRAW)
    return _Played(byes, gw, gl, gd, opponents, outcomes)


def _warnings(warnings: Mapping[PlayerId, int] | None, index: Mapping[PlayerId, int]) -> list[int]:
    """BER-TIE-1 "fewer warnings": each entrant's standing warnings (0 when not given)."""
    warned = [0] * len(index)
    for pid, count in (warnings or {}).items():
        i = index.get(pid)
        if i is None:
            raise TorneoError(
                "warnings",
                N_("player %(player)s is not an entrant"),
                N_("entrants' ids"),
                params={"player": pid},
            )
        if count < 0:
            raise TorneoError(
                "warnings",
                N_("player %(player)s has %(count)s warnings"),
                N_("0 or more"),
                params={"player": pid, "count": count},
            )
        warned[i] = count
    return warned


def _count_missed_rounds(
    entrants: Sequence[Entrant],
    matches: Sequence[MatchRecord],
    index: Mapping[PlayerId, int],
    rounds: list[int],
    losses: list[int],
    pts: list[int],
    tb_pts: list[int],
    loss_points: int,
) -> None:
    """A late entry loses each earlier round already paired without them (Entrant.joined_round)."""
    late = {e.id: e.joined_round for e in entrants if e.joined_round > 1}
    if not late:
        return
    present: dict[PlayerId, set[int]] = {pid: set() for pid in late}
    last_round = 0
    for m in matches:
        if m.stage is not Stage.SWISS:
            continue
        last_round = max(last_round, m.round_no)
        for pid in (m.player_a, m.player_b):
            if pid is not None and pid in present:
                present[pid].add(m.round_no)
    for pid, joined in late.items():
        missed = sum(1 for r in range(1, min(joined - 1, last_round) + 1) if r not in present[pid])
        i = index[pid]
        rounds[i] += missed
        losses[i] += missed
        pts[i] += missed * loss_points
        tb_pts[i] += missed * loss_points
