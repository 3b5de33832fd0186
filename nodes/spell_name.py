"""SPELL_NAME (reported as ASK_NAME, the caller's own details): the name spelled, its letters read back, or which.

Which of two close names, too; see ``dialog.names_spelled``. It leads to no write: the read-back after it needs
its own yes.
"""

from dialog.names_spelled import question
from nodes.common import waiting_node

spell_name = waiting_node("ASK_NAME", lambda state, context: question(state), asking="spelling", name="spell_name")
