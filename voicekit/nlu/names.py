"""Callers' names as they say them (SPEC 5.3): whole names, spelled names, and what is not a name.

"my name is Sam Smith" is Sam Smith, "J A M I E" is Jamie, and "I'm having trouble", "I'm pregnant" or
"this is urgent" give no name at all. Works on the word tokens of ``voicekit.nlu.analyse``.
"""

from __future__ import annotations

import re

from voicekit.nlu.dates import MONTH_NAMES

# Words that are never a name (nor part of one), whatever lead comes before them.
NEVER_NAMES = {
    "not", "a", "an", "the", "me", "i", "you", "it", "that", "this", "in", "on", "at", "for", "to", "with", "and",
    "or", "but", "please", "thanks", "thank", "hello", "hi", "hey", "about", "again", "noon", "midday", "today",
    "tomorrow", "next", "blah", "nothing", "nobody", "someone", "somebody", "my", "your", "his", "her", "our",
    "their", "is", "was", "be", "am", "pm", "are", "unknown", "none", "null", "maybe", "perhaps", "dtmf", "mister",
    "mr", "mrs", "ms", "dr", "doctor", "from", "of", "by", "who", "speaking", "here", "there", "too", "also", "as",
    "so", "if", "when", "because", "need", "needs", "want", "wants", "would", "like", "could", "can", "will",
    "have", "has", "had", "do", "does", "did", "book", "booking", "appointment", "cancel", "calling", "call",
    "just", "only", "still", "really", "very", "all", "any", "some", "no", "yes", "ok", "okay",
    # Greetings and the parts of the day they name: "Hiya", "Howdy!", "Good morning" are never a caller's name.
    "hiya", "howdy", "yo", "heya", "hullo", "hallo", "greetings", "g'day", "gday", "morning", "afternoon", "evening",
    "extension", "ext",  # "it's 617 555 0123 extension 45"
}
# After "I'm" / "I am" / "this is" / "it's" a word is usually a state, not a name: "I'm pregnant".
STATES = {
    "sure", "pretty", "pregnant", "urgent", "sick", "ill", "fine", "good", "well", "okay", "available", "free",
    "busy", "sorry", "afraid", "new", "interested", "worried", "concerned", "scared", "hurt", "injured", "ready",
    "done", "late", "early", "back", "away", "out", "home", "able", "unable", "allergic", "diabetic", "over",
    "under", "still", "also", "really", "very", "so", "just", "already", "currently", "now", "alone",
    "important", "serious", "bad", "better", "worse", "tired", "in", "at", "on", "off", "up", "not", "going",
    "emergency", "patient", "member", "visitor", "caller", "student", "teacher", "mom", "mum", "dad", "mother",
    "father", "parent", "wife", "husband", "son", "daughter", "nurse", "doctor", "dentist", "best", "much",
    "located", "supposed", "look",
}
# "The dentist's name is ...", "their name is ...": someone else's name, not the caller's.
OTHERS = {"his", "her", "their", "its", "dentist's", "doctor's", "therapist's", "provider's", "office's",
          "clinic's", "salon's", "salon", "clinic", "practice", "office", "doctor", "dentist", "therapist", "dr"}
# (lead words, whether what follows may be a state rather than a name)
NAME_LEADS: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("my", "name", "is"), False), (("my", "name's"), False), (("name", "is"), False), (("name's",), False),
    (("call", "me"), False), (("names",), False), (("under",), False), (("it's", "for"), False),
    (("it", "is", "for"), False), (("booking", "is", "for"), False), (("appointment", "is", "for"), False),
    (("this", "is"), True), (("it's",), True), (("it", "is"), True), (("i'm",), True), (("i", "am"), True),
)
# A name introduced by "this is", "it's", "I'm" begins a clause: the turn's start, after punctuation, or after
# these openers ("hi, this is Dana", "yes I am Mark"). Inside a clause ("if it's open", "so I'm free") it is a state.
INTRODUCTION_OPENERS = {"hi", "hello", "hey", "yes", "yeah", "yep", "yup", "sure", "ok", "okay", "oh", "um", "uh",
                        "er", "erm", "ah", "well", "and", "so", "there", "morning", "afternoon", "evening", "hiya"}
