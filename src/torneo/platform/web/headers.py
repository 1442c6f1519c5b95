"""Security headers on every answer (a plain ASGI middleware: cheap on every request).

- ``Content-Security-Policy``: scripts only from Torneo itself, no inline script, no ``eval``, no
  plugins, no framing (``frame-ancestors 'none'``), forms post only here. Styles may be inline
  (a few templates carry a ``<style>`` block or a ``style`` attribute: CSS runs no code). Every
  behaviour of the pages lives in static scripts (``/static/torneo.js``, the disciplines'
  ``/…/assets/…js``) driven by ``data-`` attributes. The API's own documentation page
  (``/api/v1/docs``, FastAPI's Swagger UI) loads its script and styles from a CDN with an inline
  start: it alone gets a policy that allows them.
- ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin``, ``X-Frame-Options: DENY``
  (older browsers' frame-ancestors).
- ``Strict-Transport-Security`` only in production (``TORNEO_ENV=production``, served over HTTPS
  behind the proxy); one year, without ``includeSubDomains`` (other hosts of the federation's
  domain are not ours to decide).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; object-src 'none'; "
    "base-uri 'self'; frame-ancestors 'none'"
)
DOCS_PATHS = frozenset({"/api/v1/docs", "/api/v1/docs/oauth2-redirect"})
HSTS = "max-age=31536000"


class SecurityHeaders:
    """Adds the module's headers to every HTTP answer; HSTS when ``hsts`` (production)."""

    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        self.app = app
        common = [
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
            (b"x-frame-options", b"DENY"),
        ]
        if hsts:
            common.append((b"strict-transport-security", HSTS.encode()))
        self.headers = [*common, (b"content-security-policy", CSP.encode())]
        self.docs_headers = [*common, (b"content-security-policy", DOCS_CSP.encode())]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.docs_headers if scope["path"] in DOCS_PATHS else self.headers

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
