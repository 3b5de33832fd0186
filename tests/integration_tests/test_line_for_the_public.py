"""Issue 36, tried as a clinic's operator (and a stranger) would.

Limits, who may call, the pause switch, guard counters that move when their guard is broken on purpose,
retention, and staff's list of recent calls.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from dialog.config import DEMO_CONFIG, Limits, SecurityConfig
from service.app import Settings, create_app
from service.background import purge_once
from service.limits import TURN_BURST_SECONDS
from tests.integration_tests.helpers import STAFF, STAFF_TOKEN
from tests.integration_tests.test_operability import metric

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie, my number is 617 555 0123"  # no caller id: a number
GUARDS = ("clinic_guard_write_without_yes_total", "clinic_guard_write_after_stop_total",
          "clinic_guard_key_written_twice_total", "clinic_guard_caller_words_logged_total")


def settings(tmp_path, **changes) -> Settings:
    clinic = changes.pop("clinic", DEMO_CONFIG)
    return Settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                    sleep=lambda s: None, staff_token=STAFF_TOKEN, clinic=clinic, purge_every_seconds=0, **changes)


@pytest.fixture
def app(tmp_path):
    return create_app(settings(tmp_path))


def caller(app, address: str, **headers) -> TestClient:
    return TestClient(app, client=(address, 40000), headers=headers)


def talk(client: TestClient, *turns: str) -> tuple[str, list[dict]]:
    made = client.post("/calls")
    assert made.status_code == 201, made.text
    call_id = made.json()["call_id"]
    return call_id, [client.post(f"/calls/{call_id}/turns", json={"text": t}).json() for t in turns]


# -- limits ---------------------------------------------------------------------------------------------------

def test_a_flood_from_one_address_gets_429_while_another_caller_books(app):
    with caller(app, "203.0.113.9") as flood, caller(app, "198.51.100.4") as neighbour, \
            TestClient(app, headers=STAFF) as staff:
        answers = [flood.post("/calls") for _ in range(100)]
        codes = [a.status_code for a in answers]
        assert codes.count(201) == Limits().new_calls_per_minute_per_address and set(codes) == {201, 429}
        refused = next(a for a in answers if a.status_code == 429)
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        started = time.monotonic()
        call_id, replies = talk(neighbour, ONE_SHOT, "yes")
        assert replies[-1]["state"] == "DONE" and replies[-1]["tool_calls"] == ["book"]
        assert time.monotonic() - started < 5  # not queued behind the flood (a generous bound: a shared machine)
        assert staff.get(f"/calls/{call_id}").json()["state"] == "DONE"


def test_turns_faster_than_a_person_talks_get_429(tmp_path):
    app = create_app(settings(tmp_path, limits=Limits(turns_per_second_per_call=1)))
    with caller(app, "203.0.113.10") as client, caller(app, "203.0.113.11") as other:
        call_id = client.post("/calls").json()["call_id"]
        started = time.monotonic()
        codes = [client.post(f"/calls/{call_id}/turns", json={"text": "Tuesday"}).status_code for _ in range(10)]
        took = time.monotonic() - started
        assert codes[:3] == [200] * 3 and 429 in codes  # a burst of three seconds' worth, then one a second
        assert codes.count(200) <= TURN_BURST_SECONDS + took + 1
        _, replies = talk(other, ONE_SHOT)  # another call is not held back by this one's turns
        assert replies[0]["state"] == "CONFIRM"


def test_new_calls_in_all_and_calls_at_once_are_bounded(tmp_path):
    app = create_app(settings(tmp_path, limits=Limits(new_calls_per_minute=5, calls_at_once=100)))
    codes = [caller(app, f"192.0.2.{n}").post("/calls").status_code for n in range(8)]
    assert codes == [201] * 5 + [429] * 3  # five addresses, five calls: then everyone waits
    app = create_app(settings(tmp_path / "b", limits=Limits(calls_at_once=2)))
    with TestClient(app, headers=STAFF) as staff:
        assert [staff.post("/calls").status_code for _ in range(3)] == [201, 201, 429]


def test_who_may_call_over_http_is_the_clinics_setting(tmp_path):
    for choice, anonymous, signed in (("off", 403, 403), ("staff", 401, 201), ("public", 201, 201)):
        clinic = replace(DEMO_CONFIG, security=SecurityConfig(http_callers=choice))  # type: ignore[arg-type]
        app = create_app(settings(tmp_path / choice, clinic=clinic))
        assert caller(app, "203.0.113.20").post("/calls").status_code == anonymous, choice
        assert TestClient(app, headers=STAFF).post("/calls").status_code == signed, choice


# -- the pause switch -----------------------------------------------------------------------------------------

def test_the_pause_switch_hands_a_call_in_progress_to_staff_and_tells_new_callers(tmp_path):
    first, second = create_app(settings(tmp_path)), create_app(settings(tmp_path))  # two workers, one store
    with TestClient(first, headers=STAFF) as one, TestClient(second, headers=STAFF) as two:
        call_id, replies = talk(one, ONE_SHOT)
        assert replies[-1]["state"] == "CONFIRM"
        assert caller(first, "203.0.113.30").post("/line/pause").status_code == 401  # a stranger cannot
        assert two.post("/line/pause").json() == {"paused": True}
        assert one.get("/health").json()["paused"] is True
        assert metric(one.get("/metrics").text, "clinic_line_paused") == 1
        reply = one.post(f"/calls/{call_id}/turns", json={"text": "yes"}).json()  # the next turn, either worker
        assert reply["state"] == "HANDOFF" and reply["tool_calls"] == [] and "paused" in reply["say"]
        assert one.get(f"/calls/{call_id}").json()["handoff"]["reason"] == "tool_failure"
        _, new = talk(two, ONE_SHOT)
        assert "paused" in new[0]["say"] and new[0]["tool_calls"] == []
        assert one.post("/line/resume").json() == {"paused": False}
        _, after = talk(two, ONE_SHOT, "yes")
        assert after[-1]["state"] == "DONE" and after[-1]["tool_calls"] == ["book"]


# -- guard counters -------------------------------------------------------------------------------------------

def guards(client: TestClient) -> dict[str, float]:
    text = client.get("/metrics").text
    assert all(f"{name} " in text for name in GUARDS), "a guard counter is missing"
    return {name: metric(text, name) for name in GUARDS}


def moved(before: dict, after: dict) -> dict:
    return {name: after[name] - before[name] for name in GUARDS if after[name] != before[name]}


def test_the_guard_counters_are_there_from_the_first_request_and_stay_still_on_a_good_line(app):
    with TestClient(app, headers=STAFF) as client:
        before = guards(client)
        talk(client, ONE_SHOT, "yes please, thanks", "yes")
        talk(client, "please call me back, my name is Jamie Lee", "617 555 0123", "yes")
        talk(client, ONE_SHOT, "no, stop")
        assert moved(before, guards(client)) == {}


def test_a_moves_two_writes_on_one_yes_move_no_guard(app):
    """SPEC 7.6: one "move it" covers the book and the cancel it read back (their keys: one confirmation's)."""
    with TestClient(app, headers=STAFF) as client:
        talk(client, ONE_SHOT, "yes")  # the HTTP line has no caller id: the booking carries the number given
        before = guards(client)
        _, replies = talk(client, "move my Tuesday appointment to Wednesday at 11:30, my name is Jamie",
                          "617 555 0123", "move it")
        assert replies[-1]["tool_calls"] == ["book", "cancel"] and replies[-1]["state"] == "DONE"
        assert moved(before, guards(client)) == {}


def break_the_gate(monkeypatch) -> None:
    """The consent gate broken on purpose: anything said at the read-back opens it."""
    monkeypatch.setattr("nodes.confirm.is_consent", lambda *a, **k: True)


@pytest.mark.parametrize("said, counter", [
    ("maybe, let me think", "clinic_guard_write_without_yes_total"),  # a write without a yes just before it
    ("no, stop", "clinic_guard_write_after_stop_total"),  # a write after a stop (and without a yes)
])
def test_a_write_the_broken_gate_let_through_moves_its_counter(app, monkeypatch, said, counter):
    break_the_gate(monkeypatch)
    with TestClient(app, headers=STAFF) as client:
        before = guards(client)
        _, replies = talk(client, ONE_SHOT, said)
        assert replies[-1]["tool_calls"] == ["book"], "the test did not manage to break the gate"
        assert moved(before, guards(client))[counter] == 1


class ForgetfulClinic:
    """A clinic that forgets idempotency keys: every write is carried out again ("ok")."""

    def __init__(self):
        self.calls: list[tuple[str, dict, str]] = []

    def find_slots(self, day: str, date: str | None = None) -> list[str]:
        self.calls.append(("find_slots", {"day": day}, "ok"))
        return ["10:00", "14:30"]

    def book(self, day: str, time: str, name: str, idempotency_key: str | None = None,
             date: str | None = None) -> dict:
        self.calls.append(("book", {"day": day, "time": time, "name": name}, "ok"))
        return {"booking_id": f"bk_{len(self.calls)}", "day": day, "time": time, "name": name, "date": date}


def test_a_key_written_twice_moves_its_counter(app, monkeypatch):
    import nodes.book

    sent = nodes.book.call_write_tool

    def twice(tool, *args, **kwargs):  # the write sent again under its key (a re-send bug)
        sent(tool, *args, **kwargs)
        return sent(tool, *args, **kwargs)

    monkeypatch.setattr(nodes.book, "call_write_tool", twice)
    monkeypatch.setattr("dialog.config.ClinicConfig.open_calendar", lambda self, **kw: ForgetfulClinic())
    with TestClient(app, headers=STAFF) as client:
        before = guards(client)
        _, replies = talk(client, ONE_SHOT, "yes")
        assert replies[-1]["tool_calls"] == ["book", "book"], "the test did not manage to send the write twice"
        assert moved(before, guards(client)) == {"clinic_guard_key_written_twice_total": 1}


def test_caller_words_in_a_log_line_move_their_counter(app):
    with TestClient(app, headers=STAFF) as client:
        before = guards(client)
        talk(client, "I'd like to book an appointment for my knee")
        logging.getLogger("service.somewhere").warning("turn text: I'd like to book an appointment for my knee")
        assert moved(before, guards(client)) == {"clinic_guard_caller_words_logged_total": 1}


# -- retention and staff's list of calls ------------------------------------------------------------------------

def test_the_purge_removes_a_transcript_past_its_time_and_keeps_a_recent_one(tmp_path):
    from service.app import open_stores

    app = create_app(settings(tmp_path))
    with TestClient(app, headers=STAFF) as client:
        old, _ = talk(client, ONE_SHOT, "yes")
        time.sleep(1.5)
        new, _ = talk(client, "hello")
        listed = client.get("/calls").json()["calls"]
        assert [c["call_id"] for c in listed] == [new, old] and listed[1]["outcome"] == "book:ok"
        assert listed[1]["channel"] == "http" and listed[1]["state"] == "DONE"
        assert caller(app, "203.0.113.40").get("/calls").status_code == 401
        calls, checkpointer = open_stores(settings(tmp_path))
        # As if the retention period had passed since a second ago: the older call is past it, the newer is not.
        later = time.time() - 1.0 + DEMO_CONFIG.retention.transcripts_days * 86_400
        done = purge_once(calls, checkpointer, DEMO_CONFIG.open_calendar, DEMO_CONFIG.retention, now=later)
        assert done["transcripts"] == 1
        assert client.get(f"/calls/{old}").status_code == 404 and client.get(f"/calls/{new}").status_code == 200
        assert checkpointer.get_tuple({"configurable": {"thread_id": old}}) is None
        assert checkpointer.get_tuple({"configurable": {"thread_id": new}}) is not None


def test_the_purge_removes_callback_requests_past_the_records_time(tmp_path):
    app = create_app(settings(tmp_path))
    with TestClient(app, headers=STAFF) as client:
        talk(client, "please call me back, my name is Jamie Lee", "617 555 0123", "yes")
        assert len(client.get("/callbacks").json()["callbacks"]) == 1
        from service.app import open_stores

        calls, checkpointer = open_stores(settings(tmp_path))
        demo = lambda: DEMO_CONFIG.open_calendar(demo_path=str(tmp_path / "clinic.sqlite"))  # noqa: E731
        assert purge_once(calls, checkpointer, demo, DEMO_CONFIG.retention)["records"] == 0  # too recent
        later = time.time() + DEMO_CONFIG.retention.records_days * 86_400 + 60
        assert purge_once(calls, checkpointer, demo, DEMO_CONFIG.retention, now=later)["records"] >= 1
        assert client.get("/callbacks").json() == {"callbacks": []}
        import sqlite3

        with sqlite3.connect(tmp_path / "clinic.sqlite") as db:  # the number is gone from the file, not only hidden
            assert "0123" not in " ".join(str(row) for row in db.execute("SELECT * FROM callbacks"))
            assert "0123" not in " ".join(str(row) for row in db.execute("SELECT * FROM results"))


def test_a_stranger_cannot_drive_a_phone_call_or_a_staff_only_line_over_http(tmp_path):
    app = create_app(settings(tmp_path))
    with TestClient(app, headers=STAFF) as staff:
        from service.app import open_stores

        calls, _ = open_stores(settings(tmp_path))
        calls.create("call-" + "ab" * 16, {}, channel="phone")  # a phone call's id, as staff's list shows it
        answer = caller(app, "203.0.113.50").post(f"/calls/call-{'ab' * 16}/turns", json={"text": "yes"})
        assert answer.status_code == 404
        assert staff.get(f"/calls/call-{'ab' * 16}").status_code == 200  # staff still read its record
    clinic = replace(DEMO_CONFIG, security=SecurityConfig(http_callers="staff"))
    app = create_app(settings(tmp_path / "staff", clinic=clinic))
    with TestClient(app, headers=STAFF) as staff:
        call_id = staff.post("/calls").json()["call_id"]
        stranger = caller(app, "203.0.113.51")
        assert stranger.post(f"/calls/{call_id}/turns", json={"text": ONE_SHOT}).status_code == 401
        assert staff.post(f"/calls/{call_id}/turns", json={"text": ONE_SHOT}).json()["state"] == "CONFIRM"
