"""The demo clinic's argument checks: each refuses a bad value with a message that shows the right form."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping

from voicekit.schedule import WEEKDAYS, parse_date, weekday_of

_TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def check_day(day: object) -> str:
    """Return ``day`` as a lower-case weekday, or raise a ValueError naming the accepted values."""
    if not isinstance(day, str) or day.strip().lower() not in WEEKDAYS:
        raise ValueError(f"day must be a weekday name such as 'tuesday' (one of {', '.join(WEEKDAYS)}), got {day!r}")
    return day.strip().lower()


def check_date(day: str, on: object) -> str:
    """Return ``on`` as "YYYY-MM-DD" if it is a date on weekday ``day``, else raise a ValueError saying which."""
    found = parse_date(on)
    if weekday_of(found) != day:
        raise ValueError(f"date {on!r} is a {weekday_of(found).capitalize()}, not a {day.capitalize()}: "
                         "pass the weekday of the date")
    return found.isoformat()


def check_time(time: object) -> str:
    """Return ``time`` if it is 24-hour ``"HH:MM"``, else raise a ValueError showing the format."""
    if not isinstance(time, str) or not _TIME_RE.match(time):
        raise ValueError(f"time must be 24-hour 'HH:MM' such as '14:30', got {time!r}")
    return time


_BACKEND_TIME_RE = re.compile(r"^\s*([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?\s*$")


def as_hhmm(time: object) -> str | None:
    """A time as another backend gives it ("09:00", "9:00", "09:00:00", a ``datetime.time``) as "HH:MM", or None.

    The agent offers and books "HH:MM" whatever the calendar's own format (a CalDAV or SQL calendar may add seconds).
    """
    if hasattr(time, "hour") and hasattr(time, "minute"):
        return f"{time.hour:02d}:{time.minute:02d}"
    found = _BACKEND_TIME_RE.match(time) if isinstance(time, str) else None
    return f"{int(found.group(1)):02d}:{found.group(2)}" if found else None


@functools.lru_cache(maxsize=256)
def _sorted_times(times: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(check_time(t) for t in times))


def checked_times(times: tuple) -> tuple[str, ...]:
    """A day's opening times checked and sorted; remembered, as a worker opens the same clinic every turn."""
    try:
        return _sorted_times(times)
    except TypeError:  # something unhashable among the times: check_time says what it should be
        return _sorted_times.__wrapped__(times)


def check_name(name: object) -> str:
    """Return a stripped, non-empty caller name, else raise a ValueError."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty string such as 'Jamie', got {name!r}")
    return name.strip()


def check_provider(provider: object) -> str:
    """Return a stripped, non-empty provider ("Dr. Johnson"), else raise a ValueError."""
    if not isinstance(provider, str) or not provider.strip():
        raise ValueError(f"provider must be the doctor asked for, such as 'Dr. Johnson', or None; got {provider!r}")
    return provider.strip()


def check_plan(plan: Mapping[str, Iterable[str]] | None, tools: Mapping[str, object],
               outcomes_known: tuple[str, ...]) -> dict[str, list[str]]:
    """The failure plan checked: known tools, lists of known outcomes; a clear error otherwise."""
    if plan is None:
        return {}
    if not isinstance(plan, Mapping):
        raise TypeError(f"plan must be a dict like {{'book': ['taken']}}, got {type(plan).__name__}")
    checked: dict[str, list[str]] = {}
    for tool, outcomes in plan.items():
        if tool not in tools:
            raise ValueError(f"plan names unknown tool {tool!r}; known tools: {', '.join(tools)}")
        if isinstance(outcomes, str) or not isinstance(outcomes, Iterable):
            raise TypeError(f"plan[{tool!r}] must be a list of outcomes such as ['timeout', 'ok'], got {outcomes!r}")
        outcomes = list(outcomes)
        for outcome in outcomes:
            if outcome not in outcomes_known:
                raise ValueError(f"plan[{tool!r}] has unknown outcome {outcome!r}; "
                                 f"use one of {', '.join(outcomes_known)}")
        checked[tool] = outcomes
    return checked
