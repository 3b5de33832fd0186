"""The Twilio line on a real server with Pipecat's real pipeline: hang-ups, shutdown, bad messages, logs.

The line's router runs on uvicorn in a thread (127.0.0.1, a free port; stopped at the end of each test), is
called the way Twilio calls it (a signed webhook, then a media stream with the webhook's ticket, 8 kHz
mu-law in 20 ms "media" messages) through Pipecat's own Twilio serializer, Silero VAD, Whisper base and flite.
"""

import asyncio
import audioop  # the phone line's mu-law codec (deprecated in 3.13; the project runs on 3.11)
import base64
import contextlib
import json
import logging
import re
import signal
import threading
import time
from urllib.parse import urlencode

import httpx
import pytest
import uvicorn
import websockets
from fastapi import FastAPI
from loguru import logger

from phone.logs import keep_caller_words_out_of_logs
from phone.speech import flite
from phone.tickets import MemoryTickets
from phone.twilio import LineSettings, twilio_router
from phone.twilio_calls import LiveCalls
from tests.throwaway_pg import free_port
from tests.unit_tests.test_twilio_security import (
    CALL_SID,
    CALLER,
    CONNECTED,
    PUBLIC,
    TOKEN,
    signature,
    start_message,
    ticket_of,
    webhook_form,
)

CHUNK = 160  # 20 ms of 8 kHz mu-law, as Twilio sends it
SILENCE = b"\xff" * CHUNK
LAST_REPLY = 16000
"""Bytes (2 s) of a call's last reply a test listens to before it hangs up: every reply is checked to be > 1 s."""
REPLY = "Thanks Jamie, we will call you back on 6 1 7, 5 5 5, 0 1 2 3."


class Clinic:
    def __init__(self):
        self.closed = 0

    def close(self):
        self.closed += 1


class Agent:
    """Answers every turn with ``REPLY``; its clinic counts closes."""

    def __init__(self, call_id, caller_number):
        self.call_id, self.caller_number = call_id, caller_number
        self.api = Clinic()
        self.turns, self.words = [], []

    def handle(self, text, words=None):
        self.turns.append(text)
        self.words.append(words)
        return {"say": REPLY, "state": "LISTEN", "tool_calls": []}


class Agents:
    def __init__(self, make=Agent):
        self.made, self._make = [], make

    def __call__(self, call_id, caller_number):
        agent = self._make(call_id, caller_number)
        self.made.append(agent)
        return agent


