"""What the agent says about time constraints, times of which only some are open, and a fallback time, in Korean.

A constraint: "3시 이후", "오후에", "제일 빠른 시간"; a fallback: "10시, 안 되면 11시".
"""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.ko.values import WEEKDAY_NAMES, josa, listed, spoken_day, spoken_time
from voicekit.nlu.types import TimeWish

NOTHING_SOON = "죄송해요, 앞으로 일주일 안에는 비어 있는 시간이 없어요."
_PARTS = {"morning": "오전", "afternoon": "오후", "evening": "저녁"}
_BOUNDS = {"after": "이후", "before": "이전", "around": "쯤"}


def spoken_wish(wish: TimeWish) -> str:
    """The constraint as the caller would say it: "오후 3시 이후", "오후" ("" for earliest and latest)."""
    kind = wish["kind"]
    if kind in _BOUNDS:
        gap = "" if kind == "around" else " "  # "오후 3시쯤", "오후 3시 이후"
        return f"{spoken_time(wish.get('time', '12:00'))}{gap}{_BOUNDS[kind]}"
    return _PARTS.get(kind, "")


def times_that_fit(day: str | None, wish: TimeWish, times: Sequence[str]) -> str:
    """The day's open times that fit: "수요일 오후 3시 이후로는 오후 4시가 있어요." (the question follows)."""
    said = [spoken_time(t) for t in times]
    if wish["kind"] == "earliest":
        return f"{spoken_day(day)}에 가장 빠른 시간은 {josa(said[0], '이에요', '예요')}."
    if wish["kind"] == "latest":
        return f"{spoken_day(day)}에 가장 늦은 시간은 {josa(said[-1], '이에요', '예요')}."
    return f"{spoken_day(day)} {spoken_wish(wish)}로는 {josa(listed(said), '이', '가')} 있어요."


def fits_another_day(day: str | None, wish: TimeWish, other_day: str, times: Sequence[str]) -> str:
    """Nothing fits on the day asked, so the next day that has something: "... 없고, 수요일에는 오후 4시가 있어요."."""
    said = spoken_wish(wish)
    return (f"{spoken_day(day)}에는 {said + '로는 ' if said else ''}비어 있는 시간이 없고, {spoken_day(other_day)}에는 "
            f"{josa(listed([spoken_time(t) for t in times]), '이', '가')} 있어요.")


def earliest_from_now(day: str, on_date: str | None, time: str) -> str:
    """The earliest open time from today on, with its date (the caller named no day)."""
    return f"가장 빠른 시간은 {spoken_day(day, on_date)} {josa(spoken_time(time), '이에요', '예요')}."


def nothing_fits(day: str | None, wish: TimeWish) -> str:
    """Nothing fits on the day asked nor in the week after it (the day's open times follow)."""
    said = spoken_wish(wish)
    return (f"죄송해요, {josa(spoken_day(day), '과', '와')} 그다음 일주일 동안 {said + '로는 ' if said else ''}"
            "비어 있는 시간이 없어요.")


def not_open_of(day: str | None, times: Sequence[str]) -> str:
    """Some of the times the caller named are not open (the open ones are offered next)."""
    said = [spoken_time(t) for t in times]
    return f"죄송해요, {spoken_day(day)} {josa(listed(said), '은', '는')} 예약이 안 돼요."


def fell_back(day: str | None, wanted: str, fallback: str) -> str:
    """The time asked for first is not open, the caller's second choice is: it is taken."""
    return (f"죄송해요, {spoken_day(day)} {josa(spoken_time(wanted), '은', '는')} 안 되지만 "
            f"{josa(spoken_time(fallback), '은', '는')} 돼요.")


def _open_or_close(day: str | None, hours: tuple[str, str], closing: bool) -> str:
    weekday = f"{WEEKDAY_NAMES.get(day, day)}에는" if day else "그날은"
    return (f"{weekday} {spoken_time(hours[1])}에 진료가 끝나요" if closing
            else f"{weekday} {spoken_time(hours[0])}에 진료를 시작해요")


def closed_for(day: str | None, wish: TimeWish, hours: tuple[str, str], on_date: str | None, nearest: str,
               closing: bool) -> str:
    """A part of the day asked for is outside the opening hours: when the clinic closes, and the nearest time."""
    latest = "가장 늦은" if closing else "가장 빠른"
    return (f"{_open_or_close(day, hours, closing)}. 그래서 {spoken_wish(wish)}에는 예약이 어려워요. "
            f"{spoken_day(day, on_date)}에 {latest} 시간은 {josa(spoken_time(nearest), '이에요', '예요')}.")


def closed_at(day: str | None, time: str, hours: tuple[str, str], on_date: str | None, nearest: str) -> str:
    """The time asked is outside the opening hours: when the clinic opens or closes, and the nearest time."""
    when = _open_or_close(day, hours, time >= hours[1])
    return (f"{when}. 그래서 {josa(spoken_time(time), '은', '는')} 어려워요. {spoken_day(day, on_date)}에 "
            f"가장 가까운 시간은 {josa(spoken_time(nearest), '이에요', '예요')}.")
