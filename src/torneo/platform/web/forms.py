"""Reading page forms: whole numbers and check boxes, with refusals that name the field.

Every discipline's pages read their form fields through these, so a bad number says the same
thing, in the reader's language, on every page.
"""

from __future__ import annotations

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

WHOLE_NUMBER = N_("a whole number")
_YES = frozenset({"1", "on", "true", "yes", "si", "sì"})


def form_int(
    field: str,
    value: str | None,
    *,
    required: bool = True,
    default: int | None = None,
    accepted: str = WHOLE_NUMBER,
) -> int | None:
    """The whole number typed in ``field``; empty gives ``default``, or a refusal if ``required``.

    >>> form_int("table", " 12 ")
    12
    >>> form_int("table", "", required=False) is None
    True
    """
    raw = (value or "").strip()
    if not raw:
        if required and default is None:
            raise TorneoError(field, N_("is empty"), accepted)
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise TorneoError(
            field, N_("'%(value)s' is not a whole number"), accepted, params={"value": raw[:20]}
        ) from exc


def form_int_required(field: str, value: str | None, *, accepted: str = WHOLE_NUMBER) -> int:
    """A whole number that must be there (:func:`form_int` with ``required=True``)."""
    number = form_int(field, value, required=True, accepted=accepted)
    assert number is not None  # required: empty raised
    return number


def checked(value: str | None) -> bool:
    """A check box or a yes/no field: "on", "1", "true", "yes", "sì" are yes."""
    return (value or "").strip().lower() in _YES
