"""Korean caller turns (issue 39): the turns and their labels as written, in one pass.

Run: python3 build.py  -> writes ko_train.jsonl and ko_heldout.jsonl beside this file.
Every 3rd group of 4 (groups 3, 6, 9, ...) is held out. Checks: JSON round-trip, day == weekday(date),
consent only at CONFIRM, field values in their sets, every shape has held-out groups.
"""
import datetime
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
WD = {"mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday",
      "fri": "friday", "sat": "saturday", "sun": "sunday"}
ASKED = {
    "LISTEN": None,
    "ASK_DAY": "며칠에 오시겠어요?",
    "ASK_TIME": "몇 시가 좋으세요?",
    "ASK_NAME": "성함이 어떻게 되세요?",
}
A_PHONE = "성함과 연락 가능한 전화번호를 말씀해 주세요."
A_CXDAY = "취소하실 예약 날짜가 언제세요?"
A_MVDAY = "어느 날짜로 옮겨 드릴까요?"
A_T10 = "12월 10일 목요일에는 오전 10시, 오후 2시, 오후 3시 반이 비어 있어요. 몇 시가 좋으세요?"
A_T08 = "12월 8일 화요일에는 오전 10시, 오전 11시 반, 오후 4시가 비어 있어요. 몇 시가 좋으세요?"
A_T15 = "12월 15일 화요일에는 오전 9시, 오전 11시, 오후 4시가 비어 있어요. 몇 시로 옮겨 드릴까요?"
INTENTS = {"book", "cancel", "yes", "no", "human", "hours", "inform", "unknown"}
ACTS = {None, "stop", "hold", "emergency", "medical", "hours", "repeat", "thanks", "automated"}
STATES = {"LISTEN", "ASK_DAY", "ASK_TIME", "ASK_NAME", "CONFIRM"}
GROUPS = []
CHECKS = []  # checks that fired (kept in the report)


def t(state, said, intent, req=None, d=None, tm=None, nm=None, ph=None, act=None, ok=False,
      sens=False, cb=None, wr=None, note=None, asked="-"):
    """One turn as written. d="tue 2026-12-08" (weekday written by hand, checked against the date);
    cb="d 2026-12-10 2026-12-11" or "t 15:00 16:00"."""
    if asked == "-":
        asked = ASKED[state]
    day = date = None
    if d:
        wd, date = d.split()
        day = WD[wd]
    choose = None
    if cb:
        kind, a, b = cb.split()
        choose = {"dates" if kind == "d" else "times": [a, b]}
    return {"state": state, "asked": asked, "said": said, "intent": intent, "request": req,
            "day": day, "date": date, "time": tm, "name": nm, "phone": ph, "act": act,
            "consent": ok, "sensitive": sens, "choose_between": choose, "wrong": wr, "note": note}


def G(shape, *turns):
    assert len(turns) == 4, (shape, turns[0]["said"])
    GROUPS.append((shape, list(turns)))


# ---------------------------------------------------------------- dates (12 groups)
G("date",
  t("LISTEN", "다음 주 화요일에 예약하고 싶은데요", "book", "book", d="tue 2026-12-08"),
  t("ASK_DAY", "음 다음주 화요일이요", "inform", d="tue 2026-12-08", note="spacing: 다음주"),
  t("ASK_DAY", "다음 주 화요일 오후 세 시요", "inform", d="tue 2026-12-08", tm="15:00"),
  t("ASK_DAY", "저기요 다음 주 화요일 되나요", "book", "book", d="tue 2026-12-08",
    note="asks whether a day is open: book"))
G("date",
  t("LISTEN", "내일 진료 예약 되나요", "book", "book", d="sat 2026-12-05"),
  t("ASK_DAY", "모레요", "inform", d="sun 2026-12-06"),
  t("ASK_DAY", "글피 오전에요", "inform", d="mon 2026-12-07", note="오전 = part of day, time null"),
  t("ASK_DAY", "오늘 오후 네 시 돼요?", "book", "book", d="fri 2026-12-04", tm="16:00"))
G("date",
  t("ASK_DAY", "이번 주 금요일이요", "inform", d="fri 2026-12-04", note="이번 주 금요일 said on Friday = today"),
  t("ASK_DAY", "금요일이요", "inform", d="fri 2026-12-11", note="weekday alone = coming one, never today"),
  t("ASK_DAY", "이번 주 토요일 돼요", "book", "book", d="sat 2026-12-05"),
  t("ASK_DAY", "다음 주 금요일 오전 열 시", "inform", d="fri 2026-12-11", tm="10:00"))
G("date",
  t("ASK_DAY", "10일이요", "inform", d="thu 2026-12-10"),
  t("ASK_DAY", "십일 일이요", "inform", d="fri 2026-12-11", note="ASR Sino-Korean 십일 일 = 11일"),
  t("ASK_DAY", "15일 괜찮아요?", "book", "book", d="tue 2026-12-15", note="asks whether open"),
  t("ASK_DAY", "3일로 해 주세요", "inform", d="sun 2027-01-03", note="the 3rd has passed this month: January"))
G("date",
  t("LISTEN", "12월 10일에 예약하려고요", "book", "book", d="thu 2026-12-10"),
  t("ASK_DAY", "12/10", "inform", d="thu 2026-12-10", note="month/day"),
  t("ASK_DAY", "십이월 이십삼일이요", "inform", d="wed 2026-12-23"),
  t("ASK_DAY", "12.18 금요일", "inform", d="fri 2026-12-18"))
G("date",
  t("ASK_DAY", "1월 5일이요", "inform", d="tue 2027-01-05"),
  t("ASK_DAY", "다음 달 8일이요", "inform", d="fri 2027-01-08"),
  t("ASK_DAY", "새해 첫 주 아무 때나요", "inform", note="a week, no date"),
  t("ASK_DAY", "2월 3일 수요일", "inform", d="wed 2027-02-03"))
G("date",
  t("ASK_DAY", "3월 5일이요", "inform", d="fri 2027-03-05", note="beyond horizon (last day 2027-03-04)"),
  t("ASK_DAY", "4월쯤이요", "inform", note="a month alone beyond horizon: no date"),
  t("ASK_DAY", "3월 4일이요", "inform", d="thu 2027-03-04", note="last day inside the horizon"),
  t("ASK_DAY", "2월 말쯤", "inform", note="part of a month: no date"))
G("date",
  t("ASK_DAY", "오늘이요 오늘 오후에 돼요", "book", "book", d="fri 2026-12-04", note="오후 = part of day"),
  t("ASK_DAY", "오늘 말고 내일이요", "inform", d="sat 2026-12-05", note="X 말고 Y as an answer: value, not a refusal"),
  t("ASK_DAY", "다다음 주 월요일이요", "inform", d="mon 2026-12-14"),
  t("ASK_DAY", "담주 수요일이요", "inform", d="wed 2026-12-09", note="담주 = 다음 주"))
G("date",
  t("ASK_DAY", "크리스마스 이브요", "inform", d="thu 2026-12-24"),
  t("ASK_DAY", "이십오 일 크리스마스에도 하세요?", "hours", d="fri 2026-12-25", act="hours",
    note="value inside an hours question"),
  t("ASK_DAY", "연말에요 31일", "inform", d="thu 2026-12-31"),
  t("ASK_DAY", "1월 1일 신정에도 하나요", "hours", d="fri 2027-01-01", act="hours"))
G("date",
  t("ASK_DAY", "목요일이요", "inform", d="thu 2026-12-10"),
  t("ASK_DAY", "목요일 아니 수요일이요", "inform", d="wed 2026-12-09", note="self-repair: the last one"),
  t("ASK_DAY", "화요일 빼고 아무 때나요", "inform", note="anything but: no date"),
  t("ASK_DAY", "월요일 화요일은 안 되고 수요일이요", "inform", d="wed 2026-12-09", note="obstacles are not asked"))
G("date",
  t("LISTEN", "안녕하세요 다음 주 월요일 아침 9시에 예약 가능할까요", "book", "book", d="mon 2026-12-07", tm="09:00"),
  t("ASK_DAY", "음 그러니까 다음 주 목요일", "inform", d="thu 2026-12-10"),
  t("ASK_DAY", "다음주목요일이요", "inform", d="thu 2026-12-10", note="no spacing"),
  t("ASK_DAY", "담주 목욜", "inform", d="thu 2026-12-10", note="colloquial 목욜"))
G("date",
  t("ASK_DAY", "이틀 뒤에요", "inform", d="sun 2026-12-06", note="two days from today"),
  t("ASK_DAY", "일주일 뒤요", "inform", d="fri 2026-12-11", note="a week from today"),
  t("ASK_DAY", "2주 뒤 금요일이요", "inform", d="fri 2026-12-18", note="two weeks from today, a Friday"),
  t("ASK_DAY", "다음 주 중에 아무 날이나", "inform", note="a week, no date"))
# ---------------------------------------------------------------- times (12 groups)
G("time",
  t("ASK_TIME", "오후 세 시요", "inform", tm="15:00"),
  t("ASK_TIME", "3시 반이요", "inform", tm="15:30", note="bare 1-6 = pm"),
  t("ASK_TIME", "열한 시 삼십 분이요", "inform", tm="11:30"),
  t("ASK_TIME", "아침 9시요", "inform", tm="09:00"))
G("time",
  t("ASK_TIME", "오전 열 시", "inform", tm="10:00"),
  t("ASK_TIME", "두시요", "inform", tm="14:00"),
  t("ASK_TIME", "점심 때요", "inform", note="part of day: time null"),
  t("ASK_TIME", "점심시간 끝나고 한 시 반쯤", "inform", tm="13:30"))
G("time",
  t("ASK_TIME", "저녁 여섯 시 돼요?", "book", "book", tm="18:00", note="asks whether open"),
  t("ASK_TIME", "14시 30분", "inform", tm="14:30"),
  t("ASK_TIME", "오후 4시 15분이요", "inform", tm="16:15"),
  t("ASK_TIME", "10시 10분 전이요", "inform", tm="09:50"))
