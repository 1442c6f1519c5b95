"""RisiKo! rows → the pure domain (and back): rules, regulation, draws, results, history, consoles.

Nothing here opens a transaction or decides a rule: the services load rows, these functions build
the domain values the engines take, and turn recorded values into JSON for the rows.

A table's console (its log of actions) is rebuilt in :mod:`torneo.risiko.console.state`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_, Term
from torneo.platform import guards
from torneo.presets import load_preset
from torneo.presets.risiko import RisikoRules
from torneo.risiko.rules.criteria import Criterion, score_seatings
from torneo.risiko.rules.draw import DrawMethod, Table, TableDraw
from torneo.risiko.rules.history import History
from torneo.risiko.rules.regulation import Regulation, RegulationPart
from torneo.risiko.rules.results import ResultRules, SeatResult, SeatStatus, TableResult
from torneo.risiko.rules.settings import rules_from_preset
from torneo.risiko.tables import (
    RisikoEntrant,
    RisikoGame,
    RisikoResult,
    RisikoRound,
    RisikoTournament,
)

REGISTRATION = "registration"
RUNNING = "running"
FINISHED = "finished"


class Stage:
    QUALIFYING = N_("qualifying")
    SEMIFINAL = N_("semifinal")
    FINAL = N_("final")


# --- loading ----------------------------------------------------------------------------------


def get_tournament(
    session: Session, tournament_id: int, *, for_update: bool = False
) -> RisikoTournament:
    stmt = (
        select(RisikoTournament)
        .where(RisikoTournament.id == tournament_id)
        .options(
            selectinload(RisikoTournament.entrants).joinedload(RisikoEntrant.player),
            selectinload(RisikoTournament.rounds),
            selectinload(RisikoTournament.results),
            selectinload(RisikoTournament.games),
        )
    )
    if for_update:
        stmt = stmt.with_for_update()  # PostgreSQL serialises writers of one tournament
    row = session.scalars(stmt).first()
    if row is None:
        raise NotFound(
            "tournament_id",
            N_("no RisiKo! tournament %(id)s"),
            N_("the id of a RisiKo! tournament"),
            params={"id": tournament_id},
        )
    return row


def check_version(row: RisikoTournament | RisikoGame, version: int | None) -> None:
    """A page that saw an older version must reload: never overwrite what it did not see."""
    what = "table console" if isinstance(row, RisikoGame) else "tournament"
    guards.check_version(row, version, what)


def check_table_version(
    row: RisikoTournament, round_no: int, table: int, version: int | None
) -> None:
    """Issue 26 item 1: a referee's write at one table is checked against that table, not the
    whole tournament (as a card event's result is checked against its match).

    ``version`` is the tournament version the referee's page was loaded at. It is refused when
    the tournament never had it, or when the table changed after it: its round drawn again or
    swapped by hand, or its result entered or corrected (``changed_in``). A result at table 2 is
    therefore not refused because table 1 reported in the meantime, while a second result typed
    over one the referee never saw still is. ``None``: no version sent, the table as it is now.
    """
    if version is None:
        return
    if version > row.version:
        guards.check_version(row, version, "tournament")  # a version it never had
    stamps = [r.changed_in for r in row.rounds if r.number == round_no]
    stamps += [r.changed_in for r in row.results if r.round_no == round_no and r.table_no == table]
    changed = max((s for s in stamps if s is not None), default=None)
    if changed is not None and changed > version:
        raise Conflict(
            "version",
            N_(
                "table %(table)s of round %(round)s changed after the version you loaded "
                "(yours %(mine)s, changed at %(changed)s)"
            ),
            N_("reload the page and try again"),
            params={"table": table, "round": round_no, "mine": version, "changed": changed},
        )


def next_version(row: RisikoTournament) -> int:
    """The version this transaction's change gives the tournament (``touch`` bumps it by one at
    the flush): what a changed round or result is stamped with (``changed_in``)."""
    return row.version + 1


def preset_rules(preset: str) -> RisikoRules:
    ruleset = load_preset(preset)
    if ruleset.discipline != "risiko" or ruleset.risiko is None:
        raise TorneoError(
            "preset",
            N_("'%(preset)s' is a %(kind)s preset"),
            N_("a RisiKo! preset"),
            params={"preset": preset, "kind": ruleset.discipline},
        )
    return ruleset.risiko


def rules_of(row: RisikoTournament) -> RisikoRules:
    return RisikoRules.model_validate(row.rules)


def regulation_of(row: RisikoTournament) -> Regulation:
    parts = row.regulation or {}
    return Regulation(**{p.value: str(parts.get(p.value, "")) for p in RegulationPart})


def regulation_to_json(regulation: Regulation) -> dict[str, str]:
    return {p.value: regulation.part(p) for p in RegulationPart}


# --- players ----------------------------------------------------------------------------------


def clubs_of(row: RisikoTournament) -> dict[PlayerId, str]:
    return {PlayerId(e.player_id): e.player.club for e in row.entrants if e.player.club}


def names_of(row: RisikoTournament) -> dict[int, str]:
    return {e.player_id: e.player.name for e in row.entrants}


def expelled_of(row: RisikoTournament) -> set[int]:
    """RSK-OUT-2: expelled players are read from the results that recorded the expulsion."""
    return {
        int(seat["player"])
        for result in row.results
        for seat in result.seats
        if seat.get("status") == SeatStatus.EXPELLED.value
    }


def field_of(row: RisikoTournament) -> list[PlayerId]:
    """The players a new qualifying draw seats: neither left nor expelled, in entry order."""
    expelled = expelled_of(row)
    return [
        PlayerId(e.player_id)
        for e in row.entrants
        if e.left_after_round is None and e.player_id not in expelled
    ]


# --- rounds and results -----------------------------------------------------------------------


def round_row(row: RisikoTournament, number: int) -> RisikoRound:
    for r in row.rounds:
        if r.number == number:
            return r
    drawn = ", ".join(str(r.number) for r in row.rounds) or Term("none yet")
    raise NotFound(
        "round_no",
        N_("round %(round)s has not been drawn"),
        N_("a drawn round: %(drawn)s"),
        params={"round": number, "drawn": drawn},
    )


def table_seats(rnd: RisikoRound, table: int) -> tuple[PlayerId, ...]:
    if not 1 <= table <= len(rnd.tables):
        raise NotFound(
            "table",
            N_("round %(round)s has no table %(table)s"),
            N_("a table from 1 to %(last)s"),
            params={"round": rnd.number, "table": table, "last": len(rnd.tables)},
        )
    return tuple(PlayerId(int(p)) for p in rnd.tables[table - 1])


def draw_of(rnd: RisikoRound, history: History) -> TableDraw:
    tables = tuple(
        Table(i, tuple(PlayerId(int(p)) for p in seats))
        for i, seats in enumerate(rnd.tables, start=1)
    )
    method = DrawMethod.MANUAL if rnd.swaps else DrawMethod(rnd.method)
    return TableDraw(rnd.number, method, tables, score_seatings([t.seats for t in tables], history))


def seat_to_json(seat: SeatResult) -> dict[str, Any]:
    return {
        "player": int(seat.player),
        "table_points": seat.table_points,
        "status": seat.status.value,
        "eliminated": seat.eliminated,
    }


def result_of(res: RisikoResult) -> TableResult:
    seats = tuple(
        SeatResult(
            PlayerId(int(s["player"])),
            int(s["table_points"]),
            SeatStatus(s["status"]),
            int(s["eliminated"]) if s.get("eliminated") is not None else None,
        )
        for s in res.seats
    )
    return TableResult(
        res.round_no, res.table_no, seats, tuple(PlayerId(int(w)) for w in res.winners)
    )


def stage_of_round(row: RisikoTournament, number: int) -> str:
    for r in row.rounds:
        if r.number == number:
            return r.stage
    return Stage.QUALIFYING


def results_of(row: RisikoTournament, stage: str | None = None) -> list[TableResult]:
    stages = {r.number: r.stage for r in row.rounds}
    return [
        result_of(res) for res in row.results if stage is None or stages.get(res.round_no) == stage
    ]


def history_of(row: RisikoTournament, before_round: int | None = None) -> History:
    """RSK-TBL-2: who met whom, who won, who sat off-size, clubs — from the recorded games."""
    results = [r for r in results_of(row) if before_round is None or r.round_no < before_round]
    return History.from_results(results, clubs_of(row))


def result_rules(rules: RisikoRules, stage: str) -> ResultRules:
    """Semifinal tables always need a sole winner: exactly one player goes on to the final."""
    base = rules_from_preset(rules).result_rules()
    if stage == Stage.SEMIFINAL:
        return replace(base, sole_winner=True)
    return base


def priorities_of(rules: RisikoRules) -> tuple[Criterion, ...]:
    return rules_from_preset(rules).draw_priorities


def find_game(row: RisikoTournament, round_no: int, table: int) -> RisikoGame | None:
    for game in row.games:
        if game.round_no == round_no and game.table_no == table:
            return game
    return None


def games_at(row: RisikoTournament, round_no: int) -> Iterable[RisikoGame]:
    return (g for g in row.games if g.round_no == round_no)


def title_roll_of(row: RisikoTournament) -> tuple[PlayerId, ...]:
    """RSK-TIE-1: the recorded roll for the title at the final table, best first (or none)."""
    stages = {r.number: r.stage for r in row.rounds}
    for res in row.results:
        if stages.get(res.round_no) == Stage.FINAL and res.tiebreak:
            rolls = sorted(res.tiebreak, key=lambda r: -int(r["total"]))
            return tuple(PlayerId(int(r["player"])) for r in rolls)
    return ()
