"""The browser's voice call on the call service: the page's WebRTC offer in, the line's answer out.

    POST /calls/{call_id}/voice   {"sdp": "<the browser's offer>", "type": "offer"}  -> {"sdp", "type": "answer"}

A voice call is a caller's call like any other: the page creates it with ``POST /calls`` (the one place calls
are made, and limited), then offers its microphone for that call id. Every turn the pipeline hears goes
through the service's own turn (``take_turn``: the call's lock, its failure plan, its record, its metrics),
so a voice call is the same call as its typed turns: the page can move it to typing at any time, and staff
see one history. Nothing secret reaches the page: the offer and answer carry only media parameters and the
host's ICE candidates (no STUN or TURN server, no credential of the service's).

A worker plays at most ``most`` voice calls at once (each is speech recognition on a core: a crowd would
slow every caller down); beyond that the offer is refused with 429 and Retry-After, as other limits are. One
call id has one voice connection at a time (409 for a second). The call ends when the page sends stop,
closes its connection or stops answering, when the agent says goodbye, or when the worker stops; the
ending and the call's latency budgets go into its history as a line of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from types import SimpleNamespace
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, HTTPException
from pipecat.transports.smallwebrtc.connection import SmallWebRTCConnection
from pydantic import BaseModel, Field

from phone.processor import Words
from phone.twilio_calls import CallAgent, LiveCalls
from service.voice_call_budgets import MOST_VOICE_CALLS, CallBudgets, ToolWatch
from service.voice_call_pipeline import Send, play_voice_call

log = logging.getLogger(__name__)

CONNECT_SECONDS = 20.0
"""How long an answered offer has to connect before the line gives up on it."""
RETRY_AFTER_SECONDS = 15
ICE_ADDRESSES_ENV = "SERVICE_ICE_ADDRESSES"
"""The host addresses the line offers as ICE candidates, comma-separated (default: all of the host's)."""

TakeTurn = Callable[[str, str, ToolWatch, Words | None], dict]
"""``take_turn(call_id, text, watch, words)`` -> ``{"reply", "heard", "node", "slots"}``: one turn, as HTTP takes
it, with the recogniser's ``[(word, probability), ...]`` (None for a typed turn or a key)."""


class Offer(BaseModel):
    """Body of POST /calls/{call_id}/voice: the browser's SDP offer (all its ICE candidates gathered)."""

    sdp: str = Field(max_length=64_000, description="the RTCPeerConnection's localDescription.sdp")
    type: Literal["offer"] = "offer"


class PageCall:
    """The call's agent as the pipeline plays it: each turn is the service's own, and the page hears of it."""

    def __init__(self, call_id: str, take_turn: TakeTurn, profile: Any, send: Send, budgets: CallBudgets):
        self.call_id = call_id
        self.context = SimpleNamespace(profile=profile)  # the greeting names the clinic
        self.node: str | None = None
        self.transfer = None  # a browser call cannot be put through to a phone
        self._take_turn, self._send, self._budgets = take_turn, send, budgets

    def handle(self, text: str, words: Words | None = None) -> dict:
        """One caller turn (on a thread): the service's turn, then the page is told what it heard and understood.

        ``words``: Whisper's, as the phone line's stages pass them (``CallAgent.handle``): a name heard unsure is
        spelled on a browser call as on the phone.
        """
        turn = self._take_turn(self.call_id, text, self._watch, words)
        self.node = turn["node"]
        reply = turn["reply"]
        self._send({"type": "turn", "heard": turn["heard"], "state": reply["state"], "node": turn["node"],
                    "slots": turn["slots"]})
        return reply

    def _watch(self, tool: str, outcome: str | None, seconds: float) -> None:
        if outcome is None:
            self._send({"type": "tool", "tool": tool, "running": True})
            return
        self._budgets.tool(tool, outcome, seconds)
        self._send({"type": "tool", "tool": tool, "running": False, "outcome": outcome})


class VoiceCalls:
    """The worker's browser voice calls: the offer route, the calls in progress and their budgets."""

    def __init__(self, known: Callable[[str], bool], take_turn: TakeTurn, save_line: Callable[[str, dict], None],
                 profile: Any, most: int = MOST_VOICE_CALLS):
        self._known, self._take_turn, self._save_line, self._profile = known, take_turn, save_line, profile
        self.most = most
        self._live = LiveCalls()
        self._budgets: dict[str, CallBudgets] = {}
        self._playing: set[asyncio.Task] = set()

    def latency(self, call_id: str) -> dict | None:
        """The budgets of a call in progress on this worker (an ended call's are in its history)."""
        budgets = self._budgets.get(call_id)
        return None if budgets is None else budgets.record()

    def router(self) -> APIRouter:
        """The offer route, with a lifespan that ends the calls in progress when the worker stops."""

        @contextlib.asynccontextmanager
        async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
            yield
            await self._live.close_all()
            for waiting in list(self._playing):  # offers answered that never connected: given up now
                waiting.cancel()
            await asyncio.gather(*self._playing, return_exceptions=True)

        router = APIRouter(lifespan=lifespan)

        @router.post("/calls/{call_id}/voice")
        async def voice(call_id: str, offer: Offer) -> dict:
            """Answer the page's WebRTC offer for an existing call and play the call over it."""
            if not await asyncio.to_thread(self._known, call_id):
                raise HTTPException(status_code=404, detail=f"no call {call_id!r}; create one with POST /calls")
            if call_id in self._budgets:
                raise HTTPException(status_code=409, detail="this call already has a voice connection")
            if len(self._budgets) >= self.most:
                raise HTTPException(status_code=429, detail="the line has as many voice calls as it can take",
                                    headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
            connection = SmallWebRTCConnection(ice_servers=[])  # the host's own addresses: no STUN, no TURN
            try:
                await connection.initialize(sdp=offer.sdp, type=offer.type)
            except Exception:  # aiortc refuses what it cannot read: the details stay in the debug log
                log.debug("a voice offer was refused", exc_info=True)
                with contextlib.suppress(Exception):
                    await connection.disconnect()
                raise HTTPException(status_code=422, detail="not a WebRTC audio offer the line can answer") from None
            answer = connection.get_answer() or {}
            self._budgets[call_id] = CallBudgets()
            playing = asyncio.ensure_future(self._play(call_id, connection))
            self._playing.add(playing)
            playing.add_done_callback(self._playing.discard)
            return {"sdp": answer.get("sdp", ""), "type": answer.get("type", "answer")}

        return router

    async def _play(self, call_id: str, connection: SmallWebRTCConnection) -> None:
        budgets = self._budgets[call_id]
        reason = "the page never connected"
        loop = asyncio.get_running_loop()

        def send(message: dict) -> None:  # from the event loop or a turn's thread, in order
            loop.call_soon_threadsafe(connection.send_app_message, message)

        call = CallAgent(PageCall(call_id, self._take_turn, self._profile, send, budgets))
        try:
            if await _connected(connection):
                with self._live.live() as live:
                    reason = await play_voice_call(connection, call, live=live, budgets=budgets, send=send)
            else:
                await connection.disconnect()
        except Exception as failed:  # the type only: a message could quote what the caller said
            reason = f"the line failed ({type(failed).__name__})"
            log.error("a browser voice call failed (%s)", type(failed).__name__)
            log.debug("the voice call's failure", exc_info=True)
        finally:
            call.end()
            del self._budgets[call_id]
            record = {"line": f"browser voice call ended: {reason}", "latency": budgets.record()}
            await asyncio.to_thread(self._save_line, call_id, record)


async def _connected(connection: SmallWebRTCConnection) -> bool:
    """Wait for the peer connection to connect (True), fail or time out (False)."""
    settled = asyncio.Event()

    @connection.pc.on("connectionstatechange")
    def changed() -> None:
        if connection.pc.connectionState in ("connected", "failed", "closed"):
            settled.set()

    if connection.pc.connectionState not in ("new", "connecting"):
        settled.set()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(settled.wait(), CONNECT_SECONDS)
    return connection.pc.connectionState == "connected"


def offer_host_addresses(environ: dict[str, str] | None = None) -> None:
    """``SERVICE_ICE_ADDRESSES``: the only host addresses the line offers (tests: 127.0.0.1, loopback only)."""
    chosen = [a.strip() for a in (environ or os.environ).get(ICE_ADDRESSES_ENV, "").split(",") if a.strip()]
    if chosen:
        import aioice.ice

        aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: list(chosen)
