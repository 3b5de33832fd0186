"""The line answers as soon as the caller is done, and hands the agent the recogniser's words.

One key acts at once where one key is the answer, a turn the smart-turn model heard finish is not held for the
open question's wait, a murmur is answered like any turn.

With Pipecat's ``run_test``, the real ``VoiceAgent`` or a stand-in that notes what it was handed.
"""

import asyncio

import pytest
from pipecat.audio.dtmf.types import KeypadEntry
from pipecat.frames.frames import InputDTMFFrame, MetricsFrame, TranscriptionFrame, TTSSpeakFrame
from pipecat.metrics.metrics import TurnMetricsData
from pipecat.pipeline.pipeline import Pipeline
from pipecat.tests.utils import SleepFrame, run_test

from dialog import phrases
from dialog.turn import UNHEARD
from graph.voice_agent import VoiceAgent
from phone.processor import AgentTurns, keypad
from voicekit.clinic import ClinicAPI

REQUEST = "Book me on Tuesday at ten a m, my name is Jamie"


def heard(text: str, words=None) -> TranscriptionFrame:
    return TranscriptionFrame(text=text, user_id="caller", timestamp="0", result=words)


def verdict(complete: bool) -> MetricsFrame:
    """The smart-turn model's word on the stretch just ended, as ``phone.listening`` sends it."""
    return MetricsFrame(data=[TurnMetricsData(processor="smart-turn", is_complete=complete, probability=0.9,
                                              e2e_processing_time_ms=60.0)])


def keys(digits: str) -> list:
    """Key presses 0.1 s apart: a caller's quick double press."""
    frames: list = []
    for digit in digits:
        frames += [InputDTMFFrame(button=KeypadEntry(digit)), SleepFrame(sleep=0.1)]
    return frames


def on_the_line(agent, *frames, aggregator_wait: float = 2.0):
    """The keypad and the agent's turns as the line wires them (the keypad told where one key is the answer)."""
    keypad_stage = keypad(timeout=aggregator_wait)
    turns = AgentTurns(agent, keys=keypad_stage)
    down, _ = asyncio.run(run_test(Pipeline([keypad_stage, turns]), frames_to_send=[*frames, SleepFrame(sleep=2.5)]))
    return [f.text for f in down if isinstance(f, TTSSpeakFrame)]


def test_a_key_at_the_read_back_acts_at_once_and_a_second_press_is_not_added_to_it():
    """Pipecat's aggregator waits 2 s for more keys: the caller's 1 then 2 would be "12", neither yes nor no."""
    api = ClinicAPI()
    said = on_the_line(VoiceAgent(api, sleep=lambda s: None), heard(REQUEST), SleepFrame(sleep=1.0), *keys("12"))
    assert "You're booked, Jamie" in said[1], said
    assert [(b["day"], b["time"], b["name"]) for b in api.bookings] == [("tuesday", "10:00", "Jamie")]


def test_a_key_in_the_menu_of_open_times_picks_that_time_at_once():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    said = on_the_line(agent, heard("I'd like to book on Tuesday"), SleepFrame(sleep=1.0), *keys("21"))
    assert "press" in said[0] and agent.slots["time"] == "10:00", (said, agent.slots)  # 9 am, 10 am, ...: the 2nd


def test_where_a_number_is_asked_keys_still_make_one_number():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    said = on_the_line(agent, heard("call me back please, my name is Jamie"), SleepFrame(sleep=2.0),
                       *[InputDTMFFrame(button=KeypadEntry(key)) for key in "6175550123#"])
    assert "6 1 7, 5 5 5, 0 1 2 3" in said[-1] and agent.heard == "[phone ending 0123]"


class Noting:
    """Notes each turn with the words it was handed; waits at ``node``."""

    def __init__(self, node: str | None = "listen"):
        self.node, self.turns = node, []

    def handle(self, text, words=None):
        self.turns.append((text, words))
        return {"say": "Which day would you like to come in?", "state": "ASK_DAY", "tool_calls": []}


def play(agent, *frames):
    down, _ = asyncio.run(run_test(AgentTurns(agent), frames_to_send=[*frames, SleepFrame(sleep=2.0)]))
    return [f.text for f in down if isinstance(f, TTSSpeakFrame)]


def test_the_recogniser_s_words_and_their_probabilities_reach_the_agent():
    agent = Noting(node="ask_name")
    play(agent, heard("Jamie", [("Jamie", 0.93)]), SleepFrame(sleep=0.2), verdict(True))
    assert agent.turns == [("Jamie", [("Jamie", 0.93)])]


