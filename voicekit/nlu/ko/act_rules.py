"""What a Korean turn does beside its intent (``Understanding.act``): named rules, the first that holds decides.

The same acts and the same order as the English list (``voicekit.nlu.act_rules``): an emergency before anything;
the end of the call before a request to repeat; a question the line answers after the acts that change the call.
A question about the hours is the intent "hours" even after a yes ("네 그리고 몇 시까지 하세요"), so no act repeats it.
"""

from __future__ import annotations

from typing import cast

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.ko.judgements import (
    KoTurn,
    about_the_line,
    asks_medical,
    asks_where,
    has,
    holds,
    pardon,
)
from voicekit.nlu.rules import Rule, Turn
from voicekit.nlu.types import Act


def _ko(turn: Turn) -> KoTurn:
    return cast(KoTurn, turn)


def _asks_to_hear_it_again(turn: Turn) -> bool:
    t = _ko(turn)
    return pardon(t.text) or has(t.compact, lexicon.REPEAT_PHRASES)


def _checks_the_line(turn: Turn) -> bool:
    """"여보세요?" alone: the caller checks the line is alive."""
    compact = _ko(turn).compact
    rest = compact.replace("여보세요", "")
    return _ko(turn).asked and "여보세요" in compact and rest in ("", "네", "저기요", "들리세요", "들려요", "들리나요")


def _only_thanks(turn: Turn) -> bool:
    heard = turn.heard
    return heard.intent == "unknown" and has(_ko(turn).compact, lexicon.THANKS) and not heard.name


ACT_RULES: tuple[Rule[Act | None], ...] = (
    Rule("nothing_said", lambda t: not _ko(t).compact, None),
    Rule("emergency", lambda t: t.emergency, "emergency"),
    Rule("ends_the_call", lambda t: t.stop and t.heard.intent in ("no", "unknown"), "stop"),
    Rule("asks_to_hear_it_again", _asks_to_hear_it_again, "repeat"),
    Rule("checks_the_line", _checks_the_line, "repeat"),
    # "네, 잠깐만요" holds too (a yes with a pause books nothing); "잠시만요 이하준이요" gives the value, no pause.
    Rule("asks_to_hold",
         lambda t: holds(_ko(t).compact) and not _ko(t).said_values and t.heard.intent in ("unknown", "yes", "no"),
         "hold"),
    Rule("asks_if_automated", lambda t: about_the_line(_ko(t).compact) == "automated", "automated"),
    Rule("asks_the_clinics_name", lambda t: about_the_line(_ko(t).compact) == "clinic_name", "clinic_name"),
    Rule("asks_a_medical_question", lambda t: asks_medical(_ko(t)), "medical"),
    Rule("asks_where", lambda t: asks_where(_ko(t).compact), "address"),
    Rule("asks_about_services", lambda t: has(_ko(t).compact, lexicon.SERVICE_PHRASES) and t.asked, "services"),
    Rule("only_thanks", _only_thanks, "thanks"),
    Rule("no_act", lambda t: True, None),
)
