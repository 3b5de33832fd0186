"""voicekit.caldav_calendar against a real CalDAV server (Radicale, its own process), checked with a plain client.

What a booking looks like is checked with the caldav library's own search and with raw WebDAV, never with the
class under test. Failures (down, slow, dropped, 5xx) use small loopback servers written here.
"""

from __future__ import annotations

import hashlib
import re
import socket
import threading
import time as clock
import uuid
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from caldav.collection import Calendar
from caldav.davclient import DAVClient
from caldav.lib.http_sync import requests

from tests.radicale_server import dav, free_port, make_calendar, running_radicale
from tools.retry import call_read_tool
from voicekit.caldav_calendar import CalDavCalendar
from voicekit.clinic import ToolError, ToolTimeout
from voicekit.schedule import Schedule

ZONE_NAME = "America/New_York"
ZONE = ZoneInfo(ZONE_NAME)
MONDAY_8AM = datetime(2026, 12, 7, 8, 0)  # the clinic's wall clock; Tuesday is 2026-12-08
HOURS = {d: ("09:00", "12:00") for d in ("monday", "tuesday", "wednesday", "thursday", "friday")}
GRID = ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"]


def schedule(now: datetime = MONDAY_8AM) -> Schedule:
    return Schedule.from_hours(HOURS, 30, holidays=["2026-12-25"], timezone=ZONE_NAME, days_ahead=30,
                               clock=lambda: now)


@pytest.fixture(scope="module")
def radicale(tmp_path_factory):
    with running_radicale(tmp_path_factory.mktemp("radicale")) as base_url:
        yield base_url


@pytest.fixture
def calendar_url(radicale):
    return make_calendar(radicale, f"clinic-{uuid.uuid4().hex[:12]}")


@pytest.fixture
def make_api(calendar_url):
    made = []

    def factory(url=None, now=MONDAY_8AM, **settings):
        api = CalDavCalendar(url or calendar_url, schedule=schedule(now), slot_minutes=30, **settings)
        made.append(api)
        return api

    yield factory
    for api in made:
        api.close()


@pytest.fixture
def api(make_api):
    return make_api()


# -- a plain CalDAV client: what staff (and any calendar app) see ----------------------------------------
def plain_calendar(url: str) -> Calendar:
    return Calendar(client=DAVClient(url=url, enable_rfc6764=False), url=url)


def plain_events(url: str, on: date) -> list:
    start = datetime.combine(on, time(), ZONE)
    found: Any = plain_calendar(url).search(start=start, end=start + timedelta(days=1), event=True, expand=True)
    return [o.icalendar_component for o in found]


def resources(url: str) -> list[str]:
    """The names of every object in the collection, by a raw PROPFIND (events, journals, anything)."""
    status, body = dav(url, "PROPFIND", "", {"Depth": "1"})
    assert status == 207, body
    return sorted(re.findall(r"/([^/<>]+\.ics)</(?:\w+:)?href>", body))


def staff_event(url: str, start: date, end: date, summary: str = "Staff meeting", **extra) -> None:
    plain_calendar(url).add_event(dtstart=start, dtend=end, summary=summary, **extra)


def outcomes(api: CalDavCalendar, tool: str) -> list[str]:
    return [outcome for name, _, outcome in api.calls if name == tool]


