"""Accounts, roles, the session cookie and CSRF protection, at the HTTP edge."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.support.events import fingerprint
from tests.support.web import (
    PASSWORD,
    PRESET,
    SECRET,
    api_login,
    create_event,
    form_status,
    form_token,
    is_problem,
    make_client,
    page_login,
)
from torneo.app import SESSION_COOKIE, create_app
from torneo.platform.store.uow import Store
from torneo.platform.web.settings import DEFAULT_SECRET_KEY, InsecureSettings, WebSettings

NEW_EVENT = {"name": "X", "preset": PRESET, "held_on": "2012-03-10"}


def test_api_writes_need_a_login(anon: TestClient, web_store: Store) -> None:
    before = fingerprint(web_store)
    is_problem(anon.post("/api/v1/events", json=NEW_EVENT), 401, "session")
    is_problem(anon.get("/api/v1/session"), 401, "session")
    assert fingerprint(web_store) == before


def test_api_login_with_wrong_password_is_401_without_saying_which(anon: TestClient) -> None:
    wrong = anon.post("/api/v1/session", json={"username": "org", "password": "nope-nope"})
    nobody = anon.post("/api/v1/session", json={"username": "ghost", "password": "nope-nope"})
    assert (
        is_problem(wrong, 401, "credentials")["reason"]
        == is_problem(nobody, 401, "credentials")["reason"]
    )
    assert SESSION_COOKIE not in anon.cookies


def test_api_writes_with_the_session_need_the_csrf_token(
    web_store: Store, anon: TestClient
) -> None:
    token = api_login(anon, "org")
    del anon.headers["X-CSRF-Token"]
    before = fingerprint(web_store)
    body = is_problem(anon.post("/api/v1/events", json=NEW_EVENT), 403, "csrf_token")
    assert body["type"] == "/problems/csrf"
    r = anon.post("/api/v1/events", json=NEW_EVENT, headers={"X-CSRF-Token": token + "x"})
    is_problem(r, 403, "csrf_token")
    assert fingerprint(web_store) == before
    ok = anon.post("/api/v1/events", json=NEW_EVENT, headers={"X-CSRF-Token": token})
    assert ok.status_code == 201


def test_api_session_who_am_i_and_logout(org: TestClient) -> None:
    me = org.get("/api/v1/session").json()
    assert me["username"] == "org"
    assert "organizer" in me["roles"]
    assert org.delete("/api/v1/session").status_code == 204
    is_problem(org.get("/api/v1/session"), 401, "session")


def test_a_judge_reports_results_but_cannot_create_events(
    web_store: Store, org: TestClient
) -> None:
    event_id = create_event(org, 4)
    org.post(f"/api/v1/events/{event_id}/start")
    org.post(f"/api/v1/events/{event_id}/rounds")
    with make_client(web_store) as judge:
        api_login(judge, "judge")
        before = fingerprint(web_store, event_id)
        is_problem(judge.post("/api/v1/events", json=NEW_EVENT), 403, "actor")
        is_problem(judge.post(f"/api/v1/events/{event_id}/rounds"), 403, "actor")
        assert fingerprint(web_store, event_id) == before
        result = {"result": "2-0"}
        url = f"/api/v1/events/{event_id}/rounds/1/tables/1/result"
        # INV-JUDGE-1: a judge acts on the events whose roster names them.
        is_problem(judge.post(url, json=result), 403, "judge")
        assert fingerprint(web_store, event_id) == before
        appointed = org.post(
            f"/api/v1/events/{event_id}/judging/judges", json={"username": "judge"}
        )
        assert appointed.status_code == 201
        assert judge.post(url, json=result).status_code == 200


def test_session_cookie_is_signed_httponly_and_lax(web_store: Store) -> None:
    with make_client(web_store) as client:
        r = client.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        assert "httponly" in cookie.lower()
        assert "samesite=lax" in cookie.lower()
        assert "secure" not in cookie.lower()  # development: plain http on 127.0.0.1
        # A forged cookie (not signed with the key) is an anonymous visitor.
        client.cookies.set(SESSION_COOKIE, "eyJ1aWQiOiAxfQ==.forged.sig")
        is_problem(client.get("/api/v1/session"), 401, "session")


def test_cookies_are_secure_in_production(web_store: Store) -> None:
    settings = WebSettings(secret_key=SECRET, env="production")
    with TestClient(create_app(web_store, settings=settings), base_url="https://t") as client:
        r = client.post("/api/v1/session", json={"username": "org", "password": PASSWORD})
        assert "; secure" in r.headers["set-cookie"].lower()
        lang = client.get("/?lang=en").headers["set-cookie"].lower()
        assert "secure" in lang
        assert "httponly" in lang


@pytest.mark.parametrize("key", [DEFAULT_SECRET_KEY, "short"])
def test_production_refuses_to_start_with_the_default_or_a_weak_secret(
    web_store: Store, key: str
) -> None:
    with pytest.raises(InsecureSettings, match="TORNEO_SECRET_KEY"):
        create_app(web_store, settings=WebSettings(secret_key=key, env="production"))


def test_settings_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TORNEO_ENV", "production")
    monkeypatch.delenv("TORNEO_SECRET_KEY", raising=False)
    with pytest.raises(InsecureSettings):
        create_app()
    monkeypatch.setenv("TORNEO_ENV", "staging")
    with pytest.raises(InsecureSettings, match="staging"):
        WebSettings.from_env().check()


def test_create_app_without_arguments_uses_the_database_url(
    monkeypatch: pytest.MonkeyPatch, web_store: Store
) -> None:
    url = str(web_store.engine.url)
    monkeypatch.setenv("TORNEO_DATABASE_URL", url)
    monkeypatch.setenv("TORNEO_ENV", "development")
    app = create_app()
    assert str(app.state.store.engine.url) == url
    with TestClient(app) as client:
        assert client.get("/api/v1/events").status_code == 200


def test_pages_login_logout_and_redirect_to_login(anon: TestClient) -> None:
    r = anon.get("/events/new", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/login?next=/events/new"
    htmx = anon.get("/events/new", headers={"HX-Request": "true"}, follow_redirects=False)
    assert htmx.headers["HX-Redirect"] == "/login?next=/events/new"
    token = form_token(anon.get("/login?next=/events/new").text)
    bad = anon.post(
        "/login", data={"username": "org", "password": "wrong-one", "csrf_token": token}
    )
    # Post/Redirect/Get (issue 26 item 3): the login page again, its refusal and the name typed
    assert form_status(bad) == 401
    assert bad.url.path == "/login"
    assert "nome utente o password errati" in bad.text
    assert 'value="org"' in bad.text
    ok = anon.post(
        "/login",
        data={"username": "org", "password": PASSWORD, "csrf_token": token, "next": "//evil"},
        follow_redirects=False,
    )
    assert ok.status_code == 303
    assert ok.headers["location"] == "/"
    page = anon.get("/events/new")
    assert page.status_code == 200
    new_token = form_token(page.text)
    assert new_token != token  # rotated at login
    assert (
        anon.post("/logout", data={"csrf_token": new_token}, follow_redirects=False).status_code
        == 303
    )
    assert anon.get("/events/new", follow_redirects=False).status_code == 303


def test_page_forms_without_the_csrf_token_change_nothing(
    web_store: Store, anon: TestClient
) -> None:
    page_login(anon, "org")
    before = fingerprint(web_store)
    r = anon.post("/events/new", data={"name": "X", "preset": PRESET, "held_on": "2012-03-10"})
    assert r.status_code == 403
    assert "csrf_token" in r.text
    login = anon.post("/login", data={"username": "org", "password": PASSWORD})
    assert login.status_code == 403
    assert fingerprint(web_store) == before


def test_public_pages_are_read_only(anon: TestClient, org: TestClient) -> None:
    event_id = create_event(org, 4)
    page = anon.get(f"/events/{event_id}")
    assert page.status_code == 200
    assert "/manage" not in page.text  # no organizer controls for visitors
    assert anon.get(f"/events/{event_id}/manage", follow_redirects=False).status_code == 303
    assert SESSION_COOKIE not in page.headers.get("set-cookie", "")  # no session for reading
