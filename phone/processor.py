"""One Pipecat frame processor around ``VoiceAgent``: a final transcription in, what to say out.

    transport in -> VAD / turn -> speech-to-text -> keypad (DTMFAggregator) -> AgentTurns -> text-to-speech -> out

Each final ``TranscriptionFrame`` is one caller turn: ``VoiceAgent.handle`` runs in a worker thread (it
is synchronous and may wait between read retries), and its words go downstream as a ``TTSSpeakFrame``.
Key presses reach it as transcriptions in the agent's own keypad syntax ("[DTMF] 1"), made by Pipecat's
``DTMFAggregator`` in front (``keypad()``): an ``InputDTMFFrame`` is a system frame that would overtake
queued transcriptions. When the call ends (DONE or HANDOFF) the goodbye is spoken and an ``EndWorkerFrame``
follows it, so the pipeline ends once the words are out; a hand-off while staff are in also sends the
transport a ``{"transfer": {...}}`` message (``VoiceAgent.transfer``) for the warm transfer.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pipecat.frames.frames import (
    BotStartedSpeakingFrame,
    BotStoppedSpeakingFrame,
    EndWorkerFrame,
    Frame,
    OutputTransportMessageFrame,
    TranscriptionFrame,
    TTSSpeakFrame,
    VADUserStartedSpeakingFrame,
)
from pipecat.processors.aggregators.dtmf_aggregator import DTMFAggregator
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor

KEYPAD_PREFIX = "[DTMF] "
"""How the agent reads key presses (``voicekit.nlu``): the aggregator writes them this way."""
ENDED = ("DONE", "HANDOFF")


def keypad(timeout: float = 2.0) -> DTMFAggregator:
    """Key presses as transcriptions the agent understands: "[DTMF] 1", "[DTMF] 5550123#"."""
    return DTMFAggregator(timeout=timeout, prefix=KEYPAD_PREFIX)


class AgentTurns(FrameProcessor):
    """Plays one call: ``agent`` is a ``VoiceAgent`` (one per call; its thread id is the call id)."""

    def __init__(self, agent: Any, **kwargs: Any):
        super().__init__(**kwargs)
        if not callable(getattr(agent, "handle", None)):
            raise TypeError(f"AgentTurns needs a VoiceAgent (something with handle(text)), got {type(agent).__name__}")
        self.agent = agent
        self.ended = False

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        """Answer final transcriptions; pass every other frame on."""
        await super().process_frame(frame, direction)
        if not (isinstance(frame, TranscriptionFrame) and direction == FrameDirection.DOWNSTREAM):
            await self.push_frame(frame, direction)
            return
        if self.ended:
            return  # the goodbye has been said and the pipeline is ending: nothing more is spoken
        reply = await asyncio.to_thread(self.agent.handle, _as_the_agent_reads_it(frame.text))
        await self.push_frame(TTSSpeakFrame(reply["say"]))
        if reply["state"] in ENDED:
            self.ended = True
            transfer = getattr(self.agent, "transfer", None)
            if transfer:
                await self.push_frame(OutputTransportMessageFrame(message={"transfer": transfer}))
            await self.push_frame(EndWorkerFrame(reason=reply["state"]))


def _as_the_agent_reads_it(text: str) -> str:
    """The aggregator's "[DTMF] 123#" without the terminating "#", which is not a key the agent knows."""
    if text.startswith(KEYPAD_PREFIX):
        return text.rstrip("#").rstrip()
    return text


class BargeIn(FrameProcessor):
    """A caller who starts talking while the agent speaks cuts the agent off (place it right after the VAD).

    The output transport reports the agent's speech upstream (``BotStarted/StoppedSpeakingFrame``); when the
    VAD hears the caller start meanwhile, an interruption goes both ways, which stops the speech in progress.
    What the caller says is then a turn like any other ("hold on" gets "Sure, take your time.").
    """

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.agent_speaking = False

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        """Track the agent's speech; interrupt it when the caller starts talking over it."""
        await super().process_frame(frame, direction)
        if isinstance(frame, BotStartedSpeakingFrame):
            self.agent_speaking = True
        elif isinstance(frame, BotStoppedSpeakingFrame):
            self.agent_speaking = False
        await self.push_frame(frame, direction)
        if isinstance(frame, VADUserStartedSpeakingFrame) and self.agent_speaking:
            self.agent_speaking = False
            await self.broadcast_interruption()
