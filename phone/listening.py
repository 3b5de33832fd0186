"""How the line hears a caller's turns begin and go quiet: Pipecat's user-turn strategies and idle timer.

``caller_turns()`` is Pipecat's ``UserTurnProcessor``: a turn starts when the VAD hears speech, and starting
interrupts the line's speech in progress (barge-in: "hold on" while the agent speaks cuts it off); it ends
when the VAD's stretch of speech ends, and the agent decides from the words whether the caller is done
(``phone.turn_taking``). ``IdlePrompts`` gives the agent a silent turn after the caller's long silence.
"""

from __future__ import annotations

from typing import Any

from pipecat.frames.frames import (
    BotStartedSpeakingFrame,
    BotStoppedSpeakingFrame,
    Frame,
    TranscriptionFrame,
    UserStartedSpeakingFrame,
    UserStoppedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor, FrameProcessorSetup
from pipecat.turns.types import ProcessFrameResult
from pipecat.turns.user_idle_controller import UserIdleController
from pipecat.turns.user_start import VADUserTurnStartStrategy
from pipecat.turns.user_stop import BaseUserTurnStopStrategy
from pipecat.turns.user_turn_processor import UserTurnProcessor
from pipecat.turns.user_turn_strategies import UserTurnStrategies

SILENT_TURN = ""
"""What the agent hears when the caller says nothing for a while: its silence rules (re-ask, then end)."""


class SpeechStretchOver(BaseUserTurnStopStrategy):
    """Pipecat's user turn ends with the VAD's stretch of speech; the agent joins stretches into a caller's turn.

    Pipecat's own stop strategies wait for a transcript or a turn model: on the line the agent's wait, which
    knows the question asked, decides (``AgentTurns``), and a new stretch must start a new user turn, or its
    barge-in would never fire.
    """

    async def process_frame(self, frame: Frame) -> ProcessFrameResult:
        """End the user turn when the VAD hears the caller stop."""
        await super().process_frame(frame)
        if isinstance(frame, VADUserStoppedSpeakingFrame):
            await self.trigger_user_turn_stopped()
        return ProcessFrameResult.CONTINUE


def caller_turns() -> UserTurnProcessor:
    """Pipecat's user-turn processor for the line: VAD start with barge-in, end with the stretch of speech."""
    strategies = UserTurnStrategies(start=[VADUserTurnStartStrategy(enable_interruptions=True)],
                                    stop=[SpeechStretchOver()])
    return UserTurnProcessor(user_turn_strategies=strategies)


class IdlePrompts(FrameProcessor):
    """After ``seconds`` of the caller's silence once the line stopped speaking, the agent gets a silent turn.

    Pipecat's own ``UserIdleController`` keeps the time (it starts when the bot stops speaking and is
    cancelled when anyone starts); place this after ``caller_turns()``, whose user-turn frames it reads.
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
        if isinstance(frame, (UserStartedSpeakingFrame, BotStartedSpeakingFrame, BotStoppedSpeakingFrame)):
            await self._idle.process_frame(frame)
        elif isinstance(frame, UserStoppedSpeakingFrame):
            await self._idle.process_frame(frame)
            # Whisper may hear nothing in it (a cough): with no reply the timer would never start again.
            await self._idle.wait_for_user()

    async def _silent_turn(self, _controller: Any) -> None:
        await self.push_frame(TranscriptionFrame(text=SILENT_TURN, user_id="caller", timestamp=""))