class Line:
    """The line's app on uvicorn in a thread; ``tasks()`` counts the server loop's asyncio tasks."""

    def __init__(self, agents):
        self.agents, self.calls, self.port = agents, LiveCalls(), free_port()
        self.loop = None

        @contextlib.asynccontextmanager
        async def lifespan(_app):
            self.loop = asyncio.get_running_loop()
            yield

        app = FastAPI(lifespan=lifespan)
        # No account: the serializer then never calls Twilio's REST API (no network in the tests).
        app.include_router(twilio_router(agents, LineSettings(auth_token=TOKEN, public_url=PUBLIC),
                                         tickets=MemoryTickets(), calls=self.calls))
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        eventually(lambda: self.server.started, 30)
        return self

    def __exit__(self, *_):
        self.server.should_exit = True
        self.thread.join(15)

    def tasks(self) -> int:
        async def count():
            return len(asyncio.all_tasks())

        return asyncio.run_coroutine_threadsafe(count(), self.loop).result(5)

    def ticket(self, caller=CALLER, call_sid=CALL_SID) -> str:
        form = webhook_form(caller=caller, call_sid=call_sid)
        answer = httpx.post(f"http://127.0.0.1:{self.port}/twilio/voice", content=urlencode(form),
                            headers={"X-Twilio-Signature": signature(form),
                                     "Content-Type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 200
        return ticket_of(answer.text)


def eventually(predicate, seconds: float) -> float:
    """Seconds until ``predicate()`` held (polled); fails after ``seconds``."""
    began = time.monotonic()
    while not predicate():
        assert time.monotonic() - began < seconds, f"not within {seconds} s"
        time.sleep(0.05)
    return time.monotonic() - began


async def until(predicate, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, f"not within {seconds} s"
        await asyncio.sleep(0.05)


def media(audio: bytes) -> list[str]:
    return [json.dumps({"event": "media", "streamSid": "MZ" + "7c" * 16,
                        "media": {"track": "inbound", "chunk": str(n), "timestamp": str(n * 20),
                                  "payload": base64.b64encode(audio[at:at + CHUNK]).decode()}})
            for n, at in enumerate(range(0, len(audio), CHUNK))]


async def send_audio(ws, audio: bytes) -> None:
    for message in media(audio):
        await ws.send(message)
        await asyncio.sleep(0.002)  # faster than real time; VAD counts audio, not the clock


def phone_audio(text: str) -> bytes:
    """``text`` as the caller's line carries it: 8 kHz mu-law, then a second of silence (the turn's end)."""
    pcm, rate = flite(text, "awb")
    pcm8, _ = audioop.ratecv(pcm, 2, 1, rate, 8000, None)
    return audioop.lin2ulaw(pcm8, 2) + SILENCE * 50


async def audio_back(ws, seconds: float, quiet: float = 1.5, enough: int | None = None) -> int:
    """Bytes of the line's speech received until it has been ``quiet`` seconds (or ``seconds`` pass).

    A reply is one block of flite's audio that the line sends in real time, with no gap inside it this long.
    ``enough``: the call's last reply, listened to until this many bytes came (the caller hangs up then; the
    line sends a reply in real time, and the longest, a day's open times, takes 20 s).
    """
    received, deadline = 0, time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0 and (enough is None or received < enough):
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=min(left, quiet if received else left)))
        except (TimeoutError, websockets.ConnectionClosed):
            break
        if message.get("event") == "media":
            received += len(base64.b64decode(message["media"]["payload"]))
    return received


@contextlib.asynccontextmanager
async def started_call(line: Line, caller=CALLER):
    """A call the signed webhook started, its stream open and its pipeline playing (dozens of tasks)."""
    idle = line.tasks()
    ticket = await asyncio.to_thread(line.ticket, caller)
    async with websockets.connect(f"ws://127.0.0.1:{line.port}/twilio/stream") as ws:
        await ws.send(json.dumps(CONNECTED))
        await ws.send(json.dumps(start_message(ticket=ticket)))
        await send_audio(ws, SILENCE * 25)
        await until(lambda: len(line.agents.made) == 1 and len(line.calls) == 1 and line.tasks() > idle + 10, 30)
        yield ws


@pytest.fixture
def line():
    with Line(Agents()) as running:
        yield running


# -- 6. a hang-up ends the call at once --------------------------------------------------------------------


def test_twilio_stop_ends_the_pipeline_at_once_and_closes_the_calls_clinic(line):
    idle = line.tasks()

    async def hang_up():
        async with started_call(line) as ws:
            playing = line.tasks()
            await ws.send(json.dumps({"event": "stop", "sequenceNumber": "90", "streamSid": "MZ" + "7c" * 16,
                                      "stop": {"accountSid": "AC" + "a1" * 16, "callSid": CALL_SID}}))
            with contextlib.suppress(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), timeout=5)  # the line closes its end
            return playing

    playing = asyncio.run(hang_up())
    assert playing > idle + 10, (idle, playing)
    gone = eventually(lambda: line.tasks() <= idle and len(line.calls) == 0, 3)
    [agent] = line.agents.made
    assert agent.api.closed == 1, "the call's clinic connection is closed"
    assert gone < 3


def test_the_stream_closing_without_stop_ends_the_pipeline_at_once(line):
    idle = line.tasks()

    async def drop():
        async with started_call(line):
            return line.tasks()

    assert asyncio.run(drop()) > idle + 10
    eventually(lambda: line.tasks() <= idle and len(line.calls) == 0, 3)
    assert line.agents.made[0].api.closed == 1


def test_a_hang_up_as_the_call_starts_leaves_no_task_behind(line):
    """Pipecat's speech-to-text, cancelled while it starts, left a task waiting for ever: one per such call."""
    idle = line.tasks()

    async def hang_up_at_once(n: int):
        call_sid = "CA" + f"{n:02d}" * 16  # three calls: a CallSid each (the same webhook again gets no stream)
        ticket = await asyncio.to_thread(line.ticket, CALLER, call_sid)
        async with websockets.connect(f"ws://127.0.0.1:{line.port}/twilio/stream") as ws:
            await ws.send(json.dumps(CONNECTED))
            await ws.send(json.dumps(start_message(call_sid=call_sid, ticket=ticket)))
            await ws.send(json.dumps({"event": "stop", "streamSid": "MZ" + "7c" * 16, "stop": {}}))
            with contextlib.suppress(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), timeout=10)

    for n in range(3):
        asyncio.run(hang_up_at_once(n))
    eventually(lambda: line.tasks() <= idle and len(line.calls) == 0, 5)
    assert [agent.api.closed for agent in line.agents.made] == [1, 1, 1]


def test_close_all_ends_the_live_calls(line):
    async def call():
        async with started_call(line) as ws:
            ended = asyncio.run_coroutine_threadsafe(line.calls.close_all(), line.loop)
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), timeout=10)
            return ended

    asyncio.run(call()).result(10)
    assert len(line.calls) == 0 and line.agents.made[0].api.closed == 1


