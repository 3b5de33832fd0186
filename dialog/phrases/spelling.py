"""Spelling the caller's name (SPEC 7.1): the questions, the letter-by-letter read-back, two names to choose from."""

from __future__ import annotations

SPELL_LAST_NAME = "Could you spell your last name for me?"
SPELL_NAME = "Could you spell your name for me?"
SPELL_AGAIN = "Sorry about that. Could you spell it for me again, one letter at a time?"
SORRY_ABOUT_THAT = "Sorry about that."
# How a letter-by-letter read-back says what is not a letter.
MARK_WORDS = {"-": "hyphen", "'": "apostrophe", " ": "space"}


def spell_question(name: str | None) -> str:
    """Ask for the last name's spelling (the whole name's when only one word of it is known)."""
    return SPELL_LAST_NAME if name and len(name.split()) > 1 else SPELL_NAME


def spelling_read_back(spelled: str) -> str:
    """The spelling letter by letter: "F, R, A, S, E, R: is that right?" (a capital inside a word said as one)."""
    said = []
    for n, ch in enumerate(spelled):
        if ch in MARK_WORDS:
            said.append(MARK_WORDS[ch])
        elif ch.isupper() and n > 0 and spelled[n - 1] not in MARK_WORDS:
            said.append(f"capital {ch}")  # "McDonald": M, C, capital D
        else:
            said.append(ch.upper())
    return f"{', '.join(said)}: is that right?"


def which_name(first: str, second: str) -> str:
    """Two close names were heard: "Was that Fraser or Frazer?" (the words that differ, when the rest is the same)."""
    a, b = first.split(), second.split()
    if len(a) == len(b) and a[:-1] == b[:-1]:
        return f"Was that {a[-1]} or {b[-1]}?"
    return f"Was that {first} or {second}?"


def name_noted(name: str) -> str:
    """The caller's name said at another question: said back, so they know it was heard."""
    return f"Thank you, I have your name as {name}."
