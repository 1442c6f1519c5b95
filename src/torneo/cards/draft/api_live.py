"""The live draft in real time: a WebSocket per player (Starlette's own), a Server-Sent Events
stream as the fallback (picks then go by ``POST /api/v1/events/{id}/draft/picks``), and every
worker's draft timer.

- ``/events/{id}/draft/ws``: the logged-in player's socket. On connect it sends ``state`` (pack,
  picks, deadline, the server's clock: a reconnecting page gets everything back); the client
  sends ``{"type": "pick", "card": "DEMO-012", "booster": 1, "pick": 3}`` and gets ``picked``
  or ``error`` (the refusal in the page's language, with its field and what is accepted); every
  seat of the pod gets ``pack`` when the boosters pass, ``ready`` with the seats that have
  picked (``{"type": "ready", "seats": [2, 5], "booster": 1, "pick": 3}``, gathered over
  ``api_hub.READY_WINDOW``; not the last seat of a pass: the ``pack`` that follows says it).
- ``/events/{id}/draft/stream``: the same messages as SSE ``data:`` lines, for networks that
  refuse WebSockets.
- Fan-out: a pick commits on whichever worker got it; its notices (``cards.draft.commands.topic``,
  never a public ``/live`` topic, since they carry the packs) reach every worker through the
  store's broker (Redis with several workers), where the worker's hub
  (``cards.draft.api_hub.DraftHub``) hands each socket of the pod its own pack. One broker
  subscription per event and worker, however many sockets.
- What goes where (issue 32: each message through a page's task and ASGI's eight ``send``
  wrappers was half of a worker's event loop). Under uvicorn's sans-I/O websockets (``torneo
  serve``) the hub writes a page's messages straight to its socket
  (``torneo.platform.web.socket_direct``) in the turn of the loop that heard the notice: a pod's
  ``ready`` (one frame for all its pages), a pass's ``pack``, the start's ``state`` made from its
  notice; the page's reader writes its answers (``picked``, ``error``) the same way. What needs
  the database (the ``state`` of a reconnect, of a disqualification, of a page that missed the
  start) goes through the page's task, and what comes meanwhile queues behind it; the notices
  that come while the page's pick (or state asked) is in flight wait for its answer (``picked``
  comes before the pack its pick made): a page hears in order (``api_hub.Listener.tell``). Under
  any other server (the TestClient) and on the stream, every message goes through the page's
  task and ASGI.
- The timer and the presence reports (``cards.draft.api_hub.DraftTimers``, started with the app): each
  worker expires the pods whose stored deadline has passed and reports which seats' pages it
  holds open (BER-DRAFT-2). Nothing lives only in a worker's memory: a restarted worker re-arms
  every timer from the stored deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, cast

import anyio
import anyio.to_thread
from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import StreamingResponse
from sqlalchemy import bindparam, select
from sqlalchemy.exc import SQLAlchemyError

from torneo.cards.draft import commands as commands
from torneo.cards.draft import views as views
from torneo.cards.draft.api_hub import DraftHub, Listener, Prepared, hub_of, offer
from torneo.cards.draft.api_hub import start_timers as start_timers
from torneo.cards.draft.commands_batch import PickIn
from torneo.cards.rules.sets import CardSet
from torneo.cards.state import no_event
from torneo.cards.tables import Event
from torneo.core.errors import Forbidden, TorneoError
from torneo.core.messages import N_
from torneo.platform import i18n
from torneo.platform.live.broker import Notice
from torneo.platform.store.uow import Actor, Store
from torneo.platform.web.live import CountedStream, admit_stream
from torneo.platform.web.overload import BUSY
from torneo.platform.web.session import current_actor, store_of
from torneo.platform.web.socket_direct import DirectSocket, direct_socket
from torneo.platform.web.templating import page_language

log = logging.getLogger(__name__)
# Seconds before a page whose state could not be read (the database away a moment: connections
# killed, a failover) reads it again by itself (issue 31: the pages went silent for the draft).
READ_AGAIN = 1.0
router = APIRouter(include_in_schema=False)

# --- one page's conversation -----------------------------------------------------------------


class Seat:
    """What one page of one player says and hears (the WebSocket and the stream share it)."""

    def __init__(
        self, hub: DraftHub, actor: Actor, event_id: int, listener: Listener, lang: str
    ) -> None:
        self.hub, self.store, self.actor, self.event_id = hub, hub.store, actor, event_id
        self.listener, self.lang = listener, lang
        self.cards: CardSet | None = None
        self.before: views.PlayerDraft | None = None  # the last state read (its event's name)
        self.sending = asyncio.Lock()  # one message at a time on the socket (through ASGI)
        self.direct: DirectSocket | None = None  # its socket, written to by the hub (issue 32)
        self.looked_for_seat = False  # read once on a pod's notice while seatless (hear)
        self.seated: tuple[int, int, int] | None = None  # (pod id, seat, seat id) last read

    def _state(self) -> dict[str, Any]:
        player_id = self.actor.player_id
        assert player_id is not None
        with self.store.read() as session:
            view, seat, cards = views.seat_draft(
                session, self.store.clock(), self.event_id, player_id
            )
        if cards is not None:
            self.cards = cards
        self.before = view
        if seat is not None:  # a worker thread: the hub's index is the event loop's
            self.seated = (seat.pod_id, seat.seat_no, seat.id)
        return {"type": "state", **view.as_json()}

    async def state(self, *, seen: bool = True) -> dict[str, Any]:
        """The page's whole state; ``seen``: the page (re)connected, so it is present now."""
        player_id = self.actor.player_id
        assert player_id is not None
        if seen:  # with the other pages reporting now: one UPDATE (api_draft_hub)
            await self.hub.report(self.event_id, seen=[player_id])
        async with self.hub.catching_up:
            state = await anyio.to_thread.run_sync(self._state)
        if self.seated is not None:
            self.hub.place(self.event_id, self.listener, *self.seated)
        return state

    async def pick(self, raw: dict[str, Any]) -> dict[str, Any]:
        at = self.store.clock()  # read from the socket now: the pick's time (BER-DRAFT-2)
        booster, pick = raw.get("booster"), raw.get("pick")
        item = PickIn(
            self.actor,
            str(raw.get("card", ""))[:40],
            booster if isinstance(booster, int) else None,
            pick if isinstance(pick, int) else None,
            at,
        )
        try:
            # with the picks of the worker's other pages that arrive meanwhile (issue 32); the
            # page waits on the loop, its batch runs in the group commit's thread: handing
            # each pick to a thread of the worker's pool and waiting there cost more
            done = await self.hub.picks.submit_async(self.event_id, item)
        except TorneoError as err:
            return self.error(err)
        except SQLAlchemyError:  # nothing was stored: the page may pick again (or the timer)
            log.warning("draft: a pick of event %s not taken, the database away", self.event_id)
            return self.error(BUSY)
        return {
            "type": "picked",
            "card": done.card,
            "booster": done.position.booster,
            "pick": done.position.pick,
        }

    def _started(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The page's state at the draft's start from the start's notice, with no read (issue
        32; ``views.started_seat``); its presence is written with the other pages', without
        waiting for it (BER-DRAFT-2: before the first timeout, in milliseconds). None: the
        page reads its state (it had none yet, or the notice has no seat for its player)."""
        player_id = self.actor.player_id
        if self.before is None or self.cards is None or player_id is None:
            return None
        found = views.started_seat(self.before, player_id, self.store.clock(), self.cards, data)
        if found is None:
            return None
        view, (pod_id, _, seat_no, _, seat_id) = found
        self.hub.place(self.event_id, self.listener, pod_id, seat_no, seat_id)
        self.before = view
        self.hub.report_soon(self.event_id, seen=[player_id])
        return {"type": "state", **view.as_json()}

    def error(self, err: TorneoError) -> dict[str, Any]:
        with i18n.language(self.lang):
            return {
                "type": "error",
                "status": err.status,
                "field": err.field,
                "reason": i18n.translate_reason(err),
                "accepted": i18n.translate_accepted(err),
            }

    def _pack(self, codes: list[str]) -> str:
        """A pack's cards as JSON, each card encoded once per worker (issue 32)."""
        texts = _card_texts(self.cards)
        out = []
        for code in codes:
            text = texts.get(code)
            if text is None:
                card = self.cards.card(code) if self.cards is not None else None
                shown = card.as_dict() if card is not None else {"id": code, "name": code}
                text = texts[code] = json.dumps(shown, default=str)
            out.append(text)
        return "[" + ",".join(out) + "]"

    async def hear(self, notice: Notice | Prepared) -> dict[str, Any] | str | None:
        """The message for this page of one notice of the event's draft (None: not for it): a
        dict, or its text already encoded (the same for every page, or the pack's cards)."""
        message = self.hear_now(notice)
        if isinstance(message, _Read):
            return await self.state(seen=message.seen)
        return message

    def speak(self, notice: Notice | Prepared) -> bool:
        """The hub's fan-out to a page whose socket it writes to (``Listener.tell``, issue 32):
        the message written now; False when the page's task must answer (it reads)."""
        direct = self.direct
        assert direct is not None
        if isinstance(notice, Prepared):  # a pod's "ready": the same frame for all its pages
            direct.send_frame(notice.data, notice.framed)
            return True
        try:
            message = self.hear_now(notice)
        except Exception:  # the task hears it again: never the fan-out to the other pages
            log.warning(
                "draft: a notice of event %s not heard at once", self.event_id, exc_info=True
            )
            return False
        if isinstance(message, _Read):
            return False
        if message is not None:
            direct.send(message if isinstance(message, str) else json.dumps(message, default=str))
        return True

    def hear_now(self, notice: Notice | Prepared) -> dict[str, Any] | str | _Read | None:
        """:meth:`hear` without the database: a :class:`_Read` where the page reads its state."""
        if isinstance(notice, Prepared):
            return notice.text  # a pod's "ready" (DraftHub._flush)
        data, mine = notice.data, self.listener
        if notice.kind == "started" and (started := self._started(data)) is not None:
            return started
        if notice.kind in ("started", "reconnect") or (
            notice.kind == "disqualified"
            and data.get("pod") == mine.pod
            and data.get("seat") == mine.seat
        ):
            return _Read(seen=notice.kind == "started")  # the seats exist now
        if mine.seat is None and notice.kind in ("picked", "pass") and not self.looked_for_seat:
            # Issue 31: a pod is drafting, so the "started" notice was lost (a broker away a
            # moment): without a seat the page ignored every notice and sat silent for the
            # whole draft (BER-DRAFT-2). It reads its state once, and is present from now.
            self.looked_for_seat = True
            return _Read(seen=True)
        if data.get("pod") != mine.pod or mine.seat is None:
            return None
        if notice.kind == "pass":
            codes = cast(dict[str, list[str]], data.get("packs") or {}).get(str(mine.seat), [])
            head = json.dumps(
                {
                    "type": "pack",
                    "status": data.get("status"),
                    "booster": data.get("booster"),
                    "pick": data.get("pick"),
                    "deadline": data.get("deadline"),
                    "server_now": self.store.clock().isoformat(),
                }
            )
            return head[:-1] + ', "pack": ' + self._pack(codes) + "}"
        return None  # a "picked" goes to the seated pages as a pod's "ready" (DraftHub._flush)


