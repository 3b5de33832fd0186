"""The clinic's own facts, for answering side questions without a tool: hours, address, phone.

Only facts live here; the sentences that say them are in ``dialog.phrases``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from dialog.language import Language, check_language
from voicekit.clinic import WEEKDAYS
from voicekit.phones import is_region

Hours = dict[str, tuple[str, str] | None]


def _default_hours() -> Hours:
    weekday = ("08:30", "17:00")
    return {day: (weekday if day not in ("saturday", "sunday") else None) for day in WEEKDAYS}


@dataclass(frozen=True)
class ClinicProfile:
    """Facts a receptionist knows by heart. Override any of them per deployment."""

    name: str = "Riverside Clinic"
    """The clinic's name, as the greeting says it."""
    hours: Hours = field(default_factory=_default_hours)
    """Opening hours per weekday: ("HH:MM", "HH:MM"), or None when closed."""
    address: str = "12 Harbour Street, Riverside"
    """Where the clinic is."""
    phone: str = "555 0100"
    """The front desk's number."""
    emergency_number: str = "911"
    """What to call in an emergency."""
    crisis_line: str = "988"
    """The suicide and crisis line, given with the emergency number when a caller speaks of suicide."""
    timezone: str = "America/New_York"
    """The clinic's time zone, for "today" and "tomorrow" and for whether staff are in."""
    holidays: tuple[str, ...] = ()
    """Dates ("YYYY-MM-DD") the clinic is closed whatever the weekday's hours say."""
    booking_days_ahead: int = 90
    """The booking horizon: a date further ahead than this many days is never offered or booked."""
    country: str = "US"
    """The region phone numbers are read in when said without a country code (ISO 3166 code such as "US")."""
    transfer_to: str | None = None
    """The staff number a hand-off's warm transfer rings (None: the front desk's ``phone``)."""
    ring_seconds: int = 30
    """How long the warm transfer rings before nobody-answered: staff then get a callback request."""
    silent_turns_to_end: int = 3
    """Closed, nobody can take a hand-off: this many silent turns in a row end the call politely."""
    language: Language = "en"
    """The language the line speaks and hears ("en", "ko"): its sentences, its parser and its consent gate."""

    def __post_init__(self) -> None:
        """Refuse hours keyed by anything but a weekday name; take JSON lists as (open, close) pairs."""
        for day in self.hours:
            if day not in WEEKDAYS:
                raise ValueError(f"ClinicProfile.hours keys must be weekday names, got {day!r}")
        # Studio sends JSON, where a pair is a list: make it the tuple the week summary can compare.
        spans: Hours = {day: ((span[0], span[1]) if span else None) for day, span in self.hours.items()}
        object.__setattr__(self, "hours", spans)
        for holiday in self.holidays:
            try:
                date.fromisoformat(holiday)
            except (TypeError, ValueError):
                raise ValueError(f"ClinicProfile.holidays are dates as YYYY-MM-DD, got {holiday!r}") from None
        object.__setattr__(self, "holidays", tuple(self.holidays))
        if not isinstance(self.ring_seconds, int) or isinstance(self.ring_seconds, bool) or self.ring_seconds < 1:
            raise ValueError(f"ClinicProfile.ring_seconds must be a whole number of seconds >= 1, "
                             f"got {self.ring_seconds!r}")
        # A horizon the calendar rules cannot use would switch the agent's date guard off: refused here, by name.
        if not isinstance(self.booking_days_ahead, int) or isinstance(self.booking_days_ahead, bool) \
                or self.booking_days_ahead < 1:
            raise ValueError(f"ClinicProfile.booking_days_ahead must be a whole number of days >= 1, "
                             f"got {self.booking_days_ahead!r}")
        if not is_region(self.country):
            raise ValueError(f"ClinicProfile.country must be a region code such as 'US' or 'GB', got {self.country!r}")
        if not isinstance(self.silent_turns_to_end, int) or self.silent_turns_to_end < 1:
            raise ValueError(f"ClinicProfile.silent_turns_to_end must be a whole number >= 1, "
                             f"got {self.silent_turns_to_end!r}")
        try:
            check_language(self.language)
        except ValueError as error:
            raise ValueError(f"ClinicProfile.{error}") from None


def _local(profile: ClinicProfile, now: datetime) -> datetime:
    """``now`` on the clinic's wall clock (a naive time is taken to be the clinic's own already)."""
    return now.astimezone(ZoneInfo(profile.timezone)) if now.tzinfo is not None else now


def is_open(profile: ClinicProfile, now: datetime) -> bool:
    """Whether staff are in at ``now``: holidays first, then the weekday's opening hours, else closed."""
    local = _local(profile, now)
    if local.date().isoformat() in profile.holidays:
        return False
    span = profile.hours.get(WEEKDAYS[local.weekday()])
    return span is not None and span[0] <= local.strftime("%H:%M") < span[1]


def next_opening(profile: ClinicProfile, now: datetime) -> tuple[str, str] | None:
    """(weekday, "HH:MM") when staff are next in after ``now``, within two weeks; None if never."""
    local = _local(profile, now)
    for ahead in range(15):
        day = local.date() + timedelta(days=ahead)
        span = profile.hours.get(WEEKDAYS[day.weekday()])
        if span is None or day.isoformat() in profile.holidays:
            continue
        if ahead > 0 or local.strftime("%H:%M") < span[0]:
            return WEEKDAYS[day.weekday()], span[0]
    return None
