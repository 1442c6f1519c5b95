"""``torneo club …`` and ``torneo user …`` (issue 12): accounts without the demo loader."""

from __future__ import annotations

import pytest

from tests.support.cli import Cli
from torneo.cli.main import app
from torneo.core.errors import Unauthorized
from torneo.platform import accounts
from torneo.platform.store.tables import User


def test_a_club_and_its_owner_from_the_command_line(cli: Cli) -> None:
    created = cli.json("user", "create", "anna", "--role", "organizer", "--name", "Anna Rossi")
    assert created["username"] == "anna"
    one_time = created["password"]
    assert isinstance(one_time, str)
    assert len(one_time) >= 12  # printed once
    assert accounts.authenticate(cli.store, "anna", one_time).name == "anna"
    club = cli.json("club", "create", "Circolo Nord", "--owner", "anna")
    assert club["name"] == "Circolo Nord"
    assert [c["name"] for c in cli.json("club", "list")] == ["Circolo Nord", "Club"]
    listed = {u["username"]: u for u in cli.json("user", "list")}
    assert {(r["club"], r["role"]) for r in listed["anna"]["roles"]} == {
        ("Club", "organizer"),
        ("Circolo Nord", "owner"),
    }


def test_a_password_from_standard_input_is_not_printed(cli: Cli) -> None:
    result = cli.runner.invoke(
        app,
        ["user", "create", "bruno", "--role", "judge", "--password-stdin", "--json"],
        input="una-password-lunga\n",
    )
    assert result.exit_code == 0, result.stderr
    assert '"password": null' in result.stdout
    assert accounts.authenticate(cli.store, "bruno", "una-password-lunga").roles == frozenset(
        {"judge"}
    )


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("user", "create", "carla", "--role", "boss"), "role"),
        (("user", "create", "carla", "--club", "Nessuno", "--role", "judge"), "club"),
        (("club", "add-member", "Club", "ghost", "judge"), "username"),
        (("club", "add-member", "Club", "carla", "captain"), "role"),
        (("club", "remove-member", "Club", "ghost", "owner"), "username"),
    ],
)
def test_bad_input_names_the_field_and_changes_nothing(
    cli: Cli, args: tuple[str, ...], field: str
) -> None:
    result = cli.refused(*args)
    assert field in result.stderr


def test_set_password_and_disable_end_the_sessions(cli: Cli) -> None:
    cli.ok("user", "create", "dario", "--role", "judge")
    changed = cli.runner.invoke(
        app, ["user", "set-password", "dario", "--password-stdin"], input="nuova-password-99\n"
    )
    assert changed.exit_code == 0, changed.stderr
    actor = accounts.authenticate(cli.store, "dario", "nuova-password-99")
    with cli.store.read() as session:
        user = session.get(User, actor.user_id)
        assert user is not None
        generation = user.session_generation
    assert cli.json("user", "disable", "dario")["disabled"] is True
    with cli.store.read() as session:
        user = session.get(User, actor.user_id)
        assert user is not None
        assert user.disabled
        assert user.session_generation == generation + 1  # every session of dario ended
    with pytest.raises(Unauthorized):
        accounts.authenticate(cli.store, "dario", "nuova-password-99")
    short = cli.runner.invoke(
        app, ["user", "set-password", "dario", "--password-stdin"], input="corta\n"
    )
    assert short.exit_code == 2
    assert "password" in short.stderr


def test_issue30_the_readme_first_step_creates_the_club_and_its_new_owner(cli: Cli) -> None:
    """`torneo club create "Circolo del Dado" --owner anna` on a fresh server: anna is made."""
    club = cli.json("club", "create", "Circolo del Dado", "--owner", "anna")
    assert (club["name"], club["owner"]) == ("Circolo del Dado", "anna")
    assert accounts.authenticate(cli.store, "anna", club["password"]).name == "anna"
    listed = {u["username"]: u for u in cli.json("user", "list")}
    assert {(r["club"], r["role"]) for r in listed["anna"]["roles"]} == {
        ("Circolo del Dado", "owner")
    }
    shown = cli.ok("club", "create", "Circolo Sud", "--owner", "anna")  # existing: no password
    assert "One-time password" not in shown.stdout


def test_issue30_a_bad_new_owner_name_creates_no_club(cli: Cli) -> None:
    result = cli.refused("club", "create", "Circolo Ovest", "--owner", "anna rossi")
    assert "username" in result.stderr
    assert [c["name"] for c in cli.json("club", "list")] == ["Club"]
