"""The words of a time constraint, of a fallback time and of the clock.

A constraint: "after 3", "in the afternoon", "the earliest you have"; a fallback: "10 am, if not 11"; the clock:
"it's 10 am now".
"""

from __future__ import annotations

from voicekit.nlu.types import WishKind

# A word (or two) right before a time that makes it a bound: "after 3", "later than 2 pm", "before noon".
BOUND_BEFORE: dict[tuple[str, ...], WishKind] = {
    ("after",): "after", ("later", "than"): "after", ("before",): "before", ("earlier", "than"): "before",
    ("around",): "around", ("about",): "around", ("approximately",): "around", ("roughly",): "around"}
# The same said after the time: "4 pm or later", "10 or so", "10 ish".
BOUND_AFTER: dict[tuple[str, ...], WishKind] = {
    ("or", "later"): "after", ("onwards",): "after", ("onward",): "after", ("or", "after"): "after",
    ("or", "earlier"): "before", ("or", "before"): "before", ("or", "so"): "around", ("ish",): "around"}
# "How about 3?", "what about 3": that time itself, not "around 3".
ASKS_FOR_THAT = {"how", "what"}
# A part of the day said without an hour: "anything in the afternoon", "Tuesday morning".
PARTS_OF_DAY_WISHED: dict[str, WishKind] = {"morning": "morning", "mornings": "morning", "afternoon": "afternoon",
                       "afternoons": "afternoon", "evening": "evening", "evenings": "evening", "night": "evening",
                       "tonight": "evening"}
EXCEPT = {"but", "except", "besides", "apart"}  # "anything but the morning" wishes for no morning
GREETED = {"good"}  # "good morning" greets; it asks for no morning
SOONEST = ("earliest", "as soon as possible", "asap", "soonest", "first available", "next available",
           "first opening", "next opening", "as early as possible", "first thing")
LATEST = ("latest", "last available", "as late as possible", "last appointment", "last slot", "last opening")
# "10 am please, if not 11": the second time is only a fallback.
FALLBACK_CUES = ("if not", "otherwise", "or else", "failing that", "if that's taken", "if that is taken",
                 "if it's taken", "if that's not available", "if that's not open", "if unavailable",
                 "if that doesn't work", "if that's full", "if that one's taken")
# "It's 10 am now", "it is already 2 pm": the time now, not the time asked for.
CLOCK_ADVERBS = {"already", "now", "almost", "nearly", "just"}
# "so 12 will work", "2 works": a bare hour before these is the time wanted.
WORKS_AFTER = (("will", "work"), ("would", "work"), ("works",), ("is", "fine"), ("would", "be", "fine"),
               ("is", "good"), ("would", "be", "good"), ("is", "perfect"), ("would", "be", "perfect"),
               ("would", "be", "great"), ("would", "be", "ideal"), ("suits", "me"), ("is", "best"))