def test_a_worker_told_to_stop_ends_its_live_call_within_seconds():
    with Line(Agents()) as line:
        async def call():
            async with started_call(line) as ws:
                line.server.handle_exit(signal.SIGTERM, None)  # what uvicorn's SIGTERM handler does
                stopping = time.monotonic()
                with pytest.raises(websockets.ConnectionClosed):
                    while True:
                        await asyncio.wait_for(ws.recv(), timeout=10)
                return stopping

        stopping = asyncio.run(call())
        line.thread.join(10)
        assert not line.thread.is_alive() and time.monotonic() - stopping < 10
        assert line.agents.made[0].api.closed == 1


# -- 5. malformed messages in a live call -------------------------------------------------------------------


def test_malformed_messages_in_a_call_are_dropped_and_the_call_goes_on(line, caplog):
    caplog.set_level(logging.WARNING)
    errors = []  # Pipecat's errors, and its serializer's and transport's warnings (an unreadable message, a
    # receive loop that raised)
    sink = logger.add(errors.append, level="WARNING", filter=lambda r: r["level"].no >= logging.ERROR
                      or r["name"].startswith(("pipecat.serializers", "pipecat.transports")))
    bad = ["not json", "[1, 2]", '"media"', "null", json.dumps({"event": "media"}),
           json.dumps({"event": "media", "media": {"payload": "%%% not base64"}}),
           json.dumps({"event": "media", "media": ["payload"]}), json.dumps({"event": "dtmf", "dtmf": {"digit": "x"}}),
           json.dumps({"event": "dtmf", "dtmf": 7}), json.dumps({"event": "mark", "mark": {"name": 1}}),
           json.dumps({"event": "start", "start": {}}), "x" * 200_000]

    async def call():
        async with started_call(line) as ws:
            for message in bad:
                await ws.send(message)
            await ws.send(b"\x00\x01 binary")
            await ws.send(json.dumps({"event": "dtmf", "streamSid": "MZ" + "7c" * 16, "dtmf": {"digit": "1"}}))
            return await audio_back(ws, 30)

    try:
        spoken = asyncio.run(call())
    finally:
        logger.remove(sink)
    assert line.agents.made[0].turns == ["[DTMF] 1"] and spoken > 8000  # the key press was still answered
    assert [str(e) for e in errors] == [] and [r for r in caplog.records if r.levelno >= logging.ERROR] == []


# -- 3 and 7: a real call, its fresh call id, and logs without the caller's words ----------------------------


def test_a_spoken_call_gets_a_fresh_call_id_and_no_caller_words_reach_the_logs(line, caplog):
    caplog.set_level(logging.DEBUG)
    raw, shown = [], []
    sinks = [logger.add(raw.append, level="DEBUG"), keep_caller_words_out_of_logs(shown.append, remove_default=False)]

    async def call():
        async with started_call(line) as ws:
            await send_audio(ws, phone_audio("Book me on Tuesday at ten a m, my name is Jamie"))
            spoken = await audio_back(ws, 60)
            for digit in "6175550123#":
                await ws.send(json.dumps({"event": "dtmf", "streamSid": "MZ" + "7c" * 16, "dtmf": {"digit": digit}}))
            return spoken, await audio_back(ws, 30)

    try:
        spoken = asyncio.run(call())
    finally:
        for sink in sinks:
            logger.remove(sink)
    [agent] = line.agents.made
    assert re.fullmatch(r"call-[0-9a-f]{32}", agent.call_id) and agent.caller_number == CALLER
    assert "jamie" in agent.turns[0].lower() and agent.turns[1] == "[DTMF] 6175550123", agent.turns
    assert all(size > 8000 for size in spoken), spoken
    secret = re.compile(r"jamie|0123|5550|617", re.IGNORECASE)
    assert any(secret.search(str(record)) for record in raw), "Pipecat's DEBUG lines carried the words (as it does)"
    assert [str(r) for r in shown if secret.search(str(r))] == []
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO and secret.search(r.getMessage())] == []
    assert [str(r) for r in raw if r.record["level"].no >= logging.INFO and secret.search(str(r))] == []


def test_a_spoken_booking_through_the_ticketed_stream_books_once(tmp_path):
    from graph.voice_agent import VoiceAgent
    from voicekit.clinic import ClinicAPI

    clinic = str(tmp_path / "clinic.sqlite")
    with Line(Agents(lambda call_id, _: VoiceAgent(ClinicAPI(path=clinic), thread_id=call_id))) as line:
        async def call():
            async with started_call(line) as ws:
                replies = []
                for words, enough in (("Book me on Tuesday at ten a m, my name is Jamie", None), ("yes", LAST_REPLY)):
                    await send_audio(ws, phone_audio(words))
                    replies.append(await audio_back(ws, 60, enough=enough))
                return replies

        replies = asyncio.run(call())
        assert all(size > 8000 for size in replies), replies
        eventually(lambda: len(line.calls) == 0, 10)
    booked = [(b["day"], b["time"], b["name"]) for b in ClinicAPI(path=clinic).bookings]
    assert booked == [("tuesday", "10:00", "Jamie")]
