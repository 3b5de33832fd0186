"""From the end of a caller's speech to the line's first audio byte back, stage by stage, on this machine.

    make bench-voice      # or: .venv/bin/python benchmarks/voice_latency.py --calls 5

Recorded calls (flite's "awb" voice, as 8 kHz mu-law) are played in real time, as Twilio plays them, into
the Twilio line itself: a signed webhook, the media stream with its ticket, and the line's own pipeline
(``phone.pipeline``: its VAD settings, Whisper, the real ``VoiceAgent``, flite) on uvicorn in this process.
The caller keeps the line open with silence between turns and speaks once the greeting or the last reply
has finished. A Pipecat observer notes when each stage's frame first appears after the caller stopped:

    end of turn   the caller's last sound -> the VAD's "stopped speaking"
    STT           -> Whisper's transcription
    agent         -> the agent's reply (``handle()``)
    TTS           -> flite's first audio
    audio out     -> the first "media" byte the caller receives (the output transport and the socket)

Printed: median and p95 milliseconds per turn for each stage and for the whole. Figures, not assertions.
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
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx  # noqa: E402
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
from evals.stats import percentile  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from phone.logs import keep_caller_words_out_of_logs  # noqa: E402
from phone.speech import flite  # noqa: E402
from phone.tickets import MemoryTickets  # noqa: E402
from phone.twilio import LineSettings, twilio_router  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402

CALL = ["I'd like to book an appointment", "Tuesday", "10 am", "Jamie", "yes"]
"""The caller's turns. flite reads "ten a m" as "ten uh em", which Whisper hears as "10,2,1": "10 am" it says as
a caller does."""
CHUNK = 160  # 20 ms of 8 kHz mu-law, as Twilio sends it
SILENCE = b"\xff" * CHUNK
QUIET = 1.0
"""Seconds without the line's audio after which its reply is taken to be over."""
CALL_SECONDS = 150.0
TOKEN, SID = "0" * 32, "CA" + "5e" * 16
STAGES = ("end of turn", "STT", "agent", "TTS", "audio out")
MARKS = (VADUserStoppedSpeakingFrame, TranscriptionFrame, TTSSpeakFrame, TTSAudioRawFrame)


class Stopwatch(BaseObserver):
    """The first time each stage's frame was pushed after ``since`` (the caller's last sound)."""

    def __init__(self) -> None:
        super().__init__()
        self.since = float("inf")
        self.seen: dict[type, float] = {}

    async def on_push_frame(self, data: FramePushed) -> None:
        """Note the frame's first appearance since the caller stopped."""
        now = time.monotonic()
        if now >= self.since and isinstance(data.frame, MARKS):
            self.seen.setdefault(type(data.frame), now)


WATCH = Stopwatch()


class TimedWorker(phone.twilio_calls.PipelineWorker):
    """The line's own pipeline worker, with the stopwatch watching it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, observers=[WATCH], **kwargs)


def caller_audio(text: str) -> bytes:
    """``text`` as the caller's line carries it (8 kHz mu-law), ending on the last sound, not on silence."""
    pcm, rate = flite(text, "awb")
    pcm8, _ = audioop.ratecv(pcm, 2, 1, rate, 8000, None)
    end = len(pcm8)
    while end > 2 and abs(int.from_bytes(pcm8[end - 2:end], "little", signed=True)) < 200:
        end -= 2
    return audioop.lin2ulaw(pcm8[:end], 2)


class Caller:
    """Twilio's side of one call: 20 ms of audio every 20 ms (speech when there is some, else silence)."""

    def __init__(self, ws) -> None:
        self.ws, self.speech, self.heard_at = ws, bytearray(), [0.0]
        self.spoke_last = asyncio.Event()

    async def send(self) -> None:
        """Speech or silence, every 20 ms; the moment the last of a turn's speech goes is the turn's end."""
        tick = time.monotonic()
        while True:
            chunk = bytes(self.speech[:CHUNK]) or SILENCE
            del self.speech[:CHUNK]
            payload = base64.b64encode(chunk.ljust(CHUNK, b"\xff")).decode()
            await self.ws.send(json.dumps({"event": "media", "streamSid": "MZ" + "7c" * 16,
                                           "media": {"payload": payload}}))
            if chunk is not SILENCE and not self.speech:
                WATCH.seen.clear()
                WATCH.since = time.monotonic()
                self.spoke_last.set()
            tick += 0.02
            await asyncio.sleep(max(0.0, tick - time.monotonic()))

    async def receive(self) -> None:
        """Note when each of the line's audio messages arrives."""
        async for message in self.ws:
            if json.loads(message).get("event") == "media":
                self.heard_at.append(time.monotonic())

    async def quiet(self) -> None:
        """Until the line has said nothing for ``QUIET`` seconds."""
        while time.monotonic() - self.heard_at[-1] < QUIET:
            await asyncio.sleep(0.05)


