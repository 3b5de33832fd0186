"""The read-backs before a write (CONFIRM), their short re-asks, and the farewells once it went through, in Korean."""

from __future__ import annotations

from dialog.phrases.ko.questions import RE_ASK, YES_OR_NO
from dialog.phrases.ko.values import (
    booking_number_said,
    josa,
    spoken_day,
    spoken_phone_and_extension,
    spoken_time,
    with_ro,
)


def booking_read_back(name: str | None, day: str | None, time: str, on_date: str | None = None,
                      provider: str | None = None, phone: str | None = None, extension: str | None = None) -> str:
    """Read a booking back before the one irreversible step: who, when ("12월 10일 목요일 오전 10시"), with whom.

    The doctor asked for and the number the caller gave are said with it, so the caller consents to them too.
    """
    contact = f" 연락처는 {josa(spoken_phone_and_extension(phone, extension), '이에요', '예요')}." if phone else ""
    return (f"확인해 드릴게요. {name} 님, {spoken_day(day, on_date)} {spoken_time(time)}{_with(provider)} "
            f"예약이에요.{contact} 이대로 예약할까요? {YES_OR_NO}")


def booking_re_ask(name: str | None, day: str | None, time: str, on_date: str | None = None,
                   provider: str | None = None) -> str:
    """Asked once more, briefly, when the answer to the read-back was neither yes nor no."""
    when = with_ro(spoken_time(time) + _with(provider))
    return (f"{RE_ASK} {name} 님, {spoken_day(day, on_date)} {when} 예약할까요? "
            "네 또는 아니요로 말씀해 주세요.")


def cancelling_re_ask(name: str, day: str, time: str, on_date: str | None = None) -> str:
    """Asked once more, briefly, when the answer to the cancel read-back was neither yes nor no."""
    return (f"{RE_ASK} {name} 님의 {spoken_day(day, on_date)} {spoken_time(time)} 예약을 취소할까요? "
            "네 또는 아니요로 말씀해 주세요.")


def cancelling_read_back(name: str, day: str, time: str, on_date: str | None = None) -> str:
    """Read an appointment back before cancelling it (with its date: two Tuesdays are two appointments)."""
    return (f"확인해 드릴게요. {name} 님의 {spoken_day(day, on_date)} {spoken_time(time)} 예약을 취소하시는 거예요. "
            f"취소할까요? {YES_OR_NO}")


def booked(name: str | None, day: str | None, time: str, booking_id: str | None, on_date: str | None = None) -> str:
    """The call ends with a booking."""
    return (f"{name} 님, {spoken_day(day, on_date)} {with_ro(spoken_time(time))} 예약됐어요. "
            f"{booking_number_said(booking_id)} 감사합니다. 안녕히 계세요.")


def cancelled(day: str | None, time: str, on_date: str | None = None) -> str:
    """The call ends with a cancellation."""
    return f"{spoken_day(day, on_date)} {spoken_time(time)} 예약을 취소했어요. 감사합니다. 안녕히 계세요."


NOTHING_CHANGED = "알겠어요. 예약하거나 바꾼 건 없어요. 감사합니다. 안녕히 계세요."


def _with(provider: str | None) -> str:
    """The doctor asked for: " 김 선생님 진료" (a title the caller said is kept, never doubled)."""
    if not provider:
        return ""
    doctor = provider if provider.endswith(("선생님", "원장님", "교수님")) else f"{provider} 선생님"
    return f" {doctor} 진료"
