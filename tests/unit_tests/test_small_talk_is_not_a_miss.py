"""Small talk and praise at a question are not misses (issue 30): the pending question is asked again.

At the read-back the consent gate is untouched: anything that is not a whole yes gets the short re-ask, and a
second such turn in a row goes to a person (SPEC 5.1).
"""

import pytest

from agent import VoiceAgent
from dialog import phrases
from voicekit.clinic import ClinicAPI

PRAISE = "Dr. Lee is wonderful, she helped my mother"
MASK = "I better go get a mask!"
THANKS = "thanks so much, you've been great"
PRAISE_ONLY = "She is the best, I love her"
ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


def new_agent():
    api = ClinicAPI()
    return VoiceAgent(api, sleep=lambda s: None), api


def test_praise_then_a_remark_at_the_day_question_hand_nothing_off():
    agent, _ = new_agent()
    asked = agent.handle("I'd like to book an appointment")["say"]
    for said in (PRAISE, MASK):
        reply = agent.handle(said)
        assert reply["state"] == "ASK_DAY" and agent.handoff is None and reply["say"].endswith(asked)
        assert phrases.SORRY not in reply["say"]
    assert agent.handle("Tuesday")["state"] == "ASK_TIME"


@pytest.mark.parametrize("said", [PRAISE, MASK, THANKS, PRAISE_ONLY])
@pytest.mark.parametrize("before, state", [(("I'd like to book an appointment",), "ASK_DAY"),
                                           (("I'd like to book an appointment", "Tuesday"), "ASK_TIME"),
                                           (("Book Tuesday at ten",), "ASK_NAME")])
def test_small_talk_after_a_miss_is_not_the_second_miss(said, before, state):
    agent, _ = new_agent()
    for turn in before:
        agent.handle(turn)
    agent.handle("hmm")
    reply = agent.handle(said)
    assert reply["state"] == state and agent.handoff is None and agent.slots["name"] is None
    assert agent.handle("blah blah")["state"] == state and agent.handoff is None


@pytest.mark.parametrize("said", [PRAISE, MASK])
def test_at_the_read_back_small_talk_still_gets_the_short_re_ask(said):
    agent, api = new_agent()
    agent.handle(ONE_SHOT)
    first = agent.handle(said)
    assert first["state"] == "CONFIRM" and first["tool_calls"] == []
    second = agent.handle(said)
    assert second["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood"
    assert [c[0] for c in api.calls] == ["find_slots"]


def test_gibberish_is_still_a_miss():
    agent, _ = new_agent()
    agent.handle("I'd like to book an appointment")
    agent.handle("hmm")
    assert agent.handle("blah blah")["state"] == "HANDOFF"