G("time",
  t("ASK_TIME", "네 시 반", "inform", tm="16:30"),
  t("ASK_TIME", "다섯 시요 퇴근하고 가야 돼서", "inform", tm="17:00"),
  t("ASK_TIME", "퇴근하고요", "inform", note="part of day: null"),
  t("ASK_TIME", "세 시 이후면 다 괜찮아요", "inform", note="a range: null"))
G("time",
  t("ASK_TIME", "두 시 좋아요", "yes", tm="14:00", asked=A_T10, note="offered value + acceptance word"),
  t("ASK_TIME", "세 시 반이요", "inform", tm="15:30", asked=A_T10),
  t("ASK_TIME", "첫 번째 거요", "inform", asked=A_T10, note="takes the first offered: 10:00"),
  t("ASK_TIME", "제일 빠른 걸로요", "inform", asked=A_T10, note="takes the earliest offered: 10:00"))
G("time",
  t("ASK_TIME", "열두 시요", "inform", tm="12:00"),
  t("ASK_TIME", "정오요", "inform", tm="12:00"),
  t("ASK_TIME", "한 시", "inform", tm="13:00"),
  t("ASK_TIME", "여덟 시 반", "inform", tm="08:30", note="bare 8 = am"))
G("time",
  t("ASK_TIME", "오전 11시쯤이요", "inform", tm="11:00"),
  t("ASK_TIME", "아홉 시 사십오 분", "inform", tm="09:45"),
  t("ASK_TIME", "오후 다섯시반", "inform", tm="17:30"),
  t("ASK_TIME", "일곱 시요", "inform", tm="19:00", note="bare 7 = 19:00 (as English)"))
G("time",
  t("ASK_TIME", "2시에 회의가 있어서 4시로 해 주세요", "inform", tm="16:00", note="the one asked for"),
  t("ASK_TIME", "오전 중에요", "inform", note="part of day"),
  t("ASK_TIME", "아침 일찍이요", "inform", note="part of day"),
  t("ASK_TIME", "오후 늦게요", "inform", note="part of day"))
G("time",
  t("ASK_TIME", "10시", "inform", tm="10:00"),
  t("ASK_TIME", "10:30", "inform", tm="10:30"),
  t("ASK_TIME", "3시 30분에 가능한가요", "book", "book", tm="15:30"),
  t("ASK_TIME", "오후 1시 20분", "inform", tm="13:20"))
G("time",
  t("ASK_TIME", "오후 세 시요 그리고 이름은 김도윤이에요", "inform", tm="15:00", nm="김도윤"),
  t("ASK_TIME", "아 잠깐만요 세 시요", "inform", tm="15:00", note="잠깐만요 as a filler before the value: no hold"),
  t("ASK_TIME", "세 시에서 네 시 사이요", "inform", note="a range: null"),
  t("ASK_TIME", "한 시 반 아니 두 시 반이요", "inform", tm="14:30", note="self-repair"))
G("time",
  t("ASK_TIME", "다음 주 화요일 세 시요", "inform", d="tue 2026-12-08", tm="15:00"),
  t("ASK_TIME", "내일 오전 10시 반", "inform", d="sat 2026-12-05", tm="10:30"),
  t("ASK_TIME", "오늘 저녁 여섯 시", "inform", d="fri 2026-12-04", tm="18:00"),
  t("ASK_TIME", "모레 열한 시", "inform", d="sun 2026-12-06", tm="11:00"))
G("time",
  t("ASK_TIME", "밤 8시도 돼요?", "book", "book", tm="20:00"),
  t("ASK_TIME", "새벽 여섯 시", "inform", tm="06:00", note="새벽 = am"),
  t("ASK_TIME", "낮 두 시", "inform", tm="14:00"),
  t("ASK_TIME", "오후 열두 시 반", "inform", tm="12:30"))
# ---------------------------------------------------------------- names (12 groups)
G("name",
  t("ASK_NAME", "이하늘이에요", "inform", nm="이하늘"),
  t("ASK_NAME", "박서준입니다", "inform", nm="박서준"),
  t("ASK_NAME", "제 이름은 김민지예요", "inform", nm="김민지"),
  t("ASK_NAME", "민지요", "inform", nm="민지", note="given name alone"))
G("name",
  t("ASK_NAME", "최지우요", "inform", nm="최지우"),
  t("ASK_NAME", "정 하 윤 이요", "inform", nm="정하윤", note="spaced syllables joined"),
  t("ASK_NAME", "하늘이요", "inform", nm="하늘", note="hypocoristic -이 dropped"),
  t("ASK_NAME", "지훈이에요", "inform", nm="지훈", note="hypocoristic -이 dropped"))
G("name",
  t("ASK_NAME", "존 스미스예요", "inform", nm="존 스미스"),
  t("ASK_NAME", "마리아 가르시아입니다", "inform", nm="마리아 가르시아"),
  t("ASK_NAME", "응우옌 티 란이요", "inform", nm="응우옌 티 란"),
  t("ASK_NAME", "다나카 유키라고 합니다", "inform", nm="다나카 유키"))
G("name",
  t("ASK_NAME", "네", "yes", note="not a name"),
  t("ASK_NAME", "여보세요", "unknown", note="not a name"),
  t("ASK_NAME", "잠시만요", "unknown", act="hold", note="not a name"),
  t("ASK_NAME", "음 저기요", "unknown", note="not a name"))
G("name",
  t("ASK_NAME", "한가을이요", "inform", nm="한가을", note="a word-like name is a name"),
  t("ASK_NAME", "김이슬이에요", "inform", nm="김이슬"),
  t("ASK_NAME", "나라요", "inform", nm="나라", note="given name alone, also a word"),
  t("ASK_NAME", "오하늘", "inform", nm="오하늘"))
G("name",
  t("ASK_TIME", "세 시요 저는 윤서연이고요", "inform", tm="15:00", nm="윤서연"),
  t("ASK_DAY", "화요일이요 이름은 강민호예요", "inform", d="tue 2026-12-08", nm="강민호"),
  t("LISTEN", "안녕하세요 저 조은비인데요 예약 좀 하려고요", "book", "book", nm="조은비"),
  t("LISTEN", "네 저는 임태현이라고 하는데요 내일 예약 되나요", "book", "book", d="sat 2026-12-05", nm="임태현"))
G("name",
  t("ASK_NAME", "저희 어머니 성함은 박순자세요", "inform", note="patient's (mother's) name, not the caller's: null"),
  t("ASK_NAME", "아이 이름은 김도현이에요", "inform", note="child's name: null"),
  t("ASK_NAME", "저는 이수진이고 엄마 예약이에요", "inform", nm="이수진", note="caller's own name"),
  t("ASK_NAME", "예약자는 남편 이름으로 해 주세요 정우성", "inform", note="another person's name (정우성): null"))
G("name",
  t("ASK_NAME", "제 이름이요? 송지아예요", "inform", nm="송지아", note="echo question, then the name"),
  t("ASK_NAME", "성은 황이고 이름은 보라예요", "inform", nm="황보라", note="surname + given name said apart"),
  t("ASK_NAME", "남궁민이요", "inform", nm="남궁민", note="two-syllable surname"),
  t("ASK_NAME", "선우 재현입니다", "inform", nm="선우재현", note="two-syllable surname, joined"))
G("name",
  t("ASK_NAME", "배수지요", "inform", nm="배수지"),
  t("ASK_NAME", "류준열이에요", "inform", nm="류준열"),
  t("ASK_NAME", "문채원입니다", "inform", nm="문채원"),
  t("ASK_NAME", "고아라", "inform", nm="고아라"))
G("name",
  t("ASK_NAME", "서진이요", "inform", nm="서진", note="hypocoristic -이 dropped"),
  t("ASK_NAME", "예린이에요", "inform", nm="예린"),
  t("ASK_NAME", "현우요", "inform", nm="현우"),
  t("ASK_NAME", "유나예요", "inform", nm="유나"))
G("name",
  t("ASK_NAME", "어 제 이름은요 신동엽이요", "inform", nm="신동엽"),
  t("ASK_NAME", "이름은 한지민 한 지 민", "inform", nm="한지민"),
  t("ASK_NAME", "장 원영 이요", "inform", nm="장원영", note="ASR spacing"),
  t("ASK_NAME", "권나연이라고요", "inform", nm="권나연"))
G("name",
  t("ASK_NAME", "백승호요 승리할 때 승에 호수 호", "inform", nm="백승호", note="syllables explained"),
  t("ASK_NAME", "안유진인데 유는 있을 유요", "inform", nm="안유진"),
  t("ASK_NAME", "전소미예요 소는 작을 소", "inform", nm="전소미"),
  t("ASK_NAME", "홍길동이요", "inform", nm="홍길동"))
# ---------------------------------------------------------------- consent at CONFIRM (15 groups)
C1 = "12월 10일 목요일 오후 3시, 이하늘 님으로 예약할까요?"
C2 = "12월 8일 화요일 오전 10시, 박서준 님으로 예약할까요?"
C3 = "12월 11일 금요일 오후 2시, 최지우 님으로 예약할까요?"
C4 = "12월 15일 화요일 오전 9시 30분, 윤서연 님으로 예약할까요?"
C5 = "1월 5일 화요일 오후 4시, 강민호 님으로 예약할까요?"
C6 = "12월 9일 수요일 오전 11시, 조은비 님으로 예약할까요?"
CX = "12월 11일 금요일 오전 10시 예약을 취소할까요?"
CM = "12월 11일 금요일 오전 10시 예약을 12월 15일 화요일 오전 10시로 옮길까요?"
G("consent",
  t("CONFIRM", "네", "yes", ok=True, asked=C1),
  t("CONFIRM", "네?", "unknown", act="repeat", asked=C1, note="a question, not a yes"),
  t("CONFIRM", "네 맞아요", "yes", ok=True, asked=C1),
  t("CONFIRM", "네, 근데...", "yes", asked=C1, note="second thoughts"))
G("consent",
  t("CONFIRM", "예", "yes", ok=True, asked=C2),
  t("CONFIRM", "아니요", "no", asked=C2),
  t("CONFIRM", "네, 예약해 주세요", "yes", ok=True, asked=C2),
  t("CONFIRM", "네, 잠깐만요", "yes", act="hold", asked=C2))
