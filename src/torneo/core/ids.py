"""Distinct id types, so a player id is never passed where an event id is expected.

They are plain ``int`` at run time (no cost); mypy tells them apart:

>>> player = PlayerId(12)
>>> player + 1, isinstance(player, int)
(13, True)
"""

from typing import NewType

PlayerId = NewType("PlayerId", int)
EventId = NewType("EventId", int)
MatchId = NewType("MatchId", int)
RoundId = NewType("RoundId", int)
SeasonId = NewType("SeasonId", int)
UserId = NewType("UserId", int)
ClubId = NewType("ClubId", int)
