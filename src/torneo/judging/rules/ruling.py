"""Rulings: every judge act on the record — who, when, what, why, the rule id, the consequences.

A :class:`Ruling` is a frozen record that goes into the event's log; its ``consequences`` are
what the service must apply to the event (a game loss on a match, a player dropped, results
voided). The domain never applies them to stored state itself: it says exactly what follows.

Each ruling has a sequence number ``seq`` within its event (1, 2, 3 … in the order given), so a
later ruling can point at an earlier one (an escalation, an overrule) without a database id.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from torneo.core.ids import EventId, PlayerId, UserId
from torneo.engines.results import GameScore
from torneo.judging.rules.decks.deck_check import DeckCorrection
from torneo.presets.judging import PenaltyKind


class RulingKind(StrEnum):
    WARNING = PenaltyKind.WARNING.value
    GAME_LOSS = PenaltyKind.GAME_LOSS.value
    MATCH_LOSS = PenaltyKind.MATCH_LOSS.value
    DISQUALIFICATION = PenaltyKind.DISQUALIFICATION.value
    AWARD_WIN = "award_win"  # BER-JUDGE-1
    REPLAY = "replay"  # BER-JUDGE-1
    OVERRULE = "overrule"  # INV-JUDGE-1: the head judge has the last word


@dataclass(frozen=True, slots=True)
class MatchRef:
    round_no: int
    table: int


@dataclass(frozen=True, slots=True)
class GameLoss:
    """INV-PEN-2: ``games`` game losses on the player's match of ``round_no`` (see game_loss)."""

    player: PlayerId
    round_no: int
    games: int = 1


@dataclass(frozen=True, slots=True)
class ForfeitPlayedGames:
    """INV-DECK-3: one game loss on each match the player played before ``before_round`` (a
    "partita" is the match, issue 29 item 8; ``game_loss.forfeit_played_games``)."""

    player: PlayerId
    before_round: int
    games: int  # the game losses, one a match played, as counted when the ruling was given


@dataclass(frozen=True, slots=True)
class MatchLoss:
    player: PlayerId
    round_no: int


@dataclass(frozen=True, slots=True)
class Disqualified:
    """The player leaves the event for ``reason``; their unreported match of ``round_no`` is lost."""

    player: PlayerId
    round_no: int
    reason: str


@dataclass(frozen=True, slots=True)
class MatchAwarded:
    """BER-JUDGE-1: the judge gives the match to ``winner``; ``score`` replaces the result."""

    match: MatchRef
    winner: PlayerId
    loser: PlayerId
    score: GameScore


@dataclass(frozen=True, slots=True)
class ResultsVoided:
    """BER-JUDGE-1: these results no longer count; the matches are played again."""

    matches: tuple[MatchRef, ...]
    players: frozenset[PlayerId]


@dataclass(frozen=True, slots=True)
class DeckCorrected:
    """INV-DECK-2/3: what the deck check did to the player's deck (blanks, cards removed)."""

    player: PlayerId
    correction: DeckCorrection


@dataclass(frozen=True, slots=True)
class Rescinded:
    """INV-JUDGE-1: the ruling ``seq`` is overruled by the head judge and no longer counts."""

    seq: int


Consequence = (
    GameLoss
    | ForfeitPlayedGames
    | MatchLoss
    | Disqualified
    | MatchAwarded
    | ResultsVoided
    | DeckCorrected
    | Rescinded
)


def _players_of(consequence: Consequence) -> frozenset[PlayerId]:
    if isinstance(consequence, MatchAwarded):
        return frozenset((consequence.winner, consequence.loser))
    if isinstance(consequence, ResultsVoided):
        return consequence.players
    if isinstance(consequence, Rescinded):
        return frozenset()
    return frozenset((consequence.player,))


@dataclass(frozen=True, slots=True)
class Ruling:
    seq: int
    event: EventId
    judge: UserId
    at: datetime
    player: PlayerId | None  # None for an act on matches (a replay order)
    kind: RulingKind
    rule: str  # the rule id the ruling applies
    reason: str  # the judge's words, or the automatic reason of an escalation
    infraction: str | None = None  # preset infraction key
    round_no: int | None = None
    consequences: tuple[Consequence, ...] = ()
    escalated_from: int | None = None  # INV-PEN-1: the warning that triggered this ruling

    def concerns(self, player: PlayerId) -> bool:
        return self.player == player or any(player in _players_of(c) for c in self.consequences)


def rescinded_seqs(rulings: Iterable[Ruling]) -> frozenset[int]:
    return frozenset(c.seq for r in rulings for c in r.consequences if isinstance(c, Rescinded))


def standing_rulings(rulings: Iterable[Ruling]) -> tuple[Ruling, ...]:
    """The rulings that still count: everything not overruled (INV-JUDGE-1)."""
    all_rulings = tuple(rulings)
    gone = rescinded_seqs(all_rulings)
    return tuple(r for r in all_rulings if r.seq not in gone)


def record_of(player: PlayerId, rulings: Iterable[Ruling]) -> tuple[Ruling, ...]:
    """What a player sees of their own record: every ruling that concerns them, in order.

    Overruled rulings stay on the record (with the overrule that voided them), so nothing a
    judge did disappears from view.
    """
    return tuple(sorted((r for r in rulings if r.concerns(player)), key=lambda r: r.seq))


def warnings_of(player: PlayerId, rulings: Iterable[Ruling]) -> int:
    """Standing warnings of a player in the event (INV-PEN-1; BER-TIE-1 "fewer warnings")."""
    return sum(
        1 for r in standing_rulings(rulings) if r.player == player and r.kind is RulingKind.WARNING
    )


def warnings_by_player(rulings: Iterable[Ruling]) -> dict[PlayerId, int]:
    """Standing warnings per player: the ``warnings`` map of BER-TIE-1 "fewer warnings"."""
    counts: dict[PlayerId, int] = {}
    for ruling in standing_rulings(rulings):
        if ruling.player is not None and ruling.kind is RulingKind.WARNING:
            counts[ruling.player] = counts.get(ruling.player, 0) + 1
    return counts


def is_disqualified(player: PlayerId, rulings: Iterable[Ruling]) -> bool:
    return any(
        r.player == player and r.kind is RulingKind.DISQUALIFICATION
        for r in standing_rulings(rulings)
    )


def next_seq(rulings: Iterable[Ruling]) -> int:
    return max((r.seq for r in rulings), default=0) + 1
