"""Pruning an ended call's history: the final state stays, the rest goes, other calls are untouched.

The oracle for PostgreSQL is LangGraph's own ``prune(strategy="keep_latest")``: two identical calls, one
pruned by each, must be left with the same rows and the same state.
"""

import pytest

from agent import VoiceAgent
from checkpoints import keep_only_latest, make_checkpointer
from tests.throwaway_pg import ThrowawayPostgres
from voicekit.clinic import ClinicAPI

BOOKING = ["I'd like to book on Tuesday", "ten a m", "Jamie", "yes"]
# Offered times for two days: the first day's list becomes a stale blob that pruning must delete.
TWO_DAYS = ["Book me Tuesday at 3 am", "what about Wednesday", "ten a m", "Jamie", "yes"]


@pytest.fixture(scope="module")
def postgres_url():
    with ThrowawayPostgres() as url:
        yield url


def play(saver, thread_id: str, turns: list[str], clinic: str) -> VoiceAgent:
    agent = VoiceAgent(ClinicAPI(path=clinic), sleep=lambda s: None, thread_id=thread_id, checkpointer=saver)
    for text in turns:
        agent.handle(text)
    return agent


def postgres_rows(url: str, thread_id: str) -> dict[str, object]:
    """A call's rows: how many in each table, the blobs' channels, and the checkpoints that name a parent."""
    import psycopg

    with psycopg.connect(url) as db:
        rows: dict[str, object] = {
            table: db.execute(f"SELECT COUNT(*) FROM {table} WHERE thread_id = %s",  # noqa: S608 - fixed names
                              (thread_id,)).fetchone()[0]
            for table in ("checkpoints", "checkpoint_blobs", "checkpoint_writes")}
        rows["blob channels"] = sorted(c for (c,) in db.execute(
            "SELECT channel FROM checkpoint_blobs WHERE thread_id = %s", (thread_id,)))
        rows["with a parent"] = db.execute("SELECT COUNT(*) FROM checkpoints WHERE thread_id = %s "
                                           "AND parent_checkpoint_id IS NOT NULL", (thread_id,)).fetchone()[0]
    return rows


def final_view(saver, thread_id: str, clinic: str) -> tuple:
    agent = VoiceAgent(ClinicAPI(path=clinic), sleep=lambda s: None, thread_id=thread_id, checkpointer=saver,
                       continue_ended=True)
    return agent.state, agent.slots, agent.handoff


def test_postgres_pruning_leaves_what_langgraphs_own_prune_leaves(postgres_url, tmp_path):
    saver, clinic = make_checkpointer(postgres_url), str(tmp_path / "clinic.sqlite")
    for thread in ("ours-done", "theirs-done", "ours-waiting", "theirs-waiting", "untouched"):
        turns = TWO_DAYS if thread.endswith("done") else BOOKING[:2]
        play(saver, thread, turns, str(tmp_path / f"{thread}.sqlite"))
    before = {t: final_view(saver, t, clinic) for t in ("ours-done", "ours-waiting", "untouched")}
    untouched = postgres_rows(postgres_url, "untouched")
    unpruned = postgres_rows(postgres_url, "ours-done")
    assert untouched["checkpoints"] > 1 and unpruned["checkpoint_blobs"] > 3  # history, and stale blobs, to prune

    keep_only_latest(saver, ["ours-done", "ours-waiting"])
    saver.prune(["theirs-done", "theirs-waiting"], strategy="keep_latest")

    assert postgres_rows(postgres_url, "ours-done") == postgres_rows(postgres_url, "theirs-done")
    assert postgres_rows(postgres_url, "ours-waiting") == postgres_rows(postgres_url, "theirs-waiting")
    assert postgres_rows(postgres_url, "ours-done")["checkpoints"] == 1
    assert postgres_rows(postgres_url, "ours-done")["checkpoint_blobs"] < unpruned["checkpoint_blobs"]
    assert postgres_rows(postgres_url, "untouched") == untouched
    assert {t: final_view(saver, t, clinic) for t in before} == before
    assert before["ours-done"][0] == "DONE"
    # A pruned call that was still waiting goes on from where it was.
    api = ClinicAPI(path=str(tmp_path / "resumed.sqlite"))
    waiting = VoiceAgent(api, sleep=lambda s: None, thread_id="ours-waiting", checkpointer=saver)
    assert waiting.handle("Jamie")["state"] == "CONFIRM"
    assert waiting.handle("yes")["tool_calls"] == ["book"]
    assert [(b["day"], b["time"], b["name"]) for b in api.bookings] == [("tuesday", "10:00", "Jamie")]


def test_pruning_many_postgres_calls_at_once_and_again(postgres_url, tmp_path):
    saver, clinic = make_checkpointer(postgres_url), str(tmp_path / "clinic.sqlite")
    threads = [f"batch-{n}" for n in range(5)]
    for thread in threads:
        play(saver, thread, BOOKING, str(tmp_path / f"{thread}.sqlite"))
    keep_only_latest(saver, threads)
    once = {t: postgres_rows(postgres_url, t) for t in threads}
    keep_only_latest(saver, threads)  # a second prune of the same calls (two workers) changes nothing
    assert {t: postgres_rows(postgres_url, t) for t in threads} == once
    assert {rows["checkpoints"] for rows in once.values()} == {1}
    assert {final_view(saver, t, clinic)[0] for t in threads} == {"DONE"}


def test_sqlite_pruning_keeps_each_calls_final_state(tmp_path):
    import sqlite3

    path, clinic = str(tmp_path / "calls.sqlite"), str(tmp_path / "clinic.sqlite")
    saver = make_checkpointer(path)
    for thread in ("done-1", "done-2", "untouched"):
        play(saver, thread, BOOKING, str(tmp_path / f"{thread}.sqlite"))
    before = {t: final_view(saver, t, clinic) for t in ("done-1", "done-2", "untouched")}
    keep_only_latest(saver, ["done-1", "done-2"])
    with sqlite3.connect(path) as db:
        counts = dict(db.execute("SELECT thread_id, COUNT(*) FROM checkpoints GROUP BY thread_id").fetchall())
    assert counts["done-1"] == counts["done-2"] == 1 and counts["untouched"] > 1
    assert {t: final_view(saver, t, clinic) for t in before} == before


def test_pruning_takes_a_list_of_calls(tmp_path):
    with pytest.raises(TypeError, match=r"pass \['call-1'\]"):
        keep_only_latest(make_checkpointer(str(tmp_path / "calls.sqlite")), "call-1")
