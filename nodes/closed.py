"""CLOSED: a turn sent to a call that has ended (DONE or HANDOFF) changes nothing and calls no tool.

The graph itself keeps rule 9, so Studio, the service and VoiceAgent agree: the final words stand.
"""

from __future__ import annotations

from dialog.state import CallState, CallUpdate


def closed(state: CallState) -> CallUpdate:
    """Leave the ended call as it is."""
    return {}
