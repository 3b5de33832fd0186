"""The HTTP call service on one machine (SQLite): the endpoints, their errors, and the OpenAPI schema."""

import json
import re

import pytest
from fastapi.testclient import TestClient

from service.app import Settings, create_app
from tests.integration_tests.helpers import STAFF, STAFF_TOKEN

# The HTTP line has no caller id, so a booking carries the number the caller gives (issue 38 item 11).
ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie, my number is 617 555 0123"
ONE_SHOT_STORED = "Book me on Tuesday at ten a m, my name is Jamie, my number is [phone ending 0123]"


@pytest.fixture
def client(tmp_path):
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None)
    with TestClient(create_app(settings), headers=STAFF) as test_client:
        yield test_client


def staff_settings(**given) -> Settings:
    """A worker's settings with the tests' staff token (no worker is ever open)."""
    return Settings(staff_token=STAFF_TOKEN, **given)


def new_call(client, plan=None):
    answer = client.post("/calls", json={"plan": plan} if plan else {})
    assert answer.status_code == 201
    return answer.json()["call_id"]


def test_a_booking_over_http(client):
    call = new_call(client)
    first = client.post(f"/calls/{call}/turns", json={"text": ONE_SHOT}).json()
    assert first["state"] == "CONFIRM" and first["tool_calls"] == ["find_slots"]
    done = client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()
    assert done["state"] == "DONE" and done["tool_calls"] == ["book"]
    again = client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()  # the call has ended
    assert again["state"] == "DONE" and again["tool_calls"] == []
    view = client.get(f"/calls/{call}").json()
    assert view["state"] == "DONE" and view["slots"]["time"] == "10:00" and view["handoff"] is None
    assert [t["user"] for t in view["turns"]] == [ONE_SHOT_STORED, "yes", "yes"]


def test_failure_plans_carry_across_turns(client):
    call = new_call(client, {"book": ["taken"]})
    client.post(f"/calls/{call}/turns", json={"text": ONE_SHOT})
    assert client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()["state"] == "ASK_TIME"
    client.post(f"/calls/{call}/turns", json={"text": "two thirty"})
    assert client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()["tool_calls"] == ["book"]
    turns = client.get(f"/calls/{call}").json()["turns"]
    assert turns[1]["outcomes"] == ["taken", "ok"] and turns[3]["outcomes"] == ["ok"]


def test_history_masks_card_numbers(client):
    call = new_call(client)
    client.post(f"/calls/{call}/turns", json={"text": "my card is 4111 1111 1111 1111"})
    view = client.get(f"/calls/{call}").json()
    assert "1111" not in str(view) and "[redacted]" in view["turns"][0]["user"]


def test_unknown_call_is_404(client):
    assert client.post("/calls/nope/turns", json={"text": "hi"}).status_code == 404
    assert client.get("/calls/nope").status_code == 404


@pytest.mark.parametrize("body", [{}, {"text": 5}, {"words": "hi"}, None])
def test_bad_turn_body_is_422(client, body):
    call = new_call(client)
    answer = client.post(f"/calls/{call}/turns", json=body) if body is not None else \
        client.post(f"/calls/{call}/turns", content=b"not json", headers={"content-type": "application/json"})
    assert answer.status_code == 422


def test_bad_plan_is_422_with_the_reason(client):
    answer = client.post("/calls", json={"plan": {"book": ["explode"]}})
    assert answer.status_code == 422 and "unknown outcome" in answer.text


def test_openapi_schema_is_served(client):
    schema = client.get("/openapi.json").json()
    assert {"/calls", "/calls/{call_id}/turns", "/calls/{call_id}"} <= set(schema["paths"])


# -- a malformed body is a 4xx, never a 500, and no error body echoes what the caller said ----

SECRET = "my card is 4111 1111 1111 1111"


@pytest.mark.parametrize("body", [
    b'{"text": 5}', b'{"text": ["a"]}', b"{}", b'{"txt": "hello"}',
    b"not json", b'{"text": "' + SECRET.encode() + b'",', b'{"text": "' + (SECRET + " ").encode() * 80_000 + b'"}',
])
def test_malformed_turns_get_a_4xx_that_echoes_nothing(client, body):
    call = new_call(client)
    answer = client.post(f"/calls/{call}/turns", content=body, headers={"content-type": "application/json"})
    assert 400 <= answer.status_code < 500, answer.text
    assert "4111" not in answer.text and "card" not in answer.text and "ud800" not in answer.text


