"""Live notices: published only after a commit, delivered in-process and across Redis."""

from __future__ import annotations

import asyncio
import os
import uuid

import pytest

from torneo.core.errors import TorneoError
from torneo.platform.live import broker as broker_module
from torneo.platform.live.broker import InProcessBroker, Notice, RedisBroker
from torneo.platform.store.uow import Actor, Store

REDIS_URL = os.environ.get("TORNEO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


async def _first(broker: InProcessBroker | RedisBroker, topic: str, send: Notice) -> Notice:
    async with broker.subscribe(topic) as notices:
        await asyncio.sleep(0.05)  # the subscription is live before the publish
        await asyncio.to_thread(broker.publish, send)
        return await asyncio.wait_for(anext(aiter(notices)), timeout=5)


def test_in_process_broker_delivers_to_subscribers() -> None:
    broker = InProcessBroker()
    got = asyncio.run(_first(broker, "event:1", Notice("event:1", "result", {"table": 3})))
    assert got == Notice("event:1", "result", {"table": 3})
    assert broker.subscriber_count("event:1") == 0  # unsubscribed on exit


def _redis_or_skip() -> RedisBroker:
    try:
        broker = RedisBroker(REDIS_URL, prefix=f"torneo-test-{uuid.uuid4().hex[:8]}")
        broker._sync.ping()
    except Exception as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Redis is required under CI=true: {exc}")
        pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
    return broker


def test_redis_broker_carries_notices_between_workers() -> None:
    publisher = _redis_or_skip()
    # Two brokers with the same prefix stand for two workers.
    subscriber = RedisBroker(REDIS_URL, prefix=publisher._prefix)
    notice = Notice("event:7", "round", {"round": 2})

    async def scenario() -> Notice:
        async with subscriber.subscribe("event:7") as notices:
            await asyncio.sleep(0.1)
            await asyncio.to_thread(publisher.publish, notice)
            return await asyncio.wait_for(anext(aiter(notices)), timeout=5)

    assert asyncio.run(scenario()) == notice
    publisher.close()
    subscriber.close()


def test_a_commits_notices_reach_redis_together_in_order(
    sqlite_store: Store, organizer: Actor
) -> None:
    """Issue 32 item 4: the notices of one commit go to Redis in one round trip, in the order
    they were queued, and each topic's last change is set (a late page's catch-up)."""
    broker = _redis_or_skip()
    listener = RedisBroker(REDIS_URL, prefix=broker._prefix)
    store = Store(sqlite_store.engine, broker=broker)
    trips: list[int] = []
    execute = type(broker._sync.pipeline()).execute

    def counted(pipe: object) -> object:
        trips.append(1)
        return execute(pipe)  # type: ignore[arg-type]

    async def scenario() -> list[Notice]:
        async with listener.subscribe("event:3") as notices:
            await asyncio.sleep(0.1)

            def commit() -> None:
                with store.unit(organizer) as uow:
                    for table in (1, 2, 3):
                        uow.notify("event:3", "self_report", table=table)
                    uow.notify("event:4", "round", round=2)

            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(type(broker._sync.pipeline()), "execute", counted)
                await asyncio.to_thread(commit)
            heard = aiter(notices)
            return [await asyncio.wait_for(anext(heard), timeout=5) for _ in range(3)]

    heard = asyncio.run(scenario())
    assert [n.data["table"] for n in heard] == [1, 2, 3]
    assert trips == [1]
    assert broker.last_published("event:3") is not None
    assert broker.last_published("event:4") is not None
    broker.close()
    listener.close()


class Recorder:
    def __init__(self) -> None:
        self.sent: list[Notice] = []

    def publish(self, notice: Notice) -> None:
        self.sent.append(notice)

    def subscribe(self, topic: str) -> None:  # pragma: no cover - not used here
        raise NotImplementedError

    def last_published(self, topic: str) -> float | None:  # pragma: no cover - not used here
        raise NotImplementedError

    def close(self) -> None:
        pass


def _refused_action(store: Store, actor: Actor) -> None:
    with store.unit(actor) as uow:
        uow.notify("event:1", "round")
        raise TorneoError("x", "refused")


def test_notices_are_published_after_commit_only(sqlite_store: Store, organizer: Actor) -> None:
    recorder = Recorder()
    sqlite_store.broker = recorder
    with sqlite_store.unit(organizer) as uow:
        uow.notify("event:1", "result")
    assert [n.kind for n in recorder.sent] == ["result"]
    with pytest.raises(TorneoError):
        _refused_action(sqlite_store, organizer)
    assert [n.kind for n in recorder.sent] == ["result"]  # the rolled-back notice never left


class Away(Recorder):
    """A broker whose server is away: every publish fails after its retries."""

    def publish(self, notice: Notice) -> None:
        self.sent.append(notice)
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def test_issue31_notices_a_broker_cannot_take_cost_one_line_and_one_try(
    sqlite_store: Store, organizer: Actor, caplog: pytest.LogCaptureFixture
) -> None:
    """The change is kept; the unit's notices are tried once in all (each try waits for the
    broker's connection retries) and logged in one line without a traceback (a ``torneo``
    command on a server whose Redis is away printed one per notice)."""
    away = Away()
    sqlite_store.broker = away
    with sqlite_store.unit(organizer) as uow:
        uow.notify("event:1", "result")
        uow.notify("event:1", "standings")
    assert [n.kind for n in away.sent] == ["result"]
    lines = [r for r in caplog.records if "not published" in r.getMessage()]
    assert len(lines) == 1
    assert lines[0].exc_info is None
    assert "2 live notice(s)" in lines[0].getMessage()
    assert "Connection refused" in lines[0].getMessage()


def test_a_notice_its_subscriber_does_not_want_is_never_decoded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 32: a subscriber's ``wants`` looks at a notice's bytes first; one it declines is
    not decoded nor queued, the next one it wants arrives as ever."""
    publisher = _redis_or_skip()
    subscriber = RedisBroker(REDIS_URL, prefix=publisher._prefix)
    decoded: list[str | bytes] = []
    decode = Notice.decode

    def counted(raw: str | bytes) -> Notice:
        decoded.append(raw)
        return decode(raw)

    monkeypatch.setattr(Notice, "decode", staticmethod(counted))
    skipped, kept = Notice("event:8", "skip", {"n": 1}), Notice("event:8", "keep", {"n": 2})

    async def scenario() -> Notice:
        async with subscriber.subscribe("event:8", lambda raw: b'"skip"' not in raw) as notices:
            await asyncio.sleep(0.1)
            await asyncio.to_thread(publisher.publish_all, [skipped, kept])
            return await asyncio.wait_for(anext(aiter(notices)), timeout=5)

    assert asyncio.run(scenario()) == kept
    assert decoded == [kept.encode().encode()]
    publisher.close()
    subscriber.close()


def test_notices_read_together_reach_their_listeners_in_order_with_fewer_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 32: the messages read from Redis together are taken from the parser's buffer,
    not each through ``get_message``: every one arrives, in order, declined ones skipped; a
    channel of another listener on the same connection keeps its own."""
    publisher = _redis_or_skip()
    subscriber = RedisBroker(REDIS_URL, prefix=publisher._prefix)
    reads: list[int] = []

    async def scenario() -> tuple[list[Notice], list[Notice]]:
        async with (
            subscriber.subscribe("event:5", lambda raw: b'"skip"' not in raw) as five,
            subscriber.subscribe("event:6") as six,
        ):
            channels = subscriber._for_loop()
            get_message = channels.pubsub.get_message

            async def counted(*args: object, **kwargs: object) -> object:
                found = await get_message(*args, **kwargs)
                if found is not None:
                    reads.append(1)
                return found

            monkeypatch.setattr(channels.pubsub, "get_message", counted)
            await asyncio.sleep(0.1)
            sent = [
                Notice(f"event:{5 + n % 2}", "skip" if n % 7 == 0 else "round", {"n": n})
                for n in range(200)
            ]
            await asyncio.to_thread(publisher.publish_all, sent)
            heard_five, heard_six = aiter(five), aiter(six)
            got_five = [await asyncio.wait_for(anext(heard_five), timeout=5) for _ in range(85)]
            got_six = [await asyncio.wait_for(anext(heard_six), timeout=5) for _ in range(100)]
            return got_five, got_six

    five, six = asyncio.run(scenario())
    assert [n.data["n"] for n in five] == [n for n in range(0, 200, 2) if n % 7]
    assert [n.data["n"] for n in six] == list(range(1, 200, 2))
    assert len(reads) < 100  # most of the 200 came from the buffer, not a read each
    publisher.close()
    subscriber.close()


def test_an_internal_topics_notices_set_no_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: a topic no page's stream opens on (``untimed``, the draft's) is published
    without its time, alone or with others; the others' time is set as ever."""
    monkeypatch.setattr(broker_module, "_UNTIMED", {"draft"})
    publisher = _redis_or_skip()
    subscriber = RedisBroker(REDIS_URL, prefix=publisher._prefix)
    lone, event = Notice("draft:4", "picked", {"seat": 1}), Notice("event:4", "draft", {})

    async def scenario() -> list[Notice]:
        async with subscriber.subscribe("draft:4") as notices:
            await asyncio.sleep(0.1)
            await asyncio.to_thread(publisher.publish, lone)
            await asyncio.to_thread(publisher.publish_all, [lone, event])
            heard = aiter(notices)
            return [await asyncio.wait_for(anext(heard), timeout=5) for _ in range(2)]

    assert asyncio.run(scenario()) == [lone, lone]
    assert publisher.last_published("draft:4") is None
    assert publisher.last_published("event:4") is not None
    publisher.close()
    subscriber.close()
