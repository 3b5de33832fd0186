"""Issue 38 item 11: a booking made without a caller id carries a contact number, so its caller can change it later.

Reproduction: a booking over the HTTP line, the browser or a withheld number had no phone on it, so the caller
could never cancel it themselves; a number offered while booking was refused as a "card or ID number". Now the
line asks for a number after the name (E.164), reads it back in groups with the booking, masks it everywhere but
the booking, and a later cancel or move is checked against it.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"
NUMBER = "+16175550123"
GROUPS = "6 1 7, 5 5 5, 0 1 2 3"


def line_call(api=None, caller_number=None):
    """A call on a line that wants a number on every booking (the service's, the phone line's)."""
    api = api if api is not None else ClinicAPI()
    return VoiceAgent(api, sleep=lambda s: None, caller_number=caller_number, ask_contact_number=True), api


def test_a_booking_without_caller_id_asks_for_a_number_after_the_name_and_reads_it_back():
    agent, api = line_call()
    asked = agent.handle(ONE_SHOT)
    assert asked["state"] == "ASK_NAME" and "phone number" in asked["say"].lower()
    read_back = agent.handle("617 555 0123")
    assert read_back["state"] == "CONFIRM" and GROUPS in read_back["say"] and "Jamie" in read_back["say"]
    assert "card" not in read_back["say"].lower()
    assert agent.handle("yes")["tool_calls"] == ["book"]
    assert [b.get("phone") for b in api.bookings] == [NUMBER]


@pytest.mark.parametrize("said", ["my name is Jamie, 617 555 0123", "Jamie, my number is (617) 555-0123",
                                  "it's Jamie and my phone number is six one seven five five five zero one two three"])
def test_a_number_given_with_the_name_is_taken_never_refused_as_a_card(said):
    agent, api = line_call()
    agent.handle("Book me on Tuesday at ten a m")
    reply = agent.handle(said)
    assert reply["state"] == "CONFIRM" and GROUPS in reply["say"] and "card" not in reply["say"].lower()


def test_the_number_is_masked_everywhere_but_the_booking():
    agent, api = line_call()
    agent.handle(ONE_SHOT)
    agent.handle("617 555 0123")
    assert agent.heard == "[phone ending 0123]"
    agent.handle("yes")
    [(_, args, _)] = [c for c in api.calls if c[0] == "book"]
    assert "5550123" not in str(api.calls) and args["phone"] == "[phone ending 0123]"
    assert [b["phone"] for b in api.bookings] == [NUMBER]  # the booking keeps it whole


def test_a_card_number_is_no_contact_number_and_the_number_is_asked_again():
    agent, api = line_call()
    agent.handle(ONE_SHOT)
    reply = agent.handle("4111 1111 1111 1111")
    assert reply["state"] == "ASK_NAME" and "phone number" in reply["say"].lower() and "1111" not in reply["say"]
    assert agent.handle("617 555 0123")["state"] == "CONFIRM"


def test_a_no_about_the_number_asks_it_again():
    agent, api = line_call()
    agent.handle(ONE_SHOT)
    agent.handle("617 555 0123")
    reply = agent.handle("no, the number is wrong")
    assert reply["state"] == "ASK_NAME" and "phone number" in reply["say"].lower()
    corrected = agent.handle("617 555 0199")
    assert corrected["state"] == "CONFIRM" and "0 1 9 9" in corrected["say"]


def test_a_caller_id_is_the_number_and_nothing_is_asked():
    agent, api = line_call(caller_number="+1 617 555 0123")
    assert agent.handle(ONE_SHOT)["state"] == "CONFIRM"
    agent.handle("yes")
    assert [b.get("phone") for b in api.bookings] == [NUMBER]


def test_the_lab_agent_asks_nothing_more():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    assert agent.handle(ONE_SHOT)["state"] == "CONFIRM"


def booked_by_an_earlier_call():
    """A clinic where an earlier call without caller id booked Jamie on Tuesday at 10, giving 617 555 0123."""
    api = ClinicAPI()
    first, _ = line_call(api)
    for turn in (ONE_SHOT, "617 555 0123", "yes"):
        first.handle(turn)
    return api


def test_a_later_cancel_without_caller_id_is_checked_against_the_number_given():
    api = booked_by_an_earlier_call()
    later, _ = line_call(api)
    asked = later.handle("cancel my Tuesday appointment, my name is Jamie")
    assert asked["state"] == "ASK_NAME" and "for your security" in asked["say"].lower()
    assert later.handle("617 555 0123")["state"] == "CONFIRM"
    assert later.handle("yes")["tool_calls"] == ["cancel"] and api.bookings == []


def test_a_later_cancel_with_another_number_cancels_nothing():
    api = booked_by_an_earlier_call()
    stranger, _ = line_call(api)
    stranger.handle("cancel my Tuesday appointment, my name is Jamie")
    assert stranger.handle("617 555 0199")["state"] == "HANDOFF" and len(api.bookings) == 1


def test_a_later_move_is_checked_against_it_too():
    api = booked_by_an_earlier_call()
    later, _ = line_call(api)
    later.handle("move my Tuesday appointment to Wednesday at 11:30, my name is Jamie")
    assert later.handle("617 555 0123")["state"] == "CONFIRM"
    assert later.handle("yes")["tool_calls"] == ["book", "cancel"]
    assert [(b["day"], b["time"], b["phone"]) for b in api.bookings] == [("wednesday", "11:30", NUMBER)]


@pytest.mark.parametrize("turns", [
    ["I'd like to book an appointment", "Tuesday at ten a m, my name is Jamie, 617 555 0123"],
    ["I'd like to book on Tuesday", "10 am please, my name is Jamie, my number is 617 555 0123"],
    ["Book me on Tuesday at ten a m, my name is Jamie, my number is 617 555 0123"]])
def test_a_number_said_at_any_question_of_a_booking_is_its_contact_number(turns):
    agent, api = line_call()
    replies = [agent.handle(turn) for turn in turns]
    assert replies[-1]["state"] == "CONFIRM" and GROUPS in replies[-1]["say"]
    assert not any("card" in reply["say"].lower() for reply in replies)
