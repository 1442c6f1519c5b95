"""The API's answers about a table's referee console (RSK-ROLL-1..3, RSK-OUT-1/2, RSK-ARMY-1).

The tournament's requests and answers are in :mod:`torneo.risiko.schemas`.
"""

from __future__ import annotations

from pydantic import Field

from torneo.risiko.schemas import Moment, PersonOut, _Out


class ConsoleSeatOut(_Out):
    person: PersonOut
    seat: str
    is_to_play: bool
    cap: int
    warnings: int
    eliminated_order: int | None


class DueLineOut(_Out):
    roller: PersonOut
    for_player: PersonOut
    threshold: int
    round_no: int


class RollLineOut(_Out):
    seq: int
    roller: PersonOut
    for_player: PersonOut
    threshold: int
    round_no: int
    outcome: str
    total: int | None


class ArmyLineOut(_Out):
    seq: int
    person: PersonOut
    case: str
    found_by: str
    excess: int
    remove: int
    from_just_placed: int
    from_any: int
    cap: int | None
    at: Moment | None


class TableRulingOut(_Out):
    """A casebook ruling at the table: void throw, dice again, attack invalid, card lost."""

    seq: int
    person: PersonOut
    case: str
    rule: str = Field(description="RSK-PLAY-1..3")
    note: str
    at: Moment | None


class SanctionLineOut(_Out):
    person: PersonOut
    infraction: str
    kind: str
    rule: str


class ActionLineOut(_Out):
    seq: int
    kind: str
    person: PersonOut | None
    detail: str
    at: Moment | None
    by: str
    outcome: str | None = Field(default=None, description="a roll: goes_on or ends_game")


class ConsoleOut(_Out):
    """A table's console: turn, next roll, rolls, sanctions, army rulings (RSK-ROLL-1..3)."""

    tournament_id: int
    tournament_name: str
    round_no: int
    stage: str
    table: int
    version: int
    opened: bool
    seats: list[ConsoleSeatOut]
    to_play: PersonOut
    round_in_game: int
    phase: str
    threshold: int
    next_roll: DueLineOut | None
    pending: list[DueLineOut]
    rolls: list[RollLineOut]
    sanctions: list[SanctionLineOut]
    army: list[ArmyLineOut]
    actions: list[ActionLineOut]
    ended: str | None
    has_result: bool
    started_at: Moment | None
    time_ends_at: Moment | None
    game_minutes: int
    max_conquests: int
    army_cap: int
    rulings: list[TableRulingOut] = Field(default_factory=list)
