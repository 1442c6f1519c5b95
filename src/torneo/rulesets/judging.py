"""Preset section for judging (owned by the judging work; see RULES.md)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class JudgingRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
