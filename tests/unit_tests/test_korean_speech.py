"""The phone line's speech in Korean: its numbers read as Koreans say them, its recogniser and voice by language."""

import asyncio
import io
import tomllib
import wave
from pathlib import Path
from types import SimpleNamespace

import pytest
from pipecat.frames.frames import TranscriptionFrame
from pipecat.transcriptions.language import Language

import phone.korean_speech
from phone.korean_numbers import said_in_korean
from phone.korean_speech import KoreanVoiceTTSService, KoreanWhisperSTTService, espeak_korean
from phone.line_speech import line_language, recogniser_for, voice_for
from phone.processor import GREETING, greeting
from phone.speech import FliteTTSService, LocalWhisperSTTService

EXAMPLES = tomllib.loads((Path(phone.korean_speech.__file__).with_name("examples") / "korean_numbers.toml").read_text())


@pytest.mark.parametrize("rule", list(EXAMPLES))
def test_the_korean_voice_reads_numbers_as_koreans_say_them(rule):
    for written, said in EXAMPLES[rule]["examples"]:
        assert said_in_korean(written) == said, f"{EXAMPLES[rule]['why']} ({written!r})"


def test_words_without_digits_are_left_as_they_are():
    assert said_in_korean("이대로 예약할까요? 맞으면 네, 아니면 아니요라고 말씀해 주세요.") == (
        "이대로 예약할까요? 맞으면 네, 아니면 아니요라고 말씀해 주세요.")


def agent(language: str | None, name: str = "하늘내과의원") -> SimpleNamespace:
    profile = SimpleNamespace(name=name) if language is None else SimpleNamespace(name=name, language=language)
    return SimpleNamespace(context=SimpleNamespace(profile=profile))


def test_the_line_hears_and_speaks_the_clinic_s_language():
    assert line_language(agent("ko")) == "ko"
    assert line_language(agent(None)) == "en" and line_language(SimpleNamespace()) == "en"
    korean_ears, korean_voice = recogniser_for("ko"), voice_for("ko")
    assert type(korean_ears) is KoreanWhisperSTTService and type(korean_voice) is KoreanVoiceTTSService
    english_ears, english_voice = recogniser_for("en"), voice_for("en")
    assert type(english_ears) is LocalWhisperSTTService and type(english_voice) is FliteTTSService


def test_a_language_the_line_has_no_speech_for_names_the_key_and_the_choices():
    with pytest.raises(ValueError, match=r"clinic\.language = 'fr'.*'en', 'ko'"):
        voice_for("fr")


def test_the_korean_line_greets_in_korean_and_says_it_is_automated_the_english_one_as_before():
    korean = greeting(agent("ko"))
    assert korean.startswith("안녕하세요, 하늘내과의원입니다.") and "자동 예약 안내 시스템" in korean
    assert greeting(agent("en", "Riverside Clinic")) == GREETING.format(name="Riverside Clinic") == (
        "Thank you for calling Riverside Clinic. This is an automated booking line. How can I help you today?")
    assert greeting(agent(None, "Riverside Clinic")).startswith("Thank you for calling Riverside Clinic.")


class Recording:
    """A stand-in Whisper model: records the options of each transcription, hears "네"."""

    def __init__(self):
        self.options: list[dict] = []

    def transcribe(self, audio, **options):
        self.options.append(options)
        word = SimpleNamespace(word=" 네.", probability=0.9)
        return iter([SimpleNamespace(text=" 네.", no_speech_prob=0.01, avg_logprob=-0.2, words=[word])]), None


async def heard(stt) -> list[TranscriptionFrame]:
    return [frame async for frame in stt.run_stt(b"\0\0" * 16000) if isinstance(frame, TranscriptionFrame)]


def test_the_korean_recogniser_is_the_line_s_whisper_told_the_call_is_korean_and_given_no_prompt():
    korean, english = KoreanWhisperSTTService(), LocalWhisperSTTService()
    korean._model, english._model = Recording(), Recording()
    [frame] = asyncio.run(heard(korean))
    assert frame.text == "네." and frame.language == Language.KO and frame.result == [("네", 0.9)]
    [options] = korean._model.options
    assert options["language"] == "ko" and "initial_prompt" not in options  # a prompt's words came back as heard
    assert options["beam_size"] == 5 and options["chunk_length"] == 10  # the English line's settings otherwise
    asyncio.run(heard(english))
    assert english._model.options[0]["language"] == "en"


def test_the_korean_voice_is_espeak_ng_run_as_a_program_given_the_numbers_as_said(monkeypatch):
    runs = []

    def run(command, **kwargs):
        runs.append(command)
        out = io.BytesIO()
        with wave.open(out, "wb") as wav:
            wav.setnchannels(1), wav.setsampwidth(2), wav.setframerate(22050)
            wav.writeframes(b"\0\1" * 2205)
        return SimpleNamespace(stdout=out.getvalue())

    monkeypatch.setattr(phone.korean_speech.subprocess, "run", run)
    pcm, rate = espeak_korean("12월 10일 오전 10시에 예약할까요?")
    assert rate == 22050 and len(pcm) == 4410
    [command] = runs
    assert command[:3] == ["espeak-ng", "-v", "ko"] and command[-1] == "십이월 십일 오전 열 시에 예약할까요?"


def test_the_korean_voice_speaks_out_loud():
    pcm, rate = espeak_korean("안녕하세요, 하늘내과의원입니다.")
    assert len(pcm) / 2 / rate > 1.0  # more than a second of speech
