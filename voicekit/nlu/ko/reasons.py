"""Why a Korean caller comes, in their own words: the clause of a turn that names a complaint or a visit.

"감기 기운이 있어서요", "허리가 아파서 진료 받고 싶어요" (only "허리가 아파서" is the reason), "정기검진이요".
A complaint said to be none ("가슴 통증은 아니고") is no reason. The text is the masked turn, so a number read out
is never kept; at most ``voicekit.nlu.reasons.LONGEST_REASON`` characters, as in English.
"""

from __future__ import annotations

import re

from voicekit.nlu.reasons import LONGEST_REASON

_COMPLAINTS = ("아파", "아프", "아픈", "통증", "기침", "감기", "열이", "열나", "열도", "콧물", "코막", "두통", "복통",
               "설사", "구토", "토했", "어지러", "가려", "발진", "두드러기", "염증", "부었", "붓고", "부어", "삐었",
               "다쳤", "몸살", "독감", "알레르기", "충치", "잇몸", "치통", "시려", "쑤셔", "결려", "저려", "검진",
               "예방접종", "접종", "스케일링", "물리치료", "상처", "화상", "피가", "혈압", "당뇨", "소화", "속이",
               "목이", "눈이", "귀가", "무릎", "허리", "어깨", "발목", "손목", "팔꿈치", "사랑니")
_NONE = ("아니", "없어", "없고", "괜찮아졌", "말고")
_CLAUSE = re.compile(r"[^,.;:!?]+")
# Where the reason ends: the word that gives it as a cause ("아파서", "때문에", "있어서"); what follows is the request.
_CAUSE_END = re.compile(r"[가-힣]*(?:때문에|아파서|아파요|있어서|나서|해서|같아서|났어요|났는데|는데요|는데|인데요|인데"
                        r"|이요|요)(?![가-힣])")
_FILLERS = re.compile(r"^(?:(?:음|어|아|저|저기|그|네|예|안녕하세요)\s+)+")


def visit_reason(masked: str) -> str | None:
    """The words of the masked turn that say why the caller comes, or None."""
    for clause in _CLAUSE.finditer(masked):
        said = clause.group()
        found = min(((said.find(word), word) for word in _COMPLAINTS if word in said), default=None)
        if found is None:
            continue
        at, word = found
        after = said[at + len(word):at + len(word) + 8].replace(" ", "").lstrip("은는이가도")
        if after.startswith(_NONE):
            continue  # "가슴 통증은 아니고 검진이요": no complaint
        end = _CAUSE_END.search(said, at)
        reason = _FILLERS.sub("", (said[:end.end()] if end else said).strip())
        return reason[:LONGEST_REASON] or None
    return None
