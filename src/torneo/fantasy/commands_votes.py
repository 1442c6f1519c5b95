"""A matchday's data and its scores (FAN-DATA-1, FAN-POST-1, FAN-PEN-1): the administrator's
acts, one transaction each, every one of them recomputing the matchday's scores.

The vote file (XLSX or ``;``-separated CSV) is read whole: one wrong row and nothing is
imported, every wrong row named. Its rows are matched to the league's players by code, then by
name (:mod:`torneo.fantasy.rules.matching`); the doubtful ones are kept as the matchday's
review list. A file may be *provisional* (a matchday being played: the clubs not yet in it are
pending) and imported again as often as wanted; the *official* one closes the matchday's
scores (it may still be corrected by importing it again). Minutes played, postponed matches
and suspended players come with the file or alone (:func:`set_extras`). Every import notifies
``fantasy:<id>``, so the standings page of everyone watching refreshes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import defer

from torneo.core.errors import Conflict, NotFound, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action
from torneo.fantasy.commands import audit, authorize_before_reading, topic
from torneo.fantasy.rules.calendar import local_text
from torneo.fantasy.rules.extras import Extras, parse_extras
from torneo.fantasy.rules.matching import Known, match_lines
from torneo.fantasy.rules.players import normalise_name
from torneo.fantasy.rules.vote_file import read_rows
from torneo.fantasy.rules.votes import parse_sheet
from torneo.fantasy.state import calendar, find_matchday, get_league, get_team, rules_of
from torneo.fantasy.state_access import authorize_league
from torneo.fantasy.state_inputs import line_json
from torneo.fantasy.state_scores import rescore, rescore_matchdays
from torneo.fantasy.state_seen import check_seen
from torneo.fantasy.tables import (
    FantasyLeague,
    FantasyMatchday,
    FantasyPenalty,
    FantasyPlayer,
    FantasyScore,
)
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store, UnitOfWork

PENALTY_KINDS = ("wrong_transfer", "formation", "not_in_roster", "bench", "other")


def _extras_json(session: Any, league: FantasyLeague, extras: Extras) -> dict[str, Any]:
    """Minutes and suspensions by player id (a code, else a unique normalised name)."""
    players = session.execute(
        select(FantasyPlayer.id, FantasyPlayer.code, FantasyPlayer.norm).where(
            FantasyPlayer.league_id == league.id
        )
    ).all()
    by_code = {code: pid for pid, code, _ in players}
    by_name: dict[str, list[int]] = {}
    for pid, _, norm in players:
        by_name.setdefault(norm, []).append(pid)

    def who(text: str) -> int:
        if text in by_code:
            return int(by_code[text])
        found = by_name.get(normalise_name(text), [])
        if len(found) != 1:
            raise NotFound(
                "extras",
                N_("'%(who)s' is not one player of the league's list"),
                N_("a player's code, or a name the list has once"),
                params={"who": text},
            )
        return found[0]

    return {
        "minutes": {str(who(k)): v for k, v in extras.minutes.items()},
        "postponed": sorted(extras.postponed),
        "suspended": sorted(who(s) for s in extras.suspended),
    }


def _played(uow: UnitOfWork, league: FantasyLeague, matchday: int) -> None:
    """Issue 28 item 11 (FAN-DATA-1, FAN-LINEUP-1): a matchday's data come after its lineups
    are due; before, the matchday has not been played and its scores would be read on lineups
    that may still change. Refused, naming the deadline in Italian time."""
    day = find_matchday(calendar(league, rules_of(league)), matchday)
    if uow.now < day.deadline:
        raise Conflict(
            "matchday",
            N_("matchday %(n)s is not played yet: its lineups are due at %(due)s"),
            N_("a matchday whose lineups are due"),
            params={"n": matchday, "due": local_text(day.deadline)},
            rule="FAN-DATA-1",
        )


def _matchday_row(
    uow: UnitOfWork, league: FantasyLeague, matchday: int, seen: str | None = None
) -> FantasyMatchday:
    """The matchday's data row (made when there is none), refused when it changed since
    ``seen`` (issue 26 item 1: only a change of this matchday conflicts)."""
    find_matchday(calendar(league, rules_of(league)), matchday)
    row = uow.session.scalars(
        select(FantasyMatchday).where(
            FantasyMatchday.league_id == league.id, FantasyMatchday.matchday == matchday
        )
    ).first()
    check_seen(row, seen, matchday)
    if row is None:
        row = FantasyMatchday(
            league_id=league.id,
            matchday=matchday,
            official=False,
            votes=[],
            clubs=[],
            extras={},
            review=[],
            source="",
            imported_at=uow.now,
        )
        uow.session.add(row)
    return row


def import_votes(
    store: Store,
    actor: Actor,
    league_id: int,
    matchday: int,
    data: bytes,
    *,
    official: bool = False,
    extras: bytes | None = None,
    source: str = "",
    seen: str | None = None,
) -> dict[str, int]:
    """FAN-DATA-1: the matchday's vote file; counts of rows, matched, to review, teams.
    ``seen``: the stamp of the matchday's data the form was read at (:mod:`.state_seen`)."""
    precheck(actor, Action.MANAGE)
    with store.read() as session:
        league = get_league(session, league_id)
        authorize_league(actor, league)  # issue 27: before the file is parsed
        rules = rules_of(league)
    sheet = parse_sheet(read_rows(data), rules)
    facts = parse_extras(read_rows(extras)) if extras else None
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        known = [
            Known(pid, code, norm, club)
            for pid, code, norm, club in uow.session.execute(
                select(
                    FantasyPlayer.id, FantasyPlayer.code, FantasyPlayer.norm, FantasyPlayer.club
                ).where(FantasyPlayer.league_id == league.id)
            )
        ]
        _played(uow, league, matchday)
        matched, review = match_lines(sheet.lines, known)
        row = _matchday_row(uow, league, matchday, seen)
        row.votes = [line_json(pid, line) for pid, line in matched.items()]
        row.clubs = list(sheet.clubs)
        row.review = [
            [r.line, r.code, r.name, r.club, r.status, list(r.candidates)] for r in review
        ]
        if facts is not None:
            row.extras = _extras_json(uow.session, league, facts)
        row.official, row.source, row.imported_at = official, source[:200], uow.now
        uow.session.flush()
        teams = rescore(uow.session, league, row)
        counts = {
            "rows": len(sheet.lines),
            "matched": len(matched),
            "review": len(review),
            "teams": teams,
        }
        audit(
            uow,
            league,
            "votes",
            matchday=matchday,
            official=official,
            source=source[:200],
            **counts,
        )
        uow.notify(topic(league.id), "scores", matchday=matchday, official=official)
        return counts


