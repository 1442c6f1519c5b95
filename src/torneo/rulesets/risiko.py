"""Preset section for risiko (owned by the risiko work; see RULES.md)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RisikoRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
