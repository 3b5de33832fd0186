"""Calls through the Twilio media-stream endpoint, offline and end to end: spoken, refused, keyed.

The call comes in as Twilio's does (SPEC 6.4): a webhook signed with the line's auth token, then the media
stream with the webhook's one-time ticket. The caller's words are synthesised (flite), sent as Twilio sends
them (8 kHz mu-law in 20 ms "media" events), heard by Silero VAD and Whisper base, answered by the agent and
spoken back (flite); key presses come as Twilio's "dtmf" events. Each call must do exactly what the caller
said, with the greeting's audio first and audio after every turn.
"""

import asyncio
import contextlib
import itertools
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import httpx
import pytest
import websockets

from phone.speech import flite
from tests.integration_tests.helpers import ROOT, quiet_env, stop, wait_for
from tests.integration_tests.test_twilio_line import LAST_REPLY, audio_back, phone_audio, send_audio
from tests.throwaway_pg import free_port
from tests.unit_tests.test_twilio_security import (
    CALL_SID,
    TOKEN,
    signature,
    start_message,
    ticket_of,
    webhook_form,
)
from voicekit.clinic import ClinicAPI


@contextlib.contextmanager
def a_worker(folder: Path):
    """A worker whose clinic file gives the line's public address; Twilio's auth token in its environment."""
    port = free_port()
    config = folder / "clinic.toml"
    config.write_text((ROOT / "clinic.example.toml").read_text().replace(
        'public_url = "https://line.example.org"', f'public_url = "http://127.0.0.1:{port}"'))
    env = quiet_env(DATABASE_URL=str(folder / "service.sqlite"), CLINIC_DB=str(folder / "clinic.sqlite"),
                    CLINIC_CONFIG=str(config), TWILIO_AUTH_TOKEN=TOKEN)
    env.pop("TWILIO_ACCOUNT_SID", None)  # no account: the line never calls Twilio's REST API in the tests
    worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/health", worker)
        yield port, folder / "clinic.sqlite", worker
    finally:
        stop(worker)


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """One worker for the module's calls (it loads Whisper, the VAD and smart-turn once: ~10 s, more when loaded)."""
    with a_worker(tmp_path_factory.mktemp("line")) as worker:
        yield worker


@pytest.fixture
def service(running):
    """The module's worker, its calendar empty for each test (every call books Tuesday at 10 or nothing)."""
    _, clinic, _ = running
    if clinic.exists():
        with sqlite3.connect(clinic) as db:
            db.execute("DELETE FROM bookings")
            db.execute("DELETE FROM results")
    return running


@pytest.fixture
def own_service(tmp_path):
    """A worker of its own (the test stops it)."""
    with a_worker(tmp_path) as worker:
        yield worker


async def answer_audio(ws, seconds: float, enough: int | None = None) -> int:
    """Bytes of agent audio received until the line has been quiet for 1.5 s (a worker in its own process).

    The line speaks a reply as one block of flite's audio, sent in real time: no gap inside it is that long.
    """
    return await audio_back(ws, seconds, quiet=1.5, enough=enough)


CALLS = itertools.count()


def a_call_sid() -> str:
    """A CallSid of its own: the module's calls share a worker, and the same webhook again is a replay."""
    return "CA" + f"{next(CALLS):032x}"


def signed_webhook(port: int, call_sid: str = CALL_SID, **headers) -> httpx.Response:
    """Twilio's webhook for an incoming call, signed for the line's configured address."""
    form = webhook_form(call_sid=call_sid)
    return httpx.post(f"http://127.0.0.1:{port}/twilio/voice", content=urlencode(form),
                      headers={"Content-Type": "application/x-www-form-urlencoded",
                               "X-Twilio-Signature": signature(form, url=f"http://127.0.0.1:{port}/twilio/voice"),
                               **headers})


KEY = "key "
"""A turn made with the keypad ("key 1"), sent as Twilio sends a key press."""
REQUEST = "Book me on Tuesday at ten a m, my name is Jamie"


