"""Self-reporting read side: match codes, where a report stands, the players' seats, slips.

The decisions (who may report, codes per player and per match, only the current round) are in
:mod:`torneo.cards.self_report.commands`; this module holds what both the reads and the writes
look up: the codes, the event's current round, a match by table and the seat of a player.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from torneo.cards.self_report.tables import SelfReport
from torneo.cards.state import no_event
from torneo.cards.state_access import authorize_event
from torneo.cards.state_results import EventHead, MatchRow, ReportRow
from torneo.cards.tables import Event, Match, Round
from torneo.cards.views_load import Loaded
from torneo.cards.views_ranking import die_rule_of
from torneo.core.errors import Conflict, Forbidden, NotFound
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.engines.records import Stage
from torneo.engines.results import GameScore, ResultKind, swap_written
from torneo.platform.store.tables import Player, User
from torneo.platform.store.uow import Actor, Store
from torneo.presets import load_preset

CODE_LENGTH = 6
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 symbols: no 0/O, no 1/I

PENDING = "pending"
CONFIRMED = "confirmed"
DISPUTED = "disputed"
RESOLVED = "resolved"

Side = Literal["a", "b"]
Answer = Literal["waiting", "confirmed", "disputed", "unchanged"]


def match_code(secret: str, match_id: int, player_id: int) -> str:
    """The six-character code of one player for one match (module doc: per player)."""
    digest = hmac.new(
        secret.encode(), f"match {match_id} player {player_id}".encode(), hashlib.sha256
    ).digest()
    number = int.from_bytes(digest[:8], "big")
    symbols = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, len(CODE_ALPHABET))
        symbols.append(CODE_ALPHABET[index])
    return "".join(symbols)


def normalize_code(code: str) -> str:
    """What a person types: case, spaces and dashes do not matter; O is 0's look-alike."""
    return "".join(c for c in code.upper() if c.isalnum()).replace("0", "O").replace("1", "I")


# --- views -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportView:
    """Where the self-report of one match stands (for the players and the judges)."""

    event_id: int
    round_no: int
    table: int
    status: str  # "open" (nobody reported yet), pending, confirmed, disputed, resolved
    player_a_id: int
    player_a: str
    player_b_id: int
    player_b: str
    first_player_id: int | None
    first_result: str | None  # as side A sees it
    second_player_id: int | None
    second_result: str | None
    recorded: str | None  # the result in the match row, as side A sees it
    resolution: str | None


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at one match of the current round: what their report page shows."""

    event_id: int
    event_name: str
    round_no: int
    table: int
    side: Side
    player_id: int
    name: str
    opponent_id: int
    opponent: str
    best_of: int
    is_top: bool
    report: ReportView

    def mine(self, result_a: str | None) -> str | None:
        """A result as side A sees it, turned to this player's side."""
        return seen_from(result_a, self.side)


@dataclass(frozen=True, slots=True)
class Heading:
    """What a self-report page shows of its event: two small queries, whatever its size."""

    id: int
    name: str
    status: str
    preset: str
    current_round: int
    best_of: int


@dataclass(frozen=True, slots=True)
class Reported:
    """The answer to a report: what happened, where the match stands now, and the event's
    heading as the report saw it (the page needs no second read)."""

    answer: Answer
    seat: Seat
    heading: Heading | None = None


@dataclass(frozen=True, slots=True)
class Slip:
    """A pairing slip of the current round: one per player, with their code."""

    round_no: int
    table: int
    player_id: int
    name: str
    opponent: str | None  # None: a bye
    code: str | None
    chooses_to_start: str | None = None  # INV-TOP-2: who chooses (first Top round only)
    pod: int | None = None  # BER-POD-1: the player's pod (None without pods)


def seen_from(result_a: str | None, side: Side) -> str | None:
    """ "2-1" for side A is "1-2" for side B (draws stay last)."""
    if result_a is None or side == "a":
        return result_a
    return swap_written(result_a)  # "1-0 concession" → "0-1 concession" (BER-RES-1)


