"""A posted form of the director's page (``/poker/{id}/director/<action>``) and who posted it,
what every action handler takes (:mod:`.pages_director`, :mod:`.pages_structure`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from starlette.datastructures import FormData

from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.templating import say


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@dataclass(frozen=True, slots=True)
class Posted:
    """One posted form of the director's page and who posted it."""

    request: Request
    store: Store
    actor: Actor
    tid: int
    raw: FormData
    form: Mapping[str, str]
    version: int | None

    def get(self, key: str, default: str = "") -> str:
        return self.form.get(key, default).strip()

    def counts(self, prefix: str) -> dict[str, str]:
        """``count_<player id>`` fields (chip counts, the stacks of a chop) that were filled."""
        return {
            key.removeprefix(prefix): str(value)
            for key, value in self.form.items()
            if key.startswith(prefix) and str(value).strip()
        }

    def say(self, message: str, **values: Any) -> str:
        return say(self.request, message, **values)


# (flash message, anchor of the section to come back to)
Outcome = tuple[str, str]
