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
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from functools import cache
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

__all__ = ["N_", "gettext", "ngettext", "translate", "translate_accepted", "translate_reason"]

LANGUAGES = ("it", "en")
DEFAULT_LANGUAGE = "it"
COOKIE = "torneo_lang"
DOMAIN = "messages"

_current: ContextVar[str] = ContextVar("torneo_language", default=DEFAULT_LANGUAGE)


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
        write_mo(buffer, catalog, use_fuzzy=True)
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
    return babel_format_datetime(value, format=fmt, locale=_current.get())


def format_number(value: int | Fraction | Decimal) -> str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            value = value.numerator
        else:
            value = Decimal(value.numerator) / Decimal(value.denominator)
            return format_decimal(value, format="#,##0.##", locale=_current.get())
    return format_decimal(value, locale=_current.get())


def format_share(value: Fraction) -> str:
    """A tiebreak percentage shown with two decimals: "55,56%" / "55.56%" (exact until shown)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return format_percent(exact, format="#,##0.00%", locale=_current.get())


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

# (pattern of the English sentence, message id with the same named groups)
_SENTENCES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), m)
    for p, m in [
        (r"^(?P<who>.+) may not do this$", N_("%(who)s may not do this")),
        (
            r"^the event changed since you loaded it \(yours (?P<mine>\d+), now (?P<now>\d+)\)$",
            N_("the event changed since you loaded it (yours %(mine)s, now %(now)s)"),
        ),
        (
            r"^someone else changed this first; nothing was saved$",
            N_("someone else changed this first; nothing was saved"),
        ),
        (r"^unknown preset '(?P<preset>.+)'$", N_("unknown preset '%(preset)s'")),
        (
            r"^'(?P<preset>.+)' is a (?P<kind>\w+) preset$",
            N_("'%(preset)s' is a %(kind)s preset"),
        ),
        (r"^no event (?P<id>\d+)$", N_("no event %(id)s")),
        (r"^'(?P<text>.*)' is not a date$", N_("'%(text)s' is not a date")),
        (
            r"^(?P<day>\S+) does not exist \(.*\)$",
            N_("%(day)s does not exist in the calendar"),
        ),
        (r"^is empty$", N_("is empty")),
        (r"^is (?P<n>\d+) characters long$", N_("is %(n)s characters long")),
        (r"^'(?P<value>.*)' is not a whole number$", N_("'%(value)s' is not a whole number")),
        (r"^(?P<value>-?\d+) is out of range$", N_("%(value)s is out of range")),
        (r"^no players found$", N_("no players found")),
        (r"^(?P<n>\d+) registered$", N_("%(n)s registered")),
        (
            r"^registration is closed: the event is (?P<status>\w+)$",
            N_("registration is closed: the event is %(status)s"),
        ),
        (
            r"^this player is already registered in the event$",
            N_("this player is already registered in the event"),
        ),
        (
            r"^the Top X has started: no more entries$",
            N_("the Top X has started: no more entries"),
        ),
        (
            r"^the event is (?P<status>\w+), not running$",
            N_("the event is %(status)s, not running"),
        ),
        (
            r"^the Top X has started: no more Swiss rounds$",
            N_("the Top X has started: no more Swiss rounds"),
        ),
        (
            r"^round (?P<round>\d+) still has (?P<n>\d+) unreported match\(es\) "
            r"\(tables (?P<tables>[\d, ]+)\)$",
            N_("round %(round)s still has %(n)s unreported match(es) (tables %(tables)s)"),
        ),
        (
            r"^all (?P<n>\d+) Swiss rounds have been played$",
            N_("all %(n)s Swiss rounds have been played"),
        ),
        (r"^fewer than 2 active players$", N_("fewer than 2 active players")),
        (
            r"^the event is (?P<status>\w+), results are closed$",
            N_("the event is %(status)s, results are closed"),
        ),
        (
            r"^round (?P<round>\d+) has no table (?P<table>\d+)$",
            N_("round %(round)s has no table %(table)s"),
        ),
        (
            r"^round (?P<round>\d+) is not the current round \((?P<current>\d+)\)$",
            N_("round %(round)s is not the current round (%(current)s)"),
        ),
        (
            r"^this is a bye: it has no result to report$",
            N_("this is a bye: it has no result to report"),
        ),
        (
            r"^table (?P<table>\d+) of round (?P<round>\d+) is already reported "
            r"\((?P<score>[\d-]+)\)$",
            N_("table %(table)s of round %(round)s is already reported (%(score)s)"),
        ),
        (r"^a Top X match cannot end in a draw$", N_("a Top X match cannot end in a draw")),
        (r"^a correction needs a reason$", N_("a correction needs a reason")),
        (
            r"^the Top X has started: Swiss results are final$",
            N_("the Top X has started: Swiss results are final"),
        ),
        (
            r"^this player is not registered in the event$",
            N_("this player is not registered in the event"),
        ),
        (r"^(?P<name>.+) has already left the event$", N_("%(name)s has already left the event")),
        (r"^the event is (?P<status>\w+)$", N_("the event is %(status)s")),
        (r"^the Top X has already started$", N_("the Top X has already started")),
        (r"^this event has no Top X$", N_("this event has no Top X")),
        (
            r"^only (?P<played>\d+) of (?P<n>\d+) Swiss rounds have been played$",
            N_("only %(played)s of %(n)s Swiss rounds have been played"),
        ),
        (
            r"^the last Swiss round has unreported matches$",
            N_("the last Swiss round has unreported matches"),
        ),
        (
            r"^the last round has unreported matches$",
            N_("the last round has unreported matches"),
        ),
        (
            r"^the current Top X round has unreported matches$",
            N_("the current Top X round has unreported matches"),
        ),
        (r"^the Top X is complete$", N_("the Top X is complete")),
        (r"^the Top X has not been played$", N_("the Top X has not been played")),
        (r"^the Top X is not finished$", N_("the Top X is not finished")),
        (
            r"^not every Swiss round has been played$",
            N_("not every Swiss round has been played"),
        ),
        (
            r"^only (?P<n>\d+) active players for a Top (?P<top>\d+)$",
            N_("only %(n)s active players for a Top %(top)s"),
        ),
        (
            r"^an event that is (?P<status>\w+) cannot become (?P<target>\w+)$",
            N_("an event that is %(status)s cannot become %(target)s"),
        ),
        (r"^'(?P<text>.*)' is not a game score$", N_("'%(text)s' is not a game score")),
        (
            r"^(?P<score>[\d-]+) is impossible in best of (?P<best_of>\d+): nobody wins more "
            r"than (?P<to_win>\d+)$",
            N_("%(score)s is impossible in best of %(best_of)s: nobody wins more than %(to_win)s"),
        ),
        (
            r"^(?P<score>[\d-]+) is (?P<games>\d+) games; best of (?P<best_of>\d+) has at most "
            r"(?P<most>\d+)$",
            N_("%(score)s is %(games)s games; best of %(best_of)s has at most %(most)s"),
        ),
        (r"^an intentional draw has no game wins$", N_("an intentional draw has no game wins")),
        (r"^wrong user name or password$", N_("wrong user name or password")),
        (r"^'(?P<name>.+)' is taken$", N_("'%(name)s' is taken")),
        (
            r"^missing or wrong CSRF token \(the page may have expired\)$",
            N_("missing or wrong CSRF token (the page may have expired)"),
        ),
        (r"^log in first$", N_("log in first")),
    ]
]

_ACCEPTED: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), m)
    for p, m in [
        (r"^reload the page and try again$", N_("reload the page and try again")),
        (r"^reload and retry$", N_("reload the page and try again")),
        (r"^report every result first$", N_("report every result first")),
        (r"^report them first$", N_("report every result first")),
        (r"^a player not yet registered$", N_("a player not yet registered")),
        (r"^YYYY-MM-DD, e\.g\. 2012-06-30$", N_("YYYY-MM-DD, e.g. 2012-06-30")),
        (r"^a real calendar day, YYYY-MM-DD$", N_("a real calendar day, YYYY-MM-DD")),
        (r"^at least (?P<n>\d+)$", N_("at least %(n)s")),
        (r"^start the event first$", N_("start the event first")),
        (r"^start the Top X or close the event$", N_("start the Top X or close the event")),
        (r"^play every Swiss round first$", N_("play every Swiss round first")),
        (r"^close the event$", N_("close the event")),
        (r"^a table of the round$", N_("a table of the round")),
        (r"^a judge correction to change it$", N_("a judge correction to change it")),
        (r"^a winner$", N_("a winner")),
        (r"^a name of 1 to 120 characters$", N_("a name of 1 to 120 characters")),
        (
            r"^one player a line: name\[,club\[,rating\]\]$",
            N_("one player a line: name[,club[,rating]]"),
        ),
        (
            r"^W-L or W-L-D with wins 0\.\.(?P<to_win>\d+) each and at most (?P<best_of>\d+) "
            r"games, e\.g\. (?P<examples>.+) \(intentional draw\)$",
            N_(
                "W-L or W-L-D with wins 0..%(to_win)s each and at most %(best_of)s games, "
                "e.g. %(examples)s (intentional draw)"
            ),
        ),
        (
            r"^the user name and password of an account$",
            N_("the user name and password of an account"),
        ),
    ]
]

_RULE = re.compile(r"^(?P<text>.*?)(?P<rule> \[[A-Z]+(?:-[A-Z0-9]+)+\])$")


def _translate_sentence(text: str, table: list[tuple[re.Pattern[str], str]]) -> str:
    rule = ""
    found = _RULE.match(text)
    if found:
        text, rule = found["text"], found["rule"]
    for pattern, message in table:
        m = pattern.match(text)
        if m:
            if gettext(message) == message:
                break  # no translation (English): the service's own words say it best
            groups = {
                k: gettext(_STATUS_WORDS[v]) if v in _STATUS_WORDS else v
                for k, v in m.groupdict().items()
            }
            return gettext(message) % groups + rule
    # "Name: reason" (a line of a roster paste) — translate the reason part.
    head, sep, tail = text.partition(": ")
    if sep and tail:
        inner = _translate_sentence(tail, table)
        if inner != tail:
            return f"{head}: {inner}{rule}"
    return text + rule


def translate(text: Message | str) -> str:
    """A message in the page's language: its id through gettext, its parameters filled in."""
    if isinstance(text, Message):
        return text.render(gettext)
    return gettext(text)


