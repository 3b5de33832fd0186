"""The warm transfer on Twilio: staff dialled over the REST API, the dial's outcome taken back to the agent.

A real line (uvicorn on 127.0.0.1) plays a spoken call through the real pipeline to a hand-off; Twilio's REST
API is a recording stand-in on another loopback port (no network here), and Twilio's dial report is posted
the way Twilio posts it (recorded-style form fields, signed with ``twilio``'s own ``RequestValidator``).
"""

import asyncio
import base64
import contextlib
import json
import re
import threading
from datetime import datetime
from urllib.parse import parse_qs, urlencode, urlsplit
from zoneinfo import ZoneInfo

import httpx
import pytest
import uvicorn
import websockets
from fastapi import FastAPI, Request
from langgraph.checkpoint.memory import InMemorySaver

import phone.speech
from dialog.profile import ClinicProfile
from graph.voice_agent import VoiceAgent
from phone.tickets import MemoryTickets
from phone.twilio import LineSettings, twilio_router
from phone.twilio_calls import LiveCalls
from tests.integration_tests.test_twilio_line import SILENCE, eventually, phone_audio, send_audio
from tests.throwaway_pg import free_port
from tests.unit_tests.test_twilio_security import (
    ACCOUNT,
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

STAFF = "+16175550199"
TUESDAY_MORNING = datetime(2026, 12, 8, 10, 0, tzinfo=ZoneInfo("America/New_York"))
"""The clinic is open: a hand-off is put through to staff."""


class TwilioAPI:
    """Twilio's REST API as the line calls it: each call update's path, auth and form, recorded."""

    def __init__(self):
        self.updates: list[dict] = []
        self.port = free_port()
        app = FastAPI()

        @app.post("/2010-04-01/Accounts/{account}/Calls/{call}.json")
        async def update(account: str, call: str, request: Request) -> dict:
            form = {k: v[0] for k, v in parse_qs((await request.body()).decode()).items()}
            self.updates.append({"account": account, "call": call, "auth": request.headers.get("authorization"),
                                 "form": form})
            return {"sid": call, "status": "in-progress"}

        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)


class Clinic:
    """One practice's agents on one checkpointer: a call taken back continues its thread."""

    def __init__(self):
        self.saver, self.made = InMemorySaver(), []

    def __call__(self, call_id, caller_number):
        from voicekit.clinic import ClinicAPI

        agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=lambda: TUESDAY_MORNING, thread_id=call_id,
                           checkpointer=self.saver, continue_ended=True, caller_number=caller_number,
                           profile=ClinicProfile(name="Harbour View Clinic", transfer_to=STAFF, ring_seconds=20))
        self.made.append(agent)
        return agent


@pytest.fixture
def said(monkeypatch):
    texts: list[str] = []
    speak = phone.speech.flite
    monkeypatch.setattr(phone.speech, "flite", lambda text, *a, **k: texts.append(text) or speak(text, *a, **k))
    return texts


@pytest.fixture
def line():
    api, clinic, port = TwilioAPI(), Clinic(), free_port()
    app = FastAPI()
    app.include_router(twilio_router(clinic, LineSettings(auth_token=TOKEN, public_url=PUBLIC, account_sid=ACCOUNT,
                                                          api_base=f"http://127.0.0.1:{api.port}"),
                                     tickets=MemoryTickets(), calls=LiveCalls()))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threads = [api.thread, threading.Thread(target=server.run, daemon=True)]
    for thread in threads:
        thread.start()
    eventually(lambda: server.started and api.server.started, 30)
    yield port, api, clinic
    server.should_exit = api.server.should_exit = True
    for thread in threads:
        thread.join(15)


def post_form(port: int, path: str, form: dict, *, signed: bool = True) -> httpx.Response:
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if signed:
        headers["X-Twilio-Signature"] = signature(form, url=PUBLIC + path)
    return httpx.post(f"http://127.0.0.1:{port}{path}", content=urlencode(form), headers=headers)


