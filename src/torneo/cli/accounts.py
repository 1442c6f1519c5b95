"""``torneo club …`` and ``torneo user …``: clubs and accounts without the demo loader (issue 12).

The CLI runs on the server's shell and acts as the federation's admin (``CLI_ACTOR``); every
change is audited. A password comes from standard input (``--password-stdin``, so it never sits
in the shell's history or the process list); without it a one-time password is generated and
printed once.
"""

from __future__ import annotations

import secrets
import sys
from typing import Annotated

import typer

from torneo.cli.common import (
    CLI_ACTOR,
    JsonFlag,
    console,
    edge,
    open_store,
    print_json,
    print_table,
)
from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.platform import account_changes, accounts, clubs
from torneo.platform.store.uow import Store

club_app = typer.Typer(help="Clubs: create them and manage their members.")
user_app = typer.Typer(help="Accounts: create, list, change passwords, disable.")

PasswordStdin = Annotated[
    bool, typer.Option("--password-stdin", help="Read the password from standard input.")
]


def _password(from_stdin: bool) -> tuple[str, bool]:
    """The password to set, and whether it was generated here (then it is printed once)."""
    if not from_stdin:
        return secrets.token_urlsafe(12), True
    text = sys.stdin.readline().rstrip("\r\n")
    if not text:
        raise TorneoError("password", N_("standard input is empty"), N_("the password on one line"))
    return text, False


