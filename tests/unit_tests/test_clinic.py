"""voicekit.clinic: the scripted fake clinic (SPEC 2.1) and its idempotent, shareable store."""

import pytest

from voicekit.clinic import TOOLS, ClinicAPI, ToolError, ToolTimeout

WEEK = ["09:00", "10:00", "11:30", "14:30", "16:00"]


def test_tools_declare_which_are_irreversible():
    assert TOOLS["find_slots"][0] is False and TOOLS["book"][0] is True
    assert TOOLS["cancel"][0] is True and TOOLS["find_bookings"][0] is False
    assert all(isinstance(desc, str) and desc for _, desc in TOOLS.values())


def test_default_schedule_weekdays_open_weekend_closed():
    api = ClinicAPI()
    assert api.find_slots("tuesday") == WEEK
    assert api.find_slots("saturday") == [] and api.find_slots("sunday") == []
    assert api.calls == [("find_slots", {"day": "tuesday"}, "ok"), ("find_slots", {"day": "saturday"}, "ok"),
                         ("find_slots", {"day": "sunday"}, "ok")]


def test_plan_outcomes_are_consumed_per_call_then_ok():
    api = ClinicAPI(plan={"find_slots": ["timeout", "error", "ok"]})
    with pytest.raises(ToolTimeout):
        api.find_slots("monday")
    with pytest.raises(ToolError) as refused:
        api.find_slots("monday")
    assert refused.value.code == "error"
    assert api.find_slots("monday") == WEEK
    assert api.find_slots("monday") == WEEK  # plan used up: ok
    assert [c[2] for c in api.calls] == ["timeout", "error", "ok", "ok"]


def test_book_taken_refuses_and_the_slot_is_gone():
    api = ClinicAPI(plan={"book": ["taken"]})
    with pytest.raises(ToolError) as refused:
        api.book("tuesday", "10:00", "Jamie")
    assert refused.value.code == "taken"
    assert "10:00" not in api.find_slots("tuesday")
    assert api.bookings == []


def test_booking_a_time_that_is_not_open_is_taken():
    api = ClinicAPI()
    api.book("tuesday", "10:00", "Jamie")
    with pytest.raises(ToolError) as refused:
        api.book("tuesday", "10:00", "Sam")
    assert refused.value.code == "taken"
    with pytest.raises(ToolError):
        api.book("tuesday", "10:15", "Sam")
    assert [c[2] for c in api.calls] == ["ok", "taken", "taken"]


def test_timed_out_book_is_still_recorded_on_the_clinic_side():
    api = ClinicAPI(plan={"book": ["timeout"]})
    with pytest.raises(ToolTimeout):
        api.book("tuesday", "10:00", "Jamie")
    assert [(b["day"], b["time"], b["name"]) for b in api.bookings] == [("tuesday", "10:00", "Jamie")]
    assert api.calls == [("book", {"day": "tuesday", "time": "10:00", "name": "Jamie"}, "timeout")]


def test_book_returns_the_booking():
    booking = ClinicAPI().book("friday", "16:00", "Lee")
    assert {"booking_id", "day", "time", "name"} <= booking.keys()
    assert (booking["day"], booking["time"], booking["name"]) == ("friday", "16:00", "Lee")


@pytest.mark.parametrize("plan, words", [
    ({"bookk": ["ok"]}, "unknown tool"),
    ({"book": ["explode"]}, "unknown outcome"),
    ({"book": "timeout"}, "list of outcomes"),
])
def test_bad_plans_are_refused_with_a_clear_message(plan, words):
    with pytest.raises((ValueError, TypeError), match=words):
        ClinicAPI(plan=plan)


@pytest.mark.parametrize("call", [
    lambda api: api.find_slots("Tuesdayy"),
    lambda api: api.find_slots(3),
    lambda api: api.book("tuesday", "10am", "Jamie"),
    lambda api: api.book("tuesday", "25:00", "Jamie"),
    lambda api: api.book("tuesday", "10:00", "  "),
])
def test_bad_arguments_raise_value_error_naming_the_format(call):
    api = ClinicAPI()
    with pytest.raises(ValueError, match="day must|time must|name must"):
        call(api)
    assert api.calls == []  # a malformed call never reaches the clinic


def test_idempotency_key_replays_the_original_booking():
    api = ClinicAPI(plan={"book": ["timeout"]})
    with pytest.raises(ToolTimeout):
        api.book("tuesday", "10:00", "Jamie", idempotency_key="call-1:book:1")
    again = api.book("tuesday", "10:00", "Jamie", idempotency_key="call-1:book:1")
    assert again["time"] == "10:00" and len(api.bookings) == 1
    assert [c[2] for c in api.calls] == ["timeout", "replay"]


def test_existing_bookings_find_and_cancel():
    api = ClinicAPI(bookings=[{"day": "friday", "time": "14:30", "name": "Jamie"}])
    assert "14:30" not in api.find_slots("friday")
    found = api.find_bookings("jamie")
    assert [(b["day"], b["time"]) for b in found] == [("friday", "14:30")]
    assert api.find_bookings("Jamie", "monday") == []
    cancelled = api.cancel(found[0]["booking_id"], idempotency_key="k1")
    assert cancelled["cancelled"] is True and api.bookings == []
    assert api.cancel(found[0]["booking_id"], idempotency_key="k1")["cancelled"] is True  # replay
    with pytest.raises(ToolError) as refused:
        api.cancel(found[0]["booking_id"])
    assert refused.value.code == "not_found"
    assert "14:30" in api.find_slots("friday")