G("consent",
  t("CONFIRM", "좋아요", "yes", ok=True, asked=C3),
  t("CONFIRM", "아마도요", "unknown", asked=C3, note="hedge"),
  t("CONFIRM", "그렇게 해 주세요", "yes", ok=True, asked=C3),
  t("CONFIRM", "글쎄요", "unknown", asked=C3, note="hedge"))
G("consent",
  t("CONFIRM", "아니에요", "no", asked=C4),
  t("CONFIRM", "아뇨", "no", asked=C4),
  t("CONFIRM", "잠깐", "unknown", act="hold", asked=C4),
  t("CONFIRM", "응", "yes", ok=True, asked=C4))
G("consent",
  t("CONFIRM", "네네", "yes", ok=True, asked=C5),
  t("CONFIRM", "네 맞습니다", "yes", ok=True, asked=C5),
  t("CONFIRM", "맞죠?", "unknown", asked=C5, note="a question"),
  t("CONFIRM", "그런 것 같아요", "unknown", asked=C5, note="hedge"))
G("consent",
  t("CONFIRM", "음 네", "yes", ok=True, asked=C6),
  t("CONFIRM", "어 네 맞아요 감사합니다", "yes", ok=True, asked=C6),
  t("CONFIRM", "네 근데 주차는 돼요?", "hours", act="hours", asked=C6, note="another request"),
  t("CONFIRM", "네 근데 시간 좀 바꿀 수 있을까요", "no", "book", asked=C6, note="move, no new value"))
G("consent",
  t("CONFIRM", "괜찮아요", "unknown", asked=C1, note="괜찮아요 alone: fine / no thanks, ambiguous"),
  t("CONFIRM", "됐어요", "unknown", act="stop", asked=C1),
  t("CONFIRM", "네 그걸로요", "yes", ok=True, asked=C1),
  t("CONFIRM", "넵", "yes", ok=True, asked=C1))
G("consent",
  t("CONFIRM", "네 4시로요", "no", tm="16:00", wr="time", asked=C2, note="a yes that changes a value is a correction"),
  t("CONFIRM", "네 맞아요 근데 이름이 박서윤이에요", "no", nm="박서윤", wr="name", asked=C2),
  t("CONFIRM", "네 맞는 것 같아요", "yes", asked=C2, note="hedge"),
  t("CONFIRM", "예약해 주세요", "yes", ok=True, asked=C2))
G("consent",
  t("CONFIRM", "네 취소해 주세요", "yes", ok=True, asked=CX),
  t("CONFIRM", "네", "yes", ok=True, asked=CX),
  t("CONFIRM", "아니요 취소하지 마세요", "no", asked=CX),
  t("CONFIRM", "잠시만요 확인 좀 하고요", "unknown", act="hold", asked=CX))
G("consent",
  t("CONFIRM", "네 옮겨 주세요", "yes", ok=True, asked=CM),
  t("CONFIRM", "네 그렇게 바꿔 주세요", "yes", ok=True, asked=CM),
  t("CONFIRM", "네 근데 원래 예약은 그대로 두고요", "yes", asked=CM, note="keep the old one too: not the move read back"),
  t("CONFIRM", "아니 15일 말고 16일로요", "no", d="wed 2026-12-16", wr="day", asked=CM))
G("consent",
  t("CONFIRM", "네맞아요", "yes", ok=True, asked=C3, note="no spacing"),
  t("CONFIRM", "그렇게해주세요", "yes", ok=True, asked=C3, note="no spacing"),
  t("CONFIRM", "네 네 네", "yes", ok=True, asked=C3),
  t("CONFIRM", "네에", "yes", ok=True, asked=C3, note="drawn-out yes"))
G("consent",
  t("CONFIRM", "예 그렇습니다", "yes", ok=True, asked=C4),
  t("CONFIRM", "네 부탁드려요", "yes", ok=True, asked=C4),
  t("CONFIRM", "네 진행해 주세요", "yes", ok=True, asked=C4),
  t("CONFIRM", "예?", "unknown", act="repeat", asked=C4))
G("consent",
  t("CONFIRM", "네 아마", "yes", asked=C5, note="hedge"),
  t("CONFIRM", "아니 괜찮아요", "no", asked=C5, note="no thanks"),
  t("CONFIRM", "네 그리고 혹시 몇 시까지 하세요", "hours", act="hours", asked=C5),
  t("CONFIRM", "어 잠깐만", "unknown", act="hold", asked=C5))
G("consent",
  t("CONFIRM", "좋습니다", "yes", ok=True, asked=C6),
  t("CONFIRM", "네 좋아요", "yes", ok=True, asked=C6),
  t("CONFIRM", "좋긴 한데요", "yes", asked=C6, note="but: second thoughts"),
  t("CONFIRM", "음 글쎄요 다시 생각해 볼게요", "unknown", asked=C6, note="hedge"))
G("consent",
  t("CONFIRM", "네 감사합니다", "yes", ok=True, asked=C1),
  t("CONFIRM", "맞아요", "yes", ok=True, asked=C1),
  t("CONFIRM", "아니요", "no", asked=C1),
  t("CONFIRM", "그게 맞나요?", "unknown", asked=C1, note="a question"))
# ---------------------------------------------------------------- corrections at CONFIRM (9 groups)
K1 = "12월 10일 목요일 오후 3시, 김민지 님으로 예약할까요?"
K3 = "12월 11일 금요일 오후 2시, 최지우 님으로 예약할까요?"
K8 = "12월 7일 월요일 오후 1시 30분, 정하윤 님으로 예약할까요?"
K9 = "12월 22일 화요일 오후 5시, 마리아 가르시아 님으로 예약할까요?"
G("correction",
  t("CONFIRM", "아니, 12일이에요", "no", d="sat 2026-12-12", wr="day", asked=K1),
  t("CONFIRM", "아니요, 이름이 틀렸어요", "no", wr="name", asked=K1),
  t("CONFIRM", "시간이 틀렸어요", "no", wr="time", asked=K1),
  t("CONFIRM", "아니요 세 시 말고 네 시요", "no", tm="16:00", wr="time", asked=K1))
G("correction",
  t("CONFIRM", "아니요 박서준이 아니라 박서연이에요", "no", nm="박서연", wr="name", asked=C2),
  t("CONFIRM", "아니 수요일이요", "no", d="wed 2026-12-09", wr="day", asked=C2, note="coming Wednesday"),
  t("CONFIRM", "날짜가 틀렸어요 9일이에요", "no", d="wed 2026-12-09", wr="day", asked=C2),
  t("CONFIRM", "아니요 열 시 반이요", "no", tm="10:30", wr="time", asked=C2))
G("correction",
  t("CONFIRM", "아닌데요", "no", asked=K3),
  t("CONFIRM", "아니요 다 틀렸어요", "no", asked=K3, note="everything wrong: wrong null"),
  t("CONFIRM", "이름은 맞는데 시간이 틀렸어요", "no", wr="time", asked=K3),
  t("CONFIRM", "아니 두 시가 아니라 한 시요", "no", tm="13:00", wr="time", asked=K3))
G("correction",
  t("CONFIRM", "아니요 윤서현이요", "no", nm="윤서현", wr="name", asked=C4),
  t("CONFIRM", "아니 16일 수요일이요", "no", d="wed 2026-12-16", wr="day", asked=C4),
  t("CONFIRM", "아니요 오후 세 시요", "no", tm="15:00", wr="time", asked=C4),
  t("CONFIRM", "아니 화요일 말고 다다음 주 목요일이요", "no", d="thu 2026-12-17", wr="day", asked=C4))
G("correction",
  t("CONFIRM", "아니요 1월 6일이요", "no", d="wed 2027-01-06", wr="day", asked=C5),
  t("CONFIRM", "아니요 이름이 강민우예요", "no", nm="강민우", wr="name", asked=C5),
  t("CONFIRM", "네 근데 다섯 시로 해 주세요", "no", tm="17:00", wr="time", asked=C5, note="a yes that changes a value"),
  t("CONFIRM", "아니 그 주 목요일", "no", d="thu 2027-01-07", wr="day", asked=C5, note="그 주 = the read-back's week"))
G("correction",
  t("CONFIRM", "틀렸어요", "no", asked=C6),
  t("CONFIRM", "아니요 제 이름은 조은미예요", "no", nm="조은미", wr="name", asked=C6),
  t("CONFIRM", "아 아니다 10일이었어요", "no", d="thu 2026-12-10", wr="day", asked=C6),
  t("CONFIRM", "시간이요 11시 말고 11시 반", "no", tm="11:30", wr="time", asked=C6))
G("correction",
  t("CONFIRM", "아니요 취소할 건 18일 예약이에요", "no", d="fri 2026-12-18", wr="day", asked=CX),
  t("CONFIRM", "아니 10시가 아니라 2시 거요", "no", tm="14:00", wr="time", asked=CX),
  t("CONFIRM", "아니요", "no", asked=CX),
  t("CONFIRM", "아니 제 예약 말고 남편 거요", "no", wr="name", asked=CX, note="another person's appointment"))
G("correction",
  t("CONFIRM", "아니 월요일 아니고 화요일", "no", d="tue 2026-12-08", wr="day", asked=K8),
  t("CONFIRM", "아니요 정하윤 아니고 정하은", "no", nm="정하은", wr="name", asked=K8),
  t("CONFIRM", "한 시 반 아니고 두 시 반이요", "no", tm="14:30", wr="time", asked=K8),
  t("CONFIRM", "날짜도 시간도 틀렸어요", "no", wr="day", asked=K8, note="two named: the first"))
G("correction",
  t("CONFIRM", "아니요 이름이 틀렸어요 마리아 가르시아가 아니라 마리아 곤살레스예요", "no", nm="마리아 곤살레스",
    wr="name", asked=K9),
  t("CONFIRM", "아니 23일", "no", d="wed 2026-12-23", wr="day", asked=K9),
  t("CONFIRM", "오후 다섯 시 말고 오전 열 시요", "no", tm="10:00", wr="time", asked=K9),
  t("CONFIRM", "아니요 잠깐만요", "no", act="hold", asked=K9))
