"""A Korean clinic's phone line, end to end: a call by voice books, and "아니요" at the read-back books nothing.

The worker runs the Korean clinic file (``clinic.ko.example.toml``: ``clinic.language = "ko"``), and is called as
Twilio calls it (SPEC 6.4): a webhook signed with the line's auth token, then the media stream with its one-time
ticket, 8 kHz mu-law in 20 ms "media" events. The caller's turns are recorded Korean speech in voices that are not
the line's own (the line speaks with espeak-ng's plain Korean voice; the caller with its ``ko+m2`` variant, a man's,
the time with its ``ko+m4``, and, for "아니요", flite's slt reading it romanised), carried as a phone line carries
them (300-3400 Hz, mu-law, a line hiss: ``benchmarks.voices.phone_band``), heard by the real pipeline (Silero VAD,
Whisper base told the call is Korean), answered by the Korean agent and spoken back by espeak-ng.

The turns are ones Whisper base hears on this line: most synthetic Korean it does not (docs/phone.md,
``benchmarks/korean_speech.py``); an hour it hears from one voice only, said slowly ("오후 두 시요" in ``ko+m4`` at
0.6 came back "오후 2시요" on three line noises of three; ``ko+m2``'s "오후 두지요", another's "오후도시오"). The caller
speaks as soon as each reply has begun, as callers cut into a long menu of times (the line stops for them:
barge-in), and answers what the line asks (the staff API says where the call is and what the line heard): the
line, unsure of a name Whisper heard, asks for it syllable by syllable, and the caller says it again.
"""

import asyncio
import base64
import io
import json
import re
import subprocess
import sys
import wave
from urllib.parse import urlencode

import httpx
import numpy as np
import pytest
import websockets

from benchmarks.voices import phone_band
from dialog.phrases import ko as korean
from phone.speech import flite
from tests.integration_tests.helpers import ROOT, STAFF, quiet_env, stop, wait_for
from tests.integration_tests.test_twilio_line import SILENCE, send_audio
from tests.throwaway_pg import free_port
from tests.unit_tests.test_twilio_security import TOKEN, signature, start_message, ticket_of, webhook_form
from voicekit.clinic import ClinicAPI

MONDAY_IN_SEOUL = "2026-12-07T09:00:00+09:00"
"""The worker's clock: "금요일" is then 11 December."""
CALLER_VOICE = "ko+m2"
"""espeak-ng's variant the caller speaks with (a man's voice); the line's own is the plain ``ko``."""
KEY = "key "
DAY, TIME, NAME, YES = ("금요일이요", 1.0), ("ko+m4: 오후 두 시요", 0.6), ("이한우", 0.9), ("네", 1.0)
"""The caller's answers (words or a key, speaking rate): the day; the time, said slowly by another of espeak-ng's
voices (the one variant Whisper base hears say an hour: "오후 2시요", three line noises of three); the name, a
little slower, as a name is said (again, if the line asks for it syllable by syllable); "네"."""
VOICE_SAID = re.compile(r"(ko\+\w+): ")
"""An answer in another espeak-ng variant than ``CALLER_VOICE`` starts with it ("ko+m4: ...")."""
NO = ("flite slt: ah nee yo", 1.0)
"""아니요, romanised for flite's slt (espeak-ng's variants' "아니요" came back "안녕", "아리오"...)."""
BOOKED = ("friday", "2026-12-11", "14:00", "이한우")
MOST_TURNS = 8
"""The caller answers at most this many questions (the booking takes five or six)."""


@pytest.fixture(scope="module")
def korean_line(tmp_path_factory):
    """One worker on the Korean clinic's file (both calls share it: it loads Whisper once)."""
    folder = tmp_path_factory.mktemp("korean-line")
    port = free_port()
    config = folder / "clinic.toml"
    config.write_text((ROOT / "clinic.ko.example.toml").read_text().replace(
        'public_url = "https://line.example.kr"', f'public_url = "http://127.0.0.1:{port}"'))
    env = quiet_env(DATABASE_URL=str(folder / "service.sqlite"), CLINIC_DB=str(folder / "clinic.sqlite"),
                    CLINIC_CONFIG=str(config), TWILIO_AUTH_TOKEN=TOKEN, SERVICE_CLOCK=MONDAY_IN_SEOUL)
    env.pop("TWILIO_ACCOUNT_SID", None)  # no account: the line never calls Twilio's REST API in the tests
    worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    wait_for(f"http://127.0.0.1:{port}/health", worker)
    yield port, folder / "clinic.sqlite"
    stop(worker)


FLITE = "flite slt: "


def korean_caller(words: str, rate: float, seed: int) -> bytes:
    """``words`` said by the caller's voice, as the line carries them (mu-law, hiss), then a second of silence."""
    if words.startswith(FLITE):
        pcm, pcm_rate = flite(words.removeprefix(FLITE), "slt")
    else:
        voice = VOICE_SAID.match(words)
        variant, words = (voice.group(1), words[voice.end():]) if voice else (CALLER_VOICE, words)
        said = subprocess.run(["espeak-ng", "-v", variant, "-s", str(round(175 * rate)), "--stdout", words],
                              capture_output=True, check=True, timeout=30).stdout
        with wave.open(io.BytesIO(said)) as read:
            pcm, pcm_rate = read.readframes(read.getnframes()), read.getframerate()
    return phone_band(pcm, pcm_rate, np.random.default_rng(seed), level=0.7, hiss=150.0, lead=0.3) + SILENCE * 50


