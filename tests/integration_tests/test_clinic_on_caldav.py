"""A real clinic's line end to end: a configuration file, a CalDAV calendar (a real Radicale), dates.

The dates expected are worked out by hand: the clock is Tuesday 1 December 2026, 9 am in New York.
"""

from __future__ import annotations

import subprocess
import uuid
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

from agent import VoiceAgent
from dialog.config_file import load_config
from tests.integration_tests.helpers import STAFF, VENV_BIN, free_port, quiet_env, stop, wait_for
from tests.radicale_server import dav, make_calendar, running_radicale

DEC_1 = datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo("America/New_York"))
CLINIC = """
[clinic]
name = "Harbour Dental"
address = "3 Quay Lane, Riverside"
phone = "+1 617 555 0100"
country = "US"
timezone = "America/New_York"
emergency_number = "911"
crisis_line = "988"
transfer_number = "+1 617 555 0199"

[hours]
monday = ["08:30", "17:00"]
tuesday = ["08:30", "17:00"]
wednesday = ["08:30", "17:00"]
thursday = ["08:30", "17:00"]
friday = ["08:30", "12:00"]
saturday = "closed"
sunday = "closed"

[booking]
slot_minutes = 30
days_ahead = 120
holidays = ["2026-12-25"]

[calendar]
kind = "caldav"
url = "{url}"
"""


@pytest.fixture(scope="module")
def radicale(tmp_path_factory):
    with running_radicale(tmp_path_factory.mktemp("radicale")) as base_url:
        yield base_url


@pytest.fixture
def clinic_file(radicale, tmp_path):
    url = make_calendar(radicale, f"clinic-{uuid.uuid4().hex[:8]}")
    path = tmp_path / "clinic.toml"
    path.write_text(CLINIC.format(url=url))
    return path, url


def slot_event(url: str, stamp: str) -> str:
    """The booking's resource as a plain WebDAV client sees it (no CalDAV library, not the code under test)."""
    status, body = dav(f"{url}slot-{stamp}.ics", "GET")
    assert status == 200, f"no event slot-{stamp}.ics on the calendar ({status})"
    return body


@pytest.mark.parametrize("said, stamp, local_start", [
    ("March 12th at 10 am", "20270312T1000", "DTSTART;TZID=America/New_York:20270312T100000"),
    ("next Tuesday at 10 am", "20261208T1000", "DTSTART;TZID=America/New_York:20261208T100000"),
    ("tomorrow at 10 am", "20261202T1000", "DTSTART;TZID=America/New_York:20261202T100000"),
    ("the 14th at 10 am", "20261214T1000", "DTSTART;TZID=America/New_York:20261214T100000"),
])
def test_the_date_said_is_booked_in_the_clinic_calendar(clinic_file, said, stamp, local_start):
    path, url = clinic_file
    config = load_config(path)
    api = config.open_calendar(clock=lambda: DEC_1)
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: DEC_1, profile=config.profile)
    assert agent.handle(f"Book me {said}, my name is Jamie Lee")["state"] == "CONFIRM"
    assert agent.handle("yes")["state"] == "DONE"
    event = slot_event(url, stamp)
    assert local_start in event and "Jamie Lee" in event
    again = VoiceAgent(config.open_calendar(clock=lambda: DEC_1), sleep=lambda s: None, clock=lambda: DEC_1,
                       profile=config.profile)
    reply = again.handle(f"Book me {said}, my name is Sam")
    assert reply["state"] == "ASK_TIME" and "10 am isn't open" in reply["say"]  # the calendar has it now


def test_a_holiday_and_a_closed_afternoon_are_never_booked_in_the_calendar(clinic_file):
    path, url = clinic_file
    config = load_config(path)
    agent = VoiceAgent(config.open_calendar(clock=lambda: DEC_1), sleep=lambda s: None, clock=lambda: DEC_1,
                       profile=config.profile)
    assert agent.handle("Book me on December 25th at 10 am, my name is Jamie")["state"] == "ASK_DAY"
    reply = agent.handle("Friday December 4th at 3 pm then")  # Friday closes at noon
    # Issue 38 (4): a clinic closed at that hour says so, and puts the nearest open time to the caller
    assert reply["state"] == "ASK_TIME" and "We close at noon on Fridays, so 3 pm isn't possible" in reply["say"]
    status, listing = dav(url, "PROPFIND", headers={"Depth": "1"})
    assert status == 207 and ".ics" not in listing  # nothing was written


def start_worker(tmp_path: Path, env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen(
        [str(VENV_BIN / "python"), "-m", "service", "--port", str(port), "--database-url",
         str(tmp_path / "service.sqlite"), "--clinic-db", str(tmp_path / "clinic.sqlite")],
        env=quiet_env() | env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    return process, f"http://127.0.0.1:{port}"


def test_make_serve_with_a_clinic_file_books_into_its_calendar(clinic_file, tmp_path):
    path, url = clinic_file
    process, base = start_worker(tmp_path, {"CLINIC_CONFIG": str(path),
                                            "SERVICE_CLOCK": "2026-12-01T09:00:00-05:00"})
    try:
        wait_for(f"{base}/health", process)
        with httpx.Client(base_url=base, timeout=30, headers=STAFF) as client:
            call = client.post("/calls").json()["call_id"]

            def say(text: str) -> dict:
                return client.post(f"/calls/{call}/turns", json={"text": text}).json()

            assert "3 Quay Lane" in say("where are you?")["say"]
            hours = say("what are your hours?")["say"]
            assert "Monday to Thursday, 8:30 am to 5 pm; Friday, 8:30 am to noon." in hours
            assert "Friday, December 25" in hours
            # The HTTP line has no caller id: the booking carries the number the caller gives (issue 38 item 11).
            assert say("Book me on March 12th at 10 am, my name is Jamie, my number is 617 555 0123")["state"] == \
                "CONFIRM"
            done = say("yes")
            assert done["state"] == "DONE" and done["tool_calls"] == ["book"]
            record = client.get(f"/calls/{call}").json()
            assert record["slots"]["date"] == "2027-03-12"
            assert [c["args"].get("date") for c in record["turns"][-1]["calls"]] == ["2027-03-12"]
            refused = client.post("/calls", json={"plan": {"book": ["taken"]}})
            assert refused.status_code == 422 and "demo" in refused.json()["detail"]
        assert "DTSTART;TZID=America/New_York:20270312T100000" in slot_event(url, "20270312T1000")
    finally:
        stop(process)


def test_a_bad_clinic_file_is_refused_at_start(tmp_path):
    bad = tmp_path / "clinic.toml"
    bad.write_text(CLINIC.format(url="http://127.0.0.1:1/x/").replace('timezone = "America/New_York"',
                                                                      'timezone = "Mars/Olympus"'))
    process, _ = start_worker(tmp_path, {"CLINIC_CONFIG": str(bad)})
    try:
        _, err = process.communicate(timeout=60)
    finally:
        stop(process)
    assert process.returncode != 0 and b"clinic.timezone" in err and b"Mars/Olympus" in err