def test_a_sqlite_clinic_is_shared_by_two_instances(tmp_path):
    path = str(tmp_path / "clinic.sqlite")
    first, second = ClinicAPI(path=path), ClinicAPI(path=path)
    first.book("monday", "09:00", "Ana", idempotency_key="k")
    assert "09:00" not in second.find_slots("monday")
    assert second.book("monday", "09:00", "Ana", idempotency_key="k")["name"] == "Ana"  # replay, not taken
    assert len(second.bookings) == 1 and second.calls[-1][2] == "replay"


def _book_in_a_process(args):
    path, key, name = args
    api = ClinicAPI(path=path)
    try:
        return api.book("monday", "10:00", name, idempotency_key=key)["booking_id"], api.calls[-1][2]
    except ToolError as refused:
        return None, refused.code


@pytest.mark.parametrize("race", ["one request resent", "one key, eight callers", "eight keys"])
def test_processes_racing_for_one_slot_never_double_book(tmp_path, race):
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    path = str(tmp_path / "clinic.sqlite")
    ClinicAPI(path=path)  # create the schema once
    jobs = [(path, f"k{i}" if race == "eight keys" else "k", "Caller" if race == "one request resent" else f"Caller{i}")
            for i in range(8)]
    # Fresh interpreters, like separate workers: a forked child would inherit this process's SQLite state.
    with ProcessPoolExecutor(max_workers=4, mp_context=multiprocessing.get_context("spawn")) as pool:
        results = list(pool.map(_book_in_a_process, jobs))
    outcomes = sorted(outcome for _, outcome in results)
    assert len(ClinicAPI(path=path).bookings) == 1
    if race == "one request resent":  # one booking, seven replays of it
        assert outcomes == ["ok"] + ["replay"] * 7 and len({bid for bid, _ in results}) == 1
    elif race == "one key, eight callers":  # a reused key never reports someone else's booking
        assert outcomes == ["key_reused"] * 7 + ["ok"]
    else:
        assert outcomes == ["ok"] + ["taken"] * 7


def test_a_timed_out_or_refused_write_is_still_committed_in_sqlite(tmp_path):
    path = str(tmp_path / "clinic.sqlite")
    api = ClinicAPI(plan={"book": ["timeout", "taken"]}, path=path)
    with pytest.raises(ToolTimeout):
        api.book("monday", "10:00", "Ana")
    with pytest.raises(ToolError):
        api.book("monday", "11:30", "Ana")
    other = ClinicAPI(path=path)
    assert [b["time"] for b in other.bookings] == ["10:00"] and "11:30" not in other.find_slots("monday")


def test_a_schedule_is_checked_however_often_the_same_one_is_opened():
    # A worker opens the clinic every turn with the same schedule, and remembers it checked: a bad one
    # must still be refused every time, saying what it should be.
    for _ in range(2):
        assert ClinicAPI(schedule={"monday": ["10:00", "09:00"]}).find_slots("monday") == ["09:00", "10:00"]
        with pytest.raises(ValueError, match="24-hour 'HH:MM'"):
            ClinicAPI(schedule={"monday": ["10:00", "9am"]})
        with pytest.raises(ValueError, match="24-hour 'HH:MM'"):
            ClinicAPI(schedule={"monday": [["09:00"]]})
        with pytest.raises(ValueError, match=r"must be a list of times such as \['09:00', '09:30'\]"):
            ClinicAPI(schedule={"monday": "09:00"})


def clinic_files_open_under(folder) -> set[str]:
    import os

    paths = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")}
    return {p for p in paths if p.startswith(str(folder)) and p.endswith(".sqlite")}


def test_a_clinic_opened_every_turn_reuses_a_few_connections_and_keeps_no_more(tmp_path):
    # A service worker opens the clinic each turn: its closed connections are reused, at most four kept.
    path, schedule = str(tmp_path / "clinic.sqlite"), {"monday": [f"{9 + n // 4:02d}:{15 * (n % 4):02d}"
                                                                 for n in range(30)]}
    ClinicAPI(path=path).close()
    for n in range(30):
        clinic = ClinicAPI(path=path, schedule=schedule)
        first_open = clinic.find_slots("monday")[0]  # what the previous clinic booked is seen: taken
        clinic.book("monday", first_open, f"Caller {n}")
        clinic.close()
    clinic = ClinicAPI(path=path)
    assert len(clinic.bookings) == 30
    clinic.close()
    for n in range(12):  # many clinic files, each opened and closed: the oldest idle connections are closed
        ClinicAPI(path=str(tmp_path / f"other-{n}.sqlite")).close()
    assert len(clinic_files_open_under(tmp_path)) <= 4  # the connections kept are four at most


def test_a_clinic_closed_inside_a_transaction_does_not_pass_it_on(tmp_path):
    path = str(tmp_path / "clinic.sqlite")
    clinic = ClinicAPI(path=path)
    store = clinic._store
    store._db.execute("BEGIN IMMEDIATE")
    clinic.close()  # its connection is closed, not kept: the next clinic must not inherit a held write lock
    other = ClinicAPI(path=path)
    assert other.book("monday", other.find_slots("monday")[0], "Jamie")["name"] == "Jamie"


def test_a_booking_keeps_the_callers_phone_and_reason_but_its_record_shows_neither_whole(tmp_path):
    for api in (ClinicAPI(), ClinicAPI(path=str(tmp_path / "clinic.sqlite"))):
        booked = api.book("tuesday", "10:00", "Jamie", date="2026-12-08", phone="+16175550123", reason="knee pain")
        plain = api.book("tuesday", "11:30", "Sam", date="2026-12-08")
        assert booked["phone"] == "+16175550123" and booked["reason"] == "knee pain"
        assert "phone" not in plain and "reason" not in plain
        assert api.find_bookings("jamie") == [booked] and api.bookings == [booked, plain]
        assert api.calls[0][1]["phone"] == "[phone ending 0123]" and "knee" not in str(api.calls)
