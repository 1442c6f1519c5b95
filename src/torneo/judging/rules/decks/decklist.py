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

ACCEPTED = (
    "one card per line as 'N card name', 'Nx card name' or 'N x card name' with N from 1 to "
    f"{MAX_COUNT}; blank lines and # comments are ignored; at most {MAX_LINES:,} lines and "
    f"{MAX_BYTES // 1000} KB"
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
                raise TorneoError("deck", f"{count}× {name} is a negative count", "counts ≥ 0")
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
    line: int  # 1-based
    text: str
    reason: str

    def describe(self) -> str:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return f"line {self.line}: '{shown}' {self.reason}"


class DeckListError(TorneoError):
    """A list that cannot be read; ``problems`` holds every line at fault."""

    def __init__(self, problems: tuple[LineProblem, ...]) -> None:
        self.problems = problems
        shown = "; ".join(p.describe() for p in problems[:MAX_REPORTED])
        if len(problems) > MAX_REPORTED:
            shown += f"; and {len(problems) - MAX_REPORTED} more"
        super().__init__("deck_list", shown, ACCEPTED)


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
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise DeckListError(
            (LineProblem(1, text[:40], f"starts a list of {size:,} bytes; at most {max_bytes:,}"),)
        )
    lines = text.splitlines()
    if len(lines) > max_lines:
        raise DeckListError(
            (
                LineProblem(
                    max_lines + 1,
                    lines[max_lines],
                    f"is past the limit: the list has {len(lines):,} lines, at most {max_lines:,}",
                ),
            )
        )
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
                hint = catalog.suggest(name) if suggestions_left > 0 else None
                suggestions_left -= 1
                reason = f"names an unknown card '{name}'"
                if hint:
                    reason += f" (did you mean '{hint}'?)"
                problems.append(LineProblem(number, line, reason))
                continue
            name = known
        cards.append((name, count))
    if problems:
        raise DeckListError(tuple(problems))
    if not cards and not blanks:
        raise DeckListError((LineProblem(1, text[:40], "starts a list with no cards"),))
    return DeckList.of(cards, blanks)


def _parse_line(number: int, line: str) -> tuple[str, int] | LineProblem:
    match = _LINE.match(line)
    if match is None:
        first = line.split()[0]
        if _COUNT.fullmatch(first):
            reason = "has a count but no card name"
        elif _COUNT_GLUED.match(line):
            reason = "needs a space between the count and the card name, e.g. '3x Card name'"
        else:
            reason = (
                f"starts with '{first}', not a count of copies (1..{MAX_COUNT}); "
                "write e.g. '3 Card name'"
            )
        return LineProblem(number, line, reason)
    count = int(match.group("count"))
    name = match.group("name").strip()
    if count < 1 or count > MAX_COUNT:
        return LineProblem(number, line, f"has count {count}; a count is 1..{MAX_COUNT}")
    if len(name) > MAX_NAME:
        return LineProblem(number, line, f"has a card name over {MAX_NAME} characters")
    return name, count
