"""One Twilio call, from an accepted media stream to its end, and the calls a worker is playing.

The call ends as soon as the caller does: Twilio's ``stop`` message or the stream's websocket closing
cancels the call's pipeline at once (left running, it idled for Pipecat's 300 s with ~40 tasks), and the
call's clinic connection is closed after its last turn. A worker that stops ends its calls
(``LiveCalls.close_all``) instead of waiting for them.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from pipecat.frames.frames import CancelFrame, EndFrame, Frame, OutputTransportMessageFrame
from pipecat.pipeline.worker import PipelineParams, PipelineWorker
from pipecat.serializers.twilio import TwilioFrameSerializer
from pipecat.transports.websocket.fastapi import FastAPIWebsocketParams, FastAPIWebsocketTransport
from pipecat.workers.runner import WorkerRunner

from phone.pipeline import LINE_RATE, phone_pipeline
from phone.transfer import dial_twiml, update_call

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 16_384
"""Twilio's stream messages are a few hundred characters (20 ms of audio each); a longer one is not Twilio's."""
TWILIO_API = "https://api.twilio.com"
STOP_SECONDS = 5.0
"""How long a stopping worker waits for its calls' pipelines to finish cancelling."""


def twilio_message(data: object) -> dict | None:
    """A stream message as Twilio sends them (a JSON object in a text frame), or None for anything else."""
    if not isinstance(data, str) or len(data) > MAX_MESSAGE_CHARS:
        return None
    try:
        message = json.loads(data)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def _plays(message: dict) -> bool:
    """Whether a media or key-press message is well formed enough for Pipecat's serializer to read."""
    event = message.get("event")
    if event == "dtmf":
        dtmf = message.get("dtmf")
        return isinstance(dtmf, dict) and isinstance(dtmf.get("digit"), str)
    media = message.get("media")
    if event != "media" or not isinstance(media, dict) or not isinstance(media.get("payload"), str):
        return False
    try:
        base64.b64decode(media["payload"], validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


class TwilioLineSerializer(TwilioFrameSerializer):
    """Pipecat's Twilio serializer, told when the caller hangs up and deaf to what Twilio would not send.

    Pipecat's own ignores ``stop``, logs an unreadable message whole and stops listening at the first
    malformed one (a JSON list, a bad payload raised inside its receive loop).
    """

    def __init__(self, stream_sid: str, call_sid: str, *, on_stop: Any, account_sid: str | None = None,
                 auth_token: str | None = None, api_base: str | None = None,
                 dial_action: Callable[[], str] | None = None):
        # With both, Twilio's REST API hangs the call up after the goodbye, or puts it through to staff.
        rest = (account_sid, auth_token) if account_sid and auth_token else None
        super().__init__(stream_sid, call_sid, account_sid=account_sid, auth_token=auth_token, base_url=api_base,
                         params=TwilioFrameSerializer.InputParams(auto_hang_up=rest is not None))
        self._on_stop = on_stop
        self._rest = rest
        self._endpoint = f"{api_base or TWILIO_API}/2010-04-01/Accounts/{account_sid}/Calls/{call_sid}.json"
        self._dial_action = dial_action
        self._transfer: dict | None = None

    async def serialize(self, frame: Frame) -> str | bytes | None:
        """Frames out; the agent's transfer puts the call through; a cancelled call is not hung up over REST.

        Twilio ends a cancelled call (caller gone, worker stopping) when its stream closes, and a REST request
        on the way out only held the stopping worker up.
        """
        if isinstance(frame, CancelFrame):
            return None
        if isinstance(frame, OutputTransportMessageFrame) and isinstance(frame.message, dict) \
                and "transfer" in frame.message:
            self._transfer = frame.message["transfer"]  # for the end of the call, below; Twilio has no such message
            return None
        if isinstance(frame, EndFrame) and self._transfer is not None and await self._put_through(self._transfer):
            return None
        return await super().serialize(frame)

    async def _put_through(self, transfer: dict) -> bool:
        """Dial staff instead of hanging up (``phone.transfer``); False when the line cannot (then it hangs up)."""
        if self._rest is None or self._dial_action is None:
            return False
        action = await asyncio.to_thread(self._dial_action)
        twiml = dial_twiml(transfer.get("to"), transfer.get("ring_seconds", 30), action)
        if twiml is None:
            log.warning("the transfer number is no E.164 number Twilio can dial: the call is hung up")
            return False
        return await update_call(self._endpoint, self._rest[0], self._rest[1], twiml)

    async def deserialize(self, data: str | bytes) -> Frame | None:
        """Audio and key presses in; ``stop`` ends the call; anything else is dropped unread."""
        message = twilio_message(data)
        if message is None:
            return None
        if message.get("event") == "stop":
            self._on_stop()
            return None
        return await super().deserialize(data) if _plays(message) else None


class CallAgent:
    """The call's agent as its pipeline plays it: no turn once the call ended, its clinic closed after the last."""

    def __init__(self, agent: Any):
        self.agent = agent
        self._lock = threading.Lock()
        self._turns = 0
        self._ended = self._closed = False

    @property
    def context(self) -> Any:
        """The agent's context (its clinic's profile names the clinic in the greeting)."""
        return getattr(self.agent, "context", None)

    @property
    def transfer(self) -> Any:
        """Where the line puts the caller through (the agent's own ``transfer``)."""
        return getattr(self.agent, "transfer", None)

    @property
    def node(self) -> Any:
        """The step the agent waits at (the line's wait for the caller's answer depends on it)."""
        return getattr(self.agent, "node", None)

    @property
    def spelling_asked(self) -> bool:
        """Whether the agent asked the caller to spell their name (the recogniser hears letters there)."""
        return getattr(self.agent, "spelling_asked", False) is True

    def handle(self, text: str, words: list[tuple[str, float]] | None = None) -> dict:
        """One caller turn (on a thread of its own, as ``AgentTurns`` runs it), with the recogniser's words if heard."""
        return self.run(lambda agent: agent.handle(text) if words is None else agent.handle(text, words=words))

    def run(self, turn: Callable[[Any], dict]) -> dict:
        """``turn(agent)``: a caller turn, or the line's own report (an unanswered transfer), on a thread."""
        with self._lock:
            if self._ended:  # the caller is gone: nothing more reaches the clinic
                return {"say": "", "state": "DONE", "tool_calls": []}
            self._turns += 1
        try:
            return turn(self.agent)
        finally:
            self._release(turn_done=True)

    def end(self) -> None:
        """The call is over: its clinic is closed now, or by the turn still running when that turn is done."""
        with self._lock:
            self._ended = True
        self._release(turn_done=False)

    def _release(self, turn_done: bool) -> None:
        # A turn in flight on its thread (it cannot be cancelled) still uses the clinic: the last one out closes it.
        with self._lock:
            if turn_done:
                self._turns -= 1
            close = self._ended and not self._turns and not self._closed
            self._closed |= close
        if close:
            close_clinic(self.agent)


def close_clinic(agent: Any) -> None:
    """Let go of the call's clinic connection (``agent.api.close()``, when the backend has one)."""
    close = getattr(getattr(agent, "api", None), "close", None)
    if callable(close):
        try:
            close()
        except Exception as failed:  # the call is over either way; the worker must not fall over here
            log.warning("closing a call's clinic connection failed (%s)", type(failed).__name__)


@dataclass(eq=False)
class LiveCall:
    """One call being played: setting ``hang_up`` ends it."""

    hang_up: asyncio.Event = field(default_factory=asyncio.Event)
    finished: asyncio.Event = field(default_factory=asyncio.Event)


class LiveCalls:
    """The Twilio calls a worker is playing, so that a stopping worker ends them rather than waits for them."""

    def __init__(self) -> None:
        self._calls: set[LiveCall] = set()

    def __len__(self) -> int:
        return len(self._calls)

    @contextlib.contextmanager
    def live(self) -> Iterator[LiveCall]:
        """A call, counted from here to its end."""
        call = LiveCall()
        self._calls.add(call)
        try:
            yield call
        finally:
            self._calls.discard(call)
            call.finished.set()

    async def close_all(self, seconds: float = STOP_SECONDS) -> None:
        """End every live call (as if its caller hung up) and wait up to ``seconds`` for them to finish."""
        calls = list(self._calls)
        for call in calls:
            call.hang_up.set()
        if calls:
            await asyncio.wait([asyncio.ensure_future(call.finished.wait()) for call in calls], timeout=seconds)


async def play_call(websocket: WebSocket, agent: Any, *, stream_sid: str, call_sid: str, calls: LiveCalls,
                    account_sid: str | None = None, auth_token: str | None = None, api_base: str | None = None,
                    dial_action: Callable[[], str] | None = None,
                    opening: Callable[[Any], dict] | None = None) -> None:
    """Play one call over its (accepted, started) media stream until the agent or the caller ends it.

    ``dial_action()``: the address Twilio reports a transfer's dial to; ``opening(agent)``: the agent's first
    words when the line takes a call back (after an unanswered transfer) instead of the greeting.
    """
    call = CallAgent(agent)
    first = (lambda: call.run(opening)) if opening is not None else None
    with calls.live() as live:
        try:
            serializer = TwilioLineSerializer(stream_sid, call_sid, on_stop=live.hang_up.set,
                                              account_sid=account_sid, auth_token=auth_token, api_base=api_base,
                                              dial_action=dial_action)
            transport = FastAPIWebsocketTransport(websocket, FastAPIWebsocketParams(
                audio_in_enabled=True, audio_out_enabled=True, add_wav_header=False, serializer=serializer))

            @transport.event_handler("on_client_disconnected")
            async def caller_gone(_transport: Any, _websocket: Any) -> None:
                live.hang_up.set()

            # The line's own rate in and out, so the serializer resamples nothing (Whisper gets its 16 kHz from
            # phone.speech). No RTVI: no client of that protocol is on a phone line.
            worker = PipelineWorker(phone_pipeline(call, transport, opening=first), enable_rtvi=False,
                                    params=PipelineParams(audio_in_sample_rate=LINE_RATE,
                                                          audio_out_sample_rate=LINE_RATE))
            runner = WorkerRunner(handle_sigint=False)
            await runner.add_workers(worker)
            await until_ended_or_hung_up(runner, worker, live.hang_up)
        finally:
            call.end()


async def until_ended_or_hung_up(runner: WorkerRunner, worker: PipelineWorker, hang_up: asyncio.Event) -> None:
    """Run a call's pipeline until it ends or ``hang_up`` is set (then cancel it); the browser's call too."""
    running = asyncio.ensure_future(runner.run())
    hung_up = asyncio.ensure_future(hang_up.wait())
    try:
        await asyncio.wait({running, hung_up}, return_when=asyncio.FIRST_COMPLETED)
        if not running.done():
            await worker.cancel(reason="the caller hung up")
        await running
    except asyncio.CancelledError:  # the server is cancelling this connection: the call ends with it
        await worker.cancel(reason="the worker is stopping")
        await asyncio.wait({running}, timeout=STOP_SECONDS)
        running.cancel()
        raise
    finally:
        hung_up.cancel()
        await _end_leftovers(runner)


async def _end_leftovers(runner: WorkerRunner) -> None:
    # A call cancelled while its pipeline starts can leave Pipecat's speech-to-text segment task waiting on its
    # queue for ever (measured: one task per early hang-up). The runner's task manager is the call's own.
    for task in runner.task_manager.current_tasks():
        await runner.task_manager.cancel_task(task, timeout=1.0)
