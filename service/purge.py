"""Delete what is past the clinic's retention now: ``python -m service.purge`` (every worker also does it hourly).

Reads the same settings as a worker (``CLINIC_CONFIG``, ``DATABASE_URL``, ``CLINIC_DB``) and prints what it deleted.
"""

from __future__ import annotations

import sys

from service.app import open_stores
from service.background import purge_once
from service.settings import Settings


def main() -> int:
    """One purge, with the worker's settings."""
    settings = Settings.from_env()
    calls, checkpointer = open_stores(settings)
    clinic = settings.clinic

    def open_calendar() -> object:
        return clinic.open_calendar(clock=settings.clock, demo_path=settings.clinic_db)

    done = purge_once(calls, checkpointer, open_calendar, clinic.retention)
    print(f"deleted {done['transcripts']} call transcripts older than {clinic.retention.transcripts_days} days and "
          f"{done['records']} records older than {clinic.retention.records_days} days")
    return 0


if __name__ == "__main__":
    sys.exit(main())
