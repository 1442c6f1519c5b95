"""Post/Redirect/Get with refusals (issue 26 item 3): a page form always ends on a GET page.

A form's POST runs one service call. Accepted: a flash message and a redirect (303) to the page
it belongs to (:func:`act_then_get` does both parts). Refused: the
refusal and what was typed are kept in the signed session cookie and the browser is sent (303)
to the GET page, which takes them back (:func:`take_refusal`) and shows the form with the error
and the values typed. So a reload or Back never sends the form again, and the language switch
(a GET of the same address) works on the page the refusal is shown on.

Only input refusals travel this way (422 bad input, 409 conflict, 404 a thing named by the form
that does not exist). "You may not" (401, 403) is raised again and answered by the app's error
page: no form of that page is for this visitor. A form whose secret is what was refused (the
login's user name and password, 401; a slip code, 403) passes ``credentials=True``: that refusal
is the form's own and travels too.

Decision: the cookie is small (browsers keep about 4 KB), so what was typed is kept up to
:data:`MAX_KEPT` characters in all, the longest values dropped first; a page whose typed text
was too long to keep says so (``dropped``) next to the refusal. A refusal that lists its parts
(a season import's wrong rows) keeps as many of them (``details``) as fit in the same budget,
after the values typed, and says how many more there were (``more``). The response carries the
refusal's status in ``X-Torneo-Refused`` (tests and scripts can tell a refused form from an
accepted one without following the redirect).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from torneo.core.errors import Conflict, Forbidden, NotFound, TorneoError, Unauthorized
from torneo.core.message_json import dump_message, load_message
from torneo.platform.web.session import flash

REFUSAL_KEY = "refused"
MAX_KEPT = 1500  # characters of typed values kept in the cookie, every field together
REFUSED_HEADER = "X-Torneo-Refused"
_KINDS: dict[int, type[TorneoError]] = {404: NotFound, 409: Conflict, 422: TorneoError}
_CREDENTIALS: dict[int, type[TorneoError]] = {**_KINDS, 401: Unauthorized, 403: Forbidden}
# Never kept in the cookie: secrets (a password, the CSRF token, a one-time code: fields named
# exactly "code"), and the version a form was read at (the page brought back shows the current
# one, or the next try would be refused again). Other names with "code" in them (a card set's
# code, a roster of player codes) are what was typed, and kept.
_SECRET = frozenset({"csrf_token", "code", "version"})


@dataclass(frozen=True, slots=True)
class Refused:
    """What a refused form left for its GET page: the error, the values typed, and whether some
    typed text was too long to keep."""

    error: TorneoError | None = None
    form: dict[str, str] = field(default_factory=dict)
    dropped: bool = False
    details: tuple[dict[str, str], ...] = ()
    more: int = 0


def _kept(form: Mapping[str, Any]) -> tuple[dict[str, str], bool]:
    # A ticked box is kept as "1" and an empty one as "" (the page tests it for truth: "False"
    # would read as ticked).
    values = {
        str(k): ("1" if v else "") if isinstance(v, bool) else str(v)
        for k, v in form.items()
        if isinstance(v, str | int | bool) and str(k) not in _SECRET and "password" not in str(k)
    }
    dropped = False
    while values and sum(len(k) + len(v) for k, v in values.items()) > MAX_KEPT:
        longest = max(values, key=lambda k: len(values[k]))
        del values[longest]
        dropped = True
    return values, dropped


def _details_kept(
    details: Sequence[Mapping[str, str]], budget: int
) -> tuple[list[dict[str, str]], int]:
    kept: list[dict[str, str]] = []
    for item in details:
        size = sum(len(k) + len(v) + 8 for k, v in item.items())
        if size > budget:
            break
        kept.append(dict(item))
        budget -= size
    return kept, len(details) - len(kept)


def refuse_to(
    request: Request,
    err: TorneoError,
    url: str,
    form: Mapping[str, Any] | None = None,
    *,
    details: Sequence[Mapping[str, str]] = (),
    credentials: bool = False,
) -> Response:
    """Keep ``err`` and what was typed for the GET page at ``url`` and redirect (303) there;
    401 and 403 are raised again (the app's error page answers them), but for a form's own
    secret refused (``credentials``, the module doc)."""
    if err.status not in (_CREDENTIALS if credentials else _KINDS):
        raise err
    values, dropped = _kept(form or {})
    budget = MAX_KEPT - sum(len(k) + len(v) for k, v in values.items())
    parts, more = _details_kept(details, budget)
    accepted = err.accepted_message
    request.session[REFUSAL_KEY] = {
        "path": url.split("#", 1)[0].split("?", 1)[0],
        "status": err.status,
        "field": err.field,
        "reason": dump_message(err.reason_message),
        "accepted": None if accepted is None else dump_message(accepted),
        "rule": err.rule,
        "form": values,
        "dropped": dropped,
        "details": parts,
        "more": more,
    }
    lang = request.query_params.get("lang")
    if lang and "lang=" not in url:  # a form posted with ?lang= is answered in that language
        path, _, anchor = url.partition("#")
        url = f"{path}{'&' if '?' in path else '?'}{urlencode({'lang': lang})}"
        url += f"#{anchor}" if anchor else ""
    response = RedirectResponse(url, status_code=303)
    response.headers[REFUSED_HEADER] = str(err.status)
    return response


def take_refusal(request: Request) -> Refused:
    """The refusal kept for this page (its path), once; nothing when there is none."""
    if request.headers.get("HX-Request") == "true" or "session" not in request.scope:
        return Refused()  # a live refresh of a section: the refusal is for the page itself
    kept = request.session.get(REFUSAL_KEY)
    if not isinstance(kept, dict) or kept.get("path") != request.url.path:
        return Refused()
    request.session.pop(REFUSAL_KEY, None)
    kind = _CREDENTIALS.get(int(kept.get("status") or 422), TorneoError)
    accepted = kept.get("accepted")
    error = kind(
        str(kept.get("field") or ""),
        load_message(str(kept.get("reason") or "")),
        None if accepted is None else load_message(str(accepted)),
        rule=kept.get("rule"),
    )
    form = kept.get("form") or {}
    details = tuple(
        {str(k): str(v) for k, v in item.items()}
        for item in kept.get("details") or ()
        if isinstance(item, dict)
    )
    return Refused(
        error,
        {str(k): str(v) for k, v in form.items()},
        bool(kept.get("dropped")),
        details,
        int(kept.get("more") or 0),
    )


def act_then_get(
    request: Request,
    action: Callable[[], str | tuple[str, str]],
    *,
    success_url: str,
    refused_url: str | None = None,
    form: Mapping[str, Any] | None = None,
) -> Response:
    """Post/Redirect/Get for a page form: one service call; accepted, its message is flashed
    and the browser goes to ``success_url`` (plus the anchor the action may return with its
    message, e.g. the table just changed); refused, to ``refused_url`` (the same page when not
    given) with the refusal and ``form`` kept (:func:`refuse_to`)."""
    try:
        done = action()
    except TorneoError as err:
        return refuse_to(request, err, refused_url or success_url, form)
    message, anchor = (done, "") if isinstance(done, str) else done
    flash(request, "ok", message)
    return RedirectResponse(f"{success_url}{anchor}", status_code=303)


__all__ = ["MAX_KEPT", "REFUSED_HEADER", "Refused", "act_then_get", "refuse_to", "take_refusal"]
