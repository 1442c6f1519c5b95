"""Read models of judging for the pages and the API (no writes, no rules).

- :func:`judge_desk`: everything the judge's phone page shows (the round's tables with each
  player's warnings, the infractions of the preset, the deck check, the clock, the log). Only a
  judge of the event may read it (403 otherwise): the log names players and reasons.
- :func:`player_record`: the public page of one player in one event: their own rulings only
  (``domain.judging.record_of``), their table and its clock.
- the organizer's view of the roster and the judging settings is in ``views_roster``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from torneo.cards.tables import Match
from torneo.core.errors import NotFound
from torneo.core.ids import PlayerId, UserId
from torneo.core.messages import N_, Message
from torneo.judging.commands import acting_judge, current_round
from torneo.judging.commands_clock import ClockPanel, panel_of
from torneo.judging.commands_deck_checks import DeckCheckPanel, panel_of_row
from torneo.judging.results import effect_target, penalty_games
from torneo.judging.rules import record_of, staffing_advice, warnings_by_player
from torneo.judging.state import (
    JudgingContext,
    aware,
    clock_rows,
    load_context,
    match_score,
    round_start,
    ruling_of,
)
from torneo.judging.tables import DeckCheckRow, DeckListRow
from torneo.platform.store.uow import Actor, Store
from torneo.presets.judging import (
    DECK_OVER_MAXIMUM,
    DECK_UNDER_MINIMUM,
    LATE_INTENTIONAL_DRAW,
    RESTRICTED_LIST_BREACH,
)


@dataclass(frozen=True, slots=True)
class PlayerChip:
    id: int
    name: str
    warnings: int
    disqualified: bool
    is_judge: bool
    has_deck: bool


@dataclass(frozen=True, slots=True)
class TableLine:
    table: int
    stage: str
    a: PlayerChip
    b: PlayerChip | None
    result: str | None
    penalty: str | None  # games lost by penalty, "0-1" (INV-PEN-2)
    is_deck_check: bool


# Infractions the deck check and the late intentional draw issue by themselves: the judge's page
# does not offer them as a tap (they come with their outcome: blanks, forfeits, both players).
AUTOMATIC = frozenset(
    {DECK_UNDER_MINIMUM, DECK_OVER_MAXIMUM, RESTRICTED_LIST_BREACH, LATE_INTENTIONAL_DRAW}
)


@dataclass(frozen=True, slots=True)
class InfractionOption:
    key: str
    label: str
    rule: str
    penalties: tuple[str, ...]
    may_choose: tuple[str, ...]
    is_automatic: bool = False


@dataclass(frozen=True, slots=True)
class EffectLine:
    kind: str
    round_no: int | None
    table: int | None
    before: str | None
    after: str | None
    games: int | None
    player: str | None
    seq: int | None


@dataclass(frozen=True, slots=True)
class RulingLine:
    seq: int
    at: datetime
    judge: str
    player_id: int | None
    player: str | None
    kind: str
    rule: str
    reason: str
    infraction: str | None
    infraction_label: str | None
    round_no: int | None
    escalated_from: int | None
    overruled_by: int | None
    effects: tuple[EffectLine, ...]

    @property
    def is_overruled(self) -> bool:
        return self.overruled_by is not None


@dataclass(frozen=True, slots=True)
class JudgeLine:
    user_id: int
    name: str
    is_head: bool
    player: str | None


@dataclass(frozen=True, slots=True)
class JudgeDesk:
    event_id: int
    event_name: str
    status: str
    version: int
    preset: str
    round_no: int
    round_numbers: tuple[int, ...]
    tables: tuple[TableLine, ...]
    players: tuple[PlayerChip, ...]
    infractions: tuple[InfractionOption, ...]
    warnings_limit: int | None
    deck_check: DeckCheckPanel | None
    deck_check_every_round: bool
    clock: ClockPanel
    roster: tuple[JudgeLine, ...]
    is_head: bool
    me: str
    advice: Message | None  # INV-JUDGE-1 staffing advice, shown in the page's language
    rulings: tuple[RulingLine, ...]
    judge_actions: tuple[str, ...]
    id_window_seconds: int | None
    names: dict[int, str]
    # INV-ID-1 (issue 30 item 5): when the round's window for intentional draws closes, and
    # whether it counts from the judges' "Start the round" (else from the pairing).
    id_window_closes: datetime | None = None
    id_window_from_clock: bool = False

    def player(self, player_id: int) -> PlayerChip | None:
        return next((p for p in self.players if p.id == player_id), None)

    def table_of(self, player_id: int) -> TableLine | None:
        return next(
            (t for t in self.tables if t.a.id == player_id or (t.b and t.b.id == player_id)),
            None,
        )

    def rulings_of(self, player_id: int) -> tuple[RulingLine, ...]:
        return tuple(r for r in self.rulings if r.player_id == player_id)


def judge_lines(ctx: JudgingContext) -> tuple[JudgeLine, ...]:
    """The event's judges, the head judge marked (INV-JUDGE-1), a player-judge's entrant named."""
    names = ctx.names()
    return tuple(
        JudgeLine(
            j.user_id,
            u.display_name,
            ctx.roster.is_head_judge(UserId(j.user_id)),
            names.get(j.player_id) if j.player_id is not None else None,
        )
        for j, u in ctx.judges
    )


def _score_text(data: Any) -> str | None:
    if data is None:
        return None
    wins_a, wins_b, draws, kind = data
    if kind == "double_loss":
        return "double loss"
    if kind == "intentional_draw":
        return "ID"
    return f"{wins_a}-{wins_b}" + (f"-{draws}" if draws else "")


def _effects(
    ctx: JudgingContext, effects: list[Any], names: dict[int, str]
) -> tuple[EffectLine, ...]:
    lines = []
    for e in effects:
        kind = e.get("kind")
        if kind == "result":
            lines.append(
                EffectLine(
                    "result",
                    e.get("round"),
                    e.get("table"),
                    _score_text(e.get("before")),
                    _score_text(e.get("after")),
                    None,
                    None,
                    None,
                )
            )
        elif kind in ("penalty_game", "pending_game_loss"):
            target = effect_target(ctx.event, e)
            lines.append(
                EffectLine(
                    "game_loss" if target is not None else "game_loss_pending",
                    target.round_no if target is not None else e.get("min_round"),
                    target.table_no if target is not None else None,
                    None,
                    None,
                    int(e.get("games", 1)),
                    names.get(int(e["player"])),
                    None,
                )
            )
        elif kind == "registration":
            dq = bool(e["after"]["disqualified"])
            lines.append(
                EffectLine(
                    "disqualified" if dq else "reinstated",
                    e["after"].get("dropped_after_round"),
                    None,
                    None,
                    None,
                    None,
                    names.get(int(e["player"])),
                    None,
                )
            )
        elif kind == "deck_list":
            lines.append(
                EffectLine(
                    "deck_list", None, None, None, None, None, names.get(int(e["player"])), None
                )
            )
        elif kind == "reverted":
            lines.append(EffectLine("reverted", None, None, None, None, None, None, e["seq"]))
    return tuple(lines)


def ruling_lines(ctx: JudgingContext) -> tuple[RulingLine, ...]:
    names = ctx.names()
    overruled_by: dict[int, int] = {}
    for row in ctx.rows:
        for c in row.consequences:
            if c.get("type") == "rescinded":
                overruled_by[int(c["seq"])] = row.seq
    lines = []
    for row in ctx.rows:
        rule = ctx.rules.infractions.get(row.infraction) if row.infraction else None
        lines.append(
            RulingLine(
                seq=row.seq,
                at=aware(row.at),
                judge=row.judge_name,
                player_id=row.player_id,
                player=names.get(row.player_id) if row.player_id is not None else None,
                kind=row.kind,
                rule=row.rule,
                reason=row.reason,
                infraction=row.infraction,
                infraction_label=rule.label if rule is not None else None,
                round_no=row.round_no,
                escalated_from=row.escalated_from,
                overruled_by=overruled_by.get(row.seq),
                effects=_effects(ctx, row.effects, names),
            )
        )
    return tuple(lines)


def _chips(ctx: JudgingContext) -> dict[int, PlayerChip]:
    warnings = warnings_by_player(ruling_of(r) for r in ctx.rows)
    decks = set(
        ctx.session.scalars(
            select(DeckListRow.player_id).where(
                DeckListRow.event_id == ctx.event.id,
                DeckListRow.kind == "deck",
                DeckListRow.is_current.is_(True),
            )
        )
    )
    return {
        r.player_id: PlayerChip(
            r.player_id,
            r.player.name,
            warnings.get(PlayerId(r.player_id), 0),
            r.disqualified,
            r.is_judge,
            r.player_id in decks,
        )
        for r in ctx.event.registrations
    }


def _penalty_text(ctx: JudgingContext, match: Match) -> str | None:
    penalty = penalty_games(ctx.event, ctx.rows, match)
    return penalty.text() if penalty.games_played else None


def _tables(
    ctx: JudgingContext, chips: dict[int, PlayerChip], round_no: int, drawn: int | None
) -> tuple[TableLine, ...]:
    lines = []
    for m in sorted(ctx.event.matches, key=lambda m: m.table_no):
        if m.round_no != round_no:
            continue
        score = match_score(m)
        lines.append(
            TableLine(
                m.table_no,
                m.stage,
                chips[m.player_a_id],
                chips[m.player_b_id] if m.player_b_id is not None else None,
                score.text() if score is not None else None,
                _penalty_text(ctx, m) if m.player_b_id is not None else None,
                drawn == m.table_no,
            )
        )
    return tuple(lines)


def _deck_check(ctx: JudgingContext, round_no: int) -> DeckCheckPanel | None:
    row = ctx.session.scalars(
        select(DeckCheckRow).where(
            DeckCheckRow.event_id == ctx.event.id, DeckCheckRow.round_no == round_no
        )
    ).first()
    return panel_of_row(row) if row is not None else None


def _id_window(ctx: JudgingContext, round_no: int) -> dict[str, Any]:
    """INV-ID-1: the round's window for intentional draws (commands_draws checks the same)."""
    seconds = ctx.rules.intentional_draw_window_seconds
    started = round_start(ctx.session, ctx.event, round_no) if round_no else None
    if seconds is None or started is None:
        return {}
    clock = clock_rows(ctx.session, ctx.event.id).get(round_no)
    return {
        "id_window_closes": started + timedelta(seconds=seconds),
        "id_window_from_clock": bool(clock is not None and clock.started_at),
    }