# -- 1. booking on a date ----------------------------------------------------------------------------------
def test_a_booking_is_an_event_a_plain_client_sees_at_the_local_time(api, calendar_url):
    name = "Jamie O'Brien, Jr."
    booking = api.book("wednesday", "10:00", name, idempotency_key="k1", date="2026-12-09", phone="+1 555 0123",
                       reason="left knee, swollen; since Monday")

    assert re.fullmatch(r"[A-Z]{2}[0-9]{4}", booking["booking_id"])  # short and speakable: no file name (issue 36)
    assert booking == {"booking_id": booking["booking_id"], "day": "wednesday", "date": "2026-12-09", "time": "10:00",
                       "name": name, "phone": "+1 555 0123", "reason": "left knee, swollen; since Monday"}
    (event,) = plain_events(calendar_url, date(2026, 12, 9))
    assert event.start.astimezone(ZONE) == datetime(2026, 12, 9, 10, 0, tzinfo=ZONE)
    assert event.end - event.start == timedelta(minutes=30)
    assert str(event["SUMMARY"]) == name
    assert "555 0123" in str(event["DESCRIPTION"]) and "left knee, swollen; since Monday" in str(event["DESCRIPTION"])
    assert resources(calendar_url) == ["slot-20261209T1000.ics"]
    status, raw = dav(calendar_url + "slot-20261209T1000.ics", "GET")
    assert status == 200 and "DTSTART;TZID=America/New_York:20261209T100000" in raw
    assert "X-CLINIC-IDEMPOTENCY-KEY:k1" in raw

    assert api.find_slots("wednesday", date="2026-12-09") == [t for t in GRID if t != "10:00"]
    assert api.find_slots("wednesday") == [t for t in GRID if t != "10:00"]  # the coming Wednesday is that date
    assert api.calls[0] == ("book", {"day": "wednesday", "date": "2026-12-09", "time": "10:00", "name": name,
                                     "phone": "[phone ending 0123]"}, "ok")
    assert api.calls[1] == ("find_slots", {"day": "wednesday", "date": "2026-12-09"}, "ok")
    assert "0123" not in str(api.calls[0][1]).replace("[phone ending 0123]", "") and "knee" not in str(api.calls)


def test_the_same_weekday_a_week_later_is_another_slot(api, calendar_url):
    api.book("wednesday", "10:00", "Jamie", date="2026-12-09")
    api.book("wednesday", "10:00", "Sam", date="2026-12-16")
    assert resources(calendar_url) == ["slot-20261209T1000.ics", "slot-20261216T1000.ics"]


# -- 2. replay and taken -------------------------------------------------------------------------------------
def test_the_same_key_is_a_replay_and_another_key_is_taken(api, make_api, calendar_url):
    key = "call,7;a\\b:book:1"  # whatever a key holds comes back from the server as it went
    first = api.book("wednesday", "10:00", "Jamie", idempotency_key=key, date="2026-12-09", phone="5550123")
    assert api.book("wednesday", "10:00", "Jamie", idempotency_key=key, date="2026-12-09", phone="5550123") == first
    assert make_api().book("wednesday", "10:00", "Jamie", idempotency_key=key, date="2026-12-09",
                           phone="5550123") == first  # after a restart too
    assert outcomes(api, "book") == ["ok", "replay"]
    for key in ("k2", None):
        with pytest.raises(ToolError) as refused:
            api.book("wednesday", "10:00", "Sam", idempotency_key=key, date="2026-12-09")
        assert refused.value.code == "taken"
    assert outcomes(api, "book") == ["ok", "replay", "taken", "taken"]
    assert resources(calendar_url) == ["slot-20261209T1000.ics"]
    assert len(plain_events(calendar_url, date(2026, 12, 9))) == 1


def test_one_key_retransmitted_at_once_books_once(make_api, calendar_url):
    apis = [make_api() for _ in range(8)]  # eight workers handling one duplicated "yes"
    start, answers = threading.Barrier(len(apis)), []

    def worker(api):
        start.wait()
        answers.append(api.book("thursday", "09:00", "Jamie", idempotency_key="same", date="2026-12-10"))

    threads = [threading.Thread(target=worker, args=(api,)) for api in apis]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(answers) == 8 and all(a == answers[0] for a in answers)
    assert sorted(o for api in apis for o in outcomes(api, "book")) == ["ok"] + ["replay"] * 7
    assert resources(calendar_url) == ["slot-20261210T0900.ics"]