def test_a_long_turn_is_answered_as_voice_agent_answers_it(client):
    from agent import VoiceAgent
    from voicekit.clinic import ClinicAPI

    text = "um " * 7_000 + "Book me on Tuesday at ten a m"  # 21,000 characters, the request at the end
    call = new_call(client)
    reply = client.post(f"/calls/{call}/turns", json={"text": text})
    reference = VoiceAgent(ClinicAPI(), sleep=lambda s: None).handle(text)
    assert reply.status_code == 200 and reply.json()["state"] == reference["state"]
    card = client.post(f"/calls/{call}/turns", json={"text": (SECRET + " ") * 500})
    assert card.status_code == 200 and "4111" not in card.text


def test_a_null_text_is_silence_as_for_voice_agent(client):
    call = new_call(client)
    reply = client.post(f"/calls/{call}/turns", json={"text": None})
    assert reply.status_code == 200 and reply.json()["state"] == "LISTEN" and reply.json()["say"].strip()


def test_a_lone_surrogate_inside_a_turn_is_replaced_not_a_crash(client):
    call = new_call(client)
    reply = client.post(f"/calls/{call}/turns", content=b'{"text": "Book me on Tuesday \\ud800 at ten a m"}',
                        headers={"content-type": "application/json"})
    assert reply.status_code == 200 and reply.json()["state"] == "ASK_NAME"


# -- a finished call keeps only its final checkpoint (storage per call is bounded) ---------------

def test_a_finished_call_keeps_only_its_final_state(tmp_path):
    import sqlite3
    import time

    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None, prune_gather_seconds=0)
    with TestClient(create_app(settings), headers=STAFF) as client:
        call = new_call(client)
        client.post(f"/calls/{call}/turns", json={"text": "I'd like to book an appointment"})
        client.post(f"/calls/{call}/turns", json={"text": "Tuesday at ten a m, my name is Jamie, 617 555 0123"})
        rows = sqlite3.connect(tmp_path / "service.sqlite")  # a live call has a history (a checkpoint a turn at least)
        assert rows.execute("SELECT COUNT(*) FROM checkpoints WHERE thread_id=?", (call,)).fetchone()[0] > 1
        client.post(f"/calls/{call}/turns", json={"text": "yes"})
        deadline = time.monotonic() + 10  # pruned on the worker's pruning thread, just after the reply
        while rows.execute("SELECT COUNT(*) FROM checkpoints WHERE thread_id=?", (call,)).fetchone()[0] > 1:
            assert time.monotonic() < deadline, "the ended call's history was not pruned"
            time.sleep(0.05)
        orphans = rows.execute("SELECT COUNT(*) FROM writes WHERE thread_id=? AND checkpoint_id NOT IN "
                               "(SELECT checkpoint_id FROM checkpoints WHERE thread_id=?)", (call, call))
        assert orphans.fetchone()[0] == 0
        again = client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()  # the ended call still answers
        assert again["state"] == "DONE" and "booked" in again["say"] and again["tool_calls"] == []
        view = client.get(f"/calls/{call}").json()
        assert view["state"] == "DONE" and view["slots"]["time"] == "10:00" and len(view["turns"]) == 4


def test_the_lock_directory_does_not_grow_with_the_calls(tmp_path):
    from service.store import LOCK_STRIPES

    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None)
    with TestClient(create_app(settings), headers=STAFF) as client:
        for _ in range(30):
            client.post(f"/calls/{new_call(client)}/turns", json={"text": "hello"})
    locks = list((tmp_path / "service.sqlite.calls.locks").iterdir())
    assert 0 < len(locks) <= 30 and all(int(p.stem) < LOCK_STRIPES for p in locks)


def service_at(tmp_path, now: str) -> TestClient:
    from datetime import datetime

    frozen = datetime.fromisoformat(now)
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None, clock=lambda: frozen)
    return TestClient(create_app(settings), headers=STAFF)


