"""Invitations to a club, and a player claiming their player record (issue 12).

- The club's owner invites someone with a role: a one-time link (``/join/<token>``) valid for
  :data:`INVITATION_DAYS` days. Whoever opens it first chooses a user name and password and
  becomes a member with that role; the link then stops working. Only a hash of the token is
  stored, so the database alone cannot be used to join.
- A player's account claims its player record with a code from an organizer: the record then
  shows the player's own results and lets them report from their phone. Players are the
  federation's records, shared by every club (the same person plays everywhere); the code is
  handed out by an organizer of the club that created the record, or by the admin (issue 27
  hole 1: another club may register the player, but could stage having played with him). For a
  record older than that rule, a club where the player entered a started tournament (each
  discipline says which, by :func:`register_player_clubs` at start-up: the platform knows no
  discipline). A code is valid for :data:`CLAIM_DAYS` days and works once; a record that an
  account already holds gets a code from the admin alone, and that code moves it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError
from torneo.core.messages import N_
from torneo.core.policy import Action, Actor
from torneo.platform import accounts
from torneo.platform.clubs import check_role, club_resource
from torneo.platform.guards import authorize
from torneo.platform.store.tables import Club, Invitation, Player, User
from torneo.platform.store.uow import Store, UnitOfWork

INVITATION_DAYS = 7
# Issue 27 hole 4. Decision: a claim code lives a week (it was 30 days): it is handed to the
# player at a tournament, who links it at home that evening or in the days after; an organizer
# makes a new one at any time. It has 12 signs of Crockford's base32 (60 bits, shown as
# XXXX-XXXX-XXXX, no I, L, O or U to misread); with 10 wrong codes per account and address
# every 15 minutes (torneo.platform.web.ratelimit.ClaimGuard), guessing one is hopeless.
CLAIM_DAYS = 7
CODE_SIGNS = 12
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0"})  # Crockford's decoding of look-alikes


class WrongCode(TorneoError):
    """A claim code that names no open record: the answer the claim throttle counts."""


PlayerClubs = Callable[[Session, int], set[int]]
_PLAYER_CLUBS: list[PlayerClubs] = []


def register_player_clubs(lookup: PlayerClubs) -> None:
    """A discipline's answer to "which clubs' tournaments did this player enter?"."""
    if lookup not in _PLAYER_CLUBS:
        _PLAYER_CLUBS.append(lookup)


def _hash(token: str) -> str:
    return hashlib.sha256(token.strip().encode()).hexdigest()


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite hands back naive


def invite(store: Store, actor: Actor, club_id: int, role: str) -> str:
    """A one-time invitation token for ``role`` in the club (its owner, or the admin)."""
    authorize(actor, Action.MEMBERS, club_resource(club_id))  # before the input: 403 first
    check_role(role)
    token = secrets.token_urlsafe(24)
    with store.unit(actor) as uow:
        if uow.session.get(Club, club_id) is None:
            raise NotFound(
                "club", N_("no club %(id)s"), N_("the id of a club"), params={"id": club_id}
            )
        row = Invitation(
            club_id=club_id,
            role=role,
            token_hash=_hash(token),
            created_by=actor.name,
            created_at=uow.now,
            expires_at=uow.now + timedelta(days=INVITATION_DAYS),
        )
        uow.session.add(row)
        uow.session.flush()
        uow.audit("club.invite", "club", club_id, after={"role": role, "invitation": row.id})
    return token


def _open_invitation(session: Session, token: str, now: datetime) -> Invitation:
    row = session.scalars(select(Invitation).where(Invitation.token_hash == _hash(token))).first()
    if row is None:
        raise NotFound(
            "token",
            N_("this invitation link is not valid"),
            N_("the link of an invitation, as the club's owner sent it"),
        )
    if row.used_at is not None:
        raise _used()
    if _aware(row.expires_at) <= now:
        raise Conflict(
            "token",
            N_("this invitation link expired on %(day)s"),
            N_("a new invitation from the club's owner"),
            params={"day": _aware(row.expires_at).date().isoformat()},
        )
    return row


def invitation_of(store: Store, token: str) -> tuple[str, str]:
    """The club's name and the role an open invitation gives (404/409 when it is not open)."""
    with store.read() as session:
        row = _open_invitation(session, token, store.clock())
        club = session.get(Club, row.club_id)
        assert club is not None
        return club.name, row.role


def accept(
    store: Store, token: str, *, username: str, password: str, display_name: str | None = None
) -> int:
    """Create the invited account with its membership; the link then stops working.

    Issue 27 hole 3: the link is consumed and the account created in one transaction. The
    conditional UPDATE (``used_at IS NULL``) lets one of several joins at once through: on
    PostgreSQL the others wait for its row lock and then match nothing, on SQLite the write lock
    orders them the same way. A refused join (a taken user name, a clash) rolls back both, so it
    creates nothing and leaves the link open.
    """
    with store.read() as session:
        row = _open_invitation(session, token, store.clock())
        club_id, role, invitation_id = row.club_id, row.role, row.id
    new = accounts.new_account(username, password, role, display_name)  # argon2 outside
    with store.unit(Actor("invitation", frozenset({(club_id, "owner")}))) as uow:
        taken = uow.session.execute(
            update(Invitation)
            .where(Invitation.id == invitation_id, Invitation.used_at.is_(None))
            .values(used_at=uow.now)
        )
        if taken.rowcount != 1:  # type: ignore[attr-defined]  # a CursorResult
            _open_invitation(uow.session, token, uow.now)  # says why: used, or expired
            raise _used()
        user_id = accounts.add_account(uow, new, club=club_id)
        uow.session.execute(
            update(Invitation).where(Invitation.id == invitation_id).values(used_by=user_id)
        )
        with uow.acting_as(Actor(new.username, user_id=user_id)):
            uow.audit("club.join", "club", club_id, after={"user": new.username, "role": role})
    return user_id


