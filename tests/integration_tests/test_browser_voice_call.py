"""A voice call from the simulator page, in real headless Chromium over WebRTC, into a running worker.

Chromium is the caller: ``--use-fake-device-for-media-stream --use-file-for-fake-audio-capture=<caller.wav>``
plays a WAV made here with flite (``benchmarks.browser_latency.caller_wav``; no recording is committed) as the
microphone, from the moment the page asks for it; ``--use-fake-ui-for-media-stream`` answers the permission
prompt (``=deny`` refuses it). The audio goes through the browser's own RTCPeerConnection to the worker's
SmallWebRTC transport, the phone line's VAD, Whisper, agent and flite, and back. The worker offers only
127.0.0.1 as its ICE address (loopback only).

Each caller WAV is one whole call, timed against the line: the caller starts talking while the greeting
plays (barge-in), and answers the read-back while it is still being read when the test needs it to.
"""

import json
import subprocess
import sys
import time

import httpx
import pytest
from playwright.sync_api import Page, expect, sync_playwright

from benchmarks.browser_latency import CHROMIUM, caller_wav
from tests.integration_tests.helpers import ROOT, STAFF, STAFF_TOKEN, quiet_env, stop, wait_for
from tests.integration_tests.test_simulator import chromium
from tests.throwaway_pg import free_port
from voicekit.clinic import ClinicAPI

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
TWILIO_SECRET = "twilio-auth-token-that-never-reaches-a-page"
SECONDS = 90_000
"""Milliseconds a voice step may take on this busy 2-core machine (speech recognition shares it)."""
STATUS_LOG = """document.addEventListener("DOMContentLoaded", () => {
  window.statusLog = [];
  const shown = document.getElementById("call-status");
  const note = () => {
    const entry = `${shown.dataset.status}: ${shown.textContent}`;
    if (window.statusLog[window.statusLog.length - 1] !== entry) window.statusLog.push(entry);
  };
  new MutationObserver(note).observe(shown, {childList: true, characterData: true, subtree: true, attributes: true});
});"""


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    data = tmp_path_factory.mktemp("voice-call")
    port = free_port()
    env = quiet_env(DATABASE_URL=str(data / "service.sqlite"), CLINIC_DB=str(data / "clinic.sqlite"),
                    SERVICE_ICE_ADDRESSES="127.0.0.1", TWILIO_AUTH_TOKEN=TWILIO_SECRET)
    worker = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    wait_for(f"{base}/health", worker)
    yield base, data / "clinic.sqlite"
    stop(worker)


@pytest.fixture(scope="module")
def playwright():
    with sync_playwright() as running:
        yield running


NUMBER = "my number is six one seven, five five five, zero one two three"
"""A browser call has no caller id: its booking asks for a number to reach the caller on (said in the first turn)."""


