"""The words of a spelled name, by what they do: letters as a recogniser writes them, marks, case, lead-ins.

Lower case. ``voicekit.nlu.spelling`` reads a turn with them; its examples are data in
``voicekit/nlu/examples/spelling/``.
"""

from __future__ import annotations

# A letter said by its name, as a speech recogniser writes it ("eff are ay ess ee are" is F R A S E R).
LETTER_NAMES: dict[str, str] = {
    "ay": "a", "bee": "b", "be": "b", "see": "c", "sea": "c", "cee": "c", "si": "c", "dee": "d", "di": "d",
    "ee": "e", "ef": "f", "eff": "f", "gee": "g", "ji": "g", "aitch": "h", "haitch": "h", "eye": "i", "jay": "j",
    "kay": "k", "el": "l", "ell": "l", "elle": "l", "em": "m", "emm": "m", "en": "n", "enn": "n", "oh": "o",
    "pee": "p", "pea": "p", "cue": "q", "queue": "q", "kew": "q", "are": "r", "ar": "r", "arr": "r", "ess": "s",
    "es": "s", "tee": "t", "tea": "t", "you": "u", "yu": "u", "vee": "v", "dubya": "w", "ex": "x", "ecks": "x",
    "why": "y", "wye": "y", "wy": "y", "zed": "z", "zee": "z",
}
# The NATO alphabet: "Foxtrot Romeo Alpha..." (read as letters only in a turn that spells).
NATO: dict[str, str] = {
    "alpha": "a", "alfa": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f", "golf": "g",
    "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l", "mike": "m",
    "november": "n", "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t",
    "uniform": "u", "victor": "v", "whiskey": "w", "whisky": "w", "x-ray": "x", "xray": "x", "yankee": "y",
    "zulu": "z",
}
# Letter names that are everyday words too: two of them alone ("I see", "are you") spell nothing.
EVERYDAY_WORDS = {"oh", "see", "sea", "you", "are", "why", "be", "bee", "tea", "pea", "eye", "queue",
                  "ex", "ay", "ar", "es", "el", "em", "en"}
# "W" is "double u": never a double U.
DOUBLE_U = {"u", "you", "yu"}
REPEATS = {"double": 2, "triple": 3}
# What a letter is clarified with: "F as in Frank", "S for Sam", "B like boy".
AS_IN = (("as", "in"), ("like", "in"), ("for",), ("like",), ("as",))
# Marks between letters.
MARKS: dict[tuple[str, ...], str] = {
    ("hyphen",): "-", ("hyphenated",): "-", ("dash",): "-", ("apostrophe",): "'", ("space",): " ",
    ("new", "word"): " ", ("then", "a", "space"): " ",
}
# Case of the next letter: "capital M, small c".
CAPITAL = {("capital",): True, ("cap",): True, ("big",): True, ("upper", "case"): True, ("uppercase",): True,
           ("small",): False, ("little",): False, ("lower", "case"): False, ("lowercase",): False}
# Words that may come between letters and mean nothing more: "F, R, and then A", "uh, S".
BETWEEN = {"and", "then", "um", "uh", "er", "erm", "ah", "letter", "the"}
# Words a spelling may start with: "sure, it's F R A S E R", "my last name is spelled ...".
LEAD_IN = {"sure", "yes", "yeah", "yep", "okay", "ok", "alright", "so", "um", "uh", "er", "erm", "ah", "oh", "well",
           "it's", "its", "it", "is", "that's", "thats", "that", "spelled", "spelt", "spelling", "spell", "my",
           "last", "first", "surname", "family", "name", "name's", "let", "me", "i'll", "will",
           "of", "course", "please", "right", "and", "then", "just", "like", "this", "as", "follows", "no", "nope",
           "actually", "sorry"}
# Words before a name said as a word when a spelling was asked for ("it's Fraser"): fewer, so "let me think" is none.
WORD_LEAD_IN = {"sure", "yes", "yeah", "okay", "ok", "so", "um", "uh", "er", "oh", "well", "it's", "its", "it", "is",
                "that's", "my", "last", "name", "surname", "no", "nope", "actually", "sorry"}
# Words a spelling may end with: "..., thanks", "..., that's it".
TRAILING = {"thanks", "thank", "you", "please", "that's", "that", "is", "it", "okay", "ok", "yeah", "yes", "all",
            "done"}
