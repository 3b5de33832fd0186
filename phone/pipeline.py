"""The phone line as one Pipecat pipeline.

transport -> VAD -> barge-in -> speech to text -> keypad -> agent -> text to speech -> transport
"""

from __future__ import annotations

from typing import Any

from pipecat.audio.vad.silero import SileroVADAnalyzer
from pipecat.audio.vad.vad_analyzer import VADParams
from pipecat.pipeline.pipeline import Pipeline
from pipecat.processors.audio.vad_processor import VADProcessor

from phone.processor import AgentTurns, BargeIn, keypad
from phone.speech import FliteTTSService, LocalWhisperSTTService

CALLER_PAUSE = 0.8
"""Seconds of silence that end a caller's turn. Silero's 0.2 s default split "Book me on Tuesday at ten a m,
| my name is Jamie" into two turns; on a phone line people pause mid-sentence."""


def phone_stages(agent: Any, stt: Any = None, tts: Any = None) -> list[Any]:
    """The stages between a transport's input and output; speech services default to the offline ones."""
    return [
        VADProcessor(vad_analyzer=SileroVADAnalyzer(params=VADParams(stop_secs=CALLER_PAUSE))),
        BargeIn(),
        stt or LocalWhisperSTTService(),
        keypad(),
        AgentTurns(agent),
        tts or FliteTTSService(),
    ]


def phone_pipeline(agent: Any, transport: Any, stt: Any = None, tts: Any = None) -> Pipeline:
    """One call's pipeline around ``agent`` (a ``VoiceAgent``)."""
    return Pipeline([transport.input(), *phone_stages(agent, stt, tts), transport.output()])
