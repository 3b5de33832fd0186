"""Tool failures and hand-offs in Korean: why a person takes over, what they are told, the adapter's last resorts."""

from __future__ import annotations

from dialog.phrases.ko.values import spoken_day, spoken_time

UNAVAILABLE = "죄송해요, 지금 예약 시스템에 연결이 되지 않아요."
NO_LOOKUP_HERE = "이 전화로는 예약을 조회할 수 없어요."
MAY_HAVE_GONE_THROUGH = ("예약 시스템에서 응답을 받지 못했어요. 이미 처리됐을 수도 있어서 다시 시도하지 않을게요. "
                         "직원이 확인해서 알려 드릴 거예요.")
BOOKING_REFUSED = "죄송해요, 예약 시스템에서 그 예약을 받지 못했어요."
CANCELLING_REFUSED = "죄송해요, 예약 시스템에서 그 예약을 취소하지 못했어요."

# When the clinic is closed nobody can take the call: the caller hears when to call back instead.
HANDOFF_WHEN_CLOSED = {
    "user_request": "",
    "not_understood": "죄송해요, 제가 말씀을 잘 알아듣지 못하고 있는데, 지금은 직원도 자리에 없어요.",
    "tool_failure": "지금은 제가 이 일을 마무리해 드릴 수 없고, 직원도 자리에 없어요.",
}
HANDOFF_BECAUSE = {
    "user_request": "네, 직원에게 연결해 드릴게요.",
    "not_understood": "죄송해요, 제가 말씀을 잘 알아듣지 못했어요. 직원에게 연결해 드릴게요.",
    "tool_failure": "마무리를 도와드릴 수 있는 직원에게 연결해 드릴게요.",
}


def passed_on(day: str | None, time: str | None, name: str | None) -> str:
    """What the caller hears will reach the person taking over ("" when nothing was collected)."""
    parts = [f"날짜 {spoken_day(day)}" if day else None, f"시간 {spoken_time(time)}" if time else None,
             f"성함 {name}" if name else None]
    said = [p for p in parts if p]
    return f"지금까지 말씀하신 내용도 직원에게 전해 드릴게요. {', '.join(said)}." if said else ""


# -- the adapter's last resorts (graph/voice_agent.py) ---------------------------------------

SAY_AGAIN = "죄송해요, 다시 한번 말씀해 주시겠어요?"
BROKEN = "죄송해요, 제 쪽에 문제가 생겼어요. 직원에게 연결해 드릴게요."
