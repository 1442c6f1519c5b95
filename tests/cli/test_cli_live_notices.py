"""Issue 31: a change made with the CLI on the server's shell reaches the open pages.

The CLI's store published its notices on an in-process broker of its own, which no web worker
listens to: a league's matchday imported with ``torneo fantasy votes`` (or any other CLI
write) committed, and every open page waited for its slow poll. With ``TORNEO_REDIS_URL`` set
(as on the server, docs/deploy.md) the CLI now publishes through the workers' Redis.
"""

from __future__ import annotations

import asyncio
import os
import random

import pytest

from tests.support.cli import Cli
from torneo.cli.common import CLI_ACTOR, open_store
from torneo.platform.live.broker import Notice, RedisBroker

REDIS_URL = os.environ.get("TORNEO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _workers_broker() -> RedisBroker:
    try:
        broker = RedisBroker(REDIS_URL)  # the workers' default channel prefix, as the CLI's
        broker._sync.ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
    return broker


def test_issue31_a_cli_change_is_heard_by_the_workers(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    workers = _workers_broker()
    monkeypatch.setenv("TORNEO_REDIS_URL", REDIS_URL)
    topic = f"fantasy:{random.randrange(10**9, 10**10)}"  # nobody else's topic

    async def scenario() -> Notice:
        async with workers.subscribe(topic) as notices:
            store = open_store()
            try:
                with store.unit(CLI_ACTOR) as uow:
                    uow.notify(topic, "scores", matchday=3)
            finally:
                store.broker.close()
                store.engine.dispose()
            return await asyncio.wait_for(anext(aiter(notices)), timeout=10)

    try:
        heard = asyncio.run(scenario())
    finally:
        workers.close()
    assert heard == Notice(topic, "scores", {"matchday": 3})


def test_without_redis_the_cli_keeps_its_notices_in_process(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TORNEO_REDIS_URL", raising=False)
    store = open_store()
    try:
        assert not isinstance(store.broker, RedisBroker)  # one worker, nobody to tell
    finally:
        store.engine.dispose()