def recorded_result(match: Match | MatchRow) -> str | None:
    if match.wins_a is None or match.wins_b is None:
        return None
    kind = ResultKind(match.result_kind or ResultKind.PLAYED.value)
    # written with its kind (BER-RES-1): in best of one "ID" and a played "0-0-1" differ
    return GameScore(match.wins_a, match.wins_b, match.draws or 0, kind).written()


# --- loading ---------------------------------------------------------------------------------


def current_round(session: Session, event_id: int) -> tuple[int, bool]:
    """(current round, whether the Top X has started) of the event.

    Read from the event's few round rows (every pairing writes one beside its matches), not by
    scanning a thousand matches: every report and every report page asks it.
    """
    row = session.execute(
        select(
            func.max(Round.number),
            func.count(Round.id).filter(Round.stage != Stage.SWISS.value),
        ).where(Round.event_id == event_id)
    ).one()
    return int(row[0] or 0), bool(row[1])


def match_at(session: Session, event_id: int, round_no: int, table: int) -> Match:
    stmt = select(Match).where(
        Match.event_id == event_id, Match.round_no == round_no, Match.table_no == table
    )
    match = session.scalars(stmt).first()
    if match is None:
        raise no_table(round_no, table)
    return match


def no_table(round_no: int, table: int) -> NotFound:
    """The refusal of a table the round does not have (the judges' pages, their decisions)."""
    return NotFound(
        "table",
        N_("round %(round)s has no table %(table)s"),
        N_("a table of the round"),
        params={"round": round_no, "table": table},
    )


def _names(session: Session, *ids: int) -> dict[int, str]:
    rows = session.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all()
    return {int(i): str(n) for i, n in rows}


def player_names(session: Session, match: Match) -> dict[int, str]:
    """The names of the match's players (one query)."""
    ids = [p for p in (match.player_a_id, match.player_b_id) if p is not None]
    return _names(session, *ids)


def report_view_of(session: Session, match: Match, row: SelfReport | None) -> ReportView:
    return report_view_from(match, row, player_names(session, match))


def report_view_from(
    match: Match | MatchRow, row: SelfReport | ReportRow | None, names: dict[int, str]
) -> ReportView:
    assert match.player_b_id is not None
    return ReportView(
        event_id=match.event_id,
        round_no=match.round_no,
        table=match.table_no,
        status=row.status if row is not None else "open",
        player_a_id=match.player_a_id,
        player_a=names.get(match.player_a_id, f"#{match.player_a_id}"),
        player_b_id=match.player_b_id,
        player_b=names.get(match.player_b_id, f"#{match.player_b_id}"),
        first_player_id=row.first_player_id if row is not None else None,
        first_result=row.first_result if row is not None else None,
        second_player_id=row.second_player_id if row is not None else None,
        second_result=row.second_result if row is not None else None,
        recorded=recorded_result(match),
        resolution=row.resolution if row is not None else None,
    )


def seat_of(session: Session, event: Event, match: Match, player_id: int) -> Seat:
    row = report_row(session, match.id)
    return seat_from(event, match, row, player_id, player_names(session, match))


def seat_from(
    event: Event | EventHead,
    match: Match | MatchRow,
    row: SelfReport | ReportRow | None,
    player_id: int,
    names: dict[int, str],
) -> Seat:
    """A player's seat from rows already read (a report builds it from what it wrote)."""
    view = report_view_from(match, row, names)
    side: Side = "a" if player_id == match.player_a_id else "b"
    ruleset = load_preset(event.preset)
    return Seat(
        event_id=event.id,
        event_name=event.name,
        round_no=match.round_no,
        table=match.table_no,
        side=side,
        player_id=player_id,
        name=view.player_a if side == "a" else view.player_b,
        opponent_id=view.player_b_id if side == "a" else view.player_a_id,
        opponent=view.player_b if side == "a" else view.player_a,
        best_of=ruleset.match.best_of,
        is_top=match.stage != Stage.SWISS.value,
        report=view,
    )


