"""One Pipecat frame processor around ``VoiceAgent``: a final transcription in, what to say out.

    transport in -> VAD / turn -> speech-to-text -> keypad (DTMFAggregator) -> AgentTurns -> text-to-speech -> out

Each final ``TranscriptionFrame`` is one caller turn: ``VoiceAgent.handle`` runs in a worker thread (it
is synchronous and may wait between read retries), and its words go downstream as a ``TTSSpeakFrame``.
Key presses reach it as transcriptions in the agent's own keypad syntax ("[DTMF] 1"), made by Pipecat's
``DTMFAggregator`` in front (``keypad()``): an ``InputDTMFFrame`` is a system frame that would overtake
queued transcriptions. When the call ends (DONE or HANDOFF) the goodbye is spoken and an ``EndWorkerFrame``
follows it, so the pipeline ends once the words are out; a hand-off while staff are in also sends the
transport a ``{"transfer": {...}}`` message (``VoiceAgent.transfer``) for the warm transfer.

On the phone line (``greet=True``) the call opens with the line's greeting, before the caller says a word;
after each reply the VAD is told the end-of-turn pause for the question just asked (``phone.turn_taking``).
``IdlePrompts`` turns the caller's long silence into an empty turn, so the agent's silence rules run.
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
    StartFrame,
    TranscriptionFrame,
    TTSSpeakFrame,
    UserStartedSpeakingFrame,
    UserStoppedSpeakingFrame,
    VADParamsUpdateFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.processors.aggregators.dtmf_aggregator import DTMFAggregator
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor, FrameProcessorSetup
from pipecat.turns.user_idle_controller import UserIdleController

from phone.turn_taking import HOLD_SECONDS, ends_open, vad_params

KEYPAD_PREFIX = "[DTMF] "
"""How the agent reads key presses (``voicekit.nlu``): the aggregator writes them this way."""
ENDED = ("DONE", "HANDOFF")
GREETING = "Thank you for calling {name}. This is an automated booking line. How can I help you today?"
SILENT_TURN = ""
"""What the agent hears when the caller says nothing for a while: its silence rules (re-ask, then end)."""


def _profile(agent: Any) -> Any:
    return getattr(getattr(agent, "context", None), "profile", None)


def greeting(agent: Any) -> str:
    """The line's first words: the clinic's name (its configured profile) and that a machine is answering.

    An agent with no clinic profile (a stand-in that is not a ``VoiceAgent``) has no name to say: it speaks first.
    """
    return GREETING.format(name=_profile(agent).name)


def keypad(timeout: float = 2.0) -> DTMFAggregator:
    """Key presses as transcriptions the agent understands: "[DTMF] 1", "[DTMF] 5550123#"."""
    return DTMFAggregator(timeout=timeout, prefix=KEYPAD_PREFIX)


class AgentTurns(FrameProcessor):
    """Plays one call: ``agent`` is a ``VoiceAgent`` (one per call; its thread id is the call id)."""

    def __init__(self, agent: Any, *, greet: bool = False, hold_seconds: float = HOLD_SECONDS, **kwargs: Any):
        super().__init__(**kwargs)
        if not callable(getattr(agent, "handle", None)):
            raise TypeError(f"AgentTurns needs a VoiceAgent (something with handle(text)), got {type(agent).__name__}")
        self.agent = agent
        self.greet = greet
        self.ended = False
        self._hold_seconds = hold_seconds
        self._held = ""
        self._hold: asyncio.Task | None = None
        self._answering = asyncio.Lock()
        self._pause = vad_params().stop_secs

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        """Greet the caller when the call starts, answer final transcriptions; pass every other frame on."""
        await super().process_frame(frame, direction)
        if not (isinstance(frame, TranscriptionFrame) and direction == FrameDirection.DOWNSTREAM):
            await self.push_frame(frame, direction)
            if isinstance(frame, StartFrame) and self.greet and _profile(self.agent) is not None:
                # A caller who hears nothing on connect does not know the line is live, nor that it is a machine.
                await self.push_frame(TTSSpeakFrame(greeting(self.agent)))
            return
        text = _as_the_agent_reads_it(frame.text)
        if self._hold is not None:  # the rest of a turn that ended on "and": one turn
            await self.cancel_task(self._hold)
            self._hold = None
            text = f"{self._held} {text}".strip() if text.strip() else self._held
        elif ends_open(text) and not text.startswith(KEYPAD_PREFIX):
            self._held = text
            self._hold = self.create_task(self._answer_held())
            return
        await self._answer(text)

    async def cleanup(self) -> None:
        """A turn held for its rest is not answered once the call is over."""
        await super().cleanup()
        if self._hold is not None:
            await self.cancel_task(self._hold)

    async def _answer_held(self) -> None:
        await asyncio.sleep(self._hold_seconds)
        self._hold = None  # nothing followed: the turn is what was said
        await self._answer(self._held)

    async def _answer(self, text: str) -> None:
        async with self._answering:
            if self.ended:
                return  # the goodbye has been said and the pipeline is ending: nothing more is spoken
            reply = await asyncio.to_thread(self.agent.handle, text)
            await self.push_frame(TTSSpeakFrame(reply["say"]))
            if reply["state"] in ENDED:
                self.ended = True
                transfer = getattr(self.agent, "transfer", None)
                if transfer:
                    await self.push_frame(OutputTransportMessageFrame(message={"transfer": transfer}))
                await self.push_frame(EndWorkerFrame(reason=reply["state"]))
                return
            listen = vad_params(reply["state"])
            if listen.stop_secs != self._pause:  # the VAD is upstream: the next turn ends on this pause
                self._pause = listen.stop_secs
                await self.push_frame(VADParamsUpdateFrame(params=listen), FrameDirection.UPSTREAM)


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


class IdlePrompts(FrameProcessor):
    """After ``seconds`` of the caller's silence once the line stopped speaking, the agent gets a silent turn.

    Pipecat's own ``UserIdleController`` keeps the time (it starts when the bot stops speaking and is
    cancelled when anyone starts); it reads the VAD's frames here (place this right after the VAD), since
    the line has no user-turn aggregator to turn them into ``UserStarted/StoppedSpeakingFrame``.
    """

    def __init__(self, seconds: float, **kwargs: Any):
        super().__init__(**kwargs)
        self._idle = UserIdleController(user_idle_timeout=seconds)
        self._idle.add_event_handler("on_user_turn_idle", self._silent_turn)

    async def setup(self, setup: FrameProcessorSetup) -> None:  # type: ignore[override]  # as FrameProcessor's
        """Give the timer the pipeline's task manager."""
        await super().setup(setup)
        await self._idle.setup(setup)

    async def cleanup(self) -> None:
        """Stop the timer: silence after the call ended is no turn."""
        await super().cleanup()
        await self._idle.cleanup()

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        """Feed the timer what it tracks; pass every frame on."""
        await super().process_frame(frame, direction)
        await self.push_frame(frame, direction)
        if isinstance(frame, VADUserStartedSpeakingFrame):
            await self._idle.process_frame(UserStartedSpeakingFrame())
        elif isinstance(frame, VADUserStoppedSpeakingFrame):
            await self._idle.process_frame(UserStoppedSpeakingFrame())
            # Whisper may hear nothing in it (a cough): with no reply the timer would never start again.
            await self._idle.wait_for_user()
        elif isinstance(frame, (BotStartedSpeakingFrame, BotStoppedSpeakingFrame)):
            await self._idle.process_frame(frame)

    async def _silent_turn(self, _controller: Any) -> None:
        await self.push_frame(TranscriptionFrame(text=SILENT_TURN, user_id="caller", timestamp=""))