# ---------------------------------------------------------------- two dates / two times (9 groups)
G("two",
  t("LISTEN", "10일이나 11일에 예약하고 싶어요", "book", "book", cb="d 2026-12-10 2026-12-11"),
  t("ASK_DAY", "10일이나 11일", "inform", cb="d 2026-12-10 2026-12-11"),
  t("ASK_DAY", "화요일이나 수요일이요", "inform", cb="d 2026-12-08 2026-12-09"),
  t("ASK_DAY", "10일 안 되면 11일이요", "inform", d="thu 2026-12-10", note="a pick with a fallback"))
G("two",
  t("ASK_TIME", "세 시나 네 시요", "inform", cb="t 15:00 16:00"),
  t("ASK_TIME", "두 시 아니면 세 시 반 아무 때나", "inform", cb="t 14:00 15:30"),
  t("ASK_TIME", "열 시 말고 열한 시요", "inform", tm="11:00", note="one negated"),
  t("ASK_TIME", "오전 열 시나 열한 시 중에 편한 걸로 해 주세요", "inform", cb="t 10:00 11:00", note="you pick still counts"))
G("two",
  t("ASK_DAY", "다음 주 월요일이나 화요일", "inform", cb="d 2026-12-07 2026-12-08"),
  t("ASK_DAY", "내일이나 모레요", "inform", cb="d 2026-12-05 2026-12-06"),
  t("ASK_DAY", "12월 10일 화요일이요", "inform", cb="d 2026-12-10 2026-12-08",
    note="weekday disagrees with date (10일 is a Thursday): ask between"),
  t("ASK_DAY", "15일이나 16일 중에 아무 날이나요", "inform", cb="d 2026-12-15 2026-12-16"))
G("two",
  t("LISTEN", "목요일이나 금요일 오후 두 시에 예약돼요?", "book", "book", tm="14:00", cb="d 2026-12-10 2026-12-11"),
  t("ASK_DAY", "이번 주 토요일이나 다음 주 월요일", "inform", cb="d 2026-12-05 2026-12-07"),
  t("ASK_DAY", "10일 11일 둘 다 되는데요", "inform", cb="d 2026-12-10 2026-12-11"),
  t("ASK_DAY", "10일은 안 되고 11일이요", "inform", d="fri 2026-12-11", note="one negated"))
G("two",
  t("ASK_TIME", "아침 9시나 9시 반이요", "inform", cb="t 09:00 09:30"),
  t("ASK_TIME", "한 시 두 시 둘 중에 아무거나", "inform", cb="t 13:00 14:00"),
  t("ASK_TIME", "세 시 아니면 세 시 반 중에 뭐가 비어요?", "book", "book", cb="t 15:00 15:30",
    note="asks which is open"),
  t("ASK_TIME", "4시 4시 반 다 괜찮아요", "inform", cb="t 16:00 16:30"))
G("two",
  t("ASK_DAY", "1월 4일이나 5일이요", "inform", cb="d 2027-01-04 2027-01-05"),
  t("ASK_DAY", "다음 주 수요일 아니면 그다음 주 수요일", "inform", cb="d 2026-12-09 2026-12-16"),
  t("ASK_DAY", "금요일이나 토요일", "inform", cb="d 2026-12-11 2026-12-12", note="coming Friday, not today"),
  t("ASK_DAY", "월요일 아니면 수요일 근데 월요일이 더 좋아요", "inform", d="mon 2026-12-07",
    note="a preference picks Monday, Wednesday the fallback"))
G("two",
  t("LISTEN", "다음 주 화요일이나 수요일 오전에 예약하려고요", "book", "book", cb="d 2026-12-08 2026-12-09"),
  t("LISTEN", "내일이나 모레 아무 때나 예약 돼요?", "book", "book", cb="d 2026-12-05 2026-12-06"),
  t("LISTEN", "10일 세 시나 네 시 예약 가능한가요", "book", "book", d="thu 2026-12-10", cb="t 15:00 16:00"),
  t("LISTEN", "12일이나 13일 주말도 진료하세요?", "hours", act="hours", cb="d 2026-12-12 2026-12-13"))
G("two",
  t("ASK_DAY", "11일 12일", "inform", cb="d 2026-12-11 2026-12-12", note="ASR, no connective"),
  t("ASK_DAY", "이십일 일이나 이십이 일", "inform", cb="d 2026-12-21 2026-12-22"),
  t("ASK_DAY", "22일 아니 23일이요", "inform", d="wed 2026-12-23", note="self-repair"),
  t("ASK_DAY", "화요일 수요일 목요일 다 돼요", "inform", note="three given: not two, no date"))
G("two",
  t("ASK_TIME", "오전 10시나 오후 2시요", "inform", cb="t 10:00 14:00"),
  t("ASK_TIME", "열한 시 반이나 열두 시", "inform", cb="t 11:30 12:00"),
  t("ASK_TIME", "두 시 반이요 아 아니면 세 시도 괜찮고요", "inform", tm="14:30", note="a pick with a fallback"),
  t("ASK_TIME", "세시 네시", "inform", cb="t 15:00 16:00"))
# ---------------------------------------------------------------- cancels (9 groups)
G("cancel",
  t("LISTEN", "예약 취소하고 싶어요", "cancel", "cancel"),
  t("LISTEN", "12월 11일 예약 취소해 주세요", "cancel", "cancel", d="fri 2026-12-11"),
  t("LISTEN", "내일 예약 취소하려고요", "cancel", "cancel", d="sat 2026-12-05"),
  t("LISTEN", "다음 주 화요일 세 시 예약 취소할게요", "cancel", "cancel", d="tue 2026-12-08", tm="15:00"))
G("cancel",
  t("LISTEN", "저 예약을 취소해야 될 것 같은데요", "cancel", "cancel"),
  t("LISTEN", "오늘 오후 예약 못 갈 것 같아요", "cancel", "cancel", d="fri 2026-12-04", note="can't make it = cancel"),
  t("LISTEN", "취소 말고 변경이요", "no", "book", note="move, no new value"),
  t("LISTEN", "취소요", "cancel", "cancel"))
G("cancel",
  t("ASK_DAY", "10일이요", "inform", d="thu 2026-12-10", asked=A_CXDAY),
  t("ASK_DAY", "목요일 오전 거요", "inform", d="thu 2026-12-10", asked=A_CXDAY, note="오전 = part of day"),
  t("ASK_DAY", "12월 18일 오후 네 시요", "inform", d="fri 2026-12-18", tm="16:00", asked=A_CXDAY),
  t("ASK_DAY", "기억이 안 나요", "unknown", asked=A_CXDAY))
G("cancel",
  t("LISTEN", "김민지인데요 15일 예약 취소해 주세요", "cancel", "cancel", d="tue 2026-12-15", nm="김민지"),
  t("LISTEN", "010 1234 5678 번호로 예약한 거 취소해 주세요", "cancel", "cancel", ph="+821012345678"),
  t("LISTEN", "아이 예약 취소하려고요 이름은 김도현이요", "cancel", "cancel", note="child's name: null"),
  t("LISTEN", "예약 취소하고 다시 잡을게요", "no", "book", note="cancel and rebook = move, no new value"))
G("cancel",
  t("CONFIRM", "네 취소해 주세요", "yes", ok=True, asked="12월 10일 목요일 오후 2시 예약을 취소할까요?"),
  t("CONFIRM", "네네 취소요", "yes", ok=True, asked="12월 10일 목요일 오후 2시 예약을 취소할까요?",
    note="the same request read back, not another"),
  t("CONFIRM", "아 잠깐만요 다른 날 거였나", "unknown", act="hold", asked="12월 10일 목요일 오후 2시 예약을 취소할까요?"),
  t("CONFIRM", "취소하지 마세요", "no", asked="12월 10일 목요일 오후 2시 예약을 취소할까요?"))
G("cancel",
  t("LISTEN", "예약 취소 가능한가요", "cancel", "cancel"),
  t("LISTEN", "예약 취소 수수료 있어요?", "hours", act="hours", note="a policy question, no cancel asked"),
  t("LISTEN", "모레 예약 취소요", "cancel", "cancel", d="sun 2026-12-06"),
  t("LISTEN", "예약 취소할게요", "cancel", "cancel"))
G("cancel",
  t("LISTEN", "지난번에 잡은 예약 있잖아요 그거 취소해 주세요", "cancel", "cancel"),
  t("LISTEN", "17일 오전 예약했던 이하늘인데요 취소하려고요", "cancel", "cancel", d="thu 2026-12-17", nm="이하늘"),
  t("LISTEN", "오늘 10시 반 예약 취소돼요?", "cancel", "cancel", d="fri 2026-12-04", tm="10:30"),
  t("LISTEN", "이번 주 금요일 예약 취소요", "cancel", "cancel", d="fri 2026-12-04", note="이번 주 금요일 = today"))
G("cancel",
  t("LISTEN", "남편 예약 취소하려고요", "cancel", "cancel", note="another person's appointment"),
  t("LISTEN", "예약을 취소 아니 변경하려고요", "no", "book", note="self-repair to a move, no new value"),
  t("LISTEN", "취소 잘 됐는지 확인하고 싶어요", "unknown", note="status check, no request"),
  t("LISTEN", "1월 8일 예약 취소해 주세요", "cancel", "cancel", d="fri 2027-01-08"))
G("cancel",
  t("CONFIRM", "예 취소해 주세요", "yes", ok=True, asked="12월 15일 화요일 오전 9시 30분 예약을 취소할까요?"),
  t("CONFIRM", "네 근데 다시 예약할 수 있죠?", "yes", asked="12월 15일 화요일 오전 9시 30분 예약을 취소할까요?",
    note="a question"),
  t("CONFIRM", "음 네", "yes", ok=True, asked="12월 15일 화요일 오전 9시 30분 예약을 취소할까요?"),
  t("CONFIRM", "아니 잠깐 15일 아니고 16일이요", "no", d="wed 2026-12-16", wr="day",
    asked="12월 15일 화요일 오전 9시 30분 예약을 취소할까요?"))
