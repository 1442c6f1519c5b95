"""The matchday's extra facts (FAN-SV-1, FAN-POST-1): minutes played, postponed matches and
suspended players, as an optional ``;``-separated file or the same lines typed in a form.

One fact a line, ``kind; who; minutes`` (a header line ``Tipo; Valore; Minuti`` is skipped):

- ``minuti; <code or name>; 30``: minutes played, stoppage time excluded (FAN-SV-1 goalkeepers);
- ``rinviata; <club>``: the club's match was postponed, moved more than the setting's hours, or
  suspended with no data published (FAN-POST-1: everyone of both clubs gets the official vote);
- ``squalificato; <code or name>``: a suspended player, who gets nothing from FAN-POST-1.

English words are accepted too (``minutes``, ``postponed``, ``suspended``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message

KINDS = {
    "minuti": "minutes",
    "minutes": "minutes",
    "rinviata": "postponed",
    "postponed": "postponed",
    "rinvio": "postponed",
    "squalificato": "suspended",
    "suspended": "suspended",
}
ACCEPTED = N_("lines 'minuti; code; 30', 'rinviata; club' or 'squalificato; code'")


@dataclass(frozen=True, slots=True)
class Extras:
    minutes: dict[str, int] = field(default_factory=dict)  # code or name -> minutes
    postponed: frozenset[str] = frozenset()  # clubs
    suspended: frozenset[str] = frozenset()  # codes or names

    def as_json(self) -> dict[str, object]:
        return {
            "minutes": dict(self.minutes),
            "postponed": sorted(self.postponed),
            "suspended": sorted(self.suspended),
        }

    @staticmethod
    def from_json(data: dict[str, object] | None) -> Extras:
        data = data or {}
        minutes = data.get("minutes") or {}
        assert isinstance(minutes, dict)
        return Extras(
            {str(k): int(v) for k, v in minutes.items()},
            frozenset(str(c) for c in data.get("postponed") or ()),  # type: ignore[attr-defined]
            frozenset(str(c) for c in data.get("suspended") or ()),  # type: ignore[attr-defined]
        )


def parse_extras(rows: Sequence[Sequence[str]]) -> Extras:
    """Every fact of the file; every wrong line reported at once, nothing kept if any is."""
    minutes: dict[str, int] = {}
    postponed: set[str] = set()
    suspended: set[str] = set()
    problems: list[Message] = []
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        kind = KINDS.get(cells[0].casefold())
        if kind is None:
            if number == 1 and cells[0].casefold() in {"tipo", "kind", "type"}:
                continue
            problems.append(
                Message(
                    N_("line %(line)s: '%(kind)s': minuti, rinviata or squalificato accepted"),
                    {"line": number, "kind": cells[0]},
                )
            )
            continue
        who = cells[1] if len(cells) > 1 else ""
        if not who:
            problems.append(Message(N_("line %(line)s: say who or which club"), {"line": number}))
            continue
        if kind == "postponed":
            postponed.add(" ".join(who.split()))
        elif kind == "suspended":
            suspended.add(who)
        else:
            text = cells[2] if len(cells) > 2 else ""
            if not text.isdigit() or not 0 <= int(text) <= 130:
                problems.append(
                    Message(
                        N_("line %(line)s: minutes '%(n)s': a whole number from 0 to 130"),
                        {"line": number, "n": text},
                    )
                )
                continue
            minutes[who] = int(text)
    if problems:
        raise TorneoError(
            "extras",
            N_("%(problems)s"),
            ACCEPTED,
            params={"problems": problems},
            rule="FAN-POST-1",
        )
    return Extras(minutes, frozenset(postponed), frozenset(suspended))
