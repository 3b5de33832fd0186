"""Names a caller can trust (SPEC 7.1): a name heard unsure is spelled, read back letter by letter, then used.

A name understood is a candidate; the booking's read-back confirms it. Before that read-back the name may need:

* ``"spell"``: the recogniser was unsure of a word of it (a probability under ``UNSURE_BELOW``), or the caller
  said at the read-back that it is wrong: "Could you spell your last name for me?";
* ``"letters"``: the spelling read back letter by letter, "F, R, A, S, E, R: is that right?"; a yes takes it (it
  replaces the last name, or the whole name when one word of it was known or several were spelled), a no asks
  again, the third no hands off (a person takes the name: seed 002 chapter 9, never the same question louder);
* ``"which"``: two close names were heard ("Fraser", later "Frazer"): "Was that Fraser or Frazer?", never a
  silent swap; an answer that is neither is asked as a spelling.

All of it is ASK_NAME (the caller's details, as the phone number is): the letters' yes is never consent to book,
and the read-back that follows needs its own yes. The spelled letters are read only here
(``voicekit.nlu.spelling``), where the line asked for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from numbers import Real

from dialog.handoff import handoff_update
from dialog.language import hearing, phrases
from dialog.state import CallState, CallUpdate
from voicekit.nlu import Understanding
from voicekit.nlu.spelling import Spelling

UNSURE_BELOW = 0.3
"""A name word heard with a probability under this is unsure: the caller is asked to spell the name.

