"""A name put right by spelling it, through the Twilio stream and the line's real pipeline (SPEC 7.1).

The caller books, hears their name read back, says it is not their name, is asked to spell it, spells it letter
by letter as people do on the phone ("F, R, A, S, E, R"), hears the spelling read back letter by letter, says
yes, hears the booking read back with the spelled name, says yes: the booking is under the spelled name.
The caller's voice is flite's awb, not the line's kal16. Heard as any other turn, these letters came back
"F-4-D-C-R" (Whisper on the line with no word of what to expect); at the spelling step the line hears them
with its letters' settings (``phone.letters``) and the dialog takes letters one off the name heard as that name.
"""

import asyncio
import re

from tests.integration_tests.test_phone_answers_at_once import Noted
from tests.integration_tests.test_twilio_line import (
    LAST_REPLY,
    Agents,
    Line,
    audio_back,
    phone_audio,
    send_audio,
    started_call,
)


def spelled(letters: str) -> str:
    """Letters as a caller says them, one by one (a lone "A" is read as the article by flite: "ay")."""
    return ", ".join("ay" if c == "A" else c for c in letters)


def test_a_misheard_name_is_spelled_read_back_letter_by_letter_and_booked_under_the_spelled_name():
    with Line(Agents(Noted)) as line:
        async def call():
            async with started_call(line) as ws:
                await audio_back(ws, 30)  # the greeting
                turns = ("Book me on Tuesday at ten a m, my name is Jamie Fraser", "No, that's not my name.",
                         spelled("FRASER"), "yes", "yes")
                for number, words in enumerate(turns, start=1):
                    await send_audio(ws, phone_audio(words))
                    # A reply is seconds long; 20 s bounds a call that went elsewhere.
                    await audio_back(ws, 20, enough=LAST_REPLY if number == len(turns) else None)

        asyncio.run(call())
        [agent] = line.agents.made
    said = agent.said
    asked = next((n for n, reply in enumerate(said) if re.search(r"\bspell\b", reply, re.IGNORECASE)), None)
    assert asked is not None, (said, agent.turns)  # "Could you spell your last name for me?"
    assert any("F, R, A, S, E, R" in reply for reply in said[asked + 1:]), (said, agent.turns)  # letter by letter
    assert [b["name"] for b in agent.api.bookings] == ["Jamie Fraser"], (said, agent.api.bookings)