def report_row(session: Session, match_id: int) -> SelfReport | None:
    return session.scalars(select(SelfReport).where(SelfReport.match_id == match_id)).first()


def check_playable(match: Match | MatchRow) -> None:
    if match.player_b_id is None:
        raise Conflict(
            "table", N_("this is a bye: it has no result to report"), N_("a table with two players")
        )


def seat_by_code_in(
    session: Session, event: Event, table: int, code: str, secret: str
) -> tuple[Match, int]:
    """The match of the current round at ``table`` and whose code ``code`` is (403 for a
    wrong code)."""
    current, _ = current_round(session, event.id)
    if current == 0:
        raise not_paired()
    try:
        match = match_at(session, event.id, current, table)
    except NotFound as err:
        raise no_such_table(current, table) from err
    return match, code_owner(match, code, secret)


def not_paired() -> Conflict:
    return Conflict("round", N_("no round has been paired yet"), N_("wait for the pairings"))


def no_such_table(current: int, table: int) -> Forbidden:
    """A table the current round does not have: refused like a wrong code (it may be one)."""
    return Forbidden(
        "code",
        N_("no match of round %(round)s has table %(table)s and this code"),
        N_("a table of the round"),
        params={"round": current, "table": table},
    )


def code_owner(match: Match | MatchRow, code: str, secret: str) -> int:
    """The player of ``match`` whose slip code ``code`` is (403 for anyone else's)."""
    typed = normalize_code(code)
    for player in (match.player_a_id, match.player_b_id):
        if player is None:
            continue
        expected = normalize_code(match_code(secret, match.id, player))
        if hmac.compare_digest(expected.encode(), typed.encode()):
            return player
    raise Forbidden(
        "code",
        N_("this code does not belong to table %(table)s of round %(round)s"),
        N_("the code printed on your pairing slip for this round"),
        params={"table": match.table_no, "round": match.round_no},
    )


def player_of(session: Session, actor: Actor) -> int:
    user = session.get(User, actor.user_id) if actor.user_id is not None else None
    if user is None or user.player_id is None:
        raise not_linked(actor)
    return user.player_id


def players_of(session: Session, actors: Sequence[Actor]) -> dict[int, int]:
    """The player of each account that has one, by user id, in one query (a batch)."""
    users = sorted({a.user_id for a in actors if a.user_id is not None})
    if not users:
        return {}
    rows = session.execute(
        select(User.id, User.player_id).where(User.id.in_(users), User.player_id.is_not(None))
    )
    return {user: player for user, player in rows if player is not None}


def not_linked(actor: Actor) -> Forbidden:
    return Forbidden(
        "player",
        N_("%(who)s is not linked to a player"),
        N_("a player account, or the code on your pairing slip"),
        params={"who": actor.name},
    )


def seat_of_player(session: Session, event: Event, player_id: int) -> Match:
    """The player's match of the current round."""
    current, _ = current_round(session, event.id)
    match = session.scalars(
        select(Match).where(
            Match.event_id == event.id,
            Match.round_no == current,
            (Match.player_a_id == player_id) | (Match.player_b_id == player_id),
        )
    ).first()
    if match is None:
        raise not_in_round(current)
    return match


def not_in_round(current: int) -> NotFound:
    return NotFound(
        "player",
        N_("you have no match in round %(round)s of this event"),
        N_("a paired player"),
        params={"round": current},
    )


def require_judge(session: Session, actor: Actor, event: Event | EventHead) -> None:
    """Organizers of the event's club, and judges on this event's roster (module doc)."""
    authorize_event(session, actor, event, Action.OFFICIATE)


# --- reads -----------------------------------------------------------------------------------


