"""What the parser answers: the intents, the conversational acts and everything heard in one utterance.

In a module of their own so that the rules, the word tables and the agent can all name them without
importing the parser (the parser imports the rules, not the other way round).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NotRequired, TypedDict, get_args

Intent = Literal["book", "cancel", "yes", "no", "human", "hours", "inform", "unknown"]
INTENTS: tuple[Intent, ...] = get_args(Intent)
# A conversational act beside the intent. The parser sets all but the last two; the agent's keypad step
# turns "dtmf" into "repeat", "restart" or "bad_key" once it knows what the current prompt offered.
Act = Literal["stop", "repeat", "hold", "dtmf", "emergency", "medical", "address", "hours", "services", "thanks",
              "clinic_name", "automated", "restart", "bad_key", "small_talk"]

WishKind = Literal["after", "before", "around", "morning", "afternoon", "evening", "earliest", "latest"]


class MovedFrom(TypedDict, total=False):
    """The appointment a caller asks to move, as they described it ("my Friday appointment"): only what they said."""

    day: str
    date: str
    time: str


class TimeWish(TypedDict):
    """A constraint on the time instead of a time: "after 3", "in the afternoon", "the earliest you have".

    Plain data, so the call's state can keep it from one turn to the next.
    """

    kind: WishKind
    time: NotRequired[str]
    """The bound of "after", "before" and "around" ("HH:MM"); absent for the other kinds."""


@dataclass
class Understanding:
    """Everything the rules heard in one utterance."""

    intent: Intent = "unknown"
    """One of INTENTS."""
    day: str | None = None
    """The weekday asked for, lower case; None when absent or ambiguous."""
    time: str | None = None
    """The time asked for, "HH:MM"; None when absent or ambiguous."""
    name: str | None = None
    """The caller's name as spoken, capitalised."""
    provider: str | None = None
    """The doctor the caller asks for ("Dr. Johnson"): a preference for the booking, never the caller's name."""
    days: list[str] = field(default_factory=list)
    """Every distinct weekday heard, in order (two with "or" means the caller must choose)."""
    times: list[str] = field(default_factory=list)
    """Every distinct time heard, in order."""
    am_pm_said: bool = False
    """The words settle a.m. or p.m. of ``time`` ("7 pm", "at 7 this evening", "19:00"); "7:00" leaves it open."""
    ambiguous: str | None = None
    """"day" or "time" when the caller offered two alternatives ("ten or eleven")."""
    act: Act | None = None
    """A conversational act beside the intent (see ``Act``), or None."""
    dtmf: str | None = None
    """Keys pressed on the keypad, e.g. "1" or "*"."""
    pick: int | None = None
    """A choice among the times offered: 1 for "the first one", 3 for "option 3", -1 for "the last one"."""
    crisis: bool = False
    """The caller spoke of suicide: the crisis line is given with the emergency number."""
    date: str | None = None
    """The calendar date asked for ("YYYY-MM-DD") when the caller named one and today's date is known."""
    month: str | None = None
    """A month named without a day ("sometime in June"): "YYYY-MM", the next such month (a date past the
    horizon is refused, whatever its day)."""
    dates: list[str] = field(default_factory=list)
    """Every distinct date named, in order ("the 10th or the 11th": two, for the caller to choose between)."""
    later_today: bool = False
    """The caller said "this evening" (afternoon, morning): today, if the call has no other day."""
    relative_day: str | None = None
    """"today"/"tomorrow" when the caller said it (resolved into ``day`` only if today is known)."""
    extension: str | None = None
    """The extension said with a phone number ("extension 45": "45")."""
    sensitive: bool = False
    """True when a card, ID or other long number was spoken (it was masked)."""
    masked_text: str = ""
    """The utterance with long digit strings replaced by [redacted]: safe to store and log."""
    booking_words: bool = False
    """The caller used a booking word ("book", "appointment"), whatever the leading intent."""
    booking_verb: bool = False
    """The caller asked for a booking with a verb ("book", "schedule", "make"), not just named one."""
    reschedule: bool = False
    """The caller wants to move an existing appointment ("reschedule", "move my appointment")."""
    callback: bool = False
    """The caller asks to be called back ("call me back", "take a message")."""
    wish: TimeWish | None = None
    """A constraint on the time ("after 3", "in the morning", "as soon as possible"), or None."""
    fallback_time: str | None = None
    """The time to take if ``time`` is not open ("10 am, if not 11 am"), "HH:MM", or None."""
    moving: MovedFrom | None = None
    """The appointment to move, in a turn that asks to move one ("move my Friday appointment to Tuesday": Friday's);
    ``day``, ``date`` and ``time`` are then the new appointment's (None when only the old one was described)."""
    wrong: list[str] = field(default_factory=list)
    """The values the caller says are wrong ("that's not my name": ["name"]; of "name", "day", "time", "number")."""
    reason: str | None = None
    """Why the caller comes, in their words and masked ("a runny nose", "my knee"); None when no complaint was named."""
    # Not compared nor shown: two turns heard alike are alike, whichever rule named them.
    intent_rule: str = field(default="", compare=False, repr=False)
    """The name of the rule (``voicekit.nlu.intent_rules``) that gave the parser's intent: a wrong intent
    says which rule to look at. The agent may change ``intent`` later (the LLM's view); this stays the parser's."""
    act_rule: str = field(default="", compare=False, repr=False)
    """The name of the rule (``voicekit.nlu.act_rules``) that gave ``act`` ("no_act" when none did)."""

    def as_parse(self) -> dict:
        """The four keys of SPEC 2.2."""
        return {"intent": self.intent, "day": self.day, "time": self.time, "name": self.name}