@dataclass(frozen=True, slots=True)
class _Read:
    """A notice the page answers with its whole state, read from the database (its task)."""

    seen: bool  # the page is present (Seat.state)


def _player(actor: Actor | None) -> Actor:
    if actor is None or actor.player_id is None:
        raise Forbidden(
            "actor",
            N_("only a player may draft"),
            N_("the account of a player seated in the draft (log in)"),
        )
    return actor


def _same_origin(socket: WebSocket) -> bool:
    origin = socket.headers.get("origin")
    if origin is None:
        return True  # not a browser (the bench, a test client): the session still decides
    host = socket.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


@router.websocket("/events/{event_id}/draft/ws")
async def draft_socket(socket: WebSocket, event_id: int) -> None:
    """The player's live draft (module doc)."""
    if not _same_origin(socket):
        await socket.close(code=4403)
        return
    hub = hub_of(socket.app)
    try:  # who asks, then (issue 27 hole 7) an event that exists, in one hop to a thread
        async with hub.catching_up:
            actor = await anyio.to_thread.run_sync(_admit, socket, hub.store, event_id)
        release = admit_stream(socket)  # within the live pages' caps
    except TorneoError as err:
        await socket.close(code=4401 if err.field == "actor" else 4000 + err.status)  # 4404, 4429
        return
    try:
        await _converse(socket, hub, actor, event_id)
    finally:
        release()


