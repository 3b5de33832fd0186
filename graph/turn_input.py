"""What one caller turn hands the graph: the words as stored, and what rides with them.

A waiting question is resumed with the words (masked), or with ``{"text", "phone"?, "unsure"?}`` when its prompt
expects a phone number (taken out of the words first, which then show its last four only) or the recogniser was
unsure of some of the words (``dialog.names_spelled.unsure_words``). A new call starts with ``{"utterance"}``
and, on a line that asks a booking for a contact number, the number its first words gave (never "a card").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langgraph.types import Command

from voicekit.privacy import mask_sensitive, take_phone_number


def turn_input(raw: str, heard: str, waiting: Mapping[str, Any] | None, new_call: bool, unsure: list[str],
               wants_a_number: bool, kept: int | None = None) -> tuple[str, Any]:
    """(the words as stored, the graph's input: a ``Command`` resuming ``waiting``, or a call's first values).

    ``kept``: how many characters of the words an ended call's checkpoint keeps (None: all).
    """
    if waiting is not None:
        if waiting.get("expects") == "phone":  # a number was asked for: kept out of the words
            words, phone = take_phone_number(raw)
            heard = mask_sensitive(words)
            return heard, Command(resume={"text": heard, "phone": phone, "unsure": unsure})
        return heard, Command(resume={"text": heard, "unsure": unsure} if unsure else heard)
    call: dict[str, Any] = {"unsure_words": unsure} if unsure else {}
    if new_call and wants_a_number:  # "... my number is 617 555 0123" in the first words
        words, phone = take_phone_number(raw)
        if phone:
            heard, call["phone_heard"] = mask_sensitive(words), phone
    # An ended call goes through the graph too: its START routes to "closed", which changes nothing.
    return heard, {"utterance": heard[:kept]} | ({"call": call} if call else {})
