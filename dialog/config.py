"""One clinic's configuration (SPEC 6.3): its facts, hours, booking rules, calendar and security settings.

``CLINIC_CONFIG=clinic.toml`` names the file (read by ``dialog.config_file``); ``clinic.example.toml`` is the
documented template. Without one the line is the demo clinic (``DEMO_CONFIG``). A bad file is refused at start,
never half-used: a clinic must not be silently always closed, always open, or booking into a calendar it did
not mean.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from dialog.config_checks import ConfigError
from dialog.config_values import ClinicReader
from dialog.profile import ClinicProfile
from voicekit.clinic import DEFAULT_SCHEDULE, ClinicAPI
from voicekit.schedule import WEEKDAYS, Schedule, slot_grid

__all__ = ["DEMO_CONFIG", "CalendarConfig", "ClinicConfig", "ConfigError", "Limits", "Retention", "SecurityConfig",
           "demo_config", "secret"]

CalendarKind = Literal["demo", "sqlite", "caldav"]
HttpCallers = Literal["off", "staff", "public"]
HTTP_CALLERS: tuple[HttpCallers, ...] = ("off", "staff", "public")


def secret(env_name: str, environ: Mapping[str, str] | None = None) -> str | None:
    """A secret's value from the environment variable the file names; None when unset or empty.

    Args:
        env_name: The variable's name, such as "CLINIC_STAFF_TOKEN".
        environ: The environment to read (default: this process's).
    """
    value = (os.environ if environ is None else environ).get(env_name)
    return value if value and value.strip() else None


@dataclass(frozen=True)
class CalendarConfig:
    """Where appointments are kept."""

    kind: CalendarKind = "demo"
    """"demo" (in memory), "sqlite" (a file on this machine) or "caldav" (the clinic's calendar server)."""
    path: str | None = None
    """The SQLite file of kind "sqlite", made absolute from the config file's folder."""
    url: str | None = None
    """The CalDAV calendar's address of kind "caldav"."""
    username_env: str | None = None
    """The environment variable holding the CalDAV user name (None: the server needs no sign-in)."""
    password_env: str | None = None
    """The environment variable holding the CalDAV password."""


@dataclass(frozen=True)
class SecurityConfig:
    """The service's security settings (SPEC 6.4): the names of its secrets' variables, and its public address."""

    staff_token_env: str = "CLINIC_STAFF_TOKEN"
    """The environment variable holding the staff's bearer token."""
    twilio_auth_token_env: str = "TWILIO_AUTH_TOKEN"
    """The environment variable holding Twilio's auth token, for checking webhook signatures."""
    twilio_account_sid_env: str = "TWILIO_ACCOUNT_SID"
    """The environment variable holding the Twilio account the line belongs to."""
    public_url: str | None = None
    """The line's public base address ("https://host", no trailing slash), for signatures and the stream URL."""
    http_callers: HttpCallers = "public"
    """Who may start a call over HTTP (``POST /calls``): "off" nobody, "staff" with the staff token, "public"
    anyone. The demo clinic: "public"; a clinic's file: "staff" unless it says otherwise."""

    def staff_token(self, environ: Mapping[str, str] | None = None) -> str | None:
        """The staff's bearer token, or None when its variable is unset."""
        return secret(self.staff_token_env, environ)

    def twilio_auth_token(self, environ: Mapping[str, str] | None = None) -> str | None:
        """Twilio's auth token, or None when its variable is unset."""
        return secret(self.twilio_auth_token_env, environ)

    def twilio_account_sid(self, environ: Mapping[str, str] | None = None) -> str | None:
        """The Twilio account SID, or None when its variable is unset."""
        return secret(self.twilio_account_sid_env, environ)


@dataclass(frozen=True)
class Limits:
    """How much one worker takes on (``[limits]``): past a limit, a 429 with Retry-After, never a slower line."""

    new_calls_per_minute_per_address: int = 10
    """New calls one source address (or one caller id on the phone line) may start in a minute."""
    new_calls_per_minute: int = 120
    """New calls the worker starts in a minute, from everyone."""
    turns_per_second_per_call: int = 4
    """Turns one call may send in a second (a person takes a turn every few seconds)."""
    calls_at_once: int = 50
    """Calls in progress on one worker (phone and browser calls playing, HTTP calls with a turn in the last minutes)."""


@dataclass(frozen=True)
class Retention:
    """How long what a call leaves behind is kept (``[retention]``); raw audio is never stored at all."""

    transcripts_days: int = 30
    """Days after a call's last turn that its transcript and stored replies (and its checkpoints) are deleted."""
    records_days: int = 365
    """Days the records staff need are kept: callback requests, and cancel records the line wrote."""


@dataclass(frozen=True)
class ClinicConfig:
    """Everything one clinic sets, checked; the console, the service, the phone line and Studio read it."""

    profile: ClinicProfile = field(default_factory=ClinicProfile)
    """The clinic's facts: name, hours, numbers, time zone, holidays, booking horizon."""
    slot_minutes: int = 30
    """The length of one appointment; the bookable times are the grid of the opening hours at this step."""
    calendar: CalendarConfig = field(default_factory=CalendarConfig)
    """Where appointments are kept."""
    security: SecurityConfig = field(default_factory=SecurityConfig)
    """The service's security settings."""
    limits: Limits = field(default_factory=Limits)
    """How much one worker takes on."""
    retention: Retention = field(default_factory=Retention)
    """How long transcripts and records are kept."""
    source: str | None = None
    """The file this came from (None: the demo clinic)."""
    times: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Explicit slot times per weekday ([booking.times]), instead of the grid on those days."""

    def __post_init__(self) -> None:
        """Keep the explicit times as sorted tuples keyed by weekday."""
        for day in self.times:
            if day not in WEEKDAYS:
                raise ValueError(f"ClinicConfig.times keys must be weekday names such as 'monday', got {day!r}")
        object.__setattr__(self, "times", {day: tuple(sorted(times)) for day, times in self.times.items()})

    def weekly_times(self) -> dict[str, list[str]]:
        """The bookable times per weekday, every weekday listed ([] when closed), for ``ClinicAPI(schedule=)``."""
        weekly = {}
        for day in WEEKDAYS:
            span = self.profile.hours.get(day)
            grid = list(slot_grid(span[0], span[1], self.slot_minutes)) if span else []
            weekly[day] = list(self.times[day]) if day in self.times else grid
        return weekly

    def schedule(self, clock: Callable[[], datetime] | None = None, checks_now: bool = True) -> Schedule:
        """The clinic's bookable dates and times.

        Args:
            clock: Returns now (None: the real clock).
            checks_now: False: no "past" and no "beyond the horizon" refusals.
        """
        return Schedule(weekly={day: tuple(times) for day, times in self.weekly_times().items()},
                        holidays=frozenset(self.profile.holidays), days_ahead=self.profile.booking_days_ahead,
                        timezone=self.profile.timezone, clock=clock, checks_now=checks_now)

    def open_calendar(self, clock: Callable[[], datetime] | None = None, plan: Mapping[str, Any] | None = None,
                      environ: Mapping[str, str] | None = None, demo_path: str | None = None) -> Any:
        """The clinic's calendar backend, opened.

        Args:
            clock: Returns now (None: the real clock, or for the demo calendar no date checks of its own).
            plan: A failure plan such as ``{"book": ["taken"]}``: the demo calendar only.
            environ: Where the credentials' variables are read (default: this process's environment).
            demo_path: A SQLite file for the demo calendar, so several worker processes share one demo clinic
                (None: in memory). Ignored by the other kinds, which name their own storage.

        Returns:
            A ``ClinicAPI`` for "demo" and "sqlite", a ``CalDavCalendar`` for "caldav".

        Raises:
            ConfigError: A plan for another calendar, or a credential variable the file names that is not set.
        """
        kind = self.calendar.kind
        if plan and kind != "demo":
            self._reader().fail("calendar.kind", f"failure plans are a demo feature: calendar.kind is {kind!r}",
                                'rehearse failures with kind = "demo", never on a calendar with real appointments')
        if kind == "caldav":
            return self._open_caldav(clock, os.environ if environ is None else environ)
        path = self.calendar.path if kind == "sqlite" else demo_path
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return ClinicAPI(plan=plan, schedule=self.weekly_times(), path=path, holidays=self.profile.holidays,
                         days_ahead=self.profile.booking_days_ahead, timezone=self.profile.timezone, clock=clock)

    def _open_caldav(self, clock: Callable[[], datetime] | None, environ: Mapping[str, str]) -> Any:
        username, password = (self._credential(key, environ) for key in ("username_env", "password_env"))
        try:
            from voicekit.caldav_calendar import CalDavCalendar  # the caldav library loads only for a CalDAV clinic
        except ImportError as missing:
            self._reader().fail("calendar.kind", f"'caldav' needs the caldav library, not installed ({missing})",
                                "install the calendar extra: .venv/bin/pip install -e '.[calendar]' "
                                "(make serve and make test bring it along)")

        assert self.calendar.url is not None, "a caldav calendar is always loaded with its url"
        names = (self.calendar.username_env, self.calendar.password_env)
        hint = f"from the variables {names[0]} and {names[1]}" if names[0] and names[1] else None
        return CalDavCalendar(self.calendar.url, schedule=self.schedule(clock), slot_minutes=self.slot_minutes,
                              username=username, password=password, credentials_from=hint)

    def _credential(self, key: str, environ: Mapping[str, str]) -> str | None:
        name = getattr(self.calendar, key)
        if name is None:
            return None
        value = secret(name, environ)
        if value is None:
            self._reader().fail(f"calendar.{key}", f"names {name}, which is not set in the environment",
                                f"set {name} for the line (export {name}=...), or remove {key} from the file")
        return value

    def _reader(self) -> ClinicReader:
        return ClinicReader(self.source or "the demo clinic")


def demo_config() -> ClinicConfig:
    """The demo clinic: ``ClinicProfile()``'s facts and the classic Monday-Friday times of ``ClinicAPI()``."""
    return ClinicConfig(profile=ClinicProfile(), slot_minutes=30, times=DEFAULT_SCHEDULE)


DEMO_CONFIG = demo_config()
"""The configuration without a file."""