def judge_desk(
    store: Store, actor: Actor, event_id: int, *, round_no: int | None = None
) -> JudgeDesk:
    with store.read() as session:
        ctx = load_context(session, event_id)
        judge = acting_judge(ctx, actor)
        current = ctx.tournament().current_round
        number = current if round_no is None else round_no
        if number < 0 or number > current:
            raise NotFound(
                "round",
                N_("no round %(round)s"),
                N_("1..%(current)s") if current else N_("none"),
                params={"round": number, "current": current},
            )
        chips = _chips(ctx)
        deck_check = _deck_check(ctx, number) if number else None
        roster = ctx.roster
        names = ctx.names()
        advice = staffing_advice(
            roster, sum(1 for r in ctx.event.registrations if not r.disqualified), ctx.rules
        )
        return JudgeDesk(
            event_id=event_id,
            event_name=ctx.event.name,
            status=ctx.event.status,
            version=ctx.event.version,
            preset=ctx.event.preset,
            round_no=number,
            round_numbers=tuple(range(1, current + 1)),
            tables=_tables(ctx, chips, number, deck_check.table if deck_check else None),
            players=tuple(sorted(chips.values(), key=lambda c: c.name.casefold())),
            infractions=tuple(
                InfractionOption(
                    key,
                    rule.label,
                    rule.rule,
                    tuple(p.value for p in rule.penalties),
                    tuple(p.value for p in rule.judge_may_choose),
                    key in AUTOMATIC,
                )
                for key, rule in ctx.rules.infractions.items()
            ),
            warnings_limit=ctx.rules.warnings_to_disqualify,
            deck_check=deck_check,
            deck_check_every_round=ctx.rules.deck_check_every_round,
            clock=panel_of(ctx, number or None, store.clock()),
            roster=judge_lines(ctx),
            is_head=roster.is_head_judge(judge),
            me=ctx.judge_name(judge),
            advice=advice.message() if advice else None,
            rulings=tuple(reversed(ruling_lines(ctx))),
            judge_actions=tuple(a.value for a in ctx.rules.judge_actions),
            id_window_seconds=ctx.rules.intentional_draw_window_seconds,
            names=names,
            **_id_window(ctx, number),
        )


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    event_id: int
    event_name: str
    status: str
    player_id: int
    name: str
    warnings: int
    warnings_limit: int | None
    disqualified: bool
    dq_reason: str | None
    rulings: tuple[RulingLine, ...]
    table: TableLine | None
    round_no: int
    clock: ClockPanel


