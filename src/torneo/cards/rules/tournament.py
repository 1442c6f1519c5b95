"""A card-game event as the pure engines see it, and the check of every action on it.

Each ``can_*`` returns a :class:`Refusal` or ``None`` (DESIGN.md: a check and a do); the service
calls it before touching anything, so a refused action changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from torneo.cards.rules.lifecycle import EventStatus
from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import GameScore, Outcome, check_game_score


@dataclass(frozen=True, slots=True)
class Tournament:
    status: EventStatus
    best_of: int
    entrants: tuple[Entrant, ...]
    matches: tuple[MatchRecord, ...]
    swiss_rounds: int | None = None  # fixed when the event starts (INV-STRUCT-1/2)
    top_size: int | None = None

    @property
    def current_round(self) -> int:
        return max((m.round_no for m in self.matches), default=0)

    @property
    def swiss_rounds_played(self) -> int:
        return max((m.round_no for m in self.matches if m.stage is Stage.SWISS), default=0)

    @property
    def has_top(self) -> bool:
        return any(m.stage is not Stage.SWISS for m in self.matches)

    def round_matches(self, round_no: int) -> list[MatchRecord]:
        return [m for m in self.matches if m.round_no == round_no]

    def unreported(self, round_no: int | None = None) -> list[MatchRecord]:
        rnd = self.current_round if round_no is None else round_no
        return [m for m in self.round_matches(rnd) if not m.is_reported]

    def active(self) -> list[Entrant]:
        return [e for e in self.entrants if e.is_active]

    def entrant(self, player: PlayerId) -> Entrant | None:
        return next((e for e in self.entrants if e.id == player), None)


def can_register(t: Tournament, player: PlayerId) -> Refusal | None:
    if t.status not in (EventStatus.DRAFT, EventStatus.REGISTRATION, EventStatus.RUNNING):
        return Refusal(
            "status",
            f"registration is closed: the event is {t.status}",
            "draft, registration or running (late entry)",
        )
    if t.entrant(player) is not None:
        return Refusal(
            "player",
            "this player is already registered in the event",
            "a player not yet registered",
        )
    if t.status is EventStatus.RUNNING and t.has_top:
        return Refusal("status", "the Top X has started: no more entries", "before the Top X")
    return None


def can_pair_next_round(t: Tournament) -> Refusal | None:
    if t.status is not EventStatus.RUNNING:
        return Refusal("status", f"the event is {t.status}, not running", "start the event first")
    if t.has_top:
        return Refusal("round", "the Top X has started: no more Swiss rounds", "advance the Top X")
    pending = t.unreported()
    if pending:
        tables = ", ".join(str(m.table) for m in pending[:10])
        return Refusal(
            "round",
            f"round {t.current_round} still has {len(pending)} unreported "
            f"match(es) (tables {tables})",
            "report every result first",
        )
    if t.swiss_rounds is not None and t.swiss_rounds_played >= t.swiss_rounds:
        return Refusal(
            "round",
            f"all {t.swiss_rounds} Swiss rounds have been played",
            "start the Top X or close the event",
            "INV-STRUCT-1",
        )
    if len(t.active()) < 2:
        return Refusal("players", "fewer than 2 active players", "at least 2 active players")
    return None


def find_match(t: Tournament, round_no: int, table: int) -> MatchRecord | None:
    return next((m for m in t.matches if m.round_no == round_no and m.table == table), None)


def can_report(
    t: Tournament, round_no: int, table: int, score: GameScore, *, correction: bool = False
) -> Refusal | None:
    if t.status is not EventStatus.RUNNING:
        return Refusal("status", f"the event is {t.status}, results are closed", "a running event")
    match = find_match(t, round_no, table)
    if match is None:
        return Refusal("table", f"round {round_no} has no table {table}", "a table of the round")
    if round_no != t.current_round and not correction:
        return Refusal(
            "round",
            f"round {round_no} is not the current round ({t.current_round})",
            f"round {t.current_round}; a judge may correct an earlier round",
        )
    if match.is_bye:
        return Refusal(
            "table",
            "this is a bye: it has no result to report",
            "a table with two players",
            "INV-BYE-1",
        )
    if match.score is not None and not correction:
        return Refusal(
            "result",
            f"table {table} of round {round_no} is already reported ({match.score.text()})",
            "a judge correction to change it",
        )
    refusal = check_game_score(score, t.best_of)
    if refusal:
        return refusal
    if match.stage is not Stage.SWISS and score.outcome is Outcome.DRAW:
        return Refusal("result", "a Top X match cannot end in a draw", "a winner", "INV-STRUCT-3")
    return None


def can_drop(t: Tournament, player: PlayerId) -> Refusal | None:
    entrant = t.entrant(player)
    if entrant is None:
        return Refusal(
            "player", "this player is not registered in the event", "a registered player"
        )
    if not entrant.is_active:
        return Refusal("player", f"{entrant.name} has already left the event", "an active player")
    if t.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING, EventStatus.DRAFT):
        return Refusal("status", f"the event is {t.status}", "a running event")
    return None


def can_start_top(t: Tournament) -> Refusal | None:
    if t.status is not EventStatus.RUNNING:
        return Refusal("status", f"the event is {t.status}, not running", "a running event")
    if t.has_top:
        return Refusal("stage", "the Top X has already started", "advance it instead")
    if not t.top_size:
        return Refusal("stage", "this event has no Top X", "close the event")
    if t.swiss_rounds is not None and t.swiss_rounds_played < t.swiss_rounds:
        return Refusal(
            "round",
            f"only {t.swiss_rounds_played} of {t.swiss_rounds} Swiss rounds have been played",
            "play every Swiss round first",
            "INV-STRUCT-1",
        )
    if t.unreported():
        return Refusal("round", "the last Swiss round has unreported matches", "report them first")
    if len(t.active()) < t.top_size:
        return Refusal(
            "players",
            f"only {len(t.active())} active players for a Top {t.top_size}",
            f"at least {t.top_size} active players",
        )
    return None
