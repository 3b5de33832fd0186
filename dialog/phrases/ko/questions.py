"""The questions of the waiting states, in Korean: the open question, which day, time and name, and cancelling's."""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.ko.values import KEY_WORDS, between, josa, listed, spoken_choices, spoken_day, spoken_time

GREETING = "무엇을 도와드릴까요?"
OPEN_QUESTION = "무엇을 도와드릴까요? 진료 예약이나 예약 취소를 도와드릴 수 있어요."
WHICH_DAY = "어느 날 오시겠어요?"
NAME_FOR_BOOKING = "예약하실 분 성함이 어떻게 되세요?"
NAME_FOR_CANCELLING = "예약하신 분 성함이 어떻게 되세요?"
CONTACT_NUMBER = "연락받으실 전화번호를 말씀해 주시겠어요? 나중에 예약을 바꾸거나 취소하실 때 필요해요."
YES_OR_NO = "맞으면 네, 아니면 아니요라고 말씀해 주세요. 맞으면 1번, 아니면 2번을 누르셔도 돼요."
RE_ASK = "다시 한번 확인할게요."
"""How the short re-ask at CONFIRM begins (after an answer that was neither yes nor no)."""


def which_day_of(days: Sequence[str]) -> str:
    """Two days named: "10일 목요일과 11일 금요일 중 언제가 좋으세요?"; one date: whether it is the one meant."""
    said = spoken_choices(days)
    if len(said) == 1:
        return f"{said[0]} 말씀이세요?"
    return f"{between(said)} 언제가 좋으세요?"


def which_time_of(times: Sequence[str]) -> str:
    """Two times named: "오전 10시와 오전 11시 중 언제가 좋으세요?" (never picked for the caller)."""
    return f"{between([spoken_time(t) for t in times])} 언제가 좋으세요?"


def open_times(day: str | None, times: Sequence[str], on_date: str | None = None) -> str:
    """A day's open times (with its date on a clinic's line), and the keypad key for each of the first nine."""
    said = [spoken_time(t) for t in times]
    keys = ", ".join(f"{josa(t, '은', '는')} {KEY_WORDS[i]}번" for i, t in enumerate(said[:9], start=1))
    return (f"{spoken_day(day, on_date)}에는 {josa(listed(said), '이', '가')} 비어 있어요. 몇 시가 좋으세요? "
            f"번호를 눌러 고르셔도 돼요. {keys}이에요.")


# Cancelling asks the caller to describe the appointment: what is on file is never read out unasked.
WHICH_DAY_TO_CANCEL = "취소하실 예약이 무슨 요일, 며칠이세요?"


def which_time_to_cancel(day: str | None) -> str:
    """Several of the caller's appointments are on the day described: ask the time, list none."""
    return f"{spoken_day(day)}에 예약이 두 개 이상 있어요. 취소하실 예약이 몇 시예요?"


def which_date_to_cancel(day: str | None) -> str:
    """Several appointments fit the weekday and time described: ask the date, list none."""
    return f"{spoken_day(day)} 예약이 두 개 이상 있어요. 취소하실 예약이 며칠이에요?"


CANNOT_FIND_APPOINTMENT = "그 예약을 찾지 못했어요. 직원이 함께 확인해 드릴게요."