def dial_report(status: str) -> dict:
    """What Twilio posts to a <Dial>'s action when the dial ends (recorded-style fields)."""
    return {"AccountSid": ACCOUNT, "ApiVersion": "2010-04-01", "CallSid": CALL_SID, "CallStatus": "in-progress",
            "Called": "+16175550100", "Caller": CALLER, "DialCallSid": "CA" + "d1" * 16, "DialCallStatus": status,
            "DialCallDuration": "0" if status != "completed" else "42", "Direction": "inbound", "From": CALLER,
            "To": "+16175550100"}


async def play(port: int, ticket: str, turns: list[str], until) -> None:
    """The call's stream with ``ticket``: the caller says ``turns`` after the line's first words, until ``until()``."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/twilio/stream") as ws:
        await ws.send(json.dumps(CONNECTED))
        await ws.send(json.dumps(start_message(ticket=ticket)))
        with contextlib.suppress(websockets.ConnectionClosed):
            for text in ["", *turns]:
                await send_audio(ws, phone_audio(text) if text else SILENCE * 50)
                await asyncio.sleep(6)  # the line answers and speaks
            for _ in range(300):
                if until():
                    return
                await ws.send(json.dumps({"event": "media", "streamSid": "MZ" + "7c" * 16,
                                          "media": {"payload": base64.b64encode(SILENCE).decode()}}))
                await asyncio.sleep(0.02)


def handed_off(port: int, api: TwilioAPI) -> str:
    """A spoken call asking for a person, played to its end; the dial's action address the line gave Twilio."""
    answer = post_form(port, "/twilio/voice", webhook_form())
    asyncio.run(play(port, ticket_of(answer.text), ["can I talk to a real person"], lambda: api.updates))
    eventually(lambda: api.updates, 15)
    [update] = api.updates
    twiml = update["form"]["Twiml"]
    assert update["call"] == CALL_SID and update["account"] == ACCOUNT and "Status" not in update["form"]
    assert update["auth"] == "Basic " + base64.b64encode(f"{ACCOUNT}:{TOKEN}".encode()).decode()
    assert re.search(rf'<Dial timeout="20" action="{re.escape(PUBLIC)}/twilio/dial\?ticket=[^"]+" method="POST">'
                     rf"<Number>\{STAFF}</Number></Dial>", twiml), twiml
    return re.search(r'action="([^"]+)"', twiml).group(1)


def test_a_hand_off_dials_staff_and_an_unanswered_dial_takes_the_caller_back_to_the_callback_question(line, said):
    port, api, clinic = line
    action = handed_off(port, api)
    assert clinic.made[0].state == "HANDOFF" and clinic.made[0].transfer is not None
    path = urlsplit(action).path + "?" + urlsplit(action).query
    assert post_form(port, path, dial_report("no-answer"), signed=False).status_code == 403  # only Twilio reports
    back = post_form(port, path, dial_report("no-answer"))
    assert back.status_code == 200 and "<Connect><Stream" in back.text
    assert post_form(port, path, dial_report("no-answer")).status_code == 403  # a replayed report changes nothing
    before = len(said)
    asyncio.run(play(port, ticket_of(back.text), ["yes"], lambda: len(api.updates) > 1))
    taken_back = clinic.made[-1]
    assert taken_back.thread_id == clinic.made[0].thread_id  # the same call, continued
    assert "call you back on the number ending 0 1 2 3?" in said[before], said[before:]  # on the caller id
    assert [c[0] for c in taken_back.api.calls] == ["request_callback"]
    assert api.updates[-1]["form"] == {"Status": "completed"}  # and the call is hung up after the goodbye


def test_an_answered_dial_hangs_up_after_staff_and_leaves_no_callback(line):
    port, api, clinic = line
    action = handed_off(port, api)
    path = urlsplit(action).path + "?" + urlsplit(action).query
    answered = post_form(port, path, dial_report("completed"))
    assert answered.status_code == 200 and "<Hangup/>" in answered.text and "<Stream" not in answered.text
    reported = clinic.made[-1]
    assert reported.thread_id == clinic.made[0].thread_id and reported.transfer is None  # noted as answered
    assert all(c[0] != "request_callback" for agent in clinic.made for c in agent.api.calls)
