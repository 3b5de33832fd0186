"""What one caller turn hands the graph: the words as stored, and what rides with them.

A waiting question is resumed with the words (masked), or with ``{"text", "phone"?, "unsure"?}`` when its prompt
expects a phone number (taken out of the words first, which then show its last four only) or the recogniser was
unsure of some of the words (``dialog.names_spelled.unsure_words``), or a phone number was said unasked (a
number that can be dialled; anything else is a card or ID number, masked whole). A new call starts with
``{"utterance"}`` and the number its first words gave.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.types import Command

from dialog.language import hearing
from voicekit.phones import is_a_phone_number


def turn_input(raw: str, heard: str, waiting: Mapping[str, Any] | None, unsure: list[str], country: str,
               kept: int | None = None) -> tuple[str, Any]:
    """(the words as stored, the graph's input: a ``Command`` resuming ``waiting``, or a call's first values).

    ``kept``: how many characters of the words an ended call's checkpoint keeps (None: all).
    """
    expects_phone = bool(waiting and waiting.get("expects") == "phone")
    words, phone = hearing.take_phone_number(raw)  # digits, or digit words in the call's language
    if phone is not None and not expects_phone and not is_a_phone_number(phone, country):
        phone = None  # not asked for, and no number to call: a card or ID number, masked whole
    if phone is not None or expects_phone:
        # A number asked for, or one said at another question ("Tuesday, and my number's 718 555 0102"): kept
        # out of the words, which show its last four only.
        heard = hearing.masked(words if phone is not None else raw)
    if waiting is not None:
        if phone is not None or expects_phone:
            return heard, Command(resume={"text": heard, "phone": phone, "unsure": unsure})
        return heard, Command(resume={"text": heard, "unsure": unsure} if unsure else heard)
    call: dict[str, Any] = {"unsure_words": unsure} if unsure else {}
    if phone is not None:
        call["phone_heard"] = phone
    # An ended call goes through the graph too: its START routes to "closed", which changes nothing.
    return heard, {"utterance": heard[:kept]} | ({"call": call} if call else {})