def _admit(socket: WebSocket, store: Store, event_id: int) -> Actor:
    """The socket's player (a TorneoError on the field ``actor``: not logged in as a player),
    then its event's existence (``_event_exists``)."""
    actor = _player(current_actor(cast(Request, socket)))
    _event_exists(store, event_id)
    return actor


# One statement (Store.lone_read; issue 32: the 512 pages of a draft's start, and the 256 of a
# lost worker coming back, each paid an ORM transaction of three round trips for it)
_EXISTS = select(Event.id).where(Event.id == bindparam("event_id"))


def _event_exists(store: Store, event_id: int) -> None:
    """404 for an event that does not exist: no listener, no broker subscription for it."""
    with store.lone_read() as connection:
        if connection.execute(_EXISTS, {"event_id": event_id}).first() is None:
            raise no_event(event_id)


async def _converse(socket: WebSocket, hub: DraftHub, actor: Actor, event_id: int) -> None:
    await socket.accept()
    lang = page_language(cast(Request, socket))
    async with hub.listen(event_id, actor.player_id or 0) as listener:
        seat = Seat(hub, actor, event_id, listener, lang)
        seat.direct = direct_socket(socket.scope)  # None: not uvicorn's sans-I/O websockets
        await _send(socket, seat, await seat.state())
        if seat.direct is not None:  # from now on the hub writes the page's messages itself
            listener.speak = seat.speak
        reader = asyncio.create_task(_read(socket, seat))
        # the page closed (the reader ended): a None in the queue ends the writer below, with
        # no task and wait per notice (8 pages wake at every pick of their pod)
        reader.add_done_callback(lambda _: offer(listener.queue, None))
        try:
            while (notice := await listener.queue.get()) is not None:
                listener.busy = True  # what comes meanwhile queues behind it (Listener.tell)
                try:
                    message = await seat.hear(notice)
                    if message is not None:
                        await _send(socket, seat, message)
                except SQLAlchemyError:
                    # The database away a moment: the page reads its state again shortly, as
                    # after a dropped subscription, instead of waiting for a notice that may
                    # never come (issue 31; BER-DRAFT-2: nobody is penalised for the outage).
                    log.warning("draft: a page of event %s not read; again soon", event_id)
                    again = Notice(commands.topic(event_id), "reconnect", {})
                    asyncio.get_running_loop().call_later(READ_AGAIN, offer, listener.queue, again)
                finally:
                    listener.busy = False
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            listener.speak = None
            reader.cancel()
            await _left(socket.app, event_id, listener)


