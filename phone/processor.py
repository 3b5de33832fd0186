"""One Pipecat frame processor around ``VoiceAgent``: the caller's words in, what to say out.

    transport in -> VAD -> caller turns (barge-in) -> idle prompts -> speech to text -> keypad -> AgentTurns
                 -> text to speech -> transport out

Whisper gives one ``TranscriptionFrame`` per stretch of speech, its words' probabilities in ``result``; the
smart-turn model's verdict on the stretch comes as a ``MetricsFrame``. ``AgentTurns`` joins the stretches of
one caller turn (``phone.turn_taking``: the model's verdict and the wait after the question just asked) and
runs ``VoiceAgent.handle(text, words=[(word, probability), ...])`` on a worker thread (it is synchronous and may
wait between read retries); its words go downstream as a ``TTSSpeakFrame``. A stretch of speech Whisper found
no words in (a murmur, a cough) is a turn too: the agent hears ``UNHEARD`` and says it did not catch that.
Key presses reach it as transcriptions in the agent's own keypad syntax ("[DTMF] 1"), made by Pipecat's
``DTMFAggregator`` in front (``keypad()``: an ``InputDTMFFrame`` is a system frame that would overtake queued
transcriptions); where one key is the answer (the read-back's 1 or 2, a menu of times) the key acts at once.
When the call ends (DONE or HANDOFF) the goodbye is spoken and an
``EndWorkerFrame`` follows it, so the pipeline ends once the words are out; a hand-off while staff are in
also sends the transport a ``{"transfer": {...}}`` message (``VoiceAgent.transfer``): the Twilio line puts
the caller through (``phone.twilio_calls``).

On the phone line (``greet=True``) the call opens with the line's greeting, before the caller says a word;
a call the line reconnects after an unanswered transfer opens with the agent's question instead (``opening``).
After each reply the VAD is told the end-of-turn pause of the step the agent waits at (``phone.turn_taking``).
"""

from __future__ import annotations

import asyncio
import logging
import time
import traceback
from collections.abc import Callable
from typing import Any

from pipecat.audio.dtmf.types import KeypadEntry
from pipecat.frames.frames import (
    EndWorkerFrame,
    Frame,
    InputDTMFFrame,
    MetricsFrame,
    OutputTransportMessageFrame,
    StartFrame,
    TranscriptionFrame,
    TTSSpeakFrame,
    VADParamsUpdateFrame,
    VADUserStartedSpeakingFrame,
    VADUserStoppedSpeakingFrame,
)
from pipecat.metrics.metrics import TurnMetricsData
from pipecat.processors.aggregators.dtmf_aggregator import DTMFAggregator
from pipecat.processors.frame_processor import FrameDirection, FrameProcessor

from dialog.language import LANGUAGES, sentences
from dialog.turn import UNHEARD
from phone.letters import ListeningFor
from phone.turn_taking import listening_step, turn_wait, vad_params

KEYPAD_PREFIX = "[DTMF] "
"""How the agent reads key presses (``voicekit.nlu``): the aggregator writes them this way."""
ENDED = ("DONE", "HANDOFF")
_log = logging.getLogger(__name__)
GREETING = "Thank you for calling {name}. This is an automated booking line. How can I help you today?"
"""The English line's first words, as it has always said them: ``greeting`` now says the clinic's language's
``phrases.welcome``, and English's is this same sentence (tests hold the two together)."""
WORDS_GRACE = 1.0
"""Seconds a stretch of speech waits for Whisper's words before the turn is answered with what came before."""
ONE_KEY_STEPS = frozenset({"confirm", "ask_time"})
"""Where one key is the whole answer: the read-back's 1 or 2, the menu of a day's open times (one digit each)."""
Words = list[tuple[str, float]]


def _profile(agent: Any) -> Any:
    return getattr(getattr(agent, "context", None), "profile", None)


def greeting(agent: Any) -> str:
    """The line's first words: the clinic's name (its configured profile) and that a machine is answering.

    An agent with no clinic profile (a stand-in that is not a ``VoiceAgent``) has no name to say: it speaks first.
    The sentence is the clinic's language's (``phrases.welcome``: "Thank you for calling {name}. This is an automated
    booking line. How can I help you today?" in English).
    """
    profile = _profile(agent)
    return sentences("phrases", getattr(profile, "language", "en")).welcome(profile.name)


