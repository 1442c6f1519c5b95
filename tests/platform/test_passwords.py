"""What passwords are accepted, and the bound on password checks running at once."""

from __future__ import annotations

import threading

import pytest

from torneo.core.errors import TorneoError
from torneo.platform import accounts, passwords
from torneo.platform.passwords import Busy, CheckGate, check_password
from torneo.platform.store.uow import Actor, Store


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("", "is shorter than 10 characters"),
        ("nove-car9", "is shorter than 10 characters"),
        ("1234567890", "is a common password"),
        ("Password123", "is a common password"),  # compared lowercased
        (" qwertyuiop ", "is a common password"),
    ],
)
def test_short_or_common_passwords_are_refused(password: str, reason: str) -> None:
    with pytest.raises(TorneoError) as err:
        check_password(password)
    assert err.value.field == "password"
    assert err.value.reason == reason
    assert err.value.accepted == "at least 10 characters, not a common password"


@pytest.mark.parametrize("password", ["torneo-demo", "dieci-car.", "correct horse battery"])
def test_long_uncommon_passwords_are_accepted(password: str) -> None:
    check_password(password)


def test_the_common_list_ships_with_the_package() -> None:
    common = passwords.common_passwords()
    assert len(common) > 1000
    assert all(len(p) >= 10 and p == p.lower() for p in common)


def test_create_user_refuses_a_common_password_and_creates_nothing(sqlite_store: Store) -> None:
    with pytest.raises(TorneoError) as err:
        accounts.create_user(
            sqlite_store, Actor.system(), username="anna", password="password123", role="judge"
        )
    assert err.value.field == "password"
    with pytest.raises(TorneoError):
        accounts.authenticate(sqlite_store, "anna", "password123")


def test_the_gate_refuses_beyond_its_queue_at_once() -> None:
    gate = CheckGate(concurrent=1, queue=1, wait=30)
    release = threading.Event()
    entered = threading.Event()

    def hold() -> None:
        with gate:
            entered.set()
            release.wait()

    holder = threading.Thread(target=hold)
    holder.start()
    entered.wait()

    def wait_in_queue() -> None:
        with gate:
            pass

    waiter = threading.Thread(target=wait_in_queue)
    waiter.start()
    while gate.admitted < 2:  # the waiter is queued
        threading.Event().wait(0.001)
    with pytest.raises(Busy) as err, gate:
        pass
    assert err.value.status == 503
    assert err.value.retry_after >= 1
    release.set()
    holder.join()
    waiter.join()
    assert gate.admitted == 0
    with gate:  # free again
        assert gate.admitted == 1


def test_the_server_hashes_with_argon2id_and_64_mib() -> None:
    """The tests swap in a cheap hasher (tests/conftest.py); the server's own is argon2id with
    64 MiB, three passes and four lanes (RFC 9106's low-memory profile), and a hash of it says so."""
    from tests.conftest import PRODUCTION_HASHER

    produced = PRODUCTION_HASHER.hash("tre tigri contro tre tigri")
    assert produced.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert PRODUCTION_HASHER.verify(produced, "tre tigri contro tre tigri")
    assert passwords._hasher is not PRODUCTION_HASHER  # the tests' cheap one is in place
