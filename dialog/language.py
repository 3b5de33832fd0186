"""The call's language: the sentences the agent says, what hears the caller, and the consent gate.

A language is a seam, not a fork: the graph and its nodes are the same in every language. Nodes and rules keep
writing ``phrases.WHICH_DAY`` or ``calendar_phrases.hours_on(...)``; the names below hand each lookup to the set of
the call being run: English (``dialog.phrases``, ``dialog.security_phrases``, ``dialog.calendar_phrases``) or Korean
(``dialog.phrases.ko``, with the same names and signatures, checked by ``test_phrases_in_every_language``). The
same way, ``hearing`` has the call's language's bare names, spellings, masking and phone numbers; ``parser_for``
and ``consent_gate`` are asked by the run's ``Context`` and CONFIRM. Adding a language: docs/languages.md.

Why a context variable and not a parameter: the sentences are reached from some hundred and thirty places, most of
them pure functions of the call's state (a read-back, a re-ask, a note) that never see the run's ``Context``.
The language is still injected: it comes from ``Context.language`` (the clinic file's ``clinic.language``, or
``VoiceAgent(language=...)``), and every graph node runs inside ``speaking(context.language)``
(``graph.speedups.three_channels.uniform_call``), as does each ``VoiceAgent`` turn. Nothing else sets it, and
outside a call the sentences are English's, so the lab's contract and traces are what they were.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, get_args

from voicekit.nlu.spelling import Spelling
from voicekit.nlu.types import Understanding

Language = Literal["en", "ko"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
LANGUAGE_NAMES = {"en": "English", "ko": "Korean, 한국어"}

# Each kind of sentence, per language: the module that has it. A new language adds one column (docs/languages.md).
SETS: dict[str, dict[Language, str]] = {
    "phrases": {"en": "dialog.phrases", "ko": "dialog.phrases.ko"},
    "security_phrases": {"en": "dialog.security_phrases", "ko": "dialog.phrases.ko.security"},
    "calendar_phrases": {"en": "dialog.calendar_phrases", "ko": "dialog.phrases.ko.calendar"},
}

# What hears the caller, per language: (module, function), a rule parser ``parser(text, today) -> Understanding``.
PARSERS: dict[Language, tuple[str, str]] = {"en": ("voicekit.nlu", "analyse"), "ko": ("voicekit.nlu.ko", "analyse")}
# What else hears the caller, per language, beside the parser: (module, function) for each.
HEARING: dict[Language, dict[str, tuple[str, str]]] = {
    "en": {"bare_name_of": ("voicekit.nlu", "bare_name_of"), "spelled": ("voicekit.nlu.spelling", "spelled"),
           "masked": ("voicekit.privacy", "mask_sensitive"),
           "name_after_lead_in": ("dialog.names_heard", "name_after_lead_in"),
           "take_phone_number": ("voicekit.privacy", "take_phone_number")},
    "ko": {"bare_name_of": ("voicekit.nlu.ko", "bare_name_of"), "spelled": ("voicekit.nlu.ko", "spelled"),
           "masked": ("voicekit.nlu.ko", "masked"),
           "name_after_lead_in": ("dialog.korean_names", "name_after_lead_in"),
           "take_phone_number": ("dialog.korean_names", "take_phone_number")},
}
# The consent gate, per language: a module with ``is_consent(text, write)`` and ``key_said(text)``, each its own
# allow-list (never a translation of another's), so no language's gate can open on another's words.
CONSENT_GATES: dict[Language, str] = {"en": "dialog.consent", "ko": "dialog.consent_ko"}

_speaking: ContextVar[Language] = ContextVar("speaking", default="en")


def check_language(language: object) -> Language:
    """``language`` if the line speaks it; else a ValueError naming the choices."""
    if language not in LANGUAGES:
        choices = ", ".join(f'"{code}" ({LANGUAGE_NAMES[code]})' for code in LANGUAGES)
        raise ValueError(f"language must be one of {choices}, got {language!r}")
    return language  # checked just above (mypy narrows it by the `in`)


@contextmanager
def speaking(language: Language) -> Iterator[None]:
    """Within this block every sentence is said in ``language`` (one graph step, one turn)."""
    token = _speaking.set(check_language(language))
    try:
        yield
    finally:
        _speaking.reset(token)


def spoken_language() -> Language:
    """The language of the call being run ("en" outside any call)."""
    return _speaking.get()


@functools.cache
def _module(path: str) -> ModuleType:
    """A module by its path, found once (a lookup of a sentence costs ~0.8 us then, against ~2 us through importlib)."""
    return importlib.import_module(path)


def sentences(kind: str, language: Language) -> ModuleType:
    """The module of one kind of sentence ("phrases", "security_phrases", "calendar_phrases") in ``language``."""
    return _module(SETS[kind][check_language(language)])


def parser_for(language: Language) -> Callable[..., Any]:
    """The rule parser that hears callers in ``language``."""
    module, name = PARSERS[check_language(language)]
    return getattr(_module(module), name)


def consent_gate(language: Language) -> ModuleType:
    """The consent gate of ``language``: ``is_consent(text, write)`` and ``key_said(text)``."""
    return _module(CONSENT_GATES[check_language(language)])


def _heard_by(name: str) -> Callable[..., Any]:
    module, function = HEARING[_speaking.get()][name]
    return getattr(_module(module), function)


class _Hearing:
    """What hears a turn besides the parser, in the language of the call being run: names, spellings, masking."""

    def bare_name_of(self, text: str) -> str | None:
        """The whole turn as a name when it is nothing but one ("Sam.", "민지요"), else None."""
        return _heard_by("bare_name_of")(text)

    def spelled(self, text: str) -> Spelling | None:
        """A name spelled where the line asked for it ("F R A S E R", "이, 하, 늘"), else None."""
        return _heard_by("spelled")(text)

    def name_after_lead_in(self, text: str, heard: Understanding) -> str | None:
        """At the name question: the name after a lead-in ("it's Sam"), where the parser heard none."""
        return _heard_by("name_after_lead_in")(text, heard)

    def take_phone_number(self, text: str) -> tuple[str, str | None]:
        """(the words with the number as its last four, the digits) where a number was asked for, else (text, None)."""
        return _heard_by("take_phone_number")(text)

    def masked(self, text: str) -> str:
        """``text`` with card, ID and other long numbers masked, however the language says digits."""
        return _heard_by("masked")(text)


hearing = _Hearing()


class _InTheCallsLanguage:
    """One kind of sentence, looked up in the language of the call being run at each use (never at import)."""

    def __init__(self, kind: str) -> None:
        self._kind = kind

    def __getattr__(self, name: str) -> object:
        return getattr(_module(SETS[self._kind][_speaking.get()]), name)  # the language was checked when set

    def __repr__(self) -> str:
        return f"<{self._kind} in the call's language>"


if TYPE_CHECKING:  # checked against English's names and signatures, which every language's set has too
    from dialog import calendar_phrases, phrases, security_phrases
else:
    phrases = _InTheCallsLanguage("phrases")
    security_phrases = _InTheCallsLanguage("security_phrases")
    calendar_phrases = _InTheCallsLanguage("calendar_phrases")

__all__ = ["LANGUAGES", "Language", "calendar_phrases", "check_language", "consent_gate", "hearing", "parser_for",
           "phrases", "security_phrases", "sentences", "speaking", "spoken_language"]