# A contraction ("I'd", "we'll", "they've", "you're") starts a new clause: it ends a name, never is one.
_CONTRACTION = re.compile(r"(?:'d|'ll|'ve|'m|'re|n't)$")
# "Dr. Johnson", "Doctor Alvarez": the provider a caller asks for. "The doctor said", "my doctor" are no title.
_TITLES = {"dr": "Dr.", "doctor": "Dr."}
_NOT_BEFORE_A_TITLE = {"the", "a", "an", "my", "your", "our", "his", "her", "their", "any", "which", "what", "that"}
_SPELLED_TOKEN = re.compile(r"^[a-z](?:-[a-z]){2,}$")
_LEADS_BY_FIRST_WORD: dict[str, list[tuple[tuple[str, ...], bool]]] = {}
for _lead in NAME_LEADS:  # only the leads that start with the word at hand are tried there, in NAME_LEADS' order
    _LEADS_BY_FIRST_WORD.setdefault(_lead[0][0], []).append(_lead)


def capitalise_name(word: str) -> str:
    """A name as written: capitalised when the transcript was all upper or all lower case."""
    if word.isupper() or word.islower():
        return re.sub(r"(^|['\-\s])(\w)", lambda m: m.group(1) + m.group(2).upper(), word.lower())
    return word  # mixed case is how the transcript spelled it: keep it


def _is_word(token: str) -> bool:
    return token[:1].isalpha() and token.replace("'", "").replace("-", "").isalpha()


def _spelled(lower: list[str], start: int) -> tuple[str, int] | None:
    """A name spelled letter by letter from ``start`` ("j a m i e", "j-a-m-i-e"), and the index after it."""
    if start < len(lower) and _SPELLED_TOKEN.match(lower[start]):
        return lower[start].replace("-", ""), start + 1
    end = start
    while end < len(lower) and len(lower[end]) == 1 and lower[end].isalpha():
        end += 1
    return ("".join(lower[start:end]), end) if end - start >= 3 else None


def _name_word(lower: str, not_names: set[str]) -> bool:
    return _is_word(lower) and lower not in not_names and lower not in NEVER_NAMES and not lower.endswith("ing") \
        and not _CONTRACTION.search(lower)


def _introduces(lower: list[str], i: int, clause_starts: frozenset[int]) -> bool:
    """Whether "this is" / "I'm" at ``i`` can introduce someone: it begins a clause (see INTRODUCTION_OPENERS)."""
    return i == 0 or i in clause_starts or lower[i - 1] in INTRODUCTION_OPENERS


def find_name(lower: list[str], original: list[str], not_names: set[str],
              clause_starts: frozenset[int] = frozenset()) -> str | None:
    """The name after a lead ("my name is", "it's for", "I'm"...), one to three words, or spelled out.

    ``clause_starts``: the tokens that follow punctuation ("hi, this is Dana"), where an introduction may begin.
    """
    mixed_case = not all(w.isupper() for w in original if w.isalpha()) and \
        not all(w.islower() for w in original if w.isalpha())
    here = _said_here(lower, original, not_names, clause_starts, mixed_case)
    if here is not None:
        return here
    for i in range(len(lower)):
        for lead, may_be_state in _LEADS_BY_FIRST_WORD.get(lower[i], ()):
            j = i + len(lead)
            if tuple(lower[i:j]) != lead or j >= len(lower) or (lead == ("under",) and i == 0):
                continue
            while not may_be_state and j + 1 < len(lower) and lower[j] in ("actually", "just", "really"):
                j += 1  # "the name's actually Haruto"
            if j in clause_starts:
                continue  # "Find me more names. Look for...": the lead ended its sentence, the name did not follow
            spelled = _spelled(lower, j)
            if spelled is not None:
                return capitalise_name(spelled[0])
            if not _name_word(lower[j], not_names) or (may_be_state and lower[j] in STATES):
                continue
            if may_be_state and not _introduces(lower, i, clause_starts):
                continue
            # A mixed-case transcript capitalises names: "I'm after a therapist", "This is kind of urgent".
            if may_be_state and mixed_case and not original[j][:1].isupper():
                continue
            if lead[0] in ("name", "name's") and i > 0 and lower[i - 1] in OTHERS:
                continue
            if lower[j] in MONTH_NAMES and j + 1 < len(lower) and lower[j + 1][:1].isdigit():
                continue  # "it's for March 13th": a date
            words = [original[j]]
            for k in range(j + 1, min(j + 3, len(lower))):
                # Mixed-case transcripts capitalise names; in all-lower or all-upper ones any name word goes.
                # A name ends with its clause: "the name's Haruto, H A R U T O" is Haruto.
                if not _name_word(lower[k], not_names) or (mixed_case and not original[k][:1].isupper()) \
                        or k in clause_starts:
                    break
                words.append(original[k])
            return capitalise_name(" ".join(words))
    return None


