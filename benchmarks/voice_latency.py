"""Where a phone turn's time goes, stage by stage, on this machine: speech to text, the agent, text to speech.

    make bench-voice      # or: .venv/bin/python benchmarks/voice_latency.py --calls 10

Each call is the five-turn happy call, spoken by flite, carried as the phone line carries it (8 kHz
mu-law, back up to 16 kHz), heard by Whisper base (int8, one thread), answered by ``VoiceAgent`` and spoken
by flite. Printed: median and p95 milliseconds per turn for each stage and their sum (voice-to-voice,
leaving out the VAD's end-of-turn pause and the network). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import audioop  # the project runs on Python 3.11, where it is still in the standard library
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evals.stats import percentile  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from phone.pipeline import CALLER_PAUSE  # noqa: E402
from phone.speech import flite, whisper_model  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402

CALL = ["I'd like to book an appointment", "Tuesday", "ten a m", "Jamie", "yes"]


def phone_line(text: str) -> np.ndarray:
    """``text`` as Whisper receives it from a phone call: 8 kHz mu-law, resampled to 16 kHz floats."""
    pcm, rate = flite(text, "awb")
    pcm8, _ = audioop.ratecv(pcm, 2, 1, rate, 8000, None)
    pcm16, _ = audioop.ratecv(audioop.ulaw2lin(audioop.lin2ulaw(pcm8, 2), 2), 2, 1, 8000, 16000, None)
    return np.frombuffer(pcm16, np.int16).astype(np.float32) / 32768


def main() -> int:
    """Time each stage of each turn and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=10)
    args = parser.parse_args()
    model = whisper_model()
    audio = {text: phone_line(text) for text in CALL}  # the callers' audio is made before timing
    stages: dict[str, list[float]] = {"speech to text": [], "agent": [], "text to speech": [], "sum": []}
    misheard = 0
    for _ in range(args.calls):
        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
        for text in CALL:
            started = time.perf_counter()
            segments, _ = model.transcribe(audio[text], language="en", beam_size=1)
            heard = " ".join(s.text for s in segments).strip()
            heard_at = time.perf_counter()
            reply = agent.handle(heard)
            answered_at = time.perf_counter()
            flite(reply["say"])
            spoken_at = time.perf_counter()
            misheard += agent.state == "HANDOFF"
            for stage, seconds in (("speech to text", heard_at - started), ("agent", answered_at - heard_at),
                                   ("text to speech", spoken_at - answered_at), ("sum", spoken_at - started)):
                stages[stage].append(seconds)
    print(f"{args.calls} calls x {len(CALL)} turns; milliseconds per turn (the VAD adds its {CALLER_PAUSE} s "
          "end-of-turn pause before speech to text starts)")
    print(f"{'stage':<16} {'median':>8} {'p95':>8}")
    for stage, timings in stages.items():
        print(f"{stage:<16} {statistics.median(timings) * 1000:>8.0f} {percentile(timings, 0.95) * 1000:>8.0f}")
    print(f"turns that ended in a hand-off (misheard): {misheard}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
