"""Unit of work: one transaction per service action, with its audit rows in the same commit.

A stale version (another writer committed first) becomes :class:`Conflict`; any error rolls the
whole action back, so a refused action changes nothing (DESIGN.md: services own transactions).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import Connection, Engine, Table, insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from torneo.core.errors import Conflict
from torneo.core.messages import N_
from torneo.core.policy import Actor as Actor  # re-exported: every use case takes one
from torneo.platform.live.broker import Broker, InProcessBroker, Notice, RedisBroker
from torneo.platform.logs import log_audits
from torneo.platform.store.db import make_engine, make_session_factory
from torneo.platform.store.tables import AuditEntry

log = logging.getLogger(__name__)


_AUDIT = cast(Table, AuditEntry.__table__)


@dataclass
class UnitOfWork:
    session: Session
    actor: Actor
    now: datetime
    notices: list[Notice] = field(default_factory=list)
    # Audit rows wait here and are written with one INSERT just before the commit (issue 14:
    # an ORM object per row cost a flush each); nothing reads the log inside a transaction.
    audits: list[dict[str, Any]] = field(default_factory=list)
    written: list[dict[str, Any]] = field(default_factory=list)  # inserted, logged after commit
    _connection: Connection | None = None

    def connection(self) -> Connection:
        """The transaction's connection, for Core statements (the hot paths' rows)."""
        if self._connection is None:
            self._connection = self.session.connection()
        return self._connection

    @contextmanager
    def acting_as(self, actor: Actor) -> Iterator[None]:
        """Within the block the unit's rows and audit entries are ``actor``'s: one transaction
        that writes several people's actions together (a batch of players' reports) names
        each one's author, as their own transactions would."""
        before, self.actor = self.actor, actor
        try:
            yield
        finally:
            self.actor = before

    def notify(self, topic: str, kind: str, **data: Any) -> None:
        """Queue a live-update notice; it is published only if the transaction commits."""
        self.notices.append(Notice(topic, kind, data))

    def audit(
        self,
        action: str,
        entity: str,
        entity_id: int | None,
        *,
        event_id: int | None = None,
        before: dict[str, Any] | None = None,
        after: dict[str, Any] | None = None,
        reason: str | None = None,
    ) -> None:
        self.audits.append(
            {
                "at": self.now,
                "actor": self.actor.name,
                "action": action,
                "entity": entity,
                "entity_id": entity_id,
                "event_id": event_id,
                "before": before,
                "after": after,
                "reason": reason,
            }
        )

    def write_audits(self) -> None:
        """The waiting audit rows, in the order they were given (called before the commit)."""
        if self.audits:
            self.session.execute(insert(_AUDIT), self.audits)
            self.written.extend(self.audits)  # logged once committed (torneo.platform.logs)
            self.audits.clear()

    def audit_many(
        self,
        action: str,
        entity: str,
        rows: Sequence[tuple[int | None, dict[str, Any] | None]],
        *,
        event_id: int | None = None,
    ) -> None:
        """One audit row per ``(entity_id, after)`` of a bulk action (a roster paste): the same
        rows as :meth:`audit` would write, in order with the others."""
        base = {"at": self.now, "actor": self.actor.name, "action": action, "entity": entity}
        self.audits.extend(
            {
                **base,
                "entity_id": entity_id,
                "event_id": event_id,
                "before": None,
                "after": after,
                "reason": None,
            }
            for entity_id, after in rows
        )


class Store:
    """The database of one deployment: an engine, a session factory and a clock."""

    def __init__(
        self,
        engine: Engine,
        clock: Callable[[], datetime] | None = None,
        broker: Broker | None = None,
    ) -> None:
        self.engine = engine
        self.broker: Broker = broker or InProcessBroker()
        self.sessions: sessionmaker[Session] = make_session_factory(engine)
        self.clock = clock or (lambda: datetime.now(UTC))

    @classmethod
    def from_url(cls, url: str | None = None, broker: Broker | None = None) -> Store:
        return cls(make_engine(url), broker=broker)

    @contextmanager
    def unit(self, actor: Actor) -> Iterator[UnitOfWork]:
        """A write transaction: committed at the end of the block, rolled back on any error."""
        session = self.sessions()
        uow = UnitOfWork(session, actor, self.clock())
        try:
            yield uow
            uow.write_audits()
            session.commit()
        except StaleDataError as exc:
            session.rollback()
            raise Conflict(
                "version",
                N_("someone else changed this first; nothing was saved"),
                N_("reload and retry"),
            ) from exc
        except IntegrityError as exc:
            session.rollback()
            raise Conflict(
                "data",
                N_("the change clashes with stored data: %(detail)s"),
                N_("reload and retry"),
                params={"detail": exc.orig},
            ) from exc
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()
        log_audits(uow.written)  # issue 31 item 3: one log line per committed change
        self._publish(uow.notices)  # after the commit: a notice never announces a rollback

    def publish(self, notices: Sequence[Notice]) -> None:
        """Notices of a change committed without a unit (``cards.draft.commands_fast``), as a
        unit publishes its own after its commit."""
        self._publish(notices)

    def _publish(self, notices: Sequence[Notice]) -> None:
        # A lost notice costs freshness, never data (torneo.platform.live): logged, not raised,
        # in one line without a traceback (a `torneo` command on a server whose Redis is away
        # printed one per notice), and the unit's other notices are not tried: each would wait
        # for the broker's connection retries again (issue 31).
        if len(notices) > 1 and isinstance(self.broker, RedisBroker):
            try:  # one round trip for the commit's notices (issue 32 item 4)
                self.broker.publish_all(notices)
            except Exception as exc:
                log.warning("%s live notice(s) not published: %s", len(notices), exc)
            return
        for sent, notice in enumerate(notices):
            try:
                self.broker.publish(notice)
            except Exception as exc:
                left = len(notices) - sent
                log.warning("%s live notice(s) not published, from %s: %s", left, notice, exc)
                break

    @contextmanager
    def lone_read(self) -> Iterator[Connection]:
        """A connection in autocommit for a read of one statement: no ORM, no BEGIN and no
        ROLLBACK (a single read needs no transaction around it; issue 32: a session's check
        and a draft page's event, at every page that connects)."""
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            yield connection

    @contextmanager
    def read(self) -> Iterator[Session]:
        session = self.sessions()
        try:
            yield session
        finally:
            # close() ends the read transaction without expiring what was loaded, so read
            # models built inside the block stay usable after it.
            session.close()
