"""When the phone line decides a caller's turn is over, and how Whisper reads it.

A short wait where a short answer is expected (a day, a time, a name, the read-back's yes), the open
question's longer one elsewhere, never cutting "yes, and..." in two; a turn being taken is never lost;
Whisper base on a 10-second window when the turn is shorter, beam 5; the model loaded as the worker starts,
off the event loop. With Pipecat's ``run_test`` and stand-ins for the agent and the model.
"""

import asyncio
import time
from types import SimpleNamespace

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pipecat.frames.frames import (
    InterruptionFrame,
    TranscriptionFrame,
    TTSSpeakFrame,
    VADParamsUpdateFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.tests.utils import SleepFrame, run_test

import phone.speech
from graph.voice_agent import VoiceAgent
from phone.processor import AgentTurns
from phone.speech import LocalWhisperSTTService
from phone.tickets import MemoryTickets
from phone.turn_taking import ends_open, turn_wait, vad_params
from phone.twilio import LineSettings, twilio_router
from voicekit.clinic import ClinicAPI


def heard(text: str) -> TranscriptionFrame:
    return TranscriptionFrame(text=text, user_id="caller", timestamp="0")


class Turns:
    """Notes each turn; waits at ``node`` (what ``VoiceAgent.node`` says), taking ``seconds`` a turn."""

    def __init__(self, node: str | None = "listen", seconds: float = 0.0):
        self.turns: list[str] = []
        self.node, self._seconds = node, seconds

    def handle(self, text):
        time.sleep(self._seconds)
        self.turns.append(text)
        return {"say": "Shall I book it?", "state": "CONFIRM", "tool_calls": []}


def play(agent, *frames):
    down, _ = asyncio.run(run_test(AgentTurns(agent), frames_to_send=[*frames, SleepFrame(sleep=2.0)]))
    return down


def test_a_day_a_time_a_name_and_a_yes_wait_less_than_an_open_question_and_a_phone_number_most():
    short = [turn_wait(step, said) for step, said in
             [("ask_day", "Tuesday"), ("ask_time", "at 10"), ("ask_name", "Jamie"), ("confirm", "Yes, please.")]]
    assert max(short) < turn_wait("listen", "I'd like to book") < turn_wait("ask_phone", "six one seven")
    assert turn_wait(None, "Hello") == turn_wait("listen", "Hello")  # the call's opening question is an open one


@pytest.mark.parametrize("said", ["yes, and", "sure, um", "Tuesday at", "my name is", "Yes so"])
def test_words_that_need_more_wait_longest(said):
    assert ends_open(said) and turn_wait("confirm", said) > turn_wait("ask_phone", "617")


@pytest.mark.parametrize("said", ["Tuesday at 10", "yes", "10 a.m.", "Jamie", "no thanks"])
def test_whole_answers_are_not_held(said):
    assert not ends_open(said)


def test_after_an_open_question_words_resumed_within_the_wait_are_one_turn():
    agent = Turns(node="listen")
    play(agent, heard("Book me on Tuesday at ten a m,"), SleepFrame(sleep=0.4), heard("my name is Jamie"))
    assert agent.turns == ["Book me on Tuesday at ten a m, my name is Jamie"]


def test_after_the_day_question_the_day_is_answered_without_the_open_question_s_wait():
    agent = Turns(node="ask_day")
    play(agent, heard("I'd like to book"), SleepFrame(sleep=1.2), heard("Tuesday"), SleepFrame(sleep=0.65),
         heard("at ten"))
    assert agent.turns == ["I'd like to book", "Tuesday", "at ten"]


def test_the_real_agent_is_heard_with_the_wait_of_the_step_it_waits_at():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    down, up = asyncio.run(run_test(AgentTurns(agent), frames_to_send=[
        heard("Book me on Tuesday at ten a m, my name is Jamie"), SleepFrame(sleep=1.2), heard("no"),
        SleepFrame(sleep=0.65), heard("Wednesday at eleven"), SleepFrame(sleep=2.0)]))
    said = [f.text for f in down if isinstance(f, TTSSpeakFrame)]
    assert len(said) == 3 and "another time" in said[1], said  # at the read-back, "no" was a turn of its own
    pauses = [f.params.stop_secs for f in up if isinstance(f, VADParamsUpdateFrame)]
    assert pauses and pauses[0] == vad_params("confirm").stop_secs < vad_params().stop_secs  # the VAD was told


def test_a_caller_who_starts_speaking_again_keeps_the_turn_open_however_long_they_talk():
    agent = Turns(node="ask_day")
    play(agent, heard("I'd like to book"), SleepFrame(sleep=1.2), heard("Tuesday"), VADUserStartedSpeakingFrame(),
         SleepFrame(sleep=1.2), VADUserStoppedSpeakingFrame(stop_secs=0.3), heard("at ten please"))
    assert agent.turns == ["I'd like to book", "Tuesday at ten please"]


def test_yes_and_with_more_to_come_is_one_turn():
    agent = Turns(node="confirm")
    play(agent, heard("Yes, and"), SleepFrame(sleep=0.8), heard("can you make it Wednesday?"))
    assert agent.turns == ["Yes, and can you make it Wednesday?"]


def test_a_trailing_filler_waits_for_more_then_is_answered_if_nothing_comes():
    agent = Turns(node="confirm")
    play(agent, heard("sure, um"), SleepFrame(sleep=2.0))
    assert agent.turns == ["sure, um"]


def test_a_turn_being_taken_is_answered_even_if_the_caller_starts_talking_meanwhile():
    agent = Turns(node="listen", seconds=0.5)
    down = play(agent, heard("yes"), SleepFrame(sleep=1.0), VADUserStartedSpeakingFrame(), InterruptionFrame())
    assert agent.turns == ["yes"] and [f.text for f in down if isinstance(f, TTSSpeakFrame)] == ["Shall I book it?"]


class Recording:
    def __init__(self):
        self.options: list[dict] = []

    def transcribe(self, audio, **options):
        self.options.append(options | {"seconds": len(audio) / 16000})
        return iter([SimpleNamespace(text=" Yes.", no_speech_prob=0.01)]), None


def test_whisper_reads_a_short_turn_through_a_ten_second_window_in_one_pass_and_a_long_one_whole():
    stt = LocalWhisperSTTService()
    stt._model = model = Recording()

    async def transcribe(seconds: float) -> None:
        async for _ in stt.run_stt(b"\0\0" * int(16000 * seconds)):
            pass

    asyncio.run(transcribe(3))
    asyncio.run(transcribe(14))
    short, long = model.options
    assert short["chunk_length"] == 10 and short["beam_size"] == 5
    assert short["temperature"] == 0.0  # one pass: no slow re-decoding of a short turn
    assert long.get("chunk_length") in (None, 30) and long["beam_size"] == 5 and "temperature" not in long


def on_an_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def test_whisper_is_loaded_when_the_worker_starts_and_off_its_event_loop(monkeypatch):
    loads = []
    monkeypatch.setattr(phone.speech, "whisper_model", lambda: loads.append(on_an_event_loop()))
    app = FastAPI()
    app.include_router(twilio_router(lambda call, number: None, LineSettings(), tickets=MemoryTickets()))
    with TestClient(app):
        assert loads == [False]  # before any call, on a thread of its own


def test_a_short_turn_reaches_whisper_s_encoder_as_ten_seconds_and_is_heard_the_same(monkeypatch):
    import audioop  # the phone line's codec (the project runs on 3.11)

    import faster_whisper.transcribe
    import numpy as np

    model = phone.speech.whisper_model()
    padded = faster_whisper.transcribe.pad_or_trim
    frames = []

    def noting(array, *args, **kwargs):
        frames.append(padded(array, *args, **kwargs).shape[-1])
        return padded(array, *args, **kwargs)

    monkeypatch.setattr(faster_whisper.transcribe, "pad_or_trim", noting)
    pcm, rate = phone.speech.flite("I'd like to book an appointment", "awb")
    pcm16, _ = audioop.ratecv(pcm, 2, 1, rate, 16000, None)
    samples = np.frombuffer(pcm16, np.int16).astype(np.float32) / 32768
    short = " ".join(s.text for s in phone.speech.transcribe(model, samples))
    whole = " ".join(s.text for s in model.transcribe(samples, language="en", beam_size=5)[0])
    assert frames[0] == 1000 and frames[-1] == 3000  # 10 s, then Whisper's own 30 s
    assert short == whole and "book an appointment" in short.lower()
