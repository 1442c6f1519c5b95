"""Card-set files: JSON (the whole set) and CSV (its cards, with the recipes given beside).

The formats are documented in ``docs/card-sets.md``. JSON::

    {"code": "DEMO", "name": "Set dimostrativo",
     "booster": {"common": 4, "uncommon": 2, "rare": 1},
     "starter": {"common": 20, "uncommon": 7, "rare": 3},
     "cards": [{"id": "DEMO-001", "name": "...", "rarity": "common", "faction": "Montagne",
                "cost": 3, "kind": "creatura", "text": "...", "not_legal_in": []}, ...]}

CSV: a header row naming the columns (``id,name,rarity,faction,cost`` required, ``kind``,
``text``, ``not_legal_in`` optional; ``not_legal_in`` separates formats with ``|``), one card a
row; the set's code, name and recipes come with the upload (CLI options, form fields, API
fields). Row numbers in problems are the file's lines (the header is line 1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from torneo.cards.rules.sets import (
    DEFAULT_BOOSTER,
    DEFAULT_STARTER,
    CardSet,
    SetInvalid,
    SetProblem,
    build_set,
    parse_recipe,
)
from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message
from torneo.core.uploads import UploadLimits, csv_rows

REQUIRED = ("id", "name", "rarity", "faction", "cost")
OPTIONAL = ("kind", "text", "not_legal_in")
MAX_BYTES = 2_000_000
# Issue 27 hole 2: a set has hundreds of cards; its rows are counted while read.
LIMITS = UploadLimits(bytes=MAX_BYTES, rows=20_000, columns=len(REQUIRED + OPTIONAL) + 8)
MAX_CARDS = LIMITS.rows


def _too_big(text: str) -> None:
    if len(text) > MAX_BYTES:
        raise TorneoError(
            "file", N_("%(n)s characters"), N_("a file of at most 2 MB"), params={"n": len(text)}
        )


def read_csv(
    text: str,
    *,
    code: str,
    name: str,
    booster: str | None = None,
    starter: str | None = None,
) -> CardSet:
    """A set from a CSV of its cards; ``booster``/``starter`` as ``rarity=count, ...``."""
    _too_big(text)
    rows = csv_rows("file", text.lstrip("\ufeff"), LIMITS)
    header = [h.strip().lower() for h in rows[0]] if rows else []
    missing = [c for c in REQUIRED if c not in header]
    unknown = [c for c in header if c not in REQUIRED + OPTIONAL]
    problems = []
    if missing or unknown:
        problems.append(
            SetProblem(
                1,
                "header",
                Message(
                    N_("columns %(found)s; missing %(missing)s, unknown %(unknown)s"),
                    {
                        "found": ", ".join(header) or "-",
                        "missing": ", ".join(missing) or "-",
                        "unknown": ", ".join(unknown) or "-",
                    },
                ),
            )
        )
        raise SetInvalid(problems)
    cards = [
        dict(zip(header, row + [""] * (len(header) - len(row)), strict=False))
        for row in rows[1:]
        if any(cell.strip() for cell in row)
    ]
    return build_set(
        code,
        name,
        cards,
        booster=parse_recipe("booster", booster) if booster else DEFAULT_BOOSTER,
        starter=parse_recipe("starter", starter) if starter else DEFAULT_STARTER,
        first_row=2,
    )


def _slots(field_name: str, value: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(value, str):
        return parse_recipe(field_name, value)
    if not isinstance(value, Mapping) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value.values()
    ):
        raise TorneoError(
            field_name,
            N_("is not a map of rarity to count"),
            N_('e.g. {"common": 4, "uncommon": 2, "rare": 1}'),
        )
    return tuple((str(r).lower(), int(n)) for r, n in value.items())


def read_json(text: str) -> CardSet:
    """A whole set from its JSON document (module doc)."""
    _too_big(text)
    try:
        data = json.loads(text)
    except RecursionError as exc:  # "[[[[…" nested past the interpreter's stack
        raise TorneoError(
            "file", N_("is nested too deep"), N_("a JSON document as in docs/card-sets.md")
        ) from exc
    except json.JSONDecodeError as exc:
        raise TorneoError(
            "file",
            N_("is not JSON: %(detail)s"),
            N_("a JSON document as in docs/card-sets.md"),
            params={"detail": str(exc)[:80]},
        ) from exc
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise TorneoError(
            "file",
            N_("has no list of cards"),
            N_('an object with "code", "name", "booster", "starter" and "cards"'),
        )
    if len(data["cards"]) > MAX_CARDS:
        raise TorneoError(
            "file",
            N_("more than %(most)s rows"),
            N_("at most %(most)s rows"),
            params={"most": MAX_CARDS},
        )
    cards = [c if isinstance(c, dict) else {"id": "", "name": ""} for c in data["cards"]]
    return build_set(
        str(data.get("code", "")),
        str(data.get("name", "")),
        cards,
        booster=_slots("booster", data.get("booster", dict(DEFAULT_BOOSTER))),
        starter=_slots("starter", data.get("starter", dict(DEFAULT_STARTER))),
    )


def to_json(card_set: CardSet) -> str:
    """The set as the JSON document :func:`read_json` reads (the shipped demo set's form)."""
    document = {
        "code": card_set.code,
        "name": card_set.name,
        "booster": dict(card_set.booster.slots),
        "starter": dict(card_set.starter.slots),
        "cards": [c.as_dict() for c in card_set.cards],
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"
