"""A service turn on PostgreSQL: one connection, the lock's read serves the agent, the saves go with the record.

What must hold (``checkpoints.postgres_turn``, ``service.store.PostgresCallStore.locked``):
* a turn that cannot reach a write saves its checkpoint together with the turn's record: if the record
  cannot be saved, the call has not moved on either (before, the checkpoint was saved, the record lost);
* the answer to a read-back is saved before the clinic is asked to book (the write's door is unchanged), in one
  round trip (its task's writes go with its checkpoint); the saves after the write go with the turn's record;
* a turn takes no connection from the checkpointer's pool: all goes over the lock's;
* inside a turn, a read sees what the turn saved (saves that wait are sent before any read).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg.rows import dict_row

from agent import VoiceAgent
from checkpoints import make_checkpointer
from checkpoints.postgres_turn import CallTurn, taking_part
from service.app import create_app
from service.settings import Settings
from tests.integration_tests.helpers import STAFF, STAFF_TOKEN
from tests.throwaway_pg import ThrowawayPostgres
from voicekit.clinic import ClinicAPI

BOOKING = ["I'd like to book an appointment", "tuesday", "ten a m", "Jamie", "617 555 0123", "yes"]  # no caller id


@pytest.fixture(scope="module")
def postgres_url():
    with ThrowawayPostgres() as url:
        yield url


@pytest.fixture
def service(postgres_url, tmp_path):
    app = create_app(Settings(database_url=postgres_url, clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None, staff_token=STAFF_TOKEN))
    with TestClient(app, raise_server_exceptions=False, headers=STAFF) as client:
        yield client


def new_call(client: TestClient) -> str:
    return client.post("/calls", json={}).json()["call_id"]


@contextlib.contextmanager
def records_refused(postgres_url: str, word: str) -> Iterator[None]:
    """Within this block the database refuses a turn's record that holds ``word`` (a trigger raises)."""
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(f"CREATE OR REPLACE FUNCTION refuse_{word}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                   f"IF NEW.turns::text LIKE '%{word}%' THEN RAISE EXCEPTION 'record refused'; END IF; "
                   "RETURN NEW; END $$")
        db.execute(f"CREATE TRIGGER refuse_{word} BEFORE UPDATE ON voice_calls FOR EACH ROW "
                   f"EXECUTE FUNCTION refuse_{word}()")
    try:
        yield
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as db:
            db.execute(f"DROP TRIGGER refuse_{word} ON voice_calls")


def test_a_turn_whose_record_cannot_be_saved_leaves_the_call_where_it_was(service, postgres_url):
    call = new_call(service)
    assert service.post(f"/calls/{call}/turns", json={"text": BOOKING[0]}).json()["state"] == "ASK_DAY"
    with records_refused(postgres_url, "tuesday"):  # the turn's record refuses a caller saying "Tuesday"
        assert service.post(f"/calls/{call}/turns", json={"text": "tuesday"}).status_code == 500
    view = service.get(f"/calls/{call}").json()
    assert view["state"] == "ASK_DAY" and view["slots"]["day"] is None, "the checkpoint moved on without its record"
    assert len(view["turns"]) == 1
    # The lock was let go, and the call goes on from where it was.
    assert service.post(f"/calls/{call}/turns", json={"text": "wednesday"}).json()["state"] == "ASK_TIME"


def test_a_turn_commits_what_it_saved_before_it_lets_go_of_the_call(service, postgres_url):
    # Checked at each commit that saves a turn's record: the call's lock must still be held. A session
    # advisory lock is let go at the unlock, not at the commit: committed after it, the call's next turn, on
    # another worker, could read the checkpoint as it was before this turn.
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("CREATE OR REPLACE FUNCTION still_locked() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                   "IF NOT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted "
                   "AND pid = pg_backend_pid()) THEN RAISE EXCEPTION 'committed after the unlock'; END IF; "
                   "RETURN NEW; END $$")
        db.execute("CREATE CONSTRAINT TRIGGER still_locked AFTER UPDATE ON voice_calls "
                   "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION still_locked()")
    try:
        call = new_call(service)
        answers = [service.post(f"/calls/{call}/turns", json={"text": text}).status_code for text in BOOKING]
        assert answers == [200] * len(BOOKING)
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as db:
            db.execute("DROP TRIGGER still_locked ON voice_calls")
    assert service.get(f"/calls/{call}").json()["state"] == "DONE"