def _said_here(lower: list[str], original: list[str], not_names: set[str], clause_starts: frozenset[int],
               mixed_case: bool) -> str | None:
    """'Hi, Grace here', 'Sam speaking': a name, then "here" or "speaking", as a clause of its own."""
    for i in range(len(lower) - 1):
        if lower[i + 1] not in ("here", "speaking") or not _introduces(lower, i, clause_starts):
            continue
        ends = i + 2 == len(lower) or i + 2 in clause_starts
        if ends and _name_word(lower[i], not_names) and lower[i] not in STATES and \
                (not mixed_case or original[i][:1].isupper()):
            return capitalise_name(original[i])
    return None


def bare_name(lower: list[str], original: list[str], not_names: set[str], day_words: set[str]) -> str | None:
    """The whole utterance as a name, when it is nothing else: "Sam Smith", "J A M I E", "Monday Smith".

    A day word may start a name of two or three words ("Monday Smith"); the last word must be a name word.
    """
    spelled = _spelled(lower, 0)
    if spelled is not None and spelled[1] == len(lower):
        return capitalise_name(spelled[0])
    if len(lower) > 1 and lower[0] == lower[1]:  # "April. April Dawson.": said twice, one name
        lower, original = lower[1:], original[1:]
    if not 1 <= len(lower) <= 3 or not _name_word(lower[-1], not_names):
        return None
    cased = [w for w in original if w.replace("'", "").replace("-", "").isalpha()]
    if any(w[:1].isupper() for w in cased) and not all(w[:1].isupper() for w in cased):
        return None  # a transcript that capitalises capitalises every word of a name: "Runny nose" is none
    for word in lower[:-1]:
        if not (_name_word(word, not_names) or (word in day_words and len(lower) > 1)):
            return None
    return capitalise_name(" ".join(original))


def find_provider(lower: list[str], original: list[str], not_names: set[str]) -> str | None:
    """The doctor the caller asks for ("with Dr. Johnson", "see doctor Alvarez"): "Dr." and one to three names.

    In a mixed-case transcript the names are capitalised; "the doctor said", "my doctor" name no one.
    """
    cased = [w for w in original if w.isalpha() and w != "I"]  # "I" is upper case in any transcript
    mixed_case = not all(w.isupper() for w in cased) and not all(w.islower() for w in cased)
    for i, word in enumerate(lower[:-1]):
        if word not in _TITLES or (word == "doctor" and i > 0 and lower[i - 1] in _NOT_BEFORE_A_TITLE):
            continue
        words = []
        for k in range(i + 1, min(i + 4, len(lower))):
            if not _name_word(lower[k], not_names) or lower[k] in STATES or \
                    (mixed_case and not original[k][:1].isupper()):
                break
            words.append(original[k])
        if words:
            return f"{_TITLES[word]} {capitalise_name(' '.join(words))}"
    return None
