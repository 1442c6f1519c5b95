"""The seats of an event's pods (BER-POD-1/2): one row a seat.

A pod is the rows of one ``pod`` number ordered by ``seat`` (1-based): the order the players were
dealt (snake by rating) or the order the judge gave. The rows are written when the pods are
seated (automatically at the start, or by the judge before round 1) and when a late entry joins;
a drop or a disqualification keeps the seat (the pod's history stays readable). Read them through
:func:`torneo.cards.pods.state.event_pods`.
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from torneo.platform.store.tables import Base


class PodSeat(Base):
    __tablename__ = "pod_seats"
    __table_args__ = (
        UniqueConstraint("event_id", "pod", "seat", name="uq_pod_seats_event_pod_seat"),
        UniqueConstraint("event_id", "player_id", name="uq_pod_seats_event_player"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    pod: Mapped[int] = mapped_column(Integer)  # 1-based
    seat: Mapped[int] = mapped_column(Integer)  # 1-based, the order within the pod
    registration_id: Mapped[int] = mapped_column(ForeignKey("registrations.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