# -- 3. sixteen callers race for one slot -------------------------------------------------------------------
def test_sixteen_callers_racing_for_one_slot_book_it_once(api, calendar_url):
    start, results, lock = threading.Barrier(16), [], threading.Lock()

    def caller(n):
        start.wait()
        try:
            booking = api.book("thursday", "11:00", f"Caller {n}", idempotency_key=f"key-{n}", date="2026-12-10")
            result = ("ok", booking["name"])
        except ToolError as exc:
            result = (exc.code, None)
        with lock:
            results.append(result)

    threads = [threading.Thread(target=caller, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    assert sorted(code for code, _ in results) == ["ok"] + ["taken"] * 15
    assert sorted(outcomes(api, "book")) == ["ok"] + ["taken"] * 15
    (winner,) = [name for code, name in results if code == "ok"]
    (event,) = plain_events(calendar_url, date(2026, 12, 10))
    assert str(event["SUMMARY"]) == winner
    assert resources(calendar_url) == ["slot-20261210T1100.ics"]


# -- 4. busy time written by someone else --------------------------------------------------------------------
def test_events_staff_put_in_hide_the_slots_they_overlap(api, calendar_url):
    staff_event(calendar_url, datetime(2026, 12, 8, 10, 0, tzinfo=ZONE), datetime(2026, 12, 8, 11, 0, tzinfo=ZONE))
    assert api.find_slots("tuesday", date="2026-12-08") == ["09:00", "09:30", "11:00", "11:30"]
    with pytest.raises(ToolError) as refused:
        api.book("tuesday", "10:30", "Jamie", date="2026-12-08")
    assert refused.value.code == "taken"
    assert not any(name.startswith("slot-") for name in resources(calendar_url))

    # In UTC, 16:15-16:20 is 11:15-11:20 in New York: the 11:00 slot is busy, 11:30 is not.
    staff_event(calendar_url, datetime(2026, 12, 8, 16, 15, tzinfo=ZoneInfo("UTC")),
                datetime(2026, 12, 8, 16, 20, tzinfo=ZoneInfo("UTC")), "Phone call")
    assert api.find_slots("tuesday", date="2026-12-08") == ["09:00", "09:30", "11:30"]


def test_all_day_recurring_and_free_events(api, calendar_url):
    staff_event(calendar_url, date(2026, 12, 10), date(2026, 12, 11), "Training day")
    staff_event(calendar_url, datetime(2026, 12, 7, 9, 0, tzinfo=ZONE), datetime(2026, 12, 7, 9, 30, tzinfo=ZONE),
                "Daily huddle", rrule={"FREQ": "DAILY"})
    staff_event(calendar_url, datetime(2026, 12, 9, 11, 0, tzinfo=ZONE), datetime(2026, 12, 9, 12, 0, tzinfo=ZONE),
                "Maybe lunch", transp="TRANSPARENT")
    assert api.find_slots("thursday", date="2026-12-10") == []
    assert api.find_slots("wednesday", date="2026-12-09") == GRID[1:]  # the huddle recurs; a free event blocks nothing
    assert api.find_slots("friday", date="2026-12-11") == GRID[1:]


# -- 5. schedule rules ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("now", "day", "on", "expected"), [
    (datetime(2026, 12, 21, 8, 0), "friday", "2026-12-25", []),  # a holiday
    (MONDAY_8AM, "saturday", "2026-12-12", []),  # closed
    (datetime(2026, 12, 7, 10, 10), "monday", "2026-12-07", ["10:30", "11:00", "11:30"]),  # later today only
    (MONDAY_8AM, "thursday", "2027-01-07", []),  # 31 days ahead: beyond the 30-day horizon
    (MONDAY_8AM, "monday", "2026-11-30", []),  # past
])
def test_schedule_rules_are_refused_without_writing(make_api, calendar_url, now, day, on, expected):
    api = make_api(now=now)
    assert api.find_slots(day, date=on) == expected
    with pytest.raises(ToolError) as refused:
        api.book(day, "10:00", "Jamie", idempotency_key="k", date=on)
    assert refused.value.code == "taken"
    assert outcomes(api, "book") == ["taken"]
    assert resources(calendar_url) == []


