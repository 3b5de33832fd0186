"""The rule parser for what callers say to a clinic line (SPEC 2.2: ``voicekit.nlu.parse``).

``parse(text)`` gives the four keys of the contract; ``analyse(text, today=...)`` everything heard, with
the names of the rules that decided its intent and act (``Understanding.intent_rule``, ``act_rule``).

Its parts, each importing only those above it:

* ``types``: the intents, the acts and ``Understanding``;
* ``lexicon``: the word tables, by topic; ``spoken_time``, ``dates``, ``names``: values in spoken words;
* ``phrases``: finding a table's phrases; ``values``: the days, times and choices heard;
* ``judgements``: an acceptance, a stop, a question about the place or the hours...;
* ``rules``: a named rule and the turn it reads; ``intent_rules``, ``act_rules``: the ordered lists;
* ``analysis``: ``analyse``, ``parse``, ``bare_name_of``.

The examples the parser must keep are data: ``voicekit/nlu/examples/*.toml``, one file per field, from
which ``tests/unit_tests/test_parser_examples.py`` makes one test each.
"""

from voicekit.nlu.analysis import _O_CLOCK as _O_CLOCK  # the bounded-work tests read the pattern itself
from voicekit.nlu.analysis import analyse as analyse
from voicekit.nlu.analysis import bare_name_of as bare_name_of
from voicekit.nlu.analysis import parse as parse
from voicekit.nlu.types import INTENTS as INTENTS
from voicekit.nlu.types import Act as Act
from voicekit.nlu.types import Intent as Intent
from voicekit.nlu.types import Understanding as Understanding
