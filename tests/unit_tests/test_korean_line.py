"""A Korean line with one setting (SPEC 7.5, issue 39): the clinic file's ``clinic.language`` or ``language=``.

The seam, not a fork: the same graph, its sentences, parser and consent gate chosen by the call's language;
the English line unchanged beside it. The console holds a whole Korean call that books.
"""

import io
import threading
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent import VoiceAgent
from dialog.config_checks import ConfigError
from dialog.config_file import load_config
from dialog.language import phrases, sentences, speaking
from dialog.profile import ClinicProfile
from graph import console
from voicekit.clinic import ClinicAPI

NOW = datetime.fromisoformat("2026-12-04T10:00:00+09:00")  # a Friday in Seoul
KOREAN_CLINIC = Path("clinic.ko.example.toml")
ko = sentences("phrases", "ko")


def korean_call(**kwargs):
    config = load_config(KOREAN_CLINIC)
    return VoiceAgent(config.open_calendar(), clock=lambda: NOW, profile=config.profile, **kwargs)


def test_the_clinic_file_sets_the_language(tmp_path):
    assert load_config(KOREAN_CLINIC).profile.language == "ko"
    assert load_config("clinic.example.toml").profile.language == "en"
    without = tmp_path / "clinic.toml"
    without.write_text("\n".join(line for line in Path("clinic.example.toml").read_text().splitlines()
                                 if not line.startswith("language")))
    assert load_config(without).profile.language == "en"


@pytest.mark.parametrize("value", ['"kr"', '"korean"', '"EN"', "1", '""'])
def test_a_language_the_line_does_not_speak_is_refused_naming_the_key_and_the_choices(tmp_path, value):
    bad = tmp_path / "clinic.toml"
    bad.write_text(KOREAN_CLINIC.read_text().replace('language = "ko"', f"language = {value}"))
    with pytest.raises(ConfigError) as refused:
        load_config(bad)
    assert refused.value.key == "clinic.language"
    assert '"en"' in str(refused.value) and '"ko"' in str(refused.value)


def test_voice_agent_takes_the_language_and_refuses_another():
    assert VoiceAgent(ClinicAPI()).language == "en"
    assert VoiceAgent(ClinicAPI(), language="ko").language == "ko"
    assert VoiceAgent(ClinicAPI(), profile=ClinicProfile(language="ko")).language == "ko"
    assert VoiceAgent(ClinicAPI(), profile=ClinicProfile(language="ko"), language="en").language == "en"
    with pytest.raises(ValueError, match='"ko"'):
        VoiceAgent(ClinicAPI(), language="kr")


def test_the_graph_is_the_same_in_every_language():
    english, korean = VoiceAgent(ClinicAPI()), VoiceAgent(ClinicAPI(), language="ko")
    drawn = [sorted((e.source, e.target) for e in agent._graph.get_graph().edges) for agent in (english, korean)]
    assert drawn[0] == drawn[1]
    for write in ("book", "cancel", "request_callback"):  # the graph proof's Korean case: CONFIRM is the only door
        sources = {source for source, target in drawn[1] if target == write}
        assert sources <= {"confirm", "book"}


def test_a_whole_korean_call_books_with_the_date_read_back_with_its_weekday():
    agent = korean_call()
    assert agent.handle("안녕하세요, 진료 예약하고 싶어요")["say"] == ko.WHICH_DAY
    offered = agent.handle("12월 10일이요")
    assert offered["state"] == "ASK_TIME" and offered["say"].startswith("12월 10일 목요일에는 오전 8시 반, 오전 9시")
    assert agent.handle("오전 열 시요")["say"] == ko.NAME_FOR_BOOKING
    read_back = agent.handle("이하늘이에요")
    assert read_back["state"] == "CONFIRM"
    assert "이하늘 님, 12월 10일 목요일 오전 10시 예약이에요. 이대로 예약할까요?" in read_back["say"]
    done = agent.handle("네")
    assert (done["state"], done["tool_calls"]) == ("DONE", ["book"])
    assert agent.api.bookings == [{"booking_id": "bk_0001", "day": "thursday", "date": "2026-12-10",
                                   "time": "10:00", "name": "이하늘"}]


def test_a_no_at_the_korean_read_back_books_nothing():
    agent = korean_call()
    assert agent.handle("12월 10일 오전 10시 예약이요, 이름은 이하늘이에요")["state"] == "CONFIRM"
    reply = agent.handle("아니요")
    assert reply["tool_calls"] == [] and reply["state"] == "ASK_TIME" and agent.api.bookings == []


def test_two_dates_are_asked_about_never_picked():
    agent = korean_call()
    reply = agent.handle("10일이나 11일에 예약하고 싶어요")
    assert reply["say"] == "10일 목요일과 11일 금요일 중 언제가 좋으세요?" and reply["tool_calls"] == []


def test_the_hours_are_said_as_people_say_them():
    reply = korean_call().handle("몇 시까지 진료해요?")
    assert "평일 오전 8시 반부터 오후 5시까지, 토요일 오전 9시부터 오후 1시까지 진료해요." in reply["say"]


def test_a_resident_registration_number_is_never_repeated_and_the_caller_is_told_it_is_not_needed():
    agent = korean_call()
    reply = agent.handle("제 주민등록번호는 900101-1234567이에요")
    assert ko.PRIVACY in reply["say"] and "900101" not in reply["say"] and "1234567" not in reply["say"]
    assert "1234567" not in agent.heard


