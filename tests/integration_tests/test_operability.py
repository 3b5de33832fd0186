"""What an operator needs: readiness, metrics, a log line per turn without caller words, bounded storage."""

from __future__ import annotations

import json
import logging
import os
import shutil

import pytest
from fastapi.testclient import TestClient

from service.app import Settings, create_app
from tests.integration_tests.helpers import STAFF, STAFF_TOKEN

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie, my number is 617 555 0123"  # no caller id: a number


@pytest.fixture
def paths(tmp_path):
    return {"database_url": str(tmp_path / "service.sqlite"), "clinic_db": str(tmp_path / "clinic.sqlite")}


@pytest.fixture
def line(paths):
    with TestClient(create_app(Settings(**paths, sleep=lambda s: None, staff_token=STAFF_TOKEN)),
                    headers=STAFF) as client:
        yield client


def call(client, *turns):
    call_id = client.post("/calls").json()["call_id"]
    return call_id, [client.post(f"/calls/{call_id}/turns", json={"text": t}).json() for t in turns]


def test_health_checks_the_stores(line, paths):
    assert line.get("/health").json() == {"ok": True, "failed": [], "paused": False}
    os.remove(paths["clinic_db"])
    os.mkdir(paths["clinic_db"])  # the clinic's file is gone: no booking can be made
    try:
        answer = line.get("/health")
        assert answer.status_code == 503 and answer.json() == {"ok": False, "failed": ["calendar"], "paused": False}
    finally:
        shutil.rmtree(paths["clinic_db"])


def metric(text: str, name: str, **labels: str) -> float:
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith(f"{name}{{{wanted}}}" if labels else f"{name} "):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_metrics_count_turns_writes_hand_offs_and_failures(line):
    before = line.get("/metrics").text
    call(line, ONE_SHOT, "yes")
    call(line, "Can I book on Friday", "can I talk to a person")
    timed_out = line.post("/calls", json={"plan": {"find_slots": ["timeout", "ok"]}}).json()["call_id"]
    line.post(f"/calls/{timed_out}/turns", json={"text": "I'd like to book an appointment for Tuesday"})
    after = line.get("/metrics").text
    grew = {name: metric(after, name, **labels) - metric(before, name, **labels) for name, labels in [
        ("clinic_turns_total", {"state": "DONE"}), ("clinic_writes_total", {"tool": "book", "outcome": "ok"}),
        ("clinic_handoffs_total", {"reason": "user_request"}),
        ("clinic_tool_failures_total", {"tool": "find_slots", "outcome": "timeout"}),
        ("clinic_turn_seconds_count", {})]}
    assert grew == {"clinic_turns_total": 1, "clinic_writes_total": 1, "clinic_handoffs_total": 1,
                    "clinic_tool_failures_total": 1, "clinic_turn_seconds_count": 5}


def test_metrics_are_for_staff(line):
    assert line.get("/metrics", headers={"Authorization": ""}).status_code == 401


def test_one_log_line_a_turn_and_no_caller_words_in_it(line, caplog):
    with caplog.at_level(logging.INFO, logger="service.turns"):
        call_id, _ = call(line, "please call me back, my name is Jamie Lee", "617 555 0123", "yes")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "service.turns"]
    assert [row["call"] for row in lines] == [call_id] * 3
    assert lines[-1]["tools"] == ["request_callback:ok"] and lines[-1]["state"] == "DONE"
    everything = caplog.text + json.dumps(lines)
    for words in ("Jamie", "Lee", "0123", "617", "call me back"):
        assert words not in everything


def test_an_ended_call_keeps_only_the_start_of_what_is_sent_to_it(line):
    call_id, replies = call(line, ONE_SHOT, "yes")
    assert replies[-1]["state"] == "DONE"
    for _ in range(12):  # twelve 1.9 MB turns grew the files by 106 MB
        again = line.post(f"/calls/{call_id}/turns", json={"text": "a" * 1_900_000}).json()
        assert again["state"] == "DONE" and again["tool_calls"] == [] and again["say"] == replies[-1]["say"]
    turns = line.get(f"/calls/{call_id}").json()["turns"]
    assert len(turns) == 14 and all(len(t["user"]) < 300 for t in turns[2:])
    assert turns[-1]["user"].endswith("[1899800 more characters not kept]")


def test_a_calls_history_keeps_so_many_turns(line, monkeypatch):
    import service.store

    monkeypatch.setattr(service.store, "MAX_TURNS", 5)
    call_id, _ = call(line, *["hello"] * 9)
    assert len(line.get(f"/calls/{call_id}").json()["turns"]) == 5


def test_a_hand_off_is_counted_once_however_the_call_goes_on(line):
    before = line.get("/metrics").text
    call_id, _ = call(line, "Book Tuesday at 10, my name is Jamie", "let me talk to a person", "hello?", "hello?")
    report = {"answered": False, "caller_number": "+1 617 555 0123"}
    line.post(f"/calls/{call_id}/transfer", json=report)
    line.post(f"/calls/{call_id}/turns", json={"text": "no thanks"})  # the callback question ends in HANDOFF
    after = line.get("/metrics").text
    grew = metric(after, "clinic_handoffs_total", reason="user_request") - metric(before, "clinic_handoffs_total",
                                                                                  reason="user_request")
    assert grew == 1
