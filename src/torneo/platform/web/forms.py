"""Reading page forms: whole numbers and check boxes, with refusals that name the field.

Every discipline's pages read their form fields through these, so a bad number says the same
thing, in the reader's language, on every page.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from fastapi import Request
from fastapi.exceptions import RequestValidationError

from torneo.core.errors import TorneoError
from torneo.core.messages import N_
from torneo.core.uploads import UploadLimits, check_bytes

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


def refuse_repeated(names: Iterable[str]) -> None:
    """Refuse a request that gives a field twice (``username=a&username=b``, a JSON key twice).

    Two readers of one request could otherwise take different values (the rate limit one user
    name, the password check another), so no value is chosen: the request is refused.

    >>> refuse_repeated(["username", "password"])
    >>> refuse_repeated(["username", "password", "username"])
    Traceback (most recent call last):
    ...
    torneo.core.errors.TorneoError: username: is given more than once (accepted: one value)
    """
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise TorneoError(name[:40], N_("is given more than once"), N_("one value"))
        seen.add(name)


def form_text(form: Mapping[str, Any], field: str, max_length: int) -> str:
    """A text field of a form read by hand (missing is empty), at most ``max_length`` long."""
    value = form.get(field, "")
    if not isinstance(value, str):
        raise TorneoError(field, N_("is not text"), N_("a text field"))
    if len(value) > max_length:
        raise TorneoError(
            field,
            N_("is longer than %(n)s characters"),
            N_("at most %(n)s characters"),
            params={"n": max_length},
        )
    return value


async def upload_bytes(upload: object, limits: UploadLimits, field: str = "file") -> bytes:
    """The bytes of a form's uploaded file (empty when none was sent), read only up to one byte
    past ``limits.bytes`` and refused beyond (issue 27 hole 2): call it once the actor is known
    to be allowed, so a refused actor's file is never read."""
    if upload is None or isinstance(upload, str):
        return b""
    read = getattr(upload, "read", None)
    if read is None:
        return b""
    data: bytes = await read(limits.bytes + 1)
    check_bytes(field, len(data), limits)
    return data


def text_fields(
    *names: str, max_length: int = 200
) -> Callable[[Request], Awaitable[dict[str, str]]]:
    """A dependency giving a small form's text fields by name ("" when absent), each at most
    ``max_length`` characters, as ``Annotated[str, Form(max_length=...)]`` parameters would.

    Issue 32 item 4: FastAPI works out each form parameter's annotation again at every request:
    an async route with the report's four fields cost 128-161 µs a request, 62-90 µs with them
    read here (docs/deploy.md; a player's report is the hottest form). An url-encoded body is parsed with :func:`urllib.parse.parse_qsl`; any
    other (multipart) goes through Starlette's parser. The last value of a repeated field
    counts, and a value too long is the same 422 as FastAPI's (``string_too_long``)."""

    async def read(request: Request) -> dict[str, str]:
        kind = request.headers.get("content-type", "")
        given: dict[str, Any]
        if kind.startswith("application/x-www-form-urlencoded"):
            body = (await request.body()).decode("utf-8", "replace")
            given = dict(parse_qsl(body, keep_blank_values=True))
        elif kind.startswith("multipart/form-data"):
            given = dict((await request.form()).multi_items())
        else:
            given = {}
        out, errors = text_values(given, names, max_length)
        if errors:
            raise RequestValidationError(errors)
        return out

    return read


def text_values(
    given: Mapping[str, Any], names: Iterable[str], max_length: int
) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The fields ``names`` of a parsed form ("" when absent), and FastAPI's validation errors
    of those that are not text or longer than ``max_length`` (:func:`text_fields`)."""
    out: dict[str, str] = {}
    errors: list[dict[str, Any]] = []
    for name in names:
        value = given.get(name, "")
        if not isinstance(value, str):
            errors.append(_error("string_type", name, "Input should be a valid string"))
        elif len(value) > max_length:
            says = f"String should have at most {max_length} characters"
            errors.append(_error("string_too_long", name, says, value, max_length))
        else:
            out[name] = value
    return out, errors


def _error(
    kind: str, name: str, says: str, value: object = None, max_length: int | None = None
) -> dict[str, Any]:
    error: dict[str, Any] = {"type": kind, "loc": ("body", name), "msg": says, "input": value}
    if max_length is not None:
        error["ctx"] = {"max_length": max_length}
    return error