async def one_call(port: int, timings: dict[str, list[float]]) -> None:
    """One call, as Twilio makes it: the signed webhook, the stream with its ticket, the turns in real time."""
    form = {"AccountSid": "AC" + "a1" * 16, "CallSid": SID, "From": "+16175550123", "To": "+16175550100"}
    url = f"http://127.0.0.1:{port}/twilio/voice"
    answer = await asyncio.to_thread(httpx.post, url, content=urlencode(form), headers={
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": RequestValidator(TOKEN).compute_signature(url, form)})
    ticket = re.search(r'name="ticket" value="([^"]+)"', answer.text).group(1)  # type: ignore[union-attr]
    async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
        await ws.send(json.dumps({"event": "connected", "protocol": "Call", "version": "1.0.0"}))
        await ws.send(json.dumps({"event": "start", "streamSid": "MZ" + "7c" * 16, "start": {
            "streamSid": "MZ" + "7c" * 16, "callSid": SID, "customParameters": {"ticket": ticket}}}))
        caller = Caller(ws)
        tasks = [asyncio.ensure_future(caller.send()), asyncio.ensure_future(caller.receive())]
        await asyncio.sleep(1.5)
        await caller.quiet()  # the greeting
        for text in CALL:
            caller.spoke_last.clear()
            caller.speech += caller_audio(text)
            try:
                await asyncio.wait_for(caller.spoke_last.wait(), timeout=30)
            except TimeoutError:  # the line hung up (a misheard turn can end the call early)
                timings["turns not answered"].append(1)
                break
            ended = WATCH.since
            while caller.heard_at[-1] < ended and time.monotonic() - ended < 30:
                await asyncio.sleep(0.01)
            if caller.heard_at[-1] < ended:
                timings["turns not answered"].append(1)
                break
            out = next(t for t in caller.heard_at if t >= ended)
            marks = [ended, *(WATCH.seen.get(kind, out) for kind in MARKS), out]
            for stage, began, done in zip(STAGES, marks, marks[1:], strict=False):
                timings[stage].append(done - began)
            timings["end of speech to first audio byte"].append(out - ended)
            timings[f"  turn {CALL.index(text) + 1}: {text}"].append(out - ended)
            await caller.quiet()
        for task in tasks:
            task.cancel()


def main() -> int:
    """Serve the line, make the calls, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--port", type=int, default=8791)
    args = parser.parse_args()
    keep_caller_words_out_of_logs(level="WARNING")
    phone.twilio_calls.PipelineWorker = TimedWorker  # type: ignore[misc]  # the same worker, observed
    app = FastAPI()
    app.include_router(twilio_router(lambda call_id, number: VoiceAgent(ClinicAPI(), caller_number=number),
                                     LineSettings(auth_token=TOKEN, public_url=f"http://127.0.0.1:{args.port}"),
                                     tickets=MemoryTickets()))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    timings: dict[str, list[float]] = {stage: [] for stage in (*STAGES, "end of speech to first audio byte")}
    timings |= {f"  turn {n}: {text}": [] for n, text in enumerate(CALL, 1)}
    timings["turns not answered"] = []
    stalled = 0
    for number in range(args.calls):
        try:
            asyncio.run(asyncio.wait_for(one_call(args.port, timings), timeout=CALL_SECONDS))
        except TimeoutError:
            stalled += 1
        print(f"call {number + 1}: {len(timings['STT'])} turns measured so far", file=sys.stderr, flush=True)
    server.should_exit = True
    print(f"{args.calls} calls x {len(CALL)} turns through the Twilio line, real time; milliseconds per turn")
    print(f"{'stage':<36} {'median':>8} {'p95':>8}")
    missed = timings.pop("turns not answered")
    for stage, values in timings.items():
        if values:
            print(f"{stage[:36]:<36} {statistics.median(values) * 1000:>8.0f} {percentile(values, 0.95) * 1000:>8.0f}")
    print(f"turns measured: {len(timings['STT'])}; turns the line did not answer (call ended early): {len(missed)}; "
          f"calls that stalled (> {CALL_SECONDS:.0f} s): {stalled}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
