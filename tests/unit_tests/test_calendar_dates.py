"""SPEC 6.1: the date a caller asks for reaches the calendar, and what can never be booked is never offered.

The clock is Tuesday 1 December 2026 unless a test says otherwise; the expected dates are worked out by
hand (a calendar on the wall), not by the code under test.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from dialog.profile import ClinicProfile
from voicekit.clinic import ClinicAPI

NY = ZoneInfo("America/New_York")
PHONE = "+16175550123"  # the caller id the line passes, and the number on their bookings
DEC_1 = datetime(2026, 12, 1, 9, 0, tzinfo=NY)  # a Tuesday, 9 am
LONG_HORIZON = ClinicProfile(booking_days_ahead=120)  # March 12 is 101 days after December 1


class Clock:
    """A clock a test can move."""

    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def call(api, *turns, now=DEC_1, profile=None, caller_number=None):
    agent = VoiceAgent(api, sleep=lambda s: None, clock=Clock(now), profile=profile, caller_number=caller_number)
    return agent, [agent.handle(t) for t in turns]


@pytest.mark.parametrize("said, booked_on, weekday", [
    ("March 12th at 10 am", "2027-03-12", "friday"),
    ("next Tuesday at 10 am", "2026-12-08", "tuesday"),
    ("tomorrow at 10 am", "2026-12-02", "wednesday"),
    ("the 14th at 10 am", "2026-12-14", "monday"),
    ("Friday at 10 am", "2026-12-04", "friday"),
    ("Tuesday at 10 am", "2026-12-08", "tuesday"),  # said on a Tuesday: the coming one, not today
    ("December 15th at 10 am", "2026-12-15", "tuesday"),
])
def test_the_date_said_is_the_date_booked(said, booked_on, weekday):
    api = ClinicAPI()
    agent, replies = call(api, f"Book me {said}, my name is Jamie", profile=LONG_HORIZON)
    assert replies[-1]["state"] == "CONFIRM"
    assert agent.slots["date"] == booked_on and agent.slots["day"] == weekday
    assert agent.handle("yes")["state"] == "DONE"
    booked = [(b["date"], b["day"], b["time"], b["name"]) for b in api.bookings]
    assert booked == [(booked_on, weekday, "10:00", "Jamie")]
    find, book = [c for c in api.calls if c[0] in ("find_slots", "book")]
    assert find[1]["date"] == booked_on and book[1] == {"day": weekday, "time": "10:00", "name": "Jamie",
                                                         "date": booked_on}


def test_two_tuesdays_are_two_dates():
    api = ClinicAPI()
    call(api, "Book me next Tuesday at 10 am, my name is Jamie", "yes")
    _, replies = call(api, "Book me on December 15th at 10 am, my name is Sam", "yes")
    assert replies[-1]["state"] == "DONE"  # the 8th's 10 am is taken, the 15th's is not
    _, replies = call(api, "Book me next Tuesday at 10 am, my name is Alex")
    assert replies[-1]["state"] == "ASK_TIME" and "10 am isn't open" in replies[-1]["say"]
    assert sorted((b["date"], b["name"]) for b in api.bookings) == [("2026-12-08", "Jamie"), ("2026-12-15", "Sam")]


def test_the_read_back_names_a_date_the_caller_named():
    _, replies = call(ClinicAPI(), "Book me March 12th at 10 am, my name is Jamie", profile=LONG_HORIZON)
    assert "Friday, March 12 at 10 am" in replies[-1]["say"]


def test_a_holiday_is_never_offered_even_by_a_backend_that_offers_it():
    api = ClinicAPI()  # knows no holidays: the agent's profile does
    profile = ClinicProfile(holidays=("2026-12-25",))
    agent, replies = call(api, "Book me on December 25th at 10 am, my name is Jamie", profile=profile)
    assert replies[-1]["state"] == "ASK_DAY" and "holiday" in replies[-1]["say"]
    assert [c[0] for c in api.calls] == [] and agent.slots["date"] is None
    assert agent.handle("yes")["tool_calls"] == [] and api.bookings == []


def test_a_holiday_in_the_clinic_itself_is_closed():
    api = ClinicAPI(holidays=["2026-12-25"])
    assert api.find_slots("friday", date="2026-12-25") == []
    assert api.find_slots("friday", date="2027-01-01") == ["09:00", "10:00", "11:30", "14:30", "16:00"]


def test_a_time_already_past_today_is_never_offered():
    api = ClinicAPI()
    eleven = datetime(2026, 12, 1, 11, 0, tzinfo=NY)
    agent, replies = call(api, "Book me today at 10 am, my name is Jamie", now=eleven)
    assert replies[-1]["state"] == "ASK_TIME" and "10 am isn't open" in replies[-1]["say"]
    assert "11:30 am" in replies[-1]["say"] and "9 am" not in replies[-1]["say"]
    assert agent.handle("the first one")["state"] == "CONFIRM" and agent.slots["time"] == "11:30"


def test_a_clinic_with_a_clock_refuses_a_past_time_itself():
    api = ClinicAPI(clock=lambda: datetime(2026, 12, 1, 11, 0, tzinfo=NY))
    assert api.find_slots("tuesday", date="2026-12-01") == ["11:30", "14:30", "16:00"]
    with pytest.raises(Exception, match="taken"):
        api.book("tuesday", "10:00", "Jamie", date="2026-12-01")
    assert api.bookings == []


def test_a_day_whose_times_have_all_passed_has_none():
    api = ClinicAPI()
    evening = datetime(2026, 12, 1, 16, 30, tzinfo=NY)
    _, replies = call(api, "Can I come in today?", now=evening)
    assert replies[-1]["state"] == "ASK_DAY" and "no open times" in replies[-1]["say"]


def test_a_time_that_passes_before_the_yes_is_not_booked():
    api = ClinicAPI()
    clock = Clock(datetime(2026, 12, 1, 9, 55, tzinfo=NY))
    agent = VoiceAgent(api, sleep=lambda s: None, clock=clock)
    assert agent.handle("Book me today at 10 am, my name is Jamie")["state"] == "CONFIRM"
    clock.now = datetime(2026, 12, 1, 10, 5, tzinfo=NY)
    reply = agent.handle("yes")
    assert reply["tool_calls"] == ["find_slots"] and api.bookings == []
    assert reply["state"] == "ASK_TIME" and "passed" in reply["say"]


def test_a_date_past_the_horizon_is_never_offered():
    api = ClinicAPI()
    agent, replies = call(api, "Book me on June 1st at 10 am, my name is Jamie")  # 182 days ahead, horizon 90
    assert replies[-1]["state"] == "ASK_DAY" and "90 days" in replies[-1]["say"] and api.calls == []
    _, replies = call(ClinicAPI(), "Book me on March 1st at 10 am, my name is Jamie")  # day 90: still bookable
    assert replies[-1]["state"] == "CONFIRM"


def test_the_default_horizon_is_ninety_days():
    _, replies = call(ClinicAPI(), "Book me on March 12th at 10 am, my name is Jamie")  # day 101
    assert replies[-1]["state"] == "ASK_DAY" and "90 days" in replies[-1]["say"]


def test_a_closed_day_is_never_offered():
    api = ClinicAPI()
    _, replies = call(api, "Book me on Saturday at 10 am, my name is Jamie")
    assert replies[-1]["state"] == "ASK_DAY" and api.bookings == []


class WeekdayOnly:
    """The lab's contract and nothing more: weekdays, no dates."""

    def __init__(self):
        self.calls = []
        self.booked = []

    def find_slots(self, day):
        self.calls.append(("find_slots", {"day": day}, "ok"))
        return ["10:00", "14:30"]

    def book(self, day, time, name):
        self.calls.append(("book", {"day": day, "time": time, "name": name}, "ok"))
        self.booked.append((day, time, name))
        return {"booking_id": "b1", "day": day, "time": time, "name": name}


