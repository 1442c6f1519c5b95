"""Who may see a registered deck list (issue 6: private to the player and judges until published).

Decision: the organizer is not listed by the regulation among those who see lists before they are
published, so an organizer who is not also a judge sees them only once published; an organizer
who judges the event views them in the judge role.
"""

from __future__ import annotations

from enum import StrEnum

from torneo.core.ids import PlayerId


class ViewerRole(StrEnum):
    PLAYER = "player"
    JUDGE = "judge"  # any judge of the event, head judge included
    ORGANIZER = "organizer"
    SPECTATOR = "spectator"


def can_view_deck(
    viewer_role: ViewerRole, viewer_player: PlayerId | None, owner: PlayerId, published: bool
) -> bool:
    if published:
        return True
    if viewer_role is ViewerRole.JUDGE:
        return True
    return viewer_player is not None and viewer_player == owner
