"""SPEC 5.2: calendar and relative dates, resolved with the injected clock; the read-back names the date."""

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI
from voicekit.nlu import analyse

TODAY = date(2026, 3, 10)  # a Tuesday


@pytest.mark.parametrize("said, expected", [
    ("March 3rd", "2027-03-03"),             # already past this year: next year's
    ("March 12th", "2026-03-12"), ("march 12", "2026-03-12"), ("the 12th of March", "2026-03-12"),
    ("12 March", "2026-03-12"), ("on the 14th", "2026-03-14"), ("the 2nd", "2026-04-02"),
    ("On the 11th of this month", "2026-03-11"), ("on the 2nd of next month", "2026-04-02"),
    ("12/3", "2026-12-03"), ("3/16", "2026-03-16"),
    ("today", "2026-03-10"), ("tomorrow", "2026-03-11"), ("the day after tomorrow", "2026-03-12"),
    ("next Thursday", "2026-03-12"), ("this Saturday", "2026-03-14"), ("Thursday next week", "2026-03-19"),
    ("can I come in on March 6th at 10", "2027-03-06"), ("April 1st in the morning", "2026-04-01"),
])
def test_dates_resolve_with_the_clock(said, expected):
    heard = analyse(said, today=TODAY)
    assert heard.date == expected
    assert heard.day == date.fromisoformat(expected).strftime("%A").lower()


@pytest.mark.parametrize("said, hhmm", [("March 12 at 10", "10:00"), ("on the 14th at 3", "15:00"),
                                        ("12/3 at 2:30", "14:30"), ("March 3", None), ("the 14th", None)])
def test_a_day_of_the_month_is_not_a_time(said, hhmm):
    assert analyse(said, today=TODAY).time == hhmm


def test_a_weekday_alone_names_no_date():
    heard = analyse("Tuesday", today=TODAY)
    assert heard.day == "tuesday" and heard.date is None


def test_without_a_clock_a_date_still_gives_no_wrong_day():
    heard = analyse("on the 14th")
    assert heard.date is None and heard.day is None


def clocked_call(*turns):
    now = datetime(2026, 3, 10, 9, 0, tzinfo=ZoneInfo("America/New_York"))
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: now)
    return agent, api, [agent.handle(t) for t in turns]


def test_a_date_is_booked_on_its_weekday_and_read_back_with_the_date():
    agent, api, replies = clocked_call("Can I book the 12th of March at 9 am, my name is Jamie", "yes")
    assert replies[0]["state"] == "CONFIRM" and "Thursday, March 12" in replies[0]["say"]
    assert replies[1]["tool_calls"] == ["book"] and "Thursday, March 12" in replies[1]["say"]
    assert [(b["day"], b["time"]) for b in api.bookings] == [("thursday", "09:00")]


def test_changing_to_a_weekday_drops_the_old_date():
    agent, _, replies = clocked_call("Can I book the 12th of March at 9 am, my name is Jamie", "no, make it Friday")
    assert replies[1]["state"] == "CONFIRM" and "March 12" not in replies[1]["say"] and "Friday" in replies[1]["say"]


def test_a_clinics_line_reads_a_weekday_back_with_its_date():
    # Issue 38 (2): the weekday cross-checks the date, on every read-back of a line with its own clock. Said on a
    # Tuesday, "Tuesday" is next week's, and the caller hears which.
    _, api, replies = clocked_call("Book me on Tuesday at ten a m, my name is Jamie", "yes")
    assert "on Tuesday, March 17 at 10 am" in replies[0]["say"] and "Tuesday, March 17" in replies[1]["say"]
    assert [b["date"] for b in api.bookings] == ["2026-03-17"]


def test_the_lab_read_back_is_unchanged_for_weekdays():
    # The lab contract's VoiceAgent(api, sleep) has no clock of its own: a weekday said alone is read back alone.
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    reply = agent.handle("Book me on Tuesday at ten a m, my name is Jamie")
    assert "on Tuesday at 10 am" in reply["say"]


@pytest.mark.parametrize("turn", ["the day after tomorrow", "day after tomorrow please",
                                  "can I come day after tomorrow?"])
def test_the_day_after_tomorrow_with_only_todays_weekday_known(turn):
    assert analyse(turn, today="friday").day == "sunday"
    assert analyse("tomorrow", today="friday").day == "saturday"
