"""The HTTP call service on one machine (SQLite): the endpoints, their errors, and the OpenAPI schema."""

import pytest
from fastapi.testclient import TestClient

from service.app import Settings, create_app

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


@pytest.fixture
def client(tmp_path):
    settings = Settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                        sleep=lambda s: None)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


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
    assert [t["user"] for t in view["turns"]] == [ONE_SHOT, "yes", "yes"]


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
