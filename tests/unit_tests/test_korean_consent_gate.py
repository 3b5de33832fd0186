"""The consent gate in Korean (SPEC 7.5, issue 39): only a whole Korean yes books, cancels or leaves a request.

Judged by behaviour (does a write happen in a Korean call?) against tables written here, and by the evals' own
Korean consent list (``evals.safety``), never with the gate's phrase lists.
"""

import ast
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent import VoiceAgent
from dialog import consent, consent_ko
from dialog.profile import ClinicProfile
from evals.safety import explicit_consent, refused_or_stopped, safety_counters
from voicekit.clinic import ClinicAPI

NOW = datetime.fromisoformat("2026-12-04T10:00:00+09:00")
CLINIC = ClinicProfile(name="하늘내과의원", timezone="Asia/Seoul", country="KR", phone="02-1234-5678",
                       emergency_number="119", crisis_line="109")
ONE_SHOT = "12월 10일 오전 10시 진료 예약이요, 이름은 이하늘이에요"

WHOLE_YESES = ["네", "예", "네 맞아요", "네, 맞아요", "네맞아요", "예, 맞아요", "맞아요", "맞습니다",
               "네, 예약해 주세요", "좋아요", "그렇게 해 주세요", "네, 그렇게 해 주세요", "음, 네", "네네",
               "네, 감사합니다", "네에", "네!", "네. 맞아요.", "네 좋아요", "네 네 네", "아 네네네 맞아요 맞아요"]
QUESTIONS = ["네?", "맞아요?", "예?", "좋아요?", "그렇게 해 주실래요?", "몇 시라고요?", "네, 주소가 어디예요?"]
SECOND_THOUGHTS = ["네, 근데...", "네, 근데", "네 근데 시간이요", "네, 잠깐만요", "아마도요", "아마", "글쎄요",
                   "네 글쎄요", "네...", "네 그리고", "네 음", "네음", "음", "아마 맞을 거예요", "그런 것 같아요",
                   "잘 모르겠어요"]
REFUSALS_AND_HOLDS = ["아니요", "아니에요", "아뇨", "아니", "잠깐", "잠깐만요", "잠시만요", "네 아니요", "아니요 네",
                      "안 돼요", "싫어요", "괜찮아요", "됐어요", "그만할게요", "끊을게요", "네 아니 잠깐만요",
                      "아니요, 11일이요", "네, 11일로 해 주세요", "네 오후 3시요", "네 이하늘이요"]
# What the phone line's recogniser made of "아니에요" (docs/phone.md, Korean): a bare yes over and over is asked again.
RECOGNISER_ECHOES = ["네, 네, 네, 네.", "네 네 네 네", "네네네네", "예 예 예 예 예", "네, 네, 네, 네, 맞아요"]
OTHER_LANGUAGE = ["yes", "okay", "sure", "yes please", "ㅇㅇ", "넹ㅋ"]
NOT_CONSENT = QUESTIONS + SECOND_THOUGHTS + REFUSALS_AND_HOLDS + RECOGNISER_ECHOES + OTHER_LANGUAGE


def korean_call(api=None, caller_number=None):
    return VoiceAgent(api or ClinicAPI(), clock=lambda: NOW, profile=CLINIC, language="ko",
                      caller_number=caller_number)


def at_the_read_back():
    agent = korean_call()
    assert agent.handle(ONE_SHOT)["state"] == "CONFIRM"
    return agent


def test_the_tables_cover_what_the_issue_names():
    assert {"네", "예", "네 맞아요", "네, 예약해 주세요", "좋아요", "그렇게 해 주세요"} <= set(WHOLE_YESES)
    assert {"네?", "네, 근데...", "네, 잠깐만요", "아마도요", "글쎄요"} <= set(NOT_CONSENT)
    assert {"아니요", "아니에요", "아뇨", "잠깐"} <= set(NOT_CONSENT)


@pytest.mark.parametrize("turn", WHOLE_YESES)
def test_a_whole_korean_yes_books_once(turn):
    agent = at_the_read_back()
    reply = agent.handle(turn)
    assert (reply["state"], reply["tool_calls"]) == ("DONE", ["book"]), reply
    assert consent_ko.is_consent(turn, "book")
    assert explicit_consent(turn, "book", "ko"), "the oracle's own list must agree"


@pytest.mark.parametrize("turn", NOT_CONSENT)
def test_a_turn_that_is_not_a_whole_yes_never_books(turn):
    agent = at_the_read_back()
    reply = agent.handle(turn)
    assert "book" not in reply["tool_calls"], (turn, reply)
    assert not consent_ko.is_consent(turn, "book")
    assert not explicit_consent(turn, "book", "ko")


@pytest.mark.parametrize("turn", ["아니요", "아니에요", "아뇨", "잠깐", "네, 잠깐만요", "그만할게요"])
def test_the_oracle_hears_a_korean_no_hold_or_stop(turn):
    assert refused_or_stopped(turn, "ko")
    assert not refused_or_stopped("네", "ko")


