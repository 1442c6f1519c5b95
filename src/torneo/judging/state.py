"""Judging rows ↔ the pure judging values, and the context every judging service loads.

The domain (``torneo.judging.rules``, ``torneo.judging.rules.decks``) works on frozen values; this
module turns stored rows into them and back: rulings with their consequences (JSON), match
scores, deck lists, the judge roster and the round clock. It holds no rule: it only translates.
Nothing here imports ``services.events``, so the result hook (``judging_results``) that
``events`` calls stays free of import cycles.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from torneo.cards.rules.tournament import Tournament
from torneo.cards.state import entrant_of, get_event, tournament_of
from torneo.cards.tables import Event, Match
from torneo.core.clock import Stopwatch
from torneo.core.errors import Conflict
from torneo.core.ids import EventId, PlayerId, UserId
from torneo.core.messages import N_
from torneo.engines.results import GameScore, ResultKind
from torneo.judging.rules import (
    Consequence,
    DeckCorrected,
    Disqualified,
    ForfeitPlayedGames,
    GameLoss,
    Judge,
    JudgeRoster,
    JudgingRecord,
    MatchAwarded,
    MatchLoss,
    MatchRef,
    Rescinded,
    ResultsVoided,
    RoundClock,
    Ruling,
    RulingKind,
    TimeExtension,
)
from torneo.judging.rules.decks import DeckCorrection, DeckList
from torneo.judging.tables import DeckListRow, EventJudge, JudgingConfig, RoundClockRow, RulingRow
from torneo.platform.store.tables import User
from torneo.presets import Ruleset, load_preset
from torneo.presets.judging import JudgingRules

# --- small values ----------------------------------------------------------------------------


def aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored moment is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def score_json(score: GameScore | None) -> list[Any] | None:
    if score is None:
        return None
    return [score.wins_a, score.wins_b, score.draws, score.kind.value]


def score_of(data: Any) -> GameScore | None:
    if data is None:
        return None
    wins_a, wins_b, draws, kind = data
    return GameScore(int(wins_a), int(wins_b), int(draws), ResultKind(kind))


def match_score(match: Match) -> GameScore | None:
    if match.wins_a is None or match.wins_b is None:
        return None
    return GameScore(
        match.wins_a, match.wins_b, match.draws or 0, ResultKind(match.result_kind or "played")
    )


def set_match_score(
    match: Match, score: GameScore | None, now: datetime, *, changed_in: int
) -> None:
    """Store ``score`` (None: no result) in the match, which changed as of event version
    ``changed_in`` (``matches.changed_in``: the client versions of a result are checked on it)."""
    match.changed_in = changed_in
    if score is None:
        match.wins_a = match.wins_b = match.draws = None
        match.result_kind = None
        match.reported_at = None
        return
    match.wins_a, match.wins_b, match.draws = score.wins_a, score.wins_b, score.draws
    match.result_kind = score.kind.value
    match.reported_at = now


def deck_json(deck: DeckList) -> dict[str, Any]:
    return {"cards": [[e.name, e.count] for e in deck.entries], "blanks": deck.blanks}


def deck_of(data: dict[str, Any]) -> DeckList:
    return DeckList.of(((str(n), int(c)) for n, c in data["cards"]), int(data.get("blanks", 0)))


def deck_of_row(row: DeckListRow) -> DeckList:
    return deck_of({"cards": row.cards, "blanks": row.blanks})


# --- consequences and rulings ------------------------------------------------------------------


def _correction_json(c: DeckCorrection) -> dict[str, Any]:
    return {
        "infractions": list(c.infractions),
        "restricted_found": list(c.restricted_found),
        "restricted_removed": list(c.restricted_removed),
        "kept_restricted": list(c.kept_restricted),
        "removed": [[name, n] for name, n in c.removed],
        "blanks_added": c.blanks_added,
        "deck_before": deck_json(c.deck_before),
        "deck_after": deck_json(c.deck_after),
    }


def _correction_of(d: dict[str, Any]) -> DeckCorrection:
    return DeckCorrection(
        infractions=tuple(d["infractions"]),
        restricted_found=tuple(d["restricted_found"]),
        restricted_removed=tuple(d["restricted_removed"]),
        kept_restricted=tuple(d["kept_restricted"]),
        removed=tuple((str(n), int(c)) for n, c in d["removed"]),
        blanks_added=int(d["blanks_added"]),
        deck_before=deck_of(d["deck_before"]),
        deck_after=deck_of(d["deck_after"]),
    )


def consequence_json(c: Consequence) -> dict[str, Any]:
    if isinstance(c, GameLoss):
        return {"type": "game_loss", "player": c.player, "round": c.round_no, "games": c.games}
    if isinstance(c, ForfeitPlayedGames):
        return {
            "type": "forfeit",
            "player": c.player,
            "before_round": c.before_round,
            "games": c.games,
        }
    if isinstance(c, MatchLoss):
        return {"type": "match_loss", "player": c.player, "round": c.round_no}
    if isinstance(c, Disqualified):
        return {"type": "disqualified", "player": c.player, "round": c.round_no, "reason": c.reason}
    if isinstance(c, MatchAwarded):
        return {
            "type": "match_awarded",
            "round": c.match.round_no,
            "table": c.match.table,
            "winner": c.winner,
            "loser": c.loser,
            "score": score_json(c.score),
        }
    if isinstance(c, ResultsVoided):
        return {
            "type": "results_voided",
            "matches": [[m.round_no, m.table] for m in c.matches],
            "players": sorted(int(p) for p in c.players),
        }
    if isinstance(c, DeckCorrected):
        return {
            "type": "deck_corrected",
            "player": c.player,
            "correction": _correction_json(c.correction),
        }
    return {"type": "rescinded", "seq": c.seq}


def consequence_of(d: dict[str, Any]) -> Consequence:
    kind = d["type"]
    if kind == "game_loss":
        return GameLoss(PlayerId(d["player"]), int(d["round"]), int(d["games"]))
    if kind == "forfeit":
        return ForfeitPlayedGames(PlayerId(d["player"]), int(d["before_round"]), int(d["games"]))
    if kind == "match_loss":
        return MatchLoss(PlayerId(d["player"]), int(d["round"]))
    if kind == "disqualified":
        return Disqualified(PlayerId(d["player"]), int(d["round"]), str(d["reason"]))
    if kind == "match_awarded":
        score = score_of(d["score"])
        assert score is not None
        return MatchAwarded(
            MatchRef(int(d["round"]), int(d["table"])),
            PlayerId(d["winner"]),
            PlayerId(d["loser"]),
            score,
        )
    if kind == "results_voided":
        return ResultsVoided(
            tuple(MatchRef(int(r), int(t)) for r, t in d["matches"]),
            frozenset(PlayerId(int(p)) for p in d["players"]),
        )
    if kind == "deck_corrected":
        return DeckCorrected(PlayerId(d["player"]), _correction_of(d["correction"]))
    return Rescinded(int(d["seq"]))


def ruling_of(row: RulingRow) -> Ruling:
    return Ruling(
        seq=row.seq,
        event=EventId(row.event_id),
        judge=UserId(row.judge_id),
        at=aware(row.at),
        player=PlayerId(row.player_id) if row.player_id is not None else None,
        kind=RulingKind(row.kind),
        rule=row.rule,
        reason=row.reason,
        infraction=row.infraction,
        round_no=row.round_no,
        consequences=tuple(consequence_of(c) for c in row.consequences),
        escalated_from=row.escalated_from,
    )


def ruling_row(ruling: Ruling, judge_name: str) -> RulingRow:
    return RulingRow(
        event_id=ruling.event,
        seq=ruling.seq,
        judge_id=ruling.judge,
        judge_name=judge_name,
        at=ruling.at,
        player_id=ruling.player,
        kind=ruling.kind.value,
        rule=ruling.rule,
        reason=ruling.reason,
        infraction=ruling.infraction,
        round_no=ruling.round_no,
        escalated_from=ruling.escalated_from,
        consequences=[consequence_json(c) for c in ruling.consequences],
        effects=[],
    )


def rescinded_of(rows: list[RulingRow]) -> frozenset[int]:
    return frozenset(
        int(c["seq"]) for r in rows for c in r.consequences if c.get("type") == "rescinded"
    )


def load_rulings(session: Session, event_id: int) -> list[RulingRow]:
    return list(
        session.scalars(
            select(RulingRow).where(RulingRow.event_id == event_id).order_by(RulingRow.seq)
        )
    )


# --- the clock ------------------------------------------------------------------------------


def _us(delta: timedelta) -> int:
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def clock_of(row: RoundClockRow) -> RoundClock:
    watch = Stopwatch(
        running_since=aware(row.running_since) if row.running_since else None,
        banked=timedelta(microseconds=row.banked_us),
        adjustment=timedelta(microseconds=row.adjustment_us),
    )
    durations = tuple(
        (int(t), timedelta(seconds=int(s)) if s is not None else None) for t, s in row.durations
    )
    extensions = tuple(
        TimeExtension(
            int(e["table"]),
            timedelta(seconds=int(e["seconds"])),
            str(e["reason"]),
            UserId(int(e["judge"])),
            aware(datetime.fromisoformat(e["at"])),
        )
        for e in row.extensions
    )
    return RoundClock(row.round_no, durations, row.extra_turns, watch, extensions)


def store_clock(row: RoundClockRow, clock: RoundClock) -> None:
    row.durations = [
        [t, int(d.total_seconds()) if d is not None else None] for t, d in clock.table_durations
    ]
    row.extra_turns = clock.extra_turns
    row.running_since = clock.watch.running_since
    row.banked_us = _us(clock.watch.banked)
    row.adjustment_us = _us(clock.watch.adjustment)
    row.extensions = [
        {
            "table": e.table,
            "seconds": int(e.amount.total_seconds()),
            "reason": e.reason,
            "judge": int(e.judge),
            "at": e.at.isoformat(),
        }
        for e in clock.extensions
    ]


def clock_rows(session: Session, event_id: int) -> dict[int, RoundClockRow]:
    rows = session.scalars(select(RoundClockRow).where(RoundClockRow.event_id == event_id))
    return {r.round_no: r for r in rows}


def round_start(session: Session, event: Event, round_no: int) -> datetime | None:
    """INV-ID-1: when a round started — the judges' "go", the round clock's first start; a round
    played without the clock started when it was paired (``Round.started_at`` is recorded at
    every pairing, whatever the surface: CLI, API, pages). None: the round is not paired."""
    clock = clock_rows(session, event.id).get(round_no)
    if clock is not None and clock.started_at:
        return aware(clock.started_at)
    paired = next((r for r in event.rounds if r.number == round_no), None)
    return aware(paired.started_at) if paired is not None else None


# --- the context of one event ---------------------------------------------------------------


def judging_rules(ruleset: Ruleset) -> JudgingRules:
    if ruleset.judging is None:
        raise Conflict(
            "preset",
            N_("the preset '%(preset)s' has no judging section"),
            N_("an event whose preset defines penalties (invasion-it-2012, berserk-online)"),
            params={"preset": ruleset.id},
        )
    return ruleset.judging


@dataclass
class JudgingContext:
    """One event loaded for a judging action: rows, ruleset, roster, rulings."""

    session: Session
    event: Event
    ruleset: Ruleset
    rules: JudgingRules
    judges: list[tuple[EventJudge, User]]
    rows: list[RulingRow]
    config: JudgingConfig | None
    loaded_version: int = 0  # the event's version when it was loaded (locked FOR UPDATE)
    # An organizer of the club acting at the judges' desk without being on the roster (issue
    # 30): the tournament's first official (core/policy.py), counted as a judge for this act.
    acting: Judge | None = None

    @property
    def event_id(self) -> EventId:
        return EventId(self.event.id)

    @property
    def changed_in(self) -> int:
        """The event version a match changed by this action gets (``matches.changed_in``):
        the action holds the event row FOR UPDATE and moves its version (``touch``), so its
        changes are new as of the next version (torneo.cards.commands_results, "version")."""
        return self.loaded_version + 1

    @property
    def roster(self) -> JudgeRoster:
        roster = roster_of(self.event.id, self.judges)
        if self.acting is None:
            return roster
        # The roster's head judge stays head (INV-JUDGE-1: a sole judge is head unnamed); the
        # organizer is head only of an event with no judge yet.
        head = roster.head_judge
        if head is None and not roster.judges:
            head = self.acting
        return replace(
            roster,
            judges=(*roster.judges, self.acting),
            head=head.user if head is not None else None,
        )

    def tournament(self) -> Tournament:
        return tournament_of(self.event, self.ruleset)

    def record(self) -> JudgingRecord:
        return JudgingRecord(
            self.event_id,
            tuple(entrant_of(r) for r in self.event.registrations),
            self.roster,
            self.rules,
            tuple(ruling_of(r) for r in self.rows),
        )

    def judge_name(self, user_id: int) -> str:
        if self.acting is not None and self.acting.user == user_id:
            return self.acting.name
        return next((u.display_name for j, u in self.judges if j.user_id == user_id), "?")

    def restricted(self) -> tuple[str, ...]:
        if self.config is not None and self.config.restricted_cards is not None:
            return tuple(str(c) for c in self.config.restricted_cards)
        return self.rules.restricted_cards

    def deck_format_key(self) -> str | None:
        """The event's format (BER-FMT-1..3: ``events.format``), else the preset's default."""
        if self.event.format:
            return self.event.format
        return self.rules.default_deck_format

    def names(self) -> dict[int, str]:
        return {r.player_id: r.player.name for r in self.event.registrations}


def load_judges(session: Session, event_id: int) -> list[tuple[EventJudge, User]]:
    rows = session.execute(
        select(EventJudge, User)
        .join(User, User.id == EventJudge.user_id)
        .where(EventJudge.event_id == event_id)
        .order_by(EventJudge.id)
    )
    return [(j, u) for j, u in rows]


def roster_of(event_id: int, judges: list[tuple[EventJudge, User]]) -> JudgeRoster:
    head = next((j.user_id for j, _ in judges if j.is_head), None)
    return JudgeRoster(
        EventId(event_id),
        tuple(
            Judge(
                UserId(j.user_id),
                u.display_name,
                PlayerId(j.player_id) if j.player_id is not None else None,
            )
            for j, u in judges
        ),
        UserId(head) if head is not None else None,
    )


def config_of(session: Session, event_id: int) -> JudgingConfig | None:
    return session.scalars(select(JudgingConfig).where(JudgingConfig.event_id == event_id)).first()


def load_context(session: Session, event_id: int, *, for_update: bool = False) -> JudgingContext:
    event = get_event(session, event_id, for_update=for_update)
    ruleset = load_preset(event.preset)
    rules = judging_rules(ruleset)
    return JudgingContext(
        session,
        event,
        ruleset,
        rules,
        load_judges(session, event_id),
        load_rulings(session, event_id),
        config_of(session, event_id),
        loaded_version=event.version,
    )