# -- 6. cancel -------------------------------------------------------------------------------------------------
def test_cancel_reopens_the_slot_and_a_replayed_cancel_gives_the_first_answer(api, make_api, calendar_url):
    booking = api.book("wednesday", "10:00", "Jamie", idempotency_key="b1", date="2026-12-09", reason="flu")
    answer = api.cancel(booking["booking_id"], idempotency_key="c1")

    # The cancel record keeps the key and the outcome only: no name, no reason, no phone (issue 36).
    assert answer == {"booking_id": booking["booking_id"], "day": "wednesday", "date": "2026-12-09", "time": "10:00",
                      "cancelled": True}
    tombstone = dav(calendar_url + f"cancelled-{hashlib.sha256(b'c1').hexdigest()[:32]}.ics", "GET")[1]
    assert "Jamie" not in tombstone and "flu" not in tombstone
    assert [name for name in resources(calendar_url) if name.startswith("cancelled-")] == [
        f"cancelled-{hashlib.sha256(b'c1').hexdigest()[:32]}.ics"]
    assert api.find_slots("wednesday", date="2026-12-09") == GRID
    assert plain_events(calendar_url, date(2026, 12, 9)) == []  # the tombstone is no event, no busy time
    assert api.cancel(booking["booking_id"], idempotency_key="c1") == answer
    restarted = make_api()
    assert restarted.cancel(booking["booking_id"], idempotency_key="c1") == answer
    assert outcomes(api, "cancel") == ["ok", "replay"] and outcomes(restarted, "cancel") == ["replay"]
    assert api.calls[1] == ("cancel", {"booking_id": booking["booking_id"]}, "ok")

    for booking_id, key in ((booking["booking_id"], None), (booking["booking_id"], "c2"), ("slot-20261210T0900", "c3"),
                            ("nonsense", None), ("slot-20261399T2500", None)):
        with pytest.raises(ToolError) as refused:
            api.cancel(booking_id, idempotency_key=key)
        assert refused.value.code == "not_found"


def test_a_replayed_cancel_never_cancels_the_next_booking_of_that_slot(api, make_api, calendar_url):
    first = api.book("wednesday", "10:00", "Jamie", date="2026-12-09")
    answer = api.cancel(first["booking_id"], idempotency_key="c1")
    api.book("wednesday", "10:00", "Sam", idempotency_key="b2", date="2026-12-09")
    assert make_api().cancel(first["booking_id"], idempotency_key="c1") == answer
    (event,) = plain_events(calendar_url, date(2026, 12, 9))
    assert str(event["SUMMARY"]) == "Sam"


def test_cancel_deletes_only_what_it_read(api, calendar_url):
    booking = api.book("wednesday", "10:00", "Jamie", date="2026-12-09")
    url = calendar_url + "slot-20261209T1000.ics"
    send = api._client.request

    def staff_edit_before_the_delete(target, method="GET", body="", headers=None, *args):
        if method == "DELETE":  # staff move the note in their app between our GET and our DELETE
            status, raw = dav(url, "GET")
            assert dav(url, "PUT", raw.replace("SUMMARY:Jamie", "SUMMARY:Jamie (bring X-ray)"),
                       {"Content-Type": "text/calendar"})[0] in (201, 204)
        return send(target, method, body, headers, *args)

    api._client.request = staff_edit_before_the_delete
    with pytest.raises(ToolError) as refused:
        api.cancel(booking["booking_id"])
    assert refused.value.code == "error" and "changed" in str(refused.value)
    (event,) = plain_events(calendar_url, date(2026, 12, 9))
    assert str(event["SUMMARY"]) == "Jamie (bring X-ray)"


