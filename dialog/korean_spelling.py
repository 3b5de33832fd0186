"""A Korean name said again syllable by syllable, where the line asked for it ("이, 하, 늘"): its ``Spelling``.

Hangul is not spelled letter by letter on the phone: asked "성함을 한 글자씩 천천히 말씀해 주시겠어요?", a caller
says the syllables one at a time ("이, 하, 늘", "이 하 늘이요") or the name again whole ("이하늘이에요"). A yes, a
no, a stop or a pause is never a name ("네", "아니요", "잠깐만요": English's speller would take "아니요" for one).

Only glue: the Korean parser (``voicekit.nlu.ko``) decides what a turn is and what a bare name is; this module
only reads single syllables in a row. When that parser offers its own ``spelled``, it is used instead.
"""

from __future__ import annotations

import re

from voicekit.nlu import ko
from voicekit.nlu.spelling import Spelling

_SYLLABLE_RUN = re.compile(r"[가-힣](?:[\s,.·\-]+[가-힣])+")
_ENDINGS = re.compile(r"(?:이요|이에요|예요|입니다|이고요|요)[.!]?$")
_LONGEST = 60  # a name said syllable by syllable is short; anything longer is something else


def spelled(text: str) -> Spelling | None:
    """The name a Korean turn spells or says whole at the spelling question, or None when it is no name."""
    own = getattr(ko, "spelled", None)
    if callable(own):
        return own(text)
    said = text.strip()
    if not said or len(said) > _LONGEST:
        return None
    heard = ko.analyse(said)
    if heard.intent in ("yes", "no") or heard.act is not None or heard.day or heard.time or heard.sensitive:
        return None
    syllables = _ENDINGS.sub("", said.rstrip(" .!"))
    if _SYLLABLE_RUN.fullmatch(syllables):
        return Spelling(name="".join(re.findall(r"[가-힣]", syllables)), by_letters=True)
    name = heard.name or ko.bare_name_of(said)
    return Spelling(name=name, by_letters=False) if name else None