def player_record(store: Store, event_id: int, player_id: int) -> PlayerRecord:
    """Public: one player's own rulings in the event, their table and its clock."""
    with store.read() as session:
        ctx = load_context(session, event_id)
        reg = next((r for r in ctx.event.registrations if r.player_id == player_id), None)
        if reg is None:
            raise NotFound(
                "player_id",
                N_("player %(player)s is not in event %(event)s"),
                N_("an entrant"),
                params={"player": player_id, "event": event_id},
            )
        rulings = tuple(ruling_of(r) for r in ctx.rows)
        own = {r.seq for r in record_of(PlayerId(player_id), rulings)}
        # An overrule names the player of the ruling it voids, so it is in ``own`` already.
        lines = tuple(line for line in ruling_lines(ctx) if line.seq in own)
        chips = _chips(ctx)
        current = ctx.tournament().current_round
        table = next(
            (
                t
                for t in _tables(ctx, chips, current, None)
                if t.a.id == player_id or (t.b is not None and t.b.id == player_id)
            ),
            None,
        )
        return PlayerRecord(
            event_id,
            ctx.event.name,
            ctx.event.status,
            player_id,
            reg.player.name,
            chips[player_id].warnings,
            ctx.rules.warnings_to_disqualify,
            reg.disqualified,
            reg.dq_reason,
            lines,
            table,
            current,
            panel_of(ctx, current or None, store.clock()),
        )


def current_round_of(store: Store, event_id: int) -> int:
    with store.read() as session:
        return current_round(load_context(session, event_id))


__all__ = [
    "JudgeDesk",
    "PlayerRecord",
    "judge_desk",
    "player_record",
]


def event_time_zone(store: Store, event_id: int) -> str | None:
    """The zone the event's moments are shown in (issue 15 item 7); None: no such event."""
    from torneo.cards.tables import Event  # the event's own row, read alone

    with store.read() as session:
        event = session.get(Event, event_id)
        return event.time_zone if event is not None else None
