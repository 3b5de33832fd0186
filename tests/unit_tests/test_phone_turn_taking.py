"""When the phone line decides a caller's turn is over, and how Whisper reads it (issue 31).

A short end-of-turn only after a yes/no question (the read-back), never cutting "yes, and..." in two;
Whisper base on a 10-second window when the turn is shorter, beam 5; the model loaded as the worker starts,
off the event loop. With Pipecat's ``run_test`` and stand-ins for the agent and the model.
"""

import asyncio
from types import SimpleNamespace

from fastapi import FastAPI
from fastapi.testclient import TestClient
from pipecat.frames.frames import TranscriptionFrame, TTSSpeakFrame, VADParamsUpdateFrame
from pipecat.tests.utils import SleepFrame, run_test

import phone.speech
from graph.voice_agent import VoiceAgent
from phone.pipeline import CALLER_PAUSE, SHORT_ANSWER_PAUSE
from phone.processor import AgentTurns
from phone.speech import LocalWhisperSTTService
from phone.tickets import MemoryTickets
from phone.twilio import LineSettings, twilio_router
from voicekit.clinic import ClinicAPI


def heard(text: str) -> TranscriptionFrame:
    return TranscriptionFrame(text=text, user_id="caller", timestamp="0")


class Turns:
    """Notes each turn; in CONFIRM after the first."""

    def __init__(self):
        self.turns: list[str] = []

    def handle(self, text):
        self.turns.append(text)
        return {"say": "Shall I book it?", "state": "CONFIRM", "tool_calls": []}


def pauses(up) -> list[float]:
    return [f.params.stop_secs for f in up if isinstance(f, VADParamsUpdateFrame)]


def test_the_read_back_listens_for_a_short_pause_and_other_questions_for_the_long_one():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    down, up = asyncio.run(run_test(AgentTurns(agent), frames_to_send=[
        heard("Book me on Tuesday at ten a m, my name is Jamie"), SleepFrame(sleep=0.3), heard("no")]))
    said = [f.text for f in down if isinstance(f, TTSSpeakFrame)]
    assert "Shall I book it?" in said[0] and "another time" in said[1]
    assert pauses(up) == [SHORT_ANSWER_PAUSE, CALLER_PAUSE]
    assert SHORT_ANSWER_PAUSE < CALLER_PAUSE


def test_yes_and_with_more_to_come_is_one_turn():
    agent = Turns()
    asyncio.run(run_test(AgentTurns(agent), frames_to_send=[
        heard("Yes, and"), SleepFrame(sleep=0.3), heard("can you make it Wednesday?"), SleepFrame(sleep=0.3)]))
    assert agent.turns == ["Yes, and can you make it Wednesday?"]


def test_a_trailing_filler_waits_for_more_then_is_answered_if_nothing_comes():
    agent = Turns()
    asyncio.run(run_test(AgentTurns(agent, hold_seconds=0.3), frames_to_send=[
        heard("sure, um"), SleepFrame(sleep=1.0)]))
    assert agent.turns == ["sure, um"]


class Recording:
    def __init__(self):
        self.options: list[dict] = []

    def transcribe(self, audio, **options):
        self.options.append(options | {"seconds": len(audio) / 16000})
        return iter([SimpleNamespace(text=" Yes.", no_speech_prob=0.01)]), None


def test_whisper_reads_a_short_turn_through_a_ten_second_window_and_a_long_one_whole():
    stt = LocalWhisperSTTService()
    stt._model = model = Recording()

    async def transcribe(seconds: float) -> None:
        async for _ in stt.run_stt(b"\0\0" * int(16000 * seconds)):
            pass

    asyncio.run(transcribe(3))
    asyncio.run(transcribe(14))
    short, long = model.options
    assert short["chunk_length"] == 10 and short["beam_size"] == 5
    assert long.get("chunk_length") in (None, 30) and long["beam_size"] == 5


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
