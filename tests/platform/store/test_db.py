"""Engines: the PostgreSQL pool is sized from the worker's threads (issue 14, pool and overload)."""

from __future__ import annotations

import pytest

from torneo.core.errors import TorneoError
from torneo.platform.store.db import POOL_SPARE, make_engine, pool_size, worker_threads
from torneo.platform.store.pool import connection_budget


def test_the_pool_has_a_connection_per_thread_plus_the_spare_and_no_overflow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("TORNEO_WORKER_THREADS", raising=False)
    assert (worker_threads(), pool_size()) == (20, 20 + POOL_SPARE)
    monkeypatch.setenv("TORNEO_WORKER_THREADS", "8")
    monkeypatch.setenv("TORNEO_POOL_TIMEOUT", "3")
    engine = make_engine("postgresql://torneo@127.0.0.1/none")  # no connection is opened
    pool = engine.pool
    assert (pool.size(), pool._max_overflow, pool._timeout) == (8 + POOL_SPARE, 0, 3)  # type: ignore[attr-defined]
    engine.dispose()


@pytest.mark.parametrize("value", ["0", "-3", "many", "1001"])
def test_a_malformed_thread_count_names_the_variable(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TORNEO_WORKER_THREADS", value)
    with pytest.raises(TorneoError) as err:
        worker_threads()
    assert err.value.field == "TORNEO_WORKER_THREADS"
    assert err.value.accepted == "a whole number from 1 to 1000, e.g. 20"


def test_connection_budget_against_max_connections(pg_url: str) -> None:
    engine = make_engine(pg_url)
    try:
        assert connection_budget(engine, 1, 22) is None
        warning = connection_budget(engine, 1000, 22)
        assert warning is not None
        assert "1000 workers × 22 database connections = 22000" in warning.english()
    finally:
        engine.dispose()
    assert connection_budget(make_engine("sqlite://"), 1000, 22) is None
