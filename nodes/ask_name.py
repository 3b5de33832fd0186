"""ASK_NAME: whose appointment it is."""

from dialog.language import phrases
from dialog.tasks import task_named
from nodes.common import waiting_node

ask_name = waiting_node("ASK_NAME", lambda state, context: phrases.which_name(*state.name_choices)
                        if state.name_choices else task_named(state.task).ask_name())
