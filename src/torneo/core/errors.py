"""The one error family of Torneo (DESIGN.md: errors).

Every error names the field that was wrong, what was wrong with it and what is accepted, so the
web edge can turn it into an RFC 9457 problem and the CLI into a message with exit code 2.
Expected refusals inside the domain are values (:class:`Refusal`); they become a
:class:`TorneoError` only when a service decides to refuse the whole action.

The reason and the accepted values are message ids (:mod:`torneo.core.messages`): an English
template marked with ``N_`` and its parameters, so the pages show them in the reader's language
without matching sentences back. ``err.reason`` and ``err.accepted`` are the English text (the
CLI's and the API's words); ``err.reason_message`` and ``err.accepted_message`` keep the ids.

>>> err = TorneoError("round", N_("round %(round)s is not the current round (%(current)s)"),
...                   params={"round": 2, "current": 3})
>>> str(err)
'round: round 2 is not the current round (3)'
>>> err.reason_message.id
'round %(round)s is not the current round (%(current)s)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from torneo.core.messages import N_, Message, _no_params, english, message

__all__ = [
    "N_",
    "Conflict",
    "Forbidden",
    "Message",
    "NotFound",
    "Refusal",
    "TorneoError",
    "Unauthorized",
]


class TorneoError(ValueError):
    """Bad input or a forbidden action. Nothing was changed when this is raised.

    ``reason`` and ``accepted`` are message ids (or :class:`Message` values); ``params`` fills
    the placeholders of both. ``rule`` is the rule id the refusal applies; it is shown after
    the reason in every language.
    """

    status = 422
    code = "invalid"

    def __init__(
        self,
        field: str,
        reason: str | Message,
        accepted: str | Message | None = None,
        *,
        params: Mapping[str, Any] | None = None,
        rule: str | None = None,
    ) -> None:
        self.field = field
        self.reason_message = message(reason, params)
        self.accepted_message = None if accepted is None else message(accepted, params)
        self.rule = rule
        text = f"{field}: {self.reason}"
        if self.accepted:
            text += f" (accepted: {self.accepted})"
        super().__init__(text)

    @property
    def reason(self) -> str:
        """The reason in English, with the rule id when there is one."""
        text = self.reason_message.english()
        return f"{text} [{self.rule}]" if self.rule else text

    @property
    def accepted(self) -> str | None:
        return english(self.accepted_message)

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


class Unavailable(TorneoError):
    """The server cannot take the request now (every database connection busy): retry later.
    Nothing was changed."""

    status = 503
    code = "unavailable"


class Unauthorized(TorneoError):
    status = 401
    code = "unauthorized"


@dataclass(frozen=True)
class Refusal:
    """Why an action cannot be done, as a value (DESIGN.md: a check and a do).

    ``reason`` and ``accepted`` are message ids filled by ``params``, as in :class:`TorneoError`;
    :attr:`text` is the reason in English.
    """

    field: str
    reason: str
    accepted: str | None = None
    rule: str | None = None
    params: Mapping[str, Any] = dataclass_field(default_factory=_no_params, hash=False)

    @property
    def reason_message(self) -> Message:
        return message(self.reason, self.params)

    @property
    def accepted_message(self) -> Message | None:
        return None if self.accepted is None else message(self.accepted, self.params)

    @property
    def text(self) -> str:
        """The reason in English, with the rule id when there is one."""
        text = self.reason_message.english()
        return f"{text} [{self.rule}]" if self.rule else text

    def raise_as(self, kind: type[TorneoError] = TorneoError) -> TorneoError:
        return kind(self.field, self.reason_message, self.accepted_message, rule=self.rule)
