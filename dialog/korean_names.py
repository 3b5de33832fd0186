"""Korean names where English's rules would guess: a name after a lead-in at the name question.

The Korean parser hears the name with its lead-in ("제 이름은 김민지예요") or alone ("민지요", ``bare_name_of``), and
spells it where the line asked for that (``voicekit.nlu.ko.spelled``: "이, 하, 늘"). English's last-word-after-a-
lead-in rule (``dialog.names_heard.name_after_lead_in``) would take "음" or "글쎄요" for a name, so a Korean turn has
no name beyond what the parser heard.
"""

from __future__ import annotations

from voicekit.nlu import Understanding


def name_after_lead_in(text: str, heard: Understanding) -> str | None:
    """No name beyond what the Korean parser heard: "음", "글쎄요" or "잘 모르겠어요" are never a name."""
    return None
