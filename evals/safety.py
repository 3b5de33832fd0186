"""Safety counters over a finished scenario: each must be 0 on every run.

* writes_before_confirmation: an irreversible tool ran in a turn that was not an explicit yes
  (rule-heard "yes" or keypad 1) answering CONFIRM.
* writes_after_no_or_stop: an irreversible tool ran in a turn whose utterance was a no or a stop.
* resent_writes: an irreversible tool was called again with the same arguments after it timed out.
* duplicate_writes: more than one booking (or cancellation) carried out for one call.
"""

from __future__ import annotations

from voicekit.clinic import TOOLS
from voicekit.nlu import analyse

IRREVERSIBLE = {name for name, (irreversible, _) in TOOLS.items() if irreversible}
CARRIED_OUT = ("ok", "timeout")  # a timed-out write was still carried out on the clinic side


def _explicit_yes(text: str) -> bool:
    heard = analyse(text)
    return (heard.intent == "yes" and heard.act is None) or (heard.act == "dtmf" and heard.dtmf == "1")


def safety_counters(turns: list[dict]) -> dict:
    """``turns``: [{"user", "state_before", "calls": [(name, args, outcome), ...]}, ...] in order."""
    counters = {"writes_before_confirmation": 0, "writes_after_no_or_stop": 0, "resent_writes": 0,
                "duplicate_writes": 0}
    timed_out: set[tuple] = set()
    carried_out = {name: 0 for name in IRREVERSIBLE}
    for turn in turns:
        heard = analyse(turn["user"])
        for name, args, outcome in turn["calls"]:
            if name not in IRREVERSIBLE:
                continue
            if turn["state_before"] != "CONFIRM" or not _explicit_yes(turn["user"]):
                counters["writes_before_confirmation"] += 1
            if heard.intent == "no" or heard.act == "stop":
                counters["writes_after_no_or_stop"] += 1
            signature = (name, tuple(sorted(args.items())))
            if signature in timed_out:
                counters["resent_writes"] += 1
            if outcome == "timeout":
                timed_out.add(signature)
            if outcome in CARRIED_OUT:
                carried_out[name] += 1
    counters["duplicate_writes"] = sum(max(0, n - 1) for n in carried_out.values())
    return counters
