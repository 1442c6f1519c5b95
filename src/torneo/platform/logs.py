"""Structured logs (issue 31 item 3): JSON lines with the request id, or plain text.

- Every request gets an id: the proxy's ``X-Request-ID`` when it is sane (at most 64 letters,
  digits, ``.``, ``_`` or ``-``), else a new one. It is echoed in the answer's ``X-Request-ID``
  header, shown on error pages, and carried by every log line written while the request is
  served (a context variable, so threads and tasks of the request see it too).
- One line per request (logger ``torneo.access``: method, path, route, status, ms, client) and
  one per audited change once its transaction has committed (logger ``torneo.audit``: action,
  entity, ids, actor), so a log search by request id finds what a request changed.
- ``TORNEO_LOG_FORMAT=json`` writes each record as one JSON object a line (the default in
  production), ``text`` a readable line (the default elsewhere).
"""

from __future__ import annotations

import json
import logging
import os
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

REQUEST_ID: ContextVar[str | None] = ContextVar("torneo_request_id", default=None)
SANE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
# Attributes every LogRecord has: anything else was passed as ``extra`` and goes in the line.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}

access_log = logging.getLogger("torneo.access")
audit_log = logging.getLogger("torneo.audit")


def request_id_from(header: str | None) -> str:
    """The proxy's id when it is sane (a log line must never carry what a client made up to
    break it), else a fresh one."""
    if header and SANE_ID.match(header):
        return header
    return uuid.uuid4().hex


def _extras(record: logging.LogRecord) -> dict[str, Any]:
    return {k: v for k, v in vars(record).items() if k not in _STANDARD and k != "request_id"}


def _stamp_request_id() -> None:
    """Every record takes the request id when it is made, in the request's own context: a
    handler that formats it later (a queue, a test's capture) still has it."""
    make = logging.getLogRecordFactory()
    if getattr(make, "torneo", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = make(*args, **kwargs)
        record.request_id = REQUEST_ID.get()
        return record

    factory.torneo = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


_stamp_request_id()


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO), level, logger, message, request id, extras."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = getattr(record, "request_id", None) or REQUEST_ID.get()
        if request_id:
            line["request_id"] = request_id
        line.update(_extras(record))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class PlainLines(logging.Formatter):
    """A readable line: ``time level logger [request id] message key=value …``."""

    def format(self, record: logging.LogRecord) -> str:
        request_id = getattr(record, "request_id", None) or REQUEST_ID.get()
        extras = " ".join(f"{k}={v}" for k, v in _extras(record).items() if k != "request_id")
        stamp = datetime.fromtimestamp(record.created, UTC).strftime("%H:%M:%S")
        text = f"{stamp} {record.levelname} {record.name}"
        text += f" [{request_id}]" if request_id else ""
        text += f" {record.getMessage()}" + (f" {extras}" if extras else "")
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


def log_format(env: str | None = None) -> str:
    """``TORNEO_LOG_FORMAT`` if set, else JSON in production and text elsewhere."""
    chosen = os.environ.get("TORNEO_LOG_FORMAT")
    if chosen in ("json", "text"):
        return chosen
    return "json" if (env or os.environ.get("TORNEO_ENV")) == "production" else "text"


def logging_config(fmt: str, *, access: bool = True) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for ``torneo serve`` (uvicorn's loggers included)."""
    formatter = (
        "torneo.platform.logs.JsonLines" if fmt == "json" else "torneo.platform.logs.PlainLines"
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"torneo": {"()": formatter}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "torneo",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["stderr"], "level": "INFO"},
        "loggers": {
            "uvicorn": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            # Torneo writes its own access line, with the request id and the route.
            "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False},
            "torneo.access": {"level": "INFO" if access else "WARNING"},
        },
    }


def log_audits(rows: list[dict[str, Any]]) -> None:
    """One ``torneo.audit`` line per committed audit row (called after the commit)."""
    if not audit_log.isEnabledFor(logging.INFO):
        return
    for row in rows:
        audit_log.info(
            "%s %s %s",
            row["action"],
            row["entity"],
            row["entity_id"],
            extra={
                "action": row["action"],
                "entity": row["entity"],
                "entity_id": row["entity_id"],
                "event_id": row.get("event_id"),
                "actor": row["actor"],
            },
        )
