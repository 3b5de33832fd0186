"""The understanding step: from one utterance to what the caller meant *here*.

The injected rule parser hears the words; keypad keys get the meaning of the current prompt; in the
"llm" and "hybrid" modes an LLM may pick the intent from the fixed enum. Slots always come from the
rules, and nothing the LLM returns can call a tool (OWASP LLM Top 10, Excessive Agency).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from functools import partial
from typing import cast

from dialog.context import Context
from dialog.state import CallState
from voicekit.nlu import INTENTS, Intent, Understanding
from voicekit.weekdays import weekday_of


def hear(text: str, state: CallState, context: Context) -> Understanding:
    """Understand ``text`` said in ``state``; keypad digits get the meaning of the current prompt."""
    heard = context.parser(text, today_or_none(context))
    if heard.act == "dtmf":
        return _keypad(heard, state)
    if state.dialog_state == "ASK_NAME" and state.name_choices:
        if heard.pick is not None and (1 <= heard.pick <= len(state.name_choices) or heard.pick == -1):
            heard.name = state.name_choices[heard.pick - 1 if heard.pick > 0 else -1]  # "the second one"
            heard.intent = "inform" if heard.intent == "unknown" else heard.intent
    elif state.dialog_state == "ASK_DAY" and state.choices:
        _choose_day(heard, state.choices)
    elif heard.pick is not None and not heard.times and (state.choices or state.offered_times):
        _choose_offered(heard, _heard_last(state), heard.pick)
    if _yes_to_the_one_time_offered(heard, state) or _repeats_the_day_offered(heard, state):
        _choose_offered(heard, _heard_last(state), 1)
        heard.date = heard.date or (state.offered_date if heard.day == state.offered_day else None)
    if context.nlu == "llm" or (context.nlu == "hybrid" and heard.intent == "unknown" and heard.act is None):
        heard.intent = _llm_intent(heard, context)
    return heard


def default_classifier(nlu: str, llm_deadline: float = 3.0) -> Callable[[str], str]:
    """The intent classifier a mode uses unless one is given.

    "hybrid": the sentence-embedding classifier (the better of the two fallbacks on held-out real callers,
    though behind the current rules neither helps: see ``evals/intent_embeddings.py``) when its extra is
    installed, else the LLM. "llm": the configured OpenAI-compatible endpoint (the embedded model by
    default), with a deadline short enough for a call.
    """
    if nlu == "hybrid":
        try:
            from voicekit.embeddings import default_classifier as embeddings

            return embeddings()
        except ImportError:
            pass
    from voicekit.llm import LLMConfig, classify_intent

    return partial(classify_intent, config=LLMConfig(timeout=llm_deadline))


def today_or_none(context: Context) -> date | None:
    """The clinic's date now, or None when the clock fails."""
    try:
        return context.today_date()
    except Exception:  # a broken clock must not cost the caller their turn: "today" just stays unresolved
        return None


def _llm_intent(heard: Understanding, context: Context) -> Intent:
    """The LLM's intent for the (masked) utterance, or the rules' intent if the LLM fails."""
    if context.classify is None or not heard.masked_text.strip():
        return heard.intent
    try:
        intent = context.classify(heard.masked_text)
    except Exception:  # model down, slow or confused: the rules' answer stands, the call goes on
        return heard.intent
    return cast(Intent, intent) if intent in INTENTS else heard.intent


def _heard_last(state: CallState) -> list[str]:
    """The times the caller heard last: the two they named and were asked about, else the day's offer."""
    return state.choices or state.offered_times


def _yes_to_the_one_time_offered(heard: Understanding, state: CallState) -> bool:
    """"Would you like 4 pm?" - "Yes that would be great!": a yes to a single time put to the caller takes it.

    Only a time the question itself offered: a closest time told after "that isn't open" is not one (see
    ``dialog.tasks.not_open``), and a yes that also names a value is that value's.
    """
    offered = _heard_last(state)
    return state.dialog_state == "ASK_TIME" and heard.intent == "yes" and len(offered) == 1 \
        and not (heard.times or heard.days or heard.date or heard.relative_day or heard.wish) \
        and not _SECOND_THOUGHTS.search(heard.masked_text.lower())