def test_a_callback_request_over_http_is_listed_for_staff(tmp_path):
    with service_at(tmp_path, "2026-11-29T20:00:00-05:00") as client:  # Sunday evening: closed
        call = new_call(client)
        offer = client.post(f"/calls/{call}/turns", json={"text": "I want to talk to someone"}).json()
        assert offer["state"] == "LISTEN" and "call you back" in offer["say"]
        for text in ("yes please", "Jamie", "my number is 617 555 0123"):
            client.post(f"/calls/{call}/turns", json={"text": text})
        assert client.get("/callbacks").json() == {"callbacks": []}  # nothing before the yes
        done = client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()
        assert done["state"] == "DONE" and done["tool_calls"] == ["request_callback"]
        listed = client.get("/callbacks").json()["callbacks"]
        assert [(c["name"], c["phone"]) for c in listed] == [("Jamie", "+16175550123")]
        history = client.get(f"/calls/{call}").json()["turns"]
        assert history[3]["user"] == "my number is [phone ending 0123]" and "5550123" not in str(history)
        # The read-back that spoke it ("6 1 7, 5 5 5, 0 1 2 3") is stored masked too, in whatever form it was said.
        assert "call Jamie back on [phone ending 0123]" in history[3]["say"]
        assert not re.search(r"5\D{0,3}5\D{0,3}5\D{0,3}0\D{0,3}1\D{0,3}2\D{0,3}3", json.dumps(history))


def test_an_unanswered_transfer_over_http(tmp_path):
    with service_at(tmp_path, "2026-11-30T11:00:00-05:00") as client:  # Monday morning: open
        call = new_call(client)
        assert client.post(f"/calls/{call}/turns", json={"text": "operator"}).json()["state"] == "HANDOFF"
        assert client.get(f"/calls/{call}").json()["transfer"] == {"to": "555 0100", "ring_seconds": 30}
        report = {"answered": False, "caller_number": "+1 617 555 0123"}
        first = client.post(f"/calls/{call}/transfer", json=report).json()
        again = client.post(f"/calls/{call}/transfer", json=report).json()
        # Nothing is written on the line's word alone: the caller is asked, and the request waits for a yes.
        assert (first["state"], first["tool_calls"]) == ("CONFIRM", []) and again["tool_calls"] == []
        assert "ending" in first["say"] and client.get("/callbacks").json()["callbacks"] == []
        yes = client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()
        assert (yes["state"], yes["tool_calls"]) == ("HANDOFF", ["request_callback"])
        assert [c["phone"] for c in client.get("/callbacks").json()["callbacks"]] == ["+16175550123"]
        view = client.get(f"/calls/{call}").json()
        assert view["transfer"] is None and view["turns"][-2]["line"] == "transfer unanswered"
        assert client.post(f"/calls/{call}/transfer", json={"answered": "maybe"}).status_code == 422


def test_an_answered_transfer_writes_nothing(tmp_path):
    with service_at(tmp_path, "2026-11-30T11:00:00-05:00") as client:
        call = new_call(client)
        client.post(f"/calls/{call}/turns", json={"text": "operator"})
        answered = client.post(f"/calls/{call}/transfer", json={"answered": True}).json()
        assert answered["tool_calls"] == [] and client.get(f"/calls/{call}").json()["transfer"] is None
        late = client.post(f"/calls/{call}/transfer", json={"answered": False}).json()
        assert late["tool_calls"] == [] and client.get("/callbacks").json() == {"callbacks": []}


def test_the_service_clock_setting_names_the_fix(monkeypatch):
    monkeypatch.setenv("SERVICE_CLOCK", "teatime")
    with pytest.raises(ValueError, match="SERVICE_CLOCK must be 'real' or an ISO time"):
        Settings.from_env()
    monkeypatch.setenv("SERVICE_CLOCK", "2026-11-29T20:00:00-05:00")
    assert Settings.from_env().clock().hour == 20


def test_a_worker_runs_only_so_many_turns_at_once(tmp_path, monkeypatch):
    import threading

    from voicekit.clinic import ClinicAPI

    working, release = threading.Event(), threading.Event()
    find_slots = ClinicAPI.find_slots

    def slow_clinic(self, day, date=None):  # the first turn's clinic is slow to answer: the turn is at work
        if not working.is_set():
            working.set()
            release.wait(30)
        return find_slots(self, day, date=date)

    monkeypatch.setattr(ClinicAPI, "find_slots", slow_clinic)
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None, turns_at_once=1)
    with TestClient(create_app(settings), headers=STAFF) as client:
        slow, quick = new_call(client), new_call(client)
        replies = {}

        def turn(call, key):
            replies[key] = client.post(f"/calls/{call}/turns", json={"text": ONE_SHOT}).json()

        first = threading.Thread(target=turn, args=(slow, "slow"))
        first.start()
        assert working.wait(30)
        second = threading.Thread(target=turn, args=(quick, "quick"))
        second.start()
        second.join(1)
        assert second.is_alive() and "quick" not in replies  # queued behind the one turn in progress
        release.set()
        first.join(30), second.join(30)
    assert replies["slow"]["state"] == replies["quick"]["state"] == "CONFIRM"


