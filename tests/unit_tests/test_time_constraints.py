"""Issue 30, item 4: time constraints are answered with the open times that fit.

"After 3", "in the afternoon", "before noon", "the earliest you have", "as soon as possible" are no times: the
agent offers the open times that fit (and the next day that has one when the day has none).

The clock is Tuesday 1 December 2026, 8 am unless a test says otherwise; the dates are worked out by hand.
The demo clinic's weekdays are open at 9 am, 10 am, 11:30 am, 2:30 pm and 4 pm unless a test gives another schedule.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from dialog.profile import ClinicProfile
from voicekit.clinic import ClinicAPI

NY = ZoneInfo("America/New_York")
TUESDAY_8AM = datetime(2026, 12, 1, 8, 0, tzinfo=NY)
DAY_TIMES = ["9 am", "10 am", "11:30 am", "2:30 pm", "4 pm"]


def call(*turns, schedule=None, now=TUESDAY_8AM, profile=None):
    api = ClinicAPI(schedule=schedule)
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: now, profile=profile)
    return agent, api, [agent.handle(t) for t in turns]


def offered(say):
    """The day's times named in what the agent said."""
    return [t for t in DAY_TIMES if t in say]


def booked(api):
    return [(args["day"], args.get("date"), args["time"]) for tool, args, outcome in api.calls
            if tool == "book" and outcome == "ok"]


@pytest.mark.parametrize("said, fitting", [
    ("What do you have after 3?", ["4 pm"]),
    ("anything in the afternoon", ["2:30 pm", "4 pm"]),
    ("before noon", ["9 am", "10 am", "11:30 am"]),
    ("something in the morning", ["9 am", "10 am", "11:30 am"]),
    ("around 11", ["10 am", "11:30 am"]),
    ("the earliest you have", ["9 am"]),
    ("the latest you have", ["4 pm"]),
])
def test_a_constraint_is_answered_with_the_open_times_that_fit(said, fitting):
    agent, api, replies = call("I'd like to book on Wednesday", said)
    reply = replies[1]
    assert reply["state"] == "ASK_TIME" and agent.slots["time"] is None
    assert "isn't open" not in reply["say"] and "didn't catch" not in reply["say"]
    assert offered(reply["say"]) == fitting


def test_after_3_is_never_3_pm_not_open_and_a_yes_takes_the_one_that_fits():
    agent, api, replies = call("I'd like to book on Wednesday", "What do you have after 3?", "yes", "Jamie", "yes")
    assert "3 pm isn't open" not in replies[1]["say"]
    assert [r["state"] for r in replies[2:]] == ["ASK_NAME", "CONFIRM", "DONE"]
    assert booked(api) == [("wednesday", "2026-12-02", "16:00")]


def test_a_choice_among_the_times_that_fit_picks_from_them():
    agent, api, replies = call("I'd like to book on Wednesday", "anything in the afternoon", "the second one")
    assert replies[2]["state"] == "ASK_NAME" and agent.slots["time"] == "16:00"


def test_around_an_open_time_takes_it():
    agent, api, replies = call("I'd like to book on Wednesday", "around 10")
    assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == "10:00"


def test_the_picks_of_spec_5_2_still_pick_from_the_times_offered():
    for said, time in (("the earliest", "09:00"), ("first available", "09:00"), ("the latest", "16:00")):
        agent, api, replies = call("I'd like to book on Wednesday", said)
        assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == time, said


def test_nothing_that_fits_on_the_day_offers_the_next_day_that_has_one():
    schedule = {"tuesday": ["09:00", "10:00"], "wednesday": ["09:00", "16:00"]}
    # Said on Monday 7 December: Tuesday is December 8, Wednesday December 9.
    monday = datetime(2026, 12, 7, 8, 0, tzinfo=NY)
    agent, api, replies = call("Book me on Tuesday after 3", "yes", "Jamie", "yes", schedule=schedule, now=monday)
    assert "Nothing after 3 pm on Tuesday; Wednesday has 4 pm." in replies[0]["say"]
    assert replies[0]["state"] == "ASK_TIME" and agent.slots["day"] == "wednesday"
    assert [r["state"] for r in replies[1:]] == ["ASK_NAME", "CONFIRM", "DONE"]
    assert booked(api) == [("wednesday", "2026-12-09", "16:00")]


def test_nothing_that_fits_all_week_says_so_and_offers_the_day():
    # A clinic open in the evening (its hours) whose evenings are all taken: said, and the day's times offered.
    late = ClinicProfile(hours=dict.fromkeys(("monday", "tuesday", "wednesday", "thursday", "friday"),
                                             ("08:30", "20:00")))
    agent, api, replies = call("I'd like to book on Wednesday", "anything in the evening?", profile=late)
    assert replies[1]["state"] == "ASK_TIME" and agent.slots["day"] == "wednesday"
    assert "didn't catch" not in replies[1]["say"] and offered(replies[1]["say"]) == DAY_TIMES


