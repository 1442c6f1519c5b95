"""``torneo serve --workers N``: N uvicorn workers, each listening on a socket of its own.

Why not uvicorn's own supervisor (issue 32 item 1): uvicorn 0.54 binds one listening socket in
its parent and hands it to every worker; the kernel gives each new connection to whichever
worker accepts first. The live pages' connections (the draft's WebSockets, the SSE streams)
last hours, so the split at their connect stays: with 512 drafters one worker spent 61.6 s of
CPU and the other 8 s (bench/draft.py). uvicorn has no ``SO_REUSEPORT`` option. Here each
worker binds its own socket with ``SO_REUSEPORT``; Linux hashes every new connection over the
sockets listening on the port, so the pages spread over the workers.

What is uvicorn's and kept: its ``Config`` and ``Server`` run each worker
(``Server.run(sockets=[sock])``: the factory app, the logging, the graceful shutdown, the live
streams' shutdown hook), and its worker process class (``uvicorn.supervisors.multiprocess.
Process``: the health check over a pipe, terminate, kill, join). What is ours: where the socket
is made, and this small supervisor.

- A worker loads the app first (the imports: seconds on a loaded host) and binds its socket only
  then, so no connection waits in the queue of a worker still importing.
- **A standby** (the second half of issue 32 item 1): once every worker serves, one more
  process loads the app and waits, without a socket. When a worker dies it takes the dead one's
  place at once (a socket of its own, then its app's startup), so the pages reconnecting a
  second or two later are hashed over all N sockets again. Without it they found only the
  survivors listening (uvicorn took 5-15 s to start a replacement on the loaded machine) and
  stayed there for the rest of the draft. The alternatives were weighed in docs/deploy.md
  ("Why the load does not spread"): a slower reconnect leaves a drafter blind to their pack
  for seconds of a timed pick, and handing pages back later means closing every page of the
  survivors (hashing is random) at the risk of a seat looking disconnected at a timeout
  (BER-DRAFT-2). The standby costs one idle process's memory. A standby that dies is not
  started again (logged): a dead worker is then replaced by a fresh start, as uvicorn does.
- A worker that dies is replaced (the standby, or a fresh process); one that exits with
  uvicorn's ``STARTUP_FAILURE`` (the app cannot start: its database, its socket) stops the
  server with that code, as uvicorn's supervisor does. Its live gauges are dropped from the
  summed metrics (``mark_process_dead``: a dead worker's open streams are not open).
- SIGTERM and SIGINT stop every worker gracefully (each ends its live streams at once and gives
  open answers ``GRACEFUL_SHUTDOWN_SECONDS``); SIGHUP replaces the workers one by one, each once
  its successor serves (new code, no connection refused: the sockets overlap). uvicorn's
  SIGTTIN/SIGTTOU (one worker more or less) are not kept.

A server started twice on one port: the first bind below is an ordinary one, so a second
``torneo serve`` fails at once (address in use) instead of joining the first one's sockets.
Linux only (``SO_REUSEPORT`` balances TCP this way since 3.9).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import socket
import sys
import threading
from multiprocessing.connection import wait
from types import FrameType
from typing import Any

from uvicorn.config import STARTUP_FAILURE, Config
from uvicorn.supervisors.multiprocess import Process

log = logging.getLogger("uvicorn.error")  # uvicorn's supervisor logs there too

TICK_SECONDS = 0.5  # at most this long between two looks at the workers (a death wakes it)
READY_SECONDS = 120.0  # SIGHUP: a successor not serving by then is given up (the old one stays)

_spawn = multiprocessing.get_context("spawn")  # as uvicorn: a fresh interpreter per worker


def listening_socket(config: Config) -> socket.socket:
    """A socket of this worker's own on ``config.host:port``, listening (module doc)."""
    family = socket.AF_INET6 if config.host and ":" in config.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((config.host, config.port))
    except OSError as exc:
        log.error(exc)
        sys.exit(STARTUP_FAILURE)
    sock.listen(config.backlog)
    return sock


class Worker(Process):
    """One worker process: uvicorn's, with a socket of its own; a standby waits for
    :meth:`activate` before it binds it (module doc)."""

    def __init__(self, config: Config, *, standby: bool = False) -> None:
        self.go = _spawn.Event()
        if not standby:
            self.go.set()
        super().__init__(config, [])

    def activate(self) -> None:
        self.go.set()

    def target(self, sockets: list[socket.socket] | None = None) -> None:  # pragma: no cover
        # in the worker (spawned): uvicorn's Process.target, the socket made here, after the app
        server = self.server  # made once, before the health check's thread reads it
        threading.Thread(target=self.always_pong, daemon=True).start()
        self.config.load()
        self.go.wait()
        server.run([listening_socket(self.config)])


