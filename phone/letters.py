"""How the line's recogniser hears a spelling: told the step it listens at, it reads letters as letters there.

At the step where the line asked the caller to spell their name (``phone.turn_taking.SPELLING``), Whisper base
left to itself writes words for letters said one by one over the phone band: flite's "F, R, ay, S, E, R" came
back "Level 4, D, D, D" and "F, R, A., S, E, R." "Sorry, that's your..." (measured by ``make bench-names``'s
spelled-letters table). With a prompt of letters spelled as a transcript writes them it writes letters:
"F, R, D, S, E, R." (one letter misheard, which the dialog's read-back puts to the caller).

A prompt makes Whisper copy it into the silence after the speech ("F, R, F, R, F, R..." as a second segment,
which it is less sure is speech), so at this step a segment after the first is kept only when Whisper is sure it
is speech and it does not repeat itself (compression ratio, Whisper's own test for a loop). The prompt is never
used elsewhere: on a "yes" it made "F, F, F, F" (and at the letters' read-back the caller says yes or no).

``AgentTurns`` tells the recogniser the step after each reply with a ``ListeningFor`` frame, sent upstream.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pipecat.frames.frames import SystemFrame

from phone.turn_taking import SPELLING

SPELLING_PROMPT = "F, R, A, S, E, R. N, G, U, Y, E, N. O, apostrophe, C, O, N, N, O, R."
"""Whisper's prompt where a spelling is expected: letters as a transcript writes them, a mark among them. A full
alphabet ("A, B, C, ...") made it write the alphabet ("A, B, C, R, D, F") and none of the names measured."""
LATER_SEGMENT_SPEECH = 0.3
"""A spelling's second segment is kept only when Whisper thinks it this unlikely or less to be silence: the
prompt copied into the silence came at 0.33-0.86."""
TAIL = 1.0
"""Seconds at a spelling's end that hold no more letters (the VAD's 0.7 s pause and the line's hiss)."""
LOOPING = 2.4
"""Whisper's compression-ratio limit: a segment more compressible than this repeats itself ("F, R, F, R, ...")."""


@dataclass
class ListeningFor(SystemFrame):
    """The step the agent waits at after its reply (``phone.turn_taking.listening_step``), for the recogniser."""

    step: str | None = None


def decoding(step: str | None) -> dict[str, Any]:
    """Whisper's options for a turn heard at ``step`` (``phone.speech.transcribe``): the prompt where letters come."""
    return {"initial_prompt": SPELLING_PROMPT} if step == SPELLING else {}


def kept_segments(step: str | None, segments: Iterable[Any], seconds: float = float("inf")) -> list[Any]:
    """The segments of a turn heard at ``step`` (``seconds`` long) that are the caller's: at a spelling, none made up.

    ``segments`` may be Whisper's generator, which decodes a segment as it is read: at a spelling, a segment that
    would start in the turn's last ``TAIL`` seconds (the VAD's pause after the letters) is never decoded.
    """
    if step != SPELLING:
        return list(segments)
    kept: list[Any] = []
    for segment in segments:
        if kept and (segment.no_speech_prob >= LATER_SEGMENT_SPEECH or segment.compression_ratio > LOOPING):
            continue
        kept.append(segment)
        if segment.end >= seconds - TAIL:
            break  # what follows is the silence after the letters, where the prompt is copied
    return kept
