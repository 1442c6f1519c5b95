"""Languages of the pages: Italian by default, English by a switch (cookie + ``?lang=``).

Catalogs are Babel/gettext files in ``torneo/locale/<lang>/LC_MESSAGES/messages.po`` (msgids in
English). ``make locale`` compiles them to ``.mo``; where a ``.mo`` is missing or older than its
``.po`` (a fresh checkout, an edited catalog) the ``.po`` is compiled in memory at first use, so
the app never shows untranslated pages because a build step was skipped.

The current language is a context variable set for each request before a template renders;
Jinja2's i18n extension calls :func:`gettext`/:func:`ngettext` below, which read it. Dates and
numbers are formatted by Babel in the same language.

Service errors are written in English (they are also the CLI's and the API's messages).
:func:`translate_error` shows them in the page's language where it knows the sentence, keeping
the field name and any rule id; an unknown sentence is shown as it is.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from babel import Locale
from babel.dates import format_date as babel_format_date
from babel.dates import format_datetime as babel_format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations

from torneo.core.errors import Refusal, TorneoError
from torneo.core.messages import N_, Message
from torneo.core.zones import DEFAULT_ZONE, local, zone

__all__ = ["N_", "gettext", "ngettext", "translate", "translate_accepted", "translate_reason"]

LANGUAGES = ("it", "en")
DEFAULT_LANGUAGE = "it"
COOKIE = "torneo_lang"
DOMAIN = "messages"

_current: ContextVar[str] = ContextVar("torneo_language", default=DEFAULT_LANGUAGE)
# Issue 15 item 7: the zone moments are shown in (the event's, else the server's setting).
_zone: ContextVar[str] = ContextVar("torneo_time_zone", default=DEFAULT_ZONE)


def locale_dir() -> Path:
    return Path(str(resources.files("torneo") / "locale"))


@cache
def translations(lang: str) -> NullTranslations:
    folder = locale_dir() / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return Translations(fp, domain=DOMAIN)
    if po.exists():
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=lang, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)  # a fuzzy entry is pybabel's guess: never shown
        buffer.seek(0)
        return Translations(buffer, domain=DOMAIN)
    return NullTranslations()


def normalize(lang: str | None) -> str | None:
    if not lang:
        return None
    code = lang.strip().lower()[:2]
    return code if code in LANGUAGES else None


def current_language() -> str:
    return _current.get()


@contextmanager
def language(lang: str) -> Iterator[None]:
    token = _current.set(normalize(lang) or DEFAULT_LANGUAGE)
    try:
        yield
    finally:
        _current.reset(token)


@contextmanager
def time_zone(name: str) -> Iterator[None]:
    """Show moments in the zone ``name`` (an IANA name already checked) while inside."""
    token = _zone.set(name)
    try:
        yield
    finally:
        _zone.reset(token)


def current_zone() -> str:
    return _zone.get()


def set_language(lang: str) -> None:
    _current.set(normalize(lang) or DEFAULT_LANGUAGE)


def gettext(message: str) -> str:
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


_ = gettext


# --- formatting ------------------------------------------------------------------------------


def format_day(value: date, fmt: str = "long") -> str:
    """ "10 marzo 2012" / "March 10, 2012"."""
    return babel_format_date(value, format=fmt, locale=_current.get())


def format_moment(value: datetime, fmt: str = "medium") -> str:
    """A stored (UTC) moment in the current zone: "1 dic 2026, 20:30" for an evening in Rome."""
    return babel_format_datetime(
        local(value, _zone.get()), format=fmt, tzinfo=zone(_zone.get()), locale=_current.get()
    )


def format_local_input(value: datetime) -> str:
    """A stored moment as a ``datetime-local`` form value in the current zone."""
    return local(value, _zone.get()).strftime("%Y-%m-%dT%H:%M")


def format_clock(value: datetime) -> str:
    """The local hour and minute of a stored moment ("20:30"), for slips and screens."""
    return local(value, _zone.get()).strftime("%H:%M")


def format_number(value: int | Fraction | Decimal) -> str:
    return _number(value, _current.get())


def format_share(value: Fraction) -> str:
    """A tiebreak percentage shown with two decimals: "55,56%" / "55.56%" (exact until shown)."""
    return _share(value, _current.get())


# Issue 14 item 2: a standings table shows thousands of numbers, most of them equal to ones shown
# before (the same tiebreak values after each result); Babel parses its locale and pattern on
# every call, so the formatted text is kept per language and value (``typed``: 1 and 1.0 differ).
@lru_cache(maxsize=1 << 15, typed=True)
def _number(value: int | Fraction | Decimal, lang: str) -> str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            value = value.numerator
        else:
            value = Decimal(value.numerator) / Decimal(value.denominator)
            return format_decimal(value, format="#,##0.##", locale=_locale(lang))
    return format_decimal(value, locale=_locale(lang))


@lru_cache(maxsize=1 << 15)
def _share(value: Fraction, lang: str) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return format_percent(exact, format="#,##0.00%", locale=_locale(lang))


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def language_name(lang: str) -> str:
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


# --- service errors --------------------------------------------------------------------------

_STATUS_WORDS = {
    "draft": N_("draft"),
    "registration": N_("registration"),
    "running": N_("running"),
    "finished": N_("finished"),
    "void": N_("void"),
}


def translate(text: Message | str) -> str:
    """A message in the page's language: its id through gettext, its parameters filled in."""
    if isinstance(text, Message):
        return text.render(gettext, ngettext)
    return gettext(text)


