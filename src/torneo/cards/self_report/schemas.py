"""API models of self-reporting (``torneo.cards.self_report.api``): requests and responses."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class SelfReportIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    result: str = Field(
        min_length=1, max_length=20, description="The score as *you* see it: your wins first"
    )
    table: int | None = Field(default=None, ge=1, le=100_000)
    code: str | None = Field(
        default=None, min_length=1, max_length=20, description="From your pairing slip"
    )


class ResolveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    result: str = Field(min_length=1, max_length=20, description="As player A sees it")
    reason: str = Field(min_length=1, max_length=1000)


class ReportOut(BaseModel):
    event_id: int
    round: int
    table: int
    status: str
    player_a_id: int
    player_a: str
    player_b_id: int
    player_b: str
    first_result: str | None = Field(description="As player A sees it")
    second_result: str | None
    recorded: str | None = Field(description="The official result, as player A sees it")
    resolution: str | None


class SelfReportOut(BaseModel):
    answer: Literal["waiting", "confirmed", "disputed", "unchanged"]
    side: Literal["a", "b"]
    your_result: str | None = Field(description="The recorded result as you see it, if any")
    match: ReportOut


class SlipOut(BaseModel):
    round: int
    table: int
    player_id: int
    name: str
    opponent: str | None
    code: str | None
    pod: int | None = Field(default=None, description="BER-POD-1: the player's pod")
