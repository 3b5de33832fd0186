"""The sentences of the line's two checks, in Korean (the twin of ``dialog.security_phrases``).

The phone line offers a callback after a warm transfer nobody answered; cancelling or moving an appointment
needs the caller's number to match the booking's.
"""

from __future__ import annotations

from dialog.phrases.ko.questions import RE_ASK, YES_OR_NO
from dialog.phrases.ko.values import DIGIT_WORDS, spoken_phone, with_ro

# -- the phone line's callback question, after a warm transfer nobody answered ----------------------------

NOBODY_COULD_ANSWER = "지금 전화를 받을 수 있는 직원이 없어요."
NOBODY_ON_STAFF = "죄송해요, 지금은 전화를 받을 수 있는 직원이 없어요."
NUMBER_TO_CALL_BACK = "직원이 어느 번호로 다시 전화드리면 될까요?"
CALL_AGAIN_LATER = "잠시 후에 다시 전화해 주세요. 안녕히 계세요."
NOT_LEFT_UNCLEAR = "죄송해요, 잘 못 알아들어서 요청은 남기지 않았어요."


def on_the_number(phone: str | None, whole: bool) -> str:
    """The number to call back: by its last four when the line gave it, whole when the caller said it."""
    if not phone:
        return "말씀하신 번호"
    return spoken_phone(phone) if whole else f"끝자리 {''.join(DIGIT_WORDS[int(d)] for d in phone[-4:])}번"


def transfer_callback_read_back(phone: str | None, whole: bool) -> str:
    """CONFIRM for the request the line offers: nothing is written before a yes to this."""
    return f"직원이 {with_ro(on_the_number(phone, whole))} 다시 전화드리도록 요청을 남길까요? {YES_OR_NO}"


def transfer_callback_re_ask(phone: str | None, whole: bool) -> str:
    """The short re-ask of that read-back, after an answer that was neither yes nor no."""
    return (f"{RE_ASK} 직원이 {with_ro(on_the_number(phone, whole))} 다시 전화드리도록 요청을 남길까요? "
            "네 또는 아니요로 말씀해 주세요.")


def transfer_callback_left(phone: str | None, whole: bool) -> str:
    """The call's last words once the request was recorded."""
    return (f"감사합니다. 요청을 남겼어요. 직원이 {with_ro(on_the_number(phone, whole))} 다시 전화드릴 거예요. "
            "안녕히 계세요.")


# -- the number an appointment is under ------------------------------------------------------------------

PHONE_FOR_CHECK = "본인 확인을 위해 예약하실 때 남기신 전화번호를 말씀해 주시겠어요?"
NO_MATCHING_APPOINTMENT = ("말씀하신 내용과 맞는 예약 중에 이 전화로 바꿀 수 있는 예약을 찾지 못했어요. "
                           "전화번호 없이 하셨거나 다른 번호로 하신 예약은 직원만 바꿀 수 있어요.")
"""Said whether nothing is booked under the name, the number fits none, or the booking has no number on file."""
