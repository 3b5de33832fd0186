"""ASK_NAME: whose appointment it is."""

from dialog.tasks import task_named
from nodes.common import waiting_node

ask_name = waiting_node("ASK_NAME", lambda state, context: task_named(state.task).ask_name)