# ---------------------------------------------------------------- moves (9 groups)
M5 = "12월 11일 금요일 오전 10시 예약을 12월 8일 화요일 오전 10시로 옮길까요?"
M8 = "12월 10일 목요일 오후 2시 예약을 12월 17일 목요일 오후 2시로 옮길까요?"
G("move",
  t("LISTEN", "금요일 예약을 화요일로 바꿔 주세요", "book", "book", d="tue 2026-12-08", note="from Friday (12-11 or today)"),
  t("LISTEN", "예약 변경하고 싶어요", "no", "book", note="move, no new value"),
  t("LISTEN", "11일 예약을 15일로 옮길 수 있을까요", "book", "book", d="tue 2026-12-15", note="from 2026-12-11"),
  t("LISTEN", "세 시 예약을 네 시로 바꿔 주세요", "book", "book", tm="16:00", note="from 15:00, day not said"))
G("move",
  t("LISTEN", "내일 예약 모레로 미뤄 주세요", "book", "book", d="sun 2026-12-06", note="from 2026-12-05"),
  t("LISTEN", "시간만 좀 당길 수 있어요?", "no", "book", note="move, no new value"),
  t("LISTEN", "다음 주 화요일 거 수요일로요", "book", "book", d="wed 2026-12-09", note="from 2026-12-08"),
  t("LISTEN", "예약 날짜를 바꾸려고요 1월 5일로", "book", "book", d="tue 2027-01-05"))
G("move",
  t("LISTEN", "10일 오전 10시 예약 오후 2시로 변경해 주세요", "book", "book", d="thu 2026-12-10", tm="14:00",
    note="from 10:00 the same day"),
  t("LISTEN", "예약을 좀 뒤로 미루고 싶은데요", "no", "book", note="move, no new value"),
  t("LISTEN", "이하늘인데요 예약 18일로 바꿔 주세요", "book", "book", d="fri 2026-12-18", nm="이하늘"),
  t("LISTEN", "취소하고 화요일로 다시 잡아 주세요", "book", "book", d="tue 2026-12-08", note="cancel + rebook = move"))
G("move",
  t("ASK_DAY", "다음 주 목요일로요", "inform", d="thu 2026-12-10", asked=A_MVDAY),
  t("ASK_DAY", "그 다음 날이요", "inform", asked=A_MVDAY, note="relative to an unknown day: no date"),
  t("ASK_DAY", "22일이요", "inform", d="tue 2026-12-22", asked=A_MVDAY),
  t("ASK_DAY", "아무 때나 빠른 날로", "inform", asked=A_MVDAY))
G("move",
  t("CONFIRM", "네 옮겨 주세요", "yes", ok=True, asked=M5),
  t("CONFIRM", "네 바꿔 주세요", "yes", ok=True, asked=M5),
  t("CONFIRM", "아니요 화요일 말고 수요일이요", "no", d="wed 2026-12-09", wr="day", asked=M5),
  t("CONFIRM", "아니요 시간도 바꿔서 오후 세 시로요", "no", tm="15:00", wr="time", asked=M5))
G("move",
  t("LISTEN", "저기 예약을 다음 주로 미룰 수 있나요", "no", "book", note="a week, no date: move, no new value"),
  t("LISTEN", "오늘 예약을 내일로 바꿔 주세요", "book", "book", d="sat 2026-12-05", note="from today"),
  t("LISTEN", "다음 주 월요일 아침 9시 예약 있는데요 9시 반으로 늦춰 주세요", "book", "book", d="mon 2026-12-07",
    tm="09:30", note="from 09:00 the same day"),
  t("LISTEN", "예약 변경 가능해요? 10일로", "book", "book", d="thu 2026-12-10"))
G("move",
  t("ASK_TIME", "네 시로요", "inform", tm="16:00", asked=A_T15),
  t("ASK_TIME", "아홉 시 좋아요", "yes", tm="09:00", asked=A_T15, note="offered value + acceptance word"),
  t("ASK_TIME", "원래 시간 그대로요", "inform", asked=A_T15, note="same time as before: not in the turn"),
  t("ASK_TIME", "오후 네 시요 아 근데 원래 예약은 취소되는 거죠?", "hours", tm="16:00", asked=A_T15,
    note="a question inside a value turn"))
G("move",
  t("CONFIRM", "네 그렇게 해 주세요", "yes", ok=True, asked=M8),
  t("CONFIRM", "네 근데 17일이 목요일 맞죠?", "yes", asked=M8, note="a question"),
  t("CONFIRM", "잠깐만요", "unknown", act="hold", asked=M8),
  t("CONFIRM", "아뇨 그냥 원래대로 둘게요", "no", asked=M8))
G("move",
  t("LISTEN", "예약 시간 바꾸고 싶은데 상담원 연결돼요", "human", note="a move through a person: human first"),
  t("LISTEN", "1월 12일 예약 2월 2일로 옮겨 주세요", "book", "book", d="tue 2027-02-02", note="from 2027-01-12"),
  t("LISTEN", "예약 하루만 늦춰 주세요", "no", "book", note="relative to an unknown old date: no new value"),
  t("LISTEN", "화요일 예약 다다음 주 화요일로 바꿀게요", "book", "book", d="tue 2026-12-15", note="from 2026-12-08"))
# ---------------------------------------------------------------- stops (6 groups)
G("stop",
  t("LISTEN", "그만할게요", "unknown", act="stop"),
  t("ASK_DAY", "됐어요", "unknown", act="stop"),
  t("ASK_TIME", "끊을게요", "unknown", act="stop"),
  t("CONFIRM", "아니요 됐어요", "no", act="stop", asked=C1))
G("stop",
  t("ASK_NAME", "그냥 안 할게요", "unknown", act="stop"),
  t("ASK_DAY", "나중에 다시 전화할게요", "unknown", act="stop"),
  t("CONFIRM", "아 그냥 그만할래요", "unknown", act="stop", asked=C2),
  t("LISTEN", "아 됐어요 끊어요", "unknown", act="stop"))
G("stop",
  t("CONFIRM", "네 다 맞아요", "yes", ok=True, asked=C3, note="not a stop"),
  t("ASK_TIME", "세 시요 그게 다예요", "inform", tm="15:00", note="not a stop"),
  t("LISTEN", "예약하려고 했는데 그만 할게요", "unknown", act="stop", note="the booking is given up"),
  t("CONFIRM", "됐어요 그냥 예약하지 마세요", "no", act="stop", asked=C3))
G("stop",
  t("ASK_DAY", "아 됐어요 다른 데 갈게요", "unknown", act="stop"),
  t("ASK_TIME", "그만 그만", "unknown", act="stop"),
  t("CONFIRM", "아니요 끊을게요", "no", act="stop", asked=C4),
  t("ASK_NAME", "이름 말하기 싫어요 끊을게요", "unknown", act="stop"))
G("stop",
  t("LISTEN", "됐습니다 감사합니다", "unknown", act="stop"),
  t("ASK_DAY", "아니 됐어요 그냥 내일 다시 걸게요", "no", act="stop", note="내일 = when to call again, not a date asked"),
  t("CONFIRM", "그만할게요", "unknown", act="stop", asked=C5),
  t("ASK_TIME", "됐어요 시간 없어요", "unknown", act="stop"))
G("stop",
  t("ASK_NAME", "됐어요 안 할게요", "unknown", act="stop"),
  t("LISTEN", "예약 안 할게요 끊을게요", "unknown", act="stop"),
  t("CONFIRM", "아니요 취소할게요 그냥", "no", act="stop", asked=C6,
    note="drops the booking being made; no appointment cancelled"),
  t("ASK_DAY", "됐어요 그냥 오늘 가서 접수할게요", "unknown", act="stop", note="walk-in; 오늘 not a date asked"))
# ---------------------------------------------------------------- holds (6 groups)
G("hold",
  t("CONFIRM", "잠깐", "unknown", act="hold", asked=K1),
  t("ASK_DAY", "잠깐만요", "unknown", act="hold"),
  t("ASK_TIME", "잠시만요 달력 좀 볼게요", "unknown", act="hold"),
  t("ASK_NAME", "잠깐 기다려 주세요", "unknown", act="hold"))
G("hold",
  t("CONFIRM", "네 잠깐만요", "yes", act="hold", asked=K3),
  t("CONFIRM", "잠깐만 확인해 볼게요", "unknown", act="hold", asked=K3),
  t("ASK_DAY", "음 잠시만요 스케줄 확인하고요", "unknown", act="hold"),
  t("LISTEN", "잠시만요 끊지 마세요", "unknown", act="hold"))
G("hold",
  t("ASK_TIME", "어 잠깐 잠깐", "unknown", act="hold"),
  t("CONFIRM", "잠깐 다시 말씀해 주세요", "unknown", act="repeat", asked=K8, note="hold + repeat: repeat asked"),
  t("ASK_DAY", "기다려 보세요 남편한테 물어볼게요", "unknown", act="hold"),
  t("CONFIRM", "잠깐만요 이거 나중에 취소 되죠?", "unknown", act="hold", asked=K8))
G("hold",
  t("ASK_DAY", "잠깐만요 아 15일이요", "inform", d="tue 2026-12-15", note="hold resolved in the turn"),
  t("ASK_TIME", "잠시만요 음 두 시요", "inform", tm="14:00", note="hold resolved in the turn"),
  t("CONFIRM", "잠깐만요 네 맞아요", "yes", act="hold", asked=K9, note="a hold word anywhere shuts the gate"),
  t("ASK_NAME", "잠시만요 이하준이요", "inform", nm="이하준"))
G("hold",
  t("ASK_DAY", "잠깐 끊지 말고 기다려 주세요", "unknown", act="hold"),
  t("ASK_TIME", "확인해 보고 다시 말씀드릴게요", "unknown", act="hold"),
  t("CONFIRM", "잠시만요", "unknown", act="hold", asked=C1),
  t("LISTEN", "여보세요 잠시만요", "unknown", act="hold"))