class Keypad(DTMFAggregator):
    """Pipecat's key-press aggregator, which acts on the first key at once where one key is the answer.

    Pipecat's waits ``timeout`` seconds after each key for more (a number keyed digit by digit, ended by "#");
    ``one_key`` (set by ``AgentTurns`` after each reply, from the step the agent waits at) sends a key alone.
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.one_key = False

    async def _handle_dtmf_frame(self, frame: InputDTMFFrame) -> None:
        await super()._handle_dtmf_frame(frame)
        if self.one_key and frame.button != KeypadEntry.POUND:
            await self._flush_aggregation()


def keypad(timeout: float = 2.0) -> Keypad:
    """Key presses as transcriptions the agent understands: "[DTMF] 1", "[DTMF] 5550123#"."""
    return Keypad(timeout=timeout, prefix=KEYPAD_PREFIX)


class AgentTurns(FrameProcessor):
    """Plays one call: ``agent`` is a ``VoiceAgent`` (one per call; its thread id is the call id).

    The caller's words come as one transcription per stretch of speech; they are one turn until the caller
    has been silent for the wait of the question the agent asked (``waits(step, words)``, counted from the
    end of the speech). A turn is answered in a task of its own: a caller talking over the agent interrupts
    its speech, never a turn the agent is taking (a booking's "You're booked" is said, not lost).
    """

    def __init__(self, agent: Any, *, greet: bool = False, opening: Callable[[], dict] | None = None,
                 waits: Callable[[str | None, str, bool], float] = turn_wait, keys: Keypad | None = None,
                 **kwargs: Any):
        super().__init__(**kwargs)
        if not callable(getattr(agent, "handle", None)):
            raise TypeError(f"AgentTurns needs a VoiceAgent (something with handle(text)), got {type(agent).__name__}")
        self.agent = agent
        self.greet = greet
        self.ended = False
        self._opening = opening
        self._waits = waits
        self._said: list[str] = []
        self._words: Words | None = None
        self._complete = False
        self._keys = keys
        self._step: str | None = None
        self._speaking = False
        self._speech_ended: float | None = None
        self._due: asyncio.Task | None = None
        self._turns: set[asyncio.Task] = set()
        self._answering = asyncio.Lock()
        self._pause = vad_params().stop_secs
        self._heard_at: str | None = None

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        """Greet the caller when the call starts, answer the caller's turns; pass every other frame on."""
        await super().process_frame(frame, direction)
        if isinstance(frame, TranscriptionFrame) and direction == FrameDirection.DOWNSTREAM:
            words = frame.result if isinstance(frame.result, list) else None  # Whisper's; None for keys, silence
            await self._heard(_as_the_agent_reads_it(frame.text), words)
            return
        await self.push_frame(frame, direction)
        if isinstance(frame, StartFrame):
            await self._open()
        elif isinstance(frame, MetricsFrame):
            verdicts = [d for d in frame.data if isinstance(d, TurnMetricsData)]
            if verdicts and not self._speaking:  # the smart-turn model heard the stretch just ended
                self._complete = verdicts[-1].is_complete
                if self._said:
                    await self._answer_in(self._wait())
        elif isinstance(frame, VADUserStartedSpeakingFrame):
            self._speaking, self._speech_ended, self._complete = True, None, False
            await self._cancel_due()  # the caller goes on: their turn is not over
        elif isinstance(frame, VADUserStoppedSpeakingFrame):
            self._speaking = False
            self._speech_ended = time.monotonic() - frame.stop_secs
            if self._said:  # answered after the wait even if Whisper hears nothing in this stretch
                await self._answer_in(max(self._wait(), WORDS_GRACE))

    async def cleanup(self) -> None:
        """A turn still waiting for its end is not answered once the call is over."""
        await super().cleanup()
        await self._cancel_due()
        for turn in list(self._turns):
            await self.cancel_task(turn)

    async def _open(self) -> None:
        if self._opening is not None:  # a call reconnected after a transfer: the agent speaks first
            self._start(self._run(self._opening))
        elif self.greet and _profile(self.agent) is not None:
            # A caller who hears nothing on connect does not know the line is live, nor that it is a machine.
            await self.push_frame(TTSSpeakFrame(greeting(self.agent)))

    async def _heard(self, text: str, words: Words | None = None) -> None:
        if not text.strip() and words == []:  # speech Whisper found no words in (a murmur, a cough)
            if not self._said and not self._speaking:  # alone, it is a turn: answered, never with silence
                await self._cancel_due()
                self._start(self._answer(UNHEARD, []))
            return  # beside words, or while the caller goes on, it is nothing
        if text.startswith(KEYPAD_PREFIX) or not text.strip():  # a key, or the caller's long silence
            if not text.strip() and self._said:
                return  # words are waiting for their turn's end: that is no silence
            await self._cancel_due()
            if self._said:  # words said before the key are a turn of their own, first
                self._start(self._answer(*self._take()))
            self._start(self._answer(text))
            return
        self._said.append(text)
        if words is not None:
            self._words = [*(self._words or []), *words]
        if self._speaking:
            return  # the rest of the turn is being said
        wait = self._wait()
        if wait > 0:
            await self._answer_in(wait)
        else:
            await self._cancel_due()
            self._start(self._answer(*self._take()))

    def _wait(self) -> float:
        """Seconds from now until the caller's turn is over, if they stay silent."""
        ended = self._speech_ended if self._speech_ended is not None else time.monotonic()
        return ended + self._waits(self._step, " ".join(self._said), self._complete) - time.monotonic()

    async def _answer_in(self, seconds: float) -> None:
        await self._cancel_due()
        self._due = self.create_task(self._answer_after(max(0.0, seconds)))

    async def _answer_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self._due = None  # from here the turn is being taken: a caller starting to speak no longer cancels it
        self._start(self._answer(*self._take()))

    async def _cancel_due(self) -> None:
        if self._due is not None:
            due, self._due = self._due, None
            await self.cancel_task(due)

    def _take(self) -> tuple[str, Words | None]:
        said, self._said = " ".join(self._said).strip(), []
        words, self._words = self._words, None
        return said, words

    def _start(self, turn: Any) -> None:
        task = self.create_task(turn)
        self._turns.add(task)
        task.add_done_callback(self._turns.discard)

    async def _answer(self, text: str, words: Words | None = None) -> None:
        # A typed turn (a key, the caller's silence) has no recogniser words: handle(text) as the lab contract has it.
        await self._run(lambda: self.agent.handle(text) if words is None else self.agent.handle(text, words=words))

    async def _run(self, turn: Callable[[], dict]) -> None:
        async with self._answering:
            if self.ended:
                return  # the goodbye has been said and the pipeline is ending: nothing more is spoken
            reply, self._step = await asyncio.to_thread(_taking, self.agent, turn)
            await self.push_frame(TTSSpeakFrame(reply["say"]))
            if reply["state"] in ENDED:
                self.ended = True
                transfer = getattr(self.agent, "transfer", None)
                if transfer:
                    await self.push_frame(OutputTransportMessageFrame(message={"transfer": transfer}))
                await self.push_frame(EndWorkerFrame(reason=reply["state"]))
                return
            if self._keys is not None:
                self._keys.one_key = self._step in ONE_KEY_STEPS
            if self._step != self._heard_at:  # the recogniser is upstream: it hears the next turn for this step
                self._heard_at = self._step
                await self.push_frame(ListeningFor(step=self._step), FrameDirection.UPSTREAM)
            listen = vad_params(self._step)
            if listen.stop_secs != self._pause:  # the VAD is upstream: the next turn ends on this pause
                self._pause = listen.stop_secs
                await self.push_frame(VADParamsUpdateFrame(params=listen), FrameDirection.UPSTREAM)


def _taking(agent: Any, turn: Callable[[], dict]) -> tuple[dict, str | None]:
    """The agent's reply to a turn and the step it then waits at (None for an agent that does not say)."""
    try:
        reply = turn()
    except Exception as broken:  # noqa: BLE001 - whatever broke, the caller must hear something, never silence
        # VoiceAgent.handle never raises; a wrapper around it can (the browser's did, on a keyword it lacked), and
        # inside the pipeline's task that was a silent line. Say so and end the call to staff. The log names the
        # error's type and place only: its message may hold the caller's words.
        where = traceback.extract_tb(broken.__traceback__)[-1]
        _log.error("the agent's turn raised %s at %s:%s: the caller is told and the call ends",
                   type(broken).__name__, where.filename, where.lineno)
        language = getattr(agent, "language", "en")
        said = sentences("phrases", language if language in LANGUAGES else "en").BROKEN
        return {"say": said, "state": "HANDOFF", "tool_calls": []}, None
    return reply, listening_step(agent)


def _as_the_agent_reads_it(text: str) -> str:
    """The aggregator's "[DTMF] 123#" without the terminating "#", which is not a key the agent knows."""
    if text.startswith(KEYPAD_PREFIX):
        return text.rstrip("#").rstrip()
    return text
