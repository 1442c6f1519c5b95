"""Deck lists: the text a player pastes or uploads, parsed into counted cards.

Accepted, one card per line: ``3 Innovazione``, ``3x Innovazione``, ``3 x Innovazione`` (also
``×``); blank lines and ``#`` comments (whole line, or after a space at the end of a line) are
ignored. The same card on two lines is added up, as players often list a card once per
set. Every problem is reported at once with its line number, so a player fixes the list in one
go; nothing is kept from a list with a problem.

Limits (a phone paste, never a dump): at most :data:`MAX_LINES` lines and :data:`MAX_BYTES`
bytes, and 1..:data:`MAX_COUNT` copies on one line. A 10,000-line file stops at line 2,001 with
an error that says so, without reading the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message
from torneo.judging.rules.decks.cards import CardCatalog, card_key

MAX_LINES = 2000
MAX_BYTES = 200_000
MAX_COUNT = 999
MAX_NAME = 200
MAX_REPORTED = 25  # problems spelled out in the message; all are kept on the error
# A "did you mean" scans the whole catalog (measured on 5,000 names: ~15 ms each for varied
# names, ~200 ms for look-alikes): only the first few typos get a hint, which is what a player
# fixing a list on a phone reads; the rest are still reported, without a hint.
MAX_SUGGESTIONS = 5
BLANK = "(carta rovesciata)"  # INV-DECK-2/3: a face-down blank card, removed when drawn

ACCEPTED = Message(
    N_(
        "one card per line as 'N card name', 'Nx card name' or 'N x card name' with N from 1 to "
        "%(max_count)s; blank lines and # comments are ignored; at most %(max_lines)s lines and "
        "%(max_kb)s KB"
    ),
    {"max_count": MAX_COUNT, "max_lines": f"{MAX_LINES:,}", "max_kb": MAX_BYTES // 1000},
)

# "2 Xenos" is two Xenos, not two "enos": an "x" counts as a multiplier only before a space.
_LINE = re.compile(r"^(?P<count>-?\d+)(?:\s*[xX×](?=\s))?\s+(?P<name>\S.*)$")
_COUNT = re.compile(r"-?\d+[xX×]?")
_COUNT_GLUED = re.compile(r"^-?\d+[xX×]?[^\W\d_]")
_COMMENT = re.compile(r"\s+#.*$")
_BLANK_KEY = card_key(BLANK)


@dataclass(frozen=True, slots=True)
class DeckEntry:
    name: str
    count: int

    @property
    def key(self) -> str:
        return card_key(self.name)


@dataclass(frozen=True, slots=True)
class DeckList:
    """Counted cards in first-listed order, plus face-down blanks added by a judge (INV-DECK-2/3)."""

    entries: tuple[DeckEntry, ...]
    blanks: int = 0

    @staticmethod
    def of(cards: Iterable[tuple[str, int]], blanks: int = 0) -> DeckList:
        """Build from (name, count) pairs, adding up repeats of one card and dropping zeros."""
        counts: dict[str, DeckEntry] = {}
        for name, count in cards:
            if count < 0:
                raise TorneoError(
                    "deck",
                    N_("%(count)s× %(name)s is a negative count"),
                    N_("counts ≥ 0"),
                    params={"count": count, "name": name},
                )
            key = card_key(name)
            if key in counts:
                counts[key] = DeckEntry(counts[key].name, counts[key].count + count)
            else:
                counts[key] = DeckEntry(" ".join(name.split()), count)
        return DeckList(tuple(e for e in counts.values() if e.count > 0), blanks)

    @property
    def total(self) -> int:
        return sum(e.count for e in self.entries) + self.blanks

    def count_of(self, name: str) -> int:
        key = card_key(name)
        return sum(e.count for e in self.entries if e.key == key)

    def counts(self) -> dict[str, int]:
        """Copies by card key."""
        return {e.key: e.count for e in self.entries}

    def text(self) -> str:
        """The list back as text, in the accepted format (blanks as a comment-free line)."""
        lines = [f"{e.count} {e.name}" for e in self.entries]
        if self.blanks:
            lines.append(f"{self.blanks} {BLANK}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class LineProblem:
    """One bad line: its number, its text as written, and what is wrong with it (a message)."""

    line: int  # 1-based
    text: str
    reason: Message

    def message(self) -> Message:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return Message(
            N_("line %(line)s: '%(text)s' %(reason)s"),
            {"line": self.line, "text": shown, "reason": self.reason},
        )

    def describe(self) -> str:
        return self.message().english()


class DeckListError(TorneoError):
    """A list that cannot be read; ``problems`` holds every line at fault."""

    def __init__(self, problems: tuple[LineProblem, ...]) -> None:
        self.problems = problems
        # Each line's message is a parameter, so the page shows every one in its language.
        shown = Message(
            N_("%(problems)s"), {"problems": [p.message() for p in problems[:MAX_REPORTED]]}
        )
        if len(problems) > MAX_REPORTED:
            shown = Message(
                N_("%(problems)s; and %(n)s more"),
                {"problems": shown, "n": len(problems) - MAX_REPORTED},
            )
        super().__init__("deck_list", shown, ACCEPTED)


def _problem(line: int, text: str, reason: str, **params: object) -> LineProblem:
    return LineProblem(line, text, Message(reason, params))


def parse_deck_list(
    text: str,
    catalog: CardCatalog | None = None,
    *,
    max_lines: int = MAX_LINES,
    max_bytes: int = MAX_BYTES,
) -> DeckList:
    """Read a pasted or uploaded list; with a ``catalog``, every card must be a known one.

    Raises :class:`DeckListError` naming every bad line (bad count, missing name, unknown card
    with a "did you mean"), or the first line past the size limits.
    """
    lines = _within_limits(text, max_lines, max_bytes)
    problems: list[LineProblem] = []
    cards: list[tuple[str, int]] = []
    blanks = 0
    suggestions_left = MAX_SUGGESTIONS
    for number, raw in enumerate(lines, start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line or line.startswith("#"):
            continue
        parsed = _parse_line(number, line)
        if isinstance(parsed, LineProblem):
            problems.append(parsed)
            continue
        name, count = parsed
        if card_key(name) == _BLANK_KEY:  # a list written back after a deck check
            blanks += count
            continue
        if catalog is not None:
            known = catalog.resolve(name)
            if known is None:
                problems.append(_unknown_card(number, line, name, catalog, suggestions_left > 0))
                suggestions_left -= 1
                continue
            name = known
        cards.append((name, count))
    if problems:
        raise DeckListError(tuple(problems))
    if not cards and not blanks:
        raise DeckListError((_problem(1, text[:40], N_("starts a list with no cards")),))
    return DeckList.of(cards, blanks)


def _within_limits(text: str, max_lines: int, max_bytes: int) -> list[str]:
    """The lines of ``text``, or a refusal at the first line past the size limits."""
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise DeckListError(
            (
                _problem(
                    1,
                    text[:40],
                    N_("starts a list of %(size)s bytes; at most %(most)s"),
                    size=f"{size:,}",
                    most=f"{max_bytes:,}",
                ),
            )
        )
    lines = text.splitlines()
    if len(lines) > max_lines:
        raise DeckListError(
            (
                _problem(
                    max_lines + 1,
                    lines[max_lines],
                    N_("is past the limit: the list has %(n)s lines, at most %(most)s"),
                    n=f"{len(lines):,}",
                    most=f"{max_lines:,}",
                ),
            )
        )
    return lines


def _unknown_card(
    number: int, line: str, name: str, catalog: CardCatalog, suggest: bool
) -> LineProblem:
    hint = catalog.suggest(name) if suggest else None
    if hint:
        return _problem(
            number,
            line,
            N_("names an unknown card '%(name)s' (did you mean '%(hint)s'?)"),
            name=name,
            hint=hint,
        )
    return _problem(number, line, N_("names an unknown card '%(name)s'"), name=name)


def _parse_line(number: int, line: str) -> tuple[str, int] | LineProblem:
    match = _LINE.match(line)
    if match is None:
        first = line.split()[0]
        if _COUNT.fullmatch(first):
            return _problem(number, line, N_("has a count but no card name"))
        if _COUNT_GLUED.match(line):
            return _problem(
                number,
                line,
                N_("needs a space between the count and the card name, e.g. '3x Card name'"),
            )
        return _problem(
            number,
            line,
            N_(
                "starts with '%(first)s', not a count of copies (1..%(most)s); "
                "write e.g. '3 Card name'"
            ),
            first=first,
            most=MAX_COUNT,
        )
    count = int(match.group("count"))
    name = match.group("name").strip()
    if count < 1 or count > MAX_COUNT:
        return _problem(
            number,
            line,
            N_("has count %(count)s; a count is 1..%(most)s"),
            count=count,
            most=MAX_COUNT,
        )
    if len(name) > MAX_NAME:
        return _problem(number, line, N_("has a card name over %(most)s characters"), most=MAX_NAME)
    return name, count
