"""The floor's log and its undo (issue 15 item 8): one bust-out written with its log entry, and
its undo (the player back, the moves reversed, the room rebalanced, audited), late in an evening.

A tournament of ``--players`` entries on SQLite, seats drawn, clock started, then busted down to
a quarter of the field one player at a time (the log grows to that many entries: its reading
is part of every later action). Then ``--runs`` times: a bust-out of a random player and the
undo of its entry, each one transaction through the services, timed in CPU (process_time) and
wall seconds; the medians are printed, and the time to read the whole log for the page.

    .venv/bin/python bench/poker_undo.py [--players 120] [--runs 15]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from torneo.core.policy import Actor
from torneo.platform.store.db import make_engine
from torneo.platform.store.migrate import upgrade
from torneo.platform.store.uow import Store
from torneo.poker import commands as poker
from torneo.poker import commands_clock as clock
from torneo.poker import commands_entries as entries
from torneo.poker import commands_seats as seats
from torneo.poker import views as views
from torneo.poker.floor import commands as floor
from torneo.poker.floor import commands_undo as undo
from torneo.poker.floor.views_log import floor_log

SYSTEM = Actor.system()
T = TypeVar("T")


def _timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    value = fn()
    return value, time.process_time() - cpu, time.perf_counter() - wall


def _ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        upgrade(engine)
        store = Store(engine)
        tid = poker.create_tournament(
            store, SYSTEM, template="tue", held_on="2025-12-02", seed=7, club=1
        )
        names = [f"Giocatore {i:03d}" for i in range(args.players)]
        entries.register_roster(store, SYSTEM, tid, names)
        seats.draw_seats_now(store, SYSTEM, tid)
        clock.start_clock(store, SYSTEM, tid)
        rng = random.Random(1)
        alive = [p.player_id for p in views.tournament_view(store, tid).players]
        while len(alive) > args.players // 4:
            floor.bust_out(store, SYSTEM, tid, players=[alive.pop(rng.randrange(len(alive)))])
        bust_cpu, bust_wall, undo_cpu, undo_wall, log_cpu, log_wall = [], [], [], [], [], []
        for _ in range(args.runs):
            out, cpu, wall = _timed(
                lambda: floor.bust_out(store, SYSTEM, tid, players=[rng.choice(alive)])
            )
            bust_cpu.append(cpu)
            bust_wall.append(wall)
            entry = out.entry
            _, cpu, wall = _timed(partial(undo.undo_entry, store, SYSTEM, tid, entry=entry))
            undo_cpu.append(cpu)
            undo_wall.append(wall)
            _, cpu, wall = _timed(lambda: floor_log(store, tid))
            log_cpu.append(cpu)
            log_wall.append(wall)
        print(
            f"{args.players} entries, log of {len(floor_log(store, tid))} entries, "
            f"{args.runs} runs (medians)"
        )
        print(f"bust-out + log entry: CPU {_ms(bust_cpu)}, wall {_ms(bust_wall)}")
        print(f"undo of its entry:    CPU {_ms(undo_cpu)}, wall {_ms(undo_wall)}")
        print(f"read the whole log:   CPU {_ms(log_cpu)}, wall {_ms(log_wall)}")
        engine.dispose()


if __name__ == "__main__":
    main()