def test_a_restart_after_the_tombstone_finishes_the_cancel(api, make_api, calendar_url):
    booking = api.book("wednesday", "10:00", "Jamie", date="2026-12-09")
    send = api._client.request

    def lose_the_delete(target, method="GET", body="", headers=None, *args):
        if method == "DELETE":
            raise requests.exceptions.ReadTimeout("the process died here")
        return send(target, method, body, headers, *args)

    api._client.request = lose_the_delete
    with pytest.raises(ToolTimeout):
        api.cancel(booking["booking_id"], idempotency_key="c1")
    assert outcomes(api, "cancel") == ["timeout"]
    assert len(plain_events(calendar_url, date(2026, 12, 9))) == 1  # the DELETE never went out

    restarted = make_api()
    assert restarted.cancel(booking["booking_id"], idempotency_key="c1") == {
        **{k: booking[k] for k in ("booking_id", "day", "date", "time")}, "cancelled": True}
    assert plain_events(calendar_url, date(2026, 12, 9)) == []
    assert restarted.find_slots("wednesday", date="2026-12-09") == GRID


# -- 7. find_bookings ----------------------------------------------------------------------------------------
def test_find_bookings_by_name_day_and_date(api, make_api, calendar_url):
    later = api.book("wednesday", "10:00", "Jamie", date="2026-12-16")
    soon = api.book("wednesday", "11:00", "Jamie", date="2026-12-09", phone="5550123")
    thursday = api.book("thursday", "09:00", "JAMIE", date="2026-12-10")
    api.book("wednesday", "09:00", "Sam", date="2026-12-09")
    gone = api.book("friday", "09:00", "Jamie", date="2026-12-11")
    api.cancel(gone["booking_id"])
    staff_event(calendar_url, datetime(2026, 12, 11, 11, 0, tzinfo=ZONE), datetime(2026, 12, 11, 11, 30, tzinfo=ZONE),
                "Jamie")  # someone's own note, not a booking

    assert api.find_bookings("jamie") == [soon, thursday, later]
    assert api.find_bookings("Jamie", day="wednesday") == [soon, later]
    assert api.find_bookings("Jamie", date="2026-12-16") == [later]
    assert api.find_bookings("Jamie", day="wednesday", date="2026-12-09") == [soon]
    assert api.find_bookings("Alex") == []
    assert api.calls[-3] == ("find_bookings", {"name": "Jamie", "day": "wednesday", "date": "2026-12-16"}, "ok")
    assert make_api(now=datetime(2026, 12, 10, 8, 0)).find_bookings("Jamie") == [thursday, later]  # past ones go


# -- 8. a server that is down --------------------------------------------------------------------------------
def test_a_server_that_is_down_times_out_reads_are_retried_and_writes_are_not(make_api):
    api = make_api(url=f"http://127.0.0.1:{free_port()}/clinic/appointments/", timeout=0.5)
    with pytest.raises(ToolTimeout, match="could not reach"):
        api.find_slots("tuesday")
    sleeps: list[float] = []
    with pytest.raises(ToolTimeout):
        call_read_tool(api.find_slots, "tuesday", sleep=sleeps.append, max_retries=2, backoff=(0.5, 1.0))
    assert sleeps == [0.5, 1.0]
    assert outcomes(api, "find_slots") == ["timeout"] * 4  # the first call, then three through the retry policy
    with pytest.raises(ToolTimeout):
        api.book("tuesday", "10:00", "Jamie", idempotency_key="k")
    with pytest.raises(ToolTimeout):
        api.cancel("slot-20261208T1000", idempotency_key="c")
    assert outcomes(api, "book") == ["timeout"] and outcomes(api, "cancel") == ["timeout"]