def test_words_of_stretches_joined_into_one_turn_are_handed_over_together_and_typed_turns_have_none():
    agent = Noting(node="listen")
    play(agent, heard("Book me on Tuesday,", [("Book", 0.9), ("me", 0.95), ("on", 0.9), ("Tuesday", 0.8)]),
         SleepFrame(sleep=0.3), heard("my name is Jamie", [("my", 0.9), ("name", 0.9), ("is", 0.9), ("Jamie", 0.4)]),
         SleepFrame(sleep=1.2), heard("[DTMF] 1"))
    (joined, words), key = agent.turns
    assert joined == "Book me on Tuesday, my name is Jamie" and [w for w, _ in words][-1] == "Jamie"
    assert key == ("[DTMF] 1", None)


def test_a_turn_the_smart_turn_model_heard_finish_is_answered_without_the_open_question_s_wait():
    """The open question waits 0.8 s for more; the model's "complete" ends the turn, so what follows is a new one."""
    agent = Noting(node="listen")
    play(agent, heard("I'd like to book an appointment."), verdict(True), SleepFrame(sleep=0.6), heard("Tuesday"))
    assert [text for text, _ in agent.turns] == ["I'd like to book an appointment.", "Tuesday"]


def test_a_turn_the_model_heard_unfinished_waits_for_the_rest():
    agent = Noting(node="listen")
    play(agent, heard("I'd like to book an appointment"), verdict(False), SleepFrame(sleep=0.6), heard("on Tuesday"))
    assert [text for text, _ in agent.turns] == ["I'd like to book an appointment on Tuesday"]


def test_a_number_read_in_groups_is_one_turn_whatever_the_model_says():
    agent = Noting(node="ask_phone")
    play(agent, heard("call me back"), SleepFrame(sleep=1.0),  # the agent's reply: it now waits for a number
         heard("six one seven"), verdict(True), SleepFrame(sleep=0.8), heard("five five five"), verdict(True),
         SleepFrame(sleep=0.8), heard("zero one two three"), verdict(True), SleepFrame(sleep=0.5))
    assert [text for text, _ in agent.turns][1:] == ["six one seven five five five zero one two three"]


def test_yes_and_is_held_even_when_the_model_says_done():
    agent = Noting(node="confirm")
    play(agent, heard("Yes, and"), verdict(True), SleepFrame(sleep=0.8), heard("can you make it Wednesday?"))
    assert [text for text, _ in agent.turns] == ["Yes, and can you make it Wednesday?"]


def test_a_murmur_is_a_turn_and_the_agent_says_it_did_not_catch_it():
    agent = Noting(node="listen")
    play(agent, heard("", []))
    assert agent.turns == [(UNHEARD, [])]


def test_a_murmur_after_words_is_no_turn_of_its_own():
    agent = Noting(node="listen")
    play(agent, heard("I'd like to book", [("I'd", 0.9)]), heard("", []), SleepFrame(sleep=1.0))
    assert [text for text, _ in agent.turns] == ["I'd like to book"]


@pytest.mark.parametrize("night", [False, True], ids=["staff in", "staff out"])
def test_the_agent_answers_a_murmur_with_sorry_and_the_question_and_ends_politely_if_it_goes_on(night):
    from datetime import datetime

    clock = (lambda: datetime(2026, 12, 1, 23, 0)) if night else (lambda: datetime(2026, 12, 1, 10, 0))
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, clock=clock)
    agent.handle("I'd like to book an appointment")
    first, second = agent.handle(UNHEARD, words=[]), agent.handle(UNHEARD, words=[])
    for reply in (first, second):
        assert reply["say"].startswith(phrases.SORRY) and "Which day" in reply["say"], reply
        assert phrases.CANT_HEAR not in reply["say"]
    assert agent.slots["name"] is None  # "[unheard]" is no name, no day
    third = agent.handle(UNHEARD, words=[])
    assert third["state"] == ("DONE" if night else "HANDOFF"), third


class Broken:
    """A wrapper around the agent that raises (the browser's once did: a turn's words it did not take)."""

    node = "listen"

    def handle(self, text, words=None):
        raise TypeError("handle() got an unexpected keyword argument 'words'")


def test_a_turn_the_agent_s_wrapper_breaks_on_is_answered_with_an_apology_and_a_hand_off_never_silence():
    down, _ = asyncio.run(run_test(AgentTurns(Broken()), frames_to_send=[heard("Book me on Tuesday", [("Book", 0.9)]),
                                                                          SleepFrame(sleep=2.0)]))
    said = [f.text for f in down if isinstance(f, TTSSpeakFrame)]
    assert said == [phrases.BROKEN]
    assert any(type(f).__name__ == "EndWorkerFrame" for f in down)  # the call ends after it: staff, not a loop


def test_a_broken_turn_on_a_korean_line_is_apologised_for_in_korean():
    from dialog.phrases import ko

    class KoreanBroken(Broken):
        language = "ko"

    turn = heard("화요일이요", [("화요일이요", 0.9)])
    down, _ = asyncio.run(run_test(AgentTurns(KoreanBroken()), frames_to_send=[turn, SleepFrame(sleep=2.0)]))
    assert [f.text for f in down if isinstance(f, TTSSpeakFrame)] == [ko.BROKEN]
