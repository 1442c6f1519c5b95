"""The season's English sentences in the page's language: sanctioning breaches (INV-LEGAL-*,
INV-MAJOR-*, INV-SEASON-*), CSV import problems, and the Swiss engine's "why this pair".

The domain writes its sentences in English (they are also the CLI's and the API's words); each
function here matches a sentence against the patterns the domain produces and gives the
translation with the same values. A sentence nobody translated is shown as it is, so a reworded
domain message degrades to English, never to an error (``tests/web/test_seasons_i18n.py`` checks
that the sentences the domain produces today are all known).
"""

from __future__ import annotations

import re
from datetime import date

from torneo.platform import i18n
from torneo.platform.i18n import N_

_MONTHS = {
    name: n
    for n, name in enumerate(
        (
            "January",
            "February",
            "March",
            "April",
            "May",
            "June",
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ),
        start=1,
    )
}


def _table(rows: list[tuple[str, str]]) -> list[tuple[re.Pattern[str], str]]:
    return [(re.compile(p), m) for p, m in rows]


# Distances "3 days before", "on the same day as" (legality._distance).
_DISTANCE = _table(
    [
        (r"^on the same day as$", N_("on the same day as")),
        (r"^1 day before$", N_("1 day before")),
        (r"^1 day after$", N_("1 day after")),
        (r"^(?P<n>\d+) days before$", N_("%(n)s days before")),
        (r"^(?P<n>\d+) days after$", N_("%(n)s days after")),
    ]
)
_DIST = r"(?P<distance>on the same day as|\d+ days? (?:before|after))"

_BREACHES = _table(
    [
        (
            r"^held on (?P<day>\S+), before the season starts on (?P<start>\S+) "
            r"\(season (?P<season>.+)\)$",
            N_("held on %(day)s, before the season starts on %(start)s (season %(season)s)"),
        ),
        (
            r"^held on (?P<day>\S+), after the season ends on (?P<end>\S+) "
            r"\(season (?P<season>.+)\)$",
            N_("held on %(day)s, after the season ends on %(end)s (season %(season)s)"),
        ),
        (
            r"^a Major on (?P<day>\S+) is not one of the Majors fixed at season start "
            r"\((?P<fixed>.*)\)$",
            N_("a Major on %(day)s is not one of the Majors fixed at season start (%(fixed)s)"),
        ),
        (
            r"^announced 1 day after it was held; (?P<need>\d+) days before required$",
            N_("announced 1 day after it was held; %(need)s days before required"),
        ),
        (
            r"^announced 1 day before; (?P<need>\d+) required$",
            N_("announced 1 day before; %(need)s required"),
        ),
        (
            r"^announced (?P<n>\d+) days? after it was held; (?P<need>\d+) days before required$",
            N_("announced %(n)s days after it was held; %(need)s days before required"),
        ),
        (
            r"^announced (?P<n>\d+) days? before; (?P<need>\d+) required$",
            N_("announced %(n)s days before; %(need)s required"),
        ),
        (
            r"^no judge was named when it was announced$",
            N_("no judge was named when it was announced"),
        ),
        (
            r"^(?P<n>\d+) players took part; a Major needs at least (?P<need>\d+)$",
            N_("%(n)s players took part; a Major needs at least %(need)s"),
        ),
        (
            r"^(?P<n>\d+) players took part; at least (?P<need>\d+) required$",
            N_("%(n)s players took part; at least %(need)s required"),
        ),
        (
            r"^not held in a public place or one freely open to the public$",
            N_("not held in a public place or one freely open to the public"),
        ),
        (
            r"^prizes for the first (?P<n>\d+) places only; at least the first (?P<need>\d+) "
            r"required$",
            N_("prizes for the first %(n)s places only; at least the first %(need)s required"),
        ),
        (
            r"^(?P<store>.+) already holds (?P<n>\d+) tournaments in (?P<month>\w+ \d{4}) "
            r"\((?P<days>[^)]*)\); at most (?P<most>\d+) a month$",
            N_(
                "%(store)s already holds %(n)s tournaments in %(month)s (%(days)s); "
                "at most %(most)s a month"
            ),
        ),
        (
            rf"^{_DIST} (?P<store>.+)'s tournament of (?P<day>\S+); at least (?P<gap>\d+) days "
            r"apart required$",
            N_(
                "%(distance)s %(store)s's tournament of %(day)s; at least %(gap)s days apart required"
            ),
        ),
        (
            rf"^{_DIST} the Major of (?P<day>\S+); no sanctioned tournament less than "
            r"(?P<quiet>\d+) days from a Major \(INV-MAJOR-1\)$",
            N_(
                "%(distance)s the Major of %(day)s; no sanctioned tournament less than "
                "%(quiet)s days from a Major (INV-MAJOR-1)"
            ),
        ),
    ]
)