def open_page(playwright, base: str, *flags: str, address: str | None = None) -> Page:
    browser = playwright.chromium.launch(executable_path=chromium(), headless=True, args=[*CHROMIUM, *flags])
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.add_init_script(STATUS_LOG)
    page.goto(f"{address or base}/?token={STAFF_TOKEN}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    return page


def talking(playwright, base: str, wav: str, *flags: str) -> Page:
    return open_page(playwright, base, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                     f"--use-file-for-fake-audio-capture={wav}", *flags)


def bookings(clinic, day: str) -> list[tuple]:
    return [(b["day"], b["time"], b["name"]) for b in ClinicAPI(path=str(clinic)).bookings if b["day"] == day]


def record(base: str, page: Page) -> dict:
    return httpx.get(f"{base}/calls/{page.inner_text('#call-id')}", headers=STAFF).json()


def statuses(page: Page) -> list[str]:
    return [entry.split(":")[0] for entry in page.evaluate("window.statusLog")]


def in_order(seen: list[str], wanted: list[str]) -> bool:
    position = 0
    for status in seen:
        if position < len(wanted) and status == wanted[position]:
            position += 1
    return position == len(wanted)


def test_a_booking_by_voice_shows_each_state_the_step_and_what_was_heard_and_books_once(service, playwright,
                                                                                         tmp_path):
    base, clinic = service
    wav = caller_wav(tmp_path / "caller.wav", 2.5, "Book me on Tuesday at ten a m, my name is Jamie, " + NUMBER,
                     16.0, "yes",
                     8.0)
    page = talking(playwright, base, wav)
    loaded: list[str] = []
    page.on("response", lambda response: loaded.append(response.text()) if response.ok else None)
    page.click("#start-talking")
    expect(page.locator("#readback")).to_be_visible(timeout=SECONDS)  # the read-back, as text too
    expect(page.locator("#readback-text")).to_contain_text("Shall I book it")
    expect(page.locator("#yes-book")).to_have_text("Yes, book it")
    expect(page.locator('g.node.current[data-node="confirm"]')).to_have_count(1)  # the step, lit
    expect(page.locator("#heard")).to_contain_text("Tuesday")  # the transcript...
    understood = page.locator("#understood")  # ...and apart from it, the values understood
    for value in ("tuesday", "2026-12-08", "10:00", "Jamie"):
        expect(understood).to_contain_text(value)
    expect(page.locator("#call-status")).to_have_attribute("data-status", "ended", timeout=SECONDS)
    expect(page.locator("#line-said")).to_contain_text("You're booked")  # the page says so
    expect(page.locator('g.node.current[data-node="done"]')).to_have_count(1)
    assert bookings(clinic, "tuesday") == [("tuesday", "10:00", "Jamie")]  # booked once
    seen = statuses(page)
    assert in_order(seen, ["connecting", "speaking", "listening", "checking", "speaking", "listening", "checking",
                           "speaking", "ended"]), seen
    assert "checking: Checking the open times..." in page.evaluate("window.statusLog")

    deadline = time.monotonic() + 20
    while "latency" not in json.dumps(record(base, page)["turns"][-1]) and time.monotonic() < deadline:
        time.sleep(0.3)  # the call's end is written once its pipeline is down
    call = record(base, page)
    assert call["turns"][-1]["line"] == "browser voice call ended: the agent ended the call"
    latency = call["latency"]
    assert len(latency["connect_ms"]) == 1 and len(latency["answer_ms"]) >= 2
    assert [t["tool"] for t in latency["tool_ms"]] == ["find_slots", "book"]
    assert latency["barge_in_ms"], "the caller spoke over the greeting: its audio stopped"
    metrics = httpx.get(f"{base}/metrics", headers=STAFF).text
    assert "clinic_browser_answer_seconds_count" in metrics and "clinic_browser_barge_in_seconds_count" in metrics
    assert not any(TWILIO_SECRET in body for body in loaded), "a secret reached the page"
    page.context.browser.close()


def test_stop_during_the_read_back_silences_the_line_at_once_and_writes_nothing(service, playwright, tmp_path):
    base, clinic = service
    wav = caller_wav(tmp_path / "caller.wav", 2.5, "Book me on Wednesday at ten a m, my name is Jamie, " + NUMBER, 5.0,
                     "wait", 30.0)
    page = talking(playwright, base, wav)
    page.click("#start-talking")
    expect(page.locator("#heard")).to_contain_text("ait", timeout=SECONDS)  # "wait", said over the read-back
    expect(page.locator("#readback")).to_be_visible()
    expect(page.locator("#call-status")).to_have_attribute("data-status", "speaking", timeout=SECONDS)
    energy = "async () => { let e = 0; (await window.simulator.voice.pc.getStats()).forEach((s) => {" \
             " if (s.type === 'inbound-rtp' && s.kind === 'audio') e = s.totalAudioEnergy || 0; }); return e; }"
    before = page.evaluate(energy)
    for _ in range(30):  # the read-back's audio reaches the page a moment after the line starts it
        page.wait_for_timeout(100)
        if page.evaluate(energy) > before:
            break
    else:
        raise AssertionError("the read-back is not being heard")
    page.click("#stop")
    assert page.evaluate("[document.getElementById('line-audio').muted, "
                         "document.getElementById('line-audio').srcObject, window.simulator.voice.pc]") \
        == [True, None, None]  # the audio is off and the connection closed, at once
    expect(page.locator("#call-status")).to_have_attribute("data-status", "stopped")
    deadline = time.monotonic() + 20
    while not record(base, page)["turns"][-1].get("line") and time.monotonic() < deadline:
        time.sleep(0.3)
    call = record(base, page)
    assert call["turns"][-1]["line"] == "browser voice call ended: the caller pressed stop"
    assert call["state"] == "CONFIRM" and call["latency"]["barge_in_ms"]  # "wait" cut the read-back off
    assert not [c for turn in call["turns"] for c in turn.get("calls", []) if c["tool"] == "book"]
    assert bookings(clinic, "wednesday") == []
    page.context.browser.close()


def test_a_denied_microphone_says_so_and_typed_turns_finish_the_same_call_without_a_reload(service, playwright):
    base, clinic = service
    page = open_page(playwright, base, "--use-fake-ui-for-media-stream=deny", "--use-fake-device-for-media-stream")
    page.evaluate("window.notReloaded = true")
    page.click("#start-talking")
    problem = page.locator("#problem")
    expect(problem).to_have_attribute("data-problem", "denied")
    expect(problem).to_contain_text("The microphone is blocked for this page")
    call_id = page.inner_text("#call-id")
    problem.get_by_role("button", name="Type instead").click()
    expect(page.locator("#say-input")).to_be_focused()
    page.keyboard.type("Book me on Friday at ten a m, my name is Jamie, my number is 617 555 0123")
    page.keyboard.press("Enter")
    expect(page.locator("#readback")).to_be_visible()
    page.click("#yes-book")
    expect(page.locator("#call-status")).to_have_attribute("data-status", "ended")
    expect(page.locator("#line-said")).to_contain_text("You're booked")
    assert page.evaluate("window.notReloaded") is True and page.inner_text("#call-id") == call_id
    assert bookings(clinic, "friday") == [("friday", "10:00", "Jamie")]
    assert record(base, page)["turns"][-1]["user"] == "[DTMF] 1"  # "Yes, book it" is the keypad's 1
    page.context.browser.close()


def test_no_device_device_in_use_and_plain_http_each_say_what_to_do(service, playwright):
    base, _ = service
    said = {}
    page = open_page(playwright, base, "--use-fake-ui-for-media-stream")  # no fake device: this machine has none
    page.click("#start-talking")
    expect(page.locator("#problem")).to_have_attribute("data-problem", "no_device")
    said["no_device"] = page.inner_text("#problem-text")
    page.evaluate("() => { navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('busy', "
                  "'NotReadableError')); }")  # another program holds it: a browser answers so
    page.click("#start-talking")
    expect(page.locator("#problem")).to_have_attribute("data-problem", "in_use")
    said["in_use"] = page.inner_text("#problem-text")
    page.context.browser.close()
    port = base.rsplit(":", 1)[1]
    page = open_page(playwright, base, "--host-resolver-rules=MAP clinic.test 127.0.0.1",
                     address=f"http://clinic.test:{port}")  # plain http on another host: not a secure context
    page.click("#start-talking")
    expect(page.locator("#problem")).to_have_attribute("data-problem", "insecure")
    said["insecure"] = page.inner_text("#problem-text")
    assert page.locator("#problem").get_by_role("button", name="Type instead").count() == 1
    page.context.browser.close()
    assert len(set(said.values())) == 3 and "https" in said["insecure"] and "in use" in said["in_use"]


def test_keyboard_only_with_the_sound_off_books_by_voice_and_the_yes_button(service, playwright, tmp_path):
    base, clinic = service
    wav = caller_wav(tmp_path / "caller.wav", 2.5, "Book me on Thursday at ten a m, my name is Jamie, " + NUMBER, 30.0)
    page = talking(playwright, base, wav, "--mute-audio")
    tab_to(page, "start-talking")
    page.keyboard.press("Enter")
    expect(page.locator("#readback")).to_be_visible(timeout=SECONDS)  # everything needed is on the screen
    expect(page.locator("#readback-text")).to_contain_text("Thursday")
    tab_to(page, "yes-book")
    page.keyboard.press("Enter")
    expect(page.locator("#call-status")).to_have_attribute("data-status", "ended", timeout=SECONDS)
    expect(page.locator("#line-said")).to_contain_text("You're booked")
    assert bookings(clinic, "thursday") == [("thursday", "10:00", "Jamie")]
    assert [t["user"] for t in record(base, page)["turns"] if "user" in t][-1] == "[DTMF] 1"
    page.context.browser.close()


def tab_to(page: Page, element_id: str, most: int = 60) -> None:
    for _ in range(most):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"#{element_id} is not reachable with Tab")
