"""The one error family of Torneo (DESIGN.md: errors).

Every error names the field that was wrong, what was wrong with it and what is accepted, so the
web edge can turn it into an RFC 9457 problem and the CLI into a message with exit code 2.
Expected refusals inside the domain are values (:class:`Refusal`); they become a
:class:`TorneoError` only when a service decides to refuse the whole action.
"""

from __future__ import annotations

from dataclasses import dataclass


class TorneoError(ValueError):
    """Bad input or a forbidden action. Nothing was changed when this is raised."""

    status = 422
    code = "invalid"

    def __init__(self, field: str, reason: str, accepted: str | None = None) -> None:
        self.field = field
        self.reason = reason
        self.accepted = accepted
        message = f"{field}: {reason}"
        if accepted:
            message += f" (accepted: {accepted})"
        super().__init__(message)

    def as_dict(self) -> dict[str, str | None]:
        return {"field": self.field, "reason": self.reason, "accepted": self.accepted}


class NotFound(TorneoError):
    status = 404
    code = "not-found"


class Conflict(TorneoError):
    """The action clashes with the current state: a stale version, a duplicate, a wrong phase."""

    status = 409
    code = "conflict"


class Forbidden(TorneoError):
    status = 403
    code = "forbidden"


class Unauthorized(TorneoError):
    status = 401
    code = "unauthorized"


@dataclass(frozen=True)
class Refusal:
    """Why an action cannot be done, as a value (DESIGN.md: a check and a do)."""

    field: str
    reason: str
    accepted: str | None = None
    rule: str | None = None

    def raise_as(self, kind: type[TorneoError] = TorneoError) -> TorneoError:
        reason = f"{self.reason} [{self.rule}]" if self.rule else self.reason
        return kind(self.field, reason, self.accepted)
