"""The clinic's own facts, for answering side questions without a tool: hours, address, phone."""

from __future__ import annotations

from dataclasses import dataclass, field

from voicekit.clinic import WEEKDAYS


def _default_hours() -> dict[str, tuple[str, str] | None]:
    weekday = ("08:30", "17:00")
    return {day: (weekday if day not in ("saturday", "sunday") else None) for day in WEEKDAYS}


@dataclass(frozen=True)
class ClinicProfile:
    """Facts a receptionist knows by heart. Override any of them per deployment."""

    name: str = "Riverside Clinic"
    """How the agent names the clinic."""
    hours: dict = field(default_factory=_default_hours)
    """Opening hours per weekday: ("HH:MM", "HH:MM"), or None when closed."""
    address: str = "12 Harbour Street, Riverside"
    """Where the clinic is."""
    phone: str = "555 0100"
    """The front desk's number."""
    emergency_number: str = "911"
    """What to call in an emergency."""
    timezone: str = "America/New_York"
    """The clinic's time zone, for "today" and "tomorrow"."""

    def __post_init__(self):
        for day in self.hours:
            if day not in WEEKDAYS:
                raise ValueError(f"ClinicProfile.hours keys must be weekday names, got {day!r}")

    def hours_on(self, day: str) -> str:
        """One sentence with the opening hours on ``day``."""
        span = self.hours.get(day)
        if not span:
            return f"We're closed on {day.capitalize()}."
        return f"On {day.capitalize()} we're open from {span[0]} to {span[1]}."

    def week_summary(self) -> str:
        open_days = [d for d in WEEKDAYS if self.hours.get(d)]
        spans = {self.hours[d] for d in open_days}
        if len(spans) == 1 and open_days:
            start, end = next(iter(spans))
            return f"We're open {open_days[0].capitalize()} to {open_days[-1].capitalize()}, {start} to {end}."
        return " ".join(self.hours_on(d) for d in WEEKDAYS)