def test_an_evening_at_a_clinic_closed_then_says_when_it_closes_and_puts_the_latest_time():
    # Issue 38 (4): the same at a clinic that closes at 5 pm: no week of evenings looked up, the latest time asked.
    agent, api, replies = call("I'd like to book on Wednesday", "anything in the evening?", "yes")
    assert "We close at 5 pm on Wednesdays, so there's nothing in the evening" in replies[1]["say"]
    assert replies[1]["say"].endswith("Would you like 4 pm?") and [c[0] for c in api.calls] == ["find_slots"] * 2
    assert replies[2]["state"] == "ASK_NAME" and agent.slots["time"] == "16:00"


def test_a_constraint_said_before_the_day_applies_to_it():
    agent, api, replies = call("I'd like to book", "anything after 3", "Wednesday")
    assert replies[1]["state"] == "ASK_DAY" and "didn't catch" not in replies[1]["say"]
    assert replies[2]["state"] == "ASK_TIME" and offered(replies[2]["say"]) == ["4 pm"]


@pytest.mark.parametrize("said", ["the earliest you have", "as soon as possible", "first available please"])
def test_the_earliest_before_any_day_asks_the_calendar_from_today(said):
    agent, api, replies = call("I'd like to book", said, "yes", "Jamie", "yes")
    assert replies[1]["state"] == "ASK_TIME" and "9 am" in replies[1]["say"]
    assert agent.slots["day"] == "tuesday" and agent.slots["date"] == "2026-12-01"  # today, 9 am is still ahead
    assert booked(api) == [("tuesday", "2026-12-01", "09:00")]


def test_as_soon_as_possible_in_the_request_itself():
    agent, api, replies = call("I need an appointment as soon as possible", "yes")
    assert replies[0]["state"] == "ASK_TIME" and agent.slots["date"] == "2026-12-01"
    assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == "09:00"


def test_the_earliest_skips_times_already_past_and_holidays():
    evening = datetime(2026, 12, 1, 17, 0, tzinfo=NY)  # Tuesday's times are all past
    profile = ClinicProfile(holidays=("2026-12-02",))  # and Wednesday is a holiday
    agent, api, replies = call("I'd like to book", "as soon as possible", now=evening, profile=profile)
    assert replies[1]["state"] == "ASK_TIME"
    assert agent.slots["day"] == "thursday" and agent.slots["date"] == "2026-12-03"
    assert all(args.get("date") != "2026-12-02" for tool, args, _ in api.calls)  # a holiday is never asked about


def test_the_earliest_beyond_the_booking_horizon_is_not_offered():
    profile = ClinicProfile(booking_days_ahead=2)
    schedule = {day: [] for day in ("monday", "tuesday", "wednesday", "thursday")}  # Friday is 4 days away
    agent, api, replies = call("I'd like to book", "as soon as possible", schedule=schedule, profile=profile)
    assert replies[1]["state"] == "ASK_DAY" and agent.slots["day"] is None
    assert "didn't catch" not in replies[1]["say"]


def test_a_constraint_at_the_read_back_changes_the_time_only_after_it_is_read_back_again():
    agent, api, replies = call("Book me Wednesday at 10 am, my name is Jamie", "actually, anything after 3?", "yes",
                               "yes")
    assert [r["state"] for r in replies] == ["CONFIRM", "ASK_TIME", "CONFIRM", "DONE"]
    assert "4 pm" in replies[2]["say"] and booked(api) == [("wednesday", "2026-12-02", "16:00")]


def test_the_keypad_picks_among_the_times_that_fit():
    agent, api, replies = call("I'd like to book on Wednesday", "anything in the afternoon", "[DTMF] 2")
    assert replies[2]["state"] == "ASK_NAME" and agent.slots["time"] == "16:00"


def test_as_soon_as_possible_without_a_clock_asks_for_the_day():
    def broken_clock():
        raise RuntimeError("the clock is down")

    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=broken_clock)
    reply = agent.handle("I need an appointment as soon as possible")
    assert reply["state"] == "ASK_DAY" and reply["tool_calls"] == []


def test_as_soon_as_possible_on_a_backend_without_dates_asks_only_about_the_coming_week():
    from tests.conftest import LookAlikeClinic

    api = LookAlikeClinic()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: TUESDAY_8AM)
    reply = agent.handle("I need an appointment as soon as possible")
    # Today (Tuesday) is not bookable on a backend that takes weekdays only: "Tuesday" would mean next week.
    assert reply["state"] == "ASK_TIME" and agent.slots["day"] == "wednesday" and "9 am" in reply["say"]
    assert [args["day"] for tool, args, _ in api.calls] == ["wednesday"]


def test_after_a_time_includes_that_time_on_the_next_day_too():
    # SGD's callers asking "anything after four pm?" booked 4 pm: "after" takes the time itself.
    schedule = {"tuesday": ["09:00"], "wednesday": ["16:00"]}
    monday = datetime(2026, 12, 7, 8, 0, tzinfo=NY)
    agent, api, replies = call("Book me on Tuesday, anything after 4 pm?", schedule=schedule, now=monday)
    assert "Nothing after 4 pm on Tuesday; Wednesday has 4 pm." in replies[0]["say"]