def test_values_are_said_the_korean_way():
    assert ko.spoken_phone("010-1234-5678") == "공일공, 일이삼사, 오육칠팔"
    assert ko.spoken_phone("+821012345678") == "공일공, 일이삼사, 오육칠팔"
    assert ko.spoken_phone("0212345678") == "공이, 일이삼사, 오육칠팔"
    assert [ko.spoken_time(t) for t in ("09:00", "10:30", "12:00", "14:15")] == [
        "오전 9시", "오전 10시 반", "낮 12시", "오후 2시 15분"]
    assert ko.which_time_of(["10:00", "11:00"]) == "오전 10시와 오전 11시 중 언제가 좋으세요?"
    assert ko.which_name("이민지", "이민주") == "이민지와 이민주 중 어느 이름인가요?"
    assert ko.spelling_read_back("이하늘") == "이, 하, 늘 맞으세요?"


def test_the_greeting_says_the_line_is_automated_in_both_languages():
    assert ko.welcome("하늘내과의원") == ("안녕하세요, 하늘내과의원입니다. "
                                    "이 전화는 자동 예약 안내 시스템이 받고 있어요. 무엇을 도와드릴까요?")
    from phone.processor import GREETING  # the phone line's own words until it says the sentences' welcome
    assert sentences("phrases", "en").welcome("Riverside Clinic") == GREETING.format(name="Riverside Clinic")


def test_a_korean_call_leaves_the_english_line_english():
    korean, english = korean_call(), VoiceAgent(ClinicAPI())
    assert korean.handle("예약하고 싶어요")["say"] == ko.WHICH_DAY
    assert english.handle("I'd like to book")["say"] == "Which day would you like to come in?"
    assert korean.handle("엉망진창 블라블라")["say"].startswith(ko.SORRY)
    assert phrases.WHICH_DAY == "Which day would you like to come in?"  # outside any call


def test_calls_in_two_languages_at_once_each_keep_their_own():
    said: dict[str, list[str]] = {"en": [], "ko": []}

    def run(language, turns):
        agent = korean_call() if language == "ko" else VoiceAgent(ClinicAPI())
        for turn in turns:
            said[language].append(agent.handle(turn)["say"])

    threads = [threading.Thread(target=run, args=("ko", ["예약하고 싶어요"] * 20)),
               threading.Thread(target=run, args=("en", ["I'd like to book"] * 20))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(said["ko"][:1]) == {ko.WHICH_DAY} and all("Which" not in s for s in said["ko"])
    assert all("어느" not in s for s in said["en"])


def test_within_a_call_the_phrases_follow_its_language():
    with speaking("ko"):
        assert phrases.GREETING == "무엇을 도와드릴까요?"
        with speaking("en"):
            assert phrases.GREETING == "How can I help you today?"
        assert phrases.booking_re_ask("이하늘", "thursday", "10:00", "2026-12-10").startswith("다시 한번 확인할게요.")


def test_the_console_holds_a_whole_korean_call_that_books(monkeypatch, capsys):
    turns = "안녕하세요, 진료 예약하고 싶어요\n다음 주 화요일이요\n오후 세 시 반이요\n이하늘이에요\n네\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(turns))
    assert console.main(["--config", str(KOREAN_CLINIC), "--db", "memory", "--now", "2026-12-04T10:00+09:00"]) == 0
    out = capsys.readouterr().out
    assert "12월 8일 화요일 오후 3시 반 예약이에요. 이대로 예약할까요?" in out
    assert "이하늘 님, 12월 8일 화요일 오후 3시 반으로 예약됐어요." in out
    assert "'date': '2026-12-08', 'time': '15:30', 'name': '이하늘'" in out


def test_a_phone_number_said_in_korean_digits_is_taken_and_read_back_in_its_groups():
    agent = korean_call(ask_contact_number=True)
    assert agent.handle("12월 10일 오전 10시 예약이요, 이름은 이하늘이에요")["say"] == ko.CONTACT_NUMBER
    read_back = agent.handle("공일공 일이삼사 오육칠팔이요")
    assert "연락처는 공일공, 일이삼사, 오육칠팔이에요." in read_back["say"]
    assert agent.heard == "[phone ending 5678]이요"  # the transcript keeps its last four only
    assert agent.handle("네")["tool_calls"] == ["book"]
    assert agent.api.bookings[0]["phone"] == "+821012345678"


KOREAN_TURNS = ["예약하고 싶어요", "12월 10일이요", "오전 10시요", "이하늘이에요", "네", "아니요", "잠깐만요", "네?",
                "10일이나 11일", "그만할게요", "상담원 연결해 주세요", "공일공 일이삼사 오육칠팔", "이, 하, 늘", "",
                "900101-1234567", "몇 시까지 해요?", "숨을 못 쉬겠어요", "[DTMF] 1", "1번", "취소해 주세요"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(KOREAN_TURNS), st.text(max_size=40)), min_size=1, max_size=6))
def test_a_korean_call_never_raises_and_always_says_something(turns):
    agent = korean_call()
    for turn in turns:
        reply = agent.handle(turn)
        assert reply["say"].strip() and reply["state"]


def test_a_turn_with_nothing_to_say_is_asked_again_in_the_call_s_language_on_any_thread(monkeypatch):
    # The phone line runs handle() on a worker thread (asyncio.to_thread): no language is bound there beforehand.
    agent = korean_call()
    monkeypatch.setattr(agent, "_turn", lambda raw, unsure: ("", "ASK_DAY"))
    replies: list[dict] = []
    worker = threading.Thread(target=lambda: replies.append(agent.handle("음")))
    worker.start()
    worker.join()
    assert replies[0]["say"] == sentences("phrases", "ko").SAY_AGAIN
