"""`langgraph dev` serves the graph: a booking over HTTP (create thread, run, resume with "yes")."""

import subprocess

import httpx
import pytest

from tests.integration_tests.helpers import ROOT, VENV_BIN, free_port, quiet_env, stop, wait_for


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    port = free_port()
    with open(tmp_path_factory.mktemp("studio") / "langgraph-dev.log", "w") as log:
        process = subprocess.Popen(
            [str(VENV_BIN / "langgraph"), "dev", "--port", str(port), "--no-browser", "--no-reload"],
            cwd=ROOT, env=quiet_env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            wait_for(f"http://127.0.0.1:{port}/ok", process)
            yield f"http://127.0.0.1:{port}"
        finally:
            stop(process)


def run(client, thread_id, payload):
    answer = client.post(f"/threads/{thread_id}/runs/wait", json={"assistant_id": "clinic_call", **payload})
    answer.raise_for_status()
    return answer.json()


def test_a_booking_over_http(studio):
    with httpx.Client(base_url=studio, timeout=60) as client:
        thread_id = client.post("/threads", json={}).json()["thread_id"]
        first = run(client, thread_id, {"input": {"utterance": "Book me on Tuesday at ten a m, my name is Jamie"}})
        assert first["__interrupt__"][0]["value"]["state"] == "CONFIRM"
        final = run(client, thread_id, {"command": {"resume": "yes"}})
        assert final["dialog_state"] == "DONE" and final["call"]["ended"] == "booked"
        assert final["call"]["result"]["time"] == "10:00"
        state = client.get(f"/threads/{thread_id}/state").json()
        assert state["next"] == [] and state["values"]["dialog_state"] == "DONE"


def test_studio_replays_a_failure_plan_from_the_run_context(studio):
    context = {"plan": {"book": ["taken"]}}
    with httpx.Client(base_url=studio, timeout=60) as client:
        thread_id = client.post("/threads", json={}).json()["thread_id"]
        run(client, thread_id, {"input": {"utterance": "Book me on Tuesday at ten a m, my name is Jamie"},
                                "context": context})
        after_yes = run(client, thread_id, {"command": {"resume": "yes"}, "context": context})
        assert after_yes["__interrupt__"][0]["value"]["state"] == "ASK_TIME"
        assert "10:00" not in after_yes["call"]["offered_times"]
