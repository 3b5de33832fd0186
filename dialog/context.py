"""Everything the graph depends on, injected per run (LangGraph runtime context), never a global.

The grader, the terminal app, the HTTP service and the tests each pass their own clinic API,
``sleep``, clock and parser. Studio (``langgraph dev``) passes JSON only: its graph is built with a
demo clinic per thread (``graph.demo``), whose failure ``plan`` is set in the run's context.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal, get_args

from dialog.language import Language, parser_for
from dialog.profile import ClinicProfile, is_open, next_opening
from tools.writes import accepts, takes_dates
from voicekit.backend import ClinicBackend
from voicekit.nlu import Understanding, analyse
from voicekit.phones import dialable
from voicekit.schedule import WEEKDAYS, Schedule, weekday_of

NluMode = Literal["rule", "llm", "hybrid"]
NLU_MODES: tuple[NluMode, ...] = get_args(NluMode)

Parser = Callable[[str, date | None], Understanding]
"""The rules that hear one utterance: ``parser(text, today_or_None)``, today in the clinic's time zone."""


@dataclass
class Context:
    """Dependencies of one call."""

    api: ClinicBackend | None = None
    """The clinic backend: anything with find_slots, book and calls (None only in Studio's demo graph)."""
    plan: dict | None = None
    """Failure plan for Studio's demo clinic, e.g. {"book": ["taken"]}; ignored when `api` is given."""
    sleep: Callable[[float], Any] = time.sleep
    """How to wait between read-tool retries; tests pass a fake that records the waits."""
    max_retries: int = 2
    """Retries of a read tool after a timeout (so at most max_retries + 1 calls)."""
    backoff: tuple[float, ...] = (0.5, 1.0)
    """Seconds to wait before retry 1, 2, ...; the last value repeats if there are more retries."""
    clock: Callable[[], datetime] | None = None
    """Returns "now" (aware or naive); None = the real clock in the clinic's time zone."""
    profile: ClinicProfile = field(default_factory=ClinicProfile)
    """Clinic hours, address and phone for side questions."""
    nlu: NluMode = "rule"
    """How utterances are understood: "rule", "llm" or "hybrid" (LLM only when the rules say unknown)."""
    classify: Callable[[str], str] | None = None
    """LLM intent classifier text -> intent, used by the llm and hybrid modes."""
    parser: Parser = analyse
    """The rule parser; the consent gate listens to it alone, never to the LLM. Left at English's, a clinic in
    another language (``profile.language``) gets that language's rules (``dialog.language.parser_for``)."""
    new_call_id: Callable[[], str] = lambda: uuid.uuid4().hex
    """Mints the random id of a new call (idempotency keys are made from it, never from the thread id)."""
    caller_number: str | None = None
    """The caller id the phone line passed (Twilio's From), E.164 once checked; None when withheld or no number."""
    ask_contact_number: bool = False
    """A booking without a caller id asks for a number to reach the caller on, so they can change it later (the
    service's lines: HTTP, the browser, a withheld number; the lab's agent keeps SPEC 3.2's turns)."""
    paused: Callable[[], bool] | None = None
    """Whether staff have paused automated booking now (the service's switch); None: never paused."""

    @property
    def language(self) -> Language:
        """The language of the call: the clinic's (``clinic.language``), English unless its file says otherwise."""
        return self.profile.language

    def line_paused(self) -> bool:
        """Whether automated booking is paused for this turn (callers are told and put through or called back)."""
        return self.paused is not None and self.paused()

    def __post_init__(self) -> None:
        """Coerce Studio's JSON into types and refuse settings that would misbehave mid-call."""
        if isinstance(self.profile, dict):  # Studio sends JSON
            self.profile = ClinicProfile(**self.profile)
        if isinstance(self.backoff, list):
            self.backoff = tuple(self.backoff)
        check_retry_settings(self.max_retries, self.backoff)
        if self.parser is analyse and self.language != "en":
            self.parser = parser_for(self.language)
        if self.nlu not in NLU_MODES:
            raise ValueError(f"nlu must be one of {', '.join(NLU_MODES)}, got {self.nlu!r}")
        if not callable(self.sleep):
            raise TypeError(f"sleep must be callable like time.sleep, got {self.sleep!r}")
        if self.caller_number is not None and not isinstance(self.caller_number, str):
            raise TypeError(f"caller_number must be the caller id as a str such as '+16175550123', "
                            f"got {type(self.caller_number).__name__}")
        # "anonymous", "+266696687" (a withheld number, as Twilio sends it), "client:alice": no number to check.
        self.caller_number = dialable(self.caller_number, self.profile.country) if self.caller_number else None

    def staff_in(self) -> tuple[bool, tuple[str, str] | None]:
        """Whether staff are in now, and if not when they are next: (True, None) when no clock is injected."""
        if self.clock is None:
            return True, None
        now = self.clock()
        return (True, None) if is_open(self.profile, now) else (False, next_opening(self.profile, now))

    def rules(self) -> Schedule:
        """The agent's own calendar rules, from the profile and the clock: what is never offered or booked.

        Whatever the backend says, a holiday, a date past the booking horizon and a time already past today are
        refused here too. Which weekdays have which times is the backend's template (a configuration builds both
        from one file), so every weekday is marked open here.
        """
        profile = self.profile
        return Schedule(weekly=dict.fromkeys(WEEKDAYS, ("00:00",)), holidays=frozenset(profile.holidays),
                        days_ahead=profile.booking_days_ahead,
                        timezone=profile.timezone, clock=self.clock)

    def dated_backend(self) -> bool:
        """Whether the backend takes dates (SPEC 6.1); a weekday-only one books within the coming week only."""
        return takes_dates(getattr(self.api, "find_slots", None)) and takes_dates(getattr(self.api, "book", None))

    def books_with_a_provider(self) -> bool:
        """Whether the backend's ``book`` takes ``provider=``: only then is a doctor asked for kept and read back."""
        return self.api is None or accepts(getattr(self.api, "book", None), "provider")  # None: Studio's demo

    def finds_bookings(self) -> bool:
        """Whether the backend can look appointments up and cancel them; only then can the line cancel or move one."""
        if self.api is None:  # Studio's graph: its tool nodes get the thread's demo clinic, which can
            return True
        return callable(getattr(self.api, "find_bookings", None)) and callable(getattr(self.api, "cancel", None))

    def takes_callbacks(self) -> bool:
        """Whether the clinic backend can record a callback request (``request_callback``); only then is one offered."""
        return callable(getattr(self.api, "request_callback", None))

    def today(self) -> str:
        """The clinic's weekday now, lower case."""
        return weekday_of(self.today_date())

    def today_date(self) -> date:
        """The clinic's date now, in its time zone (the calendar rules' own "today")."""
        return self.rules().today()


def check_retry_settings(max_retries: object, backoff: object) -> None:
    """Raise a clear error unless max_retries is an int >= 0 and backoff has a wait for retries."""
    if not isinstance(max_retries, int) or isinstance(max_retries, bool) or max_retries < 0:
        raise ValueError(f"max_retries must be an integer >= 0, got {max_retries!r}")
    if not isinstance(backoff, tuple | list) or any(
        not isinstance(s, int | float) or isinstance(s, bool) or s < 0 for s in backoff
    ):
        raise ValueError(f"backoff must be a tuple of seconds >= 0 such as (0.5, 1.0), got {backoff!r}")
    if max_retries > 0 and not backoff:
        raise ValueError("backoff must give at least one wait when max_retries > 0, e.g. (0.5, 1.0)")