def set_extras(
    store: Store,
    actor: Actor,
    league_id: int,
    matchday: int,
    text: str,
    *,
    seen: str | None = None,
) -> int:
    """FAN-SV-1/FAN-POST-1 facts typed in a form (the same lines as the file); teams scored.
    ``seen``: the stamp of the matchday's data the form was read at (:mod:`.state_seen`)."""
    authorize_before_reading(store, actor, league_id)
    facts = parse_extras(read_rows(text.encode("utf-8")))
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        _played(uow, league, matchday)
        row = _matchday_row(uow, league, matchday, seen)
        row.extras = _extras_json(uow.session, league, facts)
        uow.session.flush()
        teams = rescore(uow.session, league, row)
        audit(uow, league, "extras", matchday=matchday, **row.extras)
        uow.notify(topic(league.id), "scores", matchday=matchday)
        return teams


def delete_matchday(
    store: Store, actor: Actor, league_id: int, matchday: int, *, seen: str | None = None
) -> int:
    """Issue 28 item 11: a wrong import taken out: the matchday's votes, facts and review list
    and its scores go, audited with what was there; its recorded penalties stay (the
    administrator's acts). Importing again replaces the data instead. The rows removed."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        find_matchday(calendar(league, rules_of(league)), matchday)
        row = uow.session.scalars(
            select(FantasyMatchday).where(
                FantasyMatchday.league_id == league.id, FantasyMatchday.matchday == matchday
            )
        ).first()
        check_seen(row, seen, matchday)
        if row is None:
            raise NotFound(
                "matchday",
                N_("matchday %(n)s has no data"),
                N_("a matchday whose votes were imported"),
                params={"n": matchday},
            )
        before = {
            "official": row.official,
            "source": row.source,
            "votes": len(row.votes),
            "review": len(row.review),
            "extras": row.extras,
        }
        scores = len(
            uow.session.scalars(
                select(FantasyScore.id).where(
                    FantasyScore.league_id == league.id, FantasyScore.matchday == matchday
                )
            ).all()
        )
        uow.session.execute(
            delete(FantasyScore).where(
                FantasyScore.league_id == league.id, FantasyScore.matchday == matchday
            )
        )
        uow.session.delete(row)
        audit(uow, league, "votes_deleted", matchday=matchday, before=before, scores=scores)
        uow.notify(topic(league.id), "scores", matchday=matchday)
        return scores


def add_penalty(
    store: Store,
    actor: Actor,
    league_id: int,
    team_id: int,
    matchday: int,
    *,
    what: str = "wrong_transfer",
    points: str | None = None,
    note: str = "",
) -> int:
    """FAN-PEN-1: a penalty on a team's matchday (default: the league's 10 points)."""
    precheck(actor, Action.MANAGE)
    if what not in PENALTY_KINDS:
        raise TorneoError(
            "what",
            N_("unknown penalty '%(what)s'"),
            N_("%(kinds)s"),
            params={"what": what, "kinds": ", ".join(PENALTY_KINDS)},
        )
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        team = get_team(uow.session, league, team_id)
        value = rules_of(league).penalty_points if not points else _points(points)
        row = _matchday_row(uow, league, matchday)
        pen = FantasyPenalty(
            team_id=team.id,
            matchday=matchday,
            what=what,
            points=str(value),
            note=" ".join(note.split())[:500],
            at=uow.now,
            by=actor.name,
        )
        uow.session.add(pen)
        uow.session.flush()
        rescore(uow.session, league, row)
        audit(
            uow,
            league,
            "penalty",
            team=team.id,
            matchday=matchday,
            what=what,
            points=str(value),
            note=pen.note,
        )
        uow.notify(topic(league.id), "scores", matchday=matchday)
        return pen.id


def _points(text: str) -> Fraction:
    try:
        value = Fraction(text.replace(",", ".").strip())
    except (ValueError, ZeroDivisionError) as exc:
        raise TorneoError(
            "points",
            N_("'%(value)s' is not a number"),
            N_("points such as 10 or 2.5"),
            params={"value": text},
        ) from exc
    if not 0 < value <= 100:
        raise TorneoError(
            "points",
            N_("'%(value)s' is out of range"),
            N_("more than 0, at most 100"),
            params={"value": text},
        )
    return value


def rescore_season(store: Store, actor: Actor, league_id: int) -> int:
    """Every matchday with data scored again from what is stored (after a correction of the
    fixtures, a price list, a roster): one transaction; the number of matchdays."""
    precheck(actor, Action.MANAGE)
    with store.unit(actor) as uow:
        league = get_league(uow.session, league_id)
        authorize_league(actor, league)
        days = uow.session.scalars(
            select(FantasyMatchday)
            .where(FantasyMatchday.league_id == league.id)
            .order_by(FantasyMatchday.matchday)
            # Loaded only for a matchday whose scores are computed again (issue 32 item 2).
            .options(defer(FantasyMatchday.votes), defer(FantasyMatchday.review))
        ).all()
        rescore_matchdays(uow.session, league, days)
        audit(uow, league, "rescore", matchdays=len(days))
        uow.notify(topic(league.id), "scores")
        return len(days)
