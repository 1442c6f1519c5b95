"""Bust-outs and the finishing order (PKR-END-1, PKR-REG-1).

Players leave by busting out; the finishing order is the reverse of the order they left in,
and players busting in the same hand rank by the chips they had when that hand started (more
chips, better place). The tournament ends when the runner-up busts and one player is left.

Decisions where the regulation is silent:
- players busting in the same hand with the same starting chips share the best of their places
  (and, in :mod:`.payouts`, share the prizes of those places equally);
- a re-entry (where offered) takes the player's earlier bust out of the order: a player has one
  finishing place, the one of their last entry;
- a disqualified player (PKR-PEN-1) leaves the field without a finishing place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from torneo.core.errors import Conflict, Refusal, TorneoError
from torneo.core.ids import PlayerId
from torneo.core.messages import N_
from torneo.poker.rules.seating import Seating, unseat


@dataclass(frozen=True, slots=True)
class BustOut:
    """Players out in one hand, each with the chips they had when the hand started."""

    hand: int | None
    players: tuple[tuple[PlayerId, int], ...]


@dataclass(frozen=True, slots=True)
class Finish:
    player: PlayerId
    place: int
    tied_with: int = 1  # players sharing this place (same hand, same starting chips)


@dataclass(frozen=True, slots=True)
class Field:
    """Who entered, who busted (in order) and who was disqualified."""

    players: tuple[PlayerId, ...] = ()  # in entry order
    busts: tuple[BustOut, ...] = ()
    disqualified: tuple[PlayerId, ...] = ()

    @property
    def busted(self) -> frozenset[PlayerId]:
        return frozenset(p for b in self.busts for p, _ in b.players)

    @property
    def alive(self) -> tuple[PlayerId, ...]:
        out = self.busted | set(self.disqualified)
        return tuple(p for p in self.players if p not in out)

    @property
    def is_over(self) -> bool:
        """PKR-END-1: the event ends when one player is left."""
        return len(self.players) >= 2 and len(self.alive) == 1

    @property
    def winner(self) -> PlayerId | None:
        return self.alive[0] if self.is_over else None

    def has_busted(self, player: PlayerId) -> bool:
        return player in self.busted


def enter(field: Field, player: PlayerId) -> Field:
    if player in field.players:
        raise Conflict(
            "player", N_("player %(player)s is already in the field"), params={"player": player}
        )
    return replace(field, players=(*field.players, player))


def readmit(field: Field, player: PlayerId) -> Field:
    """A re-entry: the player's bust no longer counts (one finishing place per player)."""
    if not field.has_busted(player):
        raise Conflict(
            "player",
            N_("player %(player)s has not busted"),
            N_("a busted player"),
            params={"player": player},
        )
    busts = []
    for bust in field.busts:
        kept = tuple((p, c) for p, c in bust.players if p != player)
        if kept:
            busts.append(replace(bust, players=kept))
    return replace(field, busts=tuple(busts))


def can_bust_out(
    field: Field, seating: Seating, chips_at_start: Mapping[PlayerId, int]
) -> Refusal | None:
    if not chips_at_start:
        return Refusal("players", N_("nobody to bust"), N_("one or more seated players"))
    alive = set(field.alive)
    for player, chips in chips_at_start.items():
        if not seating.is_seated(player):
            return Refusal(
                "player",
                N_("player %(player)s is not seated"),
                N_("a player seated at a table"),
                params={"player": player},
            )
        if player not in alive:
            return Refusal(
                "player",
                N_("player %(player)s is no longer in the tournament"),
                params={"player": player},
            )
        if chips < 1:
            return Refusal(
                "chips",
                N_("%(chips)s chips at the start of the hand"),
                N_("1 chip or more"),
                params={"chips": chips},
            )
    if len(alive) - len(chips_at_start) < 1:
        return Refusal(
            "players", N_("every player left would bust"), N_("someone wins the hand"), "PKR-END-1"
        )
    return None


def bust_out(
    field: Field,
    seating: Seating,
    chips_at_start: Mapping[PlayerId, int],
    hand: int | None = None,
) -> tuple[Field, Seating, tuple[Finish, ...]]:
    """PKR-END-1: players out in one hand, with their places; they leave their seats.

    ``chips_at_start`` maps each busted player to their stack when the hand started (it only
    matters when two or more bust in the same hand).
    """
    refusal = can_bust_out(field, seating, chips_at_start)
    if refusal is not None:
        raise refusal.raise_as(Conflict)
    bust = BustOut(hand, tuple(chips_at_start.items()))
    new_field = replace(field, busts=(*field.busts, bust))
    for player in chips_at_start:
        seating = unseat(seating, player)
    places = {f.player: f for f in finishing_order(new_field)}
    return new_field, seating, tuple(places[p] for p in chips_at_start)


def disqualify(field: Field, player: PlayerId) -> Field:
    """PKR-PEN-1: the player leaves the field without a place (their chips leave play)."""
    if player not in field.alive:
        raise Conflict(
            "player",
            N_("player %(player)s is not in the tournament"),
            N_("a player still in"),
            params={"player": player},
        )
    return replace(field, disqualified=(*field.disqualified, player))


def finishing_order(field: Field) -> tuple[Finish, ...]:
    """Places, best first: the winner (once the event is over), then the busts in reverse.

    Players still in play have no place yet and are not listed, except the winner.
    """
    ranked = [p for p in field.players if p not in set(field.disqualified)]
    total = len(ranked)
    finishes: list[Finish] = []
    busted_before = 0
    for bust in field.busts:
        size = len(bust.players)
        best_place = total - busted_before - size + 1
        ordered = sorted(bust.players, key=lambda pc: -pc[1])
        for player, chips in ordered:
            first = next(j for j, (_, c) in enumerate(ordered) if c == chips)
            tied = sum(1 for _, c in ordered if c == chips)
            finishes.append(Finish(player, best_place + first, tied))
        busted_before += size
    if field.is_over:
        winner = field.winner
        assert winner is not None
        finishes.append(Finish(winner, 1))
    return tuple(sorted(finishes, key=lambda f: (f.place, f.player)))


def place_of(field: Field, player: PlayerId) -> int | None:
    for finish in finishing_order(field):
        if finish.player == player:
            return finish.place
    return None


def players_left(field: Field) -> int:
    return len(field.alive)


def field_of(players: Sequence[PlayerId]) -> Field:
    if len(set(players)) != len(players):
        raise TorneoError("players", N_("a player is listed twice"), N_("each player once"))
    return Field(tuple(players))
