"""Ended sessions at the HTTP edge: a replayed cookie after logout, a disabled account."""

from __future__ import annotations

from tests.support.web import api_login, form_status, form_token, make_client, page_login
from torneo.app import SESSION_COOKIE
from torneo.platform.store.tables import User
from torneo.platform.store.uow import Actor, Store


def test_a_cookie_replayed_after_logout_is_logged_out(web_store: Store) -> None:
    with make_client(web_store) as client, make_client(web_store) as thief:
        api_login(client, "org")
        thief.cookies.set(SESSION_COOKIE, client.cookies[SESSION_COOKIE])
        thief.headers["X-CSRF-Token"] = client.headers["X-CSRF-Token"]
        assert thief.get("/api/v1/session").status_code == 200  # a copy works while logged in
        assert client.delete("/api/v1/session").status_code == 204
        assert thief.get("/api/v1/session").status_code == 401
        r = thief.post("/api/v1/events", json={"name": "X", "preset": "invasion-it-2012"})
        assert r.status_code == 401
        assert thief.get("/events/new", follow_redirects=False).status_code == 303


def test_logging_out_on_one_device_ends_the_others(web_store: Store) -> None:
    with make_client(web_store) as phone, make_client(web_store) as laptop:
        api_login(phone, "org")
        token = page_login(laptop, "org")
        assert laptop.get("/events/new").status_code == 200
        assert laptop.post("/logout", data={"csrf_token": token}).status_code == 200
        assert phone.get("/api/v1/session").status_code == 401
        api_login(phone, "org")  # a new login starts a new generation
        assert phone.get("/api/v1/session").status_code == 200


def test_disabling_an_account_ends_its_sessions(web_store: Store) -> None:
    with make_client(web_store) as client:
        api_login(client, "org")
        with web_store.unit(Actor.system()) as uow:
            user = uow.session.query(User).filter_by(username="org").one()
            user.disabled = True
        assert client.get("/api/v1/session").status_code == 401
        token = form_token(client.get("/login").text)
        r = client.post(
            "/login",
            data={"username": "org", "password": "correct horse battery", "csrf_token": token},
        )
        assert form_status(r) == 401
        assert "disabilitato" in r.text or "disabled" in r.text
