"""The stateless floor tools in the poker JSON API (:mod:`torneo.poker.api`): side pots and odd
chips (PKR-POT-1), minimum bet and raise (PKR-BET-1), the chip race (PKR-RACE-1) and colour-up
counts. Public: nothing is stored."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from torneo.poker.api_state import PROBLEMS, json_response
from torneo.poker.schemas import (
    BettingIn,
    ChipRaceIn,
    ChipsOut,
    ColourUpIn,
    ColourUpOut,
    SidePotsIn,
)
from torneo.poker.tools import commands as tools

router = APIRouter()


@router.post(
    "/tools/side-pots",
    response_model=tools.SidePotsOut,
    responses=PROBLEMS,
    summary="PKR-POT-1 pots and odd chips",
)
def tool_side_pots(body: SidePotsIn) -> JSONResponse:
    return json_response(
        tools.side_pots(
            [p.model_dump() for p in body.players],
            button_seat=body.button_seat,
            smallest_chip=body.smallest_chip,
            board=body.board,
        )
    )


@router.post(
    "/tools/betting",
    response_model=tools.BettingOut,
    responses=PROBLEMS,
    summary="PKR-BET-1 minimum bet and raise",
)
def tool_betting(body: BettingIn) -> JSONResponse:
    return json_response(
        tools.betting(
            big_blind=body.big_blind, blinds=body.blinds, actions=body.actions, stacks=body.stacks
        )
    )


@router.post(
    "/tools/chip-race",
    response_model=tools.RaceOut,
    responses=PROBLEMS,
    summary="PKR-RACE-1 chip race",
)
def tool_chip_race(body: ChipRaceIn) -> JSONResponse:
    return json_response(
        tools.chip_race(
            removed=body.removed,
            replacement=body.replacement,
            players=body.players,
            seed=body.seed,
        )
    )


@router.post(
    "/tools/colour-up",
    response_model=ColourUpOut,
    responses=PROBLEMS,
    summary="Chips making an amount",
)
def tool_colour_up(body: ColourUpIn) -> JSONResponse:
    chips = tools.chips_for(body.amount, body.chip_values)
    counts = [ChipsOut(value=v, count=c) for v, c in chips.items()]
    return json_response(ColourUpOut(amount=body.amount, chips=counts))
