"""Issue 35 item 2: the text lines get the spelling flow too: a caller spells on the console and over HTTP.

A typed turn carries no word probabilities, so the spelling starts where the caller says the name read back is
wrong; the letters are read back one by one and the booking is read back again before its own yes.
"""

import subprocess

from fastapi.testclient import TestClient

from service.app import Settings, create_app
from tests.integration_tests.helpers import ROOT, STAFF, STAFF_TOKEN, quiet_env

TURNS = ["Book me on Tuesday at ten a m, my name is Jamie Pracer", "No, that's not my name.", "F R A S E R", "yes"]


def test_a_caller_spells_their_name_on_the_console():
    done = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "-m", "graph.console", "--db", "memory", "--now", "2026-12-01T09:00-05:00"],
        input="\n".join([*TURNS, "yes"]) + "\n", capture_output=True, text=True, cwd=ROOT, env=quiet_env(),
        timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Could you spell your last name for me?" in out and "F, R, A, S, E, R: is that right?" in out
    assert out.count("book(tuesday, 10:00, Jamie Fraser, 2026-12-08) -> ok") == 1 and "Pracer, 2026" not in out


def test_a_caller_spells_their_name_over_http(tmp_path):
    settings = Settings(staff_token=STAFF_TOKEN, database_url=str(tmp_path / "service.sqlite"),
                        clinic_db=str(tmp_path / "clinic.sqlite"), sleep=lambda s: None)
    with TestClient(create_app(settings), headers=STAFF) as client:
        call = client.post("/calls", json={}).json()["call_id"]
        # The HTTP line has no caller id: the booking asks for a number before its read-back.
        turns = [TURNS[0], "617 555 0123", *TURNS[1:]]
        replies = [client.post(f"/calls/{call}/turns", json={"text": text}).json() for text in turns]
        assert [r["state"] for r in replies] == ["ASK_NAME", "CONFIRM", "ASK_NAME", "ASK_NAME", "CONFIRM"]
        assert "F, R, A, S, E, R: is that right?" in replies[3]["say"] and "Jamie Fraser" in replies[4]["say"]
        assert client.post(f"/calls/{call}/turns", json={"text": "yes"}).json()["tool_calls"] == ["book"]
        view = client.get(f"/calls/{call}").json()
        assert view["slots"]["name"] == "Jamie Fraser" and view["turns"][3]["user"] == "F R A S E R"
