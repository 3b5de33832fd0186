"""The clinic backends: what the agent needs of one, the demo clinic and its store, a CalDAV calendar.

``voicekit.clinic`` (SPEC 2.1), ``voicekit.backend`` and ``voicekit.caldav_calendar`` re-export them where
SPEC, the README and the code name them.
"""
