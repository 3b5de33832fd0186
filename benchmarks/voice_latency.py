"""From the end of a caller's speech to the line's first audio byte back, by turn kind, with voices not the line's.

    make bench-voice      # or: .venv/bin/python benchmarks/voice_latency.py [--calls-per-voice 2] [--voices ...]

Calls are played in real time, as Twilio plays them, into the Twilio line itself: a signed webhook, the media
stream with its ticket, and the line's own pipeline (``phone.pipeline``: the VAD, smart-turn, Whisper, the real
``VoiceAgent``, flite) on uvicorn in this process. The callers are voices that are not the line's own
(``benchmarks.voices``: Piper's neural joe, espeak-ng, flite's others; the line speaks flite's kal16), their
speech on the phone band with the line's hiss, which also fills the gaps between turns. A caller speaks once the
greeting or the last reply has finished, and books: an open request, the day, the time, their name (a name
from the name benchmark, most of them not Anglo), and at the read-back "yes" or the keypad's 1. When the line
asks them to spell, they spell their last name; every other call starts with a murmur (a hummed "mm").

Per turn kind, the milliseconds from the caller's last sound (or the key press) to the first "media" byte the
caller receives; for all spoken turns, where the time goes (a Pipecat observer notes each stage's first frame):

    end of turn   the caller's last sound -> the VAD's "stopped speaking"
    STT           -> Whisper's transcription
    agent         -> the agent's reply (``handle()``)
    TTS           -> flite's first audio
    audio out     -> the first "media" byte the caller receives (the output transport and the socket)

And per call: booked, and under the caller's name (after spelling, where the line asked). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import audioop  # the project runs on Python 3.11, where it is still in the standard library
import base64
import json
import re
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx  # noqa: E402
import numpy as np  # noqa: E402
import uvicorn  # noqa: E402
import websockets  # noqa: E402
from fastapi import FastAPI  # noqa: E402
from pipecat.frames.frames import (  # noqa: E402
    TranscriptionFrame,
    TTSAudioRawFrame,
    TTSSpeakFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.observers.base_observer import BaseObserver, FramePushed  # noqa: E402
from twilio.request_validator import RequestValidator  # noqa: E402

import phone.twilio_calls  # noqa: E402
from benchmarks.names import NAMES, letters, squeezed  # noqa: E402
from benchmarks.voices import LINE_RATE, phone_band, speak_all, spoken, voice_named  # noqa: E402
from evals.stats import percentile  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from phone.logs import keep_caller_words_out_of_logs  # noqa: E402
from phone.tickets import MemoryTickets  # noqa: E402
from phone.twilio import LineSettings, twilio_router  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402

VOICES = ("piper joe", "espeak rp slow", "flite awb slow", "flite rms fast")
"""Four callers of three kinds, none of them the line's own kal16. Whisper base hears flite's slt and espeak-ng's
en-us too rarely through the line for a call to get past the day ("Tuesday, please." came back "Can they,
please?", "Who's there, please?"); the name benchmark has them."""
OPEN, DAY, TIME = "I'd like to book an appointment", "Tuesday, please.", "Ten o'clock, please."
"""As callers say them; "10 am" was read "ten ham" and heard "Tanayan", "10,000", "Today"."""
CHUNK = 160  # 20 ms of 8 kHz mu-law, as Twilio sends it
QUIET = 1.0
"""Seconds without the line's audio after which its reply is taken to be over."""
CALL_SECONDS = 150.0
TOKEN = "0" * 32
STAGES = ("end of turn", "STT", "agent", "TTS", "audio out")
MARKS = (VADUserStoppedSpeakingFrame, TranscriptionFrame, TTSSpeakFrame, TTSAudioRawFrame)
TOTAL = "end of speech to first audio byte"


class Stopwatch(BaseObserver):
    """The first time each stage's frame was pushed after ``since`` (the caller's last sound); the line's words."""

    def __init__(self) -> None:
        super().__init__()
        self.since = float("inf")
        self.seen: dict[type, float] = {}
        self.said: list[str] = []
        self.heard: list[str] = []
        self._noted: set[int] = set()

    async def on_push_frame(self, data: FramePushed) -> None:
        """Note the frame's first appearance since the caller stopped, and what the line says."""
        now = time.monotonic()
        if isinstance(data.frame, TTSSpeakFrame) and (not self.said or self.said[-1] != data.frame.text):
            self.said.append(data.frame.text)
        if isinstance(data.frame, TranscriptionFrame) and data.frame.id not in self._noted:
            self._noted.add(data.frame.id)
            self.heard.append(data.frame.text)
        if now >= self.since and isinstance(data.frame, MARKS):
            self.seen.setdefault(type(data.frame), now)


WATCH = Stopwatch()


class TimedWorker(phone.twilio_calls.PipelineWorker):
    """The line's own pipeline worker, with the stopwatch watching it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, observers=[WATCH], **kwargs)


def line_hiss(seconds: float = 10.0) -> bytes:
    """The line's noise between turns, as mu-law (looped by the caller)."""
    rng = np.random.default_rng(7)
    return audioop.lin2ulaw(np.clip(rng.normal(0, 60, int(seconds * LINE_RATE)), -32768, 32767)
                            .astype(np.int16).tobytes(), 2)


def caller_audio(voice: str, text: str, seed: int) -> bytes:
    """``text`` in ``voice`` as the caller's line carries it (8 kHz mu-law), ending on the last sound."""
    pcm, rate = spoken(voice_named(voice), text)
    return phone_band(pcm, rate, np.random.default_rng(seed), level=0.8)


def murmur() -> bytes:
    """A hummed "mm" (0.6 s) on the line: a voice to the VAD, no words to Whisper."""
    t = np.arange(int(0.6 * LINE_RATE)) / LINE_RATE
    hum = np.sin(2 * np.pi * 140 * t) + 0.5 * np.sin(2 * np.pi * 280 * t) + 0.3 * np.sin(2 * np.pi * 420 * t)
    fade = np.minimum(1, np.minimum(t, 0.6 - t) / 0.05)
    return audioop.lin2ulaw(np.clip(hum * fade * 5000, -32768, 32767).astype(np.int16).tobytes(), 2)


class Caller:
    """Twilio's side of one call: 20 ms of audio every 20 ms (speech when there is some, else the line's hiss)."""

    def __init__(self, ws) -> None:
        self.ws, self.speech, self.heard_at = ws, bytearray(), [0.0]
        self.spoke_last = asyncio.Event()
        self.hiss, self.at = line_hiss(), 0

    async def send(self) -> None:
        """Speech or hiss, every 20 ms; the moment the last of a turn's speech goes is the turn's end."""
        tick = time.monotonic()
        while True:
            speaking = bool(self.speech)
            if speaking:
                chunk = bytes(self.speech[:CHUNK]).ljust(CHUNK, b"\xff")
                del self.speech[:CHUNK]
            else:
                chunk, self.at = self.hiss[self.at:self.at + CHUNK], (self.at + CHUNK) % (len(self.hiss) - CHUNK)
            await self.ws.send(json.dumps({"event": "media", "streamSid": "MZ" + "7c" * 16,
                                           "media": {"payload": base64.b64encode(chunk).decode()}}))
            if speaking and not self.speech:
                self.ended_now()
            tick += 0.02
            await asyncio.sleep(max(0.0, tick - time.monotonic()))

    def ended_now(self) -> None:
        """The caller's turn ended now (its last sound, or a key press)."""
        WATCH.seen.clear()
        WATCH.since = time.monotonic()
        self.spoke_last.set()

    async def press(self, digit: str) -> None:
        """A key press, as Twilio sends it."""
        await self.ws.send(json.dumps({"event": "dtmf", "streamSid": "MZ" + "7c" * 16, "dtmf": {"digit": digit}}))
        self.ended_now()

    async def receive(self) -> None:
        """Note when each of the line's audio messages arrives."""
        async for message in self.ws:
            if json.loads(message).get("event") == "media":
                self.heard_at.append(time.monotonic())

    async def quiet(self) -> None:
        """Until the line has said nothing for ``QUIET`` seconds."""
        while time.monotonic() - self.heard_at[-1] < QUIET:
            await asyncio.sleep(0.05)


def next_turn(kind_done: str | None, said: str, first: str, last: str, by_key: bool) -> tuple[str, str] | None:
    """The caller's next turn (kind, words) after the line said ``said``; None when the call is over for them."""
    lowered = said.lower()
    if "spell" in lowered:
        return "spelling", letters(last)
    if "read that back" in lowered or "shall i book" in lowered:
        return ("key", "1") if by_key else ("yes", "Yes, please.")
    if "booked" in lowered or "goodbye" in lowered or kind_done in ("yes", "key"):
        return None
    if re.search(r"\bname\b", lowered):
        return "name", f"My name is {first} {last}."
    if re.search(r"\btimes?\b", lowered):
        return "time", TIME
    if re.search(r"\bday\b", lowered):  # not "today", not "Tuesday"
        return "day", DAY
    return "open request", OPEN


async def one_call(port: int, voice: str, name: tuple[str, str], number: int, timings: dict[str, list[float]],
                   calls: list[dict]) -> None:
    """One call, as Twilio makes it: the signed webhook, the stream with its ticket, the turns in real time."""
    first, last = name
    sid = f"CA{number:032x}"  # a CallSid per call: the line answers a CallSid once (a replayed webhook gets no stream)
    form = {"AccountSid": "AC" + "a1" * 16, "CallSid": sid, "From": "+16175550123", "To": "+16175550100"}
    url = f"http://127.0.0.1:{port}/twilio/voice"
    answer = await asyncio.to_thread(httpx.post, url, content=urlencode(form), headers={
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": RequestValidator(TOKEN).compute_signature(url, form)})
    ticket = re.search(r'name="ticket" value="([^"]+)"', answer.text).group(1)  # type: ignore[union-attr]
    record: dict[str, Any] = {"voice": voice, "name": f"{first} {last}", "spelled": False, "turns": 0}
    calls.append(record)
    WATCH.said.clear()
    async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
        await ws.send(json.dumps({"event": "connected", "protocol": "Call", "version": "1.0.0"}))
        await ws.send(json.dumps({"event": "start", "streamSid": "MZ" + "7c" * 16, "start": {
            "streamSid": "MZ" + "7c" * 16, "callSid": sid, "customParameters": {"ticket": ticket}}}))
        caller = Caller(ws)
        tasks = [asyncio.ensure_future(caller.send()), asyncio.ensure_future(caller.receive())]
        await asyncio.sleep(1.5)
        await caller.quiet()  # the greeting
        kind: str | None = None
        planned = [("murmur", "")] if number % 2 else []
        for _ in range(12):
            turn = planned.pop(0) if planned else next_turn(kind, WATCH.said[-1] if WATCH.said else "", first, last,
                                                            by_key=number % 2 == 1)
            if turn is None:
                break
            kind, words = turn
            record["spelled"] |= kind == "spelling"
            record["turns"] += 1
            caller.spoke_last.clear()
            if kind == "key":
                await caller.press(words)
            else:
                caller.speech += murmur() if kind == "murmur" else caller_audio(voice, words, seed=number)
            try:
                await asyncio.wait_for(caller.spoke_last.wait(), timeout=30)
            except TimeoutError:  # the line hung up (a misheard turn can end the call early)
                break
            ended = WATCH.since
            while caller.heard_at[-1] < ended and time.monotonic() - ended < 30:
                await asyncio.sleep(0.01)
            if caller.heard_at[-1] < ended:
                timings["turns not answered"].append(1)
                break
            out = next(t for t in caller.heard_at if t >= ended)
            if kind not in ("key", "murmur"):
                marks = [ended, *(WATCH.seen.get(mark, out) for mark in MARKS), out]
                for stage, began, done in zip(STAGES, marks, marks[1:], strict=False):
                    timings[stage].append(done - began)
                    if kind == "open request":  # where the first, longest turn's time goes
                        timings[f"open request: {stage}"].append(done - began)
                timings[TOTAL].append(out - ended)
            timings[f"  {kind}"].append(out - ended)
            await caller.quiet()
            heard, WATCH.heard[:] = " | ".join(WATCH.heard), []
            record.setdefault("transcript", []).append(
                f"{kind}: {words!r} (heard {heard!r}) -> {WATCH.said[-1] if WATCH.said else ''}")
        for task in tasks:
            task.cancel()


def main(argv: list[str] | None = None) -> int:
    """Serve the line, make the calls, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls-per-voice", type=int, default=2)
    parser.add_argument("--voices", nargs="*", default=list(VOICES))
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument("--transcripts", action="store_true", help="print each call's turns and the line's replies")
    args = parser.parse_args(argv)
    keep_caller_words_out_of_logs(level="WARNING")
    plan = [(voice, NAMES[(n * len(args.voices) + v) % len(NAMES)], n * len(args.voices) + v)
            for n in range(args.calls_per_voice) for v, voice in enumerate(args.voices)]
    for voice in args.voices:  # the callers' audio made (or read from the cache) before any call
        speak_all(voice_named(voice), [OPEN, DAY, TIME, "Yes, please."] + [
            t for v, (first, last), _ in plan if v == voice for t in (f"My name is {first} {last}.", letters(last))])
    phone.twilio_calls.PipelineWorker = TimedWorker  # type: ignore[misc]  # the same worker, observed
    clinics: list[ClinicAPI] = []

    def agent_for_call(call_id: str, number: str | None) -> VoiceAgent:
        clinics.append(ClinicAPI())
        return VoiceAgent(clinics[-1], caller_number=number)

    app = FastAPI()
    app.include_router(twilio_router(agent_for_call, LineSettings(auth_token=TOKEN,
                                                                  public_url=f"http://127.0.0.1:{args.port}"),
                                     tickets=MemoryTickets()))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    timings: dict[str, list[float]] = defaultdict(list)
    calls: list[dict] = []
    stalled = 0
    for voice, name, number in plan:
        try:
            asyncio.run(asyncio.wait_for(one_call(args.port, voice, name, number, timings, calls),
                                         timeout=CALL_SECONDS))
        except TimeoutError:
            stalled += 1
        booked = clinics[-1].bookings if clinics else []
        calls[-1]["booked"] = [b["name"] for b in booked]
        print(f"call {len(calls)} ({voice}, {' '.join(name)}): booked {calls[-1]['booked'] or 'nothing'}",
              file=sys.stderr, flush=True)
    server.should_exit = True
    print_figures(args, timings, calls, stalled)
    return 0


def print_figures(args: argparse.Namespace, timings: dict[str, list[float]], calls: list[dict], stalled: int) -> None:
    """Median and p95 per stage and turn kind; bookings and names right per call."""
    print(f"{len(calls)} calls ({', '.join(args.voices)}) through the Twilio line, real time; milliseconds per turn")
    print(f"{'stage / turn kind':<36} {'turns':>6} {'median':>8} {'p95':>8}")
    missed = timings.pop("turns not answered", [])
    opening = [f"open request: {stage}" for stage in STAGES]
    for stage in (*STAGES, TOTAL, *sorted(k for k in timings if k.startswith("  ")), *opening):
        values = timings.get(stage, [])
        if values:
            print(f"{stage[:36]:<36} {len(values):>6} {statistics.median(values) * 1000:>8.0f} "
                  f"{percentile(values, 0.95) * 1000:>8.0f}")
    booked = [c for c in calls if c.get("booked")]
    right = [c for c in booked if any(squeezed(b) == squeezed(c["name"]) for b in c["booked"])]
    spelled = [c for c in calls if c["spelled"]]
    print(f"calls booked: {len(booked)} of {len(calls)}; under the caller's name: {len(right)} of {len(calls)} "
          f"({100 * len(right) / max(1, len(calls)):.0f} %); the line asked to spell in {len(spelled)} calls")
    for call in calls:
        print(f"  {call['voice']:<16} {call['name']:<18} booked as {call.get('booked') or '-'}"
              f"{' (spelled)' if call['spelled'] else ''}")
    if args.transcripts:
        for call in calls:
            print(f"\n{call['voice']}, {call['name']}:\n  " + "\n  ".join(call.get("transcript", [])))
    print(f"turns the line did not answer: {len(missed)}; calls that stalled (> {CALL_SECONDS:.0f} s): {stalled}")


if __name__ == "__main__":
    sys.exit(main())