def translate_reason(reason: TorneoError | Refusal | Message | str) -> str:
    """The reason of a refusal in the page's language, followed by its rule id."""
    if isinstance(reason, TorneoError | Refusal):
        text = _translate_message(reason.reason_message, _SENTENCES)
        return f"{text} [{reason.rule}]" if reason.rule else text
    if isinstance(reason, Message):
        return _translate_message(reason, _SENTENCES)
    return _translate_sentence(reason, _SENTENCES)


def translate_accepted(accepted: TorneoError | Refusal | Message | str | None) -> str | None:
    if isinstance(accepted, TorneoError | Refusal):
        accepted = accepted.accepted_message
    if accepted is None:
        return None
    if isinstance(accepted, Message):
        return _translate_message(accepted, _ACCEPTED)
    return _translate_sentence(accepted, _ACCEPTED)


def _translate_message(text: Message, table: list[tuple[re.Pattern[str], str]]) -> str:
    # TRANSITION (issue 11): a message without parameters that the catalog does not know may be
    # an English sentence still built by f-string; the old sentence table translates it.
    if not text.params and gettext(text.id) == text.id:
        return _translate_sentence(text.id, table)
    return translate(text)


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


_POINT_PARTS = {
    "Swiss": N_("Swiss"),
    "first place": N_("first place"),
    "second place": N_("second place"),
    "third place": N_("third place"),
    "size": N_("size"),
    "participation": N_("participation"),
    "Major size": N_("Major size"),
    "Major top 8": N_("Major top 8"),
    "3rd/4th match": N_("3rd/4th match"),
}
_TOP_PART = re.compile(r"^Top (?P<n>\d+|X)$")


def points_part(label: str) -> str:
    """A part of a tournament-points breakdown (INV-PTS-*) in the page's language."""
    if label in _POINT_PARTS:
        return gettext(_POINT_PARTS[label])
    m = _TOP_PART.match(label)
    if m:
        return gettext(N_("Top %(n)s")) % {"n": m["n"]}
    return label


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
