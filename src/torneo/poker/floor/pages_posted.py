"""A posted form of the director's page (``/poker/{id}/director/<action>``) and who posted it,
what every action handler takes (:mod:`.pages_director`, :mod:`.pages_structure`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from starlette.datastructures import FormData

from torneo.core.uploads import UploadLimits, text_lines
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.templating import say

# Issue 27 hole 2: a pasted list (the names of a roster, a structure) is counted while read; the
# API takes 5,000 names at most (schemas.RosterIn), the page as many.
PASTE_LIMITS = UploadLimits(rows=5000)


def lines(text: str, field: str = "names") -> list[str]:
    return [line.strip() for line in text_lines(field, text, PASTE_LIMITS) if line.strip()]


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
