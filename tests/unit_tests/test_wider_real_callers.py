"""Rules learned from more real callers (SGD's therapist and salon dialogs, training data).

Each rule is tested with the turns that must keep their meaning beside it, so a rule that overreaches fails too.
"""

from datetime import date

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI
from voicekit.nlu import analyse, parse

FRIDAY_1_MARCH_2019 = date(2019, 3, 1)


def heard(turn: str):
    return analyse(turn, today=FRIDAY_1_MARCH_2019)


def at_confirm() -> tuple[VoiceAgent, ClinicAPI]:
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    assert agent.handle("Book me on Tuesday at ten a m, my name is Jamie")["state"] == "CONFIRM"
    return agent, api


@pytest.mark.parametrize("turn", ["I need a psychologist.", "Can you find me a psychiatrist in Napa?",
                                  "I'm looking for a family counselor", "I want to see a chiropractor",
                                  "I need to find someone in Santa Rosa.", "Is there anyone you can recommend in Napa?",
                                  "What about a Psychiatrist?"])
def test_any_kind_of_clinician_asked_for_is_a_booking_request(turn):
    assert parse(turn)["intent"] == "book"


def test_finding_someone_is_no_request_for_staff_but_talking_to_someone_is():
    assert parse("Someone in Petaluma.")["intent"] != "human"
    assert parse("I want to talk to someone at the office")["intent"] == "human"


@pytest.mark.parametrize("turn", ["What is his address?", "What is her number?", "Hmm. what street are they on?",
                                  "Where is she?", "Which city is it located in?", "What's their rating and location?",
                                  "Will you tell me their street address?"])
def test_asking_where_they_are_or_how_to_reach_them_is_an_address_question(turn):
    assert parse(turn)["intent"] == "hours" and analyse(turn).act == "address"


@pytest.mark.parametrize("turn", ["my address is 5 Main Street", "I need the dentist to be in San Ramon."])
def test_giving_an_address_or_a_place_is_no_question(turn):
    assert parse(turn)["intent"] != "hours"


@pytest.mark.parametrize("turn", ["Can you find another therapist?", "Are there any alternatives?",
                                  "What other options are there?", "Anything else around?",
                                  "Will you give me the name of another therapist in the area?",
                                  "Were those the only psychologists you could find?", "Yes try that instead",
                                  "I would rather see a male psychiatrist in Fremont.",
                                  "Thank you, but please look for a unisex one"])
def test_asking_for_another_one_is_a_no(turn):
    assert parse(turn)["intent"] == "no"


@pytest.mark.parametrize(("turn", "intent"), [("I'd like another appointment", "book"),
                                              ("Do they have other services?", "unknown"),
                                              ("Is there anything else you need from me?", "unknown"),
                                              ("Okay, no problem.", "yes")])
def test_other_and_no_words_that_ask_for_nothing_else(turn, intent):
    assert parse(turn)["intent"] == intent


@pytest.mark.parametrize("turn", ["That should work.", "That could work.", "This is perfect.", "Sounds very good.",
                                  "It's perfect for me", "That would be awesome.", "I agree, that's a good option.",
                                  "That sounds like a plan", "Wonderful. Their phone number?", "I think so",
                                  "Thank you for your help, I will choose this dentist."])
def test_an_acceptance_said_as_a_judgement_is_a_yes(turn):
    assert parse(turn)["intent"] == "yes" and analyse(turn).act != "stop"


@pytest.mark.parametrize(("turn", "intent"), [("Would that work?", "unknown"), ("Is it fine?", "unknown"),
                                              ("It would be nice of you to find me a dentist.", "book"),
                                              ("It would be nice if you found me someone else.", "no"),
                                              ("She sounds like a nice lady. What's her phone number?", "hours"),
                                              ("A psychologist would be fine.", "unknown"),
                                              ("I'm available on the 12th of March, see if that works", "inform")])
def test_questions_wishes_and_wants_are_no_acceptance(turn, intent):
    assert heard(turn).intent == intent


@pytest.mark.parametrize(("turn", "day", "time"), [("March 10th sounds right.", "sunday", None),
                                                   ("3 pm sounds like a good appointment time.", None, "15:00"),
                                                   ("At five pm will be okay.", None, "17:00")])
def test_a_value_said_before_the_judgement_proposes_it(turn, day, time):
    said = heard(turn)
    assert (said.intent, said.day, said.time) == ("inform", day, time)


def test_a_proposed_value_at_the_read_back_is_a_correction_not_a_yes():
    agent, api = at_confirm()
    reply = agent.handle("2:30 pm sounds good")
    assert reply["state"] == "CONFIRM" and "2:30 pm" in reply["say"] and api.bookings == []