def _repeats_the_day_offered(heard: Understanding, state: CallState) -> bool:
    """"Friday has 4 pm, would you like 4 pm?" - "Friday." / "Friday then": the caller takes it by repeating the day.

    Only the day of a single time put to the caller, said with nothing else (no time, no other date, no doubt);
    with two times offered the day alone chooses neither, and the question is asked again.
    """
    offered = _heard_last(state)
    return state.dialog_state == "ASK_TIME" and len(offered) == 1 and heard.day is not None \
        and heard.day == state.offered_day and heard.date in (None, state.offered_date) \
        and heard.intent in ("inform", "yes") and not (heard.times or heard.wish or heard.ambiguous) \
        and not _SECOND_THOUGHTS.search(heard.masked_text.lower())


# A yes with a question, a "but", a negation, a hedge or a hold in it takes no time ("yes, but not 4", "yes?",
# "sure, I guess", "yes, hold on"): the time is asked again instead of read back.
_SECOND_THOUGHTS = re.compile(r"\?|\b(but|not|no|never|nope|guess|maybe|probably|perhaps|think|wait|hold|hang|"
                              r"question|check|moment|second|though|actually|instead|rather|unless)\b|n't\b")


def _choose_offered(heard: Understanding, offered: list[str], pick: int) -> None:
    """Set the time among those just offered that "the first one", "option 3" or "the last one" means."""
    if 1 <= pick <= len(offered) or pick == -1:
        heard.time = offered[pick - 1 if pick > 0 else -1]
        heard.times = [heard.time]
        if heard.intent == "unknown":
            heard.intent = "inform"


def _choose_day(heard: Understanding, choices: list[str]) -> None:
    """The day the caller chose among those they were asked about ("Thursday the 10th or Friday the 11th?").

    "The second one", "Friday" (the one of them on a Friday), or, to "Did you mean Wednesday, March 3?", a yes.
    """
    chosen = None
    if heard.pick is not None and not heard.days and (1 <= heard.pick <= len(choices) or heard.pick == -1):
        chosen = choices[heard.pick - 1 if heard.pick > 0 else -1]
    elif heard.day and not heard.date and heard.ambiguous is None:
        fits = [c for c in choices if heard.day in (c, _is_date(c) and weekday_of(date.fromisoformat(c)))]
        if len(fits) > 1:  # "Thursday" to "Thursday the 10th or Thursday the 17th?": still both
            heard.day, heard.date, heard.dates, heard.ambiguous = None, None, fits, "day"
            return
        chosen = fits[0] if fits else None
    elif len(choices) == 1 and heard.intent == "yes" and not (heard.days or heard.times or heard.relative_day) \
            and not _SECOND_THOUGHTS.search(heard.masked_text.lower()):
        chosen = choices[0]
    if chosen is None:
        return
    if _is_date(chosen):
        heard.date, heard.dates, heard.day = chosen, [chosen], weekday_of(date.fromisoformat(chosen))
    else:
        heard.day = chosen
    heard.days = [heard.day]
    if heard.intent in ("unknown", "yes"):
        heard.intent = "inform"


def _is_date(choice: str) -> bool:
    return len(choice) == 10 and choice[4] == "-"


def _keypad(heard: Understanding, state: CallState) -> Understanding:
    """Keys: 1/2 = yes/no at CONFIRM, n = n-th offered time, 0 = repeat, 9 = a person, * = start over."""
    key = heard.dtmf or ""
    if key == "0":
        heard.act = "repeat"
    elif key == "9":
        heard.intent, heard.act = "human", None
    elif key == "*":
        heard.act = "restart"
    elif state.dialog_state == "CONFIRM" and key in ("1", "2"):
        heard.intent, heard.act = ("yes" if key == "1" else "no"), None
    elif state.dialog_state == "ASK_TIME" and key.isdigit() and len(key) == 1 \
            and 1 <= int(key) <= len(_heard_last(state)):
        heard.act = None
        _choose_offered(heard, _heard_last(state), int(key))
    else:
        heard.act = "bad_key"  # multi-digit or meaningless here: a not-understood turn
    return heard