G("hold",
  t("CONFIRM", "음 잠깐 생각 좀 해 볼게요", "unknown", act="hold", asked=C2),
  t("ASK_NAME", "잠깐만요 신분증 좀 찾고요", "unknown", act="hold"),
  t("ASK_DAY", "어 잠깐만 달력 달력", "unknown", act="hold"),
  t("CONFIRM", "아 잠깐 네?", "unknown", act="repeat", asked=C2))
# ---------------------------------------------------------------- emergencies (6 groups)
G("emergency",
  t("LISTEN", "숨을 못 쉬겠어요", "unknown", act="emergency"),
  t("LISTEN", "119 불러 주세요", "unknown", act="emergency"),
  t("ASK_DAY", "아이가 숨을 안 쉬어요", "unknown", act="emergency"),
  t("ASK_TIME", "가슴이 너무 아파요 지금", "unknown", act="emergency"))
G("emergency",
  t("LISTEN", "할아버지가 쓰러지셨어요", "unknown", act="emergency"),
  t("LISTEN", "피가 안 멈춰요", "unknown", act="emergency"),
  t("ASK_NAME", "약을 한 통 다 먹었어요", "unknown", act="emergency"),
  t("CONFIRM", "지금 너무 어지럽고 숨이 차요", "unknown", act="emergency", asked=C3))
G("emergency",
  t("LISTEN", "죽고 싶어요", "unknown", act="emergency", note="crisis line too"),
  t("LISTEN", "구급차 좀 불러 주세요", "unknown", act="emergency"),
  t("LISTEN", "아기가 경기를 해요", "unknown", act="emergency"),
  t("LISTEN", "예약이요 근데 지금 숨쉬기가 힘들어요", "book", "book", act="emergency"))
G("emergency",
  t("LISTEN", "가슴 통증은 아니고 그냥 검진 예약이요", "book", "book", note="negated symptom: no emergency"),
  t("LISTEN", "119 말고 그냥 일반 진료 예약하려고요", "book", "book", note="119 negated: no emergency"),
  t("ASK_DAY", "숨찬 건 이제 괜찮아졌고 다음 주 월요일이요", "inform", d="mon 2026-12-07", note="past symptom, no emergency"),
  t("LISTEN", "아이가 열이 나서요 내일 오전 돼요?", "book", "book", d="sat 2026-12-05", note="fever booking, no emergency"))
G("emergency",
  t("ASK_TIME", "잠깐만요 애가 뭘 삼켰어요 숨을 못 쉬어요", "unknown", act="emergency"),
  t("LISTEN", "교통사고가 났어요", "unknown", act="emergency"),
  t("ASK_DAY", "농약을 마셨어요", "unknown", act="emergency"),
  t("LISTEN", "여기 사람이 칼에 찔렸어요", "unknown", act="emergency"))
G("emergency",
  t("CONFIRM", "네 근데 지금 가슴이 조여 와요", "yes", act="emergency", asked=C4),
  t("LISTEN", "엄마가 의식이 없어요", "unknown", act="emergency"),
  t("ASK_NAME", "김철수인데요 숨이 너무 가빠요", "inform", nm="김철수", act="emergency"),
  t("LISTEN", "일일구요 일일구", "unknown", act="emergency", note="119 in Sino-Korean words"))
# ---------------------------------------------------------------- hours / the clinic (6 groups)
G("hours",
  t("LISTEN", "몇 시까지 하세요", "hours", act="hours"),
  t("LISTEN", "토요일에도 진료하나요", "hours", act="hours", note="a weekday in a question, no date asked"),
  t("LISTEN", "점심시간이 언제예요", "hours", act="hours"),
  t("LISTEN", "주소가 어떻게 되나요", "hours", act="hours"))
G("hours",
  t("LISTEN", "주차 되나요", "hours", act="hours"),
  t("LISTEN", "일요일은 쉬세요?", "hours", act="hours"),
  t("LISTEN", "오늘 몇 시에 문 닫아요", "hours", act="hours", note="today's hours, not an appointment date"),
  t("LISTEN", "병원 전화번호가 어떻게 되죠", "hours", act="hours"))
G("hours",
  t("LISTEN", "기계예요?", "hours", act="automated"),
  t("LISTEN", "사람이에요 로봇이에요", "hours", act="automated"),
  t("ASK_DAY", "이거 자동 응답이에요?", "hours", act="automated"),
  t("CONFIRM", "이거 녹음되는 거예요?", "hours", act="automated", asked=C5))
G("hours",
  t("ASK_DAY", "화요일이요 근데 주차 돼요?", "hours", d="tue 2026-12-08", act="hours", note="question inside a value turn"),
  t("ASK_TIME", "세 시요 그런데 몇 시까지 하세요", "hours", tm="15:00", act="hours"),
  t("LISTEN", "다음 주 화요일 예약하고 싶은데 몇 시까지 하세요", "book", "book", d="tue 2026-12-08", act="hours",
    note="a booking with a question stays book"),
  t("CONFIRM", "네 근데 거기 몇 층이에요", "hours", act="hours", asked=C6))
G("hours",
  t("LISTEN", "야간 진료도 하나요", "hours", act="hours"),
  t("LISTEN", "공휴일에도 문 여나요", "hours", act="hours"),
  t("LISTEN", "12월 25일에 하세요?", "hours", d="fri 2026-12-25", act="hours"),
  t("LISTEN", "여기 무슨 병원이에요", "hours", act="hours"))
G("hours",
  t("LISTEN", "진료 시간 알려 주세요", "hours", act="hours"),
  t("LISTEN", "평일 몇 시부터 해요", "hours", act="hours"),
  t("LISTEN", "토요일은 오전만 하세요?", "hours", act="hours"),
  t("LISTEN", "거기 지하철역에서 가까워요?", "hours", act="hours"))
# ---------------------------------------------------------------- medical questions (6 groups)
G("medical",
  t("LISTEN", "이 약 먹어도 돼요?", "unknown", act="medical"),
  t("LISTEN", "열이 39도인데 괜찮을까요", "unknown", act="medical", note="39도 is not a time"),
  t("ASK_DAY", "타이레놀이랑 감기약 같이 먹어도 되나요", "unknown", act="medical"),
  t("CONFIRM", "네 근데 진료 전에 밥 먹어도 돼요?", "yes", act="medical", asked=C1))
G("medical",
  t("LISTEN", "무릎이 아파서 진료 보고 싶어요", "book", "book", note="a booking for a complaint"),
  t("LISTEN", "피검사 전에 금식해야 돼요?", "unknown", act="medical"),
  t("LISTEN", "애가 기침을 하는데 병원 와야 될까요", "unknown", act="medical"),
  t("LISTEN", "감기 기운이 있어서 내일 진료 예약할게요", "book", "book", d="sat 2026-12-05"))
G("medical",
  t("LISTEN", "임신 중인데 이 약 먹어도 돼요", "unknown", act="medical"),
  t("LISTEN", "혈압약을 깜빡했는데 두 번 먹어도 되나요", "unknown", act="medical"),
  t("ASK_TIME", "세 시요 근데 술 마시고 가도 돼요?", "inform", tm="15:00", act="medical",
    note="a medical question inside a value turn keeps inform"),
  t("LISTEN", "감기약 몇 알 먹어야 돼요", "unknown", act="medical"))
G("medical",
  t("LISTEN", "두드러기가 났는데 무슨 약 먹어요", "unknown", act="medical"),
  t("LISTEN", "주사 맞고 샤워해도 되나요", "unknown", act="medical"),
  t("LISTEN", "다음 주 화요일 예약이요 그리고 혹시 항생제 계속 먹어도 돼요?", "book", "book", d="tue 2026-12-08",
    act="medical"),
  t("LISTEN", "상처에 연고 발라도 돼요", "unknown", act="medical"))
G("medical",
  t("LISTEN", "진단서 발급돼요?", "hours", act="hours", note="a question about the clinic's services"),
  t("LISTEN", "독감 예방접종 예약하려고요", "book", "book"),
  t("LISTEN", "코로나 검사 하나요", "hours", act="hours", note="a service question"),
  t("LISTEN", "아이가 열나는데 해열제 몇 시간마다 먹여요", "unknown", act="medical", note="몇 시간 is no time"))
G("medical",
  t("LISTEN", "어제 넘어졌는데 뼈 부러진 걸까요", "unknown", act="medical"),
  t("LISTEN", "술 마셨는데 내일 수면 내시경 받아도 되나요", "unknown", act="medical", note="내일 in a question, not a date asked"),
  t("ASK_DAY", "허리가 아파서요 내일이요", "inform", d="sat 2026-12-05"),
  t("LISTEN", "다이어트약 처방해 주세요", "unknown", act="medical", note="a prescription the line cannot give"))
# ---------------------------------------------------------------- sensitive numbers said unasked (6 groups)
G("sensitive",
  t("ASK_NAME", "김민지고요 주민번호는 950312 2345678이에요", "inform", nm="김민지", sens=True),
  t("LISTEN", "주민등록번호 구오공삼일이 다시 이삼사오육칠팔로 예약돼 있을 거예요", "unknown", sens=True,
    note="a number that is not a date or a phone"),
  t("ASK_DAY", "주민번호 앞자리 880101이요", "unknown", sens=True, note="front part said as such; not a date"),
  t("ASK_NAME", "이하늘 구육공오일오 일이삼사오육칠", "inform", nm="이하늘", sens=True, note="6+7 digits: an RRN"))
G("sensitive",
  t("LISTEN", "예약 확인하려고요 주민번호 불러 드릴게요 칠삼공사이공 일", "unknown", sens=True,
    note="checking an appointment, no request"),
  t("ASK_TIME", "세 시요 주민번호 필요하세요? 901225 1", "hours", tm="15:00", sens=True,
    note="a question inside a value turn"),
  t("CONFIRM", "네 맞아요 주민번호는 850707 1234567", "yes", sens=True, asked=C2, note="not a plain yes"),
  t("ASK_NAME", "외국인등록번호 말씀드릴게요 900101 5123456", "unknown", sens=True))
