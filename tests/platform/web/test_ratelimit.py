"""Logins under attack: concurrent guesses, a repeated field, a busy worker, a Redis outage."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from tests.support.web import PASSWORD, form_status, form_token, make_client
from torneo.platform import accounts, passwords
from torneo.platform.passwords import CheckGate
from torneo.platform.store.uow import Store
from torneo.platform.web.ratelimit import FallbackLimiter, InProcessLimiter, RedisLimiter

WRONG = {"username": "org", "password": "wrong password"}


def _wait_until(condition: Callable[[], bool]) -> None:
    """Poll a condition, bounded (no timing is asserted: the bound only stops a broken run)."""
    for _ in range(20_000):
        if condition():
            return
        threading.Event().wait(0.001)
    raise AssertionError("the condition never held")


class HeldChecks:
    """Password checks that wait until released, counting how many were started."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started = 0
        self.release = threading.Event()
        self._lock = threading.Lock()
        real = passwords.verify_password

        def held(password_hash: str, password: str) -> bool:
            with self._lock:
                self.started += 1
            self.release.wait(60)
            return real(password_hash, password)

        monkeypatch.setattr(accounts, "verify_password", held)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldChecks]:
    checks = HeldChecks(monkeypatch)
    yield checks
    checks.release.set()


def _concurrently(n: int, post: Callable[[], int], held: HeldChecks) -> list[int]:
    statuses: list[int] = []
    lock = threading.Lock()

    def one() -> None:
        status = post()
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    # Every request is either refused or holding a password check: none has failed yet.
    _wait_until(lambda: held.started + len(statuses) >= n)
    held.release.set()
    for t in threads:
        t.join()
    return sorted(statuses)


def test_concurrent_guesses_check_exactly_the_limit(web_store: Store, held: HeldChecks) -> None:
    with make_client(web_store) as client:
        statuses = _concurrently(
            12, lambda: client.post("/api/v1/session", json=WRONG).status_code, held
        )
    assert held.started == 5
    assert statuses == [401] * 5 + [429] * 7


def test_concurrent_guesses_on_the_login_page_too(web_store: Store, held: HeldChecks) -> None:
    with make_client(web_store) as client:
        token = form_token(client.get("/login").text)
        data = {**WRONG, "csrf_token": token}
        statuses = _concurrently(9, lambda: form_status(client.post("/login", data=data)), held)
    assert held.started == 5
    assert statuses == [401] * 5 + [429] * 4


def test_a_repeated_user_name_is_refused_and_checks_nothing(
    web_store: Store, held: HeldChecks
) -> None:
    held.release.set()
    with make_client(web_store) as client:
        token = form_token(client.get("/login").text)
        for i in range(5):  # spend org's five attempts
            r = client.post("/login", data={**WRONG, "csrf_token": token})
            assert form_status(r) == 401, i
        # A decoy first user name and the victim's last: refused before anything is checked.
        body = f"username=decoy&username=org&password=guess-number-6&csrf_token={token}"
        r = client.post(
            "/login",
            content=body,
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
        assert form_status(r) == 422
        assert "username" in r.text
        assert held.started == 5
        raw = '{"username": "decoy", "username": "org", "password": "guess-number-7"}'
        r = client.post(
            "/api/v1/session", content=raw, headers={"content-type": "application/json"}
        )
        assert r.status_code == 422
        assert r.json()["field"] == "username"
        assert r.json()["reason"] == "is given more than once"
        assert held.started == 5
        assert client.post("/api/v1/session", json=WRONG).status_code == 429


def test_a_busy_worker_answers_503_and_the_attempt_does_not_count(
    web_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = CheckGate(concurrent=1, queue=0)
    monkeypatch.setattr(passwords, "gate", gate)
    with make_client(web_store) as client:
        with gate:  # another login is being checked, and nobody may wait
            r = client.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
        assert r.status_code == 503
        assert int(r.headers["retry-after"]) >= 1
        assert r.json()["field"] == "credentials"
        assert [client.post("/api/v1/session", json=WRONG).status_code for _ in range(6)] == [
            401
        ] * 5 + [429]


def test_when_redis_fails_the_worker_counts_in_its_own_memory(web_store: Store) -> None:
    down = RedisLimiter("redis://127.0.0.1:1/0", timeout=0.5)  # nothing listens there
    with make_client(web_store) as client:
        limiter = FallbackLimiter(down, InProcessLimiter())
        client.app.state.login_guard.limiter = limiter  # type: ignore[attr-defined]
        statuses = [client.post("/api/v1/session", json=WRONG).status_code for _ in range(6)]
    assert statuses == [401] * 5 + [429]


def test_a_reservation_is_all_or_nothing() -> None:
    limiter = InProcessLimiter()
    assert limiter.reserve([("a", 1), ("b", 5)], 60, "m1") is None
    assert limiter.reserve([("a", 5), ("b", 1)], 60, "m2") is not None  # b is full
    assert limiter.reserve([("a", 2)], 60, "m3") is None  # m2 left nothing under a
    limiter.release(["a", "b"], "m1")
    assert limiter.reserve([("b", 1)], 60, "m4") is None


def test_redis_reservations_are_atomic_across_clients() -> None:
    """Twenty guesses at once from two workers' clients of one Redis: five get a slot."""
    import os
    import uuid

    import redis

    url = os.environ.get("TORNEO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {url}: {exc}")
    prefix = f"torneo-test-rl-{uuid.uuid4().hex[:8]}"
    workers = [RedisLimiter(url, prefix), RedisLimiter(url, prefix)]
    slots = [("login:org@1.2.3.4", 5), ("login-address:1.2.3.4", 50)]
    answers: list[int | None] = []
    barrier = threading.Barrier(20)

    def guess(i: int) -> None:
        barrier.wait()
        answers.append(workers[i % 2].reserve(slots, 300, f"m{i}"))

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert sum(a is None for a in answers) == 5
        assert all(a is None or 1 <= a <= 300 for a in answers)
        assert workers[1].retry_after("login:org@1.2.3.4", 5, 300) is not None
        for i in range(20):  # give every slot back: free again on either worker
            workers[i % 2].release([key for key, _ in slots], f"m{i}")
        assert workers[0].retry_after("login:org@1.2.3.4", 1, 300) is None
    finally:
        for key, _ in slots:
            workers[0].reset(key)
        for w in workers:
            w.close()
