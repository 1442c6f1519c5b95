"""CSRF: every state-changing route, called with the session cookie but without the session's
token, is refused with 403 and changes nothing (torneo.platform.web.csrf)."""

from __future__ import annotations

from typing import Any

from tests.support.authz_cells import MATRIX, TOOL
from tests.support.authz_world import body_for, fill
from tests.test_authz_matrix import SKIPPED, _request, _state, world_and_clients

__all__ = ["world_and_clients"]  # the module fixture, shared with the matrix

# Routes that change nothing (calculators) need no token; logging in is tested in test_auth.
EXEMPT = {
    key for key in MATRIX if "/poker/tools/" in key[1] or key[1].endswith("/announcements/check")
}


def test_every_write_with_the_session_but_no_token_is_403(world_and_clients: Any) -> None:
    store, world, cs = world_and_clients
    spec = cs["anonymous"].get("/api/v1/openapi.json").json()
    wrong = []
    before = _state(store)
    for role in ("organizer", "judge", "player"):
        client = cs[role]
        token = client.headers.pop("X-CSRF-Token")
        try:
            for (method, path), cells in MATRIX.items():
                if method == "GET" or cells[0] in SKIPPED or (method, path) in EXEMPT:
                    continue
                url = fill(path, world)
                response = _request(client, method, url, body_for(spec, method, path))
                if response.status_code != 403:
                    wrong.append(f"{role} {method} {path}: {response.status_code}")
                elif url.startswith("/api/") and response.json().get("type") != "/problems/csrf":
                    wrong.append(f"{role} {method} {path}: 403 but not a CSRF problem")
        finally:
            client.headers["X-CSRF-Token"] = token
    assert not wrong, "\n".join(wrong)
    assert _state(store) == before
    assert len(EXEMPT) == 5
    assert all(MATRIX[key] == TOOL for key in EXEMPT)
