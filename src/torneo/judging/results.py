"""How rulings enter match results and standings — the hook ``services.events`` calls.

INV-PEN-2: a game loss turns a game of the match into a loss. Stored matches hold the result as
it stands; the game losses given on a match are kept on the rulings' ``effects``:

- ``penalty_game``: game(s) lost by ``player`` on the match ``match`` (its id);
- ``pending_game_loss``: game(s) lost by ``player`` on their first paired match from round
  ``min_round`` on — given when their match of the round was already decided or was a bye
  (``torneo.judging.rules.game_loss``: "applied to the player's next match instead").

When players report, they report the games played at the table; :func:`score_for_report` adds
the penalty games first (``compose_reported``), so the stored result is what the standings use.
An overruled ruling (INV-JUDGE-1) no longer counts here.

INV-ID-1: an intentional draw reported after the declaration window (counted from the judges'
"go", the first start of the round clock, or from the pairing of a round played without the
clock: :func:`~torneo.judging.state.round_start`) is refused here too, whoever reports it —
the CLI, the API, the pages, the players' own reports.

BER-TIE-1 "fewer warnings": :func:`warnings_map` gives the standing warnings per entrant.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, inspect, select
from sqlalchemy.orm import Session, object_session

from torneo.cards.state_results import MatchRow
from torneo.cards.tables import Event, Match
from torneo.core.errors import Conflict
from torneo.core.ids import PlayerId
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, ResultKind
from torneo.judging.rules import (
    can_declare_intentional_draw,
    compose_reported,
    intentional_draw_window,
    warnings_by_player,
)
from torneo.judging.state import load_rulings, rescinded_of, round_start, ruling_of
from torneo.judging.tables import RulingRow
from torneo.presets import Ruleset

PENALTY_GAME = "penalty_game"
PENDING_GAME_LOSS = "pending_game_loss"


def standing_rows(rows: list[RulingRow]) -> list[RulingRow]:
    gone = rescinded_of(rows)
    return [r for r in rows if r.seq not in gone]


def pending_target(event: Event, player: int, min_round: int) -> Match | None:
    """The match a pending game loss lands on: the player's first paired match from min_round.

    From the event's matches when they are loaded (the judges' actions load the whole event);
    otherwise one query for that player's matches, so that a result, which reads only its
    match, stays as cheap in an event of 1,000 tables as in one of 4 (issue 14, finer locks)."""
    if "matches" not in inspect(event).unloaded:
        found = [
            m
            for m in event.matches
            if m.round_no >= min_round
            and m.player_b_id is not None
            and player in (m.player_a_id, m.player_b_id)
        ]
        return min(found, key=lambda m: m.round_no, default=None)
    session = object_session(event)
    assert session is not None  # rows of a unit of work or a read
    return session.scalars(
        select(Match)
        .where(
            Match.event_id == event.id,
            Match.round_no >= min_round,
            Match.player_b_id.is_not(None),
            (Match.player_a_id == player) | (Match.player_b_id == player),
        )
        .order_by(Match.round_no)
        .limit(1)
    ).first()


def effect_target(event: Event, effect: dict[str, Any]) -> Match | None:
    """The match a game-loss effect applies to (None: not paired yet, or not a game loss)."""
    if effect.get("kind") == PENALTY_GAME:
        return next((m for m in event.matches if m.id == effect["match"]), None)
    if effect.get("kind") == PENDING_GAME_LOSS:
        return pending_target(event, int(effect["player"]), int(effect["min_round"]))
    return None


def _lands_on(event: Event, effect: dict[str, Any], match: Match | MatchRow) -> bool:
    """Whether a game-loss effect applies to ``match``: :func:`effect_target` asked of one
    match, without loading the others (a penalty game names its match by id)."""
    kind = effect.get("kind")
    if kind == PENALTY_GAME:
        return bool(effect["match"] == match.id)
    if kind != PENDING_GAME_LOSS:
        return False
    player, min_round = int(effect["player"]), int(effect["min_round"])
    if player not in (match.player_a_id, match.player_b_id) or match.round_no < min_round:
        return False
    target = pending_target(event, player, min_round)
    return target is not None and target.id == match.id


def penalty_games(event: Event, rows: list[RulingRow], match: Match | MatchRow) -> GameScore:
    """The games given on ``match`` by standing game losses (INV-PEN-2), as a score a-b."""
    wins_a = wins_b = 0
    for row in standing_rows(rows):
        for effect in row.effects:
            if not _lands_on(event, effect, match):
                continue
            if int(effect["player"]) == match.player_a_id:
                wins_b += int(effect["games"])
            else:
                wins_a += int(effect["games"])
    return GameScore(wins_a, wins_b)


def check_intentional_draw(
    session: Session,
    event: Event,
    match: Match | MatchRow,
    ruleset: Ruleset,
    now: Any,
    *,
    declared_at_start: bool = False,
) -> None:
    """INV-ID-1: refuse an intentional draw declared after the window (Conflict), unless staff
    confirm it was declared at the start (``declared_at_start``)."""
    if ruleset.judging is None:
        return
    started = round_start(session, event, match.round_no)
    refusal = can_declare_intentional_draw(
        started,
        now,
        intentional_draw_window(ruleset.judging),
        Stage(match.stage),
        declared_at_start=declared_at_start,
        time_zone=event.time_zone,
    )
    if refusal:
        raise refusal.raise_as(Conflict)


_ANY_RULING = select(RulingRow.id).where(RulingRow.event_id == bindparam("event_id")).limit(1)


def has_rulings(session: Session, event_id: int) -> bool:
    """Whether the event has any ruling (its penalties may change a reported score)."""
    return session.execute(_ANY_RULING, {"event_id": event_id}).first() is not None


def score_for_report(
    session: Session,
    event_id: int,
    match: Match | MatchRow,
    played: GameScore,
    ruleset: Ruleset,
    now: Any,
    *,
    any_ruling: bool | None = None,
    declared_at_start: bool = False,
) -> GameScore:
    """The result to store for a report of the games ``played`` (penalty games first).
    ``declared_at_start``: staff confirm an intentional draw was declared in time (INV-ID-1).

    Most events have no ruling at all: one small query says so (:func:`has_rulings`; a caller
    that asked already passes ``any_ruling``), and only an intentional draw or an event with
    rulings loads the event (issue 14: a result's cost stays flat)."""
    event: Event | None = None
    if played.kind is ResultKind.INTENTIONAL_DRAW:
        event = session.get_one(Event, event_id)
        check_intentional_draw(
            session, event, match, ruleset, now, declared_at_start=declared_at_start
        )
    if any_ruling is None:
        any_ruling = has_rulings(session, event_id)
    if not any_ruling:
        return played
    rows = load_rulings(session, event_id)
    penalty = penalty_games(event or session.get_one(Event, event_id), rows, match)
    if penalty.games_played == 0:
        return played
    return compose_reported(penalty, played, ruleset.match.best_of)


def warnings_map(session: Session, event: Event) -> dict[PlayerId, int]:
    """BER-TIE-1: standing warnings of each entrant (an overruled warning does not count)."""
    rows = load_rulings(session, event.id)
    if not rows:
        return {}
    entrants = {r.player_id for r in event.registrations}
    counts = warnings_by_player(ruling_of(r) for r in rows)
    return {p: n for p, n in counts.items() if p in entrants}
