"""A pasted RisiKo! roster (issue 14: bulk): everyone or no one, one query per batch.

The paste is parsed and its known players looked up before the tournament row is locked; under
the lock, one check of the whole list (every line naming a player already in is listed), then
one statement per batch of new players, club changes, entrants and audit rows, with the code
card events use (:mod:`torneo.platform.players`).
"""

from __future__ import annotations

from sqlalchemy import insert

from torneo.core.errors import TorneoError
from torneo.core.inputs import parse_roster_csv
from torneo.core.messages import N_, Message
from torneo.core.policy import Action
from torneo.platform import players as identities
from torneo.platform.guards import precheck
from torneo.platform.store.uow import Actor, Store
from torneo.risiko.commands import registration_open, topic, touch
from torneo.risiko.state import get_tournament
from torneo.risiko.state_access import authorize_tournament
from torneo.risiko.tables import RisikoEntrant, RisikoTournament


def register_roster(store: Store, actor: Actor, tournament_id: int, text: str) -> list[int]:
    """A pasted list, one ``name[,club]`` a line: everyone or no one; every bad line listed.

    Issue 14: the paste is parsed and its known players looked up before the tournament row is
    locked; under the lock one check of the whole list, then one statement per batch of new
    players, club changes, entrants and audit rows (:mod:`torneo.platform.players`).
    """
    precheck(actor, Action.MANAGE)
    with store.read() as session:  # issue 27: "you may not" before the paste is parsed
        authorize_tournament(session, actor, get_tournament(session, tournament_id), Action.MANAGE)
    players = parse_roster_csv(text)
    with store.unit(actor) as uow:
        known = identities.known_players(uow.session, [p.name for p in players])
        row = get_tournament(uow.session, tournament_id, for_update=True)
        authorize_tournament(uow.session, actor, row, Action.MANAGE)
        registration_open(row)
        found = [known.get(p.name.lower()) for p in players]
        _refuse_registered(row, found)
        new = [p for p, f in zip(players, found, strict=True) if f is None]
        created = iter(identities.insert_players(uow.session, uow.now, new, club_id=row.club_id))
        # RSK-TBL-2 (same club): a known player takes the club the paste gives them now.
        identities.update_clubs(
            uow.session,
            [(f.id, p.club) for p, f in zip(players, found, strict=True) if f and p.club
             and p.club != f.club],
        )  # fmt: skip
        entered = [
            (f.id, f.name, p.club or f.club) if f else (next(created), p.name, p.club)
            for p, f in zip(players, found, strict=True)
        ]
        # One executemany, not the ORM's flush: that would ask for each new row's id back, in
        # order, which SQLite answers one row per statement.
        uow.session.execute(
            insert(RisikoEntrant),
            [
                {"tournament_id": row.id, "player_id": pid, "created_at": uow.now, "version": 1}
                for pid, _, _ in entered
            ],
        )
        uow.audit_many(
            "risiko.register",
            "risiko_tournament",
            [
                (row.id, {"player_id": pid, "name": name, "club": club})
                for pid, name, club in entered
            ],
        )
        touch(row)
        uow.notify(topic(row.id), "players")
        return [pid for pid, _, _ in entered]


def _refuse_registered(row: RisikoTournament, found: list[identities.KnownPlayer | None]) -> None:
    """Every line naming a player already in the tournament, in one refusal."""
    entered = {e.player_id for e in row.entrants}
    problems = [
        Message(
            N_("%(name)s: %(reason)s"),
            {
                "name": f.name,
                "reason": Message(N_("%(name)s is already registered"), {"name": f.name}),
            },
        )
        for f in found
        if f is not None and f.id in entered
    ]
    if problems:
        raise TorneoError(
            "roster",
            Message(N_("%(problems)s"), {"problems": problems}),
            N_("a player not yet registered"),
        )
