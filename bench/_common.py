"""Small helpers shared by the benchmarks: timing, percentiles and peak memory, printed plainly.

Benchmarks print figures; they never assert on time (README: speed is measured, not tested).
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """Run ``fn`` once; return its value and the wall seconds it took."""
    start = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - start


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return 0.0
    k = max(0, min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1))))
    return ordered[k]


def summary_ms(samples: list[float]) -> str:
    """'median X ms, p95 Y ms, max Z ms' for samples in seconds."""
    return (
        f"median {statistics.median(samples) * 1000:.2f} ms, "
        f"p95 {percentile(samples, 95) * 1000:.2f} ms, max {max(samples) * 1000:.2f} ms"
    )


def peak_rss_mib() -> float:
    """Peak resident memory of this process so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def host_line() -> str:
    """How fast this host runs plain Python right now, printed before a bench's figures.

    The machine is virtual and its speed moves from hour to hour (on 2026-12-02 the same code
    cost up to twice the CPU of an earlier session's runs): a figure is only compared with
    another printed next to a similar line. The loop is 10 million additions, best of three.
    """
    best = min(_loop_seconds() for _ in range(3))
    return f"host: 10^7 Python additions in {best:.2f} s (best of 3; figures scale with it)"


def _loop_seconds() -> float:
    start = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - start