def test_a_retry_wait_does_not_keep_other_callers_waiting(tmp_path):
    import threading

    retrying, release = threading.Event(), threading.Event()

    def sleep(seconds):  # the rehearsal calls' read retries wait here, inside their turns
        retrying.set()
        release.wait(30)

    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=sleep, turns_at_once=2)
    with TestClient(create_app(settings), headers=STAFF) as client:
        rehearsals = [new_call(client, {"find_slots": ["timeout", "timeout", "timeout"]}) for _ in range(8)]
        caller = new_call(client)
        waiting = [threading.Thread(target=client.post, args=(f"/calls/{call}/turns",), kwargs={"json": {
            "text": ONE_SHOT}}) for call in rehearsals]
        for thread in waiting:
            thread.start()
        assert retrying.wait(30)
        try:
            # Eight turns asleep in their retry waits; an ordinary caller is answered all the same, before they wake.
            answered = {}
            hello = threading.Thread(target=lambda: answered.update(
                client.post(f"/calls/{caller}/turns", json={"text": "hello"}).json()))
            hello.start()
            hello.join(15)  # a hang guard, not a timing: without the fix it waits until the rehearsals are released
            assert answered.get("state") == "LISTEN"
            assert any(thread.is_alive() for thread in waiting)
        finally:
            release.set()
            for thread in waiting:
                thread.join(30)


def test_turns_at_once_must_be_positive(tmp_path):
    settings = staff_settings(database_url=str(tmp_path / "s.sqlite"), clinic_db=str(tmp_path / "c.sqlite"),
                              turns_at_once=0)
    with pytest.raises(ValueError, match="SERVICE_TURNS_AT_ONCE"):
        create_app(settings)


def test_a_prune_that_fails_after_the_reply_breaks_nothing(tmp_path, monkeypatch, caplog):
    import service.app

    attempts = []

    def refused(saver, thread_ids):
        attempts.append(list(thread_ids))
        raise RuntimeError("could not serialize access due to concurrent delete")

    monkeypatch.setattr(service.app, "keep_only_latest", refused)
    settings = staff_settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None)
    with TestClient(create_app(settings), headers=STAFF) as client:
        call = new_call(client)
        client.post(f"/calls/{call}/turns", json={"text": ONE_SHOT})
        done = client.post(f"/calls/{call}/turns", json={"text": "yes"})
        assert done.status_code == 200 and done.json()["state"] == "DONE" and done.json()["tool_calls"] == ["book"]
        assert client.get(f"/calls/{call}").json()["state"] == "DONE"
    assert attempts == [[call], [call]]  # tried twice (as the worker stopped), then left, and said so in the log
    assert any("could not prune" in record.getMessage() for record in caplog.records)


def test_oversized_bodies_are_refused_declared_or_streamed(client):
    from service.app import MAX_BODY_BYTES

    call = new_call(client)
    too_big = b'{"text": "' + b"a" * MAX_BODY_BYTES + b'"}'
    declared = client.post(f"/calls/{call}/turns", content=too_big, headers={"content-type": "application/json"})
    assert declared.status_code == 413 and "a" * 20 not in declared.text

    def chunks():  # no Content-Length: the body arrives in pieces (Transfer-Encoding: chunked)
        for start in range(0, len(too_big), 65536):
            yield too_big[start:start + 65536]

    streamed = client.post(f"/calls/{call}/turns", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413 and "a" * 20 not in streamed.text
    assert client.post(f"/calls/{call}/turns", headers={"content-length": "lots"}, content=b"{}").status_code == 413
    fine = client.post(f"/calls/{call}/turns", json={"text": "Tuesday please"})
    assert fine.status_code == 200 and client.get(f"/calls/{call}").json()["turns"][0]["user"] == "Tuesday please"
