"""How the RisiKo! refusals put several things in one sentence, in any language.

A list of named things ("the tournament formula, the sanctions") is a chain of messages, so
each item is translated and the English reads exactly as a ", "-joined list.

>>> from torneo.core.messages import N_, Message
>>> listing([Message(N_("the sanctions")), Message(N_("the tournament formula"))]).english()
'the sanctions, the tournament formula'
"""

from __future__ import annotations

from collections.abc import Sequence

from torneo.core.messages import N_, Message


def listing(items: Sequence[Message]) -> Message:
    """``items`` joined by ", " (each rendered in the page's language)."""
    if not items:
        return Message("")
    if len(items) == 1:
        return items[0]
    return Message(N_("%(first)s, %(rest)s"), {"first": items[0], "rest": listing(items[1:])})


def numbers(values: Sequence[object]) -> str:
    """Player ids, tables or orders as "1, 2, 3" (numbers need no translation)."""
    return ", ".join(map(str, values))
