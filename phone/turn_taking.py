"""When a caller's turn is over: the VAD's pause, shorter only where a short answer is expected.

A yes/no question (the read-back, CONFIRM) gets a 0.45 s end-of-turn; every other question keeps 0.8 s,
since people pause mid-sentence there ("Book me on Tuesday at ten a m, | my name is Jamie"). A turn that
ends on a conjunction or a filler ("yes, and", "sure, um") is held for what follows, so a short pause
never cuts "yes, and can you make it Wednesday" into a booking and a question.
"""

from __future__ import annotations

import re

from pipecat.audio.vad.vad_analyzer import VADParams

CALLER_PAUSE = 0.8
"""Seconds of silence that end a caller's turn. Silero's 0.2 s default split "Book me on Tuesday at ten a m,
| my name is Jamie" into two turns; on a phone line people pause mid-sentence."""
SHORT_ANSWER_PAUSE = 0.45
"""The end-of-turn after a yes/no question: "yes" is over when it is said."""
SHORT_ANSWER_STATES = frozenset({"CONFIRM"})
MIN_VOLUME = 0.5
"""Silero's loudness gate: its 0.6 default sat just above a phone line's noise floor (~0.54), under a quiet "yes"."""
HOLD_SECONDS = 1.5
"""How long a turn ending on "and" or "um" waits for the rest before it is answered as it is."""
OPEN_ENDINGS = frozenset({"and", "but", "or", "so", "also", "plus", "because", "um", "uh", "er", "erm", "hmm"})


def vad_params(state: str | None = None) -> VADParams:
    """The VAD's settings while the agent waits in ``state`` (None: the call's start)."""
    pause = SHORT_ANSWER_PAUSE if state in SHORT_ANSWER_STATES else CALLER_PAUSE
    return VADParams(stop_secs=pause, min_volume=MIN_VOLUME)


def ends_open(text: str) -> bool:
    """Whether ``text`` stops on a word that says more is coming ("yes, and", "sure, um")."""
    words = re.findall(r"[a-z']+", text.lower())
    return bool(words) and words[-1] in OPEN_ENDINGS
