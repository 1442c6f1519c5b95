"""The figures of ``bench/draft.py``: what the simulated pages saw, and the report read back
from the database (latencies, the timer, lost or doubled picks, CPU per pick)."""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from _common import host_line, percentile
from torneo.cards.draft.tables import DraftPick, DraftPod, DraftSeat
from torneo.cards.rules.boosters import draft_booster
from torneo.cards.rules.set_files import read_json
from torneo.platform.store.uow import Store


@dataclass
class Drafter:
    player_id: int
    user_id: int
    cookie: str
    pod: int = 0
    seat: int = 0
    stall: bool = False
    picks_told: set[tuple[int, int, str]] = field(default_factory=set)
    done: bool = False
    reconnects: int = 0


@dataclass
class Figures:
    sent: dict[tuple[int, int, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    received: dict[tuple[int, int, int], list[float]] = field(
        default_factory=lambda: defaultdict(list)
    )
    late: list[float] = field(default_factory=list)
    answers: list[float] = field(default_factory=list)
    answer_sent: dict[tuple[int, int, int], float] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    connected: set[int] = field(default_factory=set)  # players whose page got its first state


def report(
    store: Store,
    event: int,
    drafters: list[Drafter],
    fig: Figures,
    wall: float,
    cpu: dict[int, float],
    killed: Any,
    args: argparse.Namespace,
    connecting: float = 0.0,
) -> None:
    with store.read() as s:
        picks = s.execute(
            select(
                DraftPod.pod_no,
                DraftPick.seat_no,
                DraftPick.booster_no,
                DraftPick.pick_no,
                DraftPick.card_code,
                DraftPick.how,
                DraftPick.picked_at,
            )
            .join(DraftPod, DraftPod.id == DraftPick.pod_id)
            .where(DraftPod.event_id == event)
        ).all()
        statuses = Counter(s.scalars(select(DraftPod.status).where(DraftPod.event_id == event)))
        disqualified = s.scalar(select(func.count(DraftSeat.id)).where(DraftSeat.disqualified)) or 0
        timed_out = [p for p in picks if p.how == "timeout"]
        start_at = s.scalar(select(func.min(DraftPod.started_at)).where(DraftPod.event_id == event))
    # A pass made by the server's timer (a seat picked for at the deadline: a stalled seat, a
    # page reconnecting after the kill, a pick that came late) is the timer's figure, not this
    # one: its packs follow the deadline, not the last pick sent.
    by_timer = {(p.pod_no, p.booster_no, p.pick_no) for p in picks if p.how != "player"}
    latency: list[float] = []
    samples: list[tuple[int, int, int, float, float]] = []  # pod, booster, pick, sent, delay
    for (pod, b, k), times in fig.received.items():
        before = (b, k - 1) if k > 1 else (b - 1, 7)
        sent = fig.sent.get((pod, *before))
        if not sent or (pod, *before) in by_timer:
            continue  # the first pack, or a pass by the timer
        last = max(sent)
        latency += [t - last for t in times if t >= last]
        samples += [(pod, b, k, last, t - last) for t in times if t >= last]
    if args.dump:
        Path(args.dump).write_text(
            json.dumps({"latency": samples, "answers": fig.answers, "late": fig.late})
        )
    stored = {(p.pod_no, p.seat_no, p.booster_no, p.pick_no): p.card_code for p in picks}
    per_seat = Counter((p.pod_no, p.seat_no) for p in picks)
    lost_told = sum(
        1 for d in drafters for (b, k, c) in d.picks_told if stored.get((d.pod, d.seat, b, k)) != c
    )
    demo = read_json(
        (resources.files("torneo.cards.sets") / "data" / "demo-set.json").read_text("utf-8")
    )
    conserved = 0
    for pod in range(1, args.pods + 1):
        opened = Counter(
            c
            for seat in range(1, 9)
            for b in range(1, 5)
            for c in draft_booster(demo, 16, pod, seat, b)
        )
        got = Counter(c for (p, _, _, _), c in stored.items() if p == pod)
        conserved += opened == got
    print(host_line())
    print(
        f"{'SQLite, 1 worker, no Redis' if args.sqlite else 'PostgreSQL + Redis, 2 workers'}:"
        f" drafters {len(drafters)} in {args.pods} pods, 4 boosters, {args.seconds} s a pick, think {args.think_min}-{args.think_max} s, wall {wall:.1f} s"
    )
    print(
        f"pods done {statuses.get('done', 0)}/{args.pods}; picks stored {len(picks)} (expected {len(drafters) * 28}); seats with 28 picks {sum(1 for n in per_seat.values() if n == 28)}/{len(drafters)}"
    )
    print(
        f"lost picks (told 'picked', not stored) {lost_told}; doubled picks {len(picks) - len(stored)}; pods whose cards are all picked exactly once {conserved}/{args.pods}"
    )
    if latency:
        print(
            f"pick-to-next-pack latency: median {statistics.median(latency) * 1000:.1f} ms, p99 {percentile(latency, 99) * 1000:.1f} ms, max {max(latency) * 1000:.1f} ms ({len(latency)} packs)"
        )
    if fig.answers:
        print(
            f"pick answer (send → picked): median {statistics.median(fig.answers) * 1000:.1f} ms, p99 {percentile(fig.answers, 99) * 1000:.1f} ms"
        )
    # The server's side of the timer: a timeout's transaction began this long after the
    # deadline (the pass before it, plus the seconds of a pick; the draft's start for pick 1)
    passed_at: dict[tuple[int, int, int], datetime] = {}
    for p in picks:
        key = (p.pod_no, p.booster_no, p.pick_no)
        passed_at[key] = max(passed_at.get(key, p.picked_at), p.picked_at)
    server_late = []
    for p in timed_out:
        before = (p.booster_no, p.pick_no - 1) if p.pick_no > 1 else (p.booster_no - 1, 7)
        previous = passed_at.get((p.pod_no, *before), start_at)
        assert previous is not None
        behind = p.picked_at - previous - timedelta(seconds=args.seconds)
        server_late.append(behind.total_seconds())
    if server_late:
        print(
            f"timer, server side: a timeout's transaction began after the deadline: median {statistics.median(server_late) * 1000:.0f} ms, max {max(server_late) * 1000:.0f} ms ({len(server_late)} seat-timeouts)"
        )
    if fig.late:
        print(
            f"timer: next pack of a stalled seat after the announced deadline: median {statistics.median(fig.late) * 1000:.0f} ms, min {min(fig.late) * 1000:.0f} ms, max {max(fig.late) * 1000:.0f} ms ({len(fig.late)} timeouts)"
        )
    # where the timer picked: pick 1 of each booster is the stalled seats' (by design); a
    # pile at booster 1 pick 1 is the start, one after the kill the pages that reconnected
    where = Counter((p.booster_no, p.pick_no) for p in timed_out).most_common(6)
    print(
        "picks by the timer at (booster, pick): "
        + ", ".join(f"{b}.{k}: {n}" for (b, k), n in where)
    )
    print(
        f"picks by the server's timer {len(timed_out)} ({len(by_timer)} passes by the timer, left out of the latency); disqualified {disqualified}; errors {dict(fig.errors)}; reconnects {sum(d.reconnects for d in drafters)}"
    )
    print(
        "CPU per worker: "
        + ", ".join(
            f"pid {pid} {sec:.1f} s ({sec / wall * 100:.0f}% of a core)"
            for pid, sec in sorted(cpu.items())
        )
        + (f"; killed {killed[0]}" if killed else "")
    )
    if picks:
        print(
            f"workers' CPU per stored pick {sum(cpu.values()) / len(picks) * 1000:.2f} ms"
            f" ({sum(cpu.values()):.1f} s for {len(picks)} picks, timer and presence included)"
        )
        # the same CPU in two parts: the pages connecting before the start (a cost per page)
        # and the draft from its start (per pick), issue 32 item 1
        drafting = sum(cpu.values()) - connecting
        print(
            f"  of which the {len(drafters)} pages connecting before the start {connecting:.1f} s"
            f" ({connecting / max(len(drafters), 1) * 1000:.1f} ms a page), and from the"
            f" start on {drafting:.1f} s ({drafting / len(picks) * 1000:.2f} ms per stored pick)"
        )