G("sensitive",
  t("ASK_NAME", "카드번호 4321 1234 5678 9012로 결제해 주세요", "unknown", sens=True),
  t("ASK_NAME", "생년월일은 95년 3월 12일이에요", "unknown", note="a birth date: not sensitive here, not a date asked"),
  t("ASK_NAME", "박서준 1990년생이요", "inform", nm="박서준", note="a birth year: not sensitive"),
  t("LISTEN", "주민번호는 말 안 해도 되죠?", "hours", act="hours", note="asks about the procedure; no number said"))
G("sensitive",
  t("ASK_NAME", "정하윤이요 주민 앞자리 021115", "inform", nm="정하윤", sens=True),
  t("ASK_DAY", "주민번호가 필요하면 말할게요 팔팔공일공일", "unknown", sens=True),
  t("CONFIRM", "예 근데 주민번호 안 물어보세요? 930405 2", "yes", sens=True, asked=C3),
  t("LISTEN", "보험 처리하려면 주민번호 알려 드려야 돼요? 770808 1234567", "hours", act="hours", sens=True))
G("sensitive",
  t("ASK_NAME", "최지우 주민번호 000101 4234567", "inform", nm="최지우", sens=True),
  t("ASK_NAME", "계좌번호 110 123 456789요", "unknown", sens=True),
  t("ASK_NAME", "전화번호는 010 2345 6789요", "inform", ph="+821023456789", note="a phone number is not sensitive"),
  t("LISTEN", "건강보험증 번호 1 2345678901 불러 드릴게요", "unknown", sens=True, note="an insurance ID"))
G("sensitive",
  t("ASK_NAME", "제 주민번호로 조회해 주세요 841212 1234567", "unknown", sens=True),
  t("LISTEN", "엄마 주민번호가 520315 2345678인데요", "unknown", sens=True),
  t("ASK_NAME", "강민호입니다 주민번호 뒷자리는 1로 시작해요", "inform", nm="강민호", note="no number said"),
  t("CONFIRM", "주민번호 앞자리 맞춰 보세요 860606", "unknown", sens=True, asked=C4))
# ---------------------------------------------------------------- phone numbers (9 groups)
G("phone",
  t("ASK_NAME", "이하늘이고요 010 1234 5678이요", "inform", nm="이하늘", ph="+821012345678", asked=A_PHONE),
  t("ASK_NAME", "공일공 이삼사오 육칠팔구요", "inform", ph="+821023456789", asked=A_PHONE),
  t("ASK_NAME", "010-9876-5432", "inform", ph="+821098765432", asked=A_PHONE),
  t("ASK_NAME", "영일영 칠칠칠칠 팔팔팔팔", "inform", ph="+821077778888", asked=A_PHONE, note="영 = 0"))
G("phone",
  t("ASK_NAME", "공일공에 삼사오육에 칠팔구공이요", "inform", ph="+821034567890", asked=A_PHONE),
  t("ASK_NAME", "핸드폰 번호는 공일공 일일일일 이이이이예요", "inform", ph="+821011112222", asked=A_PHONE),
  t("ASK_NAME", "02 345 6789요 집 번호", "inform", ph="+8223456789", asked=A_PHONE, note="Seoul landline"),
  t("ASK_NAME", "010 1234 567", "inform", asked=A_PHONE, note="a digit missing: phone null"))
G("phone",
  t("LISTEN", "예약 확인하려는데 제 번호는 010 5555 1234예요", "unknown", ph="+821055551234", note="checking, no request"),
  t("ASK_NAME", "번호는 지금 거는 번호로 해 주세요", "unknown", asked=A_PHONE, note="the calling number: phone null"),
  t("ASK_NAME", "박서준 공일공 사사사사 오오오오", "inform", nm="박서준", ph="+821044445555", asked=A_PHONE),
  t("ASK_NAME", "연락처요 공일공 팔구팔구 공공일일", "inform", ph="+821089890011", asked=A_PHONE))
G("phone",
  t("ASK_NAME", "010 3333 4444 이고 이름은 최지우예요", "inform", nm="최지우", ph="+821033334444", asked=A_PHONE),
  t("ASK_NAME", "플러스 팔이 10 1234 5678", "inform", ph="+821012345678", asked=A_PHONE, note="+82 said"),
  t("ASK_NAME", "번호 바뀌었어요 010 2468 1357로", "inform", ph="+821024681357", asked=A_PHONE),
  t("ASK_NAME", "공일공 일이삼 사오육칠", "inform", asked=A_PHONE, note="010 + 7 digits: not a current mobile, null"))
G("phone",
  t("LISTEN", "010 2222 3333 번호로 예약한 거 취소해 주세요", "cancel", "cancel", ph="+821022223333"),
  t("LISTEN", "공일공 육육육육 칠칠칠칠로 예약된 거 변경하려고요", "no", "book", ph="+821066667777",
    note="move, no new value"),
  t("ASK_DAY", "010 1212 3434로 연락 주세요 날짜는 10일이요", "inform", d="thu 2026-12-10", ph="+821012123434"),
  t("ASK_NAME", "031 123 4567 회사 번호예요", "inform", ph="+82311234567", asked=A_PHONE, note="Gyeonggi landline"))
G("phone",
  t("ASK_NAME", "끝자리 5678이요", "inform", asked=A_PHONE, note="last four only: null"),
  t("ASK_NAME", "010에 뒷번호 1234 5678", "inform", ph="+821012345678", asked=A_PHONE),
  t("ASK_NAME", "공 일 공 구 팔 칠 육 오 사 삼 이", "inform", ph="+821098765432", asked=A_PHONE),
  t("ASK_NAME", "전화번호 알려 드리기 싫은데요", "unknown", asked=A_PHONE))
G("phone",
  t("ASK_NAME", "010 1234 5678 아 아니 5679", "inform", ph="+821012345679", asked=A_PHONE, note="self-repair"),
  t("ASK_NAME", "문자로 주세요 010 4567 8901", "inform", ph="+821045678901", asked=A_PHONE),
  t("ASK_NAME", "제 번호 010 3579 2468 남편 번호는 010 1111 0000", "inform", ph="+821035792468", asked=A_PHONE,
    note="the caller's own number"),
  t("ASK_NAME", "010 7777 1234 이요 내선은 없어요", "inform", ph="+821077771234", asked=A_PHONE))
G("phone",
  t("ASK_DAY", "아 그 전에 제 번호는 010 8282 8282예요", "inform", ph="+821082828282"),
  t("ASK_TIME", "세 시요 연락처는 010 4242 4242", "inform", tm="15:00", ph="+821042424242"),
  t("LISTEN", "010 5678 1234 김민지인데 예약하려고요", "book", "book", nm="김민지", ph="+821056781234"),
  t("CONFIRM", "네 맞아요 제 번호 010 1234 5678이에요", "yes", ph="+821012345678", asked=C5, note="not a plain yes"))
G("phone",
  t("ASK_NAME", "공일공 일이삼사 오육칠팔 맞아요", "inform", ph="+821012345678", asked=A_PHONE),
  t("ASK_NAME", "제 번호가 공일공 구구구구 구구구구요", "inform", ph="+821099999999", asked=A_PHONE),
  t("ASK_NAME", "010 1 2 3 4 5 6 7 8", "inform", ph="+821012345678", asked=A_PHONE),
  t("ASK_NAME", "영일영 이공이육 일이공사", "inform", ph="+821020261204", asked=A_PHONE, note="digits that look like a date"))
# ---------------------------------------------------------------- a person (6 groups)
G("human",
  t("LISTEN", "상담원 연결해 주세요", "human"),
  t("LISTEN", "사람 바꿔 주세요", "human"),
  t("ASK_DAY", "직원분이랑 통화하고 싶어요", "human"),
  t("CONFIRM", "그냥 사람이랑 얘기할게요", "human", asked=C6))
G("human",
  t("LISTEN", "간호사님 바꿔 주세요", "human"),
  t("ASK_TIME", "상담원이요", "human"),
  t("ASK_NAME", "실제 사람 없어요?", "human"),
  t("LISTEN", "원장님이랑 통화할 수 있어요?", "human"))
G("human",
  t("LISTEN", "접수처 연결 좀 해 주세요", "human"),
  t("CONFIRM", "아니요 상담원 연결해 주세요", "human", asked=K1, note="human first"),
  t("ASK_DAY", "기계 말고 사람이요", "human"),
  t("LISTEN", "0번 눌러야 돼요? 상담원이요", "human"))
G("human",
  t("LISTEN", "다음에 상담받으러 가려고요 예약이요", "book", "book", note="상담 = consultation, not a person"),
  t("LISTEN", "진료 상담 예약하고 싶어요", "book", "book"),
  t("LISTEN", "김 선생님한테 진료 받고 싶어요", "book", "book", note="a doctor's name is not the caller's"),
  t("ASK_NAME", "사람이 많나요 그 시간에", "hours", act="hours", note="not a person asked for"))
G("human",
  t("LISTEN", "예약하려는데 사람이랑 할게요", "human"),
  t("ASK_TIME", "말로 하니까 어렵네요 상담원 바꿔 주세요", "human"),
  t("CONFIRM", "직원 연결해 주세요", "human", asked=C1),
  t("LISTEN", "담당자 좀 바꿔 주실래요", "human"))
G("human",
  t("LISTEN", "저기요 사람 좀 바꿔 봐요", "human"),
  t("ASK_DAY", "카운터 연결해 주세요", "human"),
  t("ASK_NAME", "제 이름은 홍지수인데 상담원 연결해 주세요", "human", nm="홍지수"),
  t("LISTEN", "통역해 주시는 분 있어요? 영어 하는 사람", "human", note="a person who speaks English"))
# ---------------------------------------------------------------- ordinary calls (9 groups)
F4 = "12월 10일 목요일 오후 2시 30분, 이하늘 님으로 예약할까요?"
F8 = "12월 9일 수요일 오전 11시, 박지민 님으로 예약할까요?"
F9 = "12월 9일 수요일 오후 4시 30분, 장서아 님으로 예약할까요?"
G("ordinary",
  t("LISTEN", "안녕하세요 예약하려고요", "book", "book"),
  t("ASK_DAY", "다음 주 화요일이요", "inform", d="tue 2026-12-08"),
  t("ASK_TIME", "오전 열 시요", "inform", tm="10:00", asked=A_T08),
  t("ASK_NAME", "최윤아예요", "inform", nm="최윤아"))
