"""Preset section for judging: penalties, judge powers, deck formats (docs/rules.md §1 and §2).

Everything a regulation fixes about judging is data here, read by ``torneo.judging.rules`` and
``torneo.judging.rules.decks``: the infractions and the penalty each one carries (INV-PEN-*, INV-DECK-*,
INV-ID-1), the warning count that disqualifies (INV-PEN-1), the judges-per-players advice
(INV-JUDGE-1), what a judge may do beyond penalties (BER-JUDGE-1), the restricted list
(INV-DECK-3) and the deck formats with their sizes, copy limits, pools and ladders
(INV-DECK-2/3, BER-FMT-1..3, BER-RANK-1).

The code refers to a few infraction keys by name, because the deck check and the intentional
draw produce them by themselves: see :data:`DECK_UNDER_MINIMUM` and its neighbours.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# Infraction keys the domain issues by itself (a preset that uses the feature must define them).
DECK_UNDER_MINIMUM = "deck_under_minimum"  # INV-DECK-2
DECK_OVER_MAXIMUM = "deck_over_maximum"  # INV-DECK-2
RESTRICTED_LIST_BREACH = "restricted_list_breach"  # INV-DECK-3
DECK_LIST_MISMATCH = "deck_list_mismatch"  # INV-DECK-1: physical deck differs from the list
LATE_INTENTIONAL_DRAW = "late_intentional_draw"  # INV-ID-1


class PenaltyKind(StrEnum):
    """The penalties of INV-PEN-1/2 in ascending severity."""

    WARNING = "warning"
    GAME_LOSS = "game_loss"
    MATCH_LOSS = "match_loss"
    DISQUALIFICATION = "disqualification"


class JudgeAction(StrEnum):
    """Judge powers beyond penalties (BER-JUDGE-1)."""

    AWARD_WIN = "award_win"
    ORDER_REPLAY = "order_replay"


class Ladder(StrEnum):
    """BER-RANK-1: the ranking a format feeds."""

    PROFESSIONAL = "professional"
    AMATEUR = "amateur"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class InfractionRule(_Strict):
    """One infraction: what it is called, the rule it breaks and the penalty it carries."""

    label: str = Field(min_length=1, description="shown to judges and players")
    rule: str = Field(min_length=1, description="rule id cited on the ruling")
    penalties: tuple[PenaltyKind, ...] = Field(min_length=1, description="the default penalty")
    # INV-DECK-3: "un Game Loss per ogni partita giocata" (a partita is the match), the current one included.
    game_losses: Literal["one", "each_game_played"] = "one"
    # INV-PEN-1 proportionality: what the judge may give instead of the default (e.g. a
    # disqualification for flagrant intent); empty = only the default.
    judge_may_choose: tuple[PenaltyKind, ...] = ()

    @model_validator(mode="after")
    def _no_repeats(self) -> InfractionRule:
        if len(set(self.penalties)) != len(self.penalties):
            raise ValueError("penalties: each penalty kind at most once")
        return self


class DeckFormat(_Strict):
    """A deck format: size, copy limit, restricted list, pool, ladder."""

    label: str = Field(min_length=1)
    rule: str = Field(min_length=1, description="rule id cited on every problem")
    min_cards: int = Field(ge=1)
    max_cards: int | None = Field(default=None, ge=1, description="None = no maximum")
    max_copies: int | None = Field(default=None, ge=1, description="None = no copy limit")
    # INV-DECK-3: how many *distinct* restricted cards a deck may hold; None = list not used.
    max_restricted: int | None = Field(default=None, ge=0)
    # BER-FMT-2/3: a limited format builds from the player's pool (starter + boosters).
    pool_starter_cards: int = Field(default=0, ge=0)
    pool_boosters: int = Field(default=0, ge=0)
    ladder: Ladder | None = None  # BER-RANK-1
    # BER-FMT-1..3: the fewest players an event of this format starts with (None: the Swiss's)
    min_players: int | None = Field(default=None, ge=2)
    restricted_rule: str = "INV-DECK-3"  # cited on a restricted-list problem

    @property
    def is_limited(self) -> bool:
        """Sealed and draft: the deck must come from the player's pool."""
        return self.pool_starter_cards + self.pool_boosters > 0

    @model_validator(mode="after")
    def _sizes(self) -> DeckFormat:
        if self.max_cards is not None and self.max_cards < self.min_cards:
            raise ValueError("max_cards must be at least min_cards")
        return self


class JudgingRules(BaseModel):
    """The ``[judging]`` section. Defaults say "the regulation is silent" (TOML has no null)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # The rule id the judges' refusals and overrules cite: INV-JUDGE-1, BER-JUDGE-1 (issue 29
    # item 5: a Berserk refusal named an Invasion rule).
    judge_rule: str = "INV-JUDGE-1"
    # INV-JUDGE-1: advice (not an error) below one judge per this many players; None = no advice.
    players_per_judge: int | None = Field(default=None, ge=1)
    # INV-PEN-1: this many warnings in one event disqualify; None = no automatic escalation.
    warnings_to_disqualify: int | None = Field(default=None, ge=1)
    # INV-ID-1: an intentional draw is declared at the round's start, within this window after
    # the judges' "go"; None = draws by agreement at any time (BER-RES-1).
    intentional_draw_window_seconds: int | None = Field(default=None, ge=0)
    deck_check_every_round: bool = False  # INV-DECK-1
    # INV-DECK-1: deck checks are "facoltativo, da stabilire a inizio torneo": the start card asks
    # (issue 30: only where the preset has the choice).
    deck_checks_optional: bool = False
    judge_actions: tuple[JudgeAction, ...] = ()  # BER-JUDGE-1
    booster_size: int = Field(default=7, ge=1)  # BER-FMT-2: a booster holds 7 cards
    restricted_cards: tuple[str, ...] = ()  # INV-DECK-3; an event may supply its own list
    default_deck_format: str | None = None
    deck_formats: dict[str, DeckFormat] = Field(default_factory=dict)
    infractions: dict[str, InfractionRule] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _references(self) -> JudgingRules:
        fmt = self.default_deck_format
        if fmt is not None and fmt not in self.deck_formats:
            raise ValueError(f"default_deck_format '{fmt}' is not one of deck_formats")
        for key, deck_format in self.deck_formats.items():
            if deck_format.is_limited:
                pool = (
                    deck_format.pool_starter_cards + deck_format.pool_boosters * self.booster_size
                )
                if deck_format.min_cards > pool:
                    raise ValueError(f"deck_formats.{key}: min_cards exceeds the pool of {pool}")
        return self

    def pool_size(self, deck_format: DeckFormat) -> int:
        """BER-FMT-2/3: starter cards plus boosters times the booster size (44, 42, 7, 14, 28)."""
        return deck_format.pool_starter_cards + deck_format.pool_boosters * self.booster_size
