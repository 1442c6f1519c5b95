"""API models of card sets, limited events and the live draft (``torneo.cards.draft.api``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class CardSetIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["csv", "json"] = Field(description="The file's format (docs/card-sets.md)")
    text: str = Field(min_length=1, max_length=2_000_000, description="The file's content")
    code: str = Field(default="", max_length=40, description="CSV only: the set's code")
    name: str = Field(default="", max_length=200, description="CSV only: the set's name")
    booster: str | None = Field(default=None, max_length=200, description="CSV: common=4, ...")
    starter: str | None = Field(default=None, max_length=200, description="CSV: common=20, ...")
    club: int | None = Field(default=None, ge=1, description="The club (default: yours)")


class CardOut(BaseModel):
    id: str
    name: str
    rarity: str
    faction: str
    cost: int | None
    kind: str
    text: str
    not_legal_in: list[str]


class CardSetOut(BaseModel):
    code: str
    name: str
    cards: int
    booster: str
    starter: str
    shared: bool
    club_id: int | None = Field(default=None, description="Whose set (codes are per club)")


class CardSetCardsOut(CardSetOut):
    card_list: list[CardOut]


class SetupIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    set: str = Field(min_length=1, max_length=40, description="The card set's code")
    format: str | None = Field(default=None, max_length=40, description="A deck format key")
    pick_seconds: int = Field(default=60, ge=1, le=600, description="BER-DRAFT-2: 60")
    alternate: bool = Field(default=False, description="BER-DRAFT-1 option: even boosters back")
    deck_deadline: str | None = Field(default=None, max_length=40, description="ISO date-time")
    version: int | None = Field(default=None, ge=1)


class PickIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str = Field(min_length=1, max_length=40, description="The card id, from your pack")
    booster: int | None = Field(default=None, ge=1, le=10, description="As your page showed")
    pick: int | None = Field(default=None, ge=1, le=100, description="As your page showed")


class PickedOut(BaseModel):
    card: str
    booster: int
    pick: int
    next_booster: int | None
    next_pick: int | None


class DoneOut(BaseModel):
    done: bool = True
    count: int | None = None


class PlayerDraftOut(BaseModel):
    """The player's seat: pack, picks, deadline and the server's clock."""

    model_config = ConfigDict(extra="allow")

    event: int
    state: str
    pod: int | None
    seat: int | None
    booster: int | None
    pick: int | None
    deadline: str | None
    server_now: str
    pack: list[dict[str, Any]]
    picks: list[dict[str, Any]]


class SeatOut(BaseModel):
    seat: int
    player_id: int
    player: str
    picks: int
    picked_now: bool
    connected: bool
    disqualified: bool


class PodOut(BaseModel):
    pod: int
    status: str
    booster: int | None
    pick: int | None
    deadline: str | None
    seats: list[SeatOut]


class OverviewOut(BaseModel):
    event_id: int
    set: str | None
    format: str | None
    pick_seconds: int
    alternate: bool
    pools_opened: bool
    server_now: str
    pods: list[PodOut]
