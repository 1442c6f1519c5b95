"""Messages as ids: what a refusal or an explanation says, kept apart from the language it is shown in.

A :class:`Message` is an English template (the gettext message id, marked with :func:`N_` where
it is written so Babel extracts it) and its parameters. The domain and the commands only build
messages; the edge chooses the language: the CLI and the JSON API show English
(:meth:`Message.english`), the pages translate the id with gettext and fill in the parameters
(:meth:`Message.render` with the page's ``gettext``). No sentence is ever matched back by a
regular expression.

Parameters are rendered by kind:

- a :class:`Message` is rendered in the same language (a roster line's "name: reason" keeps the
  inner reason translatable);
- a :class:`Term` is a word of the product's vocabulary (a status, a role) that is translated too;
- a tuple or list is rendered item by item and joined with "; " (every breach of a rule);
- anything else is shown with ``str()``.

>>> msg = Message(N_("round %(round)s has no table %(table)s"), {"round": 3, "table": 12})
>>> msg.english()
'round 3 has no table 12'
>>> italian = {"round %(round)s has no table %(table)s": "il turno %(round)s non ha il tavolo %(table)s"}
>>> msg.render(lambda s: italian.get(s, s))
'il turno 3 non ha il tavolo 12'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def N_(message: str) -> str:  # noqa: N802 (the gettext convention Babel extracts)
    """Mark an English template as a message id without translating it here."""
    return message


class Plural(str):
    """A message id with its plural form, chosen by the count in parameter :attr:`number`.

    It is a ``str`` (the singular), so it goes wherever a message id goes; :class:`Message`
    renders it with ``ngettext`` ("1 player", "3 players"; in Italian each of its plural forms).
    """

    # No __slots__: a str subclass may not have non-empty ones.
    plural: str
    number: str  # the parameter holding the count ("count" is str's own method)

    def __new__(cls, singular: str, plural: str, count: str = "n") -> Plural:
        made = super().__new__(cls, singular)
        made.plural = plural
        made.number = count
        return made


def Np_(singular: str, plural: str, count: str = "n") -> Plural:  # noqa: N802 (as N_)
    """Mark a message id with a plural form (Babel extracts both: ``-k Np_:1,2``).

    >>> Message(Np_("%(n)s player left", "%(n)s players left"), {"n": 1}).english()
    '1 player left'
    >>> Message(Np_("%(n)s player left", "%(n)s players left"), {"n": 3}).english()
    '3 players left'
    """
    return Plural(singular, plural, count)


class Term(str):
    """A word of the product's vocabulary (``Term("running")``) that the edge translates.

    It is a ``str``, so English text built from it reads as before.
    """

    __slots__ = ()


def _no_params() -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True, slots=True)
class Message:
    """A message id (the English template) with its parameters, rendered in any language."""

    id: str
    params: Mapping[str, Any] = field(default_factory=_no_params, hash=False)

    def render(self, gettext: Gettext, ngettext: Ngettext | None = None) -> str:
        template = self._template(gettext, ngettext)
        if not self.params:
            return template
        values = {k: render_value(v, gettext, ngettext) for k, v in self.params.items()}
        try:
            return template % values
        except (KeyError, ValueError, TypeError):
            # A catalog entry whose placeholders do not match its id: show the English text
            # rather than fail the page (tests/platform/test_i18n.py checks every entry).
            english = self._template(_english, None)
            return english % {k: render_value(v, _english) for k, v in self.params.items()}

    def _template(self, gettext: Gettext, ngettext: Ngettext | None) -> str:
        if not isinstance(self.id, Plural):
            return gettext(self.id)
        try:
            n = int(self.params.get(self.id.number, 0))
        except (TypeError, ValueError):
            n = 0
        if ngettext is not None:
            return ngettext(self.id, self.id.plural, n)
        return str(self.id) if n == 1 else self.id.plural  # English, without a catalog

    def english(self) -> str:
        return self.render(_english)

    def __str__(self) -> str:
        return self.english()


def _english(text: str) -> str:
    return text


def render_value(value: Any, gettext: Gettext, ngettext: Ngettext | None = None) -> Any:
    if isinstance(value, Message):
        return value.render(gettext, ngettext)
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, tuple | list):
        return "; ".join(str(render_value(v, gettext, ngettext)) for v in value)
    return value


def message(text: str | Message, params: Mapping[str, Any] | None = None) -> Message:
    """``text`` as a :class:`Message` (a plain string is a message id without parameters)."""
    if isinstance(text, Message):
        if params:
            return Message(text.id, {**text.params, **params})
        return text
    return Message(text, dict(params) if params else {})


def english(text: str | Message | None) -> str | None:
    if text is None:
        return None
    return text.english() if isinstance(text, Message) else text
