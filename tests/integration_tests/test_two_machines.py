"""Issue 36: two workers that share only PostgreSQL (separate folders, separate ticket files) are one phone line.

Twilio's signed voice webhook is answered by one worker and its media stream reaches the other: it is one call,
it books once, and it has a staff record and a log line a turn like an HTTP call. The same webhook replayed gets
no second stream; the ticket used once lets nobody in again. Real workers (``python -m service``), a real
PostgreSQL, Pipecat's real pipeline with Whisper and flite.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from urllib.parse import urlencode

import httpx
import pytest
import websockets

from tests.integration_tests.helpers import ROOT, STAFF, free_port, quiet_env, stop, wait_for
from tests.integration_tests.test_twilio_line import SILENCE, audio_back, phone_audio, send_audio
from tests.throwaway_pg import ThrowawayPostgres
from tests.unit_tests.test_config import BASE
from tests.unit_tests.test_twilio_security import (
    CONNECTED,
    PUBLIC,
    TOKEN,
    signature,
    start_message,
    ticket_of,
    webhook_form,
)
from voicekit.clinic import ClinicAPI

CLINIC = BASE + f'\n[security]\npublic_url = "{PUBLIC}"\n'


@pytest.fixture(scope="module")
def machines(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("machines")
    clinic = tmp / "clinic.toml"
    clinic.write_text(CLINIC)
    with ThrowawayPostgres() as url:
        started: list[tuple[subprocess.Popen, object]] = []
        machines = []
        try:
            for name in ("a", "b"):
                folder = tmp / name
                folder.mkdir()
                port = free_port()
                log = open(folder / "worker.log", "w")  # noqa: SIM115 - closed with the process below
                env = quiet_env(DATABASE_URL=url, CLINIC_DB=str(folder / "clinic.sqlite"), CLINIC_CONFIG=str(clinic),
                                TWILIO_AUTH_TOKEN=TOKEN)
                env.pop("TWILIO_ACCOUNT_SID", None)  # no REST hang-up: this machine reaches no Twilio
                process = subprocess.Popen([sys.executable, "-m", "service", "--port", str(port)], cwd=ROOT, env=env,
                                           stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
                started.append((process, log))
                wait_for(f"http://127.0.0.1:{port}/health", process)
                machines.append({"url": f"http://127.0.0.1:{port}", "port": port, "folder": folder})
            yield machines
        finally:
            for process, log in started:
                stop(process)
                log.close()  # type: ignore[attr-defined]


def voice_webhook(base: str) -> httpx.Response:
    form = webhook_form()
    return httpx.post(f"{base}/twilio/voice", content=urlencode(form), timeout=30,
                      headers={"X-Twilio-Signature": signature(form),
                               "Content-Type": "application/x-www-form-urlencoded"})


async def play(port: int, ticket: str) -> list[int]:
    async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
        await ws.send(json.dumps(CONNECTED))
        await ws.send(json.dumps(start_message(ticket=ticket)))
        greeting = await audio_back(ws, 60)
        await send_audio(ws, phone_audio("Book me on Tuesday at ten a m, my name is Jamie"))
        read_back = await audio_back(ws, 60)
        await ws.send(json.dumps({"event": "dtmf", "streamSid": "MZ" + "7c" * 16, "dtmf": {"digit": "1"}}))
        await send_audio(ws, SILENCE * 150)  # three seconds: the keypad's wait, and the line answers
        booked = await audio_back(ws, 60)
        return [greeting, read_back, booked]


def test_the_webhook_on_one_machine_and_the_stream_on_the_other_are_one_call_that_books_once(machines):
    a, b = machines
    answered = voice_webhook(a["url"])
    assert answered.status_code == 200 and "<Stream" in answered.text
    ticket = ticket_of(answered.text)
    replayed = voice_webhook(b["url"])  # the same signed webhook again, at the other machine
    assert "<Stream" not in replayed.text and "Reject" in replayed.text
    heard = asyncio.run(play(b["port"], ticket))
    assert all(size > 4000 for size in heard), heard
    bookings = [ClinicAPI(path=str(m["folder"] / "clinic.sqlite")).bookings for m in machines]
    assert [[(x["day"], x["time"], x["name"]) for x in booked] for booked in bookings] == [
        [], [("tuesday", "10:00", "Jamie")]]  # booked once, by the machine that played the call
    listed = httpx.get(f"{a['url']}/calls", headers=STAFF).json()["calls"]  # the record, seen from the other machine
    phone = [c for c in listed if c["channel"] == "phone"]
    assert len(phone) == 1 and phone[0]["outcome"] == "book:ok" and phone[0]["state"] == "DONE"
    record = httpx.get(f"{a['url']}/calls/{phone[0]['call_id']}", headers=STAFF).json()
    assert record["state"] == "DONE" and [t["tool_calls"] for t in record["turns"]][-1] == ["book"]
    lines = [json.loads(line) for line in (b["folder"] / "worker.log").read_text().splitlines()
             if line.startswith('{"event": "turn"')]
    assert [line["call"] for line in lines] == [phone[0]["call_id"]] * len(record["turns"])
    assert "Jamie" not in (b["folder"] / "worker.log").read_text()


def test_a_ticket_used_once_lets_nobody_in_again_on_either_machine(machines):
    a, _ = machines
    form = webhook_form(call_sid="CA" + "77" * 16)
    twiml = httpx.post(f"{a['url']}/twilio/voice", content=urlencode(form), timeout=30,
                       headers={"X-Twilio-Signature": signature(form),
                                "Content-Type": "application/x-www-form-urlencoded"}).text
    ticket = ticket_of(twiml)

    async def open_with(port: int) -> int | None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
            await ws.send(json.dumps(CONNECTED))
            await ws.send(json.dumps(start_message(call_sid="CA" + "77" * 16, ticket=ticket)))
            if port == machines[0]["port"]:
                await asyncio.sleep(2)
                return None  # played: the line is speaking; the caller hangs up here
            try:
                await asyncio.wait_for(ws.recv(), 20)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
            return None

    asyncio.run(open_with(machines[0]["port"]))
    assert asyncio.run(open_with(machines[1]["port"])) == 1008  # the ticket is spent, on every machine
