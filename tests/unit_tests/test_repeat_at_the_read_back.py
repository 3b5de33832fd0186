"""At the read-back a request to repeat repeats the read-back word for word (SPEC 4 "Repeat", issue 30 item 6).

Never the short re-ask ("Just to be sure..."), even right after one, and never counted as not understood.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"
REPEATS = ["say that again", "sorry, can you repeat that?", "what was that?", "[DTMF] 0"]


def new_agent():
    api = ClinicAPI()
    return VoiceAgent(api, sleep=lambda s: None), api


@pytest.mark.parametrize("said", REPEATS)
def test_a_repeat_request_repeats_the_read_back(said):
    agent, api = new_agent()
    read_back = agent.handle(ONE_SHOT)["say"]
    reply = agent.handle(said)
    assert (reply["state"], reply["say"], reply["tool_calls"]) == ("CONFIRM", read_back, [])


@pytest.mark.parametrize("said", REPEATS)
def test_after_a_short_re_ask_a_repeat_request_repeats_the_whole_read_back(said):
    agent, api = new_agent()
    read_back = agent.handle(ONE_SHOT)["say"]
    re_ask = agent.handle("hmm")["say"]
    assert re_ask != read_back
    reply = agent.handle(said)
    assert (reply["state"], reply["say"]) == ("CONFIRM", read_back)
    # Not counted: the next unclear turn is the first in a row again, and a yes still books once.
    assert agent.handle("hmm")["state"] == "CONFIRM"
    assert agent.handle("yes")["tool_calls"] == ["book"] and len(api.bookings) == 1


def test_what_was_that_at_a_question_repeats_it():
    agent, _ = new_agent()
    asked = agent.handle("I'd like to book an appointment")["say"]
    assert agent.handle("what was that?")["say"] == asked
