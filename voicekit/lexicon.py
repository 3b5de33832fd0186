"""The parser's word tables, where they used to be: they are in ``voicekit.nlu.lexicon``, by topic."""

from voicekit.nlu.lexicon import *  # noqa: F403
