"""A service turn on PostgreSQL: one connection, the lock's read serves the agent, the saves go with the record.

What must hold (``checkpoints.postgres_turn``, ``service.store.PostgresCallStore.locked``):
* a turn that cannot reach a write saves its checkpoint together with the turn's record: if the record
  cannot be saved, the call has not moved on either (before, the checkpoint was saved, the record lost);
* the answer to a read-back is saved before the clinic is asked to book (the write's door is unchanged);
* each step of that turn is saved in one round trip (its task's writes go with its checkpoint);
* a turn takes no connection from the checkpointer's pool: all goes over the lock's;
* inside a turn, a read sees what the turn saved (saves that wait are sent before any read).
"""

from __future__ import annotations

import threading

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg.rows import dict_row

from agent import VoiceAgent
from checkpoints import make_checkpointer
from checkpoints.postgres_turn import CallTurn, taking_part
from service.app import create_app
from service.settings import Settings
from tests.throwaway_pg import ThrowawayPostgres
from voicekit.clinic import ClinicAPI

BOOKING = ["I'd like to book an appointment", "tuesday", "ten a m", "Jamie", "yes"]


@pytest.fixture(scope="module")
def postgres_url():
    with ThrowawayPostgres() as url:
        yield url


@pytest.fixture
def service(postgres_url, tmp_path):
    app = create_app(Settings(database_url=postgres_url, clinic_db=str(tmp_path / "clinic.sqlite"),
                              sleep=lambda s: None))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def new_call(client: TestClient) -> str:
    return client.post("/calls", json={}).json()["call_id"]


def test_a_turn_whose_record_cannot_be_saved_leaves_the_call_where_it_was(service, postgres_url):
    call = new_call(service)
    assert service.post(f"/calls/{call}/turns", json={"text": BOOKING[0]}).json()["state"] == "ASK_DAY"
    with psycopg.connect(postgres_url, autocommit=True) as db:  # the turn's record refuses a caller saying "Tuesday"
        db.execute("CREATE OR REPLACE FUNCTION refuse_tuesday() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                   "IF NEW.turns::text LIKE '%tuesday%' THEN RAISE EXCEPTION 'record refused'; END IF; "
                   "RETURN NEW; END $$")
        db.execute("CREATE TRIGGER refuse_tuesday BEFORE UPDATE ON voice_calls FOR EACH ROW "
                   "EXECUTE FUNCTION refuse_tuesday()")
    try:
        assert service.post(f"/calls/{call}/turns", json={"text": "tuesday"}).status_code == 500
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as db:
            db.execute("DROP TRIGGER refuse_tuesday ON voice_calls")
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
        assert [service.post(f"/calls/{call}/turns", json={"text": text}).status_code for text in BOOKING] == [200] * 5
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
                # The call's fields are one channel (graph.stored), a dict: the saver keeps it as a blob.
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
            assert not (reply["state"] == "DONE" and turn.waiting), "the read-back's turn left a save waiting"
            with conn.pipeline(), conn.cursor() as cursor:  # the end of the turn, as the call store ends it
                turn.send_waiting(cursor)
    assert reply["state"] == "DONE" and seen_by_another_connection == [True]


def test_each_step_of_the_read_back_answer_is_one_round_trip(postgres_url, monkeypatch):
    # A step's task writes wait for its checkpoint and go to the server with it, not in a round trip alone.
    from checkpoints.postgres_turn import TurnSaver

    class CountedConnection:
        def __init__(self, conn):
            self.conn, self.round_trips = conn, 0

        def pipeline(self):
            self.round_trips += 1
            return self.conn.pipeline()

        def __getattr__(self, name):
            return getattr(self.conn, name)

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
            with conn.pipeline(), conn.cursor() as cursor:
                turn.send_waiting(cursor)
    assert reply["state"] == "DONE" and len(saved_steps) >= 3  # confirm, book, done: each step saved as it ends
    assert counted.round_trips == len(saved_steps)


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
    assert first["tool_calls"] == ["request_callback"] and again["tool_calls"] == []
    view = service.get(f"/calls/{call}").json()
    assert view["transfer"] is None and [t.get("line") for t in view["turns"][-2:]] == ["transfer unanswered"] * 2
