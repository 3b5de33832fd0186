"""ASK_PHONE (reported as ASK_NAME, the caller's own details): a phone number, asked with ``asking="phone"``.

The number a callback request will ring, or (cancelling or moving an appointment) the one the appointment is under.
"""

from dialog.tasks import task_named
from nodes.common import waiting_node

ask_phone = waiting_node("ASK_NAME", lambda state, context: task_named(state.task).ask_phone(), asking="phone",
                         name="ask_phone")