class Workers:
    """The supervisor of ``config.workers`` workers and their standby (module doc)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.workers: list[Worker] = []
        self.standby: Worker | None = None
        self.standby_failed = False
        self.exit_code = 0
        self.should_exit = threading.Event()
        self.signals: list[int] = []

    def run(self) -> int:
        """Serve until SIGTERM or SIGINT; the exit code (0, or uvicorn's STARTUP_FAILURE)."""
        self.config.bind_socket().close()  # an ordinary bind first: the port is free (module doc)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, self._queue_signal)
        log.info("Started parent process [%d]", os.getpid())
        self.workers = [self._start() for _ in range(self.config.workers)]
        while not self.should_exit.is_set():
            wait([w.process.sentinel for w in self.workers], TICK_SECONDS)
            self._handle_signals()
            self._replace_the_dead()
            self._keep_a_standby()
        for process in self._all():
            process.terminate()
        for process in self._all():
            process.join()
        log.info("Stopping parent process [%d]", os.getpid())
        return self.exit_code

    def _queue_signal(self, signum: int, frame: FrameType | None) -> None:
        self.signals.append(signum)

    def _all(self) -> list[Worker]:
        return self.workers + ([self.standby] if self.standby is not None else [])

    def _start(self, *, standby: bool = False) -> Worker:
        worker = Worker(self.config, standby=standby)
        worker.start()
        return worker

    def _handle_signals(self) -> None:
        while self.signals:
            signum = self.signals.pop(0)
            if signum == signal.SIGHUP:
                log.info("Received SIGHUP, replacing the workers one by one.")
                self._replace_all()
            else:
                log.info("Received %s, exiting.", signal.Signals(signum).name)
                self.should_exit.set()

    def _replace_the_dead(self) -> None:
        for index, worker in enumerate(self.workers):
            if self.should_exit.is_set():
                return
            if worker.is_alive(timeout=self.config.timeout_worker_healthcheck):
                continue
            worker.kill()  # hung (no answer to the health check), or dead already
            worker.join()
            _drop_metrics(worker.pid)
            if worker.exitcode == STARTUP_FAILURE:
                # the app cannot start (uvicorn's rule): every restart would fail the same way
                log.error("Child process [%s] failed to start, stopping.", worker.pid)
                self.exit_code = STARTUP_FAILURE
                self.should_exit.set()
                return
            successor, self.standby = self.standby, None
            if successor is None or not successor.process.is_alive():
                successor = self._start()
            successor.activate()
            log.info(
                "Child process [%s] died (exit code %s); [%s] takes its place",
                worker.pid,
                worker.exitcode,
                successor.pid,
            )
            self.workers[index] = successor

    def _keep_a_standby(self) -> None:
        """A standby once every worker serves (none while they start: they share the cores)."""
        if self.should_exit.is_set() or self.standby_failed:
            return
        if self.standby is not None:
            if self.standby.process.is_alive():
                return
            self.standby.join()
            _drop_metrics(self.standby.pid)
            log.warning(
                "The standby [%s] died (exit code %s); a worker that dies is started afresh",
                self.standby.pid,
                self.standby.exitcode,
            )
            self.standby, self.standby_failed = None, True
            return
        if all(w.is_ready(timeout=self.config.timeout_worker_healthcheck) for w in self.workers):
            self.standby = self._start(standby=True)
            log.info("Started the standby process [%s]", self.standby.pid)

    def _replace_all(self) -> None:
        """SIGHUP: each worker retires once its successor serves; the standby, loaded with the
        old code, is replaced too."""
        if self.standby is not None:
            self.standby.terminate()
            self.standby.join()
            _drop_metrics(self.standby.pid)
            self.standby = None
        self.standby_failed = False
        for index, old in enumerate(self.workers):
            new = self._start()
            if not new.wait_until_ready(READY_SECONDS, self.should_exit):
                new.kill()
                new.join()
                log.error("[%s] did not serve in time; keeping [%s]", new.pid, old.pid)
                return
            old.terminate()
            old.join()
            _drop_metrics(old.pid)
            self.workers[index] = new


def _drop_metrics(pid: int | None) -> None:
    """A dead worker's live gauges leave the sum (prometheus-client's multiprocess mode)."""
    if pid is None or not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def supervise(app: str, **options: Any) -> None:
    """Serve ``app`` on ``options["workers"]`` workers until stopped (``torneo serve --workers
    N``, N > 1); ``options`` are ``uvicorn.Config``'s, as ``uvicorn.run`` takes them."""
    code = Workers(Config(app, **options)).run()
    if code:
        sys.exit(code)
