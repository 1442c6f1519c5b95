"""Ruleset presets: TOML files in ``presets/`` validated by :mod:`torneo.presets.models`."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import ValidationError

from torneo.core.errors import NotFound, TorneoError
from torneo.core.messages import N_
from torneo.presets.models import Ruleset

__all__ = ["Ruleset", "load_preset", "preset_ids"]


def preset_ids() -> list[str]:
    folder = resources.files("torneo.presets") / "data"
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )


@cache
def load_preset(preset_id: str) -> Ruleset:
    """Load and validate one preset; an unknown id names the ids that exist."""
    if preset_id not in preset_ids():
        raise NotFound(
            "preset",
            N_("unknown preset '%(preset)s'"),
            N_("%(presets)s"),
            params={"preset": preset_id, "presets": ", ".join(preset_ids())},
        )
    text = (resources.files("torneo.presets") / "data" / f"{preset_id}.toml").read_text("utf-8")
    try:
        return Ruleset.model_validate(tomllib.loads(text))
    except (ValidationError, tomllib.TOMLDecodeError) as exc:  # a broken preset is our bug
        raise TorneoError(
            "preset",
            N_("preset '%(preset)s' is invalid: %(problem)s"),
            params={"preset": preset_id, "problem": str(exc)},
        ) from exc
