"""What a caller hears on the Twilio line before and between their turns: the greeting, silence.

Through the real pipeline on a real server (``tests.integration_tests.test_twilio_line.Line``): Pipecat's
Twilio serializer, Silero VAD, Whisper base, the real ``VoiceAgent`` and flite. What flite is asked to say
is noted by wrapping ``phone.speech.flite``; the audio itself comes back as Twilio "media" messages.
"""

import asyncio
import base64
import contextlib
import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import websockets

import phone.pipeline
import phone.speech
from dialog import phrases
from dialog.profile import ClinicProfile
from graph.voice_agent import VoiceAgent
from tests.integration_tests.test_twilio_line import SILENCE, Agents, Line
from tests.unit_tests.test_twilio_security import CONNECTED, start_message
from voicekit.clinic import ClinicAPI

CLOSED = datetime(2026, 12, 6, 3, 0, tzinfo=ZoneInfo("America/New_York"))
"""A Sunday at 3 a.m.: nobody to hand a silent caller to, so the silence rules re-ask, then end the call."""


def real_agent(call_id, caller_number):
    return VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=lambda: CLOSED, caller_number=caller_number,
                      profile=ClinicProfile(name="Harbour View Clinic"))


@pytest.fixture
def said(monkeypatch):
    """What the line's voice was asked to say, in order."""
    texts: list[str] = []
    speak = phone.speech.flite

    def noting(text, *args, **kwargs):
        texts.append(text)
        return speak(text, *args, **kwargs)

    monkeypatch.setattr(phone.speech, "flite", noting)
    return texts


@contextlib.asynccontextmanager
async def call_on(line: Line):
    ticket = await asyncio.to_thread(line.ticket)
    async with websockets.connect(f"ws://127.0.0.1:{line.port}/twilio/stream") as ws:
        await ws.send(json.dumps(CONNECTED))
        await ws.send(json.dumps(start_message(ticket=ticket)))
        yield ws


async def first_audio(ws, seconds: float) -> int:
    """Bytes of the line's first burst of speech, with nothing sent to it."""
    received = 0
    with contextlib.suppress(TimeoutError):
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=2.0 if received else seconds))
            if message.get("event") == "media":
                received += len(base64.b64decode(message["media"]["payload"]))
    return received


def test_the_caller_hears_the_clinics_name_and_that_the_line_is_automated_before_saying_anything(said):
    with Line(Agents(real_agent)) as line:

        async def listen() -> int:
            async with call_on(line) as ws:
                return await first_audio(ws, seconds=30)

        audio = asyncio.run(listen())
        [agent] = line.agents.made
    assert audio > 8000, f"a second or more of speech before the caller said anything: {audio} bytes"
    assert agent.state == "LISTEN"  # no turn was taken: the greeting is the line's, not an answer
    assert said and "Harbour View Clinic" in said[0] and "automated" in said[0], said


def test_a_silent_caller_is_asked_again_then_the_call_ends_politely(said, monkeypatch):
    monkeypatch.setattr(phone.pipeline, "CALLER_IDLE", 1.0)
    with Line(Agents(real_agent)) as line:

        async def stay_silent() -> None:
            async with call_on(line) as ws:
                with contextlib.suppress(websockets.ConnectionClosed):
                    for _ in range(60 * 50):  # up to a minute of the line's silence, in real time
                        await ws.send(json.dumps({"event": "media", "streamSid": "MZ" + "7c" * 16,
                                                  "media": {"payload": base64.b64encode(SILENCE).decode()}}))
                        await asyncio.sleep(0.02)
                        if line.agents.made and line.agents.made[0].state == "DONE" and len(line.calls) == 0:
                            return

        asyncio.run(stay_silent())
        [agent] = line.agents.made
    assert agent.state == "DONE"
    re_asked = [text for text in said if phrases.CANT_HEAR in text]
    assert len(re_asked) == 2 and phrases.SILENT_GOODBYE in said[-1], said
    assert "automated" in said[0]
