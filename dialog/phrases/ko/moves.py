"""Moving an appointment in one go (SPEC 7.6), in Korean: its questions, its one read-back, and what follows."""

from __future__ import annotations

from dialog.phrases.ko.questions import RE_ASK, YES_OR_NO
from dialog.phrases.ko.values import booking_number_said, spoken_day, spoken_time, with_ro

WHICH_DAY_TO_MOVE = "옮기실 예약이 무슨 요일, 며칠이세요?"
WHICH_NEW_DAY = "어느 날로 옮겨 드릴까요?"


def _when(day: str | None, time: str, on_date: str | None) -> str:
    return f"{spoken_day(day, on_date)} {spoken_time(time)}"


def which_time_to_move(day: str | None) -> str:
    """Several of the caller's appointments are on the day described: ask the time, list none."""
    return f"{spoken_day(day)}에 예약이 두 개 이상 있어요. 옮기실 예약이 몇 시예요?"


def which_date_to_move(day: str | None) -> str:
    """Several appointments fit the weekday and time described: ask the date, list none."""
    return f"{spoken_day(day)} 예약이 두 개 이상 있어요. 옮기실 예약이 며칠이에요?"


def moving_read_back(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None]) -> str:
    """Both appointments, old then new ((day, time, date) each), before the one yes that moves it."""
    return f"{_when(*old)} 예약을 {with_ro(_when(*new))} 옮겨 드릴게요. 이대로 옮길까요? {YES_OR_NO}"


def moving_re_ask(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None]) -> str:
    """Asked once more, briefly, when the answer to the move's read-back was neither yes nor no."""
    return f"{RE_ASK} {_when(*old)} 예약을 {with_ro(_when(*new))} 옮길까요? 네 또는 아니요로 말씀해 주세요."


def moved(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None], booking_id: str | None) -> str:
    """The call ends with the move done: the new appointment (and its number) and the old one cancelled."""
    return (f"예약을 {with_ro(_when(*new))} 옮겼어요. {booking_number_said(booking_id)} "
            f"{_when(*old)} 예약은 취소됐어요. 감사합니다. 안녕히 계세요.")


def old_still_stands(old: tuple[str, str, str | None]) -> str:
    """The new appointment could not be booked: nothing was cancelled."""
    return f"{_when(*old)} 예약은 그대로 있어요."


def new_booked_old_stands(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None],
                          booking_id: str | None) -> str:
    """The cancel was refused after the booking: the caller has both, and staff will cancel the old one."""
    return (f"{_when(*new)} 새 예약은 됐어요. {booking_number_said(booking_id)} 그런데 {_when(*old)} 예약은 "
            "취소하지 못해서 그대로 남아 있어요. 직원이 대신 취소해 드릴 거예요.")


def new_booked_old_unsure(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None],
                          booking_id: str | None) -> str:
    """The cancel's answer was lost (a timeout, or the line went down between the two writes): staff check it."""
    return (f"{_when(*new)} 새 예약은 됐어요. {booking_number_said(booking_id)} 그런데 {_when(*old)} 예약이 "
            "취소됐는지 확인하지 못했어요. 이미 처리됐을 수도 있어서 다시 시도하지 않을게요. "
            "직원이 확인해 드릴 거예요.")