def test_the_read_back_answer_is_saved_before_the_clinic_books(postgres_url, tmp_path):
    saver = make_checkpointer(postgres_url)
    seen_by_another_connection: list[bool] = []

    class WatchedClinic(ClinicAPI):
        def book(self, *args, **kwargs):
            with psycopg.connect(postgres_url, row_factory=dict_row) as db:
                # The call's fields are one channel (three_channels), a dict: the saver keeps it as a blob.
                row = db.execute("SELECT b.type, b.blob FROM checkpoints c JOIN checkpoint_blobs b "
                                 "ON b.thread_id = c.thread_id AND b.checkpoint_ns = c.checkpoint_ns "
                                 "AND b.channel = 'call' AND b.version = c.checkpoint -> 'channel_versions' ->> 'call' "
                                 "WHERE c.thread_id = %s ORDER BY c.checkpoint_id DESC LIMIT 1",
                                 ("watched",)).fetchone()
            call = saver.serde.loads_typed((row["type"], row["blob"]))
            seen_by_another_connection.append(call.get("confirmed") is True)
            return super().book(*args, **kwargs)

    agent = VoiceAgent(WatchedClinic(), sleep=lambda s: None, thread_id="watched", checkpointer=saver)
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        for text in BOOKING:
            with taking_part(CallTurn(saver, conn)) as turn:
                reply = agent.handle(text)
            if reply["state"] == "DONE":  # the saves after the write wait for the turn's end, with its record
                assert turn.waiting, "the saves after the booking were expected to wait for the turn's end"
            turn.send()  # the end of the turn, as the call store ends it
    assert reply["state"] == "DONE" and seen_by_another_connection == [True]


def test_the_read_back_answer_sends_one_save_before_the_write_the_rest_with_its_record(postgres_url, monkeypatch):
    # The save before the booking goes at once, in one round trip (the step's task writes with its checkpoint);
    # the saves of the steps after it wait for the turn's end and go with its record.
    import checkpoints.postgres_turn as postgres_turn
    from checkpoints.postgres_turn import TurnSaver

    class CountedConnection:
        """The connection, counting what goes to the server: scripts, pipelines, cursors, plain executes."""

        def __init__(self, conn):
            self.conn, self.round_trips = conn, 0

        def pipeline(self):
            self.round_trips += 1
            return self.conn.pipeline()

        def cursor(self, *args, **kwargs):
            self.round_trips += 1
            return self.conn.cursor(*args, **kwargs)

        def execute(self, *args, **kwargs):
            self.round_trips += 1
            return self.conn.execute(*args, **kwargs)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    real_round_trip = postgres_turn.one_round_trip

    def counted_round_trip(conn, statements):
        if isinstance(conn, CountedConnection):
            conn.round_trips += 1
            conn = conn.conn
        return real_round_trip(conn, statements)

    monkeypatch.setattr(postgres_turn, "one_round_trip", counted_round_trip)
    saver = make_checkpointer(postgres_url)
    saved_steps = []
    real_put = TurnSaver.put
    monkeypatch.setattr(TurnSaver, "put", lambda *a, **k: saved_steps.append(1) or real_put(*a, **k))
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="round-trips", checkpointer=saver)
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        for text in BOOKING:
            counted = CountedConnection(conn)
            saved_steps.clear()
            with taking_part(CallTurn(saver, counted)) as turn:
                reply = agent.handle(text)
            turn.conn = conn  # the end of the turn, not counted
            turn.send()
    assert reply["state"] == "DONE" and len(saved_steps) >= 3  # confirm, book, done: each step saved as it ends
    # the save before the write, and the turn's read of the checkpoint (the call store serves it from the lock's)
    assert counted.round_trips == 2
    fresh = VoiceAgent(ClinicAPI(), thread_id="round-trips", checkpointer=make_checkpointer(postgres_url),
                       continue_ended=True)
    assert fresh.state == "DONE", "the saves that waited did not reach the database with the turn's end"