@club_app.command("create")
def club_create(
    name: Annotated[str, typer.Argument(help="The club's name.")],
    owner: Annotated[
        str | None,
        typer.Option(
            "--owner",
            help="Its owner: an account, made here (a one-time password) when there is none.",
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Create a club (its owner then adds its members)."""
    password: str | None = None
    with edge(as_json=as_json):
        store = open_store()
        if owner is not None and not _account_exists(store, owner):
            # Issue 30 item 9: the README's first step names an owner nobody has created yet.
            # The club first, then its owner's account with a one-time password, as `user
            # create` makes one; a refused name is refused before the club is made.
            password = secrets.token_urlsafe(12)
            accounts.check_username(owner)
            club_id = clubs.create_club(store, CLI_ACTOR, name)
            accounts.create_user(
                store, CLI_ACTOR, username=owner, password=password, role="owner", club=club_id
            )
        else:
            club_id = clubs.create_club(store, CLI_ACTOR, name, owner=owner)
    clean = " ".join(name.split())
    if as_json:
        print_json({"id": club_id, "name": clean, "owner": owner, "password": password})
        return
    console().print(f"Club {club_id} created: {clean}")
    if password is not None:
        console().print(f"Account created: {owner} (owner)")
        console().print(f"One-time password (shown once, change it): {password}")


def _account_exists(store: Store, username: str) -> bool:
    with store.read() as session:
        try:
            clubs.account_named(session, username)
        except TorneoError:
            return False
    return True


@club_app.command("list")
def club_list(as_json: JsonFlag = False) -> None:
    """Every club of the server."""
    with edge(as_json=as_json):
        found = clubs.clubs(open_store())
    if as_json:
        print_json([{"id": i, "name": n} for i, n in found])
    else:
        print_table("Clubs", ["id", "name"], [(str(i), n) for i, n in found])


@club_app.command("add-member")
def club_add_member(
    club: Annotated[str, typer.Argument(help="The club's name or id.")],
    username: Annotated[str, typer.Argument(help="The account.")],
    role: Annotated[str, typer.Argument(help="owner, organizer, judge, referee or floor.")],
    as_json: JsonFlag = False,
) -> None:
    """Give an account a role in a club."""
    with edge(as_json=as_json):
        store = open_store()
        club_id = _club_id(store, club)
        clubs.add_member(store, CLI_ACTOR, club_id, username, role)
    _done(as_json, {"club": club_id, "username": username, "role": role, "added": True})


@club_app.command("remove-member")
def club_remove_member(
    club: Annotated[str, typer.Argument(help="The club's name or id.")],
    username: Annotated[str, typer.Argument(help="The account.")],
    role: Annotated[str, typer.Argument(help="The role to take away.")],
    as_json: JsonFlag = False,
) -> None:
    """Take a role away (never the club's last owner)."""
    with edge(as_json=as_json):
        store = open_store()
        club_id = _club_id(store, club)
        clubs.remove_member(store, CLI_ACTOR, club_id, username, role)
    _done(as_json, {"club": club_id, "username": username, "role": role, "removed": True})


@user_app.command("create")
def user_create(
    username: Annotated[str, typer.Argument(help="1-80 letters, digits, '.', '_' or '-'.")],
    club: Annotated[str | None, typer.Option("--club", help="The club of the role.")] = None,
    role: Annotated[
        str, typer.Option("--role", help="owner, organizer, judge, referee, floor or player.")
    ] = "organizer",
    name: Annotated[str | None, typer.Option("--name", help="The name people see.")] = None,
    admin: Annotated[
        bool, typer.Option("--admin", help="The federation's administrator (every club).")
    ] = False,
    password_stdin: PasswordStdin = False,
    as_json: JsonFlag = False,
) -> None:
    """Create an account with a role in a club (a one-time password unless --password-stdin)."""
    with edge(as_json=as_json):
        password, generated = _password(password_stdin)
        store = open_store()
        user_id = accounts.create_user(
            store,
            CLI_ACTOR,
            username=username,
            password=password,
            role=role,
            club=club,
            display_name=name,
            admin=admin,
        )
    shown = password if generated else None
    if as_json:
        print_json({"id": user_id, "username": username.strip().lower(), "password": shown})
        return
    console().print(f"Account {user_id} created: {username.strip().lower()} ({role})")
    if shown:
        console().print(f"One-time password (shown once, change it): {shown}")


@user_app.command("set-password")
def user_set_password(
    username: Annotated[str, typer.Argument(help="The account.")],
    password_stdin: PasswordStdin = False,
    as_json: JsonFlag = False,
) -> None:
    """A new password (one-time unless --password-stdin); the account's sessions end."""
    with edge(as_json=as_json):
        password, generated = _password(password_stdin)
        account_changes.set_password(open_store(), CLI_ACTOR, username, password)
    shown = password if generated else None
    if as_json:
        print_json({"username": username.strip().lower(), "password": shown})
    elif shown:
        console().print(f"One-time password (shown once, change it): {shown}")
    else:
        console().print(f"Password changed: {username.strip().lower()}")


@user_app.command("disable")
def user_disable(
    username: Annotated[str, typer.Argument(help="The account.")],
    enable: Annotated[bool, typer.Option("--enable", help="Enable it again.")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Disable an account: it cannot log in and its sessions end (--enable undoes it)."""
    with edge(as_json=as_json):
        account_changes.set_disabled(open_store(), CLI_ACTOR, username, disabled=not enable)
    _done(as_json, {"username": username.strip().lower(), "disabled": not enable})


@user_app.command("list")
def user_list(as_json: JsonFlag = False) -> None:
    """Every account with its roles per club."""
    with edge(as_json=as_json):
        rows = accounts.list_users(open_store())
    if as_json:
        print_json([r.as_json() for r in rows])
        return
    print_table(
        "Accounts",
        ["id", "username", "name", "roles", "admin"],
        [
            (str(r.id), r.username, r.display_name, r.roles_text(), "yes" if r.admin else "")
            for r in rows
        ],
    )


def _club_id(store: Store, club: str) -> int:
    if club.isdigit():
        return int(club)
    with store.read() as session:
        return clubs.club_by_name(session, club).id


def _done(as_json: bool, data: dict[str, object]) -> None:
    if as_json:
        print_json(data)
    else:
        console().print(", ".join(f"{k}: {v}" for k, v in data.items()))
