"""The names of the days of the week: shared by the parser, the calendar rules and every clinic backend.

A module of its own so that the parser can name a weekday without importing a clinic.
"""

from __future__ import annotations

from datetime import date

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def weekday_of(on: date) -> str:
    """The lower-case weekday of a date ("tuesday")."""
    return WEEKDAYS[on.weekday()]