def _used() -> Conflict:
    return Conflict(
        "token",
        N_("this invitation link was used already"),
        N_("a new invitation from the club's owner"),
    )


def _new_code() -> str:
    signs = "".join(secrets.choice(_ALPHABET) for _ in range(CODE_SIGNS))
    return "-".join(signs[i : i + 4] for i in range(0, CODE_SIGNS, 4))


def _code_key(code: str) -> str:
    """The code as stored: its signs only, upper case (spaces, dashes and case do not count)."""
    return "".join(c for c in code.upper().translate(_READ_AS) if c in _ALPHABET)


def _home_clubs(session: Session, player: Player) -> set[int]:
    """The clubs whose organizers hand out ``player``'s claim code (issue 27 hole 1).

    The club that created the record. Registering stays open to every club (players are the
    federation's, module doc), but another club controls its own events and could stage "he
    played here" (register, start, pair, report): that is no proof of who the player is. A
    record from before migration 0021 has no creating club known; for it, the clubs where the
    player entered a tournament that started.
    """
    if player.club_id is not None:
        return {player.club_id}
    return set().union(*(lookup(session, player.id) for lookup in _PLAYER_CLUBS))


def claim_code(store: Store, actor: Actor, player_id: int) -> str:
    """A one-time code with which a player's account claims player ``player_id``."""
    code = _new_code()
    with store.unit(actor) as uow:
        player = uow.session.get(Player, player_id)
        if player is None:
            raise NotFound(
                "player_id",
                N_("no player %(id)s"),
                N_("the id of a player"),
                params={"id": player_id},
            )
        if not (actor.admin or _home_clubs(uow.session, player) & set(actor.clubs_run())):
            raise Forbidden(
                "actor",
                N_("%(who)s may not hand out player codes"),
                N_("an organizer of the club that registered the player first, or the admin"),
                params={"who": actor.name},
            )
        held = uow.session.scalars(select(User.id).where(User.player_id == player_id)).first()
        if held and not actor.admin:  # only the admin moves a record an account holds
            raise Conflict(
                "player_id",
                N_("player %(name)s belongs to an account already"),
                N_("a player no account holds"),
                params={"name": player.name},
            )
        player.claim_hash = _hash(_code_key(code))
        player.claim_expires = uow.now + timedelta(days=CLAIM_DAYS)
        uow.audit("player.claim_code", "player", player_id)
    return code


def claim(store: Store, actor: Actor, code: str, *, address: str | None = None) -> int:
    """The logged-in account becomes player's account of the record the code names.

    A wrong or expired code is refused with :class:`WrongCode`, which the claim throttle
    counts, and audited (``player.claim_failed``, with the client's address) when it has a
    code's shape (issue 27 hole 4).
    """
    if actor.user_id is None:
        raise Forbidden("actor", N_("log in first"), N_("a logged-in account"))
    key = _code_key(code)
    with store.unit(actor) as uow:
        player = None
        if len(key) == CODE_SIGNS:
            player = uow.session.scalars(
                select(Player).where(Player.claim_hash == _hash(key))
            ).first()
        expires = _aware(player.claim_expires) if player and player.claim_expires else None
        if player is None or expires is None or expires <= uow.now:
            if len(key) == CODE_SIGNS:  # a guess has a code's shape; a blank field is no guess
                after = {"address": address}
                uow.audit("player.claim_failed", "user", actor.user_id, after=after)
            player = None
        else:
            _take(uow, actor.user_id, player)
            return player.id
    raise WrongCode(
        "code",
        N_("this code is not valid, or it expired"),
        N_("the code an organizer gave you, within %(days)s days"),
        params={"days": CLAIM_DAYS},
    )


def _take(uow: UnitOfWork, user_id: int, player: Player) -> None:
    """Link the record to the account. A record an account holds can have an open code only
    from the admin (a claim clears every code, :func:`claim_code` refuses everyone else), so
    such a code moves the record: one account holds a record (issue 27 hole 1)."""
    before = None
    for holder in uow.session.scalars(select(User).where(User.player_id == player.id)):
        if holder.id != user_id:
            holder.player_id = None
            before = {"user": holder.username}
    user = uow.session.get(User, user_id)
    assert user is not None
    user.player_id = player.id
    player.claim_hash = None  # one use
    player.claim_expires = None
    uow.audit("player.claim", "player", player.id, before=before, after={"user": user.username})
