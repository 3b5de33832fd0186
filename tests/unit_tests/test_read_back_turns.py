"""At the read-back: a yes cut off mid-sentence is no whole yes; a key said is a key, not a time."""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


def at_the_read_back():
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    assert agent.handle(ONE_SHOT)["state"] == "CONFIRM"
    return agent, api


@pytest.mark.parametrize("cut_off", ["yes, and", "yes so", "sure, and um", "yes, and...", "Yes, and\u2026",
                                     "yeah but", "yes um", "okay so", "correct, and also"])
def test_a_yes_the_line_cut_off_mid_sentence_books_nothing(cut_off):
    agent, api = at_the_read_back()
    reply = agent.handle(cut_off)
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.handle("yes")["tool_calls"] == ["book"]  # the whole yes that follows still books


@pytest.mark.parametrize("whole", ["yes and thank you", "um yes", "so yes", "yes please", "well, yes", "Yes."])
def test_a_whole_yes_with_filler_still_books(whole):
    agent, api = at_the_read_back()
    assert agent.handle(whole)["tool_calls"] == ["book"] and len(api.bookings) == 1


@pytest.mark.parametrize("key", ["one", "One.", "press one", "number one", "1"])
def test_one_said_after_press_one_is_never_1_pm_and_never_opens_the_gate(key):
    agent, api = at_the_read_back()
    reply = agent.handle(key)  # only the pressed key 1 is consent (SPEC 5.1): the short re-ask, nothing changed
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.slots["time"] == "10:00" and "Jamie on Tuesday at 10 am" in reply["say"]
    assert agent.handle("[DTMF] 1")["tool_calls"] == ["book"]


@pytest.mark.parametrize("key", ["two", "Two.", "press two", "2"])
def test_two_after_press_two_is_no(key):
    agent, api = at_the_read_back()
    reply = agent.handle(key)
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.slots["time"] is None  # a plain no: the time is offered again, never 2 pm


@pytest.mark.parametrize("correction, hhmm", [("one o'clock", "13:00"), ("make it one thirty", "13:30"),
                                              ("no, two thirty", "14:30")])
def test_a_time_at_the_read_back_is_still_a_correction(correction, hhmm):
    api = ClinicAPI(schedule={"tuesday": ["10:00", "13:00", "13:30", "14:30"]})
    agent = VoiceAgent(api, sleep=lambda s: None)
    agent.handle(ONE_SHOT)
    reply = agent.handle(correction)
    assert reply["state"] == "CONFIRM" and agent.slots["time"] == hhmm and api.bookings == []
