"""``torneo serve --workers N``: N uvicorn workers, each listening on a socket of its own.

Why not uvicorn's own supervisor (issue 32 item 1): uvicorn 0.54 binds one listening socket in
its parent and hands it to every worker; the kernel gives each new connection to whichever
worker accepts first. The live pages' connections (the draft's WebSockets, the SSE streams)
last hours, so the split at their connect stays: with 512 drafters one worker spent 61.6 s of
CPU and the other 8 s (bench/draft.py). uvicorn has no ``SO_REUSEPORT`` option. Here each
worker listens on a socket of its own, all bound with ``SO_REUSEPORT``: Linux hashes every new
connection over the sockets listening on the port, so the pages spread over the workers.

What is uvicorn's and kept: its ``Config`` and ``Server`` run each worker
(``Server.run(sockets=[sock])``: the factory app, the logging, the graceful shutdown, the live
streams' shutdown hook), and its worker process class (``uvicorn.supervisors.multiprocess.
Process``: the health check over a pipe, terminate, kill, join). What is ours: the sockets, and
this small supervisor.

- **A socket per place.** The supervisor binds N sockets and hands each to one worker, which
  receives it once its app is loaded (the imports: seconds on a loaded host). The supervisor
  keeps its copy: when a worker dies its socket stays in the kernel's group, the connections
  hashed to it (and those it had not accepted yet) wait there for its successor instead of
  being refused or moved to the survivors.
- **A standby and a steer** (the second half of issue 32 item 1): once every worker serves,
  one more process loads the app and waits for a socket. When a worker dies the standby gets
  the dead one's socket at once and serves it after its app's startup (a second or two), and
  for :data:`STEER_SECONDS` the kernel sends every new connection to that socket (a one-line
  BPF program on the port, :func:`steer`), then hashes again. So the dead worker's pages, which
  reconnect within seconds, all go back to its place. With uvicorn they found only the
  survivors listening (uvicorn took 5-15 s to start a replacement on the loaded machine) and
  stayed there for the rest of the draft; with the standby alone, hashed over both sockets,
  half of them did (bench/draft.py: 419 and 157 sockets). The alternatives were weighed in
  docs/deploy.md ("Why the load does not spread"): a slower reconnect leaves a drafter blind
  to their pack for seconds of a timed pick, and handing pages back later means closing pages
  that are drafting, at the risk of a seat looking disconnected at a timeout (BER-DRAFT-2). The
  standby costs one idle process's memory (about 170 MB). A standby that dies is not started
  again (logged): a dead worker's socket then waits for a fresh process (not steered to), as
  every dead worker's does under ``torneo serve --no-standby`` (a server short of memory).
- A worker that dies is replaced (the standby, or a fresh process); one that exits with
  uvicorn's ``STARTUP_FAILURE`` (the app cannot start: its database, its settings) stops the
  server with that code, as uvicorn's supervisor does. Its live gauges are dropped from the
  summed metrics (``mark_process_dead``: a dead worker's open streams are not open).
- SIGTERM and SIGINT stop every worker gracefully (each ends its live streams at once and gives
  open answers ``GRACEFUL_SHUTDOWN_SECONDS``); SIGHUP replaces the workers one by one, each
  once its successor serves on the same socket (new code, no connection refused). uvicorn's
  SIGTTIN/SIGTTOU (one worker more or less) are not kept.

A server started twice on one port: the first bind below is an ordinary one, so a second
``torneo serve`` fails at once (address in use) instead of joining the first one's sockets.
Linux only (``SO_REUSEPORT`` balances TCP this way since 3.9).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import signal
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable
from ctypes import addressof, create_string_buffer
from multiprocessing.connection import wait
from types import FrameType
from typing import Any

from uvicorn.config import STARTUP_FAILURE, Config
from uvicorn.supervisors.multiprocess import Process

log = logging.getLogger("uvicorn.error")  # uvicorn's supervisor logs there too

TICK_SECONDS = 0.5  # at most this long between two looks at the workers (a death wakes it)
READY_SECONDS = 120.0  # SIGHUP: a successor not serving by then is given up (the old one stays)

# The dead worker's pages reconnect within this (the draft's page after 1-2 s, a live page's
# stream after 3-4 s): until then every new connection goes to its place (module doc).
STEER_SECONDS = 5.0
SO_ATTACH_REUSEPORT_CBPF, SO_DETACH_REUSEPORT_BPF = 51, 68  # <asm-generic/socket.h>
BPF_RET_K = 0x06  # BPF_RET | BPF_K: return the constant

_spawn = multiprocessing.get_context("spawn")  # as uvicorn: a fresh interpreter per worker


def listening_socket(config: Config) -> socket.socket:
    """A socket of one worker's place on ``config.host:port``, listening (module doc)."""
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