class ScriptedServer:
    """A loopback HTTP server that answers per method, and records the method of every request it read.

    Replies: "empty" (an empty 207 multistatus), "500", "drop" (close without answering), "hang" (never answer).
    """

    EMPTY = b'<?xml version="1.0"?><multistatus xmlns="DAV:"></multistatus>'

    def __init__(self, replies: dict[str, str]):
        self.replies, self.stopped = replies, threading.Event()
        self.requests: list[str] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/clinic/appointments/"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.stopped.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn):
        with conn, conn.makefile("rb") as stream:
            while (line := stream.readline()).strip():
                headers = {}
                while (header := stream.readline().decode()).strip():
                    name, _, value = header.partition(":")
                    headers[name.strip().lower()] = value.strip()
                stream.read(int(headers.get("content-length", 0)))
                method = line.decode().split()[0]
                self.requests.append(method)
                reply = self.replies.get(method, "hang")
                if reply == "drop":
                    return
                if reply == "hang":
                    self.stopped.wait(30)
                    return
                status, body = ("207 Multi-Status", self.EMPTY) if reply == "empty" else ("500 Oops", b"")
                conn.sendall(f"HTTP/1.1 {status}\r\nContent-Type: text/xml\r\nContent-Length: {len(body)}\r\n\r\n"
                             .encode() + body)

    def close(self):
        self.stopped.set()
        self.sock.close()


@pytest.fixture
def scripted():
    servers = []

    def start(**replies):
        servers.append(ScriptedServer(replies))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


@pytest.mark.parametrize("put", ["drop", "hang", "500"])
def test_a_write_that_gets_no_answer_is_sent_once(make_api, scripted, put):
    server = scripted(REPORT="empty", PUT=put)
    api = make_api(url=server.url, timeout=0.5)
    assert api.find_slots("tuesday") == GRID  # the server answers reads
    with pytest.raises(ToolTimeout, match="not sent again"):
        api.book("tuesday", "10:00", "Jamie", idempotency_key="k")
    assert server.requests == ["REPORT", "REPORT", "PUT"]  # one write reached the network, once
    assert outcomes(api, "book") == ["timeout"]


def test_a_failing_server_times_reads_out(make_api, scripted):
    api = make_api(url=scripted(REPORT="500").url, timeout=0.5)
    with pytest.raises(ToolTimeout, match="500"):
        api.find_slots("tuesday")


# -- 9. a slow server ----------------------------------------------------------------------------------------
def test_a_server_that_never_answers_times_out_in_about_the_timeout(make_api, scripted):
    server = scripted()  # accepts, reads, never answers
    api = make_api(url=server.url, timeout=0.5)
    started = clock.monotonic()
    with pytest.raises(ToolTimeout, match="within 0.5 s"):
        api.find_slots("tuesday")
    assert clock.monotonic() - started < 5
    started = clock.monotonic()
    with pytest.raises(ToolTimeout):
        api.book("tuesday", "10:00", "Jamie", idempotency_key="k")
    assert clock.monotonic() - started < 5
    assert server.requests == ["REPORT", "REPORT"]  # book's read timed out: nothing written, nothing repeated


# -- the calendar's address and credentials ------------------------------------------------------------------
def test_a_missing_calendar_names_the_url(make_api, radicale):
    api = make_api(url=radicale + "nobody/nothing/")
    with pytest.raises(ToolError, match=r"no calendar at .*nobody/nothing/ \(404\)") as refused:
        api.find_slots("tuesday")
    assert refused.value.code == "error"


def test_credentials_are_used_and_a_refusal_names_them(tmp_path):
    with running_radicale(tmp_path, users={"clinic": "s3cret"}) as base_url:
        url = make_calendar(base_url, "clinic", auth=("clinic", "s3cret"))
        good = CalDavCalendar(url, schedule=schedule(), slot_minutes=30, username="clinic", password="s3cret")
        assert good.book("tuesday", "10:00", "Jamie")["time"] == "10:00"
        bad = CalDavCalendar(url, schedule=schedule(), slot_minutes=30, username="clinic", password="wrong")
        with pytest.raises(ToolError, match="401.*username and password") as refused:
            bad.find_slots("tuesday")
        assert refused.value.code == "error" and "wrong" not in str(refused.value)
        good.close()
        bad.close()


