"""ASK_PHONE (reported as ASK_NAME, the caller's own details): the number a callback request will ring."""

from dialog import phrases
from nodes.common import waiting_node

ask_phone = waiting_node("ASK_NAME", lambda state, context: phrases.PHONE_FOR_CALLBACK, asking="phone",
                         name="ask_phone")