def test_inside_a_turn_a_read_sees_the_saves_that_wait(postgres_url):
    saver = make_checkpointer(postgres_url)
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="read-own", checkpointer=saver)
    with psycopg.connect(postgres_url, autocommit=True) as conn, taking_part(CallTurn(saver, conn)) as turn:
        assert agent.handle(BOOKING[0])["state"] == "ASK_DAY"
        assert turn.waiting, "an exit turn's saves were expected to wait for the turn's end"
        with psycopg.connect(postgres_url) as other:
            assert other.execute("SELECT COUNT(*) FROM checkpoints WHERE thread_id = 'read-own'").fetchone()[0] == 0
        assert agent.state == "ASK_DAY"  # a read: the waiting saves go first
        assert not turn.waiting


def test_a_turn_holds_one_connection_the_locks(service, monkeypatch):
    import psycopg_pool

    call = new_call(service)
    service.post(f"/calls/{call}/turns", json={"text": BOOKING[0]})
    checkouts = []
    real_getconn = psycopg_pool.ConnectionPool.getconn

    def getconn(pool, *args, **kwargs):
        if threading.current_thread().name.startswith("turn"):
            checkouts.append(pool)
        return real_getconn(pool, *args, **kwargs)

    monkeypatch.setattr(psycopg_pool.ConnectionPool, "getconn", getconn)
    for text in BOOKING[1:]:  # reads only, then the read-back's answer, which saves each step before the next
        service.post(f"/calls/{call}/turns", json={"text": text}).raise_for_status()
    assert len(checkouts) == len(BOOKING[1:]), "each turn holds one connection, the call's lock's, and no other"


def test_a_transfer_report_on_postgresql_is_saved_with_its_record(service):
    # The report's run saves each step as it goes (it writes a callback request), inside the call's turn.
    call = new_call(service)
    assert service.post(f"/calls/{call}/turns", json={"text": "operator"}).json()["state"] == "HANDOFF"
    report = {"answered": False, "caller_number": "+1 617 555 0123"}
    first = service.post(f"/calls/{call}/transfer", json=report).json()
    again = service.post(f"/calls/{call}/transfer", json=report).json()
    assert (first["state"], first["tool_calls"]) == ("CONFIRM", []) and again["tool_calls"] == []  # asked first
    assert service.post(f"/calls/{call}/turns", json={"text": "yes"}).json()["tool_calls"] == ["request_callback"]
    view = service.get(f"/calls/{call}").json()
    assert view["transfer"] is None and [t.get("line") for t in view["turns"][-3:-1]] == ["transfer unanswered"] * 2


def test_the_locks_read_of_the_checkpoint_is_the_savers_own(postgres_url):
    # The lock reads the checkpoint in its round trip, as text (several statements in one message); the agent
    # is served from it, so it must load to the very tuple LangGraph's saver reads, writes pending included.
    from checkpoints.postgres_turn import one_round_trip

    saver = make_checkpointer(postgres_url)
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, thread_id="read-as-text", checkpointer=saver)
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        for text in BOOKING[:4] + ["no"]:  # ends at a read-back turned down: pending writes, a parent
            agent.handle(text)
            cursor = one_round_trip(conn, [saver.latest("read-as-text")])
            cursor.row_factory = dict_row
            served = saver.tuple_from(cursor.fetchone())
            own = saver.get_tuple({"configurable": {"thread_id": "read-as-text", "checkpoint_ns": ""}})
            assert (served.config, served.checkpoint, served.metadata, served.parent_config, served.pending_writes) \
                == (own.config, own.checkpoint, own.metadata, own.parent_config, own.pending_writes)
            assert served.checkpoint["channel_values"], "the read loaded no channel"


