"""A card-game event as the pure engines see it, and the check of every action on it.

Each ``can_*`` returns a :class:`Refusal` or ``None`` (DESIGN.md: a check and a do); the service
calls it before touching anything, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TypedDict

from torneo.cards.rules.lifecycle import EventStatus
from torneo.core.errors import Refusal
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Np_, Term
from torneo.engines.records import Entrant, MatchRecord, Stage
from torneo.engines.results import GameScore, Outcome, ResultKind, check_game_score
from torneo.presets import Ruleset


@dataclass(frozen=True, slots=True)
class Tournament:
    status: EventStatus
    best_of: int
    entrants: tuple[Entrant, ...]
    matches: tuple[MatchRecord, ...]
    swiss_rounds: int | None = None  # fixed when the event starts (INV-STRUCT-1/2)
    top_size: int | None = None
    # The event's current round when ``matches`` is a slice (a result reads its one match:
    # issue 14, finer locks); None: the latest round among ``matches``.
    round_now: int | None = None
    # The rule ids refusals cite, the regulation's own (issue 29 item 5; :func:`rule_ids`).
    match_rule: str = "INV-STRUCT-3"
    top_rule: str = "INV-STRUCT-3"
    bye_rule: str = "INV-BYE-1"
    # Read many times by every check and page (issue 14 item 2: 6,000 matches at 2,000
    # players), so found once when the value is made.
    _current_round: int = field(init=False, repr=False, compare=False, default=0)
    _has_top: bool = field(init=False, repr=False, compare=False, default=False)

    def __post_init__(self) -> None:
        current = self.round_now
        if current is None:
            current = max((m.round_no for m in self.matches), default=0)
        object.__setattr__(self, "_current_round", current)
        object.__setattr__(self, "_has_top", any(m.stage is not Stage.SWISS for m in self.matches))

    @property
    def current_round(self) -> int:
        return self._current_round

    @property
    def swiss_rounds_played(self) -> int:
        return max((m.round_no for m in self.matches if m.stage is Stage.SWISS), default=0)

    @property
    def has_top(self) -> bool:
        return self._has_top

    def round_matches(self, round_no: int) -> list[MatchRecord]:
        return [m for m in self.matches if m.round_no == round_no]

    def unreported(self, round_no: int | None = None) -> list[MatchRecord]:
        rnd = self.current_round if round_no is None else round_no
        return [m for m in self.round_matches(rnd) if not m.is_reported]

    def active(self) -> list[Entrant]:
        return [e for e in self.entrants if e.is_active]

    def entrant(self, player: PlayerId) -> Entrant | None:
        return next((e for e in self.entrants if e.id == player), None)


class RuleIds(TypedDict):
    match_rule: str
    top_rule: str
    bye_rule: str


def rule_ids(ruleset: Ruleset) -> RuleIds:
    """The preset's rule ids for a :class:`Tournament`: a Berserk event's refusals cite BER-*,
    never the card championship's INV-* (issue 29 item 5)."""
    return RuleIds(
        match_rule=ruleset.match.rule,
        top_rule=ruleset.match.top_rule,
        bye_rule=ruleset.swiss.bye_rule,
    )


def can_register(t: Tournament, player: PlayerId) -> Refusal | None:
    refused = can_register_all(t, [player])
    return refused[1] if refused else None


def can_register_all(
    t: Tournament, players: Sequence[PlayerId | None]
) -> tuple[int, Refusal] | None:
    """:func:`can_register` for a whole roster at once (None: a player new to the database, so
    registered nowhere): the first refused position and why, or None when all may enter.

    One pass with a set of the registered players, so a paste of thousands of lines costs the
    same as the lines it has (issue 14), and a player twice in the roster is refused like a
    player registered already.
    """
    closed = _registration_closed(t)
    if closed is not None:
        return (0, closed) if players else None
    registered = {e.id for e in t.entrants}
    for k, player in enumerate(players):
        if player is None:
            continue
        if player in registered:
            return k, Refusal(
                "player",
                N_("this player is already registered in the event"),
                N_("a player not yet registered"),
            )
        registered.add(player)
    return None


def _registration_closed(t: Tournament) -> Refusal | None:
    if t.status not in (EventStatus.DRAFT, EventStatus.REGISTRATION, EventStatus.RUNNING):
        return Refusal(
            "status",
            N_("registration is closed: the event is %(status)s"),
            N_("draft, registration or running (late entry)"),
            params={"status": Term(t.status)},
        )
    if t.status is EventStatus.RUNNING and t.has_top:
        return Refusal(
            "status", N_("the Top X has started: no more entries"), N_("before the Top X")
        )
    return None


def can_pair_next_round(t: Tournament) -> Refusal | None:
    if t.status is not EventStatus.RUNNING:
        return Refusal(
            "status",
            N_("the event is %(status)s, not running"),
            N_("start the event first"),
            params={"status": Term(t.status)},
        )
    if t.has_top:
        return Refusal(
            "round", N_("the Top X has started: no more Swiss rounds"), N_("advance the Top X")
        )
    pending = t.unreported()
    if pending:
        return Refusal(
            "round",
            Np_(
                "round %(round)s still has %(n)s unreported match (table %(tables)s)",
                "round %(round)s still has %(n)s unreported matches (tables %(tables)s)",
            ),
            N_("report every result first"),
            params={
                "round": t.current_round,
                "n": len(pending),
                "tables": ", ".join(str(m.table) for m in pending[:10]),
            },
        )
    if t.swiss_rounds is not None and t.swiss_rounds_played >= t.swiss_rounds:
        return Refusal(
            "round",
            N_("all %(n)s Swiss rounds have been played"),
            N_("start the Top X or close the event"),
            "INV-STRUCT-1",
            params={"n": t.swiss_rounds},
        )
    if len(t.active()) < 2:
        return Refusal(
            "players", N_("fewer than 2 active players"), N_("at least 2 active players")
        )
    return None