async def _read(socket: WebSocket, seat: Seat) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            text = await socket.receive_text()
            try:
                raw = json.loads(text)
            except ValueError:
                raw = None
            if not isinstance(raw, dict) or raw.get("type") not in ("pick", "state"):
                await _send(socket, seat, _NOT_UNDERSTOOD)
                continue
            # What comes meanwhile follows the answer (Listener.tell): the pack of the pass this
            # pick makes after its "picked", the notices after a state read before them.
            seat.listener.hold()
            try:
                await _send(socket, seat, await _answer(seat, raw))
            finally:
                seat.listener.release()


async def _answer(seat: Seat, raw: dict[str, Any]) -> dict[str, Any]:
    if raw["type"] == "pick":
        return await seat.pick(raw)
    try:
        return await seat.state()
    except SQLAlchemyError:  # the page asks again; its socket stays open
        return seat.error(BUSY)


_NOT_UNDERSTOOD = {
    "type": "error",
    "status": 422,
    "field": "type",
    "reason": "pick or state",
    "accepted": None,
}


async def _send(socket: WebSocket, seat: Seat, message: dict[str, Any] | str) -> None:
    text = message if isinstance(message, str) else json.dumps(message, default=str)
    if seat.direct is not None:  # written now, in order with the hub's writes (issue 32)
        seat.direct.send(text)
        return
    async with seat.sending:
        await socket.send_text(text)


async def _left(app: FastAPI, event_id: int, listener: Listener) -> None:
    player_id, hub = listener.player_id, hub_of(app)
    if player_id is None or hub.is_open(event_id, player_id, besides=listener):
        return  # another page of the same player is still open here
    # with the other pages closing now (a pod's 8 at its end): one UPDATE (api_draft_hub);
    # written even when the page's task is being cancelled (a client gone, a shutdown)
    with anyio.CancelScope(shield=True):
        await hub.report(event_id, left=[player_id])


@router.get("/events/{event_id}/draft/stream")
async def draft_stream(request: Request, event_id: int) -> StreamingResponse:
    """The fallback: the socket's messages as Server-Sent Events (picks by POST)."""
    actor = _player(await anyio.to_thread.run_sync(current_actor, request))
    await anyio.to_thread.run_sync(_event_exists, store_of(request), event_id)
    release = admit_stream(request)  # issue 27 hole 7: the live pages' caps (429)
    lang = page_language(request)
    app = request.app

    async def body() -> AsyncIterator[str]:
        hub = hub_of(app)
        async with hub.listen(event_id, actor.player_id or 0) as listener:
            seat = Seat(hub, actor, event_id, listener, lang)
            yield _sse(await seat.state())
            try:
                while True:
                    try:
                        notice = await asyncio.wait_for(listener.queue.get(), 15.0)
                    except TimeoutError:
                        if await request.is_disconnected():
                            return
                        yield ": heartbeat\n\n"
                        continue
                    if notice is None:
                        return
                    message = await seat.hear(notice)
                    if message is not None:
                        yield _sse(message)
            finally:
                await _left(app, event_id, listener)

    return CountedStream(
        body(),
        release,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _sse(message: dict[str, Any] | str) -> str:
    text = message if isinstance(message, str) else json.dumps(message, default=str)
    return f"data: {text}\n\n"


# Each card's JSON, per card set (sets are never edited: state.card_set keeps them too), so a
# pass's eight packs are joined from texts, not built and encoded card by card (issue 32).
_texts: dict[int, tuple[CardSet | None, dict[str, str]]] = {}


def _card_texts(cards: CardSet | None) -> dict[str, str]:
    found = _texts.get(id(cards))
    if found is None or found[0] is not cards:  # the set itself is held: its id stays its own
        found = _texts[id(cards)] = (cards, {})
    return found[1]
