"""ASK_DAY: which day (or, when cancelling, the day of the appointment to cancel)."""

from dialog.tasks import task_named
from nodes.common import waiting_node

ask_day = waiting_node("ASK_DAY", lambda state, context: task_named(state.task).ask_day(state))
