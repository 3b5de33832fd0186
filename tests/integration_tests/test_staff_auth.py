"""Only the clinic's staff get at other calls' data (SPEC 6.4): each test is a stranger's request."""

from __future__ import annotations

import re
import subprocess

import httpx
import pytest
from fastapi.testclient import TestClient

from service.app import Settings, create_app
from tests.integration_tests.helpers import STAFF, STAFF_TOKEN, VENV_BIN, free_port, quiet_env, stop, wait_for

STRANGERS = [{}, {"Authorization": "Bearer wrong-token-wrong-token-wrong"}, {"Authorization": f"Basic {STAFF_TOKEN}"},
             {"Authorization": STAFF_TOKEN}, {"Authorization": f"Bearer {STAFF_TOKEN[:-1]}"}]


@pytest.fixture
def line(tmp_path):
    settings = Settings(database_url=str(tmp_path / "service.sqlite"), clinic_db=str(tmp_path / "clinic.sqlite"),
                        sleep=lambda s: None, staff_token=STAFF_TOKEN)
    with TestClient(create_app(settings), headers=STAFF) as client:  # each stranger's request sets its own
        yield client


def a_call_with_a_callback(client) -> str:
    call = client.post("/calls").json()["call_id"]  # a caller: no token needed to be one
    for text in ("Book me on Tuesday at ten a m, my name is Jamie", "call me back please", "617 555 0123", "yes"):
        client.post(f"/calls/{call}/turns", json={"text": text})
    return call


@pytest.mark.parametrize("headers", STRANGERS)
def test_a_stranger_reads_no_callbacks_and_no_call(line, headers):
    call = a_call_with_a_callback(line)
    assert "+16175550123" in str(line.get("/callbacks", headers=STAFF).json())  # staff see the whole number
    for path in ("/callbacks", f"/calls/{call}"):
        answer = line.get(path, headers={"Authorization": headers.get("Authorization", "")})
        assert answer.status_code == 401 and answer.json() == {"detail": "unauthorized"}
        assert "0123" not in answer.text and "Jamie" not in answer.text


@pytest.mark.parametrize("headers", STRANGERS)
def test_a_stranger_cannot_leave_staff_a_request_to_ring_their_number(line, headers):
    call = line.post("/calls").json()["call_id"]
    line.post(f"/calls/{call}/turns", json={"text": "Book Tuesday at 10, my name is Jamie"})
    line.post(f"/calls/{call}/turns", json={"text": "let me talk to a person"})
    before = line.get("/callbacks", headers=STAFF).json()["callbacks"]
    report = {"answered": False, "caller_number": "+1 212 555 0199"}
    stranger = {"Authorization": headers.get("Authorization", "")}
    refused = line.post(f"/calls/{call}/transfer", json=report, headers=stranger)
    assert refused.status_code == 401
    assert line.get("/callbacks", headers=STAFF).json()["callbacks"] == before


def test_a_failure_plan_needs_staff(line):
    refused = line.post("/calls", json={"plan": {"book": ["taken"]}}, headers={"Authorization": ""})
    assert refused.status_code == 401
    assert line.post("/calls", json={"plan": {"book": ["taken"]}}, headers=STAFF).status_code == 201


def test_the_simulator_needs_the_sign_in_link_or_the_token(line):
    assert line.get("/", headers={"Authorization": ""}).status_code == 401
    assert line.get("/simulator", headers={"Authorization": ""}).status_code == 401
    page = line.get(f"/?token={STAFF_TOKEN}", headers={"Authorization": ""})
    assert page.status_code == 200 and '<script src="/simulator.js">' in page.text
    script = line.get("/simulator.js", headers={"Authorization": ""})  # a script tag sends no token...
    assert script.status_code == 200 and "sessionStorage" in script.text  # ...the script keeps the link's
    assert STAFF_TOKEN not in script.text + page.text + line.get("/simulator.css").text  # and none is in them
    assert line.get("/?token=guess", headers={"Authorization": ""}).status_code == 401
    assert line.get("/simulator").status_code == 200  # the page's own requests carry the header


def test_callers_need_no_token(line):
    call = line.post("/calls", headers={"Authorization": ""})
    assert call.status_code == 201
    turn = line.post(f"/calls/{call.json()['call_id']}/turns", json={"text": "hello"}, headers={"Authorization": ""})
    assert turn.status_code == 200 and turn.json()["state"] == "LISTEN"


def test_a_short_token_is_refused_at_start(tmp_path):
    with pytest.raises(ValueError, match="at least 16 characters"):
        create_app(Settings(database_url=str(tmp_path / "s.sqlite"), clinic_db=str(tmp_path / "c.sqlite"),
                            staff_token="secret"))


def test_a_worker_without_a_token_makes_one_and_prints_the_sign_in_link(tmp_path):
    port = free_port()
    env = quiet_env()
    env.pop("CLINIC_STAFF_TOKEN")
    process = subprocess.Popen(
        [str(VENV_BIN / "python"), "-m", "service", "--port", str(port), "--database-url", str(tmp_path / "s.sqlite"),
         "--clinic-db", str(tmp_path / "c.sqlite")], env=env, stdout=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        wait_for(f"http://127.0.0.1:{port}/health", process)
        assert process.stdout is not None
        link = process.stdout.readline()
        token = re.search(r"/\?token=([\w-]+)", link)
        assert token is not None and f"http://127.0.0.1:{port}/?token=" in link, link
        base = f"http://127.0.0.1:{port}"
        assert httpx.get(f"{base}/callbacks").status_code == 401
        assert httpx.get(f"{base}/callbacks", headers={"Authorization": f"Bearer {token.group(1)}"}).status_code == 200
        assert httpx.get(f"{base}/?token={token.group(1)}").status_code == 200
    finally:
        stop(process)
