"""The agent inside a Pipecat pipeline: transcriptions and key presses in, speech out, barge-in.

Driven with Pipecat's own test helper (``pipecat.tests.utils.run_test``), offline, with the real agent.
"""

import asyncio

import pytest
from pipecat.audio.dtmf.types import KeypadEntry
from pipecat.frames.frames import (
    EndWorkerFrame,
    InputDTMFFrame,
    InterruptionFrame,
    OutputTransportMessageFrame,
    TranscriptionFrame,
    TTSSpeakFrame,
    UserStartedSpeakingFrame,
    UserStoppedSpeakingFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.pipeline.pipeline import Pipeline
from pipecat.tests.utils import SleepFrame, run_test

from graph.voice_agent import VoiceAgent
from phone.listening import caller_turns
from phone.processor import AgentTurns, keypad
from voicekit.clinic import ClinicAPI


def heard(text: str) -> TranscriptionFrame:
    return TranscriptionFrame(text=text, user_id="caller", timestamp="0")


def spoken(frames) -> list[str]:
    return [f.text for f in frames if isinstance(f, TTSSpeakFrame)]


def at_once(step, said, complete=False) -> float:
    """No wait for more words: each transcription is a turn (the waits are phone.turn_taking's own tests)."""
    return 0.0


def play(agent, *frames, with_keypad: bool = False):
    turns = AgentTurns(agent, waits=at_once)
    processor = Pipeline([keypad(timeout=0.2), turns]) if with_keypad else turns
    down, _ = asyncio.run(run_test(processor, frames_to_send=[*frames, SleepFrame(sleep=1.0)]))
    return down


def test_a_spoken_booking_confirmed_on_the_keypad_books_once_and_ends_the_pipeline():
    api = ClinicAPI()
    down = play(VoiceAgent(api, sleep=lambda s: None), heard("Book me on Tuesday at ten a m, my name is Jamie"),
                SleepFrame(sleep=0.5), InputDTMFFrame(button=KeypadEntry.ONE), with_keypad=True)
    said = spoken(down)
    assert "Shall I book it?" in said[0] and "You're booked, Jamie" in said[1]
    assert [c[0] for c in api.calls] == ["find_slots", "book"]
    assert isinstance(down[-1], EndWorkerFrame) and down[-1].reason == "DONE"  # after the goodbye


def test_a_number_typed_on_the_keypad_reaches_the_agent_without_the_pound_key():
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    # The caller keys the number after hearing the question (key presses are system frames: sent at once
    # with the words, they would overtake them).
    down = play(agent, heard("call me back please, my name is Jamie"), SleepFrame(sleep=0.5),
                *[InputDTMFFrame(button=KeypadEntry(key)) for key in "6175550123#"], with_keypad=True)
    assert "6 1 7, 5 5 5, 0 1 2 3" in spoken(down)[-1] and agent.heard == "[phone ending 0123]"


def test_after_the_call_ends_nothing_more_is_said_or_done():
    api = ClinicAPI()
    down = play(VoiceAgent(api, sleep=lambda s: None), heard("Book me on Tuesday at ten a m, my name is Jamie"),
                heard("yes"), heard("yes"), heard("hello?"))
    assert len(spoken(down)) == 2 and [c[0] for c in api.calls] == ["find_slots", "book"]


def test_a_hand_off_while_staff_are_in_asks_the_line_for_a_warm_transfer():
    down = play(VoiceAgent(ClinicAPI(), sleep=lambda s: None), heard("can I talk to a real person"))
    messages = [f.message for f in down if isinstance(f, OutputTransportMessageFrame)]
    assert messages == [{"transfer": {"to": "555 0100", "ring_seconds": 30}}]
    assert isinstance(down[-1], EndWorkerFrame) and down[-1].reason == "HANDOFF"


def test_the_processor_needs_an_agent():
    with pytest.raises(TypeError, match="VoiceAgent"):
        AgentTurns("not an agent")


def test_a_no_at_the_read_back_books_nothing():
    api = ClinicAPI()
    down = play(VoiceAgent(api, sleep=lambda s: None), heard("Book me on Tuesday at ten a m, my name is Jamie"),
                heard("no"))
    assert "let's find another time" in spoken(down)[-1] and api.bookings == []
    assert not any(isinstance(f, EndWorkerFrame) for f in down)  # the call goes on


def test_a_caller_who_starts_talking_interrupts_the_line_through_pipecat_s_turn_strategies():
    down, up = asyncio.run(run_test(caller_turns(), frames_to_send=[
        VADUserStartedSpeakingFrame(), SleepFrame(sleep=0.1), VADUserStoppedSpeakingFrame(stop_secs=0.3),
        SleepFrame(sleep=0.1), VADUserStartedSpeakingFrame(), SleepFrame(sleep=0.1)]))
    assert sum(isinstance(f, InterruptionFrame) for f in down) == 2  # each stretch of speech: a new turn
    assert sum(isinstance(f, UserStartedSpeakingFrame) for f in down) == 2
    assert any(isinstance(f, UserStoppedSpeakingFrame) for f in down)
