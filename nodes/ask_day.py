"""ASK_DAY: which day (or, when cancelling, which of the caller's appointments)."""

from dialog.tasks import task_named
from nodes.common import waiting_node

ask_day = waiting_node("ASK_DAY", lambda state, context: task_named(state.task).ask_day(state))
