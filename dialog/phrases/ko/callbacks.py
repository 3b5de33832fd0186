"""A request for staff to call the caller back, in Korean: its questions, read-back and farewell."""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.ko.questions import RE_ASK, YES_OR_NO
from dialog.phrases.ko.values import day_and_time, spoken_day, spoken_phone, spoken_phone_and_extension, spoken_time

NAME_FOR_CALLBACK = "네. 직원에게 어느 분 성함으로 전해 드릴까요?"
PHONE_FOR_CALLBACK = "어느 번호로 다시 전화드리면 될까요?"


def not_a_phone_number(why: str) -> str:
    """The digits given at the phone question are no number to call back (and a card number is not repeated)."""
    if why == "card":
        return "카드 번호 같아서 저장하지 않았어요. 이 전화로는 카드 정보를 말씀하지 마세요."
    if why == "incomplete":
        return "지역 번호까지 전체 번호를 말씀해 주세요."
    return "전화드릴 수 있는 번호가 아닌 것 같아요."


NO_CALLBACK_LEFT = "알겠어요. 요청은 남기지 않았어요."
CALLBACK_REFUSED = "죄송해요, 시스템에서 요청을 받지 못했어요."


def _about(day: str | None, time: str | None) -> str:
    return f" {day_and_time(day, time)} 건으로" if day or time else ""


def callback_read_back(name: str | None, phone: str | None, day: str | None, time: str | None,
                       extension: str | None = None) -> str:
    """CONFIRM for a callback request: who, which number (and extension), and what about."""
    return (f"{name} 님께{_about(day, time)} {spoken_phone_and_extension(phone or '', extension)}번으로 다시 "
            "전화드리도록 직원에게 요청을 남길게요. 이대로 남길까요?")


def callback_re_ask(name: str | None, phone: str | None) -> str:
    """The short re-ask at a callback request's CONFIRM."""
    return f"{RE_ASK} {name} 님께 {spoken_phone(phone or '')}번으로 다시 전화드리도록 요청을 남길까요? {YES_OR_NO}"


def callback_left(name: str | None, phone: str | None, back: Sequence[str] | None) -> str:
    """DONE after the callback request was recorded."""
    when = f" {spoken_day(back[0])} {spoken_time(back[1])}에 문을 열면" if back else ""
    return (f"감사합니다, {name} 님. 요청을 남겼어요.{when} 직원이 {spoken_phone(phone or '')}번으로 "
            "다시 전화드릴 거예요. 안녕히 계세요.")