_IMPORT = _table(
    [
        (r"^empty$", N_("empty")),
        (r"^the file is empty$", N_("the file is empty")),
        (r"^'(?P<value>.*)' is not a whole number$", N_("'%(value)s' is not a whole number")),
        (r"^'(?P<value>.*)' is not yes or no$", N_("'%(value)s' is not yes or no")),
        (r"^'(?P<value>.*)' is not a date$", N_("'%(value)s' is not a date")),
        (
            r"^(?P<day>\S+) does not exist: (?P<month>\w+) (?P<year>\d{4}) has (?P<n>\d+) days$",
            N_("%(day)s does not exist: that month has %(n)s days"),
        ),
        (
            r"^(?P<day>\S+) does not exist: there is no month (?P<m>\d+)$",
            N_("%(day)s does not exist: there is no month %(m)s"),
        ),
        (r"^(?P<what>missing|unknown|repeated) column\(s\): (?P<cols>.+)$", ""),
        (r"^(?P<n>\d+) cells$", N_("%(n)s cells")),
        (r"^no result rows$", N_("no result rows")),
        (
            r"^tournament '(?P<t>.+)' has (?P<col>\w+) (?P<first>.+) on its first row; "
            r"this row says (?P<this>.+)$",
            N_("tournament '%(t)s' has %(col)s %(first)s on its first row; this row says %(this)s"),
        ),
        (
            r"^tournament '(?P<t>.+)' held on (?P<day>\S+), before the season starts on "
            r"(?P<start>\S+)$",
            N_("tournament '%(t)s' held on %(day)s, before the season starts on %(start)s"),
        ),
        (
            r"^tournament '(?P<t>.+)' held on (?P<day>\S+), after the season ends on (?P<end>\S+)$",
            N_("tournament '%(t)s' held on %(day)s, after the season ends on %(end)s"),
        ),
        (
            r"^'(?P<p>.+)' is already in tournament '(?P<t>.+)' on row (?P<row>\d+)$",
            N_("'%(p)s' is already in tournament '%(t)s' on row %(row)s"),
        ),
        (
            r"^place (?P<place>\d+) in a field of (?P<n>\d+) \(tournament '(?P<t>.+)' has "
            r"(?P<rows>\d+) rows\)$",
            N_("place %(place)s in a field of %(n)s (tournament '%(t)s' has %(rows)s rows)"),
        ),
        (
            r"^place (?P<place>\d+) is already taken in '(?P<t>.+)' on row (?P<row>\d+)$",
            N_("place %(place)s is already taken in '%(t)s' on row %(row)s"),
        ),
        (
            r"^(?P<sp>\d+) Swiss points in (?P<rounds>\d+) rounds \((?P<n>\d+) players, "
            r"INV-STRUCT-1\)$",
            N_("%(sp)s Swiss points in %(rounds)s rounds (%(n)s players, INV-STRUCT-1)"),
        ),
        (
            r"^place (?P<place>\d+) in a (?P<tops>.+) means (?P<wins>.+) Top wins, not "
            r"(?P<given>\d+)$",
            N_("place %(place)s in a %(tops)s means %(wins)s Top wins, not %(given)s"),
        ),
    ]
)

_IMPORT_COLUMN_WORDS = {
    "missing": N_("missing column(s): %(cols)s"),
    "unknown": N_("unknown column(s): %(cols)s"),
    "repeated": N_("repeated column(s): %(cols)s"),
}

