"""Build the Taskmaster set: caller turns of Google's Taskmaster-3 movie-ticket dialogs (CC BY 4.0), to label.

    python -m evals.real.build_taskmaster PATH_TO_A_CLONE_OF_google-research-datasets/Taskmaster
    TASKMASTER=PATH python -m evals.real.build_taskmaster

The path is a git directory or a work tree of <https://github.com/google-research-datasets/Taskmaster>; it
is read with ``git show HEAD:...``, so a bare mirror works. Nothing is written from this project's parser.

Why Taskmaster-3, and why movie tickets. Taskmaster-1's auto-repair dialogs (a caller books a day and a
time and gives a name, both spoken two-person and self-dialogs) would be the closest to a clinic line, but
its dialog files (``TM-1-2019/woz-dialogs.json``, ``self-dialogs.json``) and Taskmaster-2's were not in
the snapshot this was built from (only their READMEs, instructions and ontologies were). What it held of
dialog text was Taskmaster-3 (TicketTalk, movie ticketing) in one shard of its training split,
``TM-3-2020/splits/train/train-bc.tsv``, and Taskmaster-4 (coffee orders, no day or time). A ticket
purchase is the nearer task: the caller picks a date and a showtime, often has one turned down, hears the
details read back and says yes. Taskmaster-3 dialogs are self-dialogs: one crowd worker typed both sides.

The shard's format. One line a training example, three tab-separated fields (TSV quoting: a field with a
quote is quoted, its quotes doubled): the dialog so far, the next step, the dialog id. The dialog so far is
``LAST<C>HISTORY`` (the last event repeated in front; HISTORY then LAST is the dialog in order) or, at the
start, just HISTORY; events are ``<U>`` user text, ``<A>`` assistant text, ``<PN>`` an API call with
``<PAN>`` name / ``<PAV>`` value arguments, ``<PR>`` its response with ``<PRAN>`` / ``<PRAV>`` values, and
``<S>`` the start. The next step uses the same tags in square brackets. So each line is a *prefix* of a
dialog, cut at a sampled point: the turns after the cut are not in the shard. An id seen twice keeps its
longest prefix (the shorter ones are its beginnings).

Which dialogs. Those whose prefix reached the tickets: a ``check_tickets`` or ``book_tickets`` call (or
its response), i.e. the caller got as far as asking for seats at a date and a time.

Writes, next to this file, dialogs in id order and their turns in order:

* ``taskmaster_dialogs.jsonl``: ``{"id", "split", "booked", "booking", "turns": [{"speaker", "text"}]}``;
  ``booked`` is whether the prefix holds a ``book_tickets`` call answered ``success``, ``booking`` that
  call's arguments (Taskmaster's own values: ``date.showing``, ``time.showing``, ``num.tickets``...).
* ``taskmaster_turns.jsonl``: one user turn a line, ``{"id", "dialog", "turn", "split", "asked", "said",
  "taskmaster"}``; ``id`` is ``dialog/turn``, ``turn`` the 0-based index of the utterance among the
  prefix's user and assistant utterances, ``asked`` the assistant utterance just before (None at the start),
  ``taskmaster`` the corpus's annotation of the turn: the API calls the assistant made on it (``name``,
  ``args``, ``response``). Those are Taskmaster's, not this project's labels.
* ``taskmaster_to_label.jsonl``: ``{"id", "asked", "said"}`` alone, what a blind labeller is shown.

The split is by dialog, a hash of its id, a quarter held out (``"test"``): the held-out figure is the
headline, and no rule may be tuned by reading its turns or its misses.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARD = "TM-3-2020/splits/train/train-bc.tsv"
_TAG = re.compile(r"(<[A-Z]+>)")


def split_of(dialog_id: str) -> str:
    """A quarter of the dialogs is held out, chosen by a hash of the id (stable, not by position)."""
    return "test" if int(hashlib.sha256(dialog_id.encode()).hexdigest(), 16) % 4 == 0 else "train"


def _clean(text: str) -> str:
    return " ".join(re.sub(r"\\[nt]", " ", text).split())


def events(flat: str) -> list[dict]:
    """The tagged text of a dialog as a list of utterances and API calls, in order."""
    found: list[dict] = []
    call: dict = {}
    key = ""
    parts = _TAG.split(flat)
    for tag, text in zip(parts[1::2], parts[2::2], strict=True):
        if tag in ("<U>", "<A>"):
            found.append({"speaker": "user" if tag == "<U>" else "assistant", "text": _clean(text)})
        elif tag == "<PN>" or (tag == "<PR>" and (call.get("api") != text.strip() or call["response"]
                                                   or found[-1] is not call)):
            call = {"api": text.strip(), "args": {}, "response": {}}  # a response whose call was cut off starts one
            found.append(call)
        elif tag in ("<PAN>", "<PRAN>"):
            key = text.strip()
        elif tag == "<PAV>" and call:
            call["args"][key] = _clean(text)
        elif tag == "<PRAV>" and call:
            call["response"].setdefault(key, []).append(_clean(text))
    return found


def dialog_text(context: str, target: str) -> str:
    """The dialog in order: HISTORY, then LAST, then the next step (its tags in angle brackets)."""
    if "<C>" in context:
        last, history = context.split("<C>", 1)
        context = history + last
    return context + re.sub(r"\[([A-Z]+)\]", r"<\1>", target)


def read_shard(clone: Path) -> dict[str, str]:
    """Dialog id -> its longest prefix, from the shard of the clone."""
    shown = subprocess.run(["git", "-C", str(clone), "show", f"HEAD:{SHARD}"], capture_output=True, text=True,
                           check=True)
    longest: dict[str, str] = {}
    for row in csv.reader(io.StringIO(shown.stdout), delimiter="\t"):
        if len(row) != 3:
            continue
        flat = dialog_text(row[0], row[1])
        if len(flat) > len(longest.get(row[2], "")):
            longest[row[2]] = flat
    return longest


def wanted(found: list[dict]) -> bool:
    """Whether a dialog reached the tickets (see the module docstring)."""
    return any(e.get("api") in ("check_tickets", "book_tickets") for e in found)


def build(clone: Path) -> tuple[list[dict], list[dict]]:
    """(dialogs, turns) of the wanted dialogs, in id order."""
    dialogs_out, turns_out = [], []
    for dialog_id, flat in sorted(read_shard(clone).items()):
        found = events(flat)
        if not wanted(found):
            continue
        side = split_of(dialog_id)
        utterances: list[dict] = []
        booking: dict[str, str] = {}
        booked = False
        for event in found:
            if "speaker" in event:
                if not event["text"]:
                    continue
                utterances.append(event)
                if event["speaker"] == "user":
                    asked = next((u["text"] for u in reversed(utterances[:-1]) if u["speaker"] == "assistant"), None)
                    turns_out.append({"id": f"{dialog_id}/{len(utterances) - 1}", "dialog": dialog_id,
                                      "turn": len(utterances) - 1, "split": side, "asked": asked,
                                      "said": event["text"], "taskmaster": {"apis": []}})
            else:
                if turns_out and turns_out[-1]["dialog"] == dialog_id:
                    turns_out[-1]["taskmaster"]["apis"].append(
                        {"name": event["api"], "args": event["args"], "response": event["response"]})
                if event["api"] == "book_tickets":
                    booking = event["args"] or booking
                    booked = booked or event["response"].get("status") == ["success"]
        dialogs_out.append({"id": dialog_id, "split": side, "booked": booked, "booking": booking,
                            "turns": [{"speaker": u["speaker"], "text": u["text"]} for u in utterances]})
    return dialogs_out, turns_out


def _write(name: str, rows: list[dict]) -> None:
    (HERE / name).write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))


def main(argv: list[str] | None = None) -> int:
    """Write the three files from the clone named by the first argument or $TASKMASTER."""
    args = sys.argv[1:] if argv is None else argv
    where = args[0] if args else os.environ.get("TASKMASTER")
    if not where:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    dialogs, turns = build(Path(where))
    _write("taskmaster_dialogs.jsonl", dialogs)
    _write("taskmaster_turns.jsonl", turns)
    _write("taskmaster_to_label.jsonl", [{"id": t["id"], "asked": t["asked"], "said": t["said"]} for t in turns])
    held = [d for d in dialogs if d["split"] == "test"]
    print(f"taskmaster: {len(dialogs)} dialogs ({len(held)} held out), {len(turns)} user turns "
          f"({sum(t['split'] == 'test' for t in turns)} held out), {sum(d['booked'] for d in dialogs)} booked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
