"""The Korean rule parser (SPEC 7.5): ``voicekit.nlu``'s contract for a clinic line in Korean.

``parse(text)`` gives the four keys of SPEC 2.2; ``analyse(text, today=...)`` the same ``Understanding`` as the
English parser, with the names of the rules that decided (``intent_rule``, ``act_rule``); ``bare_name_of``
the whole turn as a name ("민지요") for the name question. A rule set beside the English one, same design:

* ``lexicon``: the word tables; ``numbers``: number words as digits ("세 시" -> "3시", "십이월" -> "12월");
* ``dates``, ``times``, ``names``, ``values``: the values in a turn and what is around them;
* ``judgements``: a yes, a no, a stop, a pause, an emergency, a wrong value; ``intent_rules``, ``act_rules``:
  the ordered, named lists (the English ``Rule`` and ``decide``);
* ``analysis``: ``analyse``, ``parse``, ``bare_name_of``; ``spelling``: ``spelled`` (a name syllable by syllable);
* ``spoken_digits_as_numbers``: digit syllables as digits ("공일공 일이삼사 오육칠팔" -> "010-1234-5678"), for the
  line to take a phone number said in words (``voicekit.privacy.take_phone_number`` reads digits).

Its examples are data: ``voicekit/nlu/ko/examples/*.toml``, from which
``tests/unit_tests/test_korean_parser_examples.py`` makes one test each.
"""

from voicekit.nlu.ko.analysis import analyse as analyse
from voicekit.nlu.ko.analysis import bare_name_of as bare_name_of
from voicekit.nlu.ko.analysis import masked as masked
from voicekit.nlu.ko.analysis import parse as parse
from voicekit.nlu.ko.numbers import spoken_digits_as_numbers as spoken_digits_as_numbers
from voicekit.nlu.ko.spelling import spelled as spelled
