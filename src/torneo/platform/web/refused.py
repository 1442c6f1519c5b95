"""A page form's refusal carried over its redirect (Post/Redirect/Get, issue 26 item 3).

:func:`torneo.platform.web.session.act_and_redirect` answers a refusal by rendering the page at
the form's POST address: reloading it sends the form again, Back asks to resubmit, and the
language switch (a GET of that address) answers 405. :func:`act_or_refuse` answers every
outcome with a 303 to a GET page instead: a success with its flash message, a refusal with the
refusal itself and what was typed kept in the signed session until that page shows them once
(:func:`pop_refused`). The refusal is kept as message ids and parameters, not as text, so the
page says it in the language it is read in (a language switch right after it included).

The session is a signed cookie (4 KB): the values typed are kept up to :data:`MAX_KEPT`
characters in all (a long pasted list is cut, never the refusal), and only one refusal per
page is pending at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError, Unauthorized
from torneo.core.messages import Message, Term
from torneo.platform.web.session import flash

REFUSED_KEY = "refused"
MAX_KEPT = 1500  # characters of typed values kept in the cookie
_KINDS: dict[str, type[TorneoError]] = {
    "conflict": Conflict,
    "not-found": NotFound,
}


def _encode(value: Any) -> Any:
    if isinstance(value, Message):
        return {"$m": value.id, "p": {k: _encode(v) for k, v in value.params.items()}}
    if isinstance(value, Term):
        return {"$t": str(value)}
    if isinstance(value, list | tuple):
        return [_encode(v) for v in value]
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


def _decode(value: Any) -> Any:
    if isinstance(value, dict) and "$m" in value:
        return Message(str(value["$m"]), {k: _decode(v) for k, v in value.get("p", {}).items()})
    if isinstance(value, dict) and "$t" in value:
        return Term(str(value["$t"]))
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def _kept(form: Mapping[str, str]) -> dict[str, str]:
    kept: dict[str, str] = {}
    room = MAX_KEPT
    for key, value in form.items():
        if key in {"csrf_token", "version"} or room <= 0:
            continue
        kept[key] = value[:room]
        room -= len(kept[key])
    return kept


def keep_refusal(request: Request, page: str, err: TorneoError, form: Mapping[str, str]) -> None:
    """Remember ``err`` and the values typed for the next GET of ``page`` (a path)."""
    request.session[REFUSED_KEY] = {
        "page": page,
        "kind": err.code,
        "field": err.field,
        "reason": _encode(err.reason_message),
        "accepted": _encode(err.accepted_message),
        "rule": err.rule,
        "form": _kept(form),
    }


@dataclass(frozen=True, slots=True)
class Refused:
    """A refusal brought back to its page: the error as it was raised, the values typed."""

    error: TorneoError
    form: dict[str, str]


def pop_refused(request: Request, page: str) -> Refused | None:
    """The refusal kept for ``page`` (then forgotten), or None."""
    kept = request.session.get(REFUSED_KEY)
    if not isinstance(kept, dict) or kept.get("page") != page:
        return None
    request.session.pop(REFUSED_KEY, None)
    kind = _KINDS.get(str(kept.get("kind")), TorneoError)
    reason = _decode(kept.get("reason"))
    accepted = _decode(kept.get("accepted"))
    error = kind(
        str(kept.get("field", "")),
        reason if isinstance(reason, Message) else str(reason),
        accepted if isinstance(accepted, Message) else None,
        rule=kept.get("rule"),
    )
    form = kept.get("form")
    return Refused(error, dict(form) if isinstance(form, dict) else {})


def act_or_refuse(
    request: Request,
    action: Callable[[], tuple[str, str]],
    *,
    page: str,
    form: Mapping[str, str],
) -> Response:
    """Post/Redirect/Get for a page form (module doc): run one service call, which returns its
    flash message and the anchor to come back to; answer 303 to ``page`` either way."""
    try:
        message, anchor = action()
    except (Forbidden, Unauthorized):
        raise  # who may not act gets the 403 page, not a form to try again
    except TorneoError as err:
        keep_refusal(request, page, err, form)
        return RedirectResponse(f"{page}#refused", status_code=303)
    flash(request, "ok", message)
    return RedirectResponse(f"{page}{anchor}", status_code=303)
