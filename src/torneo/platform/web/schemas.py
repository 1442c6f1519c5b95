"""API models of the platform's own routes (the session), shared by every discipline's API."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class LoginIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    username: str = Field(min_length=1, max_length=80)
    password: str = Field(min_length=1, max_length=1024)


class SessionOut(BaseModel):
    username: str
    roles: list[str]
    csrf_token: str = Field(description="Send it in X-CSRF-Token with every write.")


# The club a new tournament, season or ladder belongs to (issue 12): its name or id; left out,
# the one club the account organizes.
OwningClub = Annotated[
    str | None,
    Field(
        default=None,
        max_length=120,
        description="The owning club's name or id; left out, the one club you organize.",
    ),
]


# Who a newly registered player is (issue 12, torneo.platform.players): a known player's id,
# or "new"; left out, a name that matches a known player is refused (409) with the match.
PlayerChoice = Annotated[
    int | Literal["new"] | None,
    Field(
        default=None,
        description="Who it is: a known player's id, or 'new'. Left out, a name that matches "
        "a known player is refused (409) with the match, so the organizer chooses.",
    ),
]
