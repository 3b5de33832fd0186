"""The line hears a spelling as letters (issue 35, SPEC 7.1): told the step, Whisper is prompted there only.

Where the agent asked the caller to spell their name, the recogniser is told (a ``ListeningFor`` frame sent
upstream), Whisper reads the turn with a prompt of spelled letters and none of the segments it made up in the
silence after, and the turn waits for letters said with pauses; at the letters' read-back ("yes", "no") the line
hears as anywhere else. A first spelling one letter off the name heard spells that name (read back for a yes).
"""

import asyncio
from types import SimpleNamespace

import pytest
from pipecat.processors.frame_processor import FrameDirection
from pipecat.tests.utils import SleepFrame, run_test

from graph.voice_agent import VoiceAgent
from phone.letters import SPELLING_PROMPT, ListeningFor, decoding, kept_segments
from phone.processor import AgentTurns
from phone.speech import LocalWhisperSTTService
from phone.turn_taking import SPELLING, listening_step, turn_wait, vad_params
from tests.unit_tests.test_phone_turn_taking import heard
from voicekit.clinic import ClinicAPI


def asked_to_spell() -> VoiceAgent:
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("Book me on Tuesday at 10am, my name is Jamie Fraser.")
    agent.handle("No, that's not my name.")
    return agent


def test_the_agent_says_when_it_waits_for_a_spelling_and_not_at_the_letters_read_back():
    agent = asked_to_spell()
    assert agent.node == "spell_name" and agent.spelling_asked and listening_step(agent) == SPELLING
    agent.handle("F, R, A, S, E, R.")
    assert agent.node == "spell_name" and not agent.spelling_asked and listening_step(agent) == "spell_name"
    agent.handle("yes")
    assert agent.node == "confirm" and listening_step(agent) == "confirm"


def test_a_stand_in_without_a_node_or_a_spelling_is_heard_as_before():
    assert listening_step(SimpleNamespace()) is None
    assert listening_step(SimpleNamespace(node="spell_name")) == "spell_name"
    assert listening_step(SimpleNamespace(node="spell_name", spelling_asked="yes")) == "spell_name"  # only True


def test_letters_said_with_pauses_are_one_turn_whatever_the_model_says():
    assert vad_params(SPELLING).stop_secs > vad_params("spell_name").stop_secs
    assert turn_wait(SPELLING, "F, R, A", complete=True) == turn_wait(SPELLING, "F, R, A") > turn_wait("confirm", "yes")


def test_whisper_is_prompted_with_letters_only_where_a_spelling_is_expected():
    assert decoding(SPELLING) == {"initial_prompt": SPELLING_PROMPT}
    assert all(decoding(step) == {} for step in (None, "spell_name", "confirm", "ask_name"))


def segment(text, start, end, no_speech=0.05, compression=0.8):
    return SimpleNamespace(text=text, start=start, end=end, no_speech_prob=no_speech, compression_ratio=compression)


def test_the_segments_whisper_made_up_after_the_letters_are_dropped():
    letters = segment(" F, R, A, S, E, R.", 0.0, 2.9)
    made_up = segment(" F, R, F, R, F, R, F, R", 2.9, 3.4, no_speech=0.46, compression=3.4)
    looping = segment(" O, apostrophe, C, O, apostrophe, C", 2.0, 3.0, no_speech=0.1, compression=3.1)
    assert kept_segments(SPELLING, [letters, made_up], 10.0) == [letters]
    assert kept_segments(SPELLING, [segment(" K, O,", 0, 1.0), looping], 10.0) == [segment(" K, O,", 0, 1.0)]
    assert kept_segments("confirm", [letters, made_up], 3.4) == [letters, made_up]  # elsewhere, as before


def test_the_silence_after_the_letters_is_never_decoded():
    def whisper():
        yield segment(" F, R, A, S, E, R.", 0.0, 2.6)
        raise AssertionError("decoded the silence after the letters")

    assert [s.text for s in kept_segments(SPELLING, whisper(), seconds=3.4)] == [" F, R, A, S, E, R."]


class Recording:
    """A stand-in Whisper noting the options it was asked to hear with."""

    def __init__(self):
        self.options: list[dict] = []

    def transcribe(self, audio, **options):
        self.options.append(options)
        return iter([segment(" F, R, A, S, E, R.", 0.0, 1.5)]), None


def test_the_agent_tells_the_recogniser_the_step_and_the_recogniser_hears_the_spelling_with_the_prompt():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None)
    agent.handle("Book me on Tuesday at 10am, my name is Jamie Fraser.")
    _, up = asyncio.run(run_test(AgentTurns(agent), frames_to_send=[heard("No, that's not my name."),
                                                                     SleepFrame(sleep=1.5)]))
    assert [f.step for f in up if isinstance(f, ListeningFor)] == [SPELLING]

    stt = LocalWhisperSTTService()
    stt._model = model = Recording()

    async def hear(step):
        await stt.process_frame(ListeningFor(step=step), FrameDirection.UPSTREAM)
        async for _ in stt.run_stt(b"\0\0" * 16000 * 2):
            pass

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stt, "push_frame", _nothing)
        asyncio.run(hear(SPELLING))
        asyncio.run(hear("spell_name"))
    spelling, read_back = model.options
    assert spelling["initial_prompt"] == SPELLING_PROMPT and "initial_prompt" not in read_back


async def _nothing(*_args, **_kwargs):
    return None


def test_a_first_spelling_one_letter_off_the_name_heard_spells_that_name_and_is_read_back():
    agent = asked_to_spell()
    reply = agent.handle("F, R, D, S, E, R.")  # "ay" heard as D over the line
    assert "F, R, A, S, E, R: is that right?" in reply["say"]
    assert "Jamie Fraser" in agent.handle("yes")["say"]


def test_after_a_no_the_letters_are_taken_as_they_are_heard():
    agent = asked_to_spell()
    assert "F, R, A, S, E, R: is that right?" in agent.handle("F, R, A, Z, E, R.")["say"]  # Frazer, one off
    agent.handle("no")
    reply = agent.handle("F, R, A, Z, E, R.")
    assert "F, R, A, Z, E, R: is that right?" in reply["say"]
    assert "Jamie Frazer" in agent.handle("yes")["say"]


def test_letters_far_from_the_name_heard_are_read_back_as_heard():
    agent = asked_to_spell()
    assert "N, G, U, Y, E, N: is that right?" in agent.handle("N, G, U, Y, E, N.")["say"]