def signed_webhook(port: int, call_sid: str) -> str:
    form = webhook_form(call_sid=call_sid)
    answer = httpx.post(f"http://127.0.0.1:{port}/twilio/voice", content=urlencode(form),
                        headers={"Content-Type": "application/x-www-form-urlencoded",
                                 "X-Twilio-Signature": signature(form, url=f"http://127.0.0.1:{port}/twilio/voice")})
    assert answer.status_code == 200
    return ticket_of(answer.text)


def phone_calls(port: int) -> set[str]:
    """The ids of the phone calls the staff API lists."""
    calls = httpx.get(f"http://127.0.0.1:{port}/calls", headers=STAFF).json()["calls"]
    return {call["call_id"] for call in calls if call.get("channel") == "phone"}


def the_call(port: int, call_id: str) -> dict:
    """The call as staff see it: its state, its slots, its turns."""
    return httpx.get(f"http://127.0.0.1:{port}/calls/{call_id}", headers=STAFF).json()


class Heard:
    """The line's audio, counted as it arrives on the stream."""

    def __init__(self):
        self.bytes = 0

    async def listen(self, ws) -> None:
        try:
            async for message in ws:
                event = json.loads(message)
                if event.get("event") == "media":
                    self.bytes += len(base64.b64decode(event["media"]["payload"]))
        except websockets.ConnectionClosed:
            pass


async def until(predicate, seconds: float, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not await asyncio.to_thread(predicate):
        assert loop.time() < deadline, f"{what}: not within {seconds} s"
        await asyncio.sleep(0.2)


def turns_of(call: dict) -> int:
    return len(call.get("turns") or [])


def answer_to(call: dict, last_turn: tuple[str, float]) -> tuple[str, float]:
    """What the caller says to what the line has just asked (where the call is, as staff see it).

    The line asks for the name syllable by syllable when Whisper was unsure of it (its word probabilities), then
    reads it back ("이, 한, 우 맞으세요?"): the caller answers what is asked, as a caller does.
    """
    asked = call["turns"][-1]["say"] if call.get("turns") else ""
    if call["node"] == "spell_name":
        return NAME if asked.endswith((korean.SPELL_NAME, korean.SPELL_AGAIN, korean.SPELL_LAST_NAME)) else YES
    return {"ask_time": TIME, "ask_name": NAME, "confirm": last_turn}.get(call["node"], DAY)


async def a_korean_call(port: int, call_sid: str, last_turn: tuple[str, float]) -> tuple[dict, dict, int]:
    """A call by voice up to the read-back, then ``last_turn``: (the call at the read-back, at the end, greeting)."""
    earlier = await asyncio.to_thread(phone_calls, port)
    ticket = await asyncio.to_thread(signed_webhook, port, call_sid)
    heard = Heard()
    async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
        await ws.send(json.dumps({"event": "connected", "protocol": "Call", "version": "1.0.0"}))
        await ws.send(json.dumps(start_message(call_sid=call_sid, ticket=ticket)))
        listening = asyncio.create_task(heard.listen(ws))
        await until(lambda: heard.bytes > 8000, 60, "the greeting's audio")  # over a second, before a word is said
        greeting = heard.bytes
        [call_id] = await asyncio.to_thread(lambda: phone_calls(port) - earlier)
        at_read_back: dict = {}
        for number in range(MOST_TURNS):
            call = await asyncio.to_thread(the_call, port, call_id)
            if call["node"] == "confirm":
                at_read_back = call
            words, rate = answer_to(call, last_turn)
            before, answered = heard.bytes, turns_of(call)
            if words.startswith(KEY):
                await ws.send(json.dumps({"event": "dtmf", "streamSid": start_message()["streamSid"],
                                          "dtmf": {"track": "inbound_track", "digit": words.removeprefix(KEY)}}))
            else:
                await send_audio(ws, korean_caller(words, rate, seed=number))
            await until(lambda a=answered: turns_of(the_call(port, call_id)) > a, 60, f"an answer to {words!r}")
            await until(lambda b=before: heard.bytes > b + 4000, 30, f"the reply to {words!r} out loud")
            if at_read_back:
                break  # the read-back answered: the call is what the test is about
        listening.cancel()
    return at_read_back, await asyncio.to_thread(the_call, port, call_id), greeting


def test_a_korean_call_books_by_voice_and_a_no_at_the_read_back_books_nothing(korean_line):
    port, clinic = korean_line
    # "아니요" first: the same turns then book with "네", so the refusal was heard at the same read-back.
    at_read_back, refused, greeting = asyncio.run(a_korean_call(port, "CA" + "1a" * 16, NO))
    heard = [turn["user"] for turn in refused["turns"]]
    assert greeting > 8000  # the Korean greeting and the disclosure, out loud before the caller speaks
    assert at_read_back.get("state") == "CONFIRM", [(t["user"], t["say"][-60:]) for t in refused["turns"]]
    assert (at_read_back["slots"]["day"], at_read_back["slots"]["time"], at_read_back["slots"]["name"]) == (
        "friday", "14:00", "이한우"), heard
    assert refused["state"] == "ASK_TIME", heard  # heard as a no: the line offers other times
    assert ClinicAPI(path=str(clinic)).bookings == []  # and books nothing

    at_read_back, booked, _ = asyncio.run(a_korean_call(port, "CA" + "2b" * 16, YES))
    heard = [turn["user"] for turn in booked["turns"]]
    assert at_read_back.get("state") == "CONFIRM" and booked["state"] == "DONE", heard
    assert [(b["day"], b["date"], b["time"], b["name"]) for b in ClinicAPI(path=str(clinic)).bookings] == [BOOKED]
