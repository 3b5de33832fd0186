"""Through the Twilio stream and the line's real pipeline (Silero VAD, smart-turn, Whisper, the agent, flite).

A murmur is answered with "Sorry, I didn't catch that" and the question; the recogniser's words reach the agent
with their probabilities; a key at the read-back acts at once (a quick second press is not added to it); a
sentence the smart-turn model hears finished is answered before the open question's longer wait, so what the
caller says after a pause is a turn of its own.
"""

import asyncio
import audioop  # the phone line's mu-law codec (the project runs on 3.11)
import json
import time

import numpy as np

from dialog import phrases
from dialog.turn import UNHEARD
from graph.voice_agent import VoiceAgent
from tests.integration_tests.test_twilio_line import (
    CHUNK,
    LAST_REPLY,
    SILENCE,
    Agents,
    Line,
    audio_back,
    media,
    phone_audio,
    send_audio,
    started_call,
)
from voicekit.clinic import ClinicAPI

REQUEST = "Book me on Tuesday at ten a m, my name is Jamie"


class Noted:
    """The call's real agent, noting each turn it is handed (text, words) and what it said back."""

    def __init__(self, call_id, _number):
        self.agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id=call_id)
        self.api, self.context = self.agent.api, self.agent.context
        self.turns, self.said = [], []

    @property
    def node(self):
        return self.agent.node

    @property
    def transfer(self):
        return self.agent.transfer

    @property
    def spelling_asked(self):
        return self.agent.spelling_asked

    def handle(self, text, words=None):
        self.turns.append((text, words))
        reply = self.agent.handle(text, words=words)
        self.said.append(reply["say"])
        return reply


def murmur() -> bytes:
    """A hummed "mm" (0.6 s), as the line carries it: the VAD hears a voice, Whisper no words."""
    t = np.arange(int(0.6 * 8000)) / 8000
    hum = (np.sin(2 * np.pi * 140 * t) + 0.5 * np.sin(2 * np.pi * 280 * t) + 0.3 * np.sin(2 * np.pi * 420 * t))
    fade = np.minimum(1, np.minimum(t, 0.6 - t) / 0.05)
    pcm = np.clip(hum * fade * 5000, -32768, 32767).astype(np.int16).tobytes()
    return SILENCE * 25 + audioop.lin2ulaw(pcm, 2) + SILENCE * 50


def key(digit: str) -> str:
    return json.dumps({"event": "dtmf", "streamSid": "MZ" + "7c" * 16, "dtmf": {"digit": digit}})


def test_a_murmur_the_words_and_a_key_at_the_read_back_through_the_twilio_stream():
    with Line(Agents(Noted)) as line:
        async def call():
            async with started_call(line) as ws:
                await audio_back(ws, 30)  # the greeting
                await send_audio(ws, murmur())
                heard_murmur = await audio_back(ws, 30)
                await send_audio(ws, phone_audio(REQUEST))
                read_back = await audio_back(ws, 60)
                await ws.send(key("1"))
                await asyncio.sleep(0.3)  # a quick second press: with Pipecat's 2 s wait, "12" would be one entry
                await ws.send(key("2"))
                return heard_murmur, read_back, await audio_back(ws, 30, enough=LAST_REPLY)

        replies = asyncio.run(call())
        [agent] = line.agents.made
    assert all(size > 8000 for size in replies), replies
    assert agent.turns[0] == (UNHEARD, []) and agent.said[0].startswith(phrases.SORRY), agent.said
    assert "How can I help" in agent.said[0]  # the question, asked again
    text, words = agent.turns[1]
    assert "jamie" in text.lower() and any(w.lower() == "jamie" and 0 < p <= 1 for w, p in words), words
    assert agent.turns[2] == ("[DTMF] 1", None) and "You're booked, Jamie" in agent.said[2], agent.turns
    assert [(b["day"], b["time"], b["name"]) for b in agent.api.bookings] == [("tuesday", "10:00", "Jamie")]


async def say_in_real_time(ws, audio: bytes) -> None:
    """Audio at the pace a phone sends it (20 ms every 20 ms): the line's waits are counted on the clock."""
    began = time.monotonic()
    for n, message in enumerate(media(audio)):
        await ws.send(message)
        await asyncio.sleep(max(0.0, began + (n + 1) * CHUNK / 8000 - time.monotonic()))


def test_a_sentence_the_smart_turn_model_hears_finished_is_answered_without_the_open_question_s_wait():
    """After "I'd like to book an appointment." the model says done (0.99) before the open question's 0.8 s.

    So "Tuesday" 0.6 s later is the answer to the next question, not the end of the same sentence.
    """
    with Line(Agents(Noted)) as line:
        async def call():
            async with started_call(line) as ws:
                await audio_back(ws, 30)  # the greeting
                sentence = phone_audio("I'd like to book an appointment.")[:-len(SILENCE) * 50]  # ends on speech
                await say_in_real_time(ws, sentence + SILENCE * 30 + phone_audio("Tuesday"))
                return await audio_back(ws, 30)

        asyncio.run(call())
        [agent] = line.agents.made
    texts = [text.lower() for text, _ in agent.turns]
    assert len(texts) == 2 and "appointment" in texts[0] and "tuesday" not in texts[0], texts
    assert "tuesday" in texts[1] and agent.agent.slots["day"] == "tuesday", (texts, agent.agent.slots)