def test_a_turn_whose_read_fails_lets_go_of_the_call(service, postgres_url, monkeypatch):
    from checkpoints.postgres_turn import TurnSaver

    call = new_call(service)
    assert service.post(f"/calls/{call}/turns", json={"text": BOOKING[0]}).json()["state"] == "ASK_DAY"
    real_tuple_from = TurnSaver.tuple_from

    def unreadable(saver, row):
        monkeypatch.setattr(TurnSaver, "tuple_from", real_tuple_from)  # once
        raise RuntimeError("the checkpoint could not be read")

    monkeypatch.setattr(TurnSaver, "tuple_from", unreadable)
    assert service.post(f"/calls/{call}/turns", json={"text": "tuesday"}).status_code == 500
    with psycopg.connect(postgres_url, autocommit=True) as db:
        held = db.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted").fetchone()[0]
    assert held == 0, "a turn whose read failed left the call locked"
    assert service.post(f"/calls/{call}/turns", json={"text": "tuesday"}).json()["state"] == "ASK_TIME"


def test_turns_go_on_after_a_failed_turn_on_a_connection_used_for_many_calls(service, postgres_url):
    # A failed turn is rolled back. psycopg answers a ROLLBACK by dropping every prepared statement of the
    # connection (DEALLOCATE ALL) once it has prepared any of its own, which it does for a statement run five
    # times (a new call's INSERT); the turns' own prepared statements went with them, and every later turn
    # on that connection failed.
    calls = [new_call(service) for _ in range(8)]
    for call in calls:
        assert service.post(f"/calls/{call}/turns", json={"text": BOOKING[0]}).status_code == 200
    with records_refused(postgres_url, "friday"):
        assert service.post(f"/calls/{calls[0]}/turns", json={"text": "friday"}).status_code == 500
    for call in calls:
        assert service.post(f"/calls/{call}/turns", json={"text": "wednesday"}).json()["state"] == "ASK_TIME"
        assert service.post(f"/calls/{call}/turns", json={"text": "ten a m"}).json()["state"] == "ASK_NAME"


def test_a_connection_whose_statements_were_dropped_prepares_them_again(postgres_url):
    from psycopg.errors import InvalidSqlStatementName

    from checkpoints.postgres_turn import one_round_trip

    query = ("SELECT %s::int + 1", (1,))
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        assert one_round_trip(conn, [query]).fetchone() == (2,)
        conn.execute("DEALLOCATE ALL")  # someone else's reset of the session
        with pytest.raises(InvalidSqlStatementName):
            one_round_trip(conn, [query])
        assert one_round_trip(conn, [query]).fetchone() == (2,)


def test_a_statement_the_connection_has_prepared_already_is_taken_as_it_is(postgres_url):
    # A PREPARE is not undone by a rollback: one the server kept when this process lost track of it (its
    # round trip failed after the server ran it) is used, not prepared again (which fails).
    import checkpoints.postgres_turn as postgres_turn

    query = ("SELECT %s::int * 3", (2,))
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        assert postgres_turn.one_round_trip(conn, [query]).fetchone() == (6,)
        postgres_turn._PREPARED.pop(conn)  # lost track of it
        assert postgres_turn.one_round_trip(conn, [query]).fetchone() == (6,)


@pytest.mark.parametrize("text", ["O'Brien; DROP TABLE voice_calls; --", "100%s and %(name)s", "back\\slash \\x00ff",
                                  "Zoë 😀 \u00a0", "$1 $$ $tag$", "E'\\''"])
def test_a_callers_words_reach_the_record_as_they_were_said(service, text):
    # A turn's statements go as text, their parameters quoted on the client: what a caller says is data.
    call = new_call(service)
    assert service.post(f"/calls/{call}/turns", json={"text": text}).status_code == 200
    view = service.get(f"/calls/{call}").json()
    assert view["turns"][-1]["user"] == text and view["state"] in ("LISTEN", "ASK_DAY", "HANDOFF")