def translate_reason(reason: TorneoError | Refusal | Message | str) -> str:
    """The reason of a refusal in the page's language, followed by its rule id."""
    if isinstance(reason, TorneoError | Refusal):
        text = translate(reason.reason_message)
        return f"{text} [{reason.rule}]" if reason.rule else text
    return translate(reason)


def translate_accepted(accepted: TorneoError | Refusal | Message | str | None) -> str | None:
    """What a refused field accepts, in the page's language (None when the refusal says nothing)."""
    if isinstance(accepted, TorneoError | Refusal):
        accepted = accepted.accepted_message
    return None if accepted is None else translate(accepted)


# --- labels of things the services name by code ----------------------------------------------

_TIEBREAKS: dict[str, tuple[str, str]] = {
    # name: (column header, full name)
    "match_points": (N_("Pts"), N_("Match points")),
    "bye_last": (N_("Byes"), N_("Byes (on equal points a bye ranks lower)")),
    "mw": (N_("MW%"), N_("Match-win percentage")),
    "omw": (N_("OMW%"), N_("Opponents' match-win percentage")),
    "gw": (N_("GW%"), N_("Game-win percentage")),
    "ogw": (N_("OGW%"), N_("Opponents' game-win percentage")),
    "buchholz": (N_("Bh"), N_("Buchholz")),
    "buchholz_cut1": (N_("Bh-1"), N_("Buchholz cut 1")),
    "buchholz_median": (N_("Bh-m"), N_("Median Buchholz")),
    "sonneborn_berger": (N_("SB"), N_("Sonneborn-Berger")),
    "quality_of_wins": (N_("QW"), N_("Quality of wins")),
    "head_to_head": (N_("H2H"), N_("Head to head")),
    "fewer_warnings": (N_("Warn."), N_("Fewer warnings")),
    "rounds_played": (N_("Rds"), N_("Rounds played")),
    "random": (N_("Draw"), N_("Random draw")),
}

PERCENT_TIEBREAKS = frozenset({"mw", "omw", "gw", "ogw"})


def tiebreak_short(name: str) -> str:
    pair = _TIEBREAKS.get(name)
    return gettext(pair[0]) if pair else name


def tiebreak_long(name: str) -> str:
    pair = _TIEBREAKS.get(name)
    return gettext(pair[1]) if pair else name


def points_part(label: str) -> str:
    """A part of a tournament-points breakdown (INV-PTS-*) in the page's language.

    The rules label each part with a ``PartLabel``: a string that reads as its English words and
    keeps the :class:`Message` it was made from, which is what is translated here (issue 11: no
    message is translated by matching its English text). A plain string is shown as it is.
    """
    message = getattr(label, "message", None)
    return translate(message) if isinstance(message, Message) else label


def top_round_name(players: int | None) -> str:
    """8 → quarterfinals, 4 → semifinals, 2 → final (the Top X rounds by players left)."""
    names = {
        2: N_("Final"),
        4: N_("Semifinals"),
        8: N_("Quarterfinals"),
        16: N_("Round of 16"),
        32: N_("Round of 32"),
    }
    if players in names:
        return gettext(names[players])
    return gettext(N_("Top %(n)s")) % {"n": players}


def status_name(status: str) -> str:
    return gettext(_STATUS_WORDS[status]) if status in _STATUS_WORDS else status
