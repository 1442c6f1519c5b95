"""One load of a card-game event that every read model derives its sections from.

The event's rows, its ruleset, the pure :class:`Tournament` and the standings are computed at
most once per request (``torneo.cards.views``: one round trip, one standings computation).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from torneo.cards import progress as engines
from torneo.cards.rules.tournament import Tournament
from torneo.cards.state import tournament_of
from torneo.cards.tables import Event
from torneo.engines.records import MatchRecord
from torneo.engines.results import Outcome
from torneo.engines.standings import StandingRow
from torneo.presets import Ruleset, load_preset


@dataclass(frozen=True, slots=True)
class Side:
    player_id: int
    name: str
    seed: int | None = None  # Top X seed (INV-TOP-1), None in the Swiss rounds


class Loaded:
    """One event and what every section derives from it, computed at most once."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self.ruleset: Ruleset = load_preset(event.preset)
        self.t: Tournament = tournament_of(event, self.ruleset)
        self.names: dict[int, str] = {r.player_id: r.player.name for r in event.registrations}
        self.dq_reasons: dict[int, str | None] = {
            r.player_id: r.dq_reason for r in event.registrations if r.disqualified
        }
        self.clubs: dict[int, str | None] = {
            r.player_id: r.player.club for r in event.registrations
        }
        seeds = event.settings.get("top_seeds") or []
        self.top_seeds: list[int] = [int(s) for s in seeds]
        self.seed_of: dict[int, int] = {p: i for i, p in enumerate(self.top_seeds, start=1)}

    @cached_property
    def rows(self) -> list[StandingRow]:
        return engines.current_standings(self.t, self.ruleset, self.event.seed)

    def side(self, player: int, *, top: bool = False) -> Side:
        return Side(
            player, self.names.get(player, f"#{player}"), self.seed_of.get(player) if top else None
        )


def winner_of(m: MatchRecord) -> int | None:
    if m.player_b is None:
        return int(m.player_a)
    if m.score is None:
        return None
    outcome = m.score.outcome
    if outcome is Outcome.WIN_A:
        return int(m.player_a)
    if outcome is Outcome.WIN_B:
        return int(m.player_b)
    return None
