"""Errors at the HTTP edge as RFC 9457 problem details (``application/problem+json``).

A :class:`TorneoError` keeps its ``field``, ``reason`` and ``accepted`` as extension members and
its class decides the status (422 bad input, 404, 409 conflict, 403, 401). Pydantic's validation
errors take the same shape, naming the first field that failed and listing all of them in
``errors``. ``type`` is a relative URI (``/problems/<code>``) that the app documents itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from http import HTTPStatus
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from torneo.core.errors import TorneoError
from torneo.core.messages import Message
from torneo.platform.i18n import N_

PROBLEM_JSON = "application/problem+json"

# What each problem type means, served at /problems/<code> (the ``type`` URI).
PROBLEM_TYPES: dict[str, str] = {
    "invalid": N_(
        "The request had a value that is not accepted: `field` names it and `accepted` says "
        "what would be."
    ),
    "not-found": N_("The thing named by `field` does not exist."),
    "conflict": N_(
        "The action clashes with the current state of the event: a stale `version`, a "
        "duplicate, or an action out of phase. Reload and try again."
    ),
    "forbidden": N_("Your account may not do this."),
    "unauthorized": N_("Log in first (POST /api/v1/session)."),
    "csrf": N_(
        "A state-changing request made with the session cookie must carry the session's CSRF "
        "token in the X-CSRF-Token header (or the csrf_token form field)."
    ),
    "http": N_("An HTTP error without further detail."),
}


def problem(
    status: int,
    code: str,
    detail: str,
    *,
    title: str | None = None,
    instance: str | None = None,
    **extra: Any,
) -> JSONResponse:
    body: dict[str, Any] = {
        "type": f"/problems/{code}",
        "title": title or HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
    }
    if instance:
        body["instance"] = instance
    body.update({k: v for k, v in extra.items() if v is not None})
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON)


def from_torneo_error(err: TorneoError, instance: str | None = None) -> JSONResponse:
    return problem(
        err.status,
        err.code,
        str(err),
        instance=instance,
        field=err.field,
        reason=err.reason,
        accepted=err.accepted,
    )


def field_of(loc: Sequence[Any]) -> str:
    """``("body", "players", 0, "name")`` → ``players.0.name``; the location kind is dropped."""
    parts = [str(p) for p in loc]
    if parts and parts[0] in {"body", "query", "path", "header", "cookie", "form"}:
        parts = parts[1:]
    return ".".join(parts) or "body"


def from_validation_errors(errors: Sequence[Any], instance: str | None = None) -> JSONResponse:
    listed = [
        {
            "field": field_of(e.get("loc", ())),
            "reason": str(e.get("msg", "invalid")),
            "accepted": _accepted(e),
        }
        for e in errors
    ]
    first = listed[0] if listed else {"field": "body", "reason": "invalid", "accepted": None}
    detail = "; ".join(f"{e['field']}: {e['reason']}" for e in listed) or "invalid request"
    return problem(
        422,
        "invalid",
        detail,
        instance=instance,
        field=first["field"],
        reason=first["reason"],
        accepted=first["accepted"],
        errors=listed,
    )


def _accepted(error: Any) -> str | None:
    kind = str(error.get("type", ""))
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "a value (this field is required)"
    if kind.startswith("int"):
        return "a whole number" + _bounds(ctx)
    if kind.startswith("bool"):
        return "true or false"
    if kind.startswith("string"):
        return "text" + _bounds(ctx)
    if kind == "extra_forbidden":
        return "only the documented fields"
    if kind in {"model_attributes_type", "dict_type", "json_invalid"}:
        return "a JSON object"
    if kind == "list_type":
        return "a JSON array"
    if "expected" in ctx:
        return str(ctx["expected"])
    return None


def _bounds(ctx: dict[str, Any]) -> str:
    parts = []
    for key, word in (
        ("ge", ">="),
        ("gt", ">"),
        ("le", "<="),
        ("lt", "<"),
        ("min_length", "min length"),
        ("max_length", "max length"),
    ):
        if key in ctx:
            parts.append(f"{word} {ctx[key]}")
    return f" ({', '.join(parts)})" if parts else ""


async def torneo_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TorneoError)
    return from_torneo_error(exc, request.url.path)


async def validation_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return from_validation_errors(exc.errors(), request.url.path)


async def http_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    response = problem(exc.status_code, "http", str(exc.detail), instance=request.url.path)
    if exc.headers:
        response.headers.update(exc.headers)
    return response


def problem_responses(**described: str) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a router's routes: each error status as a problem+json, described.

    ``problem_responses(forbidden="Not a judge of this event")`` overrides one description;
    the others say what every route of the API answers. ``too_many=`` adds 429 for a router
    whose routes are rate limited.
    """
    descriptions = {
        401: "Not logged in",
        403: described.get("forbidden", "Not allowed (role or CSRF token)"),
        404: described.get("not_found", "No such thing"),
        409: described.get("conflict", "Conflict: stale version, duplicate, or wrong phase"),
        422: "Invalid input: `field`, `reason`, `accepted` say what and why",
    }
    if "too_many" in described:
        descriptions[429] = described["too_many"]
    return {
        status: {
            "description": description,
            "content": {PROBLEM_JSON: {"schema": {"type": "object"}}},
        }
        for status, description in descriptions.items()
    }


# What a page says of a form value pydantic could not read, in the reader's language (issue 30
# item 8: pydantic's English sentence, "Input should be a valid integer…", was shown on Italian
# pages). The API keeps pydantic's own words (``from_validation_errors``).
_PAGE_REASONS = {
    "missing": N_("this field is required"),
    "int_parsing": N_("a whole number is needed"),
    "int_type": N_("a whole number is needed"),
    "int_from_float": N_("a whole number is needed"),
    "float_parsing": N_("a number is needed"),
    "float_type": N_("a number is needed"),
    "finite_number": N_("a number is needed"),
    "decimal_parsing": N_("a number is needed"),
    "date_parsing": N_("a date is needed (dd/mm/yyyy)"),
    "date_from_datetime_parsing": N_("a date is needed (dd/mm/yyyy)"),
    "datetime_parsing": N_("a date and time are needed"),
    "datetime_from_date_parsing": N_("a date and time are needed"),
    "bool_parsing": N_("yes or no is needed"),
    "string_too_long": N_("too long: at most %(max_length)s characters"),
    "string_too_short": N_("too short: at least %(min_length)s characters"),
    "greater_than_equal": N_("at least %(ge)s"),
    "greater_than": N_("more than %(gt)s"),
    "less_than_equal": N_("at most %(le)s"),
    "less_than": N_("less than %(lt)s"),
}


def page_reason(error: Any) -> Message:
    """The reason a page shows for one pydantic error, as a message id with its limits."""
    kind = str(error.get("type", ""))
    ctx = {k: v for k, v in (error.get("ctx") or {}).items() if isinstance(v, int | float | str)}
    text = _PAGE_REASONS.get(kind, N_("this value is not accepted"))
    try:
        text % ctx  # a limit the template names but pydantic did not give: the plain words
    except (KeyError, TypeError, ValueError):
        text = N_("this value is not accepted")
    return Message(text, ctx)


def page_reason_and_accepted(error: Any) -> tuple[Message, Message | None]:
    """:func:`page_reason` and what is accepted: the choices a value must be one of, as they
    are typed (``excel-it``), else the limits the reason already names (None)."""
    ctx = error.get("ctx") or {}
    expected = ctx.get("expected")
    accepted = Message(N_("%(accepted)s"), {"accepted": str(expected)}) if expected else None
    return page_reason(error), accepted
