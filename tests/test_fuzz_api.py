"""Fuzz the JSON API from its own OpenAPI schema (schemathesis): no input makes a server error.

Every operation of ``/api/v1/openapi.json`` gets generated requests, both valid and invalid by
the schema, sent as a logged-in organizer with the CSRF token (so the requests reach the
services, not only the door) against a world with running events and tournaments. The only
check is the one that must hold for any input: the answer is not a 5xx. The number of examples
per operation is bounded (``TORNEO_FUZZ_EXAMPLES``, default 4) to keep the run near a minute.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.generation import GenerationMode
from schemathesis.generation.case import Case

from tests.conftest import FakeClock
from tests.support.authz_world import build_world, clients
from tests.support.databases import migrated_sqlite_store
from torneo.app import SESSION_COOKIE

# The module's fixture is built once: its tests run on one xdist worker (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("fuzz")

EXAMPLES = int(os.environ.get("TORNEO_FUZZ_EXAMPLES", "4"))


@pytest.fixture(scope="module")
def fuzz_target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    store = migrated_sqlite_store(tmp_path_factory.mktemp("fuzz") / "fuzz.db", FakeClock())
    build_world(store)
    organizer = clients(store)["organizer"]
    cookie = organizer.cookies.get(SESSION_COOKIE)
    assert cookie
    yield {
        "app": organizer.app,
        "headers": {"X-CSRF-Token": organizer.headers["X-CSRF-Token"]},
        "cookies": {SESSION_COOKIE: cookie},
    }
    store.engine.dispose()


@pytest.fixture(scope="module")
def api_schema(fuzz_target: dict[str, Any]) -> Any:
    schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", fuzz_target["app"])
    # Logging out would end the organizer's session for the operations after it.
    return schema.exclude(path="/api/v1/session", method="DELETE")


def _fuzz(operation: Any, target: dict[str, Any], found: list[str]) -> None:
    # schemathesis's own pytest plugin does not load under pytest 9: hypothesis drives its
    # strategies directly, one operation at a time, valid and invalid inputs alike.
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(
        case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE)
        | operation.as_strategy(generation_mode=GenerationMode.NEGATIVE)
    )
    def run(case: Case[Any]) -> None:
        response = case.call(headers=target["headers"], cookies=target["cookies"])
        target["calls"] = target.get("calls", 0) + 1
        if response.status_code >= 500:
            found.append(
                f"{case.method} {case.formatted_path} {case.body!r:.200} → "
                f"{response.status_code}: {response.text[:300]}"
            )

    run()


def test_no_input_makes_a_server_error(api_schema: Any, fuzz_target: dict[str, Any]) -> None:
    found: list[str] = []
    operations = [result.ok() for result in api_schema.get_all_operations()]
    for operation in operations:
        _fuzz(operation, fuzz_target, found)
    assert not found, "\n".join(found)
    assert fuzz_target["calls"] >= 2 * len(operations)  # every operation was really called


def test_the_schema_is_found_and_covers_the_api(api_schema: Any) -> None:
    operations = [op.ok() for op in api_schema.get_all_operations()]
    paths = {op.path for op in operations}
    assert "/api/v1/events/{event_id}/self-reports" in paths
    assert len(operations) > 50
