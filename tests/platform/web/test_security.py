"""Security at the door: body size limits (413), login rate limiting (429), cookie flags."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.support.events import fingerprint
from tests.support.web import (
    PASSWORD,
    SECRET,
    api_login,
    create_event,
    form_status,
    form_token,
    make_client,
)
from torneo.app import create_app
from torneo.platform.store.uow import Store
from torneo.platform.web.ratelimit import InProcessLimiter, RedisLimiter
from torneo.platform.web.settings import WebSettings

MIB = 1024 * 1024
REDIS_URL = os.environ.get("TORNEO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


# --- input size limits -----------------------------------------------------------------------


def test_an_api_body_over_one_mib_is_413_and_changes_nothing(
    org: TestClient, web_store: Store
) -> None:
    event_id = create_event(org)
    before = fingerprint(web_store, event_id)
    csv = "Giocatore,Club\n" * (MIB // 15 + 10)
    r = org.post(f"/api/v1/events/{event_id}/roster", json={"csv": csv})
    assert r.status_code == 413
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["field"] == "body"
    assert str(MIB) in r.json()["accepted"]
    assert fingerprint(web_store, event_id) == before


def test_a_page_form_over_one_mib_is_413(org: TestClient) -> None:
    r = org.post("/login", data={"username": "x" * (MIB + 1), "password": "p"})
    assert r.status_code == 413
    assert "413" in r.text


def test_a_chunked_body_is_counted_as_it_arrives(org: TestClient, web_store: Store) -> None:
    """No Content-Length: the body is refused once it passes the limit, mid-stream."""
    event_id = create_event(org)
    before = fingerprint(web_store, event_id)

    def chunks() -> Iterator[bytes]:
        yield b'{"csv": "'
        for _ in range(40):
            yield b"Giocatore,Club\\n" * 2000  # 32 kB each, 1.25 MiB in all
        yield b'"}'

    r = org.post(
        f"/api/v1/events/{event_id}/roster",
        content=chunks(),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 413
    assert fingerprint(web_store, event_id) == before


def test_a_body_within_the_limit_goes_through(org: TestClient) -> None:
    event_id = create_event(org)
    r = org.post(f"/api/v1/events/{event_id}/roster", json={"csv": "Anna,Club\n" + " " * 1000})
    assert r.status_code == 201, r.text


def test_the_limit_is_a_setting(web_store: Store) -> None:
    with make_client(web_store, max_body_bytes=100) as client:
        r = client.post("/api/v1/session", json={"username": "org", "password": "y" * 200})
    assert r.status_code == 413


# --- login rate limiting ---------------------------------------------------------------------


def _fail(client: TestClient, user: str = "org") -> int:
    r = client.post("/api/v1/session", json={"username": user, "password": "wrong password"})
    status: int = r.status_code
    return status


def test_five_failed_logins_then_429_with_retry_after(anon: TestClient) -> None:
    clock = Clock()
    anon.app.state.rate_limiter._clock = clock  # type: ignore[attr-defined]
    assert [_fail(anon) for _ in range(5)] == [401] * 5
    r = anon.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
    assert r.status_code == 429  # even the right password waits: no oracle for guessing
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["field"] == "credentials"
    assert 1 <= int(r.headers["retry-after"]) <= 300
    # Another user name from the same address is not held up by org's failures.
    assert _fail(anon, "judge") == 401
    # After the window the right password works again, and clears the count.
    clock.now += 301
    assert (
        anon.post("/api/v1/session", json={"username": "ORG ", "password": PASSWORD}).status_code
        == 200
    )
    assert [_fail(anon) for _ in range(5)] == [401] * 5


def test_the_login_page_is_throttled_too(anon: TestClient) -> None:
    for _ in range(5):
        token = form_token(anon.get("/login").text)
        r = anon.post("/login", data={"username": "org", "password": "nope", "csrf_token": token})
        assert form_status(r) == 401  # refused, on the login page (Post/Redirect/Get)
    token = form_token(anon.get("/login").text)
    r = anon.post("/login", data={"username": "org", "password": PASSWORD, "csrf_token": token})
    assert r.status_code == 429
    assert r.headers["retry-after"]
    assert 'name="username"' in r.text  # the login page again, with the reason
    assert f"{r.headers['retry-after']} " in r.text  # how long to wait, in the page


def test_a_successful_login_clears_the_failures(anon: TestClient) -> None:
    assert [_fail(anon) for _ in range(4)] == [401] * 4
    api_login(anon, "org")
    assert [_fail(anon) for _ in range(5)] == [401] * 5
    assert _fail(anon) == 429


def test_one_address_spraying_many_user_names_is_held_too(web_store: Store) -> None:
    # With 1 failure a user name, the address may fail 10 times (ADDRESS_FACTOR) in all.
    with make_client(web_store, login_failures=1) as client:
        assert [_fail(client, f"user{i}") for i in range(10)] == [401] * 10
        assert _fail(client, "someone-else") == 429


def test_in_process_limiter_is_a_sliding_window() -> None:
    clock = Clock()
    limiter = InProcessLimiter(clock)
    for _ in range(3):
        limiter.hit("k", 60)
        clock.now += 10
    assert limiter.retry_after("k", 3, 60) == 30  # the first of the three expires at +60
    assert limiter.retry_after("k", 4, 60) is None
    clock.now += 31
    assert limiter.retry_after("k", 3, 60) is None


def test_in_process_limiter_forgets_the_oldest_keys_beyond_its_bound() -> None:
    limiter = InProcessLimiter(Clock(), max_keys=3)
    for key in "abcd":
        limiter.hit(key, 60)
    assert limiter.retry_after("a", 1, 60) is None
    assert limiter.retry_after("d", 1, 60) is not None


@pytest.fixture
def redis_limiters() -> Iterator[tuple[RedisLimiter, RedisLimiter]]:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
    prefix = f"torneo-test-rl-{uuid.uuid4().hex[:8]}"
    a, b = RedisLimiter(REDIS_URL, prefix), RedisLimiter(REDIS_URL, prefix)
    yield a, b
    for key in ("login:org@testclient", "login-address:testclient", "login-user:org"):
        a.reset(key)
    a.close()
    b.close()


def test_workers_share_login_failures_through_redis(
    web_store: Store, redis_limiters: tuple[RedisLimiter, RedisLimiter]
) -> None:
    """Three failures on worker A and two on worker B: the sixth try is 429 on either."""
    settings = WebSettings(secret_key=SECRET, env="test")
    apps = []
    for limiter in redis_limiters:  # two workers, each with its own client of one Redis
        app = create_app(web_store, settings=settings)
        app.state.login_guard.limiter = app.state.rate_limiter = limiter
        apps.append(app)
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        assert [_fail(a) for _ in range(3)] + [_fail(b) for _ in range(2)] == [401] * 5
        assert _fail(a) == 429
        assert _fail(b) == 429


# --- cookies and secrets ---------------------------------------------------------------------


def test_production_cookies_are_secure_httponly_and_lax(web_store: Store) -> None:
    settings = WebSettings(secret_key=SECRET, env="production")
    with TestClient(
        create_app(web_store, settings=settings), base_url="https://testserver"
    ) as client:
        r = client.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
        assert r.status_code == 200
        cookie = r.headers["set-cookie"].lower()
        lang = client.get("/?lang=en").headers["set-cookie"].lower()
    for flag in ("secure", "httponly", "samesite=lax"):
        assert flag in cookie
        assert flag in lang


def test_development_cookies_work_over_plain_http(anon: TestClient) -> None:
    r = anon.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
    assert "secure" not in r.headers["set-cookie"].lower()
