"""The voice call's offer route, offered to by aiortc itself: who gets an answer, and what an answer holds."""

import asyncio

import aioice.ice
import pytest
from aiortc import RTCPeerConnection
from fastapi.testclient import TestClient

from dialog.names_spelled import UNSURE_BELOW
from service.app import create_app
from tests.integration_tests.test_service import new_call, staff_settings


def an_offer() -> str:
    """A browser-like offer: one audio track to send and receive, and a data channel, candidates gathered."""

    async def offer() -> str:
        pc = RTCPeerConnection()
        pc.addTransceiver("audio", direction="sendrecv")
        pc.createDataChannel("line")
        await pc.setLocalDescription(await pc.createOffer())
        sdp = pc.localDescription.sdp
        await pc.close()
        return sdp

    return asyncio.run(offer())


@pytest.fixture
def voice_client(tmp_path, monkeypatch):
    monkeypatch.setattr(aioice.ice, "get_host_addresses", aioice.ice.get_host_addresses)  # restored afterwards
    monkeypatch.setenv("SERVICE_ICE_ADDRESSES", "127.0.0.1")
    monkeypatch.setenv("SERVICE_VOICE_CALLS", "1")
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None)
    with TestClient(create_app(settings)) as client:  # no staff token: the voice call is a caller's
        yield client


def test_an_offer_for_a_call_is_answered_with_host_candidates_only_and_nothing_secret(voice_client):
    call_id = new_call(voice_client)
    answer = voice_client.post(f"/calls/{call_id}/voice", json={"sdp": an_offer(), "type": "offer"})
    assert answer.status_code == 200 and answer.json()["type"] == "answer"
    candidates = [line for line in answer.json()["sdp"].splitlines() if line.startswith("a=candidate")]
    assert candidates and all(" 127.0.0.1 " in line and "typ host" in line for line in candidates)
    assert set(answer.json()) == {"sdp", "type"}  # no peer id, no token, no server's credential
    again = voice_client.post(f"/calls/{call_id}/voice", json={"sdp": an_offer(), "type": "offer"})
    assert again.status_code == 409  # one voice connection a call
    other = voice_client.post(f"/calls/{new_call(voice_client)}/voice", json={"sdp": an_offer(), "type": "offer"})
    assert other.status_code == 429 and other.headers["retry-after"].isdigit()  # the worker's voice calls are full


def test_an_offer_for_no_call_or_that_is_no_offer_is_refused(voice_client):
    assert voice_client.post("/calls/call-nobody/voice", json={"sdp": an_offer()}).status_code == 404
    call_id = new_call(voice_client)
    refused = voice_client.post(f"/calls/{call_id}/voice", json={"sdp": "v=0 my card is 4111 1111 1111 1111"})
    assert refused.status_code == 422 and "4111" not in refused.text
    assert voice_client.post(f"/calls/{call_id}/voice", json={"sdp": "v=0", "type": "answer"}).status_code == 422


def test_a_worker_set_to_no_voice_calls_offers_none(tmp_path, monkeypatch):
    monkeypatch.setenv("SERVICE_VOICE_CALLS", "0")
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"))
    with TestClient(create_app(settings)) as client:
        call_id = new_call(client)
        assert client.post(f"/calls/{call_id}/voice", json={"sdp": an_offer()}).status_code in (404, 405)
        assert client.get("/simulator", headers={"Authorization": f"Bearer {settings.staff_token}"}).json()["voice"] \
            is False


def test_on_a_staff_only_line_a_strangers_offer_gets_no_voice_call(tmp_path, monkeypatch):
    from dataclasses import replace

    from dialog.config import DEMO_CONFIG, SecurityConfig
    from tests.integration_tests.test_line_for_the_public import STAFF, caller, settings

    monkeypatch.setenv("SERVICE_ICE_ADDRESSES", "127.0.0.1")
    clinic = replace(DEMO_CONFIG, security=SecurityConfig(http_callers="staff"))
    app = create_app(settings(tmp_path, clinic=clinic))
    with TestClient(app, headers=STAFF) as staff:
        call_id = staff.post("/calls").json()["call_id"]
        stranger = caller(app, "203.0.113.52").post(f"/calls/{call_id}/voice", json={"sdp": an_offer()})
        assert stranger.status_code == 401  # the call id alone is not a way in where the clinic chose staff only
        assert staff.post(f"/calls/{call_id}/voice", json={"sdp": an_offer()}).status_code == 200


def test_a_voice_turn_heard_unsure_of_the_name_asks_for_its_spelling_as_the_phone_line_does(tmp_path, monkeypatch):
    # The service's own voice turn (the one a browser call's pipeline runs), taken as the line's stages take it.
    import service.voice_call
    from phone.twilio_calls import CallAgent
    from service.voice_call import PageCall, VoiceCalls
    from service.voice_call_budgets import CallBudgets

    made = []

    class Kept(VoiceCalls):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(service.voice_call, "VoiceCalls", Kept)
    monkeypatch.setenv("SERVICE_ICE_ADDRESSES", "127.0.0.1")
    monkeypatch.setattr(aioice.ice, "get_host_addresses", aioice.ice.get_host_addresses)
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None)
    with TestClient(create_app(settings)) as client:
        call_id = new_call(client)
        sent = []
        call = CallAgent(PageCall(call_id, made[0]._take_turn, None, sent.append, CallBudgets()))
        said = "Book me on Tuesday at ten a m, my name is Jamie Pracer"
        words = [(word, UNSURE_BELOW / 2 if word == "Pracer" else 0.95) for word in said.split()]
        reply = call.handle(said, words=words)
    assert reply["state"] == "ASK_NAME" and "spell your last name" in reply["say"]
    assert sent[-1]["node"] == "spell_name"  # the page lights the spelling step
