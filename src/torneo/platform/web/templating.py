"""Jinja2 environment and the one ``render`` every page goes through.

Templates hold no user-visible text of their own: every sentence goes through ``_()`` (the i18n
extension, "newstyle" so ``_("%(n)s players", n=3)`` formats and escapes). ``render`` sets the
request's language, adds what the base layout needs (the actor, the CSRF token, flash messages,
the language switch) and sets the language cookie when ``?lang=`` chose one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    select_autoescape,
)

from torneo.core.messages import Message
from torneo.platform import i18n
from torneo.platform.field_labels import field_label, field_prefix
from torneo.platform.web import csrf
from torneo.platform.web.arrival import arrived
from torneo.platform.web.prg import take_refusal
from torneo.platform.web.session import current_actor, pop_flashes, settings_of

STATIC_VERSION = "4"  # bump when static files change, so browsers fetch them again


# Where templates live: (package, prefix). The platform's own layout comes first; each discipline
# registers its ``templates/`` folder from its pages module (the platform imports no discipline).
# A prefix of None serves names as they are ("event.html"); "poker" serves "poker/tv.html" from
# torneo/poker/templates/tv.html, and "poker/league.html" from torneo/poker/league/templates
# once the league's pages registered that folder under the same prefix.
_SOURCES: list[tuple[str, str | None]] = [("torneo.platform.web", None)]


def add_templates(package: str, prefix: str | None) -> None:
    """Serve ``<package>/templates`` under ``prefix/`` (called once by a discipline's pages)."""
    if (package, prefix) not in _SOURCES:
        _SOURCES.append((package, prefix))
        environment.cache_clear()


def template_folders() -> list[tuple[str, str | None]]:
    """Every template folder with its prefix (the i18n test reads every template)."""
    return [(str(resources.files(pkg) / "templates"), prefix) for pkg, prefix in _SOURCES]


def _loader() -> BaseLoader:
    plain: list[BaseLoader] = []
    prefixed: dict[str, list[BaseLoader]] = {}
    for folder, prefix in template_folders():
        if prefix is None:
            plain.append(FileSystemLoader(folder))
        else:
            prefixed.setdefault(prefix, []).append(FileSystemLoader(folder))
    # Several folders may serve one prefix: a sub-feature keeps its templates beside its code
    # (torneo/poker/league/templates) and they keep their names ("poker/league.html").
    return ChoiceLoader(
        [*plain, PrefixLoader({prefix: ChoiceLoader(ls) for prefix, ls in prefixed.items()})]
    )


@cache
def environment(auto_reload: bool = False) -> Environment:
    env = Environment(
        loader=_loader(),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        auto_reload=auto_reload,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext, i18n.ngettext, newstyle=True
    )
    env.filters["day"] = i18n.format_day
    env.filters["moment"] = i18n.format_moment
    env.filters["clock"] = i18n.format_clock
    env.filters["local_input"] = i18n.format_local_input
    env.filters["number"] = i18n.format_number
    env.filters["share"] = i18n.format_share
    env.filters["reason"] = i18n.translate_reason
    env.filters["accepted"] = i18n.translate_accepted
    env.filters["field"] = field_label
    env.filters["field_prefix"] = field_prefix
    env.globals["N_"] = i18n.N_
    env.globals["static_version"] = STATIC_VERSION
    env.globals["language_name"] = i18n.language_name
    env.globals["languages"] = i18n.LANGUAGES
    env.globals["tiebreak_short"] = i18n.tiebreak_short
    env.globals["tiebreak_long"] = i18n.tiebreak_long
    env.globals["percent_tiebreaks"] = i18n.PERCENT_TIEBREAKS
    env.globals["points_part"] = i18n.points_part
    env.globals["top_round_name"] = i18n.top_round_name
    env.globals["status_name"] = i18n.status_name
    return env


def page_language(request: Request) -> str:
    chosen = i18n.normalize(request.query_params.get("lang"))
    if chosen:
        return chosen
    return i18n.normalize(request.cookies.get(i18n.COOKIE)) or settings_of(request).default_language


def render_text(request: Request, template: str, context: Mapping[str, Any]) -> str:
    settings = settings_of(request)
    lang = page_language(request)
    env = environment(auto_reload=not settings.is_production)
    # Issue 15 item 7: the page's thing (event, tournament) passes its own zone.
    shown_zone = str(context.get("time_zone") or settings.time_zone)
    with i18n.language(lang), i18n.time_zone(shown_zone):
        full = {
            "request": request,
            "actor": current_actor(request),
            # A callable: an anonymous visitor of a public page gets no session cookie.
            "csrf_token": lambda: csrf.csrf_token(request),
            "lang": lang,
            "flashes": pop_flashes(request),
            # Post/Redirect/Get (issue 26 item 3): a refusal left for this page that its handler
            # did not take (a page without the form's fields) is still said, at the top.
            "unclaimed_refusal": take_refusal(request).error,
            "path": request.url.path,
            "lang_url": lambda code: language_url(request, code),
            "live_since": arrived(request.scope),
            # Issue 31 item 3: the error page shows it (torneo.platform.web.request_ids).
            "request_id": request.scope.get("state", {}).get("request_id"),
            **context,
        }
        return env.get_template(template).render(full)


def language_url(request: Request, code: str) -> str:
    """This page in language ``code``: its address with its query string kept (issue 30 item 4:
    the switch dropped the filters, the roster's picks and the lineup's choices held there)."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return f"{request.url.path}?{urlencode([*kept, ('lang', code)])}"


def render_fragment(request: Request, template: str, context: Mapping[str, Any]) -> str:
    """A section without the layout (no flash messages consumed, no session touched)."""
    settings = settings_of(request)
    lang = page_language(request)
    env = environment(auto_reload=not settings.is_production)
    shown_zone = str(context.get("time_zone") or settings.time_zone)
    with i18n.language(lang), i18n.time_zone(shown_zone):
        return env.get_template(template).render(
            {"lang": lang, "path": request.url.path, **context}
        )


def render(
    request: Request,
    template: str,
    context: Mapping[str, Any] | None = None,
    *,
    status: int = 200,
    headers: Mapping[str, str] | None = None,
) -> HTMLResponse:
    response = HTMLResponse(
        render_text(request, template, context or {}), status_code=status, headers=headers
    )
    remember_language(request, response)
    return response


def remember_language(request: Request, response: Any) -> None:
    chosen = i18n.normalize(request.query_params.get("lang"))
    if chosen and chosen != request.cookies.get(i18n.COOKIE):
        response.set_cookie(
            i18n.COOKIE,
            chosen,
            max_age=365 * 24 * 3600,
            httponly=True,
            samesite="lax",
            secure=settings_of(request).secure_cookies,
        )


def say(request: Request, message: str, **values: Any) -> str:
    """A message id in the page's language, filled with ``values`` (a flash, a confirmation)."""
    with i18n.language(page_language(request)):
        return i18n.translate(Message(message, values))


def say_count(request: Request, choose: Callable[[], str], **values: Any) -> str:
    """A count met by a noun in the page's language: ``choose`` picks the form, as in
    ``lambda: i18n.ngettext("%(num)s player", "%(num)s players", n)`` (so Babel extracts both
    forms and "1 giocatore" is never "1 giocatori", issue 30), filled with ``values``."""
    with i18n.language(page_language(request)):
        return choose() % values
