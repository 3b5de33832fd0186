"""ASK_TIME: offer the open times of the chosen day (or, when cancelling, ask the appointment's time)."""

from dialog.tasks import task_named
from nodes.common import waiting_node

ask_time = waiting_node("ASK_TIME", lambda state, context: task_named(state.task).ask_time(state))
