"""When a caller's turn is over: the wait of the question just asked, and never on a word that needs more.

After each reply the VAD is told the end-of-turn pause of the step the agent now waits at (``TURN_WAITS``):
a day, a time, a name or a yes is over when it is said; an open question waits longer (people pause
mid-sentence there: "Book me on Tuesday at ten a m, | my name is Jamie"), a phone number longest (it is read
out in groups). The pause is the whole stretch of speech, so Whisper hears it whole (cut at 0.3 s, "Yes,
please." came back "Yes." and "wave."). Speech that resumes before the answer joins the turn; a turn that ends
on a conjunction or a filler ("yes, and", "sure, um") is held for what follows, so a short pause never cuts
"yes, and can you make it Wednesday" into a booking and a question.
"""

from __future__ import annotations

import re

from pipecat.audio.vad.vad_analyzer import VADParams

OPEN_QUESTION_WAIT = 0.8
"""Seconds of the caller's silence that end a turn after an open question ("How can I help?"). Silero's 0.2 s
default split "Book me on Tuesday at ten a m, | my name is Jamie" into two turns."""
TURN_WAITS = {"ask_day": 0.45, "ask_time": 0.45, "ask_name": 0.5, "confirm": 0.45, "ask_phone": 1.2}
"""The wait where a short answer is expected, by the step the agent waits at (``VoiceAgent.node``). A day, a
time, a name, a yes is over when it is said; a phone number is read out in groups, with pauses between."""
MIN_VOLUME = 0.5
"""Silero's loudness gate: its 0.6 default sat just above a phone line's noise floor (~0.54), under a quiet "yes"."""
HOLD_SECONDS = 1.5
"""How long a turn ending on "and" or "um" waits for the rest before it is answered as it is."""
OPEN_ENDINGS = frozenset({"and", "but", "or", "so", "also", "plus", "because", "um", "uh", "er", "erm", "hmm",
                          "at", "on", "for", "to", "the", "a", "an", "is", "my", "of", "with", "about", "around",
                          "by", "from", "next"})
"""Words no caller ends a sentence on: a conjunction, a filler, or a word that needs the rest ("at", "my", "is")."""


def pause_at(step: str | None) -> float:
    """The end-of-turn pause while the agent waits at ``step`` (None: the call's opening question)."""
    return TURN_WAITS.get(step or "", OPEN_QUESTION_WAIT)


def vad_params(step: str | None = None) -> VADParams:
    """The VAD's settings while the agent waits at ``step``."""
    return VADParams(stop_secs=pause_at(step), min_volume=MIN_VOLUME)


def turn_wait(step: str | None, said: str) -> float:
    """Seconds of silence after ``said`` (from the end of its speech) before the agent answers it, at ``step``."""
    return HOLD_SECONDS if ends_open(said) else pause_at(step)


def ends_open(text: str) -> bool:
    """Whether ``text`` stops on a word that says more is coming ("yes, and", "sure, um", "Tuesday at")."""
    words = re.findall(r"[a-z0-9']+", text.lower())  # "at 10" ends on 10
    return bool(words) and words[-1] in OPEN_ENDINGS
