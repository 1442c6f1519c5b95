"""Preset section for poker (owned by the poker work; see RULES.md)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class PokerRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