def steer(sock: socket.socket, place: int | None) -> None:
    """Every new connection on the port to the socket of ``place`` (the order the sockets were
    bound in: the supervisor keeps them all open, so the kernel's order never changes), or hashed
    over them all again (None). A classic BPF program of one instruction, ``return place``, set
    on the port's group through any of its sockets (SO_ATTACH_REUSEPORT_CBPF, Linux 4.6)."""
    if place is None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, SO_DETACH_REUSEPORT_BPF, 0)
            return
        except OSError:  # before Linux 5.3: an index past the last socket is hashed too
            place = 0xFFFFFFFF
    program = create_string_buffer(struct.pack("HBBI", BPF_RET_K, 0, 0, place), 8)
    sock.setsockopt(
        socket.SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, struct.pack("HP", 1, addressof(program))
    )


class Worker(Process):
    """One worker process: uvicorn's, serving the socket it is handed (:meth:`hand`) once its
    app is loaded; a standby is one not handed one yet (module doc)."""

    def __init__(self, config: Config) -> None:
        self.socket_in, self.socket_out = _spawn.Pipe(duplex=False)
        super().__init__(config, [])

    def _healthcheck(self, timeout: float) -> bool | None:
        """uvicorn's health check (its ``is_alive``, ``is_ready``), given up as soon as the
        process dies: uvicorn's waited for the pipe alone, the whole timeout (5 s) when the
        worker died during a ping, and the dead worker's pages came back meanwhile to the
        survivor (bench/draft.py)."""
        try:
            self.parent_conn.send(b"ping")
            if self.parent_conn in wait([self.parent_conn, self.process.sentinel], timeout):
                started: bool = self.parent_conn.recv()
                return started
        except (OSError, EOFError, pickle.UnpicklingError):
            pass
        return None

    def hand(self, sock: socket.socket) -> None:
        """Give the worker its socket (multiprocessing passes the descriptor over the pipe)."""
        self.socket_out.send(sock)

    def target(self, sockets: list[socket.socket] | None = None) -> None:  # pragma: no cover
        # in the worker (spawned): uvicorn's Process.target, its socket received after the app
        server = self.server  # made once, before the health check's thread reads it
        threading.Thread(target=self.always_pong, daemon=True).start()
        self.config.load()
        server.run([self.socket_in.recv()])


