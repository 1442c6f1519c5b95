"""The organizer's keyboard entry of a result (issue 15): a table number and a result, Enter.

What a person types at the scorekeeper's desk, read as a table and a game score as side A
sees it (the player on the left of the pairing), in the form the result field accepts:

>>> parse_entry("12 2-1", best_of=3)
(12, '2-1')
>>> parse_entry("  7: 0 2 ", best_of=3)
(7, '0-2')
>>> parse_entry("3 21", best_of=3)
(3, '2-1')
>>> parse_entry("4 111", best_of=3)
(4, '1-1-1')
>>> parse_entry("9 id", best_of=3)
(9, '0-0-3')

Whether the score is a legal one (INV-STRUCT-3) is the result service's check, with its own
message; this module only says when the line cannot be read at all (field ``entry``).
"""

from __future__ import annotations

import re

from torneo.core.errors import TorneoError
from torneo.core.messages import N_

ACCEPTED = N_('a table number and a result, e.g. "12 2-1" (or "12 21", "12 ID")')
_LINE = re.compile(r"^\s*[tT#]?\s*(\d{1,5})\s*[:.,;]?\s*(.*?)\s*$")
_INTENTIONAL = {"id", "pi", "0-0-id"}  # "ID" (English), "PI" (pareggio intenzionale)


def parse_entry(text: str, *, best_of: int) -> tuple[int, str]:
    """(table, result as side A sees it) of one typed line (module doc)."""
    match = _LINE.match(text or "")
    if not text.strip():
        raise TorneoError("entry", N_("is empty"), ACCEPTED)
    if match is None or not match.group(2):
        raise TorneoError(
            "entry", N_("%(text)s is not a table and a result"), ACCEPTED, params={"text": text}
        )
    table, rest = int(match.group(1)), match.group(2).lower()
    if rest in _INTENTIONAL:
        return table, f"0-0-{best_of}"
    digits = re.findall(r"\d+", rest)
    separators = re.sub(r"[\d\s\-/:.,]", "", rest)
    if separators or not digits:
        raise TorneoError(
            "entry", N_("%(text)s is not a table and a result"), ACCEPTED, params={"text": text}
        )
    if len(digits) == 1 and len(digits[0]) in (2, 3):
        digits = list(digits[0])  # "21" is 2-1, "111" is 1-1-1: every game count is one digit
    if len(digits) not in (2, 3):
        raise TorneoError(
            "entry", N_("%(text)s is not a table and a result"), ACCEPTED, params={"text": text}
        )
    return table, "-".join(str(int(d)) for d in digits)
