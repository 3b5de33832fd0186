"""LISTEN: the open question at the start of a call (and after a request that went nowhere)."""

from dialog.language import phrases
from nodes.common import waiting_node

listen = waiting_node("LISTEN", lambda state, context: phrases.OPEN_QUESTION)