def heading(store: Store, event_id: int) -> Heading:
    with store.read() as session:
        event = event_row(session, event_id)
        current, _ = current_round(session, event_id)
        best_of = load_preset(event.preset).match.best_of
        return Heading(event.id, event.name, event.status, event.preset, current, best_of)


def seat_by_code(store: Store, event_id: int, table: int, code: str, *, secret: str) -> Seat:
    """Who the code belongs to, and their match (403 for a wrong code)."""
    with store.read() as session:
        event = event_row(session, event_id)
        match, player = seat_by_code_in(session, event, table, code, secret)
        check_playable(match)
        return seat_of(session, event, match, player)


def my_seat(store: Store, actor: Actor, event_id: int) -> Seat:
    """The logged-in player's match of the current round."""
    with store.read() as session:
        event = event_row(session, event_id)
        player = player_of(session, actor)
        match = seat_of_player(session, event, player)
        check_playable(match)
        return seat_of(session, event, match, player)


def event_row(session: Session, event_id: int) -> Event:
    event = session.get(Event, event_id)
    if event is None:
        raise no_event(event_id)
    return event


def slips(store: Store, actor: Actor, event_id: int, *, secret: str) -> list[Slip]:
    """The current round's pairing slips with each player's code (organizers and judges)."""
    with store.read() as session:
        event = event_row(session, event_id)
        require_judge(session, actor, event)
        current, _ = current_round(session, event_id)
        matches = session.scalars(
            select(Match)
            .where(Match.event_id == event_id, Match.round_no == current)
            .order_by(Match.table_no)
        ).all()
        ids = {m.player_a_id for m in matches} | {m.player_b_id for m in matches if m.player_b_id}
        names = _names(session, *ids)
        loaded = Loaded(event)
        starts = die_rule_of(loaded)  # INV-TOP-2, as the bracket and the API show it
        pods = loaded.pod_of  # BER-POD-1: every slip names the player's pod
        out: list[Slip] = []
        for m in matches:
            a = names.get(m.player_a_id, "?")
            if m.player_b_id is None:
                out.append(
                    Slip(
                        m.round_no,
                        m.table_no,
                        m.player_a_id,
                        a,
                        None,
                        None,
                        None,
                        pods.get(m.player_a_id),
                    )
                )
                continue
            b = names.get(m.player_b_id, "?")
            chooser = starts.get((m.round_no, Stage(m.stage), m.table_no))
            chooses = names.get(chooser, "?") if chooser is not None else None
            out.append(
                Slip(
                    m.round_no,
                    m.table_no,
                    m.player_a_id,
                    a,
                    b,
                    match_code(secret, m.id, m.player_a_id),
                    chooses,
                    pods.get(m.player_a_id),
                )
            )
            out.append(
                Slip(
                    m.round_no,
                    m.table_no,
                    m.player_b_id,
                    b,
                    a,
                    match_code(secret, m.id, m.player_b_id),
                    chooses,
                    pods.get(m.player_b_id),
                )
            )
        return out


def judge_queue(store: Store, actor: Actor, event_id: int) -> list[ReportView]:
    """Disputed reports first, then those waiting for the opponent, by table."""
    with store.read() as session:
        event = event_row(session, event_id)
        require_judge(session, actor, event)
        rows = session.scalars(
            select(SelfReport)
            .where(SelfReport.event_id == event_id, SelfReport.status.in_((DISPUTED, PENDING)))
            .order_by(SelfReport.round_no, SelfReport.table_no)
        ).all()
        views = [report_view_of(session, session.get_one(Match, r.match_id), r) for r in rows]
    return sorted(views, key=lambda v: (v.status != DISPUTED, v.round_no, v.table))


def report_view(store: Store, event_id: int, round_no: int, table: int) -> ReportView:
    with store.read() as session:
        match = match_at(session, event_id, round_no, table)
        check_playable(match)
        return report_view_of(session, match, report_row(session, match.id))