def test_construction_checks_its_settings_and_does_no_io():
    started = clock.monotonic()
    CalDavCalendar(f"http://127.0.0.1:{free_port()}/x/y", schedule=schedule(), slot_minutes=30).close()
    assert clock.monotonic() - started < 1
    for url in ("cal.example.org/clinic/", "ftp://cal.example.org/", "", None):
        with pytest.raises(ValueError, match="calendar collection's address"):
            CalDavCalendar(url, schedule=schedule(), slot_minutes=30)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="slot_minutes"):
        CalDavCalendar("http://127.0.0.1/x/", schedule=schedule(), slot_minutes=0)
    with pytest.raises(ValueError, match="username and password"):
        CalDavCalendar("http://127.0.0.1/x/", schedule=schedule(), slot_minutes=30, username="clinic")


# -- 10. bad arguments ---------------------------------------------------------------------------------------
def test_bad_dates_and_values_are_value_errors_that_say_what_is_expected(api, calendar_url):
    with pytest.raises(ValueError, match="2026-12-09 is a wednesday, not a tuesday"):
        api.find_slots("tuesday", date="2026-12-09")
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        api.find_slots("tuesday", date="12/08/2026")
    with pytest.raises(ValueError, match="not a tuesday"):
        api.book("tuesday", "10:00", "Jamie", date="2026-12-09")
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        api.book("tuesday", "10:00", "Jamie", date="2026-13-01")
    with pytest.raises(ValueError, match="HH:MM"):
        api.book("tuesday", "10am", "Jamie")
    with pytest.raises(ValueError, match="weekday name"):
        api.find_slots("funday")
    with pytest.raises(ValueError, match="not a thursday"):
        api.find_bookings("Jamie", day="thursday", date="2026-12-09")
    with pytest.raises(ValueError, match="phone"):
        api.book("tuesday", "10:00", "Jamie", phone="call me")
    assert api.calls == [] and resources(calendar_url) == []


# -- issue 36: a booking staff moved in their calendar app -----------------------------------------------------
def test_a_booking_staff_moved_is_found_at_its_new_time_and_frees_the_old_one(api, calendar_url):
    booking = api.book("wednesday", "10:00", "Jamie", idempotency_key="m1", date="2026-12-09")
    url = calendar_url + "slot-20261209T1000.ics"
    status, raw = dav(url, "GET")
    assert status == 200
    moved = raw.replace("20261209T100000", "20261209T143000").replace("20261209T103000", "20261209T150000")
    assert dav(url, "PUT", moved, {"Content-Type": "text/calendar"})[0] in (201, 204)  # staff drag it to 2:30 pm
    found = api.find_bookings("Jamie")
    assert [(b["booking_id"], b["time"]) for b in found] == [(booking["booking_id"], "14:30")]
    slots = api.find_slots("wednesday", date="2026-12-09")
    assert "10:00" in slots and "14:30" not in slots
    again = api.book("wednesday", "10:00", "Sam", idempotency_key="m2", date="2026-12-09")
    assert again["time"] == "10:00" and again["booking_id"] != booking["booking_id"]
    assert api.cancel(booking["booking_id"], idempotency_key="m3")["time"] == "14:30"
    assert [b["name"] for b in api.find_bookings("Sam")] == ["Sam"] and api.find_bookings("Jamie") == []


def test_the_retention_purge_deletes_old_cancel_records_and_keeps_appointments(api, calendar_url):
    kept = api.book("wednesday", "11:00", "Sam", idempotency_key="r1", date="2026-12-09")
    gone = api.book("wednesday", "10:00", "Jamie", idempotency_key="r2", date="2026-12-09", reason="flu")
    api.cancel(gone["booking_id"], idempotency_key="r3")
    assert api.purge_records(clock.time() - 3600) == 0  # nothing is that old yet
    assert any(name.startswith("cancelled-") for name in resources(calendar_url))
    assert api.purge_records(clock.time() + 60) == 1
    assert resources(calendar_url) == ["slot-20261209T1100.ics"]  # the appointment is the clinic's: it stays
    assert [b["booking_id"] for b in api.find_bookings("Sam")] == [kept["booking_id"]]
