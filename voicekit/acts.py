"""The parser's judgements, where they used to be (``voicekit.nlu.judgements`` and ``voicekit.nlu.phrases``).

The rules they serve are in ``voicekit.nlu.intent_rules`` and ``voicekit.nlu.act_rules``.
"""

from voicekit.nlu.judgements import asks_where as asks_where
from voicekit.nlu.judgements import is_stop as is_stop
from voicekit.nlu.judgements import yes_said_at as yes_said_at
from voicekit.nlu.phrases import _WORD_RUN as _WORD_RUN  # the bounded-work tests read the pattern itself
from voicekit.nlu.phrases import CRISIS_RE as CRISIS_RE
from voicekit.nlu.phrases import EMERGENCY_RE as EMERGENCY_RE
from voicekit.nlu.phrases import first_phrase_at as first_phrase_at
from voicekit.nlu.phrases import has_phrase as has_phrase
from voicekit.nlu.phrases import said as said
