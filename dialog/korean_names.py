"""Korean names and numbers where English's rules would guess: a name after a lead-in, a number said in syllables.

The Korean parser hears the name with its lead-in ("제 이름은 김민지예요") or alone ("민지요", ``bare_name_of``), and
spells it where the line asked for that (``voicekit.nlu.ko.spelled``: "이, 하, 늘"). English's last-word-after-a-
lead-in rule (``dialog.names_heard.name_after_lead_in``) would take "음" or "글쎄요" for a name, so a Korean turn has
no name beyond what the parser heard. A phone number said digit by digit in Korean ("공일공 일이삼사 오육칠팔") is
taken as its digits, as English's "five five five..." is (``take_phone_number``).
"""

from __future__ import annotations

from voicekit.nlu import Understanding
from voicekit.nlu.ko import spoken_digits_as_numbers
from voicekit.privacy import take_phone_number as take_digits


def name_after_lead_in(text: str, heard: Understanding) -> str | None:
    """No name beyond what the Korean parser heard: "음", "글쎄요" or "잘 모르겠어요" are never a name."""
    return None


def take_phone_number(text: str) -> tuple[str, str | None]:
    """(``text`` with its phone number as "[phone ending 5678]", the digits), the number said in digits or syllables.

    Without a number in it the turn comes back as it was said (its other number words untouched).
    """
    words, phone = take_digits(spoken_digits_as_numbers(text))
    return (words, phone) if phone is not None else (text, None)
