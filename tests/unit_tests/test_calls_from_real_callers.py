"""Whole calls from real callers (SPEC 5.2-5.4): the issue's observed failures and the SGD dialogs, as behaviour.

What the parser alone must answer for these callers is in ``voicekit/nlu/examples`` (test_parser_examples.py);
here the agent takes the turns, and the states, replies and bookings are checked.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI


def call(*turns, api=None):
    api = api or ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    replies = [agent.handle(t) for t in turns]
    return agent, api, replies


def test_a_time_before_any_day_is_kept_and_checked_once_the_day_is_known():
    agent, api, replies = call("I'd like an appointment at 1:30 in the afternoon")
    assert replies[0]["state"] == "ASK_DAY" and "isn't open" not in replies[0]["say"]
    assert agent.slots["time"] == "13:30"
    reply = agent.handle("Tuesday")  # 13:30 is not open on Tuesdays: said with the day, then the offer
    assert reply["state"] == "ASK_TIME" and "1:30 pm isn't open on Tuesday" in reply["say"]
    agent, api, replies = call("I'd like an appointment at 2:30 in the afternoon", "Tuesday", "Jamie")
    assert [r["state"] for r in replies] == ["ASK_DAY", "ASK_NAME", "CONFIRM"]


@pytest.mark.parametrize("pick, hhmm", [("the first one", "09:00"), ("first available", "09:00"),
                                        ("the earliest", "09:00"), ("the second one", "10:00"),
                                        ("option 3", "11:30"), ("the last one", "16:00")])
def test_picking_from_the_times_offered(pick, hhmm):
    agent, _, replies = call("I'd like to book on Tuesday", pick)
    assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == hhmm


@pytest.mark.parametrize("said, name", [("Sam Smith", "Sam Smith"), ("J A M I E", "Jamie"), ("Jamie Lee Curtis",
                                        "Jamie Lee Curtis"), ("Monday Smith", "Monday Smith"), ("o'brien", "O'Brien")])
def test_a_bare_name_at_ask_name_is_the_whole_name(said, name):
    agent, _, replies = call("I'd like to book on Tuesday at ten a m", said)
    assert replies[1]["state"] == "CONFIRM" and agent.slots["name"] == name
    assert agent.slots["day"] == "tuesday"  # "Monday Smith" is a name, not a new day


def test_seeing_someone_about_a_knee_is_a_booking_not_a_request_for_a_person():
    agent, _, replies = call("I need to see someone about my knee on Tuesday")
    assert replies[0]["state"] == "ASK_TIME" and agent.handoff is None


def test_hello_twice_is_not_a_hand_off():
    agent, _, replies = call("Hello?", "Hello?")
    assert [r["state"] for r in replies] == ["LISTEN", "LISTEN"] and agent.handoff is None


@pytest.mark.parametrize("said", [
    "I have chest pains", "my chest hurts", "shortness of breath", "call an ambulance", "I want to die",
    "she stopped breathing", "my husband collapsed", "I've been stabbed", "my child swallowed bleach",
    "I took too many pills", "I'm having trouble breathing", "he is bleeding a lot", "I think it's an overdose",
    "my son swallowed poison", "I can't breathe", "my wife passed out and won't wake up",
])
def test_emergencies_in_any_phrasing_hand_off_at_once(said):
    agent, _, replies = call(said)
    assert replies[0]["state"] == "HANDOFF" and agent.handoff["reason"] == "user_request"
    assert "911" in replies[0]["say"]


@pytest.mark.parametrize("said", ["I want to die", "I've been thinking about suicide", "I want to kill myself"])
def test_thoughts_of_suicide_get_the_crisis_line_too(said):
    _, _, replies = call(said)
    assert "988" in replies[0]["say"] and "911" in replies[0]["say"]


def test_no_chest_pain_is_not_an_emergency():
    agent, _, replies = call("no chest pain, just a check-up on Tuesday")
    assert replies[0]["state"] == "ASK_TIME" and agent.handoff is None


def test_a_time_not_open_is_tried_again_on_the_next_day_named_without_a_time():
    api = ClinicAPI(schedule={"tuesday": ["09:00", "10:00"], "wednesday": ["11:30", "14:30"]})
    agent = VoiceAgent(api, sleep=lambda s: None)
    reply = agent.handle("Book me on Tuesday at 11:30, my name is Jamie")
    assert reply["state"] == "ASK_TIME" and "11:30" in reply["say"]  # not open on Tuesday: said so
    reply = agent.handle("what about Wednesday then")
    assert reply["state"] == "CONFIRM" and "Wednesday" in reply["say"] and "11:30 am" in reply["say"]


def test_a_new_time_or_a_plain_no_forgets_the_time_that_was_not_open():
    api = ClinicAPI(schedule={"tuesday": ["09:00", "10:00"], "wednesday": ["09:00", "11:30"]})
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle("Book me on Tuesday at 11:30, my name is Jamie")
    agent.handle("ten then")  # a new time, open on Tuesday
    agent.handle("no")  # a plain no to the read-back: the time goes, and 11:30 is not brought back
    assert agent.handle("Wednesday")["state"] == "ASK_TIME"


def test_the_closest_open_time_is_told_and_naming_it_takes_it():
    api = ClinicAPI(schedule={"tuesday": ["09:00", "16:30", "17:30"]})
    agent = VoiceAgent(api, sleep=lambda s: None)
    reply = agent.handle("Book me on Tuesday at 4:45 pm, my name is Jamie")
    assert reply["state"] == "ASK_TIME" and "4:45 pm" in reply["say"] and "closest open time is 4:30 pm" in reply["say"]
    reply = agent.handle("4:30 then")
    assert reply["state"] == "CONFIRM" and "4:30 pm" in reply["say"]


def test_a_bare_yes_after_a_time_that_is_not_open_picks_nothing():
    api = ClinicAPI(schedule={"tuesday": ["09:00", "16:30"]})
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle("Book me on Tuesday at 4:45 pm, my name is Jamie")
    reply = agent.handle("yes")
    assert reply["state"] == "ASK_TIME" and agent.slots["time"] is None and api.bookings == []


def test_of_two_as_near_the_earlier_is_told():
    api = ClinicAPI(schedule={"tuesday": ["10:00", "11:00"]})
    agent = VoiceAgent(api, sleep=lambda s: None)
    assert "closest open time is 10 am" in agent.handle("Book me on Tuesday at 10:30, my name is Jamie")["say"]


PLACES = ["Please look in Fremont.", "I need one in San Carlos.", "In Mountain View", "Near Mountain View.",
          "Find me something in Morgan Hill, please."]
NO_ANSWER_HERE = ["Can they do cosmetic services?", "Do you take my insurance?", "What is their rating?",
                  "Does this dentist do cosmetic dentistry?"]


@pytest.mark.parametrize(("turn", "answer"), [(t, "Harbour Street") for t in PLACES]
                         + [(t, "staff") for t in NO_ANSWER_HERE])
def test_a_place_elsewhere_or_a_question_the_line_cannot_answer_is_answered_and_the_call_goes_on(turn, answer):
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book")
    reply = agent.handle(turn)
    assert reply["state"] == "ASK_DAY" and answer in reply["say"]  # where the clinic is / who can answer
    assert agent.handle("hmm")["state"] == "ASK_DAY"  # it was understood: one miss does not hand off


@pytest.mark.parametrize("turn", ["I need a dentist in Fairfield", "I'd like an appointment in Fremont"])
def test_a_booking_request_with_a_place_is_still_a_booking_request(turn):
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    assert agent.handle(turn)["state"] == "ASK_DAY" and agent.slots["task"] == "book"


def test_changing_the_appointment_while_booking_changes_this_booking():
    agent = VoiceAgent(ClinicAPI(schedule={"tuesday": ["15:00", "17:00"]}), sleep=lambda s: None)
    agent.handle("Book me on Tuesday at 3 pm")
    reply = agent.handle("Change the appointment to five pm")
    slots = {k: v for k, v in agent.slots.items() if k != "date"}  # the date is the coming Tuesday's (test_dates)
    assert reply["state"] == "ASK_NAME" and slots == {"task": "book", "day": "tuesday", "time": "17:00", "name": None}


@pytest.mark.parametrize("thanks", ["Thanks.", "Thank you so much.", "thank you", "I appreciate it.",
                                    "Thanks a lot!", "I really appreciate your assistance."])
def test_thanks_mid_call_is_answered_and_the_question_asked_again_not_counted_as_not_understood(thanks):
    agent, api, replies = call("I'd like to book on Tuesday", thanks, thanks, thanks)
    assert [r["state"] for r in replies] == ["ASK_TIME"] * 4  # three in a row and still no hand-off
    assert all("welcome" in r["say"].lower() and "Which time suits you?" in r["say"] for r in replies[1:])
    assert agent.handle("ten a m")["state"] == "ASK_NAME" and api.bookings == []


@pytest.mark.parametrize("turn", ["I think I changed my mind. Can you look for one in San Jose?",
                                  "Never mind that. Could you tell me where the office is?",
                                  "That's all. Do you have their phone number?"])
def test_a_stop_phrase_followed_by_a_question_keeps_the_call_going(turn):
    agent, api, replies = call("I'd like to book an appointment", turn)
    assert replies[-1]["state"] == "ASK_DAY" and "Harbour Street" in replies[-1]["say"]


@pytest.mark.parametrize("turn", ["I changed my mind.", "Never mind, goodbye.", "That's all, thanks.",
                                  "Forget it, just hang up. Can you?"])
def test_a_stop_without_a_question_for_the_line_still_ends_the_call(turn):
    agent, api, replies = call("I'd like to book an appointment", turn)
    assert replies[-1]["state"] == "DONE" and api.bookings == []


def test_thanks_alone_on_the_way_out_is_no_no_but_still_ends_the_call():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    assert agent.handle("Thanks for your help.")["state"] == "DONE"


def test_changing_the_appointment_is_a_no_that_carries_the_value_and_still_reaches_rescheduling():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    assert agent.handle("I need to change my appointment")["state"] == "ASK_NAME"  # whose, first (SPEC 7.6)
    assert agent.slots["task"] == "reschedule"


def test_a_numbered_choice_is_no_question_for_their_number():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    reply = agent.handle("the number 3 please")
    assert reply["state"] == "ASK_NAME" and agent.slots["time"] == "11:30"


def test_the_callers_own_phone_number_is_an_answer_not_a_question_for_ours():
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle("call me back please")
    agent.handle("Jamie")
    reply = agent.handle("my phone number is 617 555 0123")
    assert reply["state"] == "CONFIRM" and "Harbour Street" not in reply["say"]
    assert agent.handle("yes")["state"] == "DONE" and [c["phone"] for c in api.callbacks] == ["+16175550123"]


def test_finding_one_somewhere_else_is_answered_with_where_the_clinic_is():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book")
    reply = agent.handle("Can you find me one in Palo Alto?")
    assert reply["state"] == "ASK_DAY" and "Harbour Street" in reply["say"]


@pytest.mark.parametrize("said", ["okay, what time do you close on Tuesday?", "Cool, what are your hours?",
                                  "Sure, and what time do you open?"])
def test_an_hours_question_after_a_yes_word_is_answered_mid_booking(said):
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    reply = agent.handle(said)
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == []
    assert "8:30 am to 5 pm" in reply["say"] and "Which time suits you?" in reply["say"]  # the hours, then the question
