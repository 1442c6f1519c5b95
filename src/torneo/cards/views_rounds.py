"""The pairings of a round, by table and by name, and the results an organizer may enter.

Pairings "by name" list every player of the round alphabetically (case-folded), each with the
result seen from their side ("1-2" for the player who lost 2-1), as clubs print them on paper.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from torneo.cards.views_load import Loaded, Side, winner_of
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, Outcome, ResultKind, check_game_score, score_kind


@dataclass(frozen=True, slots=True)
class PairingLine:
    round_no: int
    table: int
    stage: str
    a: Side
    b: Side | None  # None: a bye (INV-BYE-1)
    result: str | None  # "2-1", "0-0-3"; None while unreported
    result_kind: str | None
    winner_id: int | None

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def is_reported(self) -> bool:
        return self.b is None or self.result is not None


@dataclass(frozen=True, slots=True)
class NameLine:
    player_id: int
    name: str
    table: int
    opponent: str | None
    result: str | None  # from this player's side
    outcome: str | None  # "win", "loss", "draw", "bye"; None while unreported
    pod: int | None = None  # BER-POD-1: the player's pod (None without pods)


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    stage: str  # "swiss" or "top"
    top_players: int | None  # Top X round of 8 (quarterfinals), 4, 2 (final)
    lines: tuple[PairingLine, ...]
    by_name: tuple[NameLine, ...]

    @property
    def reported(self) -> int:
        return sum(1 for line in self.lines if line.is_reported)

    @property
    def total(self) -> int:
        return len(self.lines)

    @property
    def is_complete(self) -> bool:
        return self.reported == self.total


# --- allowed results -------------------------------------------------------------------------


def allowed_results(best_of: int, *, draws: bool = True) -> list[str]:
    """Every game score the domain accepts for a best-of-``best_of`` match, commonest first.

    The list is produced by asking :func:`check_game_score` (INV-STRUCT-3), never restated here.
    A Top X match has a winner (``draws=False``).
    """
    # Asked by every result form and every self-report answer, and the same for a given
    # best-of: computed once per process (issue 14: it was a third of a report's CPU).
    return list(_allowed_results(best_of, draws))


@functools.cache
def _allowed_results(best_of: int, draws: bool) -> tuple[str, ...]:
    to_win = best_of // 2 + 1
    found: list[GameScore] = []
    for wa in range(to_win + 1):
        for wb in range(to_win + 1):
            for d in range(best_of + 1):
                # BER-RES-1: the kind the score reads as (0-0-1 in best of one: a played draw)
                score = GameScore(wa, wb, d, score_kind(wa, wb, d, best_of))
                if check_game_score(score, best_of) is not None:
                    continue
                if score.games_played == 0:
                    continue  # 0-0 is no result at all
                if not draws and score.outcome is Outcome.DRAW:
                    continue
                found.append(score)

    def commonness(s: GameScore) -> tuple[int, int, bool, int, int]:
        # Full matches first (2-0, 2-1, 1-2, 0-2), then full draws (1-1-1, ID), then the rest
        # (matches cut by time, drawn games).
        decided = max(s.wins_a, s.wins_b) == to_win and s.draws == 0
        full_draw = s.outcome is Outcome.DRAW and s.games_played == best_of
        group = 0 if decided else (1 if full_draw else 2)
        side = {Outcome.WIN_A: 0, Outcome.WIN_B: 1, Outcome.DRAW: 2}[s.outcome]
        intentional = s.kind is ResultKind.INTENTIONAL_DRAW
        return (group, side, intentional, s.wins_b - s.wins_a, -s.games_played)

    found.sort(key=commonness)
    if best_of == 1:
        # BER-RES-1: the kinds a best-of-one score does not say by itself
        decided = [s for s in found if s.outcome is not Outcome.DRAW]
        found += [
            replace(s, kind=k)
            for k in (ResultKind.CONCESSION, ResultKind.AUTO_WIN)
            for s in decided
        ]
        if draws:
            found.append(GameScore.intentional_draw(1))
    return tuple(s.written() for s in found)


_PLAIN_SCORE = re.compile(r"[0-9]+-[0-9]+(-[0-9]+)?")


def likely_results(best_of: int, *, draws: bool = True) -> list[str]:
    """The results a table reports almost always (issue 15: two taps): the full matches (2-0,
    2-1, 1-2, 0-2) and the full played draw (1-1-1), in :func:`allowed_results`' order; the rest
    (intentional draws, matches cut by time) stay behind "other"."""
    to_win = best_of // 2 + 1
    likely = []
    for text in allowed_results(best_of, draws=draws):
        if not _PLAIN_SCORE.fullmatch(text):
            continue  # "1-0 concession", "0-1 auto", "ID": recorded kinds, behind "other"
        parts = [int(p) for p in text.split("-")]
        wins_a, wins_b, drawn = parts[0], parts[1], parts[2] if len(parts) > 2 else 0
        decided = max(wins_a, wins_b) == to_win and drawn == 0
        # BER-RES-1: in best of one the played draw "0-0-1" is the full draw
        full_draw = (
            wins_a == wins_b and (wins_a > 0 or best_of == 1) and wins_a + wins_b + drawn == best_of
        )
        if decided or full_draw:
            likely.append(text)
    return likely


def likely_by_stage(best_of: int) -> dict[str, list[str]]:
    """The results an organizer's row shows as buttons, by stage ("swiss", "top")."""
    return {"swiss": likely_results(best_of), "top": likely_results(best_of, draws=False)}


def round_view(ld: Loaded, number: int) -> RoundView | None:
    matches = ld.t.round_matches(number)
    if not matches:
        return None
    is_top = any(m.stage is not Stage.SWISS for m in matches)
    lines: list[PairingLine] = []
    by_name: list[NameLine] = []
    for m in sorted(matches, key=lambda m: m.table):
        a = ld.side(m.player_a, top=is_top)
        b = ld.side(m.player_b, top=is_top) if m.player_b is not None else None
        result = m.score.written() if m.score is not None else None
        winner = winner_of(m)
        lines.append(
            PairingLine(
                round_no=m.round_no,
                table=m.table,
                stage=m.stage.value,
                a=a,
                b=b,
                result=result,
                result_kind=m.score.kind.value
                if m.score is not None
                else ld.bye_kinds.get((m.round_no, m.table)),
                winner_id=winner if m.score is not None or b is None else None,
            )
        )
        if b is None:
            by_name.append(NameLine(a.player_id, a.name, m.table, None, None, "bye", a.pod))
            continue
        swapped = m.score.swapped().written() if m.score is not None else None
        for me, other, mine in ((a, b, result), (b, a, swapped)):
            outcome = None
            if m.score is not None:
                outcome = (
                    "draw" if winner is None else ("win" if winner == me.player_id else "loss")
                )
            by_name.append(
                NameLine(me.player_id, me.name, m.table, other.name, mine, outcome, me.pod)
            )
    by_name.sort(key=lambda n: (n.name.casefold(), n.player_id))
    top_matches = sum(1 for m in matches if m.stage is Stage.TOP)
    return RoundView(
        number=number,
        stage="top" if is_top else "swiss",
        top_players=2 * top_matches if is_top else None,
        lines=tuple(lines),
        by_name=tuple(by_name),
    )