def find_match(t: Tournament, round_no: int, table: int) -> MatchRecord | None:
    return next((m for m in t.matches if m.round_no == round_no and m.table == table), None)


def can_report(
    t: Tournament, round_no: int, table: int, score: GameScore, *, correction: bool = False
) -> Refusal | None:
    if t.status is not EventStatus.RUNNING:
        return Refusal(
            "status",
            N_("the event is %(status)s, results are closed"),
            N_("a running event"),
            params={"status": Term(t.status)},
        )
    match = find_match(t, round_no, table)
    if match is None:
        return Refusal(
            "table",
            N_("round %(round)s has no table %(table)s"),
            N_("a table of the round"),
            params={"round": round_no, "table": table},
        )
    if round_no != t.current_round and not correction:
        return Refusal(
            "round",
            N_("round %(round)s is not the current round (%(current)s)"),
            N_("round %(current)s; a judge may correct an earlier round"),
            params={"round": round_no, "current": t.current_round},
        )
    return _can_score(t, match, score, correction=correction)


def _can_score(
    t: Tournament, match: MatchRecord, score: GameScore, *, correction: bool
) -> Refusal | None:
    """The checks of :func:`can_report` on the match found: a bye, a second report, the score."""
    if match.is_bye:
        return Refusal(
            "table",
            N_("this is a bye: it has no result to report"),
            N_("a table with two players"),
            t.bye_rule,
        )
    if match.score is not None and not correction:
        return Refusal(
            "result",
            N_("table %(table)s of round %(round)s is already reported (%(score)s)"),
            N_("a judge correction to change it"),
            params={"table": match.table, "round": match.round_no, "score": match.score.text()},
        )
    refusal = check_game_score(score, t.best_of, t.match_rule)
    if refusal:
        return refusal
    if match.stage is not Stage.SWISS and score.outcome is Outcome.DRAW:
        return Refusal(
            "result", N_("a Top X match cannot end in a draw"), N_("a winner"), t.top_rule
        )
    return None


def can_drop(t: Tournament, player: PlayerId) -> Refusal | None:
    entrant = t.entrant(player)
    if entrant is None:
        return Refusal(
            "player",
            N_("this player is not registered in the event"),
            N_("a registered player"),
        )
    if not entrant.is_active:
        return Refusal(
            "player",
            N_("%(name)s has already left the event"),
            N_("an active player"),
            params={"name": entrant.name},
        )
    if t.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING, EventStatus.DRAFT):
        return Refusal(
            "status",
            N_("the event is %(status)s"),
            N_("a running event"),
            params={"status": Term(t.status)},
        )
    return None


def forfeit_on_drop(t: Tournament, player: PlayerId) -> MatchRecord | None:
    """INV-MAJOR-6: the player's match of the current round, forfeited, if it is still unplayed.

    The seed says a dropped player loses the Major's benefits and no more. We read a drop with
    the current match unplayed (paired in the last Swiss round, or in the Top before the match)
    as leaving before that round: the player concedes the match (the opponent wins it, as many
    games as a match needs, kind ``concession``), and they left after the round before, so
    INV-MAJOR-6 sees a round their placement allowed and they did not play. A bye is not a match
    to play: a player who drops with one left after that round. None when nothing is forfeited.
    """
    for m in t.round_matches(t.current_round):
        if not m.involves(player) or m.is_reported or m.player_b is None:
            continue
        need = t.best_of // 2 + 1
        won = GameScore(0, need, 0, ResultKind.CONCESSION)
        return replace(m, score=won if m.player_a == player else won.swapped())
    return None


def can_start_top(
    t: Tournament, picks: Sequence[int] | None = None, choice_rule: object = False
) -> Refusal | None:
    """``picks`` (INV-TOP-3) only when the choice rule was announced at the start
    (``choice_rule``, fixed then); otherwise the standard seeding and the die rule (INV-TOP-2)."""
    if picks and not choice_rule:
        return Refusal(
            "picks",
            N_("the choice rule was not announced when the event started"),
            N_("no picks: the standard seeding and the die rule (INV-TOP-2)"),
            "INV-TOP-3",
        )
    if t.status is not EventStatus.RUNNING:
        return Refusal(
            "status",
            N_("the event is %(status)s, not running"),
            N_("a running event"),
            params={"status": Term(t.status)},
        )
    if t.has_top:
        return Refusal("stage", N_("the Top X has already started"), N_("advance it instead"))
    if not t.top_size:
        return Refusal("stage", N_("this event has no Top X"), N_("close the event"))
    if t.swiss_rounds is not None and t.swiss_rounds_played < t.swiss_rounds:
        return Refusal(
            "round",
            N_("only %(played)s of %(n)s Swiss rounds have been played"),
            N_("play every Swiss round first"),
            "INV-STRUCT-1",
            params={"played": t.swiss_rounds_played, "n": t.swiss_rounds},
        )
    if t.unreported():
        return Refusal(
            "round",
            N_("the last Swiss round has unreported matches"),
            N_("report them first"),
        )
    if len(t.active()) < t.top_size:
        return Refusal(
            "players",
            N_("only %(n)s active players for a Top %(top)s"),
            N_("at least %(top)s active players"),
            params={"n": len(t.active()), "top": t.top_size},
        )
    return None
