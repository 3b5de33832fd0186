"""Short replies at the read-back are heard: "yes", "Yes, please.", "yep", "no", "correct", each one turn.

Each reply is spoken by one of flite's voices at a few levels, carried as the line carries it (8 kHz
mu-law, with a faint line hiss) and played through the line's own VAD and Whisper stages at the line's
rate (``phone.pipeline.LINE_RATE``). Every reply must start a turn and come back as the right consent word.
"""

import asyncio
import audioop  # the phone line's mu-law codec (deprecated in 3.13; the project runs on 3.11)
import re
from types import SimpleNamespace

import numpy as np
import pytest
from pipecat.frames.frames import EndFrame, Frame, InputAudioRawFrame, TranscriptionFrame, VADUserStartedSpeakingFrame
from pipecat.pipeline.pipeline import Pipeline
from pipecat.pipeline.runner import PipelineRunner
from pipecat.pipeline.task import PipelineParams, PipelineTask
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor

from phone.pipeline import LINE_RATE, listening_stages
from phone.speech import LocalWhisperSTTService, flite
from voicekit.lexicon import NO_WORDS, YES_WORDS

REPLIES = {"yes": YES_WORDS, "Yes, please.": YES_WORDS, "yep": YES_WORDS, "no": NO_WORDS, "correct": YES_WORDS}
VOICES = ["kal16", "awb", "slt", "rms"]
LEVELS = [0.25, 0.6, 1.0]
"""Gain on flite's output: a quiet handset to a loud one."""
MISHEARD = {("slt", "yes"), ("awb", "yep"), ("rms", "yep"), ("slt", "correct"), ("awb", "correct")}
"""Whisper base's misses, not the VAD's: slt's bare "yes" comes back "Man" through the 8 kHz band (right at
16 kHz, whichever resampler), awb's "yep" is "work" even clean, rms's quiet "yep" "Yuan", and slt's bare
"correct" "Direct" through the 10-second encoder window (right through the 30-second one in the pipeline), and
awb's quietest "correct" "Select" once the read-back's 0.45 s pause ends the turn (right at 0.8 s).
They are still turns (asserted): the agent asks again."""
FRAME = LINE_RATE * 2 // 50  # 20 ms of 16-bit audio at the line's rate


def on_the_line(text: str, voice: str, level: float, rng: np.random.Generator) -> bytes:
    """``text`` as the agent's pipeline receives it from Twilio: 8 kHz mu-law decoded to 16-bit PCM."""
    pcm, rate = flite(text, voice)
    pcm8, _ = audioop.ratecv(audioop.mul(pcm, 2, level), 2, 1, rate, LINE_RATE, None)
    pause = b"\0\0" * int(LINE_RATE * 1.2)  # the caller waits after a short answer
    audio = np.frombuffer(pause + pcm8 + pause, np.int16).astype(np.float64)
    hiss = rng.normal(0, 40, audio.size)  # about -58 dBFS, a quiet phone line's floor
    mixed = np.clip(audio + hiss, -32768, 32767).astype(np.int16).tobytes()
    return audioop.ulaw2lin(audioop.lin2ulaw(mixed, 2), 2)


class Heard(FrameProcessor):
    def __init__(self):
        super().__init__()
        self.turns_started, self.texts = 0, []

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        await super().process_frame(frame, direction)
        if isinstance(frame, VADUserStartedSpeakingFrame):
            self.turns_started += 1
        elif isinstance(frame, TranscriptionFrame):
            self.texts.append(frame.text)
        await self.push_frame(frame, direction)


async def listen(audio: bytes, turns: int) -> Heard:
    heard = Heard()
    task = PipelineTask(Pipeline([*listening_stages(step="confirm"), heard]),  # at the read-back's short pause
                        params=PipelineParams(audio_in_sample_rate=LINE_RATE, audio_out_sample_rate=LINE_RATE))

    async def feed() -> None:
        for at in range(0, len(audio), FRAME):
            await task.queue_frame(InputAudioRawFrame(audio=audio[at:at + FRAME], sample_rate=LINE_RATE,
                                                      num_channels=1))
            await asyncio.sleep(0.001)  # faster than real time; VAD counts audio, not the clock
        for _ in range(100):  # Whisper's turn, up to 10 s
            if len(heard.texts) >= turns:
                break
            await asyncio.sleep(0.1)
        await task.queue_frame(EndFrame())

    runner = PipelineRunner(handle_sigint=False)
    await asyncio.gather(runner.run(task), feed())
    return heard


def first_word(text: str) -> str:
    words = re.findall(r"[a-z']+", text.lower())
    return words[0] if words else ""


@pytest.mark.parametrize("voice", VOICES)
@pytest.mark.parametrize("level", LEVELS)
def test_short_replies_start_a_turn_and_are_heard_as_the_consent_word(voice, level):
    rng = np.random.default_rng(31)
    call = b"".join(on_the_line(reply, voice, level, rng) for reply in REPLIES)
    heard = asyncio.run(listen(call, len(REPLIES)))
    assert heard.turns_started == len(REPLIES) == len(heard.texts), heard.texts
    wrong = [(reply, text) for (reply, words), text in zip(REPLIES.items(), heard.texts, strict=True)
             if first_word(text) not in words and (voice, reply) not in MISHEARD]
    assert not wrong, heard.texts


class Unsure:
    """Whisper as measured on the line: "Yes, that's right." heard right, with a no_speech_prob of 0.45."""

    def transcribe(self, audio, **options):
        return iter([SimpleNamespace(text=" Yes, that's right.", no_speech_prob=0.45)]), None


def test_a_confirmation_whisper_heard_right_but_was_unsure_was_speech_is_kept():
    """Pipecat's 0.4 filter threw it away: the VAD has already said it is speech."""
    stt = LocalWhisperSTTService()
    stt._model = Unsure()

    async def transcribe() -> list[str]:
        return [f.text async for f in stt.run_stt(b"\0\0" * LINE_RATE) if isinstance(f, TranscriptionFrame)]

    assert [text.strip() for text in asyncio.run(transcribe())] == ["Yes, that's right."]
