"""What a turn may say before the question, in Korean: apologies, warnings, staff's hours, open times, the address."""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.ko.values import day_and_time, josa, spoken_day, spoken_phone, spoken_time

SORRY = "죄송해요, 잘 못 들었어요."
PRIVACY = ("개인정보 보호를 위해 주민등록번호나 카드 번호는 말씀하지 않으셔도 돼요. 예약에는 필요하지 않아요. "
           "방금 말씀하신 번호는 저장하지 않았어요.")
NO_ADVICE = "죄송하지만 이 전화로는 의료 상담을 해 드릴 수 없어요. 의사나 간호사와 상담해 주세요."
TAKE_YOUR_TIME = "네, 천천히 말씀하세요."
YOU_ARE_WELCOME = "별말씀을요."
CANT_HEAR = "죄송해요, 말씀이 잘 안 들려요."
SILENT_GOODBYE = "아무 말씀도 들리지 않아서 전화를 끊을게요. 편하실 때 다시 전화해 주세요."
NO_SERVICE_INFO = ("죄송하지만 이 전화로는 진료 내용이나 평가, 보험에 관한 질문에 답해 드릴 수 없어요. "
                   "내원하시면 직원이 안내해 드릴 거예요.")
START_OVER = "처음부터 다시 할게요."
ANOTHER_TIME = "알겠어요. 다른 시간을 찾아볼게요."
NOTHING_CANCELLED = "알겠어요. 아무것도 취소하지 않았어요."
REASON_NOTED = "감사합니다. 병원에 전달되도록 적어 두었어요."
REMARK_HEARD = "네, 알겠어요."
LINE_PAUSED = "지금은 전화 예약이 잠시 중단되어 있어요."


def line_paused(back: Sequence[str] | None) -> str:
    """Booking by phone is paused and nobody is in: a callback request is offered."""
    return (f"지금은 전화 예약이 잠시 중단되어 있고, 직원도 자리에 없어요.{staff_back_at(back)} "
            "직원이 다시 전화드리도록 요청을 남겨 드릴 수 있어요.")


def emergency(number: str, crisis_line: str | None = None, staff_in: bool = True) -> str:
    """Said at once when a caller describes an emergency, before the hand-off (with the crisis line if given)."""
    crisis = (f" 극단적인 생각이 드신다면 언제든지 {crisis_line}번으로 전화해 상담받으실 수 있어요."
              if crisis_line else "")
    connecting = " 직원에게도 바로 연결해 드릴게요." if staff_in else ""
    return f"응급 상황이라면 지금 전화를 끊고 {number}번으로 전화해 주세요.{crisis}{connecting}"


def staff_back_at(back: Sequence[str] | None) -> str:
    """When staff are next in (" 월요일 오전 10시에 다시 문을 열어요."), or "" when the hours say never."""
    return f" {spoken_day(back[0])} {spoken_time(back[1])}에 다시 문을 열어요." if back else ""


def staff_not_in(back: Sequence[str] | None, offer_callback: bool = False) -> str:
    """A request for a person while the clinic is closed: nobody to put through, so say when, and go on."""
    if offer_callback:
        return (f"지금은 직원이 자리에 없어요.{staff_back_at(back)} 직원이 다시 전화드리도록 요청을 남기시거나, "
                "예약은 제가 계속 도와드릴 수 있어요.")
    return f"지금은 직원이 자리에 없어요.{staff_back_at(back)} 예약은 제가 계속 도와드릴 수 있어요."


def not_open(day: str | None, time: str, closest: str | None = None) -> str:
    """The time asked for is not among the day's open times (and the closest one that is)."""
    nearest = f" 가장 가까운 시간은 {josa(spoken_time(closest), '이에요', '예요')}." if closest else ""
    return f"죄송해요, {spoken_day(day)} {josa(spoken_time(time), '은', '는')} 예약이 안 돼요.{nearest}"


def no_open_times(day: str | None) -> str:
    """The day asked for has no open time at all."""
    return f"죄송해요, {spoken_day(day)}에는 비어 있는 시간이 없어요."


def just_taken(day: str | None, time: str) -> str:
    """The clinic refused the booking: someone else took the slot after it was offered."""
    return f"죄송해요, {spoken_day(day)} {josa(spoken_time(time), '은', '는')} 방금 다른 분이 예약하셨어요."


def unknown_relative_day(said: str) -> str:
    """The caller said "내일" or "오늘", and no clock tells which weekday that is."""
    return f"{josa(said, '이', '가')} 무슨 요일인지 알 수 없었어요."


def no_appointment_on(day: str | None, time: str | None) -> str:
    """The caller described an appointment that is not among theirs."""
    return f"{day_and_time(day, time)}에 잡힌 예약이 보이지 않아요."


def clinic_name(name: str) -> str:
    """The caller asks which clinic they have called."""
    return f"네, {josa(name, '이에요', '예요')}."


def automated_line(name: str) -> str:
    """The caller asks whether they are talking to a person: the line says what it is, and what it can do."""
    return (f"저는 {name} 자동 예약 안내 시스템이에요. 사람이 아니에요. 진료 예약이나 예약 취소를 도와드릴 수 있고, "
            "직원과 통화하고 싶으시면 말씀해 주세요.")


def address(where: str, phone: str) -> str:
    """Where the clinic is."""
    return f"저희 병원은 {where}에 있어요. 전화번호는 {josa(spoken_phone(phone), '이에요', '예요')}."


def welcome(name: str) -> str:
    """The line's first words: the clinic's name, and that an automated line is answering (the disclosure)."""
    return f"안녕하세요, {name}입니다. 이 전화는 자동 예약 안내 시스템이 받고 있어요. 무엇을 도와드릴까요?"