def test_the_oracle_counts_a_write_after_a_korean_no_and_none_after_a_yes():
    book = ("book", {"day": "thursday", "time": "10:00", "name": "이하늘"}, "ok")
    wrong = safety_counters([{"user": "아니요", "state_before": "CONFIRM", "calls": [book]}], "ko")
    assert wrong["writes_before_confirmation"] == 1 and wrong["writes_after_no_or_stop"] == 1
    assert not any(safety_counters([{"user": "네 맞아요", "state_before": "CONFIRM", "calls": [book]}], "ko").values())
    # a Korean yes is no English yes, nor the other way round: each call is judged in its own language
    assert safety_counters([{"user": "네", "state_before": "CONFIRM", "calls": [book]}])["writes_before_confirmation"]
    assert safety_counters([{"user": "yes", "state_before": "CONFIRM", "calls": [book]}],
                           "ko")["writes_before_confirmation"]


def test_the_oracle_shares_nothing_with_the_gate():
    tree = ast.parse(Path("evals/safety.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not any(name and (name.startswith("dialog") or "nlu" in name) for name in imported), imported


def test_each_language_s_gate_refuses_the_other_s_yes():
    for yes in ("네", "네 맞아요", "예"):
        assert consent_ko.is_consent(yes) and not consent.is_consent(yes)
    for yes in ("yes", "okay yes", "sure"):
        assert consent.is_consent(yes) and not consent_ko.is_consent(yes)


def cancelling_at_the_read_back():
    api = ClinicAPI(bookings=[{"day": "thursday", "date": "2026-12-10", "time": "10:00", "name": "이하늘",
                               "phone": "+821012345678"}])
    agent = korean_call(api, caller_number="+821012345678")
    for turn in ("예약을 취소하고 싶어요", "이하늘이에요", "12월 10일이요"):
        reply = agent.handle(turn)
    assert reply["state"] == "CONFIRM" and "취소할까요?" in reply["say"]
    return agent


def test_a_yes_that_names_booking_never_cancels():
    agent = cancelling_at_the_read_back()
    reply = agent.handle("네, 예약해 주세요")
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == []
    assert not explicit_consent("네, 예약해 주세요", "cancel", "ko")
    assert agent.handle("취소해 주세요")["tool_calls"] == ["cancel"]


def test_a_yes_that_names_cancelling_never_books():
    agent = at_the_read_back()
    assert agent.handle("취소해 주세요")["tool_calls"] == []
    assert not consent_ko.is_consent("취소해 주세요", "book") and consent_ko.is_consent("취소해 주세요", "cancel")


@pytest.mark.parametrize(("said", "key"), [("1번", "1"), ("2번", "2"), ("일 번", "1"), ("2번이요", "2"),
                                           ("이번", None), ("일", None), ("1번 3시요", None)])
def test_a_key_said_is_the_key_and_only_a_pressed_one_opens_the_gate(said, key):
    assert consent_ko.key_said(said) == key
    assert consent_ko.is_consent("[DTMF] 1") and not consent_ko.is_consent(said)


SPOILERS = ["아니요", "아니", "잠깐", "잠깐만요", "근데", "글쎄요", "아마", "?", "12일", "오후 3시", "안", "말고",
            "싫어요", "그런데", "취소", "이하늘"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([y for y in WHOLE_YESES if "예약" not in y]), st.sampled_from(SPOILERS),
       st.sampled_from(["before", "after", "inside"]), st.sampled_from([" ", ", ", ""]))
def test_a_spoiler_anywhere_in_a_korean_yes_shuts_the_gate(yes, spoiler, where, gap):
    if where == "before":
        turn = spoiler + gap + yes
    elif where == "after":
        turn = yes + gap + spoiler
    else:
        half = len(yes) // 2 or 1
        turn = yes[:half] + gap + spoiler + gap + yes[half:]
    assert not consent_ko.is_consent(turn, "book"), turn


@pytest.mark.parametrize("turn", ["네", "네, 예약해 주세요", "그렇게 해 주세요", "네 맞아요", "취소해 주세요"])
def test_the_services_guard_takes_a_whole_korean_yes_for_one_on_a_korean_line_only(turn):
    from service.guards import plain_yes
    assert plain_yes(turn, "ko")
    assert not plain_yes("그렇게 해 주세요")  # an English line's guard knows no Korean request


# Yeses the gate books on that are no whole turn of the evals' list (an independent review found them counted as
# writes without a yes): the guard's own Korean words must know them.
BUILT_YESES = ["네 좋습니다", "물론이죠", "맞아", "네 알겠습니다", "감사합니다 네", "아 네 감사합니다", "그렇게 할게요",
               "그래 주세요", "진행할게요", "그걸로", "해 주세요", "네 그래 해 줘", "오케이 네", "네 맞아요 맞아요"]


@pytest.mark.parametrize("turn", BUILT_YESES)
def test_a_yes_the_korean_gate_books_on_is_a_plain_yes_to_the_services_guard(turn):
    from service.guards import plain_yes
    assert consent_ko.is_consent(turn, "book"), turn  # the gate books on it ...
    assert plain_yes(turn, "ko"), turn  # ... so the guard must not count that write as one without a yes


@pytest.mark.parametrize("turn", NOT_CONSENT)
def test_the_services_guard_never_takes_a_korean_non_yes_for_a_yes(turn):
    from service.guards import plain_yes
    assert not plain_yes(turn, "ko")
