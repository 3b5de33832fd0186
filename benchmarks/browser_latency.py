"""A browser voice call's latency budgets, measured through the page in real headless Chromium.

    make bench-browser      # or: .venv/bin/python benchmarks/browser_latency.py --calls 5

A worker is started as ``make serve`` starts it (its ICE on 127.0.0.1 only), and each call is a fresh headless
Chromium whose microphone is a WAV made here with flite (``--use-file-for-fake-audio-capture``; voices awb,
rms, slt in turn): the caller presses Start talking, says "Book me on <a weekday> at ten a m, my name is
Jamie" over the greeting (a barge-in), and "yes" after the read-back. The figures are the call's own, from its
staff record (``GET /calls/{id}``, the page's "start to connected" included):

    start to connected       Start talking pressed (microphone granted) -> the peer connection connected
    end of speech to audio   the caller's last sound -> the agent's first audio leaving the line
    tool start to result     find_slots, book: the clinic's own time
    barge-in to silence      the caller's first sound over the agent -> the agent's audio stopped

Printed: count, median and p95 milliseconds per budget, and whether each call booked. Figures, not assertions:
run it on a quiet machine before comparing (speech recognition shares the two cores with everything else).
"""

from __future__ import annotations

import argparse
import audioop  # the project runs on Python 3.11, where it is still part of the standard library
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evals.stats import percentile  # noqa: E402
from phone.speech import flite  # noqa: E402

WAV_RATE = 48000
CHROMIUM = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--autoplay-policy=no-user-gesture-required"]
"""Headless Chromium as this closed network lets it run (a new empty profile comes with every launch)."""
VOICES = ("awb", "rms", "slt")
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday")
BUDGETS = {"connect_ms": "start to connected", "answer_ms": "end of speech to audio",
           "tool_ms": "tool start to result", "barge_in_ms": "barge-in to silence"}
TOKEN = "benchmark-staff-token-0123456789"


NUMBER = "my number is six one seven, five five five, zero one two three"
"""A browser call has no caller id, so a booking asks for a contact number: the caller gives it with the request."""


def caller_wav(path: Path, *script: float | str, voice: str = "awb") -> str:
    """A caller's whole call as one WAV (48 kHz mono): numbers are seconds of silence, text is said by flite.

    Returns Chromium's ``--use-file-for-fake-audio-capture`` value: the file, played once, then silence.
    """
    pcm = b""
    for part in script:
        if isinstance(part, int | float):
            pcm += b"\0\0" * int(WAV_RATE * part)
        else:
            said, rate = flite(part, voice)
            pcm += audioop.ratecv(said, 2, 1, rate, WAV_RATE, None)[0]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(WAV_RATE)
        out.writeframes(pcm)
    return f"{path}%noloop"


def chromium() -> str:
    """Debian's headless Chromium (``make browser`` installs it)."""
    import shutil

    found = shutil.which("chromium-headless-shell") or shutil.which("chromium")
    if not found:
        sys.exit("no Chromium: make browser installs it")
    return found


def start_worker(folder: Path) -> tuple[subprocess.Popen, str]:
    """A worker on a free loopback port, its clinic in ``folder``, offering ICE on 127.0.0.1 only."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, DATABASE_URL=str(folder / "service.sqlite"), CLINIC_DB=str(folder / "clinic.sqlite"),
               CLINIC_STAFF_TOKEN=TOKEN, SERVICE_CLOCK="2026-12-01T10:00:00-05:00", SERVICE_ICE_ADDRESSES="127.0.0.1",
               LANGGRAPH_CLI_NO_ANALYTICS="1", LANGSMITH_TRACING="false")
    worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=2):
                return worker, base
        except OSError:
            time.sleep(0.3)
    worker.kill()
    sys.exit("the worker did not start")


def one_call(playwright, base: str, wav: str) -> tuple[dict, bool]:
    """One voice booking through the page: its latency budgets and whether it booked."""
    import httpx

    browser = playwright.chromium.launch(executable_path=chromium(), headless=True, args=[
        *CHROMIUM, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-audio-capture={wav}", "--mute-audio"])
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(f"{base}/?token={TOKEN}")
        page.wait_for_selector("body[data-ready=true]")
        page.click("#start-talking")
        page.wait_for_selector("#call-status[data-status=ended]", timeout=120_000)
        call_id = page.inner_text("#call-id")
    finally:
        browser.close()
    headers = {"Authorization": f"Bearer {TOKEN}"}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the budgets are written once the call's pipeline is down
        record = httpx.get(f"{base}/calls/{call_id}", headers=headers).json()
        if record["turns"] and "latency" in record["turns"][-1]:
            break
        time.sleep(0.3)
    return record["latency"] or {}, record["state"] == "DONE"


def main() -> int:
    """Play the calls and print each budget's figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    figures: dict[str, list[float]] = {budget: [] for budget in BUDGETS}
    booked = 0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        worker, base = start_worker(folder)
        try:
            with sync_playwright() as playwright:
                for number in range(args.calls):
                    voice, day = VOICES[number % len(VOICES)], DAYS[number % len(DAYS)]
                    wav = caller_wav(folder / f"call{number}.wav", 2.5,
                                     f"Book me on {day} at ten a m, my name is Jamie, {NUMBER}", 16.0, "yes", 8.0,
                                     voice=voice)
                    latency, done = one_call(playwright, base, wav)
                    booked += done
                    for budget in BUDGETS:
                        figures[budget] += [f["ms"] if isinstance(f, dict) else f for f in latency.get(budget, [])]
                    print(f"call {number + 1} ({voice}, {day}): {'booked' if done else 'NOT booked'}", flush=True)
        finally:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=30)
    print(f"\n{args.calls} browser voice calls, {booked} booked; milliseconds")
    print(f"{'budget':<26} {'count':>6} {'median':>8} {'p95':>8}")
    for budget, label in BUDGETS.items():
        values = figures[budget]
        if values:
            print(f"{label:<26} {len(values):>6} {statistics.median(values):>8.0f} {percentile(values, 0.95):>8.0f}")
        else:
            print(f"{label:<26} {0:>6} {'-':>8} {'-':>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