G("ordinary",
  t("LISTEN", "내일 오전 10시 반에 예약 가능할까요 김서현입니다", "book", "book", d="sat 2026-12-05", tm="10:30", nm="김서현"),
  t("CONFIRM", "네", "yes", ok=True, asked="12월 5일 토요일 오전 10시 30분, 김서현 님으로 예약할까요?"),
  t("LISTEN", "진료 예약 좀 할게요", "book", "book"),
  t("ASK_DAY", "12월 16일 수요일이요", "inform", d="wed 2026-12-16"))
G("ordinary",
  t("LISTEN", "여보세요", "unknown"),
  t("LISTEN", "네 안녕하세요 예약 문의드리려고요", "book", "book"),
  t("ASK_DAY", "음 어 저기요 다음 주 언제 되는지 봐야 되는데", "inform", note="a week, no date"),
  t("ASK_TIME", "아무 때나요", "inform"))
G("ordinary",
  t("LISTEN", "12월 10일 건강검진 이름은 이하늘이에요", "book", "book", d="thu 2026-12-10", nm="이하늘",
    note="seed script 1 adapted: a service named = a booking"),
  t("ASK_DAY", "12월 10일이요", "inform", d="thu 2026-12-10"),
  t("ASK_TIME", "오후 두 시 반이요", "inform", tm="14:30", asked=A_T10),
  t("CONFIRM", "네, 예약해 주세요", "yes", ok=True, asked=F4))
G("ordinary",
  t("LISTEN", "저 처음 가는데 예약해야 돼요?", "hours", act="hours", note="a policy question"),
  t("LISTEN", "초진 예약이요", "book", "book"),
  t("LISTEN", "재진인데요 다음 주 수요일 세 시요", "book", "book", d="wed 2026-12-09", tm="15:00"),
  t("LISTEN", "예약 좀 잡아 주세요 모레 오후에", "book", "book", d="sun 2026-12-06"))
G("ordinary",
  t("ASK_NAME", "저요? 이재원이요", "inform", nm="이재원"),
  t("ASK_NAME", "한서윤입니다", "inform", nm="한서윤"),
  t("ASK_NAME", "성함이요? 문가영", "inform", nm="문가영"),
  t("ASK_NAME", "제 이름 오승민", "inform", nm="오승민"))
G("ordinary",
  t("ASK_TIME", "오전이 좋은데 열 시 되나요", "book", "book", tm="10:00"),
  t("ASK_DAY", "빠를수록 좋아요", "inform", note="as soon as possible: no date"),
  t("ASK_DAY", "오늘 돼요?", "book", "book", d="fri 2026-12-04"),
  t("ASK_TIME", "지금 바로 갈 수 있어요", "unknown", note="now: no time given"))
G("ordinary",
  t("CONFIRM", "네 맞아요", "yes", ok=True, asked=F8),
  t("LISTEN", "안녕하세요 병원이죠?", "hours", act="hours", note="asks who answers"),
  t("ASK_DAY", "그 뭐지 다음 주 금요일", "inform", d="fri 2026-12-11"),
  t("ASK_NAME", "음 박지민이요", "inform", nm="박지민"))
G("ordinary",
  t("LISTEN", "예약 하나 하려고 하는데요 수요일 오후 네 시 반 되나요", "book", "book", d="wed 2026-12-09", tm="16:30"),
  t("ASK_NAME", "장서아", "inform", nm="장서아"),
  t("CONFIRM", "네 그렇게 해 주세요", "yes", ok=True, asked=F9),
  t("LISTEN", "아 네 감사합니다", "unknown", act="thanks"))
# ---------------------------------------------------------------- registers: 반말, 합니다체, colloquial (3 groups)
R1 = "12월 5일 토요일 오후 3시, 김태희 님으로 예약할까요?"
G("register",
  t("LISTEN", "예약 좀 하자 내일 세 시", "book", "book", d="sat 2026-12-05", tm="15:00"),
  t("ASK_NAME", "나 김태희", "inform", nm="김태희"),
  t("CONFIRM", "어 맞아", "yes", ok=True, asked=R1),
  t("CONFIRM", "응 그래 해 줘", "yes", ok=True, asked=R1))
G("register",
  t("LISTEN", "진료 예약을 하고자 합니다", "book", "book"),
  t("ASK_DAY", "다음 주 수요일로 부탁드립니다", "inform", d="wed 2026-12-09"),
  t("ASK_TIME", "오전 열한 시로 하겠습니다", "inform", tm="11:00"),
  t("CONFIRM", "예 그렇게 해 주십시오", "yes", ok=True, asked="12월 9일 수요일 오전 11시, 서민재 님으로 예약할까요?"))
G("register",
  t("ASK_DAY", "어 그 담주 화욜", "inform", d="tue 2026-12-08", note="colloquial 담주 화욜"),
  t("ASK_TIME", "한 세 시쯤?", "inform", tm="15:00", note="한 … 쯤 = about"),
  t("CONFIRM", "아 네네네 맞아요 맞아요", "yes", ok=True, asked=C3),
  t("ASK_NAME", "어 저 정국이요", "inform", nm="정국", note="given name alone"))


# ---------------------------------------------------------------- split and checks
def check(turn, problems):
    s = json.dumps(turn, ensure_ascii=False)
    if json.loads(s) != turn:
        problems.append((turn["id"], "json round-trip"))
    if turn["state"] not in STATES:
        problems.append((turn["id"], "state"))
    if turn["intent"] not in INTENTS:
        problems.append((turn["id"], "intent"))
    if turn["act"] not in ACTS:
        problems.append((turn["id"], "act"))
    if turn["request"] not in (None, "book", "cancel"):
        problems.append((turn["id"], "request"))
    if (turn["state"] == "LISTEN") != (turn["asked"] is None):
        problems.append((turn["id"], "asked null exactly at LISTEN"))
    if turn["date"]:
        real = datetime.date.fromisoformat(turn["date"]).strftime("%A").lower()
        if real != turn["day"]:
            problems.append((turn["id"], f"day {turn['day']} != weekday of {turn['date']} ({real})"))
    if turn["time"]:
        h, m = turn["time"].split(":")
        if not (len(h) == 2 and len(m) == 2 and 0 <= int(h) < 24 and 0 <= int(m) < 60):
            problems.append((turn["id"], "time format"))
    if turn["consent"] and turn["state"] != "CONFIRM":
        problems.append((turn["id"], "consent outside CONFIRM"))
    if turn["consent"] and turn["intent"] != "yes":
        problems.append((turn["id"], "consent without intent yes"))
    if turn["wrong"] and (turn["state"] != "CONFIRM" or turn["intent"] != "no"):
        problems.append((turn["id"], "wrong outside a CONFIRM no"))
    if turn["phone"] and not (turn["phone"].startswith("+82") and turn["phone"][1:].isdigit()):
        problems.append((turn["id"], "phone E.164"))
    cb = turn["choose_between"]
    if cb:
        (kind, vals), = cb.items()
        if kind == "dates":
            for v in vals:
                datetime.date.fromisoformat(v)
            if turn["date"]:
                problems.append((turn["id"], "choose_between dates with a date"))
        elif turn["time"]:
            problems.append((turn["id"], "choose_between times with a time"))


def main():
    train, held, problems = [], [], []
    n = 0
    held_shapes, shapes = Counter(), Counter()
    for g, (shape, turns) in enumerate(GROUPS, start=1):
        out = held if g % 3 == 0 else train
        shapes[shape] += 1
        if g % 3 == 0:
            held_shapes[shape] += 1
        for turn in turns:
            n += 1
            row = {"id": f"ko-{n:04d}", **turn, "shape": shape}
            check(row, problems)
            out.append(row)
    for shape in shapes:
        if not held_shapes[shape]:
            problems.append((shape, "shape without held-out groups"))
    rows = train + held
    confirm = [r for r in rows if r["state"] == "CONFIRM"]
    names = {r["name"] for r in rows if r["name"]}
    if len(held) < 200:
        problems.append(("held", f"only {len(held)} held-out turns"))
    if len(confirm) < 80 or sum(r["consent"] for r in confirm) * 2 > len(confirm):
        problems.append(("confirm", "fewer than 80 CONFIRM turns or more than half consent"))
    if len(names) < 40:
        problems.append(("names", f"only {len(names)} names"))
    for name, part in (("ko_train.jsonl", train), ("ko_heldout.jsonl", held)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            for row in part:
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"turns {len(rows)} train {len(train)} held {len(held)} groups {len(GROUPS)}")
    print("| shape | turns | train | held |")
    for shape in shapes:
        tr = sum(1 for r in train if r["shape"] == shape)
        he = sum(1 for r in held if r["shape"] == shape)
        print(f"| {shape} | {tr + he} | {tr} | {he} |")
    print("intents", dict(Counter(r["intent"] for r in rows).most_common()))
    print("intents held", dict(Counter(r["intent"] for r in held).most_common()))
    print("acts", dict(Counter(r["act"] for r in rows if r["act"]).most_common()))
    print(f"CONFIRM {len(confirm)} consent {sum(r['consent'] for r in confirm)} "
          f"(held CONFIRM {sum(1 for r in held if r['state'] == 'CONFIRM')}, "
          f"consent {sum(r['consent'] for r in held)})")
    print("wrong", dict(Counter(r["wrong"] for r in rows if r["wrong"])))
    print(f"names {len(names)} distinct, {sum(1 for r in rows if r['name'])} turns; "
          f"dates {sum(1 for r in rows if r['date'])}; times {sum(1 for r in rows if r['time'])}; "
          f"phones {sum(1 for r in rows if r['phone'])}; sensitive {sum(r['sensitive'] for r in rows)}; "
          f"choose_between {sum(1 for r in rows if r['choose_between'])}")
    print("states", dict(Counter(r["state"] for r in rows)))
    for p in problems:
        print("CHECK FIRED:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