Measured on the phone line (``make bench-names``, docs/phone.md): under 0.3 fall 69 % of the names Whisper base
heard wrong and 26-27 % of those it heard right (at 0.5: 94 % and 46-93 %). Spelling puts a name right only as
often as its letters are heard (22 % of spellings at the spelling step), so asking a name heard right to spell
loses it more often than not: calls played through the dialog booked 14.6 % under the caller's name at 0.3, 8.3 %
at 0.5, 16.7 % asking only when the caller says the name is wrong. 0.3 keeps most of what the read-back cannot
catch (a spoken read-back sounds the same for "Frazer" and "Fraser") for two points of that."""
NEAR_FROM = 4
"""Names this long or longer take a spelling one letter off them as their own (a shorter one is another name)."""
SPELLINGS_TRIED = 3
"""Spellings read back and refused before a person takes the name."""
_HANGUL = re.compile("[가-힣]")
_NAME_WORD = re.compile(r"[^\W\d_]+(?:['\-][^\W\d_]+)*")


def unsure_words(words: object, heard: str) -> list[str]:
    """The words of a turn the recogniser was unsure of, lower case: only letters, and only words of ``heard``.

    ``words``: ``[(word, probability), ...]`` as the recogniser gives them (None: a typed turn). Only name-shaped
    words that the stored (masked) utterance also holds are kept, so nothing reaches the call's state that its
    transcript does not already show. Anything but that shape is refused, naming the shape.
    """
    if words is None:
        return []
    if isinstance(words, str | bytes) or not isinstance(words, Iterable):
        raise TypeError(f"words must be the recogniser's [(word, probability), ...] or None, "
                        f"got {type(words).__name__}")
    said = {w.casefold() for w in _NAME_WORD.findall(heard)}
    unsure = []
    for pair in words:
        if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2 \
                or not isinstance(pair[0], str) or not isinstance(pair[1], Real) or isinstance(pair[1], bool):
            raise TypeError(f"words must be the recogniser's [(word, probability), ...] or None; got the item {pair!r}")
        word = pair[0].strip().strip(".,!?;:\"()").casefold()
        if float(pair[1]) < UNSURE_BELOW and _NAME_WORD.fullmatch(word) and word in said:
            unsure.append(word)
    return sorted(set(unsure))


def check_name(state: CallState, heard_name: str | None, notes: list[str]) -> CallUpdate:
    """What a name heard this turn needs: a spelling if unsure, a choice if close to another, else a thank-you.

    A thank-you only at the day and time questions: elsewhere the next question shows the name was taken.
    """
    if heard_name is None:
        return {}
    if any(_unsure(word.casefold(), state.unsure_words) for word in _NAME_WORD.findall(heard_name)):
        return {"name": heard_name, "name_check": "spell", "spelled": None, "spell_misses": 0}
    if state.name and state.dialog_state != "CONFIRM" and close(state.name, heard_name):
        return {"name": state.name, "name_check": "which", "name_options": [state.name, heard_name]}
    if state.dialog_state in ("ASK_DAY", "ASK_TIME"):
        notes.append(phrases.name_noted(heard_name))
    return {}


def _unsure(word: str, unsure: Sequence[str]) -> bool:
    """Whether the recogniser was unsure of a name's word: the word itself, or (Hangul) the word with its particle.

    A Korean recogniser writes "민주요" as one word; the name in it is "민주".
    """
    return word in unsure or (_HANGUL.match(word) is not None and any(u.startswith(word) for u in unsure))


def close(known: str, heard: str) -> bool:
    """Two spellings of one name ("Fraser", "Frazer"): the same words but one, one or two letters apart."""
    a, b = known.casefold().split(), heard.casefold().split()
    if a == b or len(a) != len(b):
        return False
    apart = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(apart) == 1 and min(len(apart[0][0]), len(apart[0][1])) >= 3 and _edits(*apart[0]) <= 2


def spelling_answer(state: CallState, heard: Understanding, text: str) -> CallUpdate | None:
    """The answer at the spelling question, its read-back or the choice of two; None: heard as any other turn."""
    spelling = hearing.spelled(text)  # the call's language's speller ("F R A S E R", "이, 하, 늘")
    if state.name_check == "which":
        return _chosen(state, heard, spelling)
    if state.name_check == "letters":
        if spelling is not None and spelling.name.casefold() != (state.spelled or "").casefold():
            return {"spelled": spelling.name, "name_check": "letters", "misunderstood": 0}  # "no, F R A S E R"
        said_again = spelling is not None and spelling.name.casefold() == (state.spelled or "").casefold()
        if (heard.intent == "yes" and "?" not in text) or said_again:  # a yes, or the same letters once more
            return {"name": with_spelling(state.name, state.spelled or ""), "name_check": None, "spelled": None,
                    "spell_misses": 0, "misunderstood": 0}
        if heard.intent == "no":
            misses = state.spell_misses + 1
            if misses >= SPELLINGS_TRIED:  # spelled and read back wrong each time: a person takes the name
                return {"spell_misses": misses, "name_check": None} | handoff_update(state, "not_understood")
            return {"spell_misses": misses, "name_check": "spell", "spelled": None, "misunderstood": 0}
        return None
    if spelling is not None:
        return {"spelled": _as_heard(spelling, state), "name_check": "letters", "misunderstood": 0}
    return None


def _as_heard(spelling: Spelling, state: CallState) -> str:
    """The letters, or the name heard before when they are one letter off it (the first spelling only).

    Over the phone a letter or two of a spelling is misheard ("F, R, ay, S, E, R" came back "F, R, D, S, E, R":
    ay and D, F and S, M and N sound alike on the band): letters one edit from a word of the name heard spell
    that word, as a receptionist would take them. The letters are read back for the caller's yes either way, and
    after a no the next spelling is taken as it is heard.
    """
    if state.spell_misses or not spelling.by_letters or " " in spelling.name or not state.name:
        return spelling.name
    letters = spelling.name.casefold()
    for word in state.name.split():
        if len(word) >= NEAR_FROM and word.casefold() != letters and _edits(word.casefold(), letters) <= 1:
            return word
    return spelling.name


def with_spelling(name: str | None, spelling: str) -> str:
    """The name with its spelled last name ("Jamie Pracer" + "Fraser": "Jamie Fraser"); a spelled whole name wins."""
    if " " in spelling or not name or len(name.split()) < 2:
        return spelling
    return " ".join([*name.split()[:-1], spelling])


def _chosen(state: CallState, heard: Understanding, spelling: Spelling | None) -> CallUpdate:
    """"Was that Fraser or Frazer?": the one named, picked ("the second") or spelled; else the spelling is asked."""
    options = state.name_options
    pick = heard.pick if heard.pick in (1, 2, -1) else None
    said = [with_spelling(options[0], spelling.name)] if spelling is not None else []
    chosen = next((o for o in options if o.casefold() in {s.casefold() for s in said}), None)
    if chosen is None and pick is not None:
        chosen = options[pick - 1 if pick > 0 else -1]
    if chosen is not None:
        return {"name": chosen, "name_check": None, "name_options": [], "misunderstood": 0}
    if spelling is not None and spelling.by_letters:
        return {"spelled": spelling.name, "name_check": "letters", "name_options": [], "misunderstood": 0}
    return {"name_check": "spell", "name_options": [], "misunderstood": 0}


def question(state: CallState) -> str:
    """What the spelling step asks now."""
    if state.name_check == "letters":
        return phrases.spelling_read_back(state.spelled or "")
    if state.name_check == "which" and len(state.name_options) == 2:
        return phrases.which_name(*state.name_options)
    return phrases.SPELL_AGAIN if state.spell_misses else phrases.spell_question(state.name)


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (names are short)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i]
        for j, y in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]
