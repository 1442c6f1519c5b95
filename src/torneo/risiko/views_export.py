"""A RisiKo! tournament's standings as a download (issue 26 item 4: one read model).

The sheet is built from the page's read model (:func:`torneo.risiko.views.tournament_page`),
the same that the screen, the printed standings, the API and the CLI read: once semifinal or
final results exist the final ranking gives the places (the final table first), and every row
carries the qualifying points and wins beside it; before that, the qualifying standings do.
"""

from __future__ import annotations

from torneo.core.messages import N_
from torneo.platform.sheets import Cell, Sheet
from torneo.risiko.views import Page

HEADER = ("place", "player_id", "player", "club", "stage", "points", "wins")


def standings_sheet(page: Page) -> Sheet:
    """Place, player, club, the stage reached, qualifying points (exact) and wins."""
    by_player = {s.person.player_id: s for s in page.standings}
    rows: list[tuple[Cell, ...]] = []
    if page.final:
        for f in page.final:
            line = by_player.get(f.person.player_id)
            points = line.total if line is not None else None
            wins = line.wins if line is not None else None
            club = f.person.club
            rows.append(
                (f.position, f.person.player_id, f.person.name, club, f.stage, points, wins)
            )
    else:
        for s in page.standings:
            who = s.person
            rows.append(
                (s.position, who.player_id, who.name, who.club, "qualifying", s.total, s.wins)
            )
    return Sheet(N_("Standings"), HEADER, tuple(rows))


__all__ = ["HEADER", "standings_sheet"]
