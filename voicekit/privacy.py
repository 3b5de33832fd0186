"""What a caller must never have repeated or stored: card, ID and account numbers; and text JSON cannot carry.

Applied once at every edge where caller text comes in (``VoiceAgent.handle``, the HTTP service, the
graph's own state reducer), before anything is parsed, said, logged or checkpointed.
"""

from __future__ import annotations

import re

MASK = "[redacted]"
# Six or more digits, whatever separates them (spaces, tabs, line breaks, no-break spaces, commas, full
# stops, slashes, underscores, hyphens and dashes, up to three at a time): card, ID and account numbers.
_SEPARATOR = r"[\s,./_\-\u2010-\u2015]{0,3}"
_SENSITIVE_RE = re.compile(rf"(?<![\d:])\d(?:{_SEPARATOR}\d){{5,}}(?![\d:])")
_DIGIT_WORDS = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_SPOKEN_DIGITS_RE = re.compile(rf"\b{_DIGIT_WORDS}(?:[\s,.\-]+{_DIGIT_WORDS}){{5,}}\b", re.IGNORECASE)


def replace_lone_surrogates(text: str) -> str:
    """Text with every unpaired surrogate (invalid in UTF-8; JSON can carry one) replaced by U+FFFD."""
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


def mask_sensitive(text: str) -> str:
    """Replace card numbers, national ID numbers and other 6+ digit strings (digits or words) with [redacted]."""
    if not isinstance(text, str):
        return text
    return _SPOKEN_DIGITS_RE.sub(MASK, _SENSITIVE_RE.sub(MASK, text))
