"""How the line hears a caller's turns begin and go quiet: Pipecat's user-turn strategies and idle timer.

``caller_turns()`` is Pipecat's ``UserTurnProcessor``: a turn starts when the VAD hears speech, and starting
interrupts the line's speech in progress (barge-in: "hold on" while the agent speaks cuts it off); it ends
when the VAD's stretch of speech ends. There Pipecat's smart-turn v3 model (``LocalSmartTurnAnalyzerV3``, its
ONNX weights inside pipecat-ai, one session shared by the worker's calls) hears the stretch's audio and says
whether the caller sounds finished; its verdict goes downstream as Pipecat's ``TurnMetricsData``, and the agent's
side decides from it, the question asked and the words whether the turn is over (``phone.turn_taking``).
``IdlePrompts`` gives the agent a silent turn after the caller's long silence.
"""

from __future__ import annotations

import functools
from typing import Any

from pipecat.audio.turn.smart_turn.base_smart_turn import BaseSmartTurn, SmartTurnParams
from pipecat.audio.turn.smart_turn.local_smart_turn_v3 import LocalSmartTurnAnalyzerV3
from pipecat.frames.frames import (
    BotStartedSpeakingFrame,
    BotStoppedSpeakingFrame,
    Frame,
    InputAudioRawFrame,
    MetricsFrame,
    TranscriptionFrame,
    UserStartedSpeakingFrame,
    UserStoppedSpeakingFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor, FrameProcessorSetup
from pipecat.turns.types import ProcessFrameResult
from pipecat.turns.user_idle_controller import UserIdleController
from pipecat.turns.user_start import VADUserTurnStartStrategy
from pipecat.turns.user_stop import BaseUserTurnStopStrategy
from pipecat.turns.user_turn_processor import UserTurnProcessor
from pipecat.turns.user_turn_strategies import UserTurnStrategies

from phone.turn_taking import HOLD_SECONDS

SILENT_TURN = ""
"""What the agent hears when the caller says nothing for a while: its silence rules (re-ask, then end)."""


class SpeechStretchOver(BaseUserTurnStopStrategy):
    """Pipecat's user turn ends with the VAD's stretch of speech, after the smart-turn model has heard it.

    Pipecat's own stop strategies hold the user turn open until a transcript or the model's "complete": on the
    line the agent's side, which knows the question asked, joins stretches into a caller's turn
    (``AgentTurns``), and a new stretch must start a new user turn, or its barge-in would never fire. So the
    model's verdict on each stretch is sent downstream (a ``MetricsFrame`` with its ``TurnMetricsData``) for
    that side to use, and the user turn ends at once.
    """

    def __init__(self, turn_model: BaseSmartTurn | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self._model = turn_model
        self._speaking = False

    async def setup(self, setup: FrameProcessorSetup) -> None:  # type: ignore[override]  # as the base's
        """The model hears the pipeline's input rate."""
        await super().setup(setup)
        if self._model is not None:
            self._model.set_sample_rate(setup.audio_in_sample_rate)

    async def cleanup(self) -> None:
        """Stop the model's thread."""
        await super().cleanup()
        if self._model is not None:
            await self._model.cleanup()

    async def process_frame(self, frame: Frame) -> ProcessFrameResult:
        """Feed the model the caller's audio; at the end of a stretch, its verdict, then the user turn's end."""
        await super().process_frame(frame)
        if isinstance(frame, VADUserStartedSpeakingFrame):
            self._speaking = True
        elif isinstance(frame, InputAudioRawFrame) and self._model is not None:
            self._model.append_audio(frame.audio, self._speaking)
        elif isinstance(frame, VADUserStoppedSpeakingFrame):
            self._speaking = False
            if self._model is not None:
                _, verdict = await self._model.analyze_end_of_turn()  # on the model's own thread
                if verdict is not None:
                    await self.push_frame(MetricsFrame(data=[verdict]))
            await self.trigger_user_turn_stopped()
        return ProcessFrameResult.CONTINUE


@functools.cache
def _smart_turn_session() -> Any:
    """Pipecat's bundled smart-turn v3 model as one ONNX session (~0.2 s to load), shared by a worker's calls."""
    return LocalSmartTurnAnalyzerV3()._session


def load_smart_turn() -> None:
    """Load the model now (the worker does it as it starts, off its event loop)."""
    _smart_turn_session()


class CallerTurnModel(LocalSmartTurnAnalyzerV3):
    """One call's smart-turn analyzer: its own audio and state, the worker's one ONNX session.

    Its silence limit is the longest wait the line has (a held "yes, and"): after it the analyzer forgets the
    turn's audio by itself, so the next turn is heard alone.
    """

    def __init__(self) -> None:  # not LocalSmartTurnAnalyzerV3's: it would load a session for every call
        BaseSmartTurn.__init__(self, params=SmartTurnParams(stop_secs=HOLD_SECONDS + 0.5))
        self._log_data = False
        self._session = _smart_turn_session()


def caller_turns(turn_model: BaseSmartTurn | None = None) -> UserTurnProcessor:
    """Pipecat's user-turn processor for the line: VAD start with barge-in, end with the stretch of speech.

    ``turn_model``: the smart-turn analyzer that hears each stretch (``CallerTurnModel()`` on the line).
    """
    strategies = UserTurnStrategies(start=[VADUserTurnStartStrategy(enable_interruptions=True)],
                                    stop=[SpeechStretchOver(turn_model)])
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