@pytest.mark.parametrize(("turn", "intent"), [("How about an appointment on Saturday?", "inform"),
                                              ("The appointment is for the 11th of March.", "inform"),
                                              ("I'm free on the 9th of March", "inform"),
                                              ("I would like to visit the salon on the 7th.", "inform"),
                                              ("Is the 9th free?", "book"), ("Is 2:45 pm open?", "book"),
                                              ("I'd like to visit a doctor on Sunday", "book"),
                                              ("Are you open on Saturday?", "hours")])
def test_values_proposed_or_asked_about(turn, intent):
    assert heard(turn).intent == intent  # dates are read with today's date known


def test_thanks_alone_on_the_way_out_is_no_no_but_still_ends_the_call():
    said = heard("Thank you for your help.")
    assert (said.intent, said.act) == ("unknown", "stop")
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    assert agent.handle("Thanks for your help.")["state"] == "DONE"


@pytest.mark.parametrize("turn", ["Thanks, that will do it.", "That's it, thank you", "Thanks that's it for now",
                                  "I'm all good, thank you", "Thank you. That's all I need for today.",
                                  "I think you've covered everything. Thank you for the assistance."])
def test_more_ways_of_ending_the_call(turn):
    said = heard(turn)
    assert (said.intent, said.act, said.day) == ("no", "stop", None)


@pytest.mark.parametrize("turn", ["That's it.", "All good.", "Yes, that's it."])
def test_that_s_it_alone_agrees(turn):
    assert parse(turn)["intent"] == "yes" and analyse(turn).act != "stop"


def test_that_s_it_at_the_read_back_is_asked_again_and_books_nothing_until_a_plain_yes():
    agent, api = at_confirm()
    reply = agent.handle("That's it.")
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.handle("yes")["state"] == "DONE" and [b["time"] for b in api.bookings] == ["10:00"]


@pytest.mark.parametrize(("turn", "day", "iso"), [("Not today, thank you.", None, None),
                                                  ("Not today. Make it next Thursday.", "thursday", "2019-03-07"),
                                                  ("no no i am not free on tomorrow book it on next friday", "friday",
                                                   "2019-03-08")])
def test_a_negated_today_or_tomorrow_is_not_taken(turn, day, iso):
    said = heard(turn)
    assert (said.day, said.date) == (day, iso)


@pytest.mark.parametrize("turn", ["I'm after a therapist in Gilroy.", "This is kind of urgent, so I'd like to see him.",
                                  "it's for March 13th.", "No, sorry. the dentist's name is Pineda Lady F",
                                  "Thank you. It is much appreciated."])
def test_states_dates_and_others_names_are_not_the_callers_name(turn):
    assert parse(turn)["name"] is None


@pytest.mark.parametrize(("turn", "name"), [("Hi, I'm Sam", "Sam"), ("my name is sam", "Sam"),
                                            ("the name is Omar", "Omar"), ("i'm jamie", "Jamie")])
def test_the_callers_own_name_still_comes_through(turn, name):
    assert parse(turn)["name"] == name


@pytest.mark.parametrize("turn", ["Yes, please book one.", "Yes make one please", "how about some one else"])
def test_one_as_a_thing_is_not_one_o_clock(turn):
    assert parse(turn)["time"] is None


def test_changing_the_appointment_is_a_no_that_carries_the_value_and_still_reaches_rescheduling():
    said = heard("Can you change the appointment to the 14th?")
    assert (said.intent, said.day, said.reschedule) == ("no", "thursday", True)
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    assert agent.handle("I need to change my appointment")["state"] == "ASK_DAY"
    assert agent.slots["task"] == "reschedule"


def test_a_numbered_choice_is_no_question_for_their_number():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("I'd like to book on Tuesday")
    reply = agent.handle("the number 3 please")
    assert reply["state"] == "ASK_NAME" and agent.slots["time"] == "11:30"
    assert parse("What is her number?")["intent"] == "hours"


def test_the_callers_own_phone_number_is_an_answer_not_a_question_for_ours():
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle("call me back please")
    agent.handle("Jamie")
    reply = agent.handle("my phone number is 617 555 0123")
    assert reply["state"] == "CONFIRM" and "Harbour Street" not in reply["say"]
    assert agent.handle("yes")["state"] == "DONE" and [c["phone"] for c in api.callbacks] == ["+16175550123"]
    assert parse("my address is 5 Main Street")["intent"] != "hours"
    assert parse("your phone number?")["intent"] == "hours"


@pytest.mark.parametrize(("turn", "intent", "act"), [("I can't hear you", "unknown", "repeat"),
                                                     ("I cannot.", "no", None),
                                                     ("Can you take care of it on Tuesday?", "inform", None),
                                                     ("See you later!", "no", "stop")])
def test_cannot_and_farewells_in_their_place(turn, intent, act):
    said = analyse(turn)
    assert (said.intent, said.act) == (intent, act)
