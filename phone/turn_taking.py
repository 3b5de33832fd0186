"""When a caller's turn is over: heard from the audio, the wait of the question asked, never on a word that needs more.

A stretch of speech ends after a short silence (``STRETCH_ENDS``: the VAD's pause, told after each reply), and
Whisper reads it at once. Pipecat's smart-turn model (``phone.listening``) then says whether the caller sounds
done: if so, the turn is answered as soon as its words are in; if not, the line waits the step's longer pause
(``TURN_WAITS``, from the end of the speech): a day, a time, a name or a yes is over when it is said; an open
question waits longer (people pause mid-sentence there: "Book me on Tuesday at ten a m, | my name is Jamie"), a
phone number longest (it is read out in groups, and there the model's word is never taken: "six one seven"
sounds finished). Speech that resumes before the answer joins the turn; a turn that ends on a conjunction or a
filler ("yes, and", "sure, um") is held for what follows whatever the model says, so a short pause never cuts
"yes, and can you make it Wednesday" into a booking and a question.
"""

from __future__ import annotations

import re
from typing import Any

from pipecat.audio.vad.vad_analyzer import VADParams

SPELLING = "spelling"
"""The step where the line asked the caller to spell their name (``VoiceAgent.spelling_asked`` at ``spell_name``):
letters come one by one with pauses between them, and a recogniser writes letters there only when told
(``phone.letters``)."""
OPEN_QUESTION_WAIT = 0.8
"""Seconds of the caller's silence that end a turn after an open question ("How can I help?"). Silero's 0.2 s
default split "Book me on Tuesday at ten a m, | my name is Jamie" into two turns."""
TURN_WAITS = {"ask_day": 0.45, "ask_time": 0.45, "ask_name": 0.5, "confirm": 0.45, "ask_phone": 1.2, SPELLING: 1.2}
"""The wait where a short answer is expected, by the step the agent waits at (``VoiceAgent.node``). A day, a
time, a name, a yes is over when it is said; a phone number is read out in groups, with pauses between, and so is
a spelling ("F, R, A, | S, E, R")."""
STRETCH_ENDS = {"ask_day": 0.4, "ask_time": 0.4, "ask_name": 0.4, "confirm": 0.4, SPELLING: 0.7}
"""The VAD's pause (seconds) that ends a stretch of speech where a short answer is expected; 0.45 s elsewhere
(an open question, a phone number), where a whole sentence read at once is heard better than its pieces. At
0.3 s "Yes, please." came apart in two stretches and Whisper heard "please" alone as "wave."
(``tests/integration_tests/test_short_replies.py``); at 0.4 s each short reply is still one stretch. A spelling's
letters are read as one stretch (0.7 s): Whisper alone on "R" or "ay, S" writes words ("Are", "Level 4"), not
letters."""
STRETCH_END = 0.45
MODEL_NOT_TRUSTED = frozenset({"ask_phone", SPELLING})
"""Steps where smart-turn's "complete" does not end the turn: a number read in groups sounds done after each, and
so does each letter of a spelling."""
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


def listening_step(agent: Any) -> str | None:
    """The step the line listens at after ``agent``'s reply: its graph node, or ``SPELLING`` where it asked to spell.

    ``agent.node`` is the node waiting (None for a stand-in that does not say); at ``spell_name`` the caller may be
    spelling (``spelling_asked``) or answering the letters read back ("yes", "no"), which are heard as any answer.
    """
    step = getattr(agent, "node", None)
    if not isinstance(step, str):
        return None
    return SPELLING if step == "spell_name" and getattr(agent, "spelling_asked", False) is True else step


def vad_params(step: str | None = None) -> VADParams:
    """The VAD's settings while the agent waits at ``step``: a stretch of speech ends after its short pause."""
    return VADParams(stop_secs=min(STRETCH_ENDS.get(step or "", STRETCH_END), pause_at(step)), min_volume=MIN_VOLUME)


def turn_wait(step: str | None, said: str, complete: bool = False) -> float:
    """Seconds of silence after ``said`` (from the end of its speech) before the agent answers it, at ``step``.

    ``complete``: the smart-turn model heard the caller finish (then the stretch's own pause is the whole wait).
    """
    if ends_open(said):
        return HOLD_SECONDS
    if complete and step not in MODEL_NOT_TRUSTED:
        return vad_params(step).stop_secs
    return pause_at(step)


def ends_open(text: str) -> bool:
    """Whether ``text`` stops on a word that says more is coming ("yes, and", "sure, um", "Tuesday at")."""
    words = re.findall(r"[a-z0-9']+", text.lower())  # "at 10" ends on 10
    return bool(words) and words[-1] in OPEN_ENDINGS
