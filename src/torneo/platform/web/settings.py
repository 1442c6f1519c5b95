"""Settings of the web app, read from the environment (``TORNEO_*``) once, at start.

``TORNEO_ENV`` is ``development`` (default), ``test`` or ``production``. In production the app
refuses to start with the default secret key (anyone could forge a session with it) and marks its
cookies ``Secure``.

``TORNEO_REDIS_URL`` (optional) makes live updates and rate limits shared by every worker
(docs/deploy.md); ``TORNEO_MAX_BODY_BYTES`` caps a request body (default 1 MiB, answered 413);
``TORNEO_LIVE_STREAMS_PER_ADDRESS`` caps the live streams of one client address on a worker
once it is half full, ``TORNEO_LIVE_STREAMS_PER_WORKER`` all of them (torneo.platform.web.live).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.zones import check_zone
from torneo.platform.store.db import env_int

DEFAULT_SECRET_KEY = "torneo-development-secret-change-me"
ENVIRONMENTS = ("development", "test", "production")
LANGUAGES = ("it", "en")


def development_secret_warning(settings: WebSettings) -> str | None:
    """What ``torneo serve`` and every worker say, loudly, while the development key signs."""
    if settings.secret_key != DEFAULT_SECRET_KEY:
        return None
    return (
        "WARNING: TORNEO_SECRET_KEY is not set: sessions are signed with the development key, "
        "which anyone can read in Torneo's source and use to forge a login. Set "
        "TORNEO_SECRET_KEY to a random secret before anyone else can reach this server."
    )


class InsecureSettings(RuntimeError):
    """The app would start in a state that is unsafe for its environment."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    secret_key: str = DEFAULT_SECRET_KEY
    env: str = "development"
    database_url: str | None = None  # None: TORNEO_DATABASE_URL, then SQLite torneo.db
    session_max_age: int = 14 * 24 * 3600  # seconds
    default_language: str = "it"
    # Issue 15 item 7: the zone of pages whose thing has none of its own (TORNEO_TIME_ZONE).
    time_zone: str = "Europe/Rome"
    redis_url: str | None = None  # None: live updates and rate limits stay in this process
    max_body_bytes: int = 1024 * 1024  # torneo.platform.web.limits: a bigger request body gets 413
    login_failures: int = (
        5  # torneo.platform.web.ratelimit: failed logins per user name and address ...
    )
    login_window: int = 300  # ... within this many seconds, then 429 until the window passes
    live_streams_per_address: int = 100  # torneo.platform.web.live: open streams per address
    live_streams_per_worker: int = 4000  # ... and in all, on one worker (the address's cap
    # applies once the worker is half full: a venue behind one address fills the rest)

    @property
    def is_production(self) -> bool:
        return self.env == "production"

    @property
    def secure_cookies(self) -> bool:
        return self.is_production

    @classmethod
    def from_env(cls) -> WebSettings:
        return cls(
            secret_key=os.environ.get("TORNEO_SECRET_KEY", DEFAULT_SECRET_KEY),
            env=os.environ.get("TORNEO_ENV", "development").strip().lower() or "development",
            database_url=os.environ.get("TORNEO_DATABASE_URL") or None,
            redis_url=os.environ.get("TORNEO_REDIS_URL") or None,
            time_zone=os.environ.get("TORNEO_TIME_ZONE") or "Europe/Rome",
            max_body_bytes=env_int("TORNEO_MAX_BODY_BYTES", 1024 * 1024, 1024, 1024**3),
            live_streams_per_address=env_int("TORNEO_LIVE_STREAMS_PER_ADDRESS", 100, 1, 10**6),
            live_streams_per_worker=env_int("TORNEO_LIVE_STREAMS_PER_WORKER", 4000, 1, 10**6),
        )

    def check(self) -> None:
        """Refuse to run with settings that are unsafe for the environment."""
        if self.env not in ENVIRONMENTS:
            raise InsecureSettings(
                f"TORNEO_ENV={self.env!r} is unknown; accepted: {', '.join(ENVIRONMENTS)}"
            )
        try:
            check_zone("TORNEO_TIME_ZONE", self.time_zone)
        except TorneoError as exc:
            raise InsecureSettings(f"TORNEO_TIME_ZONE={self.time_zone!r}: {exc.reason}") from exc
        if self.default_language not in LANGUAGES:
            raise InsecureSettings(
                f"default language {self.default_language!r}; accepted: {', '.join(LANGUAGES)}"
            )
        if self.is_production and (
            self.secret_key == DEFAULT_SECRET_KEY or len(self.secret_key) < 32
        ):
            raise InsecureSettings(
                "TORNEO_ENV=production needs TORNEO_SECRET_KEY set to a random secret of at "
                "least 32 characters (e.g. python -c 'import secrets; print(secrets.token_urlsafe(48))')"
            )