def test_a_weekday_only_backend_is_called_as_before():
    api = WeekdayOnly()
    _, replies = call(api, "Book me on Friday at 10 am, my name is Jamie", "yes")
    assert replies[-1]["state"] == "DONE"
    assert api.calls == [("find_slots", {"day": "friday"}, "ok"),
                         ("book", {"day": "friday", "time": "10:00", "name": "Jamie"}, "ok")]


@pytest.mark.parametrize("said", ["December 18th", "the 14th", "Wednesday next week", "January 5th"])
def test_a_weekday_only_backend_books_within_the_coming_week_only(said):
    api = WeekdayOnly()
    agent, replies = call(api, f"Book me on {said} at 10 am, my name is Jamie")
    assert replies[-1]["state"] == "ASK_DAY" and "within the next week" in replies[-1]["say"]
    assert api.calls == [] and agent.handle("yes")["tool_calls"] == [] and api.booked == []


def test_a_weekday_only_backend_takes_a_date_its_weekday_names():
    api = WeekdayOnly()
    _, replies = call(api, "Book me on December 4th at 10 am, my name is Jamie", "yes")  # the coming Friday
    assert replies[-1]["state"] == "DONE" and api.booked == [("friday", "10:00", "Jamie")]


def test_the_lab_shapes_stay_as_they_were():
    api = ClinicAPI()
    agent, _ = call(api, "Can I book on Friday", "can I talk to a person")
    assert agent.handoff == {"reason": "user_request", "summary": {"day": "friday", "time": None, "name": None}}


