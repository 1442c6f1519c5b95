"""A poker tournament's results as a spreadsheet (issue 15 item 6): every entrant with their
place, prize and purchases, in the finishing order (those still playing last, by name).

Money is written in euros as exact decimals (two digits); the downloads are in
:mod:`torneo.platform.web.downloads`.
"""

from __future__ import annotations

from decimal import Decimal

from torneo.core.messages import N_
from torneo.platform.sheets import Cell, Sheet
from torneo.poker.views import TournamentView

RESULTS_HEADER = (
    "place",
    "player_id",
    "player",
    "status",
    "prize",
    "entries",
    "rebuys",
    "addons",
    "paid",
)


def euros(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


def results_sheet(view: TournamentView) -> Sheet:
    """The entrants: placed ones by place, then the rest by name."""
    players = sorted(
        view.players,
        key=lambda p: (p.place is None, p.place or 0, p.name.casefold(), p.player_id),
    )
    rows: list[tuple[Cell, ...]] = [
        (
            p.place,
            p.player_id,
            p.name,
            p.status,
            euros(p.prize),
            p.entries,
            p.rebuys,
            p.add_ons,
            euros(p.paid),
        )
        for p in players
    ]
    return Sheet(N_("Results"), RESULTS_HEADER, tuple(rows))
