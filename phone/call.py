"""Play a recorded caller through the phone pipeline, offline, and hear the agent: ``make call WAV=caller.wav``.

    .venv/bin/python -m phone.call caller.wav [next.wav ...] [--out reply.wav]

Each WAV is one caller turn (any rate, mono or stereo): it goes through the same VAD, Whisper, keypad,
agent and flite stages as a phone call (phone/pipeline.py; only the network transport is left out), with a
second of silence after it so the turn ends. The agent's spoken replies are written to one WAV (16 kHz),
and the transcript (what Whisper heard, what the agent said, its state) is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import audioop  # the project runs on Python 3.11, where it is still part of the standard library
import sys
import wave
from pathlib import Path

from pipecat.frames.frames import (
    EndFrame,
    Frame,
    InputAudioRawFrame,
    TranscriptionFrame,
    TTSAudioRawFrame,
    TTSSpeakFrame,
)
from pipecat.pipeline.pipeline import Pipeline
from pipecat.pipeline.runner import PipelineRunner
from pipecat.pipeline.task import PipelineParams, PipelineTask
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor

RATE = 16000
FRAME_BYTES = RATE * 2 // 50  # 20 ms of 16-bit audio
TURN_SECONDS = 6.0
"""How long the call waits after a turn for the agent to hear it, answer and speak."""


class _Notes(FrameProcessor):
    """Notes what Whisper heard and what the agent says, and keeps the agent's audio (16 kHz)."""

    def __init__(self, transcript: list[str]):
        super().__init__()
        self.transcript, self.audio = transcript, bytearray()

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        await super().process_frame(frame, direction)
        if isinstance(frame, TranscriptionFrame):
            self.transcript.append(f"caller> {frame.text}")
        elif isinstance(frame, TTSSpeakFrame):
            self.transcript.append(f"agent>  {frame.text}")
        elif isinstance(frame, TTSAudioRawFrame):
            converted, _ = audioop.ratecv(frame.audio, 2, 1, frame.sample_rate, RATE, None)
            self.audio += converted
        await self.push_frame(frame, direction)


def read_caller(path: Path) -> bytes:
    """A WAV file as 16 kHz mono 16-bit audio, with a second of silence after it."""
    with wave.open(str(path)) as read:
        if read.getsampwidth() != 2:
            raise ValueError(f"{path}: 16-bit PCM WAV needed, got {8 * read.getsampwidth()}-bit")
        pcm, rate, channels = read.readframes(read.getnframes()), read.getframerate(), read.getnchannels()
    if channels == 2:
        pcm = audioop.tomono(pcm, 2, 0.5, 0.5)
    pcm, _ = audioop.ratecv(pcm, 2, 1, rate, RATE, None)
    return pcm + b"\0" * RATE * 2


async def play(agent: object, turns: list[bytes]) -> tuple[bytes, list[str]]:
    """The agent's audio and the transcript of a call made of ``turns`` (16 kHz audio each)."""
    from phone.pipeline import phone_stages

    transcript: list[str] = []
    vad, barge_in, idle, stt, keys, agent_turns, tts = phone_stages(agent)
    heard, said, speech = _Notes(transcript), _Notes(transcript), _Notes(transcript)
    pipeline = Pipeline([vad, barge_in, idle, stt, heard, keys, agent_turns, said, tts, speech])
    task = PipelineTask(pipeline, params=PipelineParams(audio_in_sample_rate=RATE, audio_out_sample_rate=RATE))

    async def feed() -> None:
        for audio in turns:
            for at in range(0, len(audio), FRAME_BYTES):
                await task.queue_frame(InputAudioRawFrame(audio=audio[at:at + FRAME_BYTES], sample_rate=RATE,
                                                          num_channels=1))
                await asyncio.sleep(0.001)
            await asyncio.sleep(TURN_SECONDS)  # time to hear, answer and speak before the next turn
        await task.queue_frame(EndFrame())

    runner = PipelineRunner(handle_sigint=False)
    await runner.add_workers(task)
    await asyncio.gather(runner.run(), feed())
    return bytes(speech.audio), transcript


def main(argv: list[str] | None = None) -> int:
    """Play the WAVs, write the reply WAV, print the transcript."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("wavs", nargs="+", type=Path, help="one WAV per caller turn")
    parser.add_argument("--out", type=Path, default=Path("agent_reply.wav"))
    args = parser.parse_args(argv)
    from dialog.config import DEMO_CONFIG
    from dialog.config_file import config_from_env
    from graph.voice_agent import VoiceAgent

    config = config_from_env() or DEMO_CONFIG  # CLINIC_CONFIG: the clinic's hours, numbers and calendar
    api = config.open_calendar()
    agent = VoiceAgent(api, sleep=lambda s: None, profile=config.profile)
    audio, transcript = asyncio.run(play(agent, [read_caller(p) for p in args.wavs]))
    with wave.open(str(args.out), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(audio)
    print("\n".join(transcript))
    print(f"agent state {agent.state}; bookings {getattr(api, 'bookings', None) or 'none'}")
    print(f"wrote {args.out} ({len(audio) / RATE / 2:.1f} s of the agent speaking)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