async def a_call(port: int, turns: list[str]) -> list[int]:
    """Bytes of the line's audio: before the caller says anything (the greeting), then after each turn."""
    call_sid = a_call_sid()
    ticket = ticket_of(signed_webhook(port, call_sid).text)
    async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
        await ws.send(json.dumps({"event": "connected", "protocol": "Call", "version": "1.0.0"}))
        start = start_message(ticket=ticket, call_sid=call_sid)
        await ws.send(json.dumps(start))
        replies = [await answer_audio(ws, seconds=60)]
        for number, turn in enumerate(turns, start=1):
            if turn.startswith(KEY):
                await ws.send(json.dumps({"event": "dtmf", "streamSid": start["streamSid"],
                                          "dtmf": {"track": "inbound_track", "digit": turn[len(KEY):]}}))
            else:
                await send_audio(ws, phone_audio(turn))
            replies.append(await answer_audio(ws, seconds=60, enough=LAST_REPLY if number == len(turns) else None))
        return replies


@pytest.mark.parametrize(("turns", "booked"), [
    ([REQUEST, "yes"], [("tuesday", "10:00", "Jamie")]),
    ([REQUEST, "no"], []),
    ([REQUEST, KEY + "1"], [("tuesday", "10:00", "Jamie")]),
], ids=["spoken booking", "refusal", "keypad yes"])
def test_a_call_through_the_twilio_stream_does_what_the_caller_said_with_the_greeting_first(service, turns, booked):
    port, clinic, _ = service
    replies = asyncio.run(a_call(port, turns))
    assert all(size > 8000 for size in replies), f"audio first and after each turn: {replies} bytes"  # > 1 s each
    assert [(b["day"], b["time"], b["name"]) for b in ClinicAPI(path=str(clinic)).bookings] == booked


def test_the_voice_webhook_returns_twiml_for_the_stream_only_when_signed(service):
    port, _, _ = service
    answer = signed_webhook(port, a_call_sid(), **{"X-Forwarded-Host": "evil.example"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/xml")
    assert f'<Stream url="ws://127.0.0.1:{port}/twilio/stream">' in answer.text  # the configured address
    assert re.search(r'<Parameter name="ticket" value="[^"]{32,}" />', answer.text)
    unsigned = httpx.post(f"http://127.0.0.1:{port}/twilio/voice", content=urlencode(webhook_form()),
                          headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert unsigned.status_code == 403 and unsigned.content == b""


def test_a_worker_stops_within_seconds_of_sigterm_during_a_call(own_service):
    """A worker told to stop (a deploy, a scale-down) ends its live calls rather than waiting out their 300 s."""
    port, _, worker = own_service

    async def call_then_stop() -> float:
        ticket = ticket_of(signed_webhook(port).text)
        async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
            start = start_message(ticket=ticket)
            await ws.send(json.dumps(start))
            await send_audio(ws, b"\xff" * 8000)  # a second of silence: the call is live
            await asyncio.sleep(1)
            os.killpg(worker.pid, signal.SIGTERM)
            stopping = time.monotonic()
            await asyncio.to_thread(worker.wait, 30)
            return time.monotonic() - stopping

    assert asyncio.run(call_then_stop()) < 8


def test_a_recorded_caller_through_the_offline_pipeline_is_answered_out_loud(tmp_path):
    """`make call WAV=...`: WAVs in, the agent's spoken reply as a WAV and the transcript out."""
    import wave

    wavs = []
    for number, words in enumerate(("Book me on Tuesday at ten a m, my name is Jamie", "yes")):
        pcm, rate = flite(words, "awb")
        path = tmp_path / f"turn{number}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(rate)
            out.writeframes(pcm)
        wavs.append(str(path))
    reply = tmp_path / "reply.wav"
    done = subprocess.run([sys.executable, "-m", "phone.call", *wavs, "--out", str(reply)], cwd=ROOT,
                          env=quiet_env(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "agent>  You're booked, Jamie" in done.stdout and "agent state DONE" in done.stdout
    with wave.open(str(reply)) as spoken:
        assert spoken.getnframes() / spoken.getframerate() > 5  # both replies, out loud
