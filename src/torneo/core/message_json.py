"""A :class:`~torneo.core.messages.Message` kept in a text column, so it is translated when shown.

Sentences that are stored (the Swiss engine's "why this pair", kept with each match) are stored
as their message id and parameters in JSON, not as English text: a page reads them back and
renders them in its own language, the CSV and the API in English. Nested messages, vocabulary
words (:class:`~torneo.core.messages.Term`) and lists of parameters survive the round trip.

Text stored before messages were ids (plain English) is read back as a message without
parameters: it is shown as it was written.

>>> from torneo.core.messages import N_, Message
>>> why = Message(N_("same score group (%(score)s)"), {"score": 6})
>>> stored = dump_message(why)
>>> stored
'{"id": "same score group (%(score)s)", "params": {"score": 6}}'
>>> load_message(stored).english()
'same score group (6)'
>>> load_message("bye (INV-BYE-1)").english()
'bye (INV-BYE-1)'
>>> from torneo.core.messages import Np_
>>> load_message(dump_message(Message(Np_("%(n)s bye", "%(n)s byes"), {"n": 1}))).english()
'1 bye'
"""

from __future__ import annotations

import json
from typing import Any

from torneo.core.messages import Message, Plural, Term

# Keys that mark an encoded value; a message is {"id": ..., "params": {...}}.
_TERM = "term"


def dump_message(message: Message) -> str:
    """``message`` as one line of JSON (see :func:`load_message`)."""
    return json.dumps(_encode(message), ensure_ascii=False)


def load_message(text: str) -> Message:
    """The message stored by :func:`dump_message`; any other text is a message without params."""
    if text.startswith("{"):
        try:
            value = _decode(json.loads(text))
        except ValueError:
            value = None
        if isinstance(value, Message):
            return value
    return Message(text)


def message_id(text: str) -> dict[str, str]:
    """A message id as stored: with its plural form and count's parameter when it has one."""
    if isinstance(text, Plural):
        return {"id": str(text), "plural": text.plural, "number": text.number}
    return {"id": text}


def stored_id(record: dict[str, Any]) -> str:
    """The message id of a stored record (a :class:`Plural` when it was stored with one)."""
    text = str(record.get("id", ""))
    if isinstance(record.get("plural"), str):
        return Plural(text, record["plural"], str(record.get("number") or "n"))
    return text


def _encode(value: Any) -> Any:
    if isinstance(value, Message):
        return {**message_id(value.id), "params": {k: _encode(v) for k, v in value.params.items()}}
    if isinstance(value, Term):
        return {_TERM: str(value)}
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)  # ids and other plain values are shown with str() anyway


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {_TERM}:
            return Term(value[_TERM])
        if set(value) - {"plural", "number"} == {"id", "params"} and isinstance(
            value["params"], dict
        ):
            params = {k: _decode(v) for k, v in value["params"].items()}
            return Message(stored_id(value), params)
        raise ValueError("not a stored message")
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value
