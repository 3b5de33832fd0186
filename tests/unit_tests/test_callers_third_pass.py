"""Issue 38 (real callers, third pass): the dialog rules behind the scenarios, each at its edge.

The scenarios (evals/scenarios/line/real_*.json) play the issue's examples; these pin what they do not:
where a rule stops, and the counter-examples a receptionist would not trip on.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

FRIDAY = datetime(2026, 12, 4, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def call(*turns, api=None):
    api = api or ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: FRIDAY)
    return agent, api, [agent.handle(t) for t in turns]


def test_a_time_the_calendar_has_times_around_is_taken_not_a_closed_clinic():
    # The profile's hours end at 5 pm, but this calendar has 5:30 and 6 pm: 5 pm is only taken, and the closest
    # time is told, never put to the caller (a "yes" meant for something else must never take a time).
    schedule = {day: ["09:00", "17:30", "18:00"] for day in ("monday", "tuesday", "wednesday", "thursday", "friday")}
    agent, _, replies = call("Book me on Tuesday at 5 pm", "yes", api=ClinicAPI(schedule=schedule))
    assert "isn't open" in replies[0]["say"] and "close at" not in replies[0]["say"]
    assert agent.slots["time"] is None and replies[1]["state"] != "ASK_NAME"


def test_a_time_said_without_am_or_pm_takes_the_half_of_the_day_the_call_has():
    agent, _, _ = call("Book me on Friday at 7 pm", "7:00")
    assert agent.slots["time"] is None  # still 7 pm, still closed: never 7 am
    offered = ClinicAPI(schedule={"tuesday": ["09:00", "19:00"]})  # an evening clinic: 7 pm offered, not 7 am
    agent, _, replies = call("Book me on Tuesday", "7:00", api=offered)
    assert agent.slots["time"] == "19:00" and replies[1]["state"] == "ASK_NAME"
    both = ClinicAPI(schedule={"tuesday": ["07:00", "19:00"]})
    agent, _, _ = call("Book me on Tuesday", "7 in the morning", api=both)
    assert agent.slots["time"] == "07:00"


def test_a_greeting_is_never_a_name_at_any_question():
    for greeting in ("Howdy", "Hiya", "Yo", "Hey there"):
        agent, _, replies = call(greeting)
        assert agent.slots["name"] is None and replies[0]["state"] == "LISTEN", greeting
        agent, _, replies = call("Book me on Tuesday at 10 am", greeting)
        assert agent.slots["name"] is None and replies[1]["state"] == "ASK_NAME", greeting


def test_a_surname_added_is_the_whole_name_and_a_pick_chooses_between_two():
    agent, _, replies = call("Book me on Tuesday at 10 am", "Rob", "Rob Robertson")
    assert agent.slots["name"] == "Rob Robertson" and replies[-1]["state"] == "CONFIRM"
    agent, _, replies = call("Book me on Tuesday at 10 am, my name is Robertson", "Rob", "the second one")
    assert "Robertson or Rob?" in replies[1]["say"]
    assert agent.slots["name"] == "Rob" and replies[-1]["state"] == "CONFIRM"
    agent, _, replies = call("Book me on Tuesday at 10 am", "Sam", "no, it's Alex")
    assert agent.slots["name"] == "Alex"  # another name is a correction, as before


def test_a_weekday_that_is_neither_of_the_dates_offered_is_asked_again():
    agent, _, replies = call("I'd like to book", "the 10th or the 11th", "Monday")
    assert replies[-1]["state"] == "ASK_TIME" and agent.slots["date"] == "2026-12-07"  # a new day, as said


def test_a_past_date_without_a_year_this_month_is_refused_and_a_no_asks_the_day():
    agent, api, replies = call("I'd like to book", "December 10th 2025", "no")
    assert "December 10, twenty twenty-five has already passed" in replies[1]["say"]
    assert replies[2]["say"].endswith("Which day would you like to come in?") and agent.slots["day"] is None
    assert [c[0] for c in api.calls] == []  # a past date is never asked of the calendar


def test_numbers_as_callers_say_them_are_taken_whole():
    from voicekit.privacy import take_phone_number

    assert take_phone_number("Oh, 617 555 0123")[1] == "6175550123"  # "Oh," is no zero
    assert take_phone_number("oh two oh, seven nine four six, oh nine five eight")[1] == "02079460958"
    assert take_phone_number("617 555 0123, 10 am please") == ("[phone ending 0123], 10 am please", "6175550123")
    assert take_phone_number("it's 617 555 01... sorry, 617 555 0124")[1] == "6175550124"  # corrected: the last
    assert take_phone_number("six one seven... five five five... oh one two three")[1] == "6175550123"


def test_an_extension_is_read_back_and_reaches_staff_with_the_request():
    saturday = datetime(2026, 12, 5, 20, 0, tzinfo=ZoneInfo("America/New_York"))
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: saturday)
    for turn in ("can someone call me back?", "Jamie", "it's 617-555-0123 extension 45"):
        reply = agent.handle(turn)
    assert reply["state"] == "CONFIRM" and "extension 4 5" in reply["say"]
    agent.handle("yes")
    (request,) = api.callbacks
    assert request["phone"] == "+16175550123" and request["summary"]["extension"] == "45"


def test_digits_said_unasked_that_are_no_phone_number_stay_masked_and_unkept():
    agent, api, replies = call("Book me on Tuesday", "my member ID is 4471 2290 5531", "10 am, my name is Jamie")
    assert "card or ID numbers" in replies[1]["say"] and agent.slots["name"] == "Jamie"
    assert "4471" not in agent.heard and all("4471" not in str(c) for c in api.calls)
