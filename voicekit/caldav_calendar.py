"""The CalDAV backend where the README and the clinic files name it: it lives in ``voicekit.clinics.caldav_calendar``.

Importing it loads the caldav library; ``dialog.config`` does so only for a clinic whose calendar is CalDAV.
"""

from voicekit.clinics.caldav_calendar import CalDavCalendar as CalDavCalendar
