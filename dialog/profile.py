"""The clinic's own facts, for answering side questions without a tool: hours, address, phone.

Only facts live here; the sentences that say them are in ``dialog.phrases``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from voicekit.clinic import WEEKDAYS

Hours = dict[str, tuple[str, str] | None]


def _default_hours() -> Hours:
    weekday = ("08:30", "17:00")
    return {day: (weekday if day not in ("saturday", "sunday") else None) for day in WEEKDAYS}


@dataclass(frozen=True)
class ClinicProfile:
    """Facts a receptionist knows by heart. Override any of them per deployment."""

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
    """The clinic's time zone, for "today" and "tomorrow"."""

    def __post_init__(self) -> None:
        """Refuse hours keyed by anything but a weekday name; take JSON lists as (open, close) pairs."""
        for day in self.hours:
            if day not in WEEKDAYS:
                raise ValueError(f"ClinicProfile.hours keys must be weekday names, got {day!r}")
        # Studio sends JSON, where a pair is a list: make it the tuple the week summary can compare.
        spans: Hours = {day: ((span[0], span[1]) if span else None) for day, span in self.hours.items()}
        object.__setattr__(self, "hours", spans)