class Workers:
    """The supervisor of ``config.workers`` workers and their standby (module doc)."""

    def __init__(self, config: Config, standby: bool = True) -> None:
        self.config = config
        # ``torneo serve --no-standby``: a dead worker's place goes to a process started then
        # (its pages wait for it to load, a few seconds), for a server short of memory: a
        # standby holds a loaded app (about 170 MB) and, in production, a database connection.
        self.keep_standby = standby
        self.sockets: list[socket.socket] = []  # one per place, the supervisor's copies
        self.workers: list[Worker] = []  # the worker serving each place
        self.standby: Worker | None = None
        self.standby_failed = False
        self.steered_until: float | None = None  # new connections all to one place until then
        self.exit_code = 0
        self.should_exit = threading.Event()
        self.signals: list[int] = []

    def run(self, on_port_free: Callable[[], None]) -> int:
        """Serve until SIGTERM or SIGINT; the exit code (0, or uvicorn's STARTUP_FAILURE).
        ``on_port_free``: called once the port is known free, before any worker starts."""
        self.config.bind_socket().close()  # an ordinary bind first: the port is free (module doc)
        on_port_free()
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, self._queue_signal)
        log.info("Started parent process [%d]", os.getpid())
        self.sockets = [listening_socket(self.config) for _ in range(self.config.workers)]
        self.workers = [self._start(sock) for sock in self.sockets]
        while not self.should_exit.is_set():
            wait([w.process.sentinel for w in self.workers], TICK_SECONDS)
            self._handle_signals()  # first: workers ending on a SIGTERM of their own are not dead
            self._replace_the_dead()
            self._end_steering()
            self._keep_a_standby()
        for sock in self.sockets:  # the workers' copies close as their shutdown begins
            sock.close()
        for process in self._all():
            process.terminate()
        for process in self._all():
            process.join()
        log.info("Stopping parent process [%d]", os.getpid())
        return self.exit_code

    def _queue_signal(self, signum: int, frame: FrameType | None) -> None:
        self.signals.append(signum)

    def _all(self) -> list[Worker]:
        """The workers and the standby."""
        return self.workers + ([self.standby] if self.standby is not None else [])

    def _start(self, sock: socket.socket | None) -> Worker:
        """A new worker serving ``sock`` once loaded; None: a standby."""
        worker = Worker(self.config)
        worker.start()
        if sock is not None:
            worker.hand(sock)
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
        """Each dead or hung worker's place to the standby (or a fresh process); the dead are
        seen first, without a health check."""
        if self.should_exit.is_set():
            return
        dead = [w for w in self.workers if not w.process.is_alive()]
        timeout = self.config.timeout_worker_healthcheck
        hung = [w for w in self.workers if w not in dead and not w.is_alive(timeout=timeout)]
        for worker in dead + hung:
            if self.should_exit.is_set():
                return
            worker.kill()  # hung (no answer to the health check); dead: closes its pipe
            if worker.exitcode == STARTUP_FAILURE:
                # the app cannot start (uvicorn's rule): every restart would fail the same way
                log.error("Child process [%s] failed to start, stopping.", worker.pid)
                self.exit_code = STARTUP_FAILURE
                self.should_exit.set()
                return
            place = self.workers.index(worker)
            successor, self.standby = self.standby, None
            if successor is not None and successor.process.is_alive():
                # the dead worker's pages come back within seconds: all to its place (module doc)
                self._steer(place)
                successor.hand(self.sockets[place])
            else:
                successor = self._start(self.sockets[place])
            self.workers[place] = successor
            worker.join()
            _drop_metrics(worker.pid)
            log.info(
                "Child process [%s] died (exit code %s); [%s] takes its place",
                worker.pid,
                worker.exitcode,
                successor.pid,
            )

    def _steer(self, place: int) -> None:
        try:
            steer(self.sockets[place], place)
        except OSError as exc:  # a kernel or sandbox without it: hashed, half to the survivors
            log.warning("New connections not steered to the new worker: %s", exc)
            return
        self.steered_until = time.monotonic() + STEER_SECONDS

    def _end_steering(self) -> None:
        if self.steered_until is not None and time.monotonic() >= self.steered_until:
            steer(self.sockets[0], None)
            self.steered_until = None
            log.info("New connections hashed over every worker again")

    def _keep_a_standby(self) -> None:
        """A standby once every worker serves (none while they start: they share the cores)."""
        if self.should_exit.is_set() or self.standby_failed or not self.keep_standby:
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
            self.standby = self._start(None)
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
        for place, old in enumerate(self.workers):
            new = self._start(self.sockets[place])
            if not new.wait_until_ready(READY_SECONDS, self.should_exit):
                new.kill()
                new.join()
                log.error("[%s] did not serve in time; keeping [%s]", new.pid, old.pid)
                return
            old.terminate()
            old.join()
            _drop_metrics(old.pid)
            self.workers[place] = new


def _drop_metrics(pid: int | None) -> None:
    """A dead worker's live gauges leave the sum (prometheus-client's multiprocess mode)."""
    if pid is None or not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return
    from prometheus_client import multiprocess  # not in the workers' start (it unpickles us)

    multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def supervise(
    app: str, on_port_free: Callable[[], None], standby: bool = True, **options: Any
) -> None:
    """Serve ``app`` on ``options["workers"]`` workers until stopped (``torneo serve --workers
    N``, N > 1); ``options`` are ``uvicorn.Config``'s, as ``uvicorn.run`` takes them;
    ``on_port_free`` prepares what the workers share once no other server holds the port;
    ``standby``: keep a loaded process ready for a dead worker's place (module doc)."""
    code = Workers(Config(app, **options), standby).run(on_port_free)
    if code:
        sys.exit(code)
