"""Intents as `evals/real/LABELLING.md` defines them: ways real callers ask, found on the training split.

Each case is a sentence of the training split (or the same shape in other words); none comes from the
held-out split. Behaviour at CONFIRM is checked through `VoiceAgent`, the booking through `api.bookings`.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI
from voicekit.nlu import analyse, parse

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


def at_confirm():
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    assert agent.handle(ONE_SHOT)["state"] == "CONFIRM"
    return agent, api


@pytest.mark.parametrize("said", ["Can you find me one in Palo Alto.", "I need one in San Carlos.",
                                  "Find something in Morgan Hill, please.", "Please find someone in Benicia.",
                                  "I'm looking for a Dermatologist located in Milpitas.",
                                  "Can you help me with a Dermatologist in SF?", "Is there any General Practitioner "
                                  "in Hayward?", "I want to visit Centerville Dental Care.",
                                  "Do you have any recommendations for dentists in town?"])
def test_asking_for_a_provider_in_other_words_is_a_booking_request(said):
    assert parse(said)["intent"] == "book"


@pytest.mark.parametrize("said, hhmm", [("Do you have 4:45 in the evening?", "16:45"),
                                        ("Could you see if they have any 12:30 slots?", "12:30"),
                                        ("I want to see Dr. Ruth Hoddinott at 4:30 PM.", "16:30"),
                                        ("Book it at evening 4", "16:00"), ("Please book it for Tuesday", None)])
def test_asking_for_a_time_or_to_book_it_with_a_value_is_a_booking_request(said, hhmm):
    heard = parse(said)
    assert heard["intent"] == "book" and heard["time"] == hhmm


def test_book_it_alone_still_agrees_to_what_was_read_back():
    assert parse("Book it.")["intent"] == "yes" and parse("Yes, book it please")["intent"] == "yes"


@pytest.mark.parametrize("said", ["Awesome, thank you", "this one would be fine", "I'd like to go there.",
                                  "Excellent.", "Cool, that's all I needed.", "That is confirmed and let me know "
                                  "their rating.", "I want to choose this dentist.", "That's good, I will go there"])
def test_more_ways_of_saying_yes(said):
    assert parse(said)["intent"] == "yes"


@pytest.mark.parametrize("said", ["I think I changed my mind. Can you look for one in San Jose?",
                                  "Can you search for some other doctor?", "Nothing.", "Not right now, thanks.",
                                  "I'd like to continue the reservation with another dentist",
                                  "Can you find someone in Gilroy instead?", "I guess not. Thanks a bunch.",
                                  "Never mind, book for the 13th at 10:30 in the morning.", "I do not want an "
                                  "appointment yet.", "Is that the only one?"])
def test_turning_down_what_was_said_is_a_no(said):
    assert parse(said)["intent"] == "no"


@pytest.mark.parametrize("said", ["What is his rating and address?", "What is there number and location?",
                                  "Have you their phone? And have they good rating?"])
def test_asking_for_their_number_or_address_is_an_address_question(said):
    assert parse(said)["intent"] == "hours"


@pytest.mark.parametrize("said", ["That will be all for today.", "Thank you that is all today.", "bye",
                                  "Okay, forget it", "No thanks, bye.", "Okay, bye.", "Alright thanks, bye",
                                  "Sure, forget it", "That works, never mind"])
def test_these_still_end_the_call(said):
    heard = analyse(said)
    assert heard.intent == "no" and heard.act == "stop"


@pytest.mark.parametrize("said", ["Yes, that works. Thanks for the help. Bye.", "Perfect, that would be all. Good bye.",
                                  "Sounds good, I think that's everything for today."])
def test_a_yes_before_a_farewell_answers_the_read_back_and_never_books_without_a_plain_yes(said):
    assert parse(said)["intent"] == "yes" and analyse(said).act != "stop"
    agent, api = at_confirm()
    reply = agent.handle(said)  # not the whole turn a yes: asked again, nothing booked, the call goes on
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.handle("yes")["state"] == "DONE" and [b["time"] for b in api.bookings] == ["10:00"]


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


def test_yes_with_an_hours_question_at_confirm_answers_it_and_books_nothing():
    agent, api = at_confirm()
    reply = agent.handle("yes, what time do you close?")
    assert reply["state"] == "CONFIRM" and api.bookings == [] and "8:30 am to 5 pm" in reply["say"]


@pytest.mark.parametrize("said", ["Is there anything else you need from me?"])
def test_a_question_about_anything_else_at_confirm_is_no_refusal(said):
    agent, api = at_confirm()
    reply = agent.handle(said)
    assert reply["state"] == "CONFIRM" and api.bookings == []  # asked again; the time read back is kept
    assert agent.slots["time"] == "10:00"