_WHY = _table(
    [
        (r"^same score group \((?P<score>[^)]+)\)$", N_("same score group (%(score)s)")),
        (
            r"^(?P<who>.+) floated down from (?P<from>\S+) points to meet (?P<to>\S+)$",
            N_("%(who)s floated down from %(from)s points to meet %(to)s"),
        ),
        (
            r"^rematch of (?P<a>.+) and (?P<b>.+): no pairing of this field avoids every rematch$",
            N_("rematch of %(a)s and %(b)s: no pairing of this field avoids every rematch"),
        ),
        (
            r"^rematch avoided: (?P<who>.+) already met (?P<met>.+)$",
            N_("rematch avoided: %(who)s already met %(met)s"),
        ),
        (
            r"^same club \((?P<club>.+)\): no better pairing avoids it$",
            N_("same club (%(club)s): no better pairing avoids it"),
        ),
        (
            r"^drawn at random among equals \(BER-PAIR-1\), previous opponents excluded$",
            N_("drawn at random among equals (BER-PAIR-1), previous opponents excluded"),
        ),
        (r"^bye \(INV-BYE-1\)$", N_("bye (INV-BYE-1)")),
    ]
)


def _match(text: str, table: list[tuple[re.Pattern[str], str]]) -> str | None:
    for pattern, message in table:
        m = pattern.match(text)
        if m is None:
            continue
        groups = m.groupdict()
        if "distance" in groups:
            groups["distance"] = _match(groups["distance"], _DISTANCE) or groups["distance"]
        if "month" in groups and groups["month"] and " " in groups["month"]:
            name, year = groups["month"].split(" ", 1)
            if name in _MONTHS and year.isdigit():
                groups["month"] = i18n.format_day(date(int(year), _MONTHS[name], 1), "LLLL y")
        if not message:  # import header problems: the word picks the sentence
            message = _IMPORT_COLUMN_WORDS[groups["what"]]
        return i18n.gettext(message) % groups
    return None


def breach_sentence(sentence: str) -> str:
    """A sanctioning breach's sentence in the page's language (the rule id is shown apart)."""
    return _match(sentence, _BREACHES) or sentence


def import_reason(reason: str) -> str:
    """A CSV import problem in the page's language."""
    return _match(reason, _IMPORT) or reason


def pair_reason(explanation: str) -> str:
    """The Swiss engine's explanation of a pair, part by part, in the page's language."""
    parts = [_match(part, _WHY) or part for part in explanation.split("; ") if part]
    return "; ".join(parts)


def is_known_breach(sentence: str) -> bool:
    return any(p.match(sentence) for p, _ in _BREACHES)


def is_known_import_reason(reason: str) -> bool:
    return any(p.match(reason) for p, _ in _IMPORT)


def is_known_pair_reason(explanation: str) -> bool:
    return all(any(p.match(x) for p, _ in _WHY) for x in explanation.split("; ") if x)


_PART = re.compile(r"^(?P<value>-?\d+) (?P<label>.+)$")
_VOID_SUM = re.compile(r"^void \(INV-LEGAL-8\): 0, not (?P<sum>.+)$")
_DROPPED = "dropped at a Major: no points (INV-MAJOR-6)"


def breakdown_text(text: str) -> str:
    """ "13 Swiss + 9 Top 8 + 4 first place + 8 size = 34" with the labels translated."""
    void = _VOID_SUM.match(text)
    if void:
        return i18n.gettext(N_("void (INV-LEGAL-8): 0, not %(sum)s")) % {
            "sum": breakdown_text(void["sum"])
        }
    head, sep, total = text.rpartition(" = ")
    if not sep:
        return text
    if head == _DROPPED:
        return i18n.gettext(N_("Dropped at a Major: no points (INV-MAJOR-6)")) + f" = {total}"
    parts = []
    for part in head.split(" + "):
        m = _PART.match(part)
        parts.append(f"{m['value']} {i18n.points_part(m['label'])}" if m else part)
    return " + ".join(parts) + f" = {total}"
