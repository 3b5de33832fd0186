"""The words the rule parser listens for, by topic: one table per thing a caller may say.

Kept apart from the rules (``voicekit.nlu.intent_rules``, ``act_rules``) so that adding a way of saying
something is one line in one topic. Lower case; phrases are matched on word boundaries. A phrase is
written in one table; a table that needs another's phrases is built from it (``STOP_PHRASES`` from
``FAREWELLS`` and ``GIVING_UP``).
"""

from voicekit.nlu.lexicon.answers import *  # noqa: F403
from voicekit.nlu.lexicon.endings import *  # noqa: F403
from voicekit.nlu.lexicon.providers import *  # noqa: F403
from voicekit.nlu.lexicon.questions import *  # noqa: F403
from voicekit.nlu.lexicon.reasons import *  # noqa: F403
from voicekit.nlu.lexicon.requests import *  # noqa: F403
from voicekit.nlu.lexicon.time_wishes import *  # noqa: F403
from voicekit.nlu.lexicon.turning_down import *  # noqa: F403
from voicekit.nlu.lexicon.values import *  # noqa: F403