def test_cancel_by_day_tells_two_dates_apart():
    # Both under the caller's number (cancelling is checked against it).
    api = ClinicAPI(bookings=[{"day": "tuesday", "date": "2026-12-08", "time": "10:00", "name": "Jamie",
                               "phone": PHONE},
                              {"day": "tuesday", "date": "2026-12-15", "time": "10:00", "name": "Jamie",
                               "phone": PHONE}])
    agent, replies = call(api, "I need to cancel my appointment", "Jamie", "the Tuesday one at 10 am",
                          caller_number=PHONE)
    assert replies[-1]["state"] == "ASK_DAY" and "Which date" in replies[-1]["say"]
    reply = agent.handle("December 15th")
    assert reply["state"] == "CONFIRM" and "Tuesday, December 15 at 10 am" in reply["say"]
    assert agent.handle("yes")["state"] == "DONE"
    assert [(b["date"], b["time"]) for b in api.bookings] == [("2026-12-08", "10:00")]


def test_the_date_survives_into_a_reschedule():
    api = ClinicAPI(bookings=[{"day": "tuesday", "date": "2026-12-08", "time": "10:00", "name": "Jamie",
                               "phone": PHONE}])
    agent, replies = call(api, "I'd like to reschedule my appointment to December 18th at 2:30 pm, my name is Jamie",
                          caller_number=PHONE)
    assert replies[-1]["state"] == "ASK_DAY"  # which one to move, first
    reply = agent.handle("Tuesday at 10 am")
    assert reply["state"] == "CONFIRM" and "Tuesday, December 8 at 10 am moves to Friday, December 18" in reply["say"]
    assert agent.handle("yes")["state"] == "DONE"
    assert [(b["date"], b["time"]) for b in api.bookings] == [("2026-12-18", "14:30")]


@pytest.mark.parametrize("setting, words", [({"booking_days_ahead": 0}, "booking_days_ahead"),
                                            ({"booking_days_ahead": "90"}, "booking_days_ahead"),
                                            ({"booking_days_ahead": True}, "booking_days_ahead"),
                                            ({"country": "Narnia"}, "country")])
def test_a_profile_that_would_switch_the_date_guard_off_is_refused_with_its_name(setting, words):
    # A horizon the rules cannot use would leave holidays, past times and far dates unguarded: refused at once.
    with pytest.raises(ValueError, match=words):
        ClinicProfile(**setting)
