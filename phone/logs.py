"""Keeping callers' words out of the logs Pipecat writes.

Pipecat logs through loguru, whose default sink prints everything from DEBUG up to stderr, and at DEBUG it
prints every transcript ("Transcription: [my name is Jamie...]") and every reply it speaks ("Generating
TTS [...]"); its speech services' warnings quote the text too ("not speaking [...]"). A worker that serves
calls replaces that sink with ``keep_caller_words_out_of_logs()``, once, at start.
"""

from __future__ import annotations

import sys
from typing import Any

PIPECAT_LEVEL = "WARNING"
"""Pipecat's records below this are dropped: its INFO and DEBUG lines are a call's play-by-play."""
SPEECH_LEVEL = "ERROR"
"""Pipecat's speech services (``pipecat.services``) quote the words in their warnings."""
QUOTING = {"pipecat.services": SPEECH_LEVEL, "pipecat.transports.smallwebrtc": "CRITICAL"}
"""Pipecat's modules that quote what a caller sent, and the lowest level of theirs written: the browser call's
transport logs a data-channel message it cannot read whole, at ERROR (a typed turn is a caller's words)."""


def caller_safe(record: Any) -> bool:
    """Whether a loguru record may be written: Pipecat's quiet levels and its speech services' warnings are not."""
    name = record["name"] or ""
    if not name.startswith("pipecat"):
        return True
    floor = next((level for module, level in QUOTING.items() if name.startswith(module)), PIPECAT_LEVEL)
    from loguru import logger

    return bool(record["level"].no >= logger.level(floor).no)


def keep_caller_words_out_of_logs(sink: Any = None, *, remove_default: bool = True, level: str = "INFO") -> int:
    """Write loguru's records to ``sink`` (default stderr) without the ones that carry callers' words.

    Args:
        sink: Where the records go (anything ``loguru.logger.add`` takes).
        remove_default: Remove loguru's sinks first (at a worker's start, that is its default one: stderr from
            DEBUG up); a test watching the records with sinks of its own passes False.
        level: The lowest level written for records that are not Pipecat's.

    Returns:
        The sink's id, for ``loguru.logger.remove``.
    """
    from loguru import logger

    if remove_default:
        logger.remove()
    return logger.add(sys.stderr if sink is None else sink, level=level, filter=caller_safe)
