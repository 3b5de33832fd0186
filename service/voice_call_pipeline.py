"""A browser voice call as one Pipecat pipeline over the SmallWebRTC transport (aiortc), to its end.

    browser (RTCPeerConnection) -> SmallWebRTC in -> the phone line's stages (phone.pipeline.phone_stages:
    VAD, caller turns with barge-in, idle prompts, speech to text, keypad, AgentTurns, text to speech)
    -> SmallWebRTC out -> browser

The stages are the phone line's own, so end-of-turn, barge-in, the greeting and the goodbye are the line's;
only the rate differs: the browser sends 48 kHz Opus, which the transport resamples once to 16 kHz, the
rate of the VAD and of Whisper (the phone line runs at its 8 kHz), and the agent's voice goes out at 16 kHz,
flite's own rate (Opus takes it to 48 kHz).

The page hears what happens as JSON messages on the call's data channel (``PageEvents``): the caller
speaking, the agent speaking and what it says, each turn (what was heard, the values understood, the step),
a clinic tool running. The page sends typed turns, key presses ("Yes, book it" is the key 1), "stop", its
own connect time, and a "ping" every second: a page that stops pinging (closed, crashed, network gone) is
hung up after ``DROPPED_SECONDS``, as is one that sends stop or closes its connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from pipecat.frames.frames import (
    BotStartedSpeakingFrame,
    BotStoppedSpeakingFrame,
    TranscriptionFrame,
    TTSSpeakFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.observers.base_observer import BaseObserver, FramePushed
from pipecat.pipeline.pipeline import Pipeline
from pipecat.pipeline.worker import PipelineParams, PipelineWorker
from pipecat.transports.base_transport import TransportParams
from pipecat.transports.smallwebrtc.connection import SmallWebRTCConnection
from pipecat.transports.smallwebrtc.transport import SmallWebRTCTransport
from pipecat.utils.time import time_now_iso8601
from pipecat.workers.runner import WorkerRunner

from phone.pipeline import phone_stages
from phone.processor import KEYPAD_PREFIX
from phone.twilio_calls import LiveCall, until_ended_or_hung_up
from service.voice_call_budgets import CallBudgets
from voicekit.phones import mask_read_out

WEB_RATE = 16000
"""The pipeline's rate in and out: the VAD's and Whisper's (the browser's 48 kHz resampled once, on the way in)."""
DROPPED_SECONDS = 5.0
"""A page silent this long on the data channel (it pings every second) has gone: the call is hung up."""
KEYS = frozenset("0123456789*#")
MOST_TYPED_CHARACTERS = 2000
"""A typed turn over the data channel is cut here (values are read from a turn's first 2,000 characters anyway)."""
MOST_PAGE_TURNS_PER_SECOND = 4
"""Typed turns and keys a page may send in a second; more are dropped (each key is a turn of its own)."""

Send = Callable[[dict], None]


class PageEvents(BaseObserver):
    """Tells the page what the pipeline does, and times the answer and barge-in budgets."""

    def __init__(self, send: Send, budgets: CallBudgets, **kwargs: Any):
        super().__init__(**kwargs)
        self._send = send
        self._budgets = budgets
        self._seen: deque[int] = deque(maxlen=64)  # a frame is seen at every hop: report it once
        self._speech_ended: float | None = None
        self._barged_in: float | None = None
        self.agent_speaking = False

    async def on_push_frame(self, data: FramePushed) -> None:
        """Report the frames the page shows; time the budgets."""
        frame = data.frame
        if not isinstance(frame, VADUserStartedSpeakingFrame | VADUserStoppedSpeakingFrame | BotStartedSpeakingFrame
                          | BotStoppedSpeakingFrame | TTSSpeakFrame) or frame.id in self._seen:
            return
        self._seen.append(frame.id)
        now = time.monotonic()
        if isinstance(frame, VADUserStartedSpeakingFrame):
            self._speech_ended = None
            if self.agent_speaking and self._barged_in is None:
                self._barged_in = now - frame.start_secs  # the caller's first sound, as the VAD places it
            self._send({"type": "caller", "speaking": True})
        elif isinstance(frame, VADUserStoppedSpeakingFrame):
            self._speech_ended = now - frame.stop_secs  # the caller's last sound, not the VAD's verdict
            self._send({"type": "caller", "speaking": False})
        elif isinstance(frame, BotStartedSpeakingFrame):
            if self._speech_ended is not None:
                self._budgets.answered(now - self._speech_ended)
                self._speech_ended = None
            self.agent_speaking = True
            self._send({"type": "agent", "speaking": True})
        elif isinstance(frame, BotStoppedSpeakingFrame):
            if self._barged_in is not None:
                self._budgets.barged_in(now - self._barged_in)
                self._barged_in = None
            self.agent_speaking = False
            self._send({"type": "agent", "speaking": False})
        else:  # the agent's words, as its stored replies show them (a number read out by its last four)
            self._send({"type": "say", "text": mask_read_out(frame.text)})


def page_turn(message: Any) -> str | None:
    """What a page's message says as the caller's turn: a typed text, or a key in the agent's keypad syntax."""
    if not isinstance(message, dict):
        return None
    if message.get("type") == "text" and isinstance(message.get("text"), str):
        return message["text"][:MOST_TYPED_CHARACTERS]
    if message.get("type") == "key" and message.get("key") in KEYS:
        return f"{KEYPAD_PREFIX}{message['key']}"
    return None


async def play_voice_call(connection: SmallWebRTCConnection, call: Any, *, live: LiveCall, budgets: CallBudgets,
                          send: Send, stt: Any = None, tts: Any = None) -> str:
    """Play one connected browser call through the phone line's stages until it ends; returns why it ended.

    ``call``: the agent as ``AgentTurns`` plays it (``phone.twilio_calls.CallAgent``); ``live.hang_up`` ends the
    call from outside (a stopping worker).
    """
    ended = {"reason": "the agent ended the call"}
    transport = SmallWebRTCTransport(connection, TransportParams(audio_in_enabled=True, audio_out_enabled=True))
    events = PageEvents(send, budgets)
    worker = PipelineWorker(Pipeline([transport.input(), *phone_stages(call, stt, tts), transport.output()]),
                            enable_rtvi=False, observers=[events],
                            params=PipelineParams(audio_in_sample_rate=WEB_RATE, audio_out_sample_rate=WEB_RATE))

    def hang_up(reason: str) -> None:
        if not live.hang_up.is_set():
            ended["reason"] = reason
            live.hang_up.set()

    recent: deque[float] = deque(maxlen=MOST_PAGE_TURNS_PER_SECOND)

    @transport.event_handler("on_app_message")
    async def from_the_page(_transport: Any, message: Any, _sender: Any) -> None:
        turn = page_turn(message)
        if turn is not None:
            if len(recent) == recent.maxlen and time.monotonic() - recent[0] < 1.0:
                return  # a page flooding the line with keys: nobody types that fast
            recent.append(time.monotonic())
            await worker.queue_frame(TranscriptionFrame(turn, "caller", time_now_iso8601()))
        elif isinstance(message, dict) and message.get("type") == "stop":
            hang_up("the caller moved to typing" if message.get("typing") is True else "the caller pressed stop")
        elif isinstance(message, dict) and message.get("type") == "connected":
            budgets.connected(message.get("ms"))

    @transport.event_handler("on_client_disconnected")
    async def page_gone(_transport: Any, _connection: Any) -> None:
        hang_up("the page closed its connection")

    watching = asyncio.ensure_future(_watch_the_page(connection, lambda: hang_up("the page stopped answering")))
    runner = WorkerRunner(handle_sigint=False)
    await runner.add_workers(worker)
    try:
        await until_ended_or_hung_up(runner, worker, live.hang_up)
    finally:
        watching.cancel()
        with contextlib.suppress(Exception):  # the page may be gone already: nobody is left to tell
            await connection.disconnect()
    return ended["reason"]


async def _watch_the_page(connection: SmallWebRTCConnection, gone: Callable[[], None]) -> None:
    # aiortc notices a vanished peer only when its ICE consent checks run out (~30 s): the page's pings tell sooner.
    started = time.monotonic()
    while True:
        await asyncio.sleep(1.0)
        pinged = getattr(connection, "_last_received_time", None)  # Pipecat's own record of the pings
        last = started if pinged is None else pinged - time.time() + time.monotonic()
        if connection.pc.connectionState in ("failed", "closed") or time.monotonic() - last > DROPPED_SECONDS:
            gone()
            return
